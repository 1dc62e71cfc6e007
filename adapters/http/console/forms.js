// A command's form, built from what GET /v1/rulesets/{id} says of it (each field's name,
// type, bounds, default and help): no ruleset's commands are written into the page. What
// the form sends is what the shell would: the server checks it, and its refusal is shown
// beside the field it names.

const CHARACTER_FIELDS = new Set([
  "character", "attacker", "target", "healer", "patient", "leader", "challenger",
  "defender", "other", "first", "second", "protected", "behind", "ours", "theirs",
]);

// The fields shown first; a command's others wait under "More" (a short form on a phone).
const PRIMARY = new Set([
  ...CHARACTER_FIELDS, "weapon", "skill", "trait", "ring", "expression", "tn", "raises", "void",
  "stance", "amount", "faces", "reason", "hidden", "text", "participant", "role", "player",
  "sheet", "count", "name", "kind", "action", "condition", "delta", "position", "minutes",
]);

const SUGGESTED = ["skill", "trait", "ring"];

let counter = 0;

function element(name, attributes = {}, ...children) {
  const made = document.createElement(name);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "text") made.textContent = value;
    else made.setAttribute(key, value === true ? "" : value);
  }
  made.append(...children);
  return made;
}

export { element };

// A field of a form: its label, then its input and what goes with it (help, an error).
export function labelled(id, text, ...children) {
  return element("div", { class: "field" }, element("label", { for: id, text }), ...children);
}

function label(field) {
  return field.name.replaceAll("_", " ");
}

