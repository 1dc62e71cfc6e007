// The live table: what a session's ruleset lays out for `kiroku state` (its `tables`,
// whichever the ruleset), and, where its views carry them, the turn order with the turn
// and who is skipped, and each combatant's wound track with its ranks and penalties.

import { element } from "./forms.js";

// ids: false for a second copy on the page (a what-if beside the session).
export function tablePanels(shown, { ids = true } = {}) {
  const views = shown.views;
  const panels = [];
  const order = turnOrder(views.initiative);
  if (order) panels.push(order);
  const tracks = woundTracks(views.wounds);
  if (tracks) panels.push(tracks);
  shown.tables.forEach((table, i) => panels.push(rulesetTable(table, i)));
  const parts = tnParts(views);
  if (parts) panels.push(parts);
  if (!ids) panels.forEach((panel) => panel.removeAttribute && panel.removeAttribute("id"));
  return panels;
}

// Any view whose entries give a TN with the parts that make it (4e armour: {tn, parts};
// 3e manoeuvres: {tn, tn_parts}), each character's sum spelled out: where a TN comes from.
function tnParts(views) {
  const found = [];
  for (const [view, entries] of Object.entries(views)) {
    if (!entries || typeof entries !== "object" || Array.isArray(entries)) continue;
    for (const [name, entry] of Object.entries(entries)) {
      const parts = entry && (entry.parts || entry.tn_parts);
      if (!entry || typeof entry.tn !== "number" || !Array.isArray(parts) || !parts.length) continue;
      const sum = parts.map((p) => `${p.source}: ${p.value < 0 ? "−" : ""}${Math.abs(p.value)}`).join("; ");
      found.push(element("li", { "data-view": view, "data-character": name, text: `${name}, ${view} TN ${entry.tn} — ${sum}` }));
    }
  }
  if (!found.length) return null;
  return element("details", { class: "tn-parts", id: "tn-parts" },
    element("summary", { text: "Where each TN comes from" }), element("ul", {}, ...found));
}

function rulesetTable(table, index) {
  const head = element("tr", {}, ...table.columns.map((c) => element("th", { scope: "col", text: c })));
  const rows = table.rows.map((row) => element("tr", {},
    ...row.map((cell, i) => (i === 0 ? element("th", { scope: "row", text: cell }) : element("td", { text: cell })))));
  return element("div", { class: "scroll" }, element("table", { class: "ruleset-table", "data-table": index },
    element("caption", { text: table.title || "" }),
    element("thead", {}, head), element("tbody", {}, ...rows)));
}

// views.initiative, as the roll & keep rulesets give it: {in_combat (4e) or combat (3e,
// house), round, current, order: [{character, score (4e: the figure the order is taken
// on, total the roll) or initiative, acted, skipped, delayed}]}.
function turnOrder(initiative) {
  if (!initiative || !Array.isArray(initiative.order) || !initiative.order.length) return null;
  const fighting = Boolean(initiative.in_combat ?? initiative.combat);
  const items = initiative.order.map((entry) => {
    const current = entry.character === initiative.current;
    const score = entry.score ?? entry.total ?? entry.initiative;
    const marks = [current ? "their turn" : "", entry.skipped ? `skipped (${entry.skipped})` : entry.acted ? "acted" : "",
      entry.delayed ? "delayed" : ""].filter(Boolean);
    return element("li", {
      class: `turn${current ? " current" : ""}${entry.skipped ? " skipped" : ""}`,
      "aria-current": current ? "true" : undefined,
      "data-character": entry.character,
    }, element("span", { class: "who", text: entry.character }),
    element("span", { class: "initiative", text: score !== undefined && score !== null ? ` ${score}` : "" }),
    element("span", { class: "marks", text: marks.length ? ` — ${marks.join(", ")}` : "" }));
  });
  const title = fighting ? `Turn order, round ${initiative.round}` : "Turn order (no combat under way)";
  return element("div", { class: "turn-order", id: "turn-order" },
    element("h3", { text: title }), element("ol", {}, ...items));
}

// views.wounds: {character: {wounds, rank, penalty, ladder: [{rank, up_to, penalty}]}}
function woundTracks(wounds) {
  if (!wounds || typeof wounds !== "object") return null;
  const entries = Object.entries(wounds).filter(([, w]) => w && Array.isArray(w.ladder));
  if (!entries.length) return null;
  const tracks = entries.map(([name, w]) => {
    let floor = 0;
    const boxes = w.ladder.map((step) => {
      const reached = step.rank === w.rank;
      const passed = step.up_to !== null && w.wounds > step.up_to;
      const label = `${step.rank}${step.up_to !== null ? ` (to ${step.up_to})` : ""}${step.penalty !== null ? `, +${step.penalty} TN` : ""}`;
      const filled = step.up_to === null ? (reached ? 1 : 0) : Math.max(0, Math.min(1, (w.wounds - floor) / Math.max(1, step.up_to - floor)));
      floor = step.up_to ?? floor;
      return element("li", {
        class: `rank${reached ? " reached" : ""}${passed ? " passed" : ""}`,
        style: `--filled:${filled}`,
        title: label,
        "aria-label": label + (reached ? ": here" : ""),
        text: step.rank,
      });
    });
    const penalty = w.penalty === null ? "cannot act" : `+${w.penalty} TN`;
    return element("div", { class: "wound-track", "data-character": name },
      element("p", {}, element("strong", { text: name }),
        element("span", { class: "wound-state", text: ` ${w.wounds} wounds — ${w.rank}, ${penalty}` })),
      element("ol", { class: "ranks", "aria-label": `${name}'s wound ranks` }, ...boxes));
  });
  return element("div", { class: "wound-tracks", id: "wound-tracks" }, element("h3", { text: "Wounds" }), ...tracks);
}
