// The table page's keys (the list: a11y_keys.js; `?` says them all): they
// work anywhere on the page except in a text field (the chat box). The
// readouts, the history and the verbosity are a11y.js's; this module hands
// it what the page knows. Enter or Space on the game region, and any letter
// key, end a finished trick held on the table at once (pace.js); Enter or
// Space outside a button goes on after Ugo!'s scored round.

import { t } from "../i18n.js";
import { h, patch } from "../dom.js";
import { A11y } from "./a11y.js";
import { isTextField } from "./a11y_keys.js";
import { focusChat } from "./chat.js";
import { clockLeft, moreTime, myClock } from "./clock.js";
import { send } from "./connection.js";
import { focusPlayable } from "./hand.js";
import { askHint } from "./hints.js";
import { batchesOf } from "./messages.js";
import { askReview } from "./review.js";
import { playOnlyMove } from "./onlymove.js";
import { continueRound, skipHold } from "./pace.js";
import { toggleSheet } from "./scoresheet.js";
import { setSounds, soundsOn } from "./sounds.js";
import { $, app } from "./state.js";
import { gameInfo, gameModule, makeCtx, named, periodWords, say, shortSeat, whoseTurn } from "./words.js";

/** The page's own words of the keys h, t, s and w (the game modules' readouts). */
function readout(id) {
  const mod = gameModule();
  if (!app.msg || !mod) return null;
  const ctx = makeCtx();
  if (id === "hand") return ctx.me === null ? t("You are watching: you have no hand.") : mod.say.hand(ctx);
  if (id === "trick") return mod.say.trick(ctx);
  if (id === "scores") return mod.say.scores(ctx);
  if (id === "turn") return [whoseTurn(ctx), mod.headline(ctx) || periodWords(ctx)].filter(Boolean).join(" ");
  if (id === "review") askReview(); // the g key: it says its own words (review.js)
  return null;
}

/** The `?` key: the list of keys shown, the focus on its heading. */
function showKeys(pairs) {
  patch($("keys-list"), pairs.map(([key, words]) => h("li", { "data-key": key }, words)));
  $("keys-sec").hidden = false;
  $("keys-h").focus();
}

function syncVerbosityButton() {
  $("verbosity").setAttribute("aria-pressed", String(a11y.verbosity === "full"));
  $("sounds").setAttribute("aria-pressed", String(soundsOn()));
}

/** The u key and the Sounds button: sounds on or off, said and remembered. */
function toggleSounds() {
  const on = setSounds(!soundsOn());
  syncVerbosityButton();
  say(on ? t("Sounds on: your turn, tricks, dice and thefts.") : t("Sounds off."));
}

/** The log anew in the current verbosity, from the events heard (not read out again). */
function rewriteLog() {
  app.log.history(batchesOf(a11y.history.items), true);
  syncVerbosityButton();
}

export const a11y = new A11y({
  say,
  send,
  named,
  game: () => (app.msg ? app.msg.game : null),
  info: gameInfo,
  me: () => (app.msg && Number.isInteger(app.msg.seat) ? app.msg.seat : null),
  who: shortSeat,
  clock: () => (app.clock ? { seat: app.clock.seat, left: clockLeft(), extensions: app.clock.left } : null),
  readout,
  hint: askHint,
  moreTime: () => (myClock() ? moreTime() : say(t("Your clock does not run now."))),
  sheet: toggleSheet,
  onlyMove: playOnlyMove,
  chat: focusChat,
  focusPlayable,
  toggleSounds,
  rewriteLog,
  showKeys,
});

/** The verbosity button under the log (and its pressed state from the stored choice). */
export function wireVerbosity() {
  $("verbosity").addEventListener("click", () => a11y.setVerbosity(a11y.verbosity === "brief" ? "full" : "brief"));
  $("sounds").addEventListener("click", toggleSounds);
  syncVerbosityButton();
}

export function onKey(event) {
  if (event.defaultPrevented) return; // taken already (the score sheet dialog's p, the hand's arrows)
  const target = event.target;
  if (event.key === "Escape" && !$("keys-sec").hidden && $("keys-sec").contains(target)) {
    $("keys-sec").hidden = true;
    $("game").focus();
    return;
  }
  if (event.key === "Enter" || event.key === " ") {
    if (isTextField(target)) return;
    if (app.roundEnd && !(target && target.closest && target.closest("button, a, summary"))) {
      event.preventDefault();
      continueRound(); // Ugo!'s scored round stays on the table until the player continues
      return;
    }
    if (skipHold() && target === $("game")) event.preventDefault();
    return;
  }
  if (event.altKey || event.ctrlKey || event.metaKey || String(event.key).length !== 1) return;
  if ($("sheet-dlg").open && String(event.key).toLowerCase() !== "p") return; // in the score sheet only p (closes it)
  if (a11y.onKey(event)) skipHold();
}
