// The review of a finished game (GET /api/tables/{id}/review; the g key and
// the "Review my game" button): the strong bot searches every decision of
// the viewer's seat (a spectator: of every seat a person played) and lists
// the moves that lost the most: where, what was played, the better move,
// the loss with its uncertainty and why, then a summary. It takes seconds:
// a progress bar shows meanwhile (aria-busy on the result). Each mistake can
// be shown in the replay (replay.js).

import { api } from "../api.js";
import { h, patch } from "../dom.js";
import { lang, t } from "../i18n.js";
import { replayAt } from "./replay.js";
import { $, app, tablePath } from "./state.js";
import { named, say, seatName } from "./words.js";

const TOP = 10; // mistakes listed at most

let asking = null; // the language of the review under way, or null

/** The review's section: shown on a finished game only (called from the replay's drawing). */
export function drawReview(ctx) {
  const finished = ctx.msg.status === "finished";
  $("review-sec").hidden = !finished;
  if (!finished) return;
  const button = $("review-button");
  const label = ctx.me === null ? t("Review the game (g)") : t("Review my game (g)");
  if (button.textContent !== label) button.textContent = label;
}

/** Ask for the review (the g key, the button) and show it; once shown, show it again at once. */
export async function askReview() {
  const msg = app.msg;
  if (!msg) return;
  if (msg.status !== "finished") {
    say(t("The review is made once the game is over."));
    return;
  }
  const wanted = lang();
  if (app.review && app.review.lang === wanted) {
    showReview(app.review);
    return;
  }
  if (asking === wanted) {
    say(t("The review is being made: a few seconds more…"));
    return;
  }
  asking = wanted;
  const box = $("review");
  box.setAttribute("aria-busy", "true");
  const progress = $("review-progress");
  patch(progress, h("p", null, t("The strong bot searches every decision of the game: this takes a few seconds…")),
    h("progress", { "aria-label": t("Reviewing the game") }));
  progress.hidden = false;
  say(t("Reviewing the game: this takes a few seconds…"));
  try {
    const review = await api(tablePath(`/review?lang=${encodeURIComponent(wanted)}&top=${TOP}`));
    if (asking !== wanted) return; // the language changed meanwhile: that review is asked for now
    app.review = review;
    showReview(review);
  } catch (e) {
    if (asking !== wanted) return;
    patch(box, h("p", { class: "error" }, t("No review: {why}", { why: e.message })));
    say(t("No review: {why}", { why: e.message }));
  } finally {
    if (asking === wanted) {
      asking = null;
      progress.hidden = true;
      patch(progress);
      box.removeAttribute("aria-busy");
    }
  }
}

/** The language changed: a review shown is asked for again in the new one. */
export function reviewLangChanged() {
  if (!app.review && !asking) return;
  app.review = null;
  asking = null;
  askReview();
}

function whose(review) {
  const me = app.msg && Number.isInteger(app.msg.seat) ? app.msg.seat : null;
  if (review.seats.length === 1 && review.seats[0] === me) return t("Review of your game");
  return t("Review of the game: {who}", { who: review.seats.map((seat) => seatName(seat)).join(", ") });
}

function mistakeItem(review, mistake) {
  const who = review.seats.length > 1 ? seatName(mistake.seat) : null;
  const where = [mistake.where || t("Move {n}", { n: mistake.seq }), who].filter(Boolean).join(", ");
  return h("li", { "data-key": String(mistake.seq), "data-seq": String(mistake.seq) },
    h("p", { class: "where" }, h("strong", null, where)),
    h("p", null, t("Played: {move} ({value})", { move: named(mistake.played), value: mistake.played_value })),
    h("p", null, t("Better: {move} ({value})", { move: named(mistake.best), value: mistake.best_value })),
    h("p", { class: "loss" }, t("Lost {loss} (± {se})", { loss: mistake.loss, se: mistake.se })),
    mistake.reason ? h("p", { class: "reason" }, named(mistake.reason)) : null,
    h("p", null, h("button", { type: "button", onclick: () => replayAt(mistake.seq) },
      t("Show move {n} in the replay", { n: mistake.seq }))));
}

function showReview(review) {
  const box = $("review");
  patch(box,
    h("h3", { id: "review-h", tabindex: "-1", "data-key": "h" }, whose(review)),
    review.head ? h("p", { "data-key": "head" }, review.head) : null,
    review.mistakes.length ? h("ol", { class: "review-list", "data-key": "list", "aria-labelledby": "review-h" },
      review.mistakes.map((mistake) => mistakeItem(review, mistake))) : null,
    h("p", { class: "note", "data-key": "note" }, review.note),
    review.summary ? h("p", { class: "summary", "data-key": "summary" }, review.summary) : null);
  $("review-h").focus();
  say([t("Review ready. Mistakes listed: {n}.", { n: review.mistakes.length }), review.summary]
    .filter(Boolean).join(" "));
}
