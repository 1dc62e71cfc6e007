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
