// Perceptron Lab: the page's keys (served joined with the chart component's module: see
// ui/stage/stage.js). One listener takes them, installed with the module (the page's
// first chart). app.py draws ``ui.stage.keys.page_keys`` first on every page: an inline
// script (ui/stage/page_keys.js) that keeps the presses made before this module has
// loaded and hands it the page's data, window.perceptronLab.page = {
//   where: string,          // the page and the scene on it: a new one is a new page
//   stage: boolean,         // the page steps a run: its stage takes the keys
//   charts: string[],       // the keys of the stage's chart (st-key-<key>)
//   scene: boolean,         // a lecture scene is on screen (the scene bar's buttons)
//   opening: boolean,       // a scene was asked for: this page is on the way to it
//   section: string | null, // the anchor of the heading the scene opens at (scrolled to
//                           // by the inline script)
//   shortcuts: string[],    // the stage's keys (lower case)
//   clicker: {next: string[], back: string[]},
//                           // a presentation clicker's keys (lower case), by direction
//   scene_buttons: {next: key, prev: key},
//                           // the scene bar's buttons the clicker presses
//   openers: string[],      // the keys (or their start) of the buttons opening a scene
//   start: {button, keys} | null,
//                           // the lecture page's Open, pressed by a clicker's start key
//                           // (ui/stage/page_keys.js takes it: no chart there)
// }.
// Until the page's data has come, a key any stage or the clicker takes waits (see
// ui/stage/early_keys.js). A stage that is ready (its data came on this page) takes them. While a stage is on its
// way (the page's script is running, plotly.js is loading) or a scene is opening, they
// wait in a queue and are played, in order, once the stage is ready: a press right after
// a link opens is not lost. On a scene's page without a stage the clicker's keys press
// the scene bar's buttons. Keys typed into a text field, or steering a widget with the
// focus, are left alone.
const PAGE = {
  epoch: 0, // counts the pages shown (a new ``where``); a stage belongs to one
  where: null,
  stage: false,
  charts: [], // the keys of the stage's chart (drawing board or not)
  scene: false,
  since: 0, // when this page's keys data came (performance.now())
  stopped: 0, // when the page's script was last seen to stop running (performance.now())
  keys: new Set(), // the keys this module takes: the clicker's and the stage's
  clickerNext: new Set(), // the clicker's keys, by direction (the page's data)
  clickerBack: new Set(),
  sceneButtons: {}, // {next: key, prev: key}
  openers: [], // the buttons opening a scene: a click on one leaves the page
  inst: null, // the instance whose stage took data last
  watching: null, // the app element whose script state is watched
  leaving: 0, // when a scene was asked for (0: none); its page's keys data ends it
  leavingFrom: null,
  queue: [], // [{key, at}]
  draining: 0,
};
const WAIT_MS = 45000; // a press waits this long for a stage once the page has run, at most

function clickerKey(key) {
  return PAGE.clickerNext.has(key) || PAGE.clickerBack.has(key);
}

function leave() {
  PAGE.leaving = performance.now();
  PAGE.leavingFrom = PAGE.where;
  const inst = PAGE.inst;
  if (inst !== null && !inst.destroyed && inst.stage !== null) inst.stage.sync.leave();
}

function leavingNow() {
  if (PAGE.leaving !== 0 && waitedOut(PAGE.leaving)) PAGE.leaving = 0;
  return PAGE.leaving !== 0;
}

function pageRunning() {
  const app = document.querySelector(STREAMLIT.app);
  return app?.getAttribute(STREAMLIT.scriptState) !== "notRunning";
}

// Whether something that began at ``since`` has waited long enough: WAIT_MS with the page's
// script not running. While it runs (a 20,000-point run on a loaded server, numba
// compiling its loop) what it brings is on its way, however long that takes.
function waitedOut(since) {
  if (pageRunning()) return false;
  return performance.now() - Math.max(since, PAGE.stopped) > WAIT_MS;
}

