// Perceptron Lab: a class's words on a student's device, in the student's language and
// notation (pure, no DOM; node's test runner imports it: tests/js/class_words.test.mjs).
// ui/room/follow.py serves it before ui/room/follow.js (its "export" words dropped), with
// the words ui/room/class_words.py's follower_words gives for the student's page:
//
// words = {templates: {id: template | [form, ...]}, plural: [form of 0, ..., form of 199],
//          fields: {name: [field, ...]}, symbols: {w}, labels: {"1", "-1"},
//          pairs: [[english, own], ...]}
//
// A question's prompt and choices come from the class's store as a message's id and its
// values (["choice", "A", "3", "1, 2", "+1"]: class.q.choice's fields in order); said here
// with the student's own templates. Text that is not such a message is said as it is. A
// template's fields are {name}; a plural's forms are picked by the field n with the
// language's rule (``plural``: ui.words.plural_table, the catalogue's Plural-Forms).

// Which of ``forms`` plural forms the count ``n`` takes: the rule's table below its length,
// periodic by 100 beyond it; without a table, English's (1: the first); not a whole number:
// the last, the general form (as ui.words.form).
export function pluralForm(plural, n, forms) {
  const k = Math.abs(Number(n));
  if (!Number.isInteger(k)) return forms - 1;
  const table = Array.isArray(plural) && plural.length > 100 ? plural : null;
  const i = table ? table[k < table.length ? k : 100 + (k % 100)] : k === 1 ? 0 : 1;
  return Math.min(i, forms - 1);
}

export function fill(template, fields, plural = null) {
  const chosen = Array.isArray(template) ? template[pluralForm(plural, fields.n, template.length)] : template;
  return String(chosen).replace(/\{(\w+)\}/g, (all, name) => (name in fields ? String(fields[name]) : all));
}

// Message ``id`` (class.js.*) with ``fields``, or ``fallback`` when the words lack it.
export function message(words, id, fields = {}, fallback = "") {
  const template = words && words.templates ? words.templates[id] : undefined;
  return template === undefined ? fallback : fill(template, fields, words.plural);
}

// A lecturer's text cut into [isFormula, text] parts: a formula is $...$ on one line (at
// most 400 characters), a lone $ is text, as ui/server/lectures.py's formula_parts cuts it.
const FORMULA = /\$([^$\n]{1,400})\$/g;
export function formulaParts(text) {
  const out = [];
  let at = 0;
  for (const found of text.matchAll(FORMULA)) {
    if (found.index > at) out.push([false, text.slice(at, found.index)]);
    out.push([true, found[1]]);
    at = found.index + found[0].length;
  }
  if (at < text.length) out.push([false, text.slice(at)]);
  return out;
}

// A prompt or a choice as parts to draw: a computed question's words (the catalogue's,
// filled with the run's numbers and the data's names) are text; a lecturer's own text keeps
// its formulas, typeset by the page (KaTeX), the rest text.
export function sayParts(words, text) {
  const said = sayText(words, text);
  return said === String(text) ? formulaParts(said) : [[false, said]];
}

// A prompt or a choice from the class's store, in the student's words.
export function sayText(words, text) {
  let parts = null;
  try {
    parts = JSON.parse(text);
  } catch {
    return String(text);
  }
  if (!Array.isArray(parts) || typeof parts[0] !== "string" || !words || !words.fields) return String(text);
  const names = words.fields[parts[0]];
  const template = words.templates[`class.q.${parts[0]}`];
  if (!Array.isArray(names) || template === undefined || names.length !== parts.length - 1)
    return String(text);
  const fields = Object.assign({}, words.symbols || {});
  names.forEach((name, i) => {
    fields[name] = parts[i + 1];
  });
  if ("y" in fields && words.labels && String(Number(fields.y)) in words.labels) {
    fields.y = words.labels[String(Number(fields.y))];
  }
  return fill(template, fields, words.plural);
}

// A sentence the server or the follower wrote in English (a refusal, where the lecture
// is), in the student's language when it is one of ``words.pairs``; else as it is.
export function localize(words, text) {
  const said = String(text || "");
  for (const [english, own] of words?.pairs || []) {
    const names = [];
    const source = String(english)
      .split(/(\{\w+\})/)
      .map((part) => {
        const field = /^\{(\w+)\}$/.exec(part);
        if (!field) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        names.push(field[1]);
        return "(.+?)";
      })
      .join("");
    const found = new RegExp(`^${source}$`).exec(said);
    if (found) {
      const fields = {};
      names.forEach((name, i) => {
        fields[name] = found[i + 1];
      });
      return fill(own, fields, words.plural);
    }
  }
  return said;
}
