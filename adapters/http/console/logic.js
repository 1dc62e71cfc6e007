// The console's pure parts: what the table shows, worked out from the views the server
// folds, and where the live stream resumes — no page, no network, so that node's test
// runner checks them (tests/js/logic.test.mjs) as the browser tests check the page.

// views.initiative, as the roll & keep rulesets give it: {in_combat (4e) or combat (3e,
// house), round, current, order: [{character, score (4e: the figure the order is taken
// on; total, the roll) or initiative, acted, skipped, delayed}]}. Each turn in order,
// with the figure it is ordered by and its marks; null where there is no order.
export function turnOrderRows(initiative) {
  if (!initiative || !Array.isArray(initiative.order) || !initiative.order.length) return null;
  const fighting = Boolean(initiative.in_combat ?? initiative.combat);
  const rows = initiative.order.map((entry) => {
    const current = entry.character === initiative.current;
    const score = entry.score ?? entry.total ?? entry.initiative ?? null;
    const marks = [current ? "their turn" : "", entry.skipped ? `skipped (${entry.skipped})` : entry.acted ? "acted" : "",
      entry.delayed ? "delayed" : ""].filter(Boolean);
    return { character: entry.character, current, skipped: Boolean(entry.skipped), score, marks };
  });
  const title = fighting ? `Turn order, round ${initiative.round}` : "Turn order (no combat under way)";
  return { title, rows };
}

// views.wounds: {character: {wounds, rank, penalty, ladder: [{rank, up_to, penalty}]}}.
// Each character's track: every rank, how full its box is (0 to 1: the wounds between
// the rank before's limit and its own), whether it is reached or passed; null if none.
export function woundTrackRows(wounds) {
  if (!wounds || typeof wounds !== "object") return null;
  const entries = Object.entries(wounds).filter(([, w]) => w && Array.isArray(w.ladder));
  if (!entries.length) return null;
  return entries.map(([name, w]) => {
    let floor = 0;
    const ranks = w.ladder.map((step) => {
      const reached = step.rank === w.rank;
      const passed = step.up_to !== null && w.wounds > step.up_to;
      const label = `${step.rank}${step.up_to !== null ? ` (to ${step.up_to})` : ""}${step.penalty !== null ? `, +${step.penalty} TN` : ""}`;
      const filled = step.up_to === null ? (reached ? 1 : 0) : Math.max(0, Math.min(1, (w.wounds - floor) / Math.max(1, step.up_to - floor)));
      floor = step.up_to ?? floor;
      return { rank: step.rank, reached, passed, filled, label };
    });
    const penalty = w.penalty === null ? "cannot act" : `+${w.penalty} TN`;
    return { name, state: `${w.wounds} wounds — ${w.rank}, ${penalty}`, ranks };
  });
}

// Any view whose entries give a TN with the parts that make it (4e armour: {tn, parts};
// 3e manoeuvres: {tn, tn_parts}): each character's sum spelled out.
export function tnPartLines(views) {
  const found = [];
  for (const [view, entries] of Object.entries(views || {})) {
    if (!entries || typeof entries !== "object" || Array.isArray(entries)) continue;
    for (const [name, entry] of Object.entries(entries)) {
      const parts = entry && (entry.parts || entry.tn_parts);
      if (!entry || typeof entry.tn !== "number" || !Array.isArray(parts) || !parts.length) continue;
      const sum = parts.map((p) => `${p.source}: ${p.value < 0 ? "−" : ""}${Math.abs(p.value)}`).join("; ");
      found.push({ view, name, text: `${name}, ${view} TN ${entry.tn} — ${sum}` });
    }
  }
  return found;
}

// Where the live stream resumes: after the last event it delivered (its id, the cursor
// the server gave it), else after the cursor held before — never back to the start.
export function resumeAfter(lastEventId, cursor) {
  return lastEventId || cursor || null;
}

// The stream's query: the token, and the cursor to resume after, where there is one.
export function streamQuery(token, cursor) {
  const query = new URLSearchParams({ access_token: token });
  if (cursor) query.set("after", cursor);
  return query.toString();
}

// The ruleset a form opens a session or a campaign under unless the GM picks another:
// the one the server names its main ruleset (GET /v1/rulesets), else the first listed.
export function mainRuleset(rulesets) {
  const main = rulesets.find((r) => r.main) || rulesets[0];
  return main ? main.id : "";
}

// -- what the Act panel offers --------------------------------------------------------

// The commands offered, grouped by the phase each declares (GET /v1/rulesets/{id}: a
// command's `phase`, and `phases`, each phase's id and title in the order a session
// meets them): only what the holder may give (a player never sees what the rules keep to
// the GM: `gm_only`); while a fight is under way its rounds and turns, its fighting, then
// the rolls and the wounds first, otherwise the rolls and checks first; the rest in the
// phases' order, and each group in the ruleset's own order. A
// phase the list does not name (a plug-in's) comes last, under its own id.
export function commandGroups(commands, phases = [], { gm = true, fighting = false } = {}) {
  const titles = new Map(phases.map((phase) => [phase.id, phase.title]));
  const first = fighting ? ["turns", "fighting", "rolls", "wounds"] : ["rolls"];
  const order = [...first.filter((id) => titles.has(id)), ...phases.map((phase) => phase.id).filter((id) => !first.includes(id))];
  const groups = new Map(order.map((id) => [id, []]));
  for (const command of commands) {
    if (!gm && command.gm_only) continue;
    if (!groups.has(command.phase)) groups.set(command.phase, []);
    groups.get(command.phase).push(command);
  }
  return [...groups].filter(([, listed]) => listed.length)
    .map(([id, listed]) => ({ id, label: titles.get(id) || String(id), commands: listed }));
}

