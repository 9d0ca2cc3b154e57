// Pace and motion. The server makes bots' moves one at a time at the
// table's pace (slow / normal / fast; the creator may change it here: POST
// /settings {"pace"}). The page adds what a person needs to see them:
// - a finished trick stays on the table (about 1.5 s at normal pace, or
//   until a key is pressed), marked with its winner, then goes;
// - a finished trick then goes to its winner; a played card moves to its
//   place in the trick, dice roll, hens fly in a theft (motion.js);
// - prefers-reduced-motion turns the movement off; the pauses stay.
// `?pace=0` in the page's address turns the pauses and the movement off
// (the browser tests: they wait on the page's state, never on time).

import { api } from "../api.js";
import { cardPicture, farmersPicture } from "../art.js";
import { h, patch } from "../dom.js";
import { N_, t } from "../i18n.js";
import { render } from "./render.js";
import { $, app, tablePath } from "./state.js";
import { say, seatName, showError } from "./words.js";

const HOLD_MS = { slow: 2500, normal: 1500, fast: 800 };
const PACES = [["slow", N_("slow")], ["normal", N_("normal")], ["fast", N_("fast")]];

const PACE_PARAM = new URLSearchParams(location.search).get("pace");
/** Whether the address turns the pauses and motion off (`?pace=0`). */
export const NO_PACE = PACE_PARAM === "0";
/** `?pace=hold`: no motion, and a finished trick stays until a key is pressed
 *  (the browser tests look at it without racing a timer). */
const HOLD_FOR_KEY = PACE_PARAM === "hold";

/** Whether things on the table may move (not `?pace=0`, not prefers-reduced-motion). */
export function motionOn() {
  return !NO_PACE && !HOLD_FOR_KEY && !(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
}

function holdMs(msg) {
  if (NO_PACE) return 0;
  const pace = (msg.settings && msg.settings.pace) || "normal";
  return HOLD_MS[pace] || HOLD_MS.normal;
}

/** Called with the new events of a state message: a finished trick is held. */
export function notePace(events, before, msg) {
  const scored = events.find((e) => e.kind === "round_scored");
  if (scored && !NO_PACE && msg.status !== "finished") {
    // Ugo!'s scored kingdoms stay on the table until the player continues
    app.roundEnd = scored;
    $("game").dataset.hold = "round";
  }
  const won = events.some((e) => e.kind === "trick_won");
  const last = msg.view && msg.view.last_trick;
  const ms = holdMs(msg);
  if (!won || !last || !ms) return;
  clearTimeout(app.holdTimer);
  app.hold = { seq: msg.seq, trick: last };
  $("game").dataset.hold = "trick";
  if (!HOLD_FOR_KEY) app.holdTimer = setTimeout(endHold, ms);
}

const LEAVE_MS = 350;

function endHold() {
  clearTimeout(app.holdTimer);
  if (!app.hold) return false;
  const trick = document.querySelector("#centre .plays.by-seat");
  const winner = document.querySelector(`#plates .plate[data-seat="${app.hold.trick.winner}"]`);
  app.hold = null;
  delete $("game").dataset.hold;
  if (trick && winner && motionOn() && !trick.classList.contains("leaving")) {
    // the finished trick goes to its winner, then the table is drawn without it
    const from = trick.getBoundingClientRect();
    const to = winner.getBoundingClientRect();
    trick.style.setProperty("--to-x", `${Math.round(to.left + to.width / 2 - (from.left + from.width / 2))}px`);
    trick.style.setProperty("--to-y", `${Math.round(to.top + to.height / 2 - (from.top + from.height / 2))}px`);
    trick.classList.add("leaving");
    setTimeout(render, LEAVE_MS);
  } else {
    render();
  }
  return true;
}

/** A key ends a held trick at once; true when one was held. */
export function skipHold() {
  return endHold();
}

/** The player continues after a scored round (the Continue button, or Enter). */
export function continueRound() {
  app.roundEnd = null;
  delete $("game").dataset.hold;
  render();
  const back = $("hand").querySelector("button[tabindex='0']") || $("hand-h");
  back.focus();
}

/** The scored round (Ugo!): every kingdom as it was scored, the round's points and the totals, until Continue. */
export function drawRoundEnd(ctx) {
  const box = $("round-end");
  const event = app.roundEnd;
  box.hidden = !event || Boolean(app.replay);
  if (box.hidden) return;
  const seats = event.breakdown.map((fields, seat) => h("li", { "data-key": String(seat) },
    h("p", { class: "re-who" }, h("span", { "data-seat-name": String(seat) }, seatName(seat)), ": ",
      t("{score} this round, {total} in all", { score: event.scores[seat], total: event.totals[seat] })),
    h("ol", { class: "kingdom", "aria-hidden": "true" }, fields.map((f) => h("li", { class: "ufield", "data-key": f.field },
      h("span", { class: "f-vis" }, h("span", { class: "f-name" }, f.field),
        f.top_card ? h("span", { class: "f-card" }, cardPicture(f.top_card, null)) : h("span", { class: "f-card f-empty" }),
        h("span", { class: "f-farm" }, farmersPicture(f.farmers, f.places, null)),
        h("span", { class: "f-score" }, f.score > 0 ? `+${f.score}` : String(f.score))))))));
  const existing = $("round-continue");
  patch(box, h("h3", { id: "round-end-h", tabindex: "-1" }, t("Round {n} of {total} is over", { n: event.round, total: event.rounds })),
    h("ul", { class: "round-seats" }, seats),
    existing || h("button", { type: "button", id: "round-continue", class: "primary", onclick: continueRound }, t("Continue")));
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
