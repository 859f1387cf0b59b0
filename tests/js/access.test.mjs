// The chart for students who cannot see it, and for a dark hall (ui/stage/access.mjs), run
// by node's own test runner:  node --test tests/js/
import assert from "node:assert/strict";
import { test } from "node:test";

import { chartName, LIVE, markLive, shownTheme, themeFigure, themeLayout } from "../../ui/stage/access.mjs";

// A keyed element as Streamlit draws it: its classes, and attributes set on it.
function element(className) {
  const attrs = new Map();
  return {
    classList: className.split(" "),
    getAttribute: (n) => (attrs.has(n) ? attrs.get(n) : null),
    setAttribute: (n, v) => attrs.set(n, v),
    attrs,
  };
}

test("the element keyed <prefix>spoken becomes a polite live region; others are left alone", () => {
  const spoken = element("stVerticalBlock st-key-pg_spoken st-emotion-cache-1");
  const other = element("stVerticalBlock st-key-pg_spoken_note"); // another key
  const root = { querySelectorAll: () => [spoken, other] };
  assert.deepEqual(markLive(root), [spoken]);
  assert.equal(spoken.getAttribute("aria-live"), "polite");
  assert.equal(spoken.getAttribute("aria-atomic"), "true");
  assert.equal(spoken.getAttribute("role"), "status");
  assert.equal(other.attrs.size, 0);
  assert.deepEqual(Object.keys(LIVE).sort(), ["aria-atomic", "aria-live", "role"]);
});

test("a chart is named by its title (markup dropped), a stage's chart by what it shows", () => {
  assert.equal(
    chartName({ layout: { title: { text: "<b>Accuracy</b> per epoch" } } }, false),
    "Chart: Accuracy per epoch",
  );
  assert.equal(chartName({ layout: {} }, false), "Chart");
  assert.match(chartName({ layout: {} }, true), /current step/);
});

const FIGURE = {
  data: [
    {
      type: "scatter",
      x: [1],
      y: [2],
      mode: "markers",
      marker: { color: "#0072B2", symbol: "circle", line: { color: "white" } },
    },
    { type: "scatter", x: [3], y: [4], mode: "markers", marker: { color: "#D55E00", symbol: "square" } },
    { type: "scatter", x: [0, 1], y: [0, 1], mode: "lines", line: { color: "#222222" } }, // the boundary
    {
      type: "scatter",
      x: [0],
      y: [0],
      mode: "text",
      text: ["w"],
      textfont: { color: "#222222", shadow: "0 0 2px white, 0 0 3px white" },
    },
  ],
  layout: { plot_bgcolor: "white", xaxis: { zerolinecolor: "#cccccc" }, yaxis: {} },
};

test("light, or auto on a light page: the figure is untouched", () => {
  assert.equal(themeFigure(FIGURE, "light", "rgb(14, 17, 23)"), FIGURE);
  assert.equal(themeFigure(FIGURE, "auto", "rgb(255, 255, 255)"), FIGURE);
  assert.equal(shownTheme("auto", "rgb(240, 242, 246)"), "light");
  assert.equal(shownTheme("auto", "rgb(23, 22, 20)"), "dark");
});

test("auto on a dark page is dark; dark chosen on a page still light takes a dark background", () => {
  assert.equal(themeFigure(FIGURE, "auto", "rgb(23, 22, 20)").layout.paper_bgcolor, "rgb(23, 22, 20)");
  assert.equal(themeFigure(FIGURE, "dark", "rgb(255, 255, 255)").layout.paper_bgcolor, "#0e1117");
});

test("dark: the page's background, light ink and text; the classes keep colour and shape", () => {
  const page = "rgb(14, 17, 23)";
  const dark = themeFigure(FIGURE, "dark", page);
  assert.equal(dark.layout.paper_bgcolor, page);
  assert.equal(dark.layout.plot_bgcolor, page);
  assert.equal(dark.layout.font.color, "#e6e8eb");
  assert.equal(dark.layout.xaxis.tickfont.color, "#e6e8eb");
  assert.notEqual(dark.layout.xaxis.zerolinecolor, "#cccccc");
  assert.equal(dark.data[2].line.color, "#e6e8eb"); // the boundary: light on the dark page
  assert.equal(dark.data[0].marker.line.color, page); // a white outline: the page's colour
  assert.equal(dark.data[3].textfont.shadow, `0 0 2px ${page}, 0 0 3px ${page}`); // a label's halo
  assert.equal(dark.data[3].text[0], "w");
  // Words are never taken for colours: a class a user named "white" keeps its name.
  const named = themeFigure(
    { data: [{ name: "white", text: ["white"], marker: { color: "white" } }], layout: {} },
    "dark",
    page,
  );
  assert.deepEqual(
    [named.data[0].name, named.data[0].text[0], named.data[0].marker.color],
    ["white", "white", page],
  );
  assert.deepEqual(
    dark.data.slice(0, 2).map((t) => [t.marker.color, t.marker.symbol]),
    [
      ["#0072B2", "circle"],
      ["#D55E00", "square"],
    ],
  );
  assert.equal(FIGURE.layout.plot_bgcolor, "white"); // the server's figure is not changed
  // A transparent layer (the stage's over layer) stays transparent.
  const over = themeLayout({ paper_bgcolor: "rgba(0,0,0,0)", plot_bgcolor: "rgba(0,0,0,0)" }, "dark", page);
  assert.equal(over.paper_bgcolor, "rgba(0,0,0,0)");
});
