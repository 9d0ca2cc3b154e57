// The table page (table.html): one seat's (or a spectator's) view of a
// table, live over the WebSocket /ws/tables/{id} (WEB-API.md).
//
// - The join link's fragment holds the seat token: it is POSTed to
//   /api/tables/{id}/claim (Bearer) to get the seat's cookie, then dropped
//   from the address (history.replaceState).
// - Every state message redraws the table in place (dom.js `patch`): the
//   element with focus is never replaced, so another player's move never
//   moves the focus. Events are appended to the game log once (deduplicated
//   by seq), which announces them politely (live.js).
// - Lost connection: reconnect with backoff, "reconnecting" shown; the first
//   state message after it resynchronises everything.
// - The letter keys (anywhere on the page but a text field; table/keys.js,
//   `?` lists them) say the hand, the trick, the scores, whose turn, the
//   clock, the score sheet, and walk the history (table/a11y.js). The log
//   speaks each event briefly, or in full on request (the v key, the
//   verbosity button; remembered in this browser).

import { api, ApiError, games as fetchGames } from "./api.js";
import { h, patch } from "./dom.js";
import { isTextField } from "./table/a11y_keys.js";
import { languageButtons, lang, N_, setLang, startLang, t, translatePage } from "./i18n.js";
import { GameLog, speak } from "./live.js";
import kurnik from "./games/kurnik.js";
import trumfosaur from "./games/trumfosaur.js";
import ugo from "./games/ugo.js";
import { A11y } from "./table/a11y.js";
import { moveIndex, nextUsable } from "./table/playable.js";

const MODULES = { ugo, trumfosaur, kurnik };
const BACKOFF_MS = [500, 1000, 2000, 4000, 8000, 15000];
const UNITS = { deal: N_("Deal {n}"), round: N_("Round {n}"), turn: N_("Turn {n}") };

const $ = (id) => document.getElementById(id);

const match = location.pathname.match(/^\/t\/([^/]+)/);
const tableId = match ? decodeURIComponent(match[1]) : new URLSearchParams(location.search).get("table");

const app = {
  token: null, // the seat token of a join link (kept in memory only)
  ws: null,
  tries: 0,
  closing: false,
  gotState: false, // a state message came on this connection
  msg: null, // the last state message
  hint: null, // the last hint asked for (GET /api/tables/{id}/hint), until the move changes
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
};
let log = null;

// ----- words ----------------------------------------------------------------------------

function gameInfo() {
  return app.msg ? app.catalogue.find((g) => g.name === app.msg.game) || null : null;
}

function cardName(code) {
  const info = gameInfo();
  const names = (info && info.card_names) || {};
  return names[code] || code;
}

/** A suit's (colour's, species') name: a card's name without its value;
 *  `accusative`: declined as the object of "follow" (Czech "přiznej Špínosaura"). */
function suitName(cardCode, accusative = false) {
  const info = gameInfo();
  const declined = accusative && info && info.card_names_accusative ? info.card_names_accusative[cardCode] : null;
  return (declined || cardName(cardCode)).replace(/\s*\d+$/, "");
}

let namePattern = null; // card codes of this game, longest first, as one regular expression

/** An event's line with its card codes named ("plays SAX6" -> "plays Saxosaurus 6";
 *  "red1 red2" -> "red 1, red 2"): codes are read out badly, names well. */
function named(line) {
  const info = gameInfo();
  const names = (info && info.card_names) || {};
  const codes = Object.keys(names);
  if (!codes.length) return line;
  if (!namePattern || namePattern.lang !== lang() || namePattern.game !== info.name) {
    const one = codes.sort((a, b) => b.length - a.length).map((c) => c.replace(/[^A-Za-z0-9]/g, "")).join("|");
    namePattern = { lang: lang(), game: info.name, re: new RegExp(`\\b(?:${one})(?: (?:${one}))*\\b`, "g") };
  }
  return String(line).replace(namePattern.re, (run) => run.split(" ").map((code) => names[code] || code).join(", "));
}

function namedLines(lines) {
  return (lines || []).map(named);
}

function seatName(seat, { you = true } = {}) {
  const msg = app.msg;
  const info = msg && msg.seats ? msg.seats[seat] : null;
  const base = info && info.name ? t("{name} (seat {n})", { name: info.name, n: seat + 1 }) : t("Seat {n}", { n: seat + 1 });
  return you && msg && msg.seat === seat ? t("{who} (you)", { who: base }) : base;
}

function botLabel(kind) {
  const info = gameInfo();
  const bot = info && (info.bots || []).find((b) => b.kind === kind);
  return bot && bot.label ? bot.label : kind;
}

function kindWords(seatInfo) {
  if (!seatInfo) return "";
  if (seatInfo.kind === "human") return t("person");
  return botLabel(seatInfo.kind); // "easy bot", "snadný bot"
}

function makeCtx() {
  const msg = app.msg;
  const labels = new Map((msg.legal_labels || []).map((item) => [item.action, item.label]));
  return {
    msg,
    view: msg.view || {},
    me: Number.isInteger(msg.seat) ? msg.seat : null,
    legal: new Set(msg.legal || []),
    label: (action) => labels.get(action) || action,
    t,
    card: cardName,
    suit: suitName,
    suitToFollow: (cardCode) => suitName(cardCode, true),
    seat: seatName,
    lang: lang(),
    selected: app.selected,
  };
}