// The value typed into a field, as JSON: numbers as numbers where they read as one (else
// the text itself, for the server to refuse and quote), lists split at commas.
function read(field, input) {
  if (field.type === "bool") return input.checked;
  const text = input.value.trim();
  if (text === "") return undefined;
  if (field.type === "int") return /^-?\d+$/.test(text) ? Number(text) : text;
  if (field.type === "vartuple" || field.type === "tuple") {
    return text.split(",").map((part) => {
      const item = part.trim();
      return /^-?\d+$/.test(item) ? Number(item) : item;
    });
  }
  if (field.type === "dict" || field.type === "struct") {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

// The field whose value a refusal quotes ("no skill 'Kenjutsux'"), when a rule, not the
// body's decoding, refused it: the message goes beside that field.
function quoted(detail, inputs) {
  for (const [name, { field, input }] of inputs) {
    if (field.type === "bool") continue;
    const value = input.value.trim();
    if (value && [`'${value}'`, `"${value}"`, `«${value}»`, `« ${value} »`].some((q) => detail.includes(q))) {
      return name;
    }
  }
  return null;
}

// command: one entry of the ruleset's commands; characters: the names a character field
// offers; gm: whether the hidden box is shown. Returns {form, values(), fault(problem), clear()}.
// suggestions: field name → the values offered as it is typed (the skills, traits and
// rings the session's sheets name); any other value may still be typed.
export function commandForm(command, { characters = [], suggestions = {}, gm = true, onInput = () => {} } = {}) {
  const id = `f${++counter}`;
  const form = element("form", { class: "command-form", "data-command": command.name, novalidate: true });
  const inputs = new Map();
  const errors = new Map();
  let touched = false;
  const fields = command.fields.filter((f) => gm || f.name !== "hidden");
  const ordered = [...fields.filter((f) => f.name !== "reason" && f.name !== "hidden"),
    ...fields.filter((f) => f.name === "reason" || f.name === "hidden")];
  if (command.dice !== "none") {
    ordered.push({ name: "faces", type: "str", required: false,
      help: "physical dice: the faces thrown at the table, die by die (6,7,10+3); empty: the server rolls" });
  }
  const more = element("details", { class: "more-fields" }, element("summary", { text: "More options" }));
  const names = element("datalist", { id: `${id}-characters` });
  for (const name of characters) names.append(element("option", { value: name }));
  form.append(names);
  for (const name of SUGGESTED) {  // filled as sheets join, whenever they do
    const values = suggestions[name] || [];
    form.append(element("datalist", { id: `${id}-${name}-values` }, ...values.map((value) => element("option", { value }))));
  }
  for (const field of ordered) {
    const inputId = `${id}-${field.name}`;
    const help = field.help ? element("small", { id: `${inputId}-help`, text: field.help }) : "";
    const error = element("span", { class: "field-error", id: `${inputId}-error`, role: "alert" });
    let input;
    if (field.type === "bool") {
      input = element("input", { type: "checkbox", id: inputId, name: field.name, checked: field.default === true });
    } else if (field.type === "literal") {
      input = element("select", { id: inputId, name: field.name });
      if (!field.required) input.append(element("option", { value: "", text: field.default != null ? `(${field.default})` : "—" }));
      for (const value of field.values) input.append(element("option", { value, text: value }));
    } else if (field.type === "dict" || field.type === "struct") {
      input = element("textarea", { id: inputId, name: field.name, rows: 4, placeholder: "JSON" });
    } else {
      input = element("input", {
        type: "text",
        id: inputId,
        name: field.name,
        inputmode: field.type === "int" ? "numeric" : undefined,
        list: CHARACTER_FIELDS.has(field.name) ? `${id}-characters` : SUGGESTED.includes(field.name) ? `${id}-${field.name}-values` : undefined,
        placeholder: field.default != null && field.default !== "" ? String(field.default) : "",
        maxlength: field.max_length,
        autocomplete: "off",
      });
    }
    input.setAttribute("aria-describedby", field.help ? `${inputId}-help ${inputId}-error` : `${inputId}-error`);
    if (field.required) input.setAttribute("aria-required", "true");
    input.addEventListener("input", () => {
      touched = true;
      onInput();
    });
    input.addEventListener("change", () => {
      touched = true;
      onInput();
    });
    inputs.set(field.name, { field, input });
    errors.set(field.name, error);
    const text = `${label(field)}${field.required ? " *" : ""}`;
    const row = element("div", { class: `field field-${field.type}` });
    if (field.type === "bool") {
      row.append(element("label", { for: inputId }, input, ` ${text}`), help, error);
    } else {
      row.append(element("label", { for: inputId, text }), input, help, error);
    }
    if (field.type === "dict") {
      const file = element("input", { type: "file", accept: ".json,application/json", "aria-label": `${label(field)} from a file` });
      file.addEventListener("change", async () => {
        if (file.files.length) {
          input.value = await file.files[0].text();
          onInput();
        }
      });
      row.append(file);
    }
    if (field.required || PRIMARY.has(field.name)) form.append(row);
    else more.append(row);
  }
  if (more.children.length > 1) form.append(more);
  const general = element("p", { class: "form-error", role: "alert" });
  form.append(general);

  return {
    form,
    inputs,
    get touched() {
      return touched;
    },
    values() {
      const body = { command: command.name };
      for (const [name, { field, input }] of inputs) {
        const value = read(field, input);
        if (value === undefined) continue;
        if (field.type === "bool" && value === (field.default === true)) continue;
        body[name] = value;
      }
      return body;
    },
    // The field and datalists offered as the session changes (a character joined).
    offer(names, values) {
      names.forEach((name, i) => {
        if (!characters.includes(name)) characters.splice(i, 0, name);
      });
      this._fill(form.querySelector(`#${id}-characters`), characters);
      for (const [name, list] of Object.entries(values)) this._fill(form.querySelector(`#${id}-${name}-values`), list);
    },
    _fill(list, values) {
      if (list) list.replaceChildren(...values.map((value) => element("option", { value })));
    },
    fault(problem) {
      this.clear();
      const name = errors.has(problem.field) ? problem.field : quoted(problem.message || "", inputs);
      const named = name && errors.get(name);
      const text = problem.message;
      if (named) {
        const folded = named.closest("details");
        if (folded) folded.open = true;
        named.textContent = text;
        inputs.get(name).input.setAttribute("aria-invalid", "true");
        inputs.get(name).input.focus();
      } else {
        general.textContent = text;
      }
    },
    clear() {
      general.textContent = "";
      for (const [name, error] of errors) {
        error.textContent = "";
        inputs.get(name).input.removeAttribute("aria-invalid");
      }
    },
  };
}