// Whose turn it is, in whichever view says so (`current`: the roll & keep rulesets'
// initiative, 5e's confrontation, Ukiyo's conflicts); null when it is no one's.
export function currentTurn(views) {
  for (const view of Object.values(views || {})) {
    if (view && typeof view === "object" && !Array.isArray(view) && typeof view.current === "string" && view.current) {
      return view.current;
    }
  }
  return null;
}

// Whether a fight is under way, where a view says so.
export function fighting(views) {
  const initiative = (views || {}).initiative;
  if (initiative && typeof initiative === "object") return Boolean(initiative.in_combat ?? initiative.combat);
  return currentTurn(views) !== null;
}

// A ruleset option's choices, as GET /v1/rulesets/{id} declares them (`options`: each
// name's {help, default, values}; `values` only where it takes one of a closed set):
// the default first, as "" (an option left out is its default), then every other value;
// null for an option that takes a text its ruleset reads (the XP every character starts
// with), which is typed.
export function optionChoices(option) {
  if (!option || !Array.isArray(option.values) || !option.values.length) return null;
  return [{ value: "", text: `${option.default} (default)` },
    ...option.values.filter((value) => value !== option.default).map((value) => ({ value, text: value }))];
}

// What an amendment changes: each input whose value differs from the ruling's as given.
// An input left empty (null, an empty list, no text) is the same whichever it is.
export function changedInputs(given, now) {
  const empty = (v) => v === null || v === undefined || v === "" || (Array.isArray(v) && !v.length);
  const changes = {};
  for (const [name, value] of Object.entries(now)) {
    const before = given[name];
    if (empty(value) && empty(before)) continue;
    if (JSON.stringify(value) !== JSON.stringify(before ?? null)) changes[name] = empty(value) ? null : value;
  }
  return changes;
}

// -- named items (4e's manoeuvres: `feint`, `called_shot:head`, `increased_damage:2`) ----

// A named item as typed or recorded, read as the rules read it: its name (lower case,
// `-` as `_`) and what follows its colon ("" when nothing does).
export function namedItem(text) {
  const [name, ...rest] = String(text).trim().toLowerCase().replaceAll("-", "_").split(":");
  return { name, argument: rest.join(":") };
}

// The texts a field of named items sends, from the boxes ticked ({name: argument typed
// or chosen, "" for none}), in the order the field declares them (`values`): NAME, or
// NAME:ARGUMENT where one is given (an argument left out is the rules' default).
export function namedItems(values, picked) {
  return values.filter((name) => name in picked)
    .map((name) => (picked[name] === "" || picked[name] === undefined ? name : `${name}:${picked[name]}`));
}

// -- physical dice: the faces typed at the table, checked as the server reads them -----

// The most characters of faces the server reads (domain/dice/roll_keep/faces.py).
const MAX_FACES_LENGTH = 10000;

const quoted = (text) => `'${text}'`;
const isFace = (part) => /^[0-9]{1,2}$/.test(part);

// What is wrong with faces typed for a command of dice family `family`, in the server's
// words (domain/dice/given.py: roll & keep dice `6,7,10+3,1r4`, parse_faces; the
// narrative dice and the 2d6 one whole number a die, `3,5`, plain_faces); null when they
// read. Whether they fit the roll (how many dice, which faces a die has) is the server's
// to say, as it is at the shell.
export function facesProblem(family, text) {
  const spec = String(text);
  if (family !== "roll_keep") {
    const parts = spec.split(",").map((part) => part.trim());
    if (parts.every(isFace)) return null;
    const shown = spec.length > 200 ? `${quoted(spec.slice(0, 200))}… (${spec.length.toLocaleString("en")} characters)` : quoted(spec);
    return `--faces ${shown}: give each die's face, as 3,5`;
  }
  if (!spec.trim()) return `faces ${quoted(spec)}: no dice given`;
  if (spec.length > MAX_FACES_LENGTH) {
    return `faces ${quoted(spec.slice(0, 30))}… are ${spec.length.toLocaleString("en")} characters long (at most ${MAX_FACES_LENGTH.toLocaleString("en")})`;
  }
  const chunks = spec.split(",");
  for (const [index, chunk] of chunks.entries()) {
    let textLeft = chunk.trim().toLowerCase();
    if (textLeft.includes("r")) {
      const at = textLeft.indexOf("r");
      if (textLeft.slice(0, at).trim() !== "1") {
        return `faces ${quoted(spec)}: die ${index + 1} (${quoted(chunk.trim())}): only a 1 is rerolled, written '1r' before the new faces`;
      }
      textLeft = textLeft.slice(at + 1);
    }
    for (const part of textLeft.split("+")) {
      if (!isFace(part.trim())) {
        return `faces ${quoted(spec)}: die ${index + 1} (${quoted(chunk.trim())}): ${quoted(part.trim())} is not a face`;
      }
    }
  }
  return null;
}
