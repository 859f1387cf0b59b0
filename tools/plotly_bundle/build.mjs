// Builds ../../ui/vendor/plotly/plotly.min.js from entry.js with the settings of plotly.js's
// own build (its esbuild-config.js, 4.1.1): an IIFE that defines the global Plotly, CSS
// inlined, shaders minified, regl and stream aliased as plotly.js does. Then the licence.
import { copyFileSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import esbuild from "esbuild";
import { environmentPlugin } from "esbuild-plugin-environment";
import { glsl } from "esbuild-plugin-glsl";
import InlineCSSPlugin from "esbuild-plugin-inline-css";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const out = join(here, "..", "..", "ui", "vendor", "plotly");
const plotly = dirname(require.resolve("plotly.js/package.json"));
const { version } = JSON.parse(readFileSync(join(plotly, "package.json"), "utf8"));
const traces = [...readFileSync(join(here, "entry.js"), "utf8").matchAll(/plotly\.js\/lib\/(\w+)"/g)]
  .map((m) => m[1])
  .filter((name) => name !== "core");
traces.push("scatter");
traces.sort();

await esbuild.build({
  entryPoints: [join(here, "entry.js")],
  outfile: join(out, "plotly.min.js"),
  format: "iife",
  globalName: "Plotly",
  bundle: true,
  minify: true,
  legalComments: "eof",
  banner: {
    // ui/vendor/__init__.py reads the version and the traces from this line.
    js: `/*! plotly.js v${version} | Perceptron Lab's bundle, traces: ${traces.join(" ")} | MIT, Plotly Technologies Inc. */`,
  },
  plugins: [InlineCSSPlugin(), glsl({ minify: true }), environmentPlugin({ NODE_DEBUG: false })],
  alias: { regl: "@plotly/regl", stream: "stream-browserify" },
  define: { global: "window", "define.amd": "false" },
  target: "es2016",
  logLevel: "info",
});
copyFileSync(join(plotly, "LICENSE"), join(out, "LICENSE-plotly.txt"));
