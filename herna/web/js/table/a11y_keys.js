// The table page's letter keys (issue 24): one list, read by the page's key
// handler, by the `?` key that says them all and by the help page. Each key
// says one fact or walks the history; they work anywhere on the table page
// except in a text field (the chat, a name), where letters are typed.
//
// Words are message ids of the web catalog (herna/web/locale/cs.po), so
// every key is listed in both languages.

import { N_ } from "../i18n.js";

/** Every key: `key` (event.key, lower case), `id` (what it does), `words` (its help,
 *  per game where the games differ: a game missing from a per-game table has no such key). */
export const KEYS = [
  { key: "h", id: "hand", words: { "*": N_("h: your hand and the cards you may play"), kurnik: N_("h: your coop") } },
  { key: "t", id: "trick", words: { "*": N_("t: the trick in play and the last trick"),
    kurnik: N_("t: the last roll and the supply") } },
  { key: "s", id: "scores", words: { "*": N_("s: the scores") } },
  { key: "w", id: "turn", words: { "*": N_("w: whose turn it is, with the time left on the clock") } },
  { key: "k", id: "kingdom", words: { ugo: N_("k: your kingdom"), kurnik: N_("k: every coop") } },
  { key: "r", id: "clock", words: { "*": N_("r: the time remaining on the turn clock") } },
  { key: "p", id: "sheet", words: { "*": N_("p: the score sheet, each part's points and the totals (p again closes it)") } },
  { key: "l", id: "log", words: { "*": N_("l: the last 10 events") } },
  { key: "b", id: "back", words: { "*": N_("b: history, one event back") } },
  { key: "n", id: "next", words: { "*": N_("n: history, one event forward") } },
  { key: "a", id: "again", words: { "*": N_("a: the event you are at again, in full detail") } },
  { key: "j", id: "start-small", words: { ugo: N_("j: history, to the start of the current trick"),
    trumfosaur: N_("j: history, to the start of the current trick"),
    kurnik: N_("j: history, to the start of the current turn") } },
  { key: "d", id: "start-big", words: { ugo: N_("d: history, to the start of the current round"),
    trumfosaur: N_("d: history, to the start of the current deal") } },
  { key: "u", id: "sounds", words: { "*": N_("u: short sounds on or off (off at first; the log says everything too)") } },
  { key: "v", id: "verbosity", words: { "*": N_("v: say what happens briefly or in full detail (switches)") } },
  { key: "f", id: "playable", words: { ugo: N_("f: to the next card you may play"),
    trumfosaur: N_("f: to the next card you may play") } },
  { key: "i", id: "hint", words: { "*": N_("i: a hint, the strong bot's best moves (at your move)") } },
  { key: "g", id: "review",
    words: { "*": N_("g: review the game once it is over, the moves that lost the most and why") } },
  { key: "m", id: "more-time", words: { "*": N_("m: more time, when the turn clock runs for you") } },
  { key: "o", id: "only-move", words: { "*": N_("o: make your only move (when you have just one, such as Roll)") } },
  { key: "c", id: "chat", words: { "*": N_("c: to the chat box (Escape or Tab leaves it)") } },
  { key: "?", id: "help", words: { "*": N_("?: this list of keys") } },
];

/** The sections the jump keys go to, in the order tried: the small one (j) and the big one (d). */
export const JUMPS = { "start-small": ["trick", "turn"], "start-big": ["deal", "round"] };

/** The help words (a message id) of `entry` in `game`, or null when the game has no such key. */
export function keyWords(entry, game) {
  if (game && game in entry.words) return entry.words[game];
  return entry.words["*"] || null;
}

/** The keys of `game` as [key, message id] pairs, in order (all of them with `game` null). */
export function keysOf(game) {
  return KEYS.map((entry) => [entry.key, keyWords(entry, game)]).filter(([, words]) => words);
}

/** Whether `el` takes typed text (then the letter keys are letters, not commands). */
export function isTextField(el) {
  if (!el || !el.tagName) return false;
  if (el.isContentEditable || el.tagName === "TEXTAREA" || el.tagName === "SELECT") return true;
  if (el.tagName !== "INPUT") return false;
  const type = (el.getAttribute("type") || "text").toLowerCase();
  return !["button", "submit", "reset", "checkbox", "radio", "range", "color", "file", "image"].includes(type);
}

/** The key entry a keydown `event` runs on the table page, or null (modifiers, text fields, other keys). */
export function keyOf(event, game) {
  if (event.altKey || event.ctrlKey || event.metaKey || event.isComposing) return null;
  if (isTextField(event.target)) return null;
  const key = String(event.key || "");
  if (key.length !== 1) return null;
  if (event.shiftKey && key !== "?") return null;
  const entry = KEYS.find((k) => k.key === key.toLowerCase());
  return entry && keyWords(entry, game) ? entry : null;
}