// The time the page's script stops running, watched from the module's first evaluation on.
function watchScript() {
  const app = document.querySelector(STREAMLIT.app);
  if (!app || PAGE.watching === app) return;
  PAGE.watching = app;
  let running = pageRunning();
  new MutationObserver(() => {
    const now = pageRunning();
    if (running && !now) PAGE.stopped = performance.now();
    running = now;
  }).observe(app, { attributes: true, attributeFilter: [STREAMLIT.scriptState] });
}

// The stage that takes keys now, or null.
function readyStage() {
  const inst = PAGE.inst;
  if (inst === null || inst.destroyed || inst.stage === null || leavingNow()) return null;
  return inst.stage.epoch === PAGE.epoch ? inst : null;
}

// Presses wait: a scene is opening, or this page's stage has not come yet: its script
// runs, or its chart is drawn but has not taken up its stage (its script module or
// plotly.js is loading). A chart that came without a stage (no run) ends the wait.
function waitsForStage() {
  if (leavingNow()) return true;
  if (!PAGE.stage || readyStage() !== null) return false;
  if (pageRunning()) return true;
  if (waitedOut(PAGE.since)) return false;
  for (const key of PAGE.charts) {
    const el = stageElement(key);
    if (!el) continue;
    const root = el.querySelector(".plot-click-root");
    if (!root || root.dataset.stagePending || !(root.dataset.stageReady || root.dataset.stageNone)) {
      return true;
    }
  }
  return false;
}

function onPageKey(ev) {
  if (ev.ctrlKey || ev.metaKey || ev.altKey || ev.repeat) return;
  const key = typeof ev.key === "string" ? ev.key.toLowerCase() : "";
  if (PAGE.where === null) {
    // The page's data has not come (its st.html script is still loading): a key a stage
    // or a clicker could want waits for it (ui/stage/early_keys.js kept it until now).
    const any = window.perceptronLab?.any || [];
    if (!any.includes(key) || typing(ev.target, key)) return;
    if (PAGE.queue.length < 100) PAGE.queue.push({ key, at: performance.now() });
    ev.preventDefault();
    ev.stopImmediatePropagation();
    return;
  }
  const inst = readyStage();
  const known = PAGE.keys.has(key) || (inst !== null && isStageKey(inst, key));
  if (!known || typing(ev.target, key)) return;
  // A clicker's PageDown / PageUp (or the arrows), unless a widget with focus uses them.
  if (NAVIGATION_KEYS.has(key) && steers(ev.target)) return;
  let taken = false;
  if (inst !== null) {
    if (inst.stage.sync.data.playing) return; // Play runs on the server: Streamlit's keys
    taken = stageKey(inst, key);
  } else if (waitsForStage()) {
    if (PAGE.queue.length < 100) PAGE.queue.push({ key, at: performance.now() });
    taken = true;
  } else if (PAGE.scene && !PAGE.stage) {
    taken = sceneKey(key);
  }
  if (taken) {
    ev.preventDefault();
    ev.stopImmediatePropagation();
  }
}

function sceneKey(key) {
  if (PAGE.clickerNext.has(key)) return pressScene("next");
  if (PAGE.clickerBack.has(key)) return pressScene("prev");
  return false;
}

// The scene bar's button on ``side`` ("next" or "prev"), pressed: whether there was one.
function pressScene(side) {
  const key = PAGE.sceneButtons[side];
  const button = key ? stageButton(key) : null;
  if (!button || button.disabled) return false;
  leave();
  button.click();
  return true;
}

// The presses the inline script kept before this module had loaded.
function takeEarly() {
  const early = window.perceptronLab ? window.perceptronLab.early : null;
  if (early?.length) PAGE.queue.push(...early.splice(0, 100 - PAGE.queue.length));
}

