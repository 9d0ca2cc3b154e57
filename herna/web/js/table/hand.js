// The hand: a list of buttons, one tab stop (roving tabindex), the arrows
// move (at your move only among the cards you may play: playable.js; the f
// key goes to the next of them); a dimmed card says why it cannot be played. In a select-mode
// decision (Trumfosaur's master exchange) the cards are picked, then confirmed.

import { h, patch } from "../dom.js";
import { t } from "../i18n.js";
import { act } from "./messages.js";
import { moveIndex, nextUsable } from "./playable.js";
import { render } from "./render.js";
import { $, app } from "./state.js";
import { gameModule, makeCtx, say } from "./words.js";

export function drawHand(ctx, mod) {
  const section = $("hand-sec");
  if (!mod.cards || ctx.me === null) {
    section.hidden = ctx.me === null || !mod.mine;
    if (!section.hidden) {
      patch($("hand-h"), t("Your coop"));
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
    if (!usable) {
      reasons.add(myTurn ? mod.reason(ctx, card)
        : (ctx.msg.status === "finished" ? t("The game is over.") : t("It is not your turn.")));
    }
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

/** Arrows, Home and End: among the cards you may play while it is your move, else among all. */
function moveInHand(current, step, absolute) {
  const cards = handCards();
  const index = moveIndex(cards, cards.findIndex((c) => c.button === current), step, absolute,
    Boolean(app.msg && (app.msg.legal || []).length));
  if (index >= 0) focusCardButton(cards[index].button);
}

/** The f key: the focus to the next card you may play (after the one with the focus); false when none. */
export function focusPlayable() {
  if (!app.msg || !(app.msg.legal || []).length || $("hand-sec").hidden) return false;
  const cards = handCards();
  const index = nextUsable(cards, cards.findIndex((c) => c.button === document.activeElement));
  if (index < 0) return false;
  focusCardButton(cards[index].button);
  return true;
}

export function onHandKey(event) {
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
export function strayClick(event) {
  return event.detail > 1;
}

export function onHandClick(event) {
  const button = event.target.closest("button[data-key]");
  if (!button || !app.msg || strayClick(event)) return;
  app.focusCard = button.dataset.key;
  for (const b of $("hand").querySelectorAll("button[data-key]")) b.tabIndex = b === button ? 0 : -1;
  const mod = gameModule();
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
