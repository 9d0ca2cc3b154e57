// The history of a table as one viewer heard it: every event it received,
// in both verbosities, and a cursor to walk them one at a time (the keys b,
// n, a and the jumps j, d; issue 24). Pure: no DOM. The browser's twin of
// herna/text/history.py's History, with the same rules:
//
// - stepping skips the events with nothing to say in the chosen verbosity;
// - stepping back from the first stays there, forward from the newest too
//   (the answer says so: `edge`);
// - a jump goes to the first event with words of the current section
//   (a trick, a deal, a round, a turn): the one in progress, or the one just
//   closed when none has opened since. Where a section opens and closes is
//   the game's knowledge: GET /api/games gives each game's `sections`
//   ({name: {opens: [kind...], closes: [kind...]}}).

export const VERBOSITIES = ["brief", "full"];

/** An event's lines in `verbosity`: its `brief` or its `text` (the full lines). */
export function linesOf(event, verbosity) {
  const lines = verbosity === "full" ? event.text : event.brief;
  return (lines || []).filter((line) => line && String(line).trim());
}

export class History {
  /** `sections`: the game's sections (see the module comment). */
  constructor(sections = {}) {
    this.items = [];
    this.sections = sections || {};
    this.cursor = null; // null: at the newest
  }

  /** Add what happened next (events with seq, kind, text, brief); the cursor goes back to the newest. */
  extend(events) {
    for (const event of events) this.items.push(event);
    this.cursor = null;
  }

  clear() {
    this.items = [];
    this.cursor = null;
  }

  spoken(verbosity) {
    const out = [];
    this.items.forEach((item, i) => { if (linesOf(item, verbosity).length) out.push(i); });
    return out;
  }

  at(verbosity) {
    const spoken = this.spoken(verbosity);
    if (!spoken.length) return null;
    if (this.cursor === null) return spoken[spoken.length - 1];
    const before = spoken.filter((i) => i <= this.cursor);
    return before.length ? before[before.length - 1] : spoken[0];
  }

  /** The entry at the cursor (the newest with words until stepped back), or null. */
  current(verbosity) {
    const at = this.at(verbosity);
    return at === null ? null : this.items[at];
  }

  /** One entry back: `{item, edge}` (`edge`: it was the first already), or null when nothing was said yet. */
  back(verbosity) {
    return this.step(verbosity, -1);
  }

  /** One entry forward: `{item, edge}` (`edge`: it was the newest already), or null. */
  forward(verbosity) {
    return this.step(verbosity, 1);
  }

  step(verbosity, direction) {
    const at = this.at(verbosity);
    if (at === null) return null;
    const spoken = this.spoken(verbosity);
    const next = direction < 0 ? spoken.filter((i) => i < at).pop() : spoken.find((i) => i > at);
    this.cursor = next === undefined ? at : next;
    return { item: this.items[this.cursor], edge: next === undefined };
  }

  /** The index of the first event of the current `name` section, or null (see the module comment). */
  sectionStart(name) {
    const section = this.sections[name];
    if (!section) return null;
    const opens = new Set(section.opens || []);
    const closes = new Set(section.closes || []);
    const kinds = this.items.map((item) => item.kind);
    if (closes.size) {
      let lastClose = -1;
      kinds.forEach((kind, i) => { if (closes.has(kind)) lastClose = i; });
      for (let i = lastClose + 1; i < kinds.length; i++) if (opens.has(kinds[i])) return i;
      let previous = -1;
      for (let i = 0; i < lastClose; i++) if (closes.has(kinds[i])) previous = i;
      for (let i = previous + 1; i <= lastClose; i++) if (opens.has(kinds[i])) return i;
      return null;
    }
    for (let i = kinds.length - 1; i >= 0; i--) if (opens.has(kinds[i])) return i;
    return null;
  }

  /** Move the cursor to the start of the current `name` section and return that entry, or null (cursor kept). */
  startOf(name, verbosity) {
    const start = this.sectionStart(name);
    if (start === null) return null;
    const first = this.spoken(verbosity).find((i) => i >= start);
    if (first === undefined) return null;
    this.cursor = first;
    return this.items[first];
  }

  /** `[k, n]`: the cursor is at the k-th of n entries with words (1-based; 0 when none). */
  position(verbosity) {
    const spoken = this.spoken(verbosity);
    const at = this.at(verbosity);
    return [at === null ? 0 : spoken.indexOf(at) + 1, spoken.length];
  }

  /** The last `n` entries with words in `verbosity`. */
  last(n, verbosity) {
    return this.spoken(verbosity).slice(-n).map((i) => this.items[i]);
  }

  /** Every line of `item`'s action (the events of its seq) in full (an event with no full line: its brief
   *  one): what "say it again" reads, e.g. a Kurník roll with what each die paid and the coop after it. */
  whole(item) {
    const lines = (event) => (linesOf(event, "full").length ? linesOf(event, "full") : linesOf(event, "brief"));
    return this.items.filter((event) => event.seq === item.seq).flatMap(lines);
  }
}
