// What comes from the server: each state message redraws the table in place
// (render.js) and appends its events to the game log once (deduplicated by
// seq); a refusal is said in words; a move is sent once (no second move
// while the first is on its way).

import { N_, t } from "../i18n.js";
import { setClock } from "./clock.js";
import { send } from "./connection.js";
import { a11y } from "./keys.js";
import { showThefts } from "./motion.js";
import { notePace } from "./pace.js";
import { play, soundOfStep } from "./sounds.js";
import { render } from "./render.js";
import { $, app } from "./state.js";
import { makeCtx, seatName, showError, turnNote, whoseTurn } from "./words.js";
import { isTextField } from "./a11y_keys.js";

function eventKey(event) {
  const { text: _text, brief: _brief, ...rest } = event;
  return JSON.stringify(rest);
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

/** Events grouped by seq, as lists of lines (the log's items) in the viewer's verbosity (a11y.js). */
export function batchesOf(events) {
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

export function onState(msg) {
  const first = app.msg === null;
  const resync = !app.resynced;
  app.resynced = true;
  const seqChanged = !app.msg || app.msg.seq !== msg.seq;
  const before = app.msg;
  app.msg = msg;
  if (seqChanged) clearPending();
  if (seqChanged) $("error").textContent = "";
  const full = msg.full !== undefined ? msg.full : resync;
  const rewrite = first || (full && msg.lang && msg.lang !== app.logLang);
  const log = app.log;
  let events = [];
  if (rewrite) {
    // the whole log anew (first look, or another language): written, not announced
    app.lastSeq = -1;
    app.seenAtLast = new Set();
    const all = freshEvents(msg.events);
    a11y.reset(all);
    log.history(batchesOf(all), true);
    app.logLang = msg.lang;
  } else {
    events = freshEvents(msg.events);
    a11y.record(events);
    if (resync && app.lost) log.add([events.length ? t("Connected again. Meanwhile:") : t("Connected again.")], { note: true });
    for (const event of events) log.add(a11y.lines(event)); // a clock_ran_out event says "Time ran out: ..."
    const me = Number.isInteger(msg.seat) ? msg.seat : null;
    const sound = soundOfStep(events, me); // one sound a move at most: a theft from you before the dice
    if (sound) play(sound);
  }
  app.lost = false;
  if (before && !first) noteSeatChanges(before, msg);
  if (before && !first && !before.partly_bot && msg.partly_bot) {
    log.add([t("This game is now marked as played partly by a bot.")], { note: true });
  }
  const ended = Boolean(before) && !first && before.status !== "finished" && msg.status === "finished";
  if (ended) log.add([whoseTurn(makeCtx())], { note: true }); // "The game is over. Winner: Eva"
  if (before && !first && before.status === "waiting" && msg.status === "playing") {
    log.add([t("Everyone is here: the game starts.")], { note: true });
  }
  setClock(msg);
  const mine = (msg.legal || []).length > 0;
  if (mine && (seqChanged || !app.wasMyTurn || rewrite)) {
    // what to do is said last, at once (with what happened, while that is short: live.js)
    log.add([turnNote()], { note: true });
    log.flush();
    if (!rewrite) play("turn");
  }
  app.wasMyTurn = mine;
  if (!first && seqChanged) notePace(events, before, msg);
  render();
  if (!first && seqChanged) showThefts(events); // hens fly between the coops just drawn (motion.js)
  if (ended && !isTextField(document.activeElement)) $("over-h").focus(); // every game ends on "Game over"
  if (mine && (!before || !((before.legal || []).length))) bringTableIntoView({ duringPlay: !first });
  if (app.roundEnd && events.some((e) => e.kind === "round_scored")) {
    $("round-end").scrollIntoView({ block: "nearest", behavior: "instant" }); // the scored kingdoms and Continue
  }
  // the page starts inside the game region, so that its keys work at once
  if (first && (!document.activeElement || document.activeElement === document.body)) $("game").focus({ preventScroll: true });
}

/** On a small screen, a turn of ours scrolls the table, the hand and the
 *  choices into view (unless the person is typing, e.g. in the chat). */
export function bringTableIntoView({ duringPlay = false } = {}) {
  if (!app.msg || !(app.msg.legal || []).length) return;
  const active = document.activeElement;
  if (active && ["INPUT", "TEXTAREA", "SELECT"].includes(active.tagName)) return;
  if (window.innerWidth > 700) {
    // a desktop: during play, your choices (a reveal, a farmer, a colour order) never wait below the fold (the
    // page's load, the name question and the waiting table keep the top of the page)
    if (!duringPlay) return;
    const choices = $("choices-sec");
    const box = choices && !choices.hidden ? choices.getBoundingClientRect() : null;
    if (box && box.height && (box.bottom > window.innerHeight || box.top < 0)) {
      choices.scrollIntoView({ block: "nearest", behavior: "instant" });
    }
    return;
  }
  const felt = $("centre-sec");
  const top = felt.getBoundingClientRect().top + window.scrollY - 4;
  if (Math.abs(window.scrollY - top) > 2) window.scrollTo({ top, behavior: "instant" });
}

/** Say in the log when a bot starts or stops playing for a person's seat. */
function noteSeatChanges(before, msg) {
  (msg.seats || []).forEach((info, seat) => {
    const old = (before.seats || [])[seat];
    if (!old || info.kind !== "human") return;
    if (old.bot_playing !== info.bot_playing) {
      app.log.add([info.bot_playing ? t("A bot now plays for {who}.", { who: seatName(seat) })
        : t("{who} is back and plays again.", { who: seatName(seat) })], { note: true });
    } else if (!old.opened && info.opened && msg.status !== "finished" && seat !== msg.seat) {
      app.log.add([t("{who} has sat down.", { who: seatName(seat) })], { note: true });
    }
  });
}

// The refusals the page words itself; others (an illegal move's reason) come
// from the server in the page's language.
const ERROR_WORDS = {
  stale_seq: N_("the table had moved on meanwhile; look again and choose again."),
  not_your_turn: N_("it is not your turn."),
  forbidden: N_("only the player of this seat can do that."),
  rate_limited: N_("too many messages at once; wait a moment."),
};

export function onError(message) {
  clearPending();
  if (message.code === "not_found") return; // the socket closes next: checkTable says it once
  const words = ERROR_WORDS[message.code] ? t(ERROR_WORDS[message.code]) : (message.error || message.code || t("Refused."));
  if (["rate_limited", "bad_chat"].includes(message.code) && document.activeElement && $("chat-sec").contains(document.activeElement)) {
    $("chat-error").textContent = t("Not done: {why}", { why: words }); // said where the person is writing
    return;
  }
  showError(t("Not done: {why}", { why: words }));
}

export function clearPending() {
  app.pending = null;
  delete $("game").dataset.pending;
  clearTimeout(app.pendingTimer);
}

/** Send a legal `action` of ours (once: nothing more until the answer). */
export function act(action) {
  if (!app.msg || app.pending || app.replay) return;
  if (!app.msg.legal || !app.msg.legal.includes(action)) return;
  if (!send({ type: "act", action, seq: app.msg.seq })) return;
  app.pending = action;
  $("game").dataset.pending = action;
  app.pendingTimer = setTimeout(clearPending, 10000);
  $("error").textContent = "";
}