// Play the presses that waited: into the stage once it is ready, or (a scene's page
// without a stage) to the scene bar once the page has run. A press that opens a scene
// leaves the rest waiting for the next page.
function drainQueue() {
  clearTimeout(PAGE.draining);
  PAGE.draining = 0;
  if (PAGE.queue.length === 0 || leavingNow()) return;
  const inst = readyStage();
  if (inst === null) {
    if (PAGE.stage && waitsForStage()) return; // adoptStage drains it
    if (pageRunning()) {
      PAGE.draining = setTimeout(drainQueue, 100);
      return;
    }
  }
  while (PAGE.queue.length && !leavingNow()) {
    const { key, at } = PAGE.queue.shift();
    if (waitedOut(at)) continue;
    if (inst !== null) stageKey(inst, key);
    else if (PAGE.scene) sceneKey(key);
  }
}

// A widget chosen with the mouse keeps the focus, and with it the keys: a select box's
// search field types S into itself, a slider or a group of toggle buttons takes the
// arrows and PageDown. Once the pointer is up and the widget has done its work, the focus
// is let go, so the clicker and the stage's keys work again. A widget reached with Tab
// (the keyboard) keeps it; text and number fields always keep it.
const RELEASE_MS = [0, 60, 200];
// A select box's list closes once Streamlit has taken the choice: on a busy page that can
// come after the last of RELEASE_MS (a CI run saw S typed into the search field). After an
// option, the list is looked at every CLOSE_POLL_MS until it has closed, for CLOSE_WAIT_MS.
const CLOSE_POLL_MS = 50;
const CLOSE_WAIT_MS = 3000;

function onPagePointerUp(ev) {
  const target = ev.target instanceof Element ? ev.target : null;
  for (const ms of RELEASE_MS) {
    setTimeout(() => {
      const el = document.activeElement;
      if (el && el !== document.body && (isSlider(el) || isChoice(el))) el.blur();
    }, ms);
  }
  if (target?.closest('[role="option"]')) {
    const since = performance.now();
    setTimeout(() => releaseClosedSelect(since), 0);
  }
}

// The select box an option was chosen in, let go once its list has closed; not if the focus
// went elsewhere meanwhile. (Its field shows the chosen option: its value is no sign of
// typing.)
function releaseClosedSelect(since) {
  const el = document.activeElement;
  if (el?.getAttribute?.("role") !== "combobox") return;
  if (closedSelect(el)) {
    el.blur();
  } else if (performance.now() - since < CLOSE_WAIT_MS) {
    setTimeout(() => releaseClosedSelect(since), CLOSE_POLL_MS);
  }
}

// A scene asked for with the mouse: presses made meanwhile wait for its page.
function onPageClick(ev) {
  const target = ev.target instanceof Element ? ev.target : null;
  if (!ev.isTrusted || !target || PAGE.openers.length === 0) return;
  const openers = PAGE.openers.map((k) => `${STREAMLIT.keyedLike(k)} button:not(:disabled)`).join(", ");
  if (target.closest(openers)) leave();
}

// The page's data (ui/stage/page_keys.js, on every page and scene shown).
function pageKeys(data) {
  watchScript();
  const where = String(data.where || "");
  const fresh = where !== PAGE.where;
  if (fresh) {
    PAGE.epoch += 1;
    PAGE.where = where;
    PAGE.since = typeof data.at === "number" ? data.at : performance.now();
    // The stage may have come first (the chart's script loaded before this page's keys
    // data): drawn for this page, it takes the keys now. A stage of the page left waits
    // for its page's own.
    const inst = PAGE.inst;
    if (inst !== null && !inst.destroyed && inst.stage?.sync.data.where === where) {
      inst.stage.epoch = PAGE.epoch;
    }
  }
  PAGE.stage = !!data.stage;
  PAGE.charts = Array.isArray(data.charts) ? data.charts.map(String) : [];
  PAGE.scene = !!data.scene;
  const clicker = data.clicker || {};
  PAGE.clickerNext = new Set(clicker.next || []);
  PAGE.clickerBack = new Set(clicker.back || []);
  PAGE.sceneButtons = data.scene_buttons || {};
  PAGE.openers = Array.isArray(data.openers) ? data.openers.map(String) : [];
  PAGE.keys = new Set([...PAGE.clickerNext, ...PAGE.clickerBack, ...(data.shortcuts || [])]);
  if (data.opening) {
    if (!leavingNow()) leave();
  } else if (leavingNow() && where !== PAGE.leavingFrom) {
    PAGE.leaving = 0; // the scene's page: its presses wait for its stage, or go now
  }
  takeEarly();
  drainQueue();
}

