// Plots drawn as SVG in the page (no library, nothing fetched): a line of points with
// its axes, each point labelled for screen readers in the figure's description.

const NS = "http://www.w3.org/2000/svg";
// Colours told apart by most readers, and a dash of its own for each line besides.
const COLOURS = ["#1f5fbf", "#b3261e", "#2f6b2f", "#8a5a00", "#6a3d9a", "#00707a"];
const DASHES = ["", "6 3", "2 2", "8 3 2 3", "1 3", "10 4"];

function node(name, attributes, text) {
  const element = document.createElementNS(NS, name);
  for (const [key, value] of Object.entries(attributes || {})) element.setAttribute(key, value);
  if (text !== undefined) element.textContent = text;
  return element;
}

// series: [{name, points: [[x, y], …]}]; y in [0, yMax]. Returns an <svg> (with a legend
// beside it, in a <div>, when there are several series).
export function linePlot({ title, xLabel, yLabel, series, yMax = 1, percent = false, mark = null }) {
  const width = 320;
  const height = 180;
  const left = 40;
  const bottom = 28;
  const top = 22;
  const right = 10;
  const xs = series.flatMap((s) => s.points.map((p) => p[0]));
  const xMin = Math.min(...xs);
  const xMax = Math.max(...xs, xMin + 1);
  const top_y = Math.max(yMax, ...series.flatMap((s) => s.points.map((p) => p[1])));
  const x = (v) => left + ((v - xMin) / (xMax - xMin)) * (width - left - right);
  const y = (v) => height - bottom - (v / (top_y || 1)) * (height - bottom - top);
  const svg = node("svg", {
    viewBox: `0 0 ${width} ${height}`,
    role: "img",
    class: "plot",
    "aria-label": title,
  });
  svg.append(node("title", {}, title));
  const described = series
    .map((s) => `${s.name}: ${s.points.map(([a, b]) => `${a} → ${percent ? Math.round(b * 100) + "%" : b}`).join(", ")}`)
    .join("; ");
  svg.append(node("desc", {}, described));
  svg.append(node("line", { x1: left, y1: y(0), x2: width - right, y2: y(0), class: "axis" }));
  svg.append(node("line", { x1: left, y1: top, x2: left, y2: y(0), class: "axis" }));
  const ticks = percent ? [0, 0.5, 1] : [...new Set([0, Math.round(top_y / 2), top_y])];
  for (const t of ticks) {
    svg.append(node("text", { x: left - 4, y: y(t) + 4, class: "tick", "text-anchor": "end" },
      percent ? `${Math.round(t * 100)}%` : String(t)));
  }
  const xTicks = [...new Set(xs)];
  const step = Math.max(1, Math.ceil(xTicks.length / 8));
  xTicks.forEach((t, i) => {
    if (i % step === 0) {
      svg.append(node("text", { x: x(t), y: height - bottom + 14, class: "tick", "text-anchor": "middle" }, String(t)));
    }
  });
  svg.append(node("text", { x: (left + width) / 2, y: height - 2, class: "label", "text-anchor": "middle" }, xLabel));
  svg.append(node("text", { x: left, y: 12, class: "label" }, yLabel));
  if (mark !== null && mark >= xMin && mark <= xMax) {
    svg.append(node("line", { x1: x(mark), y1: top, x2: x(mark), y2: y(0), class: "mark" }));
  }
  series.forEach((s, i) => {
    const colour = COLOURS[i % COLOURS.length];
    const path = s.points.map(([a, b], j) => `${j ? "L" : "M"}${x(a).toFixed(1)},${y(b).toFixed(1)}`).join(" ");
    svg.append(node("path", { d: path, class: "series", stroke: colour, "stroke-dasharray": DASHES[i % DASHES.length] }));
    for (const [a, b] of s.points) {
      svg.append(node("circle", { cx: x(a).toFixed(1), cy: y(b).toFixed(1), r: 2.5, fill: colour }));
    }
  });
  if (series.length < 2) return svg;
  // The legend under the plot, never over it: each name in its line's colour and dash.
  const legend = document.createElement("ul");
  legend.className = "legend";
  series.forEach((s, i) => {
    const item = document.createElement("li");
    const key = node("svg", { width: 24, height: 8, "aria-hidden": "true" });
    key.append(node("line", { x1: 0, y1: 4, x2: 24, y2: 4, stroke: COLOURS[i % COLOURS.length], "stroke-width": 2, "stroke-dasharray": DASHES[i % DASHES.length] }));
    item.append(key, ` ${s.name}`);
    legend.append(item);
  });
  const figure = document.createElement("div");
  figure.className = "plot-with-legend";
  figure.append(svg, legend);
  return figure;
}
