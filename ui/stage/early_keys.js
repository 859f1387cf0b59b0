// Perceptron Lab: the presses made before the page's own scripts have run.
//
// Served in the head of the lab's HTML (ui.server.early_keys: a middleware of app.py's
// st.App), so it runs before Streamlit draws anything: a lecturer who opens a link and
// presses the clicker at once, on a busy server or a cold browser cache, has the press
// kept while the page's keys data (ui/stage/page_keys.js, an st.html script Streamlit loads
// on its own time) and the stage's script (ui/stage/keys.js) are still on their way. The
// same text also runs at the head of that st.html script, for a page served without the
// middleware; it installs its listener once.
//
// Until ui/stage/keys.js has loaded (``window.perceptronLab.loaded``), a key the stage or a
// presentation clicker could want is kept in ``window.perceptronLab.early`` ({key, at}) and
// taken from the page: before the page's data has come, any of __ANY_KEYS__ (every stage's
// keys and the clicker's); after it, the page's own (its stage's keys, the clicker's on a
// page with a stage or a lecture scene). Keys typed into a text field are left alone.
(() => {
  const ANY = new Set(__ANY_KEYS__);
  window.perceptronLab ||= { early: [], loaded: false };
  const lab = window.perceptronLab;
  lab.any = [...ANY]; // ui/stage/keys.js keeps these too until the page's data has come
  if (lab.listening) return;
  lab.listening = true;
  const typed = new Set(["INPUT", "TEXTAREA", "SELECT"]);
  window.addEventListener(
    "keydown",
    (ev) => {
      if (lab.loaded || ev.ctrlKey || ev.metaKey || ev.altKey || ev.repeat) return;
      const key = typeof ev.key === "string" ? ev.key.toLowerCase() : "";
      const page = lab.page;
      if (page) {
        const stageKey = page.stage && page.shortcuts.includes(key);
        const clicker = page.clicker.next.includes(key) || page.clicker.back.includes(key);
        if (!(clicker || stageKey)) return;
        if (!(page.stage || page.scene || page.opening)) return;
      } else if (!ANY.has(key)) {
        return;
      }
      const target = ev.target;
      if (target && (target.isContentEditable || typed.has(target.tagName))) return;
      if (lab.early.length < 100) lab.early.push({ key, at: performance.now() });
      ev.preventDefault();
      ev.stopImmediatePropagation();
    },
    true,
  );
})();
