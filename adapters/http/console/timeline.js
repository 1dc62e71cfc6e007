// The timeline: every event the holder may see, with who recorded it, when (in the
// browser's own time zone) and why; filters; one event opened whole (as `kiroku show`);
// for the GM, the corrections (retract, amend, reinstate, undo, reveal), each previewed
// with everything it changes downstream before it is made; a slider over positions; and
// a what-if forked at a position and shown beside the session.

import { ApiProblem } from "./api.js";
import { commandForm, element, labelled } from "./forms.js";
import { changedInputs } from "./logic.js";
import { tablePanels } from "./table.js";

export function timelinePanel(page) {
  const rows = new Map(); // position → {row, item}
  const retracted = new Map(); // position → the retraction's position
  const list = element("ol", { id: "events", class: "events", "aria-label": "events, oldest first" });
  const search = element("input", { id: "filter-text", type: "search", autocomplete: "off" });
  const type = element("select", { id: "filter-type" }, element("option", { value: "", text: "every type" }));
  const actor = element("select", { id: "filter-actor" }, element("option", { value: "", text: "everyone" }));
  const hideRetracted = element("input", { id: "filter-retracted", type: "checkbox" });
  const filters = element("div", { class: "filters" },
    labelled("filter-text", "Find", search),
    labelled("filter-type", "Type", type),
    labelled("filter-actor", "Who", actor),
    element("div", { class: "field" }, element("label", { for: "filter-retracted" }, hideRetracted, " hide what no longer counts")));
  const section = element("section", { id: "timeline", "aria-labelledby": "timeline-h" },
    element("h2", { id: "timeline-h", text: "Timeline" }), filters);
  const dialog = element("dialog", { id: "event-dialog", "aria-labelledby": "event-dialog-h" });
  document.body.querySelectorAll("#event-dialog").forEach((old) => old.remove());
  document.body.append(dialog);

  let slider = null;
  if (page.gm) {
    slider = element("input", { id: "as-of", type: "range", min: 0, max: 0, value: 0, step: 1 });
    const shownAt = element("output", { id: "as-of-value", for: "as-of" });
    const live = element("button", { type: "button", id: "as-of-live", text: "Back to the live table" });
    const undo = element("button", { type: "button", id: "undo", class: "danger", text: "Undo the latest ruling…" });
    section.append(element("div", { class: "as-of-bar" },
      element("label", { for: "as-of", text: "The table as of position" }), slider, shownAt, live), undo);
    let timer = null;
    slider.addEventListener("input", () => {
      shownAt.textContent = slider.value;
      clearTimeout(timer);
      const at = Number(slider.value);
      timer = setTimeout(() => page.showAt(at >= Number(slider.max) ? null : at), 150);
    });
    live.addEventListener("click", () => {
      slider.value = slider.max;
      shownAt.textContent = slider.max;
      page.showAt(null);
    });
    undo.addEventListener("click", () => correction("undo", null));
  }
  section.append(list);

  const seen = { types: new Set(), actors: new Set() };
  function note(set, select, value) {
    if (value && !set.has(value)) {
      set.add(value);
      select.append(element("option", { value, text: value }));
    }
  }

  function visible(entry) {
    const text = search.value.trim().toLowerCase();
    const { row } = entry;
    if (type.value && row.type !== type.value) return false;
    if (actor.value && row.actor !== actor.value) return false;
    if (hideRetracted.checked && retracted.has(row.position)) return false;
    if (text && !`${row.summary} ${row.reason || ""} ${row.actor}`.toLowerCase().includes(text)) return false;
    return true;
  }

  function refilter() {
    for (const entry of rows.values()) entry.item.hidden = !visible(entry);
  }
  for (const control of [search, type, actor, hideRetracted]) control.addEventListener("input", refilter);

  function mark(position) {
    const entry = rows.get(position);
    if (!entry) return;
    const by = retracted.get(position);
    entry.item.classList.toggle("retracted", by !== undefined);
    entry.state.textContent = by !== undefined ? ` (no longer counts: #${by})` : "";
    entry.item.hidden = !visible(entry);
  }

  function add(row) {
    if (rows.has(row.position)) return;
    const when = new Date(row.at);
    const open = element("button", { type: "button", class: "event-open", "aria-haspopup": "dialog",
      text: `#${row.position} ${row.summary}` });
    const state = element("span", { class: "event-state" });
    const item = element("li", { "data-position": row.position, "data-type": row.type, class: row.hidden ? "hidden-ruling" : undefined },
      open, state,
      row.hidden ? element("span", { class: "badge", text: " behind the screen" }) : "",
      element("span", { class: "revealed-mark" }),
      element("span", { class: "event-meta", text: ` — ${row.actor}, ${when.toLocaleTimeString()}${row.reason ? ` — “${row.reason}”` : ""}` }));
    open.addEventListener("click", () => openEvent(row.position));
    if (row.revealed && row.revealed.length) {  // a reveal, as players read it: what it shows
      item.append(element("ul", { class: "revealed", "aria-label": "what the GM revealed" },
        ...row.revealed.map((shown) => element("li", { text: shown.summary }))));
    }
    rows.set(row.position, { row, item, state, revealedAt: row.revealed_at ?? null });
    if (row.revealed_at) showRevealed(row.position, row.revealed_at);
    const atBottom = list.scrollTop + list.clientHeight >= list.scrollHeight - 4;
    list.append(item);
    if (atBottom) list.scrollTop = list.scrollHeight;  // the latest stays in sight
    note(seen.types, type, row.type);
    note(seen.actors, actor, row.actor);
    if (row.type === "EventRetracted") {
      retracted.set(row.event.position, row.position);
      mark(row.event.position);
    } else if (row.type === "RulingRevealed" && page.gm) {
      revealedRuling(row.event.position, row.position);
    } else if (row.type === "RulingsCorrected") {
      for (const position of row.event.reinstated || []) {
        retracted.delete(position);
        mark(position);
      }
    }
    mark(row.position);
    if (slider) {
      const atEnd = Number(slider.value) === Number(slider.max);
      slider.max = String(row.position);
      if (atEnd) slider.value = slider.max;
    }
  }

  function showRevealed(position, at) {
    const entry = rows.get(position);
    if (!entry) return;
    entry.revealedAt = at;
    entry.item.querySelector(".revealed-mark").textContent = ` revealed at #${at}`;
  }

  // The GM revealed the ruling that gave the event at ``position``: each of its events.
  async function revealedRuling(position, at) {
    try {
      const shown = await page.api.get(`${page.api.session(page.id)}/events/${position}`);
      const [first, last] = shown.command ? shown.command.positions : [position, position];
      for (let p = first; p <= last; p++) showRevealed(p, at);
    } catch {
      showRevealed(position, at);
    }
  }

  async function load() {
    let cursor = "0";
    for (;;) {
      const page_ = await page.api.get(`${page.api.session(page.id)}/events`, { after: cursor, limit: 1000 });
      page_.events.forEach(add);
      cursor = page_.next;
      if (!page_.events.length || page_.events[page_.events.length - 1].position >= page_.head) return cursor;
    }
  }

  // -- one event whole, and the GM's corrections of it --------------------------------

  async function openEvent(position) {
    let shown;
    try {
      shown = await page.api.get(`${page.api.session(page.id)}/events/${position}`);
    } catch (error) {
      page.status.textContent = error.message;
      return;
    }
    const close = element("button", { type: "button", class: "close", text: "Close" });
    const body = [element("h2", { id: "event-dialog-h", text: `Event #${position}: ${shown.summary || shown.type}` }),
      ...eventWhole(shown, page, openEvent)];
    if (page.gm) {
      const actions = element("div", { class: "actions" });
      const counts = !retracted.has(position);
      const hidden = Boolean(shown.command && shown.command.inputs && shown.command.inputs.hidden)
        && !(rows.get(position) && rows.get(position).revealedAt);
      for (const [kind, label] of [["retract", "Retract…"], ["amend", "Amend…"], ["reinstate", "Reinstate…"], ["reveal", "Reveal to the players"], ["fork", "Fork a what-if here…"]]) {
        if (kind === "retract" && !counts) continue;
        if (kind === "reinstate" && counts) continue;
        if (kind === "reveal" && !hidden) continue;
        if (kind === "amend" && !(shown.command && page.commands.concat(page.rules.core_commands).some((c) => c.name === shown.command.command))) continue;
        const button = element("button", { type: "button", "data-action": kind, class: kind === "retract" ? "danger" : undefined, text: label });
        button.addEventListener("click", () => (kind === "fork" ? fork(position) : kind === "reveal" ? reveal(position) : correction(kind, position, shown)));
        actions.append(button);
      }
      body.push(actions);
    }
    body.push(close);
    dialog.replaceChildren(...body);
    close.addEventListener("click", () => dialog.close());
    dialog.showModal();
    close.focus();
  }

  async function reveal(position) {
    try {
      await page.api.post(`${page.api.session(page.id)}/commands`, { command: "reveal", position });
      dialog.close();
    } catch (error) {
      dialog.querySelector(".actions").append(element("p", { class: "form-error", role: "alert", text: error.message }));
    }
  }

  // retract / amend / reinstate / undo: a reason, a preview of every change, then done.
  // shown: the event whole (for an amendment, the ruling's inputs as given).
  function correction(kind, position, shown = null) {
    const reason = element("input", { id: "correction-reason", autocomplete: "off", required: true });
    const reasonError = element("span", { class: "field-error", id: "correction-reason-error", role: "alert" });
    const changesError = element("span", { class: "field-error", id: "correction-changes-error", role: "alert" });
    const general = element("p", { class: "form-error", role: "alert" });
    const report = element("div", { id: "preview", "aria-live": "polite" });
    const previewButton = element("button", { type: "button", id: "correction-preview", text: "Preview" });
    const confirm = element("button", { type: "button", id: "correction-confirm",
      class: kind === "retract" || kind === "undo" ? "danger" : "primary", text: `Confirm: ${kind}`, disabled: true });
    const cancel = element("button", { type: "button", text: "Cancel" });
    const fields = [labelled("correction-reason", "Reason *", reason, reasonError)];
    // An amendment: the ruling's own form (the Act panel's generator), filled as it was
    // given; what is sent is what differs from that.
    let amended = null;
    let given = null;
    if (kind === "amend") {
      given = shown.command.inputs;
      const spec = page.commands.concat(page.rules.core_commands).find((c) => c.name === shown.command.command);
      amended = commandForm({ ...spec, fields: spec.fields.filter((f) => f.name !== "reason" && f.name !== "hidden") }, {
        characters: page.characters, choices: page.choices, suggestions: page.suggestions(), gm: true, given, faces: spec.dice !== "none",
        onInput: () => stale(),
      });
      amended.form.id = "correction-changes";
      amended.form.classList.add("amend-form");
      amended.form.addEventListener("submit", (event) => event.preventDefault());
      fields.push(element("fieldset", { class: "amend" },
        element("legend", { text: `${shown.command.command}, as given (change what the ruling should have been)` }),
        amended.form, changesError));
    }
    const title = kind === "undo" ? "Undo the latest ruling" : `${kind[0].toUpperCase()}${kind.slice(1)} the ruling of event #${position}`;
    const form = element("form", { class: "correction-form" }, ...fields, general, previewButton);
    form.addEventListener("submit", (event) => {  // Enter previews; only the button confirms
      event.preventDefault();
      previewButton.click();
    });
    dialog.replaceChildren(element("h2", { id: "event-dialog-h", text: title }), form, report, confirm, cancel);
    if (!dialog.open) dialog.showModal();
    reason.focus();
    const body = () => {
      const made = { reason: reason.value.trim() };
      if (position !== null) made.position = position;
      if (kind === "amend") {
        const now = amended.inputsNow();
        const faces = now.faces;
        delete now.faces;
        made.changes = changedInputs(given, now);
        if (faces) made.faces = faces;
      }
      return made;
    };
    const fault = (error) => {
      for (const span of [reasonError, changesError]) span.textContent = "";
      general.textContent = "";
      if (amended) amended.clear();
      const field = error instanceof ApiProblem ? error.field : error.field || null;  // or the page's own
      if (field === "reason") reasonError.textContent = error.message;
      // an amendment's other inputs are refused by the ruling's own fields: its changes
      else if (kind === "amend" && (field || error.status === 400 || error.status === 422)) {
        amended.fault(error);
        if (!amended.form.querySelector("[aria-invalid=true]")) changesError.textContent = error.message;
      }
      else general.textContent = error.message;
    };
    let previewed = null;
    const path = `${page.api.session(page.id)}/${kind}`;
    const stale = () => {  // an edit after the preview: preview again before confirming
      previewed = null;
      confirm.disabled = true;
    };
    reason.addEventListener("input", stale);
    previewButton.addEventListener("click", async () => {
      confirm.disabled = true;
      try {
        const problem = amended && amended.problem();  // what the page can tell first
        if (problem) throw problem;
        const made = body();
        const found = await page.api.post(path, made, { dry_run: "true" });
        fault({ message: "" });
        previewed = { body: made, version: found.version };
        report.replaceChildren(...previewReport(found));
        confirm.disabled = false;
        confirm.focus();
      } catch (error) {
        report.replaceChildren();
        fault(error);
      }
    });
    confirm.addEventListener("click", async () => {
      if (!previewed) return;
      try {
        // made only on the session the preview saw: anything recorded since is a 409
        await page.api.call("POST", path, { body: previewed.body, headers: { "If-Match": String(previewed.version) } });
        dialog.close();
        page.refresh();
      } catch (error) {
        stale();
        fault(error.status === 409
          ? { message: "The session moved on since this preview (something was recorded): preview again." }
          : error);
      }
    });
    cancel.addEventListener("click", () => dialog.close());
  }

  function fork(position) {
    const id = element("input", { id: "fork-id", autocomplete: "off", value: `${page.id}-whatif-${position}` });
    const reason = element("input", { id: "fork-reason", autocomplete: "off" });
    const error = element("p", { class: "form-error", role: "alert" });
    const go = element("button", { type: "button", id: "fork-go", text: "Fork" });
    const cancel = element("button", { type: "button", text: "Cancel" });
    const form = element("form", { class: "fork-form" },
      labelled("fork-id", "New session's id *", id),
      labelled("fork-reason", "Reason *", reason),
      error, go);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      go.click();
    });
    dialog.replaceChildren(element("h2", { id: "event-dialog-h", text: `A what-if from position ${position}` }), form, cancel);
    reason.focus();
    go.addEventListener("click", async () => {
      try {
        const made = await page.api.post(`${page.api.session(page.id)}/fork`, { id: id.value.trim(), at: position, reason: reason.value.trim() });
        page.apiFor(made.session, made.token);  // a GM's own token for the fork, if given one
        dialog.close();
        compare(made.session);
      } catch (problem) {
        error.textContent = problem.message;
      }
    });
    cancel.addEventListener("click", () => dialog.close());
  }

  // The fork beside the session, each as it stands now.
  async function compare(forked) {
    const holder = document.getElementById("compare") || element("section", { id: "compare", "aria-labelledby": "compare-h" });
    const again = element("button", { type: "button", id: "compare-again", text: "Compare again" });
    if (!holder.isConnected) section.after(holder);
    let ours;
    let theirs;
    try {
      [ours, theirs] = await Promise.all([page.api.get(page.api.session(page.id)), page.apiFor(forked).get(page.api.session(forked))]);
    } catch (error) {
      holder.replaceChildren(element("h2", { id: "compare-h", text: `What-if: ${forked}` }),
        element("p", { class: "form-error", role: "alert", text: error.message }), again);
      again.addEventListener("click", () => compare(forked));
      return;
    }
    holder.replaceChildren(element("h2", { id: "compare-h", text: `What-if: ${forked} beside ${page.id}` }),
      element("p", {}, element("a", { href: `#/s/${encodeURIComponent(forked)}`, text: `Open ${forked}` }), " ", again),
      element("div", { class: "side-by-side" },
        element("div", { class: "side", "data-session": page.id }, element("h3", { text: page.id }), ...tablePanels(ours, { ids: false })),
        element("div", { class: "side", "data-session": forked }, element("h3", { text: forked }), ...tablePanels(theirs, { ids: false }))));
    again.addEventListener("click", () => compare(forked));
  }

  return { section, load, add };
}

