// Perceptron Lab: the page's keys before the stage's script (ui/plot_click.js) has loaded.
//
// app.py draws this first on every page (ui.plot_click.page_keys: an st.html script, run
// as soon as the page's first element is drawn, while the page's script still runs and
// long before the chart component's module and plotly.js have loaded). It hands the
// page's data to ui/plot_click.js (window.perceptronLab.page, then the event
// "perceptron-lab-page") and, until that script has loaded, keeps the presses the stage
// or the scene bar would take (window.perceptronLab.early), so a press made while the
// page is still coming is played once its stage is ready instead of being lost.
//
// The page's data, {where, stage, charts, scene, opening, section, shortcuts}: see
// ui/plot_click.js, "the page's keys".
(function () {
  const lab = (window.perceptronLab = window.perceptronLab || { early: [], loaded: false });
  lab.page = Object.assign(__PAGE_DATA__, { at: performance.now() });
  window.dispatchEvent(new CustomEvent("perceptron-lab-page"));
  if (lab.listening) return;
  lab.listening = true;
  const clicker = new Set(["pagedown", "pageup", "arrowright", "arrowleft"]);
  const typed = new Set(["INPUT", "TEXTAREA", "SELECT"]);
  window.addEventListener(
    "keydown",
    (ev) => {
      if (lab.loaded || ev.ctrlKey || ev.metaKey || ev.altKey || ev.repeat) return;
      const page = lab.page;
      const key = typeof ev.key === "string" ? ev.key.toLowerCase() : "";
      const stageKey = page.stage && page.shortcuts.includes(key);
      if (!(clicker.has(key) || stageKey)) return;
      if (!(page.stage || page.scene || page.opening)) return;
      const target = ev.target;
      if (target && (target.isContentEditable || typed.has(target.tagName))) return;
      if (lab.early.length < 100) lab.early.push({ key, at: performance.now() });
      ev.preventDefault();
      ev.stopImmediatePropagation();
    },
    true,
  );
})();
