// Stepping through a finished game move by move (GET /api/tables/{id}/replay
// and /replay/{seq}): the table drawn as it was after each move, every
// player's cards shown (the game is over), the move's words beside it.

import { api } from "../api.js";
import { h, patch } from "../dom.js";
import { lang, t } from "../i18n.js";
import { render } from "./render.js";
import { drawReview } from "./review.js";
import { $, app, tablePath } from "./state.js";
import { gameModule, namedLines, say, seatName, showError } from "./words.js";

async function stepTo(seq) {
  const replay = app.replay;
  if (!replay) return;
  const last = replay.steps.length;
  const at = Math.max(0, Math.min(last, seq));
  let step = replay.cache.get(at);
  if (!step) {
    try {
      step = await api(tablePath(`/replay/${at}?lang=${encodeURIComponent(lang())}`));
    } catch (e) {
      showError(t("Not done: {why}", { why: e.message }));
      return;
    }
    replay.cache.set(at, step);
  }
  if (app.replay !== replay) return;
  replay.at = at;
  replay.step = step;
  const me = app.msg.seat;
  replay.view = { ...step.view, ...(me !== null && me !== undefined ? step.hands[me] : {}) };
  $("game").dataset.replay = String(at);
  render();
  // a step button that has just become disabled (first, last) gives the focus to the step's heading
  const focused = document.activeElement;
  if (!focused || focused === document.body || focused.disabled) $("replay-h").focus();
}

/** Start stepping through the finished game (from the first move). */
export async function startReplay() {
  await replayAt(0);
}

/** Step to move `seq` (0: the start), starting the replay if needed (a review's mistake); the focus on its heading. */
export async function replayAt(seq) {
  try {
    if (!app.replay) {
      const data = await api(tablePath(`/replay?lang=${encodeURIComponent(lang())}`));
      app.replay = { steps: data.steps, names: data.names, at: 0, cache: new Map(), view: null, step: null };
    }
    await stepTo(seq);
    $("replay-h").focus();
  } catch (e) {
    showError(t("Not done: {why}", { why: e.message }));
  }
}

function stopReplay() {
  app.replay = null;
  delete $("game").dataset.replay;
  render();
  $("replay-start").focus();
}

function handsOf(ctx) {
  const step = app.replay.step;
  const mod = gameModule();
  if (!step || !mod.cards) return null;
  return h("ul", { class: "all-hands", "data-key": "hands", "aria-label": t("Everyone's cards") },
    step.hands.map((part, seat) => h("li", { "data-key": String(seat) },
      h("span", { class: "who" }, seatName(seat), ": "),
      (part.hand || []).length ? part.hand.map(ctx.card).join(", ") : t("no cards"))));
}

export function drawReplayBar(ctx) {
  drawReview(ctx); // the review's section, beside the replay: a finished game's too
  const section = $("replay-sec");
  const finished = ctx.msg.status === "finished";
  section.hidden = !finished;
  if (!finished) return;
  const start = $("replay-start");
  start.hidden = Boolean(app.replay);
  start.textContent = t("Step through the game");
  if (!app.replay) {
    patch($("replay"));
    return;
  }
  const replay = app.replay;
  const total = replay.steps.length;
  const step = replay.at ? replay.steps[replay.at - 1] : null;
  const words = step ? namedLines(step.text) : [t("The start of the game.")];
  const who = step && step.actor !== null ? seatName(step.actor) : null;
  // the step is worked out when the button is pressed: patch() keeps a button's first handler
  const button = (id, label, to, disabled) => h("button", { type: "button", id, "data-key": id, disabled,
    onclick: () => { if (app.replay) stepTo(to(app.replay)); } }, label);
  patch($("replay"),
    h("h3", { id: "replay-h", tabindex: "-1", "data-key": "h" }, t("Move {n} of {total}", { n: replay.at, total })),
    h("p", { class: "replay-nav", "data-key": "nav" },
      button("replay-first", t("First"), () => 0, replay.at === 0), " ",
      button("replay-prev", t("Previous"), (r) => r.at - 1, replay.at === 0), " ",
      button("replay-next", t("Next"), (r) => r.at + 1, replay.at >= total), " ",
      button("replay-last", t("Last"), (r) => r.steps.length, replay.at >= total), " ",
      h("button", { type: "button", "data-key": "stop", onclick: stopReplay }, t("Back to the end"))),
    h("div", { class: "replay-words", "data-key": "words", "aria-live": "polite" },
      who ? h("p", { class: "actor" }, t("{who} moves.", { who })) : null,
      words.map((line) => h("p", null, line))),
    handsOf(ctx));
}

/** Arrow keys step while the replay has the focus. */
export function onReplayKey(event) {
  if (!app.replay || event.altKey || event.ctrlKey || event.metaKey) return;
  const steps = { ArrowRight: 1, ArrowLeft: -1 };
  if (!(event.key in steps)) return;
  event.preventDefault();
  stepTo(app.replay.at + steps[event.key]).then(() => say($("replay-h").textContent));
}
