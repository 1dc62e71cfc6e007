// Plots over the session and the campaign (the GM's): wounds and Void as the evening went,
// read from GET …/series at positions spread over it, and XP session by session from the
// campaign's read models. Which numbers are plotted is read off the views the session
// has, whatever its ruleset: a path is drawn when the views hold a number there.

import { element } from "./forms.js";
import { linePlot } from "./plots.js";

const SESSION_PLOTS = [
  ["wounds.*.wounds", "Wounds"],
  ["characters.*.wounds", "Wounds"],
  ["fighters.*.fatigue", "Fatigue"],
  ["fighters.*.strife", "Strife"],
  ["void.*.left", "Void points left"],
];

function holds(views, path) {
  const [view, , leaf] = path.split(".");
  const entries = views[view];
  if (!entries || typeof entries !== "object") return false;
  return Object.values(entries).some((e) => e && typeof e[leaf] === "number");
}

export function historyPanel(page) {
  const holder = element("div", { id: "history-plots" });
  const campaign = element("div", { id: "campaign-plots" });
  const panel = element("details", { id: "history" },
    element("summary", { text: "Plots: wounds and Void over the session, XP over the campaign" }),
    holder, campaign);
  let drawing = false;
  let again = false;

  async function draw() {
    if (!panel.open) return;
    if (drawing) {
      again = true;
      return;
    }
    drawing = true;
    try {
      const views = page.shown.views;
      const paths = SESSION_PLOTS.filter(([path]) => holds(views, path));
      if (!paths.length) {
        holder.replaceChildren(element("p", { text: "This ruleset's views hold no wounds or Void to plot." }));
      } else {
        const query = new URLSearchParams(paths.map(([path]) => ["path", path]));
        const read = await page.api.get(`${page.api.session(page.id)}/series?${query}`);
        holder.replaceChildren(...paths.map(([path, title]) => {
          const rows = read.series[path] || {};
          const series = Object.entries(rows).map(([name, values]) => ({
            name,
            points: read.positions.map((p, i) => [p, values[i]]).filter(([, v]) => v !== null),
          }));
          return element("figure", { class: "history", "data-path": path },
            linePlot({ title: `${title} over the session`, xLabel: "position", yLabel: title.toLowerCase(), series, yMax: 1 }),
            element("figcaption", { text: `${title}, by position (${read.positions.length} positions read)` }));
        }));
      }
      await drawCampaign(views.session.campaign);
    } catch (error) {
      holder.replaceChildren(element("p", { class: "form-error", role: "alert", text: error.message }));
    } finally {
      drawing = false;
      if (again) {
        again = false;
        draw();
      }
    }
  }

  async function drawCampaign(id) {
    if (!id) {
      campaign.replaceChildren();
      return;
    }
    let read;
    try {
      read = await page.api.get(`/v1/campaigns/${encodeURIComponent(id)}`);
    } catch (error) {
      campaign.replaceChildren(element("p", { text: `The campaign ${id}: ${error.message}` }));
      return;
    }
    const names = [...new Set(read.rows.map((r) => r.character))];
    const series = names.map((name) => {
      let total = 0;
      const points = [];
      read.sessions.forEach((session, i) => {
        const row = read.rows.find((r) => r.session === session && r.character === name);
        if (row) {
          total += row.xp_awarded;
          points.push([i + 1, total]);
        }
      });
      return { name, points };
    });
    campaign.replaceChildren(element("figure", { class: "history", "data-path": "campaign-xp" },
      linePlot({ title: `XP awarded over the campaign ${id}`, xLabel: "session", yLabel: "XP", series, yMax: 1 }),
      element("figcaption", { text: `XP awarded, all sessions so far: ${read.sessions.join(", ")}` })));
  }

  panel.addEventListener("toggle", draw);
  return { panel, draw };
}
