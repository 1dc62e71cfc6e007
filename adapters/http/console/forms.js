// A command's form, built from what GET /v1/rulesets/{id} says of it (each field's name,
// type, bounds, default, help and, for a closed set, its values): no ruleset's commands
// are written into the page. A closed set is a choice (a <select>, a checkbox, a group of
// checkboxes), and what a sheet names (GET …/choices: the acting character's weapons,
// skills, traits…) is offered as one too, with "other…" to type what it does not list.
// What the form sends is what the shell would: the server checks it, and its refusal is
// shown beside the field it names. The Act panel and the amendments build theirs here.

import { facesProblem, namedItem, namedItems } from "./logic.js";

const CHARACTER_FIELDS = new Set([
  "character", "attacker", "target", "healer", "patient", "leader", "challenger",
  "defender", "other", "first", "second", "protected", "behind", "ours", "theirs",
  "winner", "loser", "replacing", "by",
]);

// The fields that name who acts: the sheet choices of the other fields are theirs.
const ACTING = ["character", "attacker", "healer", "leader"];

// Field → the sheet's key whose names it takes (GET …/choices), and whose sheet: a
// `first_skill` is the first's skill.
const SHEET_KEYS = { weapon: "weapons", skill: "skills", trait: "traits", ring: "rings", spell: "spells",
  arrow: "arrows", technique: "techniques", item: "items" };

function sheetKey(name) {
  const found = /^(first|second)_(\w+)$/.exec(name);
  if (found && SHEET_KEYS[found[2]]) return { owner: found[1], key: SHEET_KEYS[found[2]] };
  return SHEET_KEYS[name] ? { owner: null, key: SHEET_KEYS[name] } : null;
}

// The fields shown first; a command's others wait under "More" (a short form on a phone).
const PRIMARY = new Set([
  ...CHARACTER_FIELDS, "weapon", "skill", "trait", "ring", "expression", "tn", "raises", "void",
  "stance", "amount", "faces", "reason", "hidden", "text", "participant", "role", "player",
  "sheet", "count", "name", "kind", "action", "actions", "condition", "delta", "position", "minutes",
  "manoeuvres",
]);

const OTHER = "\u2026other";

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

function number(text) {
  return /^-?\d+$/.test(text) ? Number(text) : text;
}