// One event whole, read as `kiroku show` prints it (GET …/events/N): who recorded it and
// when, whether it still counts, what it follows from, its fields, its dice die by die
// (faces, explosions, the kept ones) with the chance they had, the roll explained (parts,
// TN and where it comes from), the command that gave it with its inputs and dice, and
// what used it as the records of the rulings since name it (GET …/events/N's `used_by`:
// nothing decided again); the GM asks, with a button, what its retraction would change.
function eventWhole(shown, page, open) {
  const parts = [];
  const at = new Date(shown.at);
  parts.push(element("p", { class: "event-meta", text: `recorded by ${shown.actor} at ${at.toLocaleString()}` }));
  if (shown.reason) parts.push(element("p", { text: `reason: ${shown.reason}` }));
  parts.push(element("p", { class: shown.retracted ? "no-longer" : "counts", id: "event-counts",
    text: shown.retracted ? `retracted by event ${shown.retracted_by}${shown.retraction_reason ? `: ${shown.retraction_reason}` : ""}` : "still counts" }));
  if (shown.revised_by) parts.push(element("p", { text: `revised: its ruling's revision begins at event ${shown.revised_by}` }));
  if (shown.revises) parts.push(element("p", { text: `a revision: it stands in for the ruling at ${shown.revises}` }));
  const links = (shown.follows || []).map((link) => {
    const go = element("button", { type: "button", class: "link", text: `event ${link.follows}` });
    go.addEventListener("click", () => open(link.follows));
    return element("li", {}, "follows from ", go, `, ${link.why}: ${link.summary}`);
  });
  if (links.length) parts.push(element("ul", { class: "follows", "aria-label": "what it follows from" }, ...links));
  const event = shown.event || {};
  const explained = (shown.explanation || []).length ? ["roll", "parts"] : [];
  const skip = new Set(["type", "actor", "at", "reason", "schema_version", ...explained]);
  const rows = Object.entries(event).filter(([name]) => !skip.has(name)).map(([name, value]) =>
    [element("dt", { text: name.replaceAll("_", " ") }), element("dd", { text: plain(value) })]).flat();
  parts.push(element("h3", { text: shown.type }), element("dl", { class: "event-fields" }, ...rows));
  const roll = event.roll;
  if (roll && roll.family === "roll_keep" && Array.isArray(roll.dice)) {
    const kept = new Set(roll.kept_dice || []);
    const dice = roll.dice.map(([faces, rerolled], i) => element("li", {
      class: `die${kept.has(i) ? " kept" : ""}${faces.length > 1 ? " exploded" : ""}`,
      "aria-label": `die ${i + 1}: ${faces.join(" + ")}${faces.length > 1 ? " (exploded)" : ""}${rerolled ? " (a 1 rerolled)" : ""}${kept.has(i) ? ", kept" : ", dropped"}`,
      text: `${rerolled ? "1→" : ""}${faces.join("+")}`,
    }));
    const odds = element("p", { class: "odds", id: "event-odds" });
    parts.push(element("figure", { class: "roll", id: "event-dice" },
      element("figcaption", { text: `${roll.expression}: ${roll.rolled} rolled, ${roll.kept} kept` }),
      element("ol", { class: "dice", "aria-label": "the dice, kept ones marked" }, ...dice), odds));
    const tn = roll.tn === null ? null : roll.tn + 5 * ((roll.raises || 0) - (roll.free_raises || 0));
    if (tn !== null) {  // the chance it had, as `kiroku odds` gives it
      const query = { expression: roll.expression, tn };
      if (roll.unskilled) query.unskilled = "true";
      if (roll.emphasis) query.emphasis = "true";
      page.api.get(`${page.api.session(page.id)}/odds`, query).then((found) => {
        if (typeof found.probability === "number") {
          odds.textContent = `chance before the roll: ${(found.probability * 100).toFixed(1)}% (${roll.expression} vs TN ${tn})`;
        }
      }, () => {});
    }
  }
  if ((shown.explanation || []).length) {
    parts.push(element("ul", { class: "explanation", id: "event-explanation", "aria-label": "the roll explained" },
      ...shown.explanation.map((line) => element("li", { text: line }))));
  }
  const command = shown.command;
  if (command) {
    const [first, last] = Array.isArray(command.positions) ? command.positions
      : [command.first, command.first + (command.count || 1) - 1];
    const span = last > first ? `events ${first}–${last}` : `event ${first}`;
    const inputs = Object.entries(command.inputs || {}).filter(([, v]) => !(v === null || v === false || v === 0 || v === "" || (Array.isArray(v) && !v.length)))
      .map(([name, v]) => `${name.replaceAll("_", " ")}: ${plain(v)}`);
    const used = (command.used || []).map((u) => (Array.isArray(u) ? `event ${u[0]} used event ${u[1]}` : plain(u)));
    parts.push(element("div", { class: "event-command", id: "event-command" },
      element("p", { text: `command: ${command.command} (${command.kind}), which gave ${span}, given by ${command.actor} at ${new Date(command.at).toLocaleString()}` }),
      element("ul", {}, element("li", { text: `inputs: ${inputs.length ? inputs.join("; ") : "(none)"}` }),
        command.drawn && command.drawn.length ? element("li", { text: `dice drawn: ${command.drawn.join(", ")}` }) : "",
        command.given && command.given.length ? element("li", { text: `faces given: ${facesText(command.given)}` }) : "",
        used.length ? element("li", { text: `what it used: ${used.join("; ")}` }) : "")));
  } else {
    parts.push(element("p", { text: "command: none recorded (an opening, a fork, or a session older than the records)" }));
  }
  if (!shown.retracted) {  // what used it: as the records of the rulings since name it
    const users = (shown.used_by || []).map((user) => {
      const go = element("button", { type: "button", class: "link", text: `event ${user.event}` });
      go.addEventListener("click", () => open(user.event));
      const given = user.bound ? "given for it (its retraction would drop it)" : "used it";
      return element("li", {}, go, ` ${user.command}, ${given}: ${user.summary}`);
    });
    const unrecorded = shown.used_by_unrecorded || 0;
    const used = element("div", { class: "event-used-by", id: "event-used-by" },
      element("p", { text: users.length ? "what used its ruling, as each later ruling's record says:" : "what used its ruling: no later ruling's record names it" }),
      users.length ? element("ul", { "aria-label": "what used it" }, ...users) : "",
      unrecorded ? element("p", { class: "hint", text: `${unrecorded} later ruling${unrecorded === 1 ? "" : "s"} recorded nothing of what ${unrecorded === 1 ? "it" : "they"} used (made before rulings did)` }) : "");
    parts.push(used);
    if (page.gm && command) {  // the whole of it, on asking: the retraction decided again, nothing recorded
      const outcome = element("div", { id: "event-retraction-outcome", "aria-live": "polite" });
      const ask = element("button", { type: "button", id: "event-what-if-retracted", text: "What would its retraction change?" });
      ask.addEventListener("click", async () => {
        ask.disabled = true;
        outcome.replaceChildren(element("p", { class: "hint", text: "deciding every later ruling again without it…" }));
        try {
          const found = await page.api.post(`${page.api.session(page.id)}/retract`, { position: shown.position, reason: "what would its retraction change" }, { dry_run: "true" });
          const lines = [...(found.revised || []).map((r) => `decided again without it: ${r.command} (${r.before.join("; ")})`),
            ...(found.dropped || []).map((d) => `dropped without it: ${d.command} — ${d.why}`)];
          outcome.replaceChildren(element("p", { text: lines.length ? "its retraction would change:" : "its retraction would change no later ruling" }),
            lines.length ? element("ul", {}, ...lines.map((text) => element("li", { text }))) : "");
        } catch (error) {
          outcome.replaceChildren(element("p", { class: "form-error", role: "alert", text: error.message }));
        } finally {
          ask.disabled = false;
        }
      });
      used.append(ask, outcome);
    }
  }
  parts.push(element("details", { class: "event-json" }, element("summary", { text: "As the API gives it (JSON)" }),
    element("pre", { class: "event-whole", tabindex: "0" }, JSON.stringify(shown, null, 2))));
  return parts;
}

