// Plots drawn as SVG in the page (no library, nothing fetched): a line of points with
// its axes, each point labelled for screen readers in the figure's description.

const NS = "http://www.w3.org/2000/svg";

function node(name, attributes, text) {
  const element = document.createElementNS(NS, name);
  for (const [key, value] of Object.entries(attributes || {})) element.setAttribute(key, value);
  if (text !== undefined) element.textContent = text;
  return element;
}

// series: [{name, points: [[x, y], …], mark?: x}]; y in [0, yMax]. Returns an <svg>.
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
  const ticks = percent ? [0, 0.5, 1] : [0, Math.round(top_y / 2), top_y];
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
    const path = s.points.map(([a, b], j) => `${j ? "L" : "M"}${x(a).toFixed(1)},${y(b).toFixed(1)}`).join(" ");
    svg.append(node("path", { d: path, class: `series series-${i}` }));
    for (const [a, b] of s.points) {
      svg.append(node("circle", { cx: x(a).toFixed(1), cy: y(b).toFixed(1), r: 2.5, class: `series-${i}` }));
    }
  });
  if (series.length > 1) {
    series.forEach((s, i) => {
      svg.append(node("text", { x: width - right - 4, y: top + 10 + 12 * i, class: `legend series-${i}`, "text-anchor": "end" }, s.name));
    });
  }
  return svg;
}
