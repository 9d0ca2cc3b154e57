// Pace and motion. The server makes bots' moves one at a time at the
// table's pace (slow / normal / fast; the creator may change it here: POST
// /settings {"pace"}). The page adds what a person needs to see them:
// - a finished trick stays on the table (about 1.5 s at normal pace, or
//   until a key is pressed), marked with its winner, then goes;
// - a played card moves to its place in the trick, dice roll (motion.js);
// - prefers-reduced-motion turns the movement off; the pauses stay.
// `?pace=0` in the page's address turns the pauses and the movement off
// (the browser tests: they wait on the page's state, never on time).

import { api } from "../api.js";
import { h, patch } from "../dom.js";
import { N_, t } from "../i18n.js";
import { render } from "./render.js";
import { $, app, tablePath } from "./state.js";
import { say, showError } from "./words.js";

const HOLD_MS = { slow: 2500, normal: 1500, fast: 800 };
const PACES = [["slow", N_("slow")], ["normal", N_("normal")], ["fast", N_("fast")]];

/** Whether the address turns the pauses and motion off (`?pace=0`). */
export const NO_PACE = new URLSearchParams(location.search).get("pace") === "0";

/** Whether things on the table may move (not `?pace=0`, not prefers-reduced-motion). */
export function motionOn() {
  return !NO_PACE && !(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
}

function holdMs(msg) {
  if (NO_PACE) return 0;
  const pace = (msg.settings && msg.settings.pace) || "normal";
  return HOLD_MS[pace] || HOLD_MS.normal;
}

/** Called with the new events of a state message: a finished trick is held. */
export function notePace(events, before, msg) {
  const won = events.some((e) => e.kind === "trick_won");
  const last = msg.view && msg.view.last_trick;
  const ms = holdMs(msg);
  if (!won || !last || !ms) return;
  clearTimeout(app.holdTimer);
  app.hold = { seq: msg.seq, trick: last };
  $("game").dataset.hold = "trick";
  app.holdTimer = setTimeout(endHold, ms);
}

function endHold() {
  clearTimeout(app.holdTimer);
  if (!app.hold) return false;
  app.hold = null;
  delete $("game").dataset.hold;
  render();
  return true;
}

/** A key ends a held trick at once; true when one was held. */
export function skipHold() {
  return endHold();
}

/** The view the table's centre is drawn from: the state's, or, while a
 *  finished trick is held, the same with that trick still in the middle. */
export function heldView(msg) {
  const view = msg.view || {};
  if (!app.hold) return view;
  if ((view.trick && view.trick.length) || msg.status === "finished") {
    // the next trick has begun: the held one has gone to its winner
    app.hold = null;
    delete $("game").dataset.hold;
    return view;
  }
  const trick = app.hold.trick;
  return { ...view, trick: trick.cards, trick_seats: trick.seats, trick_winner: trick.winner };
}

async function setPace(event) {
  const pace = event.target.value;
  try {
    await api(tablePath("/settings"), { method: "POST", body: { pace } });
    say(t("Pace: {pace}.", { pace: t(PACES.find((p) => p[0] === pace)[1]) }));
  } catch (e) {
    showError(t("Not done: {why}", { why: e.message }));
  }
}

/** The table's pace (the creator may change it; the others see it). */
export function drawSettings(ctx) {
  const box = $("pace-box");
  const live = ctx.msg.status !== "finished" && !app.replay;
  box.hidden = !live;
  if (!live) return;
  const pace = (ctx.msg.settings && ctx.msg.settings.pace) || "normal";
  const mayChange = ctx.me !== null && ctx.me === ctx.msg.creator_seat;
  let select = $("pace");
  if (!select) {
    patch(box, h("label", { for: "pace" }, t("Bots' pace")), " ",
      h("select", { id: "pace", onchange: setPace }, PACES.map(([value, word]) => h("option", { value }, t(word)))));
    select = $("pace");
  }
  for (const option of select.options) {
    const word = t(PACES.find((p) => p[0] === option.value)[1]);
    if (option.textContent !== word) option.textContent = word;
  }
  const label = box.querySelector("label");
  if (label.textContent !== t("Bots' pace")) label.textContent = t("Bots' pace");
  select.disabled = !mayChange;
  if (document.activeElement !== select) select.value = pace;
}
