// The live table: what a session's ruleset lays out for `kiroku state` (its `tables`,
// whichever the ruleset), and, where its views carry them, the turn order with the turn
// and who is skipped, and each combatant's wound track with its ranks and penalties.

import { element } from "./forms.js";
import { currentTurn, tnPartLines, turnOrderRows, woundTrackRows } from "./logic.js";

// ids: false for a second copy on the page (a what-if beside the session).
export function tablePanels(shown, { ids = true } = {}) {
  const views = shown.views;
  const panels = [];
  const order = turnOrder(views.initiative);
  if (order) panels.push(order);
  const turn = currentTurn(views);
  if (!order && turn) {  // a ruleset whose turns are in a view of its own (5e, Ukiyo)
    panels.push(element("p", { class: "turn-now", id: "turn-now", text: `${turn}'s turn` }));
  }
  const tracks = woundTracks(views.wounds);
  if (tracks) panels.push(tracks);
  shown.tables.forEach((table, i) => {
    if (order && ordersTurns(table)) return;  // the turn order, shown once: above
    panels.push(rulesetTable(table, i));
  });
  const parts = tnParts(views);
  if (parts) panels.push(parts);
  if (!ids) {  // a second copy: no id of the first's, at any depth
    panels.forEach((panel) => [panel, ...panel.querySelectorAll("[id]")].forEach((e) => e.removeAttribute("id")));
  }
  return panels;
}

// Any view whose entries give a TN with the parts that make it: each character's sum
// spelled out (logic.js): where a TN comes from.
function tnParts(views) {
  const found = tnPartLines(views).map(({ view, name, text }) =>
    element("li", { "data-view": view, "data-character": name, text }));
  if (!found.length) return null;
  return element("details", { class: "tn-parts", id: "tn-parts" },
    element("summary", { text: "Where each TN comes from" }), element("ul", {}, ...found));
}

// A ruleset's table of the turn order (`kiroku state`'s "Combat, round 2; turn: …"), which
// the turn order above already shows.
function ordersTurns(table) {
  const columns = table.columns.map((c) => String(c).toLowerCase());
  return columns[0] === "#" && columns.includes("initiative");
}

// Each row is a card on a phone (console.css): every cell carries its column's name.
function rulesetTable(table, index) {
  const head = element("tr", {}, ...table.columns.map((c) => element("th", { scope: "col", text: c })));
  const rows = table.rows.map((row) => element("tr", {},
    ...row.map((cell, i) => (i === 0 ? element("th", { scope: "row", text: cell })
      : element("td", { "data-label": table.columns[i] || "", text: cell })))));
  // a region of its own, reached by keyboard, for a wide table that scrolls sideways
  return element("div", { class: "scroll", tabindex: "0", role: "region", "aria-label": table.title || "a table" },
    element("table", { class: "ruleset-table cards", "data-table": index },
    element("caption", { text: table.title || "" }),
    element("thead", {}, head), element("tbody", {}, ...rows)));
}

// The turn order (logic.js: each turn, its figure and its marks).
function turnOrder(initiative) {
  const order = turnOrderRows(initiative);
  if (!order) return null;
  const items = order.rows.map((row) => element("li", {
    class: `turn${row.current ? " current" : ""}${row.skipped ? " skipped" : ""}`,
    "aria-current": row.current ? "true" : undefined,
    "data-character": row.character,
  }, element("span", { class: "who", text: row.character }),
  element("span", { class: "initiative", text: row.score !== null ? ` ${row.score}` : "" }),
  element("span", { class: "marks", text: row.marks.length ? ` — ${row.marks.join(", ")}` : "" })));
  const now = order.rows.find((row) => row.current);
  return element("div", { class: "turn-order", id: "turn-order" },
    element("h3", { text: order.title }),
    now ? element("p", { class: "turn-now", id: "turn-now", text: `${now.character}'s turn` }) : "",
    element("ol", {}, ...items));
}

// Each combatant's wound track (logic.js: every rank, how full, reached or passed).
function woundTracks(wounds) {
  const tracks = woundTrackRows(wounds);
  if (!tracks) return null;
  const shown = tracks.map((track) => element("div", { class: "wound-track", "data-character": track.name },
    element("p", {}, element("strong", { text: track.name }),
      element("span", { class: "wound-state", text: ` ${track.state}` })),
    element("ol", { class: "ranks", "aria-label": `${track.name}'s wound ranks` },
      ...track.ranks.map((r) => element("li", {
        class: `rank${r.reached ? " reached" : ""}${r.passed ? " passed" : ""}`,
        style: `--filled:${r.filled}`,
        title: r.label,
        "aria-label": r.label + (r.reached ? ": here" : ""),
        text: r.rank,
      })))));
  return element("div", { class: "wound-tracks", id: "wound-tracks" }, element("h3", { text: "Wounds" }), ...shown);
}
