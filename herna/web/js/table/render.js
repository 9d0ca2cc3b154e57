// Drawing the table from the last state message, in place (dom.js `patch`):
// the element with focus is never replaced, so another player's move never
// moves the focus. One `render()` draws every region; the regions of their
// own modules (hand, waiting, only move, score sheet, replay, settings) draw
// themselves from the same context.

import { h, patch } from "../dom.js";
import { lang, t } from "../i18n.js";
import { clockLeft, clockText, moreTime } from "./clock.js";
import { drawHand } from "./hand.js";
import { drawOnlyMove } from "./onlymove.js";
import { showCoopChanges } from "./motion.js";
import { drawRoundEnd, drawSettings, heldView } from "./pace.js";
import { drawReplayBar } from "./replay.js";
import { drawSheet } from "./scoresheet.js";
import { $, app } from "./state.js";
import { canVoteOn, votesNeeded } from "./votes.js";
import { drawWaiting } from "./waiting.js";
import { gameInfo, gameModule, kindWords, makeCtx, named, periodWords, seatName, whoseTurn, winnersWords } from "./words.js";

const YOUR_TURN_TITLE = "● ";

function drawStatus(ctx, mod) {
  const msg = ctx.msg;
  const items = [];
  const mine = ctx.me !== null && msg.to_move === ctx.me && msg.status === "playing";
  items.push(h("li", { class: mine ? "turn mine" : "turn", "data-key": "turn" }, whoseTurn(ctx)));
  if (msg.status !== "waiting") items.push(h("li", { "data-key": "headline" }, mod.headline(ctx) || periodWords(ctx)));
  items.push(h("li", { "data-key": "you" }, ctx.me === null ? t("You are watching as a spectator.")
    : t("You play as {who}.", { who: seatName(ctx.me, { you: false }) })));
  const mySeat = ctx.me === null ? null : (msg.seats || [])[ctx.me];
  if (mySeat && mySeat.connections > 1) {
    items.push(h("li", { class: "badge", "data-key": "twice" },
      t("Your seat is open in {n} windows or devices: a move from any of them counts.", { n: mySeat.connections })));
  }
  if (app.clock && msg.status === "playing") {
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
  if (msg.status === "playing" && msg.to_move === seat) flags.push(["to-move", t("to move")]);
  if ((msg.winners || ctx.view.winners || []).includes(seat) && msg.status === "finished") flags.push(["winner", t("winner")]);
  if (info && info.bot_playing) flags.push(["bot", t("a bot plays for this seat")]);
  if (info && info.votes && info.votes.length && !info.bot_playing) {
    flags.push(["votes", t("{n} of {m} votes to let a bot play", { n: info.votes.length, m: votesNeeded(ctx, seat) })]);
  }
  if (info && info.kind === "human" && !info.bot_playing) {
    if (!info.taken) flags.push(["free", t("has not opened the link yet")]);
    else if (info.online === false) flags.push(["offline", t("offline")]);
  }
  return flags;
}

/** The seats in table order starting with ours (ours is drawn at the bottom, the others around). */
export function seatOrder(ctx) {
  const n = ctx.view.players || (ctx.msg.seats || []).length;
  const first = ctx.me === null ? 0 : ctx.me;
  const order = [];
  for (let k = 0; k < n; k++) order.push((first + k) % n);
  return order;
}

function drawSeats(ctx, mod) {
  const order = seatOrder(ctx);
  const n = order.length;
  const items = order.map((seat, place) => {
    const info = (ctx.msg.seats || [])[seat];
    const flags = seatFlags(ctx, seat);
    const id = `seat-${seat}-h`;
    return h("li", {
      class: ["seat", seat === ctx.me ? "me" : "", flags.some((f) => f[0] === "to-move") ? "moving" : ""].join(" ").trim(),
      "data-key": `seat-${seat}`, "aria-labelledby": id, "data-place": `${place}-${n}`, "data-seat": String(seat),
    },
    h("h3", { id }, h("span", { "data-seat-name": String(seat) }, seatName(seat)), h("span", { class: "kind" },
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

/** The seats around the drawn table (you at the bottom): name, what plays
 *  it, flags, and the seat's part of the table (kingdom, coop, invitation). */
function drawPlates(ctx, mod) {
  const items = seatOrder(ctx).map((seat) => {
    const info = (ctx.msg.seats || [])[seat];
    const flags = seatFlags(ctx, seat).filter(([cls]) => cls !== "votes");
    const mine = seat === ctx.me;
    return h("li", {
      class: ["plate", mine ? "me" : "", flags.some((f) => f[0] === "to-move") ? "moving" : ""].join(" ").trim(),
      "data-key": `plate-${seat}`, "data-area": ctx.area(seat), "data-seat": String(seat),
    },
    h("p", { class: "plate-name" }, h("span", { "data-seat-name": String(seat) }, seatName(seat)),
      info && info.kind !== "human" ? h("span", { class: "kind" }, " · ", kindWords(info)) : null),
    flags.length ? h("p", { class: "flags" }, flags.map(([cls, word], i) => [i ? " " : "", h("span", { class: `flag ${cls}` }, word)])) : null,
    // Kurník: your own coop is drawn in your part below the table
    mod.plate && !(mine && !mod.cards) ? mod.plate(ctx, seat) : null);
  });
  patch($("plates"), items);
  showCoopChanges(ctx);
}

function drawChoices(ctx, mod) {
  const section = $("choices-sec");
  const handActions = new Set();
  if (mod.cards) {
    for (const card of mod.handCards(ctx)) {
      const action = mod.cardAction(ctx, card);
      if (action) handActions.add(action);
    }
  }
  const select = mod.selectMode ? mod.selectMode(ctx) : null;
  let buttons = [];
  if (select) {
    buttons = select.buttons(ctx).map(({ action, label, key }) => ({ action, label, key: key || action }));
  } else {
    buttons = (ctx.msg.legal || []).filter((a) => !handActions.has(a)).map((action) => ({ action, label: ctx.label(action), key: action }));
  }
  const only = ctx.msg.only_move && buttons.length === 1 && !select;
  patch($("choices"), buttons.map(({ action, label, key }) => h("li", { "data-key": key },
    h("button", { type: "button", class: only ? "choice primary only" : "choice", "data-key": key, "data-action": action,
      "aria-keyshortcuts": only ? "o" : null }, label, only ? h("kbd", { "aria-hidden": "true" }, " o") : null))));
  const myTurn = ctx.legal.size > 0;
  section.hidden = ctx.me === null || ctx.msg.status !== "playing" || Boolean(app.replay);
  patch($("choices-prompt"), !myTurn ? whoseTurn(ctx)
    : (only ? t("Your only move: press the button or the o key.")
      : (buttons.length ? (mod.choicesPrompt ? mod.choicesPrompt(ctx) : t("Choose:")) : t("Choose a card from your hand."))));
  const help = ctx.msg.help ? String(ctx.msg.help).split("\n").filter((l) => l.trim()) : [];
  $("help-box").hidden = !help.length;
  $("hint-sec").hidden = !myTurn;
  if (!app.hint || app.hint.seq !== ctx.msg.seq || app.hint.lang !== lang()) patch($("hint-box"), []);
  patch($("help"), help.map((line) => h("p", null, named(line.trim()))));
}

function drawOver(ctx) {
  const section = $("over-sec");
  const over = ctx.msg.status === "finished";
  section.hidden = !over;
  if (!over) return;
  const sheet = ctx.msg.score_sheet || {};
  const totals = sheet.totals && sheet.totals.length ? sheet.totals : (ctx.view.scores || []);
  const lines = [];
  const winners = winnersWords(ctx);
  if (winners) lines.push(h("p", { class: "winners", "data-key": "w" }, winners));
  if (totals.length) {
    const winnersSet = new Set(ctx.msg.winners || []);
    const ranked = totals.map((score, seat) => ({ seat, score }))
      .sort((a, b) => Number(winnersSet.has(b.seat)) - Number(winnersSet.has(a.seat)) || b.score - a.score);
    lines.push(h("ol", { class: "final ranking", "data-key": "s", "aria-label": t("Ranking") },
      ranked.map(({ seat, score }) => h("li", { "data-key": String(seat) }, gameModule().finalScore
        ? gameModule().finalScore(ctx, seat, score) : t("{who}: {score}", { who: seatName(seat), score })))));
  }
  if (ctx.msg.rematch && ctx.me !== null) {
    lines.push(h("p", { "data-key": "re" }, t("A rematch table is ready: press Play again to take your seat there.")));
  }
  patch($("over"), lines);
  $("rematch").hidden = ctx.me === null;
}

/** Whether the focus is lost: on the page itself, or on something gone or hidden. */
function focusLost() {
  const el = document.activeElement;
  return !el || el === document.body || !el.isConnected || Boolean(el.closest("[hidden]"));
}

/** Where the focus goes when our own move took away what had it (one rule,
 *  listed on the help page): the "Game over" heading when the game ends; in a
 *  card game the hand's current card; else the "Your choices" heading. */
function refocus(ctx, mod) {
  if (ctx.msg.status === "finished") {
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

/** The tab's title: "● Your turn – herna" while it is our turn in a hidden tab. */
export function drawTitle() {
  const msg = app.msg;
  const info = gameInfo();
  const title = msg ? msg.title || (info && info.title) || msg.game : "";
  const mine = msg && msg.status === "playing" && (msg.legal || []).length > 0;
  document.title = mine && document.hidden ? `${YOUR_TURN_TITLE}${t("Your turn")} – herna` : `${title} – herna`;
}

export function render() {
  const msg = app.msg;
  const mod = gameModule();
  if (!msg || !mod) return;
  const focused = document.activeElement;
  const hadGameFocus = Boolean(focused && focused !== $("game") && $("game").contains(focused));
  const ctx = makeCtx(msg, app.replay ? app.replay.view : null);
  const info = gameInfo();
  const main = $("game");
  main.dataset.game = msg.game;
  main.dataset.seq = String(msg.seq);
  main.dataset.status = msg.status;
  main.dataset.turn = ctx.legal.size && msg.status === "playing" ? "mine" : "other";
  main.dataset.onlyMove = msg.only_move && ctx.legal.size ? "true" : "false";
  const title = msg.title || (info && info.title) || msg.game;
  patch($("title"), title);
  drawTitle();
  const rules = $("rules-link");
  rules.href = `/rules/${encodeURIComponent(msg.game)}?lang=${lang()}`;
  rules.textContent = t("How to play");
  rules.setAttribute("aria-label", t("How to play {game} (opens in a new tab)", { game: title }));
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
  drawWaiting(ctx);
  const held = app.replay ? ctx : makeCtx(msg, heldView(msg));
  patch($("centre"), mod.centre(held));
  drawPlates(held, mod);
  drawRoundEnd(ctx);
  drawSeats(ctx, mod);
  drawHand(ctx, mod);
  drawChoices(ctx, mod);
  drawOnlyMove(ctx);
  drawOver(ctx);
  drawSheet(ctx);
  drawSettings(ctx);
  drawReplayBar(ctx);
  if (hadGameFocus && focusLost()) refocus(ctx, mod);
}
