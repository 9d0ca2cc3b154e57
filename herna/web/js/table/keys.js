// Keys at the table (focus inside the game): h, t, s, w, l say the hand, the
// trick, the scores, whose turn and the last thing that happened; i a hint;
// m more time; o the only move; p the score sheet; c the chat box.

import { t } from "../i18n.js";
import { moreTime, myClock } from "./clock.js";
import { focusChat } from "./chat.js";
import { askHint } from "./hints.js";
import { playOnlyMove } from "./onlymove.js";
import { continueRound, skipHold } from "./pace.js";
import { toggleSheet } from "./scoresheet.js";
import { app } from "./state.js";
import { gameModule, makeCtx, periodWords, say, whoseTurn } from "./words.js";

const LAST_LINES = 2; // the key l says the last event again: the log's last lines, not a whole batch

const READOUTS = {
  h: (ctx, mod) => (ctx.me === null ? t("You are watching: you have no hand.") : mod.say.hand(ctx)),
  t: (ctx, mod) => mod.say.trick(ctx),
  s: (ctx, mod) => mod.say.scores(ctx),
  w: (ctx, mod) => [whoseTurn(ctx), mod.headline(ctx) || periodWords(ctx)].filter(Boolean).join(" "),
  l: () => {
    const lines = app.log.lastLines().slice(-LAST_LINES);
    return lines.length ? lines.join(" ") : t("Nothing has happened yet.");
  },
};

const ACTIONS = {
  i: () => askHint(),
  m: () => (myClock() ? moreTime() : false),
  o: () => playOnlyMove(),
  p: () => toggleSheet(),
  c: () => focusChat(),
};

export function onKey(event) {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const target = event.target;
  if (target && (target.isContentEditable || ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName))) return;
  if (event.key === "Enter" || event.key === " ") {
    if (app.roundEnd && !(target && target.closest && target.closest("button, a, summary"))) {
      event.preventDefault();
      continueRound();
      return;
    }
    if (skipHold() && target === document.getElementById("game")) event.preventDefault();
    return;
  }
  if (event.shiftKey || event.key.length !== 1) return;
  const key = event.key.toLowerCase();
  skipHold();
  if (ACTIONS[key]) {
    if (ACTIONS[key]() !== false) event.preventDefault();
    return;
  }
  const readout = READOUTS[key];
  if (!readout || !app.msg || !gameModule()) return;
  event.preventDefault();
  say(readout(makeCtx(), gameModule()));
}