// Inputs that take no text: a slider (Streamlit's is a hidden range input), a checkbox, a
// toggle. The stage's letter keys work while one has the focus.
const NOT_TEXT = new Set(["range", "checkbox", "radio", "button", "submit", "reset"]);

function typing(target, key = "") {
  if (!target) return false;
  if (target.isContentEditable || target.tagName === "TEXTAREA" || target.tagName === "SELECT") {
    return true;
  }
  if (target.tagName !== "INPUT" || NOT_TEXT.has(String(target.type).toLowerCase())) return false;
  // A select box's search field while its list is closed and nothing is typed: the
  // clicker's keys move nothing there (a letter still searches, ArrowDown opens the list).
  return !(clickerKey(key) && closedSelect(target) && !target.value);
}

function closedSelect(el) {
  return (
    !!el &&
    el.getAttribute &&
    el.getAttribute("role") === "combobox" &&
    el.getAttribute("aria-expanded") !== "true"
  );
}

function isSlider(el) {
  return (
    !!el &&
    ((el.tagName === "INPUT" && String(el.type).toLowerCase() === "range") ||
      (el.getAttribute && el.getAttribute("role") === "slider"))
  );
}

// A choice made with the mouse: a toggle, a checkbox, a radio button or a segmented
// control's button (role radio), a tab.
const CHOICE_ROLES = new Set(["switch", "checkbox", "radio", "tab", "option", "menuitem"]);

function isChoice(el) {
  if (!el?.getAttribute) return false;
  const type = el.tagName === "INPUT" ? String(el.type).toLowerCase() : "";
  return type === "checkbox" || type === "radio" || CHOICE_ROLES.has(el.getAttribute("role"));
}

const NAVIGATION_KEYS = new Set(["pagedown", "pageup", "arrowright", "arrowleft", "arrowdown", "arrowup"]);
const STEERED = new Set([
  "slider",
  "radio",
  "radiogroup",
  "tab",
  "tablist",
  "option",
  "listbox",
  "menu",
  "menuitem",
  "combobox",
  "spinbutton",
]);

function steers(target) {
  if (isSlider(target)) return true;
  if (closedSelect(target)) return false; // its list is closed: it steers nothing now
  for (let el = target; el && el !== document.body; el = el.parentElement) {
    const role = el.getAttribute?.("role");
    if (role && STEERED.has(role)) return true;
  }
  return false;
}

// The page's keys, from the module's first evaluation on (once per page load).
window.addEventListener("keydown", onPageKey, true);
window.addEventListener("pointerup", onPagePointerUp, true);
window.addEventListener("click", onPageClick, true);
// A student's follower (ui/room/follow.js) moves the stage to the lecture's cursor, from
// the frames it holds: ``detail.done`` says whether it could, ``detail.ahead`` how many
// Steps on the frames then reach.
window.addEventListener("perceptron-lab-goto", (ev) => {
  const inst = PAGE.inst;
  if (inst?.stage && !inst.destroyed) {
    ev.detail.done = stageGoto(inst, ev.detail.cursor);
    ev.detail.ahead = inst.stage.sync.ahead();
  }
});
// The inline script's presses and page: from now on this module takes the keys.
window.perceptronLab ||= { early: [], loaded: false };
const LAB = window.perceptronLab;
LAB.loaded = true;
window.addEventListener("perceptron-lab-page", () => pageKeys(LAB.page));
if (LAB.page) pageKeys(LAB.page);