function module() {
  return app.msg ? MODULES[app.msg.game] || null : null;
}

// ----- the connection --------------------------------------------------------------------

async function claim() {
  const fragment = location.hash.replace(/^#/, "");
  if (!fragment) return;
  app.token = decodeURIComponent(fragment);
  const clean = `/t/${encodeURIComponent(tableId)}${location.search}`;
  try {
    await api(`/api/tables/${encodeURIComponent(tableId)}/claim`, { method: "POST", token: app.token });
  } catch (e) {
    app.token = null;
    $("notice").textContent = t("This join link does not work ({why}); you are watching as a spectator.",
      { why: e instanceof ApiError ? e.message : String(e) });
  }
  history.replaceState(null, "", clean);
}

function wsUrl() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${location.host}/ws/tables/${encodeURIComponent(tableId)}?lang=${lang()}`;
}

function setConn(state, text) {
  const el = $("conn");
  el.dataset.state = state;
  el.textContent = text;
}

function connect() {
  app.gotState = false;
  let ws;
  try {
    ws = new WebSocket(wsUrl());
  } catch (_) {
    scheduleReconnect();
    return;
  }
  app.ws = ws;
  ws.addEventListener("open", () => {
    if (app.token) ws.send(JSON.stringify({ type: "hello", token: app.token, lang: lang() }));
  });
  ws.addEventListener("message", (event) => {
    let data;
    try {
      data = JSON.parse(event.data);
    } catch (_) {
      return;
    }
    if (data.type === "state") onState(data);
    else if (data.type === "readouts") a11y.onReadouts(data);
    else if (data.type === "error") onError(data);
  });
  ws.addEventListener("close", (event) => {
    if (app.ws !== ws) return;
    app.ws = null;
    if (app.closing) return;
    if (!app.gotState) checkTable(event);
    else scheduleReconnect();
  });
}

async function checkTable(event) {
  // closed before the first state: does the table exist at all?
  try {
    await api(`/api/tables/${encodeURIComponent(tableId)}`);
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) {
      noSuchTable();
      return;
    }
  }
  if (event && event.code === 1008) {
    setConn("gone", t("The server refused the connection."));
    return;
  }
  scheduleReconnect();
}

/** The table does not exist: one message and the way to the lobby, no empty game panels. */
function noSuchTable() {
  app.closing = true;
  setConn("gone", t("There is no such table."));
  $("game").dataset.gone = "true";
  for (const id of ["status-sec", "layout", "skip"]) if ($(id)) $(id).hidden = true;
  $("rules-link").parentElement.hidden = true;
  patch($("notice"), t("Check the link, or create a new table in the lobby."), " ",
    h("a", { href: "/" }, t("Go to the lobby")));
}

function scheduleReconnect() {
  const delay = BACKOFF_MS[Math.min(app.tries, BACKOFF_MS.length - 1)];
  app.tries += 1;
  setConn("reconnecting", t("Connection lost. Reconnecting…"));
  if (!app.lost && app.msg) log.add([t("Connection lost. Reconnecting…")], { note: true });
  app.lost = true;
  clearTimeout(app.reconnectTimer);
  app.reconnectTimer = setTimeout(connect, delay);
}

function reconnectNow() {
  if (app.ws || app.closing) return;
  clearTimeout(app.reconnectTimer);
  connect();
}

function send(message) {
  if (!app.ws || app.ws.readyState !== WebSocket.OPEN) {
    showError(t("Not connected: wait until the connection is back."));
    return false;
  }
  app.ws.send(JSON.stringify(message));
  return true;
}

// ----- messages ----------------------------------------------------------------------------

function eventKey(event) {
  const { text: _text, brief: _brief, ...rest } = event;
  return JSON.stringify(rest);
}

/** Whether the game is over ("finished"; "over" before the waiting/playing/finished statuses). */
function isOver(msg) {
  return Boolean(msg) && (msg.status === "finished" || msg.status === "over");
}

/** The events of `events` not written yet, in order (seq-deduplicated). */
function freshEvents(events) {
  const out = [];
  for (const event of events || []) {
    const seq = Number(event.seq);
    if (seq < app.lastSeq) continue;
    const key = eventKey(event);
    if (seq === app.lastSeq) {
      if (app.seenAtLast.has(key)) continue;
    } else {
      app.lastSeq = seq;
      app.seenAtLast = new Set();
    }
    app.seenAtLast.add(key);
    out.push(event);
  }
  return out;
}

function onState(msg) {
  const first = app.msg === null;
  const resync = !app.gotState;
  app.gotState = true;
  app.tries = 0;
  setConn("online", t("Connected."));
  const seqChanged = !app.msg || app.msg.seq !== msg.seq;
  const before = app.msg;
  app.msg = msg;
  if (seqChanged) clearPending();
  if (seqChanged) $("error").textContent = "";
  const full = msg.full !== undefined ? msg.full : resync;
  const rewrite = first || (full && msg.lang && msg.lang !== app.logLang);
  if (rewrite) {
    // the whole log anew (first look, or another language): written, not announced
    app.lastSeq = -1;
    app.seenAtLast = new Set();
    const events = freshEvents(msg.events);
    a11y.reset(events);
    log.history(batchesOf(events), true);
    app.logLang = msg.lang;
  } else {
    const events = freshEvents(msg.events);
    a11y.record(events);
    if (resync && app.lost) log.add([events.length ? t("Connected again. Meanwhile:") : t("Connected again.")], { note: true });
    for (const event of events) log.add(a11y.lines(event));
  }
  app.lost = false;
  if (before && !first) noteSeatChanges(before, msg);
  if (before && !first && !before.partly_bot && msg.partly_bot) {
    log.add([t("This game is now marked as played partly by a bot.")], { note: true });
  }
  const ended = Boolean(before) && !first && !isOver(before) && isOver(msg);
  if (ended) log.add([whoseTurn(makeCtx())], { note: true }); // "The game is over. Winner: Seat 3"
  setClock(msg);
  const mine = (msg.legal || []).length > 0;
  if (mine && (seqChanged || !app.wasMyTurn || rewrite)) {
    // what to do is said last, at once (with what happened, while that is short)
    log.add([turnNote()], { note: true });
    log.flush();
  }
  app.wasMyTurn = mine;
  render();
  if (ended && !isTextField(document.activeElement)) $("over-h").focus(); // every game ends on "Game over"
  // the page starts inside the game region, so that its keys work at once
  if (first && (!document.activeElement || document.activeElement === document.body)) $("game").focus({ preventScroll: true });
}

/** Say in the log when a bot starts or stops playing for a person's seat. */
function noteSeatChanges(before, msg) {
  (msg.seats || []).forEach((info, seat) => {
    const old = (before.seats || [])[seat];
    if (!old || info.kind !== "human" || old.bot_playing === info.bot_playing) return;
    log.add([info.bot_playing ? t("A bot now plays for {who}.", { who: seatName(seat) })
      : t("{who} is back and plays again.", { who: seatName(seat) })], { note: true });
  });
}

// ----- the turn clock (WCAG 2.2.1: told, warned 20 s before, more time on request) ----------------

function clockWords(seconds) {
  const whole = Math.max(0, Math.ceil(seconds));
  const m = Math.floor(whole / 60);
  const sec = whole % 60;
  return `${m}:${String(sec).padStart(2, "0")}`;
}

function clockLeft() {
  return app.clock ? Math.max(0, (app.clock.deadline - performance.now()) / 1000) : 0;
}

function setClock(msg) {
  const clock = msg.clock;
  if (!clock || isOver(msg)) {
    app.clock = null;
    clearInterval(app.clockTimer);
    app.clockTimer = null;
    return;
  }
  const same = app.clock && app.clock.seq === clock.seq && app.clock.seat === clock.seat;
  app.clock = {
    seat: clock.seat, seq: clock.seq, deadline: performance.now() + clock.remaining * 1000,
    warnBefore: clock.warn_before, left: clock.extensions_left,
    warned: same ? app.clock.warned && clock.remaining <= clock.warn_before : false,
  };
  if (!app.clockTimer) app.clockTimer = setInterval(tickClock, 1000);
}

function tickClock() {
  const clock = app.clock;
  if (!clock || !app.msg) return;
  const left = clockLeft();
  const text = $("clock-text");
  if (text) text.textContent = clockText(left);
  const mine = app.msg.seat !== null && app.msg.seat === clock.seat;
  if (!mine) return;
  if (!clock.warned && left <= clock.warnBefore) {
    clock.warned = true;
    say(clock.left > 0 ? t("{seconds} seconds left to move. Press m, or the More time button, for more time.", { seconds: Math.ceil(left) })
      : t("{seconds} seconds left to move.", { seconds: Math.ceil(left) }));
  }
}

function clockText(left) {
  const clock = app.clock;
  if (!clock) return "";
  if (app.msg && app.msg.seat === clock.seat) return t("You have {time} to move.", { time: clockWords(left) });
  return t("{who} has {time} to move.", { who: seatName(clock.seat), time: clockWords(left) });
}

async function moreTime() {
  if (!app.clock || !app.msg || app.msg.seat !== app.clock.seat) return;
  try {
    const clock = await api(`/api/tables/${encodeURIComponent(tableId)}/more_time`, { method: "POST" });
    app.clock.deadline = performance.now() + clock.remaining * 1000;
    app.clock.left = clock.extensions_left;
    app.clock.warned = false;
    say(t("More time: you have {time} to move.", { time: clockWords(clock.remaining) }));
    render();
  } catch (e) {
    showError(t("Not done: {why}", { why: e.message }));
  }
}

// ----- hints: the strong bot's best moves (GET /api/tables/{id}/hint) ----------------------------

async function askHint() {
  const msg = app.msg;
  if (!msg) return;
  if (msg.seat === null || msg.seat === undefined) {
    say(t("You are watching: hints are for the players, at their own move."));
    return;
  }
  if (!(msg.legal || []).length || isOver(msg)) {
    say(t("A hint is for your own move; it is not your turn."));
    return;
  }
  if (app.hint && app.hint.seq === msg.seq && app.hint.lang === lang()) {
    showHint(app.hint);
    return;
  }
  const button = $("hint-button");
  button.disabled = true;
  say(t("Looking for a hint…"));
  try {
    const hint = await api(`/api/tables/${encodeURIComponent(tableId)}/hint?lang=${encodeURIComponent(lang())}`);
    app.hint = hint;
    if (app.msg && app.msg.seq === hint.seq) showHint(hint);
  } catch (e) {
    showError(t("No hint: {why}", { why: e.message }));
  } finally {
    button.disabled = false;
  }
}

function showHint(hint) {
  patch($("hint-box"), [h("p", null, named(hint.head)),
    h("ol", { class: "hints" }, hint.hints.map((move) => h("li", null, named(move.text))))]);
  // each line a sentence of its own, so that a screen reader pauses between the moves
  say(hint.text.map((line) => named(/[.!?…:]$/.test(line) ? line : `${line}.`)).join(" "));
}

// ----- votes on a seat whose player has gone ---------------------------------------------------

function canVoteOn(ctx, seat) {
  const msg = ctx.msg;
  const info = (msg.seats || [])[seat];
  const me = ctx.me === null ? null : (msg.seats || [])[ctx.me];
  return Boolean(info && me && seat !== ctx.me && !isOver(msg) && info.kind === "human"
    && !info.bot_playing && !me.bot_playing && !(info.online && info.taken));
}

function votesNeeded(ctx, seat) {
  const voters = (ctx.msg.seats || []).filter((s) => s.kind === "human" && !s.bot_playing && s.seat !== seat).length;
  return Math.floor(voters / 2) + 1;
}

async function vote(seat) {
  try {
    const answer = await api(`/api/tables/${encodeURIComponent(tableId)}/vote`, { method: "POST", body: { seat } });
    say(answer.handed ? t("A bot now plays for {who}.", { who: seatName(seat) })
      : t("Your vote counts: {n} of {m} needed.", { n: answer.votes.length, m: answer.needed }));
  } catch (e) {
    showError(t("Not done: {why}", { why: e.message }));
  }
}

function onSeatsClick(event) {
  const button = event.target.closest("button[data-vote]");
  if (button) vote(Number(button.dataset.vote));
}

/** Events grouped by seq, as lists of lines (the log's items) in the current verbosity. */
function batchesOf(events) {
  const out = [];
  let seq = null;
  for (const event of events) {
    if (event.seq !== seq || !out.length) {
      out.push([]);
      seq = event.seq;
    }
    out[out.length - 1].push(...a11y.lines(event));
  }
  return out.filter((lines) => lines.length);
}

// The refusals the page words itself; others (an illegal move's reason) come
// from the server in the page's language.
const ERROR_WORDS = {
  stale_seq: N_("the table had moved on meanwhile; look again and choose again."),
  not_your_turn: N_("it is not your turn."),
  forbidden: N_("only the player of this seat can do that."),
};

function onError(message) {
  clearPending();
  if (message.code === "not_found") return; // the socket closes next: checkTable says it once
  const words = ERROR_WORDS[message.code] ? t(ERROR_WORDS[message.code]) : (message.error || message.code || t("Refused."));
  showError(t("Not done: {why}", { why: words }));
}

function showError(text) {
  const el = $("error");
  el.textContent = "";
  setTimeout(() => { el.textContent = text; }, 30);
}

function clearPending() {
  app.pending = null;
  delete $("game").dataset.pending;
  clearTimeout(app.pendingTimer);
}

function act(action) {
  if (!app.msg || app.pending) return;
  if (!app.msg.legal || !app.msg.legal.includes(action)) return;
  if (!send({ type: "act", action, seq: app.msg.seq })) return;
  app.pending = action;
  $("game").dataset.pending = action;
  app.pendingTimer = setTimeout(clearPending, 10000);
  $("error").textContent = "";
}

// ----- drawing -----------------------------------------------------------------------------

/** Whether the focus is lost: on the page itself, or on something gone or hidden. */
function focusLost() {
  const el = document.activeElement;
  return !el || el === document.body || !el.isConnected || Boolean(el.closest("[hidden]"));
}

/** Where the focus goes when our own move took away what had it (one rule,
 *  listed on the help page): the "Game over" heading when the game ends; in a
 *  card game the hand's current card; else the "Your choices" heading. */
function refocus(ctx, mod) {
  if (isOver(ctx.msg)) {
    $("over-h").focus();
    return;
  }
  if (mod.cards && ctx.me !== null) {
    const card = $("hand").querySelector("button[tabindex='0']");
    (card || $("hand-h")).focus();
    return;
  }
  if (ctx.me !== null) $("choices-h").focus();
}

function render() {
  const msg = app.msg;
  const mod = module();
  if (!msg || !mod) return;
  const focused = document.activeElement;
  const hadGameFocus = Boolean(focused && focused !== $("game") && $("game").contains(focused));
  const ctx = makeCtx();
  const info = gameInfo();
  const main = $("game");
  main.dataset.game = msg.game;
  main.dataset.seq = String(msg.seq);
  main.dataset.status = msg.status;
  main.dataset.turn = ctx.legal.size ? "mine" : "other";
  const title = msg.title || (info && info.title) || msg.game;
  patch($("title"), title);
  document.title = `${title} – herna`;
  const rules = $("rules-link");
  rules.href = `/rules/${encodeURIComponent(msg.game)}?lang=${lang()}`;
  rules.textContent = t("Rules");
  rules.setAttribute("aria-label", t("Rules of {game} (opens in a new tab)", { game: title }));
  rules.target = "_blank"; // the game stays open in its own tab
  rules.rel = "noopener";
  const skip = $("skip");
  const spectator = ctx.me === null;
  skip.setAttribute("href", spectator ? "#centre-h" : "#hand-h");
  skip.textContent = spectator ? t("Skip to the table") : (mod.cards ? t("Skip to your hand") : t("Skip to your choices"));
  if (!spectator && !mod.cards) skip.setAttribute("href", "#choices-h");
  // the footer's keys in this game's words (Kurník has a coop and rolls, not a hand and tricks)
  const keysNote = mod.cards ? t("Keys at the table: ? lists them all; h your hand, t the trick, s the scores, w whose turn, b and n walk back and forward through what happened.")
    : t("Keys at the table: ? lists them all; h your coop, t the last roll, k every coop, w whose turn, b and n walk back and forward through what happened.");
  if ($("keys-note").textContent !== keysNote) $("keys-note").textContent = keysNote;
  drawStatus(ctx, mod);
  patch($("centre"), mod.centre(ctx));
  drawSeats(ctx, mod);
  drawHand(ctx, mod);
  drawChoices(ctx, mod);
  drawOver(ctx);
  if (hadGameFocus && focusLost()) refocus(ctx, mod);
}

/** "Winner: Seat 3" / "Winners: ..." of a finished game, or "". */
function winnersWords(ctx) {
  const winners = ctx.msg.winners || ctx.view.winners || [];
  if (!winners.length) return "";
  const names = winners.map((k) => seatName(k)).join(", ");
  return winners.length > 1 ? t("Winners: {who}", { who: names }) : t("Winner: {who}", { who: names });
}

function whoseTurn(ctx) {
  const msg = ctx.msg;
  if (isOver(msg)) return [t("The game is over."), winnersWords(ctx)].filter(Boolean).join(" ");
  if (msg.to_move === null || msg.to_move === undefined) return t("Waiting for the dealer.");
  if (ctx.me !== null && msg.to_move === ctx.me) return t("Your turn.");
  return t("Waiting for {who}.", { who: seatName(msg.to_move) });
}

/** "Your turn: play a card..." (said in the log when a turn of ours begins). */
function turnNote() {
  const mod = module();
  if (!mod) return t("Your turn.");
  const ctx = makeCtx();
  const select = mod.selectMode ? mod.selectMode(ctx) : null;
  const prompt = select ? select.prompt
    : (mod.cards && mod.handCards(ctx).some((card) => mod.cardAction(ctx, card)) ? mod.handPrompt(ctx) : "")
      || (mod.choicesPrompt ? mod.choicesPrompt(ctx) : "");
  return prompt ? t("Your turn. {what}", { what: prompt }) : t("Your turn.");
}

function periodWords(ctx) {
  const unit = UNITS[ctx.msg.length_unit];
  return unit && ctx.msg.period ? t(unit, { n: ctx.msg.period }) : "";
}

function drawStatus(ctx, mod) {
  const msg = ctx.msg;
  const items = [];
  const mine = ctx.me !== null && msg.to_move === ctx.me && !isOver(msg);
  items.push(h("li", { class: mine ? "turn mine" : "turn", "data-key": "turn" }, whoseTurn(ctx)));
  items.push(h("li", { "data-key": "headline" }, mod.headline(ctx) || periodWords(ctx)));
  items.push(h("li", { "data-key": "you" }, ctx.me === null ? t("You are watching as a spectator.")
    : t("You play seat {n}.", { n: ctx.me + 1 })));
  const mySeat = ctx.me === null ? null : (msg.seats || [])[ctx.me];
  if (mySeat && mySeat.connections > 1) {
    items.push(h("li", { class: "badge", "data-key": "twice" },
      t("Your seat is open in {n} windows or devices: a move from any of them counts.", { n: mySeat.connections })));
  }
  if (app.clock && !isOver(msg)) {
    const mineClock = ctx.me !== null && ctx.me === app.clock.seat;
    items.push(h("li", { class: mineClock ? "clock mine" : "clock", "data-key": "clock" },
      h("span", { id: "clock-text" }, clockText(clockLeft())),
      mineClock && app.clock.left > 0 ? [" ", h("button", { type: "button", id: "more-time", onclick: moreTime,
        "aria-keyshortcuts": "m" }, t("More time"))] : null));
  }
  if (msg.partly_bot) items.push(h("li", { class: "badge", "data-key": "bot" }, t("Played partly by a bot")));
  patch($("status"), items);
}

function seatFlags(ctx, seat) {
  const msg = ctx.msg;
  const info = (msg.seats || [])[seat];
  const flags = [];
  if (!isOver(msg) && msg.to_move === seat) flags.push(["to-move", t("to move")]);
  if ((msg.winners || ctx.view.winners || []).includes(seat) && isOver(msg)) flags.push(["winner", t("winner")]);
  if (info && info.bot_playing) flags.push(["bot", t("a bot plays for this seat")]);
  if (info && info.votes && info.votes.length && !info.bot_playing) {
    flags.push(["votes", t("{n} of {m} votes to let a bot play", { n: info.votes.length, m: votesNeeded(ctx, seat) })]);
  }
  if (info && info.kind === "human" && !info.bot_playing) {
    if (!info.taken) flags.push(["free", t("seat not taken yet")]);
    else if (info.online === false) flags.push(["offline", t("offline")]);
  }
  return flags;
}

function drawSeats(ctx, mod) {
  const n = ctx.view.players || (ctx.msg.seats || []).length;
  const order = [];
  for (let k = 0; k < n; k++) order.push(k);
  const items = order.map((seat) => {
    const info = (ctx.msg.seats || [])[seat];
    const flags = seatFlags(ctx, seat);
    const id = `seat-${seat}-h`;
    return h("li", {
      class: ["seat", seat === ctx.me ? "me" : "", flags.some((f) => f[0] === "to-move") ? "moving" : ""].join(" ").trim(),
      "data-key": `seat-${seat}`, "aria-labelledby": id,
    },
    h("h3", { id }, seatName(seat), h("span", { class: "kind" },
      h("span", { "aria-hidden": "true" }, " · "), h("span", { class: "visually-hidden" }, ", "), kindWords(info))),
    flags.length ? h("p", { class: "flags" }, flags.map(([cls, word], i) => [i ? " " : "", h("span", { class: `flag ${cls}` }, word)])) : null,
    canVoteOn(ctx, seat) ? h("p", { class: "vote" }, h("button", { type: "button", "data-vote": String(seat) },
      t("Let a bot play for {who}", { who: seatName(seat) }))) : null,
    mod.seatDetails(ctx, seat));
  });
  const seatsEl = $("seats");
  const focused = document.activeElement;
  const voting = focused && seatsEl.contains(focused) && focused.dataset.vote !== undefined ? focused.dataset.vote : null;
  patch(seatsEl, items);
  if (voting !== null && !seatsEl.querySelector(`button[data-vote="${voting}"]`)) {
    // the vote button just pressed is gone (the seat went to a bot): keep the focus near it
    $("seats-h").setAttribute("tabindex", "-1");
    $("seats-h").focus();
  }
}

// The hand: a list of buttons, one tab stop (roving tabindex), arrows move.
function drawHand(ctx, mod) {
  const section = $("hand-sec");
  if (!mod.cards || ctx.me === null) {
    section.hidden = ctx.me === null || !mod.mine;
    if (!section.hidden) {
      patch($("hand-h"), t("You"));
      patch($("hand"));
      patch($("hand-prompt"));
      patch($("hand-reason"));
      patch($("mine"), mod.mine(ctx));
    }
    return;
  }
  section.hidden = false;
  patch($("hand-h"), t("Your hand"));
  const cards = mod.handCards(ctx);
  const select = mod.selectMode ? mod.selectMode(ctx) : null;
  if (!select) app.selected = [];
  app.selected = app.selected.filter((c) => cards.includes(c));
  ctx.selected = app.selected;
  const myTurn = ctx.legal.size > 0;
  const handEl = $("hand");
  const focused = document.activeElement;
  const hadFocus = focused && handEl.contains(focused) ? focused.dataset.key : null;
  const oldKeys = Array.from(handEl.querySelectorAll("button[data-key]")).map((b) => b.dataset.key);
  if (!cards.includes(app.focusCard)) {
    // the card with the tab stop left the hand: its neighbour takes it
    const at = oldKeys.indexOf(app.focusCard);
    const rest = oldKeys.filter((k) => cards.includes(k));
    const after = at >= 0 ? oldKeys.slice(at + 1).find((k) => cards.includes(k)) : null;
    app.focusCard = after || (rest.length ? rest[rest.length - 1] : cards[0] || null);
  }
  const reasons = new Set();
  const items = cards.map((card) => {
    const action = select ? null : mod.cardAction(ctx, card);
    const usable = select ? true : Boolean(action);
    if (!usable) reasons.add(myTurn ? mod.reason(ctx, card) : (isOver(ctx.msg) ? t("The game is over.") : t("It is not your turn.")));
    const attrs = {
      type: "button",
      class: `card ${mod.suitClass(card)}`,
      "data-key": card,
      "data-card": card,
      "data-action": action,
      tabindex: card === app.focusCard ? "0" : "-1",
      "aria-disabled": usable ? null : "true",
      "aria-describedby": usable ? null : "hand-reason",
      "aria-pressed": select ? String(app.selected.includes(card)) : null,
    };
    return h("li", { "data-key": card }, h("button", attrs, mod.cardFace(ctx, card)));
  });
  patch(handEl, items);
  handEl.setAttribute("aria-label", t("Your hand, cards: {n}", { n: cards.length }));
  patch($("hand-prompt"), myTurn ? (select ? select.prompt : mod.handPrompt(ctx)) : "");
  // the reason the dimmed cards give (their description, shown under the hand too)
  patch($("hand-reason"), !cards.length ? t("No cards in hand.") : (select ? "" : [...reasons].join(" ")));
  patch($("mine"), mod.mine ? mod.mine(ctx) : null);
  if (hadFocus && !cards.includes(hadFocus)) {
    // our own card was played: the focus goes to its neighbour in the hand
    const next = handEl.querySelector(`button[data-key="${CSS.escape(app.focusCard || "")}"]`);
    (next || $("hand-h")).focus();
  }
}

/** The hand's cards as {button, usable}: usable when it may be played now (or picked, in a select mode). */
function handCards() {
  return Array.from($("hand").querySelectorAll("button[data-key]"))
    .map((button) => ({ button, usable: button.getAttribute("aria-disabled") !== "true" }));
}

function focusCardButton(target) {
  for (const b of $("hand").querySelectorAll("button[data-key]")) b.tabIndex = b === target ? 0 : -1;
  app.focusCard = target.dataset.key;
  target.focus();
}

/** Arrows, Home and End in the hand: among the cards you may play while it is your move (table/playable.js). */
function moveInHand(current, step, absolute) {
  const cards = handCards();
  const index = moveIndex(cards, cards.findIndex((c) => c.button === current), step, absolute,
    Boolean(app.msg && (app.msg.legal || []).length));
  if (index >= 0) focusCardButton(cards[index].button);
}

/** The f key: the focus to the next card you may play (from the one with the focus); false when none. */
function focusPlayable() {
  if (!app.msg || !(app.msg.legal || []).length) return false;
  const cards = handCards();
  const index = nextUsable(cards, cards.findIndex((c) => c.button === document.activeElement));
  if (index < 0) return false;
  focusCardButton(cards[index].button);
  return true;
}

function onHandKey(event) {
  const button = event.target.closest("button[data-key]");
  if (!button) return;
  const keys = { ArrowRight: [1], ArrowDown: [1], ArrowLeft: [-1], ArrowUp: [-1], Home: [0, "first"], End: [0, "last"] };
  const move = keys[event.key];
  if (!move || event.altKey || event.ctrlKey || event.metaKey) return;
  event.preventDefault();
  moveInHand(button, move[0], move[1]);
}

/** A mouse click not meant for what is under the pointer now: the second
 *  click of a double click (the first one's move may have redrawn the hand
 *  under the pointer). Keys (detail 0) and single clicks always count. */
function strayClick(event) {
  return event.detail > 1;
}

function onHandClick(event) {
  const button = event.target.closest("button[data-key]");
  if (!button || !app.msg || strayClick(event)) return;
  app.focusCard = button.dataset.key;
  for (const b of $("hand").querySelectorAll("button[data-key]")) b.tabIndex = b === button ? 0 : -1;
  const mod = module();
  const ctx = makeCtx();
  const select = mod.selectMode ? mod.selectMode(ctx) : null;
  if (select) {
    const card = button.dataset.card;
    if (app.selected.includes(card)) app.selected = app.selected.filter((c) => c !== card);
    else if (app.selected.length >= select.max) {
      say(t("At most {n} cards: unselect one first.", { n: select.max }));
      return;
    } else app.selected = [...app.selected, card];
    render();
    return;
  }
  if (button.getAttribute("aria-disabled") === "true") {
    say($("hand-reason").textContent || t("This card cannot be played now."));
    return;
  }
  act(button.dataset.action);
}

function drawChoices(ctx, mod) {
  const section = $("choices-sec");
  const handActions = new Set();
  if (mod.cards) for (const card of mod.handCards(ctx)) {
    const action = mod.cardAction(ctx, card);
    if (action) handActions.add(action);
  }
  const select = mod.selectMode ? mod.selectMode(ctx) : null;
  let buttons = [];
  if (select) {
    buttons = select.buttons(ctx).map(({ action, label, key }) => ({ action, label, key: key || action }));
  } else {
    buttons = (ctx.msg.legal || []).filter((a) => !handActions.has(a)).map((action) => ({ action, label: ctx.label(action), key: action }));
  }
  const list = $("choices");
  patch(list, buttons.map(({ action, label, key }) => h("li", { "data-key": key },
    h("button", { type: "button", class: "choice", "data-key": key, "data-action": action }, label))));
  const myTurn = ctx.legal.size > 0;
  section.hidden = ctx.me === null || (isOver(ctx.msg));
  patch($("choices-prompt"), !myTurn ? whoseTurn(ctx)
    : (buttons.length ? (mod.choicesPrompt ? mod.choicesPrompt(ctx) : t("Choose:")) : t("Choose a card from your hand.")));
  const help = ctx.msg.help ? String(ctx.msg.help).split("\n").filter((l) => l.trim()) : [];
  $("help-box").hidden = !help.length;
  $("hint-sec").hidden = !myTurn;
  if (!app.hint || app.hint.seq !== ctx.msg.seq || app.hint.lang !== lang()) patch($("hint-box"), []);
  patch($("help"), help.map((line) => h("p", null, named(line.trim()))));
}

function onChoiceClick(event) {
  const button = event.target.closest("button[data-action]");
  if (!button || strayClick(event)) return;
  act(button.dataset.action);
}

function drawOver(ctx) {
  const section = $("over-sec");
  const over = isOver(ctx.msg);
  section.hidden = !over;
  if (!over) return;
  const scores = ctx.view.scores || [];
  const lines = [];
  const winners = winnersWords(ctx);
  if (winners) lines.push(h("p", { class: "winners", "data-key": "w" }, winners));
  if (scores.length) {
    lines.push(h("ul", { class: "final", "data-key": "s", "aria-label": t("Final scores") },
      scores.map((score, k) => h("li", null, module().finalScore ? module().finalScore(ctx, k, score)
        : t("{who}: {score}", { who: seatName(k), score })))));
  }
  if (ctx.msg.rematch && ctx.me !== null) {
    lines.push(h("p", { "data-key": "re" }, t("A rematch table is ready: press Rematch to take your seat there.")));
  }
  patch($("over"), lines);
  $("rematch").hidden = ctx.me === null;
}

async function rematch() {
  // each person asks with their own seat: the answer is their seat at the new table
  const button = $("rematch");
  button.disabled = true;
  const box = $("rematch-links");
  try {
    const made = await api(`/api/tables/${encodeURIComponent(tableId)}/rematch`, { method: "POST" });
    const url = made.join_url || (made.seats && app.msg && made.seats[app.msg.seat] && made.seats[app.msg.seat].join_url);
    box.replaceChildren(h("p", null, t("The new table is ready: taking your seat there…")));
    location.assign(url || made.spectator_url);
  } catch (e) {
    box.replaceChildren(h("p", { class: "error" }, t("No rematch: {why}", { why: e.message })));
    button.disabled = false;
  }
}

// ----- keys that speak (table/a11y.js, table/keys.js) ------------------------------------------

function say(text) {
  speak($("speak"), text);
}

/** The page's own words of the keys h, t, s and w (the game modules' readouts). */
function readout(id) {
  const mod = module();
  if (!app.msg || !mod) return null;
  const ctx = makeCtx();
  if (id === "hand") return ctx.me === null ? t("You are watching: you have no hand.") : mod.say.hand(ctx);
  if (id === "trick") return mod.say.trick(ctx);
  if (id === "scores") return mod.say.scores(ctx);
  if (id === "turn") return [whoseTurn(ctx), mod.headline(ctx) || periodWords(ctx)].filter(Boolean).join(" ");
  return null;
}

/** A seat in few words, for lists read out (the score sheet): "you", else its name or "Seat 2". */
function shortSeat(seat) {
  const msg = app.msg;
  if (msg && msg.seat === seat) return t("you");
  const info = msg && msg.seats ? msg.seats[seat] : null;
  return info && info.name ? info.name : t("Seat {n}", { n: seat + 1 });
}

/** The `?` key: the list of keys shown under the log, the focus on its heading. */
function showKeys(pairs) {
  patch($("keys-list"), pairs.map(([key, words]) => h("li", { "data-key": key }, words)));
  $("keys-sec").hidden = false;
  $("keys-h").focus();
}

function syncVerbosityButton() {
  const button = $("verbosity");
  if (button) button.setAttribute("aria-pressed", String(a11y.verbosity === "full"));
}

/** The log anew in the current verbosity, from the events heard (not read out again). */
function rewriteLog() {
  log.history(batchesOf(a11y.history.items), true);
  syncVerbosityButton();
}

const a11y = new A11y({
  say,
  send,
  named,
  game: () => (app.msg ? app.msg.game : null),
  info: gameInfo,
  me: () => (app.msg && Number.isInteger(app.msg.seat) ? app.msg.seat : null),
  who: shortSeat,
  clock: () => (app.clock ? { seat: app.clock.seat, left: clockLeft(), extensions: app.clock.left } : null),
  sheet: () => (app.msg ? app.msg.score_sheet : null),
  readout,
  hint: askHint,
  moreTime: () => (app.clock && app.msg && app.msg.seat === app.clock.seat ? moreTime() : say(t("Your clock does not run now."))),
  focusPlayable,
  rewriteLog,
  showKeys,
});

function onKey(event) {
  if (event.key === "Escape" && !$("keys-sec").hidden && $("keys-sec").contains(event.target)) {
    $("keys-sec").hidden = true;
    $("game").focus();
    return;
  }
  a11y.onKey(event);
}

// ----- language --------------------------------------------------------------------------

async function loadCatalogue() {
  try {
    app.catalogue = await fetchGames(lang());
  } catch (_) {
    app.catalogue = app.catalogue || [];
  }
}

async function onLangChange() {
  await loadCatalogue();
  send({ type: "lang", lang: lang() });
  render();
}

// ----- start -------------------------------------------------------------------------------

async function start() {
  await setLang(startLang());
  translatePage();
  log = new GameLog($("log"), $("log-list"));
  if (!tableId) {
    setConn("gone", t("There is no such table."));
    return;
  }
  languageButtons(document, onLangChange);
  $("hand").addEventListener("keydown", onHandKey);
  $("hand").addEventListener("click", onHandClick);
  $("choices").addEventListener("click", onChoiceClick);
  $("seats").addEventListener("click", onSeatsClick);
  $("rematch").addEventListener("click", rematch);
  $("hint-button").addEventListener("click", askHint);
  document.addEventListener("keydown", onKey); // the letter keys work anywhere on the page but in a text field
  $("verbosity").addEventListener("click", () => a11y.setVerbosity(a11y.verbosity === "brief" ? "full" : "brief"));
  syncVerbosityButton();
  window.addEventListener("online", reconnectNow);
  window.addEventListener("pagehide", () => { app.closing = true; if (app.ws) app.ws.close(); });
  window.addEventListener("pageshow", (e) => { if (e.persisted) { app.closing = false; reconnectNow(); } });
  await Promise.all([claim(), loadCatalogue()]);
  connect();
}

start();
