// Pieces the game modules share: cards, plays of a trick, small stat lists.

import { cardPicture } from "../art.js";
import { h } from "../dom.js";

/** The digits at the end of a card code ("red5" -> "5", "SAX10" -> "10"; "" for none). */
export function valueOf(code) {
  const m = String(code).match(/(\d+)$/);
  return m ? m[1] : "";
}

/** A card as shown: its suit's word small, its value big; the text reads as
 *  the card's name ("Saxosaurus 6"); `cls` adds the suit's colour. */
export function cardFace(ctx, code, marks = []) {
  const value = valueOf(code);
  const art = cardPicture(code, null, { marks });
  if (!value) return [art, h("span", { class: "suit-word only visually-hidden" }, ctx.card(code))];
  return [art, h("span", { class: "suit-word visually-hidden" }, ctx.suit(code)), h("span", { class: "visually-hidden" }, " "),
    h("span", { class: "value visually-hidden" }, value)];
}

/** A card that is not a button (a card on the table). */
export function cardBox(ctx, code, suitClass, extra = "", marks = []) {
  return h("span", { class: `card small ${suitClass(code)} ${extra}`.trim(), "data-card": code }, cardFace(ctx, code, marks));
}

/** The plays of a trick: a list of (seat, card) pairs, each readable as "Seat 2: Saxosaurus 6". */
export function plays(ctx, seats, cards, suitClass, { label, winner = null, bySeat = false } = {}) {
  return h("ol", { class: bySeat ? "plays by-seat" : "plays", "aria-label": label },
    cards.map((code, i) => h("li", { class: seats[i] === winner ? "play won" : "play", "data-key": `${i}-${code}`,
      "data-area": bySeat ? ctx.area(seats[i]) : null, "data-seat": String(seats[i]) },
      cardBox(ctx, code, suitClass),
      h("span", { class: "who" }, h("span", { class: "visually-hidden" }, ": "), ctx.seat(seats[i]),
        seats[i] === winner ? h("span", { class: "won-mark" }, ` (${ctx.t("won")})`) : null))));
}

/** A list of statistics: [[term, value], ...] as a description list. */
export function stats(pairs, cls = "stats") {
  return h("dl", { class: cls },
    pairs.filter((p) => p && p[1] !== null && p[1] !== undefined && p[1] !== "")
      .map(([term, value]) => h("div", { "data-key": term }, h("dt", null, term), h("dd", null, String(value)))));
}

/** "a, b and c" in the page's language. */
export function listWords(ctx, items) {
  if (items.length <= 1) return items.join("");
  return ctx.t("{first} and {last}", { first: items.slice(0, -1).join(", "), last: items[items.length - 1] });
}

/** "Seat 1 12, Seat 2 7" (for the keys). */
export function perSeat(ctx, values) {
  return values.map((v, k) => `${ctx.seat(k)} ${v}`).join(", ");
}

/** The legal action that uses exactly `card` ("play SAX6", "invite SAX6"), or null. */
export function actionFor(ctx, card) {
  for (const action of ctx.msg.legal || []) {
    const words = action.split(" ");
    if (words.length === 2 && words[1] === card) return action;
  }
  return null;
}

/** The hand in words, with the cards playable now when not all are ("h" key). */
export function sayHand(ctx, cardAction, extra = "") {
  const hand = ctx.view.hand || [];
  let out = hand.length ? ctx.t("Your hand: {cards}.", { cards: hand.map(ctx.card).join(", ") }) : ctx.t("Your hand is empty.");
  if (extra) out += " " + extra;
  const playable = hand.filter((c) => cardAction(ctx, c));
  if (playable.length && playable.length < hand.length) out += " " + ctx.t("Playable now: {cards}.", { cards: playable.map(ctx.card).join(", ") });
  return out;
}

/** The trick in play and the last trick with who played what and who won ("t" key). */
export function sayTrick(ctx) {
  const v = ctx.view;
  const parts = [];
  if (v.trick && v.trick.length) {
    parts.push(ctx.t("Trick in play: {plays}.", { plays: v.trick.map((c, i) => `${ctx.seat(v.trick_seats[i])} ${ctx.card(c)}`).join(", ") }));
  } else if (v.phase === "play") {
    parts.push(ctx.t("No card yet: {who} leads.", { who: ctx.seat(v.leader) }));
  }
  if (v.last_trick) {
    const last = v.last_trick;
    parts.push(ctx.t("Last trick: {plays}; won by {who}.", {
      plays: last.cards.map((c, i) => `${ctx.seat(last.seats[i])} ${ctx.card(c)}`).join(", "), who: ctx.seat(last.winner),
    }));
  }
  return parts.join(" ") || ctx.t("No trick has been played yet.");
}
