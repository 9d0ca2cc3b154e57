// The table page for a screen-reader player (issue 24): the verbosity of
// the game log, the history walked by keys, the readout keys and the key
// list. The page (table.js) hands over what it knows through `deps` and
// calls in at four places: the events of each state message (`record`), a
// `readouts` message from the server (`onReadouts`), the verbosity button
// and the keys (`onKey`, on the whole page).
//
// deps: {
//   say(text)                    speak now (the assertive region),
//   send(message)                a WebSocket message (false when not connected),
//   named(line)                  a line with its card codes named,
//   game()                       the game's name (or null before the first state),
//   info()                       GET /api/games' entry of the game (sections, readouts),
//   me()                         the viewer's seat or null,
//   who(seat)                    a seat's short name ("Eva", "Seat 2", "you"),
//   clock()                      {seat, left (s), extensions} or null,
//   readout(id)                  the page's own words of h, t, s, w (or null),
//   hint(), moreTime()           the i and m keys,
//   sheet(), onlyMove(), chat()  the p, o and c keys (chat() false when the chat is muted),
//   focusPlayable()              the f key: focus the next card you may play; false when none,
//   toggleSounds()               the u key: sounds on or off (sounds.js),
//   rewriteLog()                 write the log anew in the current verbosity (not announced),
//   showKeys(pairs)              show the list of keys [[key, words]] and move the focus to it,
// }

import { t } from "../i18n.js";
import { History, linesOf } from "./history.js";
import { JUMPS, keyOf, keysOf } from "./a11y_keys.js";
import { clockReadout } from "./readouts.js";
import { storedVerbosity, storeVerbosity } from "./verbosity.js";

const LAST_EVENTS = 10; // the l key: the last 10 events
const SERVER_READOUTS = { kingdom: ["kingdom", "coops"] }; // a key's server readout, the first the game has

export class A11y {
  constructor(deps) {
    this.deps = deps;
    this.verbosity = storedVerbosity();
    this.history = new History();
    this.wanted = null; // the server readout asked for by a key, until its answer
  }

  /** The lines of `event` the log shows and speaks, in the current verbosity, card codes named. */
  lines(event) {
    return linesOf(event, this.verbosity).map(this.deps.named);
  }

  /** Start the history anew with `events` (a first look, another language). */
  reset(events) {
    const info = this.deps.info();
    this.history = new History((info && info.sections) || {});
    this.history.extend(events);
  }

  /** Events that came after the ones recorded. */
  record(events) {
    if (events.length) this.history.extend(events);
  }

  /** Switch between brief and full (the v key, the verbosity button); the log is rewritten, not read out. */
  setVerbosity(verbosity) {
    this.verbosity = storeVerbosity(verbosity);
    this.deps.rewriteLog();
    this.deps.say(verbosity === "full" ? t("Full detail: every card, die and score of each event.")
      : t("Brief: one short line per event."));
  }

  /** Say one history entry with its place ("12/40: ..."); `full`: every event of its action (its seq) in full
   * (a Kurník roll with what each die paid and the coop after it), as the terminal's `again`. */
  sayEntry(item, full = false) {
    const lines = (full ? this.history.whole(item) : linesOf(item, this.verbosity)).map(this.deps.named);
    const [k, n] = this.history.position(this.verbosity);
    return `${k}/${n}: ${lines.join(" ")}`;
  }

  walk(id) {
    const v = this.verbosity;
    const at = this.history.current(v);
    if (at === null) return t("Nothing has happened yet.");
    if (id === "again") return this.sayEntry(at, true);
    if (id === "back" || id === "next") {
      const step = id === "back" ? this.history.back(v) : this.history.forward(v);
      const edge = step.edge ? (id === "back" ? t("That is the first event.") : t("That is the newest event.")) : "";
      return [edge, this.sayEntry(step.item)].filter(Boolean).join(" ");
    }
    const info = this.deps.info();
    const sections = (info && info.sections) || {};
    const name = JUMPS[id].find((section) => section in sections);
    const item = name ? this.history.startOf(name, v) : null;
    return item ? this.sayEntry(item) : t("Nothing of it has happened yet.");
  }

  lastEvents() {
    const items = this.history.last(LAST_EVENTS, this.verbosity);
    if (!items.length) return t("Nothing has happened yet.");
    const lines = items.map((item) => this.lines(item).join(" "));
    return [t("The last {n} events:", { n: items.length }), ...lines].join(" ");
  }

  /** The words of key `id`, or null when the answer comes later (a server readout). */
  answer(id) {
    const deps = this.deps;
    switch (id) {
      case "back": case "next": case "again": case "start-small": case "start-big":
        return this.walk(id);
      case "log":
        return this.lastEvents();
      case "clock":
        return clockReadout(deps.clock(), deps.me(), deps.who, t);
      case "turn": {
        const clock = deps.clock();
        return [deps.readout("turn"), clock ? clockReadout(clock, deps.me(), deps.who, t) : ""].filter(Boolean).join(" ");
      }
      case "kingdom": {
        const info = deps.info();
        const have = (info && info.readouts) || [];
        const name = SERVER_READOUTS.kingdom.find((r) => have.includes(r));
        if (!name) return null;
        if (name === "kingdom" && deps.me() === null) return t("You are watching: you have no kingdom.");
        this.wanted = name;
        if (!deps.send({ type: "readouts" })) this.wanted = null;
        return null;
      }
      default:
        return deps.readout(id);
    }
  }

  /** A `readouts` message: say the one a key asked for. */
  onReadouts(message) {
    const name = this.wanted;
    this.wanted = null;
    if (!name) return;
    const lines = message[name] || [];
    // each line a sentence of its own, so that a screen reader pauses between the seats
    const sentences = lines.map((line) => this.deps.named(/[.!?:;…]$/.test(line) ? line : `${line}.`));
    this.deps.say(sentences.length ? sentences.join(" ") : t("Nothing to say yet."));
  }

  /** A keydown anywhere on the page: run its key (module comment of keys.js); true when it was one. */
  onKey(event) {
    const game = this.deps.game();
    if (!game) return false;
    const entry = keyOf(event, game);
    if (!entry) return false;
    event.preventDefault();
    const deps = this.deps;
    switch (entry.id) {
      case "hint": deps.hint(); return true;
      case "more-time": deps.moreTime(); return true;
      case "sheet": deps.sheet(); return true;
      case "only-move": deps.onlyMove(); return true;
      case "chat":
        if (!deps.chat()) deps.say(t("The chat is muted for you."));
        return true;
      case "verbosity": this.setVerbosity(this.verbosity === "brief" ? "full" : "brief"); return true;
      case "sounds": deps.toggleSounds(); return true;
      case "help": deps.showKeys(keysOf(game).map(([key, words]) => [key, t(words)])); return true;
      case "playable":
        if (!deps.focusPlayable()) deps.say(t("No card of yours may be played now."));
        return true;
      default: {
        const words = this.answer(entry.id);
        if (words) deps.say(words);
        return true;
      }
    }
  }
}