// Faces given at the table, as they are typed (`--faces 1r5,9,10+3`) where they are
// roll & keep dice ([faces, a 1 rerolled]); as recorded otherwise.
function facesText(given) {
  const dice = given.every((d) => Array.isArray(d) && Array.isArray(d[0]));
  return dice ? given.map(([faces, rerolled]) => `${rerolled ? "1r" : ""}${faces.join("+")}`).join(",") : plain(given);
}

function plain(value) {
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (value === null || value === undefined) return "-";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

function previewReport(found) {
  const lines = (items) => element("ul", {}, ...items.map((text) => element("li", { text })));
  const ruling = found.ruling;
  const span = ruling ? (ruling.first === ruling.last ? `event #${ruling.first}` : `events #${ruling.first}–#${ruling.last}`) : "";
  const count = found.events.length;
  const parts = [ruling ? element("p", { class: "ruling", text: `The ruling: ${ruling.command}, ${span}` }) : "",
    element("h3", { text: `It would record ${count} event${count === 1 ? "" : "s"}` }),
    lines(found.events.map((e) => `#${e.position} ${e.summary}`))];
  for (const revised of found.revised || []) {
    parts.push(element("h3", { text: `Decided again: ${revised.command}` }),
      element("div", { class: "before-after" }, element("div", {}, element("h4", { text: "before" }), lines(revised.before)),
        element("div", {}, element("h4", { text: "after" }), lines(revised.after))));
  }
  for (const dropped of found.dropped || []) {
    parts.push(element("h3", { text: `Dropped: ${dropped.command} — ${dropped.why}` }), lines(dropped.events));
  }
  const changes = found.changes || [];
  parts.push(element("h3", { text: `What changes on the table (${changes.length})` }),
    element("ul", { id: "preview-changes" }, ...changes.map((c) => element("li", { text: `${c.path.join(" › ")}: ${JSON.stringify(c.before)} → ${JSON.stringify(c.after)}` }))));
  return parts;
}
