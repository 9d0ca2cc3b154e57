// The table page's one state object, shared by the modules of js/table/.
// Nothing here draws or talks to the server: it only holds what the page knows.

/** The element with `id` (the page's regions are found by id). */
export const $ = (id) => document.getElementById(id);

const match = location.pathname.match(/^\/t\/([^/]+)/);
/** The table of this page (`/t/{id}`, or `?table=` for tests of the bare page). */
export const tableId = match ? decodeURIComponent(match[1]) : new URLSearchParams(location.search).get("table");

/** `/api/tables/{id}` + `rest`. */
export function tablePath(rest = "") {
  return `/api/tables/${encodeURIComponent(tableId)}${rest}`;
}

export const app = {
  token: null, // the seat token of a join link (kept in memory only)
  ws: null,
  tries: 0,
  closing: false,
  gotState: false, // a state message came on this connection
  resynced: false, // that first state message was taken in (the log resynchronised)
  msg: null, // the last state message drawn
  catalogue: [], // GET /api/games in the current language
  lastSeq: -1, // the highest event seq written to the log
  seenAtLast: new Set(), // the events of that seq already written
  logLang: null, // the language of the log's lines (a full state in another one rewrites it)
  pending: null, // the action sent, until the answer
  pendingTimer: null,
  focusCard: null, // the hand's roving tab stop (a card code)
  selected: [], // cards picked in a select-mode decision (Trumfosaur's exchange)
  wasMyTurn: false, // "Your turn" is said in the log at each new decision of ours
  lost: false, // the connection was lost (said once in the log)
  clock: null, // the turn clock: {seat, seq, deadline (performance.now() ms), warnBefore, left, warned}
  clockTimer: null,
  hint: null, // the last hint asked for (GET /api/tables/{id}/hint), until the move changes
  log: null, // the game log (live.js GameLog)
  hold: null, // a finished trick kept on the table a moment: {seq, trick}
  holdTimer: null,
  roundEnd: null, // Ugo!'s round_scored event, shown until the player continues
  replay: null, // stepping through a finished game: {steps, at, names, cache}
  hens: null, // Kurník: the hens per coop at the last look (a change glows)
};
