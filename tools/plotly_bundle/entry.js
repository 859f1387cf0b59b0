// The trace types the lab draws (ui/charts/, ui/views/), registered on plotly.js's core:
// plotly.js's own lib/index-*.js entries do the same for its partial bundles. scatter is
// in the core. A figure with a type not listed here is refused by ui/stage/chart.py.
"use strict";

const Plotly = require("plotly.js/lib/core");

Plotly.register([
  require("plotly.js/lib/bar"),
  require("plotly.js/lib/contour"),
  require("plotly.js/lib/heatmap"),
  require("plotly.js/lib/histogram"),
  require("plotly.js/lib/mesh3d"),
  require("plotly.js/lib/scatter3d"),
  require("plotly.js/lib/scattergl"),
]);

module.exports = Plotly;