// The value typed into a text field, as JSON: numbers as numbers where they read as one
// (else the text itself, for the server to refuse and quote), lists split at commas.
function readText(field, text) {
  if (text === "") return undefined;
  if (field.type === "int") return number(text);
  if (field.type === "vartuple" || field.type === "tuple") return text.split(",").map((part) => number(part.trim()));
  if (field.type === "dict" || field.type === "struct") {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function shownValue(value) {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.join(",");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

// One field's control: {input (what a refusal marks and focuses), row, read(), set(v), text()}.
function control(field, inputId, describedBy, onInput) {
  const values = Array.isArray(field.values) ? field.values : null;
  const changed = () => onInput(field.name);
  if (field.type === "bool") {
    const input = element("input", { type: "checkbox", id: inputId, name: field.name, checked: field.default === true });
    input.addEventListener("change", changed);
    return { input, read: () => input.checked, set: (v) => { input.checked = Boolean(v); }, text: () => "" };
  }
  if (values && field.type === "vartuple") {  // each item one of a closed set: a box each
    // and, for a named item that takes an argument (`called_shot:head`), its argument beside
    // its box: a choice of its values, or a whole number within its bounds
    const takes = field.arguments || {};
    const boxes = values.map((value) => element("input", { type: "checkbox", value, id: `${inputId}-${value}` }));
    const extras = new Map();
    for (const box of boxes) {
      const argument = takes[box.value];
      if (!argument) continue;
      const said = box.value.replaceAll("_", " ");
      const id = `${box.id}-argument`;
      const extra = Array.isArray(argument.values)
        ? element("select", { id, "data-argument": box.value, "aria-label": `${said}: which` },
          element("option", { value: "", text: argument.default != null ? `(default: ${argument.default})` : "— which? —" }),
          ...argument.values.map((v) => element("option", { value: v, text: String(v).replaceAll("_", " ") })))
        : element("input", { type: "number", id, "data-argument": box.value, min: argument.minimum, max: argument.maximum,
          step: 1, inputmode: "numeric", placeholder: argument.default ?? "",
          "aria-label": `${said}: how many (${argument.minimum} to ${argument.maximum})` });
      extra.addEventListener(extra.tagName === "SELECT" ? "change" : "input", () => {
        if (extra.value !== "") box.checked = true;  // a part aimed at, or raises: declared
        changed();
      });
      box.addEventListener("change", () => { if (box.checked && extra.value === "") extra.focus(); });
      extras.set(box.value, extra);
    }
    const input = element("fieldset", { id: inputId, name: field.name, class: "choices", "aria-describedby": describedBy },
      element("legend", { text: `${label(field)}${field.required ? " *" : ""}` }),
      ...boxes.map((box) => element("span", { class: "choice" },
        element("label", { for: box.id }, box, ` ${box.value.replaceAll("_", " ")}`), extras.get(box.value) || "")));
    boxes.forEach((box) => box.addEventListener("change", changed));
    const picked = () => Object.fromEntries(boxes.filter((b) => b.checked)
      .map((b) => [b.value, extras.has(b.value) ? extras.get(b.value).value.trim() : ""]));
    return {
      input, group: true,
      read: () => {
        const checked = namedItems(values, picked());
        return checked.length ? checked : undefined;
      },
      set: (v) => {
        const given = new Map((Array.isArray(v) ? v : []).map(namedItem).map((item) => [item.name, item.argument]));
        for (const box of boxes) {
          box.checked = given.has(box.value);
          if (extras.has(box.value)) extras.get(box.value).value = given.get(box.value) || "";
        }
      },
      // What the rules would refuse of an argument chosen here, in their words: a
      // number out of its bounds, a choice left empty where the rules take no default.
      problem: () => {
        for (const [name, argument] of Object.entries(picked())) {
          const bounds = takes[name];
          if (!bounds) continue;
          const said = name.replaceAll("_", " ");
          if (Array.isArray(bounds.values) && argument === "" && bounds.default == null) {
            return `${said} '': choose from ${bounds.values.join(", ")}`;
          }
          const whole = /^[0-9]{1,4}$/.test(argument);
          if (bounds.minimum !== undefined && argument !== ""
            && (!whole || Number(argument) < bounds.minimum || Number(argument) > bounds.maximum)) {
            return `${said} '${argument}' is not a whole number from ${bounds.minimum} to ${bounds.maximum}`;
          }
        }
        return null;
      },
      text: () => "",
    };
  }
  if (values) {  // a literal, or a set the rules check: one of them
    const input = element("select", { id: inputId, name: field.name });
    if (!field.required) input.append(element("option", { value: "", text: field.default != null ? `(default: ${field.default})` : "—" }));
    for (const value of values) input.append(element("option", { value, text: String(value).replaceAll("_", " ") }));
    input.addEventListener("change", changed);
    return { input, read: () => (input.value === "" ? undefined : input.value), set: (v) => { input.value = v ?? ""; }, text: () => input.value };
  }
  if (field.type === "dict" || field.type === "struct") {
    const input = element("textarea", { id: inputId, name: field.name, rows: 4, placeholder: "JSON" });
    input.addEventListener("input", changed);
    return { input, read: () => readText(field, input.value.trim()), set: (v) => { input.value = shownValue(v); }, text: () => input.value.trim() };
  }
  const text = element("input", {
    type: "text", id: inputId, name: field.name,
    inputmode: field.type === "int" ? "numeric" : undefined,
    placeholder: field.default != null && field.default !== "" && !Array.isArray(field.default) ? String(field.default) : "",
    maxlength: field.max_length, autocomplete: "off",
  });
  text.addEventListener("input", changed);
  return { input: text, read: () => readText(field, text.value.trim()), set: (v) => { text.value = shownValue(v); }, text: () => text.value.trim() };
}

// A field whose value is one of a list the page knows (a character, a weapon of the
// sheet): a <select>, with "other…" to type another where the list may not hold it.
function choiceControl(field, inputId, onInput, { other = true } = {}) {
  const select = element("select", { id: inputId, name: field.name });
  const typed = element("input", { type: "text", id: `${inputId}-other`, autocomplete: "off", hidden: true,
    "aria-label": `${label(field)}: another`, maxlength: field.max_length });
  let offered = [];
  const fill = (values) => {
    const keep = select.value === OTHER ? OTHER : select.value;
    offered = values;
    const blank = field.required ? "— choose —" : field.default != null ? `(default: ${field.default})` : "—";
    select.replaceChildren(element("option", { value: "", text: blank }),
      ...values.map((value) => element("option", { value, text: value })),
      ...(other ? [element("option", { value: OTHER, text: "other…" })] : []));
    select.value = keep && (values.includes(keep) || keep === OTHER) ? keep : "";
    typed.hidden = select.value !== OTHER;
  };
  fill([]);
  select.addEventListener("change", () => {
    typed.hidden = select.value !== OTHER;
    if (!typed.hidden) typed.focus();
    onInput(field.name);
  });
  typed.addEventListener("input", () => onInput(field.name));
  const value = () => (select.value === OTHER ? typed.value.trim() : select.value);
  return {
    input: select, extra: typed, fill,
    read: () => readText(field, value()),
    set: (v) => {
      const shown = shownValue(v);
      if (shown === "" || offered.includes(shown)) {
        select.value = shown;
        typed.hidden = true;
      } else if (other) {
        select.value = OTHER;
        typed.value = shown;
        typed.hidden = false;
      }
    },
    text: value,
  };
}

// The field whose value a refusal quotes ("no skill 'Kenjutsux'"), when a rule, not the
// body's decoding, refused it: the message goes beside that field.
function quoted(detail, inputs) {
  for (const [name, entry] of inputs) {
    if (entry.field.type === "bool" || entry.group) continue;
    const value = entry.text();
    if (value && [`'${value}'`, `"${value}"`, `«${value}»`, `« ${value} »`].some((q) => detail.includes(q))) {
      return name;
    }
  }
  return null;
}

// command: one entry of the ruleset's commands; characters: the names a character field
// offers; choices: character → the sheet's key → names (GET …/choices), for the sheet's
// fields; suggestions: field → values offered whoever acts (the rings the views name);
// gm: whether the hidden box is shown; given: the inputs to start from (an amendment's
// ruling as given). Returns {form, inputs, values(), offer(), fault(problem), clear()}.
export function commandForm(command, {
  characters = [], choices = {}, suggestions = {}, gm = true, onInput = () => {}, given = null, faces = true,
} = {}) {
  const id = `f${++counter}`;
  const form = element("form", { class: "command-form", "data-command": command.name, novalidate: true });
  const inputs = new Map();
  const errors = new Map();
  let touched = false;
  let known = { characters: [...characters], choices, suggestions };
  const fields = command.fields.filter((f) => gm || f.name !== "hidden");
  const ordered = [...fields.filter((f) => f.name !== "reason" && f.name !== "hidden"),
    ...fields.filter((f) => f.name === "reason" || f.name === "hidden")];
  if (faces && command.dice !== "none" && !fields.some((f) => f.name === "faces")) {
    // typed as the command's dice family types them (GET /v1/rulesets/{id}: `family`,
    // `faces`), and checked as the server reads them before anything is sent
    ordered.push({ name: "faces", type: "str", required: false, max_length: 200, family: command.family,
      help: `physical dice: ${command.faces || "the faces thrown at the table"}; empty: the server rolls` });
  }
  const more = element("details", { class: "more-fields" }, element("summary", { text: "More options" }));
  const acting = () => {
    for (const name of ACTING) {
      const entry = inputs.get(name);
      if (entry && entry.text()) return entry.text();
    }
    return "";
  };
  // The names a sheet field offers: the owner's sheet's (or every sheet's, while no one
  // is named), and the values the views name for it.
  const sheetValues = (name) => {
    const { owner, key } = sheetKey(name);
    const who = owner ? (inputs.get(owner) ? inputs.get(owner).text() : "") : acting();
    const sheets = who && known.choices[who] ? [known.choices[who]] : Object.values(known.choices);
    const found = new Set(sheets.flatMap((sheet) => sheet[key] || []));
    if (!found.size) (known.suggestions[name.replace(/^(first|second)_/, "")] || []).forEach((v) => found.add(v));
    return [...found];
  };
  const refill = () => {
    for (const [name, entry] of inputs) {
      if (!entry.fill) continue;
      entry.fill(CHARACTER_FIELDS.has(name) ? known.characters : sheetValues(name));
    }
  };
  // What the page can tell is wrong before asking the server, which stays the judge:
  // faces that do not read as the dice family types them, an argument out of its bounds.
  const problemOf = (name) => {
    const entry = inputs.get(name);
    if (!entry) return null;
    if (entry.field.family && entry.text()) return facesProblem(entry.field.family, entry.text());
    return entry.problem ? entry.problem() : null;
  };
  const changed = (name) => {
    touched = true;
    if (ACTING.includes(name) || name === "first" || name === "second") refill();
    if (errors.has(name)) {  // said as it is typed, and unsaid once mended
      const problem = problemOf(name);
      errors.get(name).textContent = problem || "";
      if (problem) inputs.get(name).input.setAttribute("aria-invalid", "true");
      else inputs.get(name).input.removeAttribute("aria-invalid");
    }
    onInput(name);
  };
  for (const field of ordered) {
    const inputId = `${id}-${field.name}`;
    const describedBy = field.help ? `${inputId}-help ${inputId}-error` : `${inputId}-error`;
    const help = field.help ? element("small", { id: `${inputId}-help`, text: field.help }) : "";
    const error = element("span", { class: "field-error", id: `${inputId}-error`, role: "alert" });
    const closed = field.type === "str" && !field.values;
    const entry = closed && CHARACTER_FIELDS.has(field.name) ? choiceControl(field, inputId, changed, { other: false })
      : closed && sheetKey(field.name) ? choiceControl(field, inputId, changed)
        : control(field, inputId, describedBy, changed);
    entry.field = field;
    const input = entry.input;
    if (!entry.group) input.setAttribute("aria-describedby", describedBy);
    if (field.required) input.setAttribute("aria-required", "true");
    inputs.set(field.name, entry);
    errors.set(field.name, error);
    const text = `${label(field)}${field.required ? " *" : ""}`;
    const row = element("div", { class: `field field-${field.type}`, "data-field": field.name });
    if (field.type === "bool") {
      row.append(element("label", { for: inputId }, input, ` ${text}`), help, error);
    } else if (entry.group) {
      row.append(input, help, error);
    } else {
      row.append(element("label", { for: inputId, text }), input, entry.extra || "", help, error);
    }
    if (field.type === "dict") {
      const file = element("input", { type: "file", accept: ".json,application/json", "aria-label": `${label(field)} from a file` });
      file.addEventListener("change", async () => {
        if (file.files.length) {
          input.value = await file.files[0].text();
          changed(field.name);
        }
      });
      row.append(file);
    }
    if (field.required || PRIMARY.has(field.name) || (given && given[field.name] !== undefined
      && JSON.stringify(given[field.name]) !== JSON.stringify(field.default ?? null))) form.append(row);
    else more.append(row);
  }
  if (more.children.length > 1) form.append(more);
  const general = element("p", { class: "form-error", role: "alert" });
  form.append(general);
  refill();
  if (given) {  // the ruling's inputs: who acts first, so their sheet's choices are offered
    for (const name of [...ACTING, "first", "second"]) if (inputs.has(name) && name in given) inputs.get(name).set(given[name]);
    refill();
    for (const [name, entry] of inputs) if (name in given) entry.set(given[name]);
  }

  return {
    form,
    inputs,
    get touched() {
      return touched;
    },
    // The first thing the page can tell is wrong ({field, message}: faces that do not
    // read, an argument out of its bounds), for the form to show instead of sending it;
    // null when there is none (the server judges the rest).
    problem() {
      for (const name of inputs.keys()) {
        const message = problemOf(name);
        if (message) return { field: name, message };
      }
      return null;
    },
    // Each field's value as the body takes it (a box left as its default is left out).
    values() {
      const body = { command: command.name };
      for (const [name, entry] of inputs) {
        const value = entry.read();
        if (value === undefined) continue;
        if (entry.field.type === "bool" && value === (entry.field.default === true) && !given) continue;
        body[name] = value;
      }
      return body;
    },
    // Every field's value, those left empty as null: what an amendment compares.
    inputsNow() {
      const now = {};
      for (const [name, entry] of inputs) {
        const value = entry.read();
        now[name] = value === undefined ? (entry.group ? [] : null) : value;
      }
      return now;
    },
    set(name, value) {
      const entry = inputs.get(name);
      if (!entry) return;
      entry.set(value);
      if (ACTING.includes(name)) refill();
    },
    // The choices offered as the session changes (a character joined, a sheet read).
    offer(names, sheets, values) {
      known = { characters: [...names], choices: sheets || known.choices, suggestions: values || known.suggestions };
      refill();
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
        const { input } = inputs.get(name);
        input.setAttribute("aria-invalid", "true");
        input.focus();
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
