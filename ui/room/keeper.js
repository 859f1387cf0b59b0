// The lecturer's class kept in the lecturer's browser (ui/room/lecturer.py): a reload, a
// second tab or a new Streamlit session of this browser gets its class back. The class's
// code and the lecturer's secret are kept in localStorage (this origin only, never in a
// link); the server hands them over when a class starts or is taken over, and asks for
// them to be forgotten when it ends. Nothing is drawn.
const KEY = "perceptron-lab.class";

function held() {
  try {
    const kept = JSON.parse(window.localStorage.getItem(KEY) || "null");
    if (kept && typeof kept.code === "string" && typeof kept.secret === "string") return kept;
  } catch {
    // storage off or garbled: nothing kept
  }
  return null;
}

export default function keeper(component) {
  const { data, setStateValue } = component;
  try {
    if (data?.keep) {
      const { code, secret } = data.keep;
      window.localStorage.setItem(KEY, JSON.stringify({ code, secret, at: Date.now() }));
      return;
    }
    if (data?.forget) {
      const kept = held();
      if (kept && kept.code === data.forget) window.localStorage.removeItem(KEY);
      return;
    }
  } catch {
    return; // storage off (a private window's policy): the class lives in the session only
  }
  const kept = held();
  if (kept) {
    const age = Math.max(0, (Date.now() - Number(kept.at || 0)) / 1000);
    setStateValue("kept", { code: kept.code, secret: kept.secret, age_s: age });
  }
}
