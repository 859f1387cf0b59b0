// Perceptron Lab: the page's keys before the stage's script (ui/stage/keys.js) has loaded.
//
// app.py draws this first on every page (ui.stage.keys.page_keys: an st.html script, run
// as soon as the page's first element is drawn, while the page's script still runs and
// long before the chart component's module and plotly.js have loaded). It hands the
// page's data to ui/stage/keys.js (window.perceptronLab.page, then the event
// "perceptron-lab-page"), which from then on decides which of the presses kept before that
// script had loaded (ui/stage/early_keys.js: window.perceptronLab.early) the page takes;
// a press made while the page is still coming is played once its stage is ready instead
// of being lost. Presses the page does not take are let go. A scene
// on a long page opens at its section: the heading is scrolled to the top as soon as it
// is drawn, and kept there while the page above it settles (charts drawn), until the
// reader scrolls or clicks, or a moment after the page has run.
//
// The page's data, {where, stage, charts, scene, opening, section, shortcuts, clicker,
// scene_buttons, openers, start}: see the head of ui/stage/keys.js. ``start`` ({button,
// keys}, the lecture page only: its chart module, and so ui/stage/keys.js, is not
// loaded there) is a clicker's start key (F5, Shift+F5): it presses the page's Open
// instead of reloading the page.
// Streamlit's page is reached through ui/platform/dom.mjs's names, defined before this
// script in its block (ui.platform.dom.script).
/* global streamlitTestid, STREAMLIT_SCRIPT_STATE */
(() => {
  const SECTION_TOP_PX = 8; // the heading this far below the window's top
  const SECTION_SETTLE_MS = 2000; // kept there until the page has run and stayed this long
  const SECTION_MAX_MS = 60000;
  window.perceptronLab ||= { early: [], loaded: false };
  const lab = window.perceptronLab;
  lab.page = Object.assign(__PAGE_DATA__, { at: performance.now() });
  if (!lab.loaded && !(lab.page.stage || lab.page.scene || lab.page.opening)) {
    lab.early.splice(0); // kept before the page was known: this page takes none
  }
  window.dispatchEvent(new CustomEvent("perceptron-lab-page"));
  if (!lab.startKeys) {
    lab.startKeys = true; // one listener for the window's life; it reads the page's data
    window.addEventListener("keydown", startKey, { capture: true });
  }
  if (lab.page.section && lab.scrolled !== lab.page.where) {
    lab.scrolled = lab.page.where; // once per scene opened
    scrollToSection(lab.page.section);
  }

  function startKey(ev) {
    const start = lab.page?.start;
    if (!start || ev.ctrlKey || ev.metaKey || ev.altKey || !start.keys.includes(ev.key)) return;
    const target = ev.target;
    if (target?.closest?.("input, textarea, [contenteditable]")) return;
    ev.preventDefault(); // not a reload: the clicker starts the lecture
    ev.stopPropagation();
    if (ev.repeat) return;
    const button = document.querySelector(`.st-key-${start.button} button`);
    if (button && !button.disabled) button.click();
  }

  function scrollToSection(anchor) {
    const started = performance.now();
    // Streamlit's app root and its script state (ui/platform/dom.mjs, put before this
    // script by ui/platform/dom.py).
    const app = () => document.querySelector(streamlitTestid("app"));
    let moved = false;
    let idleSince = 0;
    let fixed = started; // when the heading was last put back
    const stop = () => {
      moved = true;
    };
    const events = ["wheel", "touchmove", "pointerdown", "keydown"];
    for (const name of events) window.addEventListener(name, stop, { capture: true, passive: true });
    const tick = () => {
      const el = document.getElementById(anchor);
      if (!moved && el && Math.abs(el.getBoundingClientRect().top - SECTION_TOP_PX) > 2) {
        fixed = performance.now();
        el.scrollIntoView({ block: "start" });
        const off = el.getBoundingClientRect().top - SECTION_TOP_PX;
        for (let box = el.parentElement; box; box = box.parentElement) {
          if (box.scrollHeight > box.clientHeight && getComputedStyle(box).overflowY !== "visible") {
            box.scrollTop += off; // Streamlit scrolls its main block, not the window
            break;
          }
        }
      }
      const running = app()?.getAttribute(STREAMLIT_SCRIPT_STATE) !== "notRunning";
      idleSince = running ? 0 : idleSince || performance.now();
      const now = performance.now();
      const settled = idleSince !== 0 && now - Math.max(idleSince, fixed) > SECTION_SETTLE_MS;
      if (moved || settled || now - started > SECTION_MAX_MS) {
        for (const name of events) window.removeEventListener(name, stop, { capture: true });
        return;
      }
      setTimeout(tick, 150);
    };
    tick();
  }
})();
