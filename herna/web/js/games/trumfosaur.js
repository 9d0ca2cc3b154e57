// Trumfosaur at the browser table, drawn from the view's keys (SCENARIOS.md):
// per player the total, the last deal, cards taken, the invitation
// (pozvánka) once revealed, the trump still in hand, cards laid out; the
// trick and the last trick; the seat's own invitation and taken cards; the
// master exchange as a pick of up to two cards.

import { h } from "../dom.js";
import { N_ } from "../i18n.js";
import { actionFor, cardBox, cardFace, perSeat, plays, sayHand, sayTrick, stats } from "./common.js";

const PHASES = {
  exchange: N_("master exchange"), invite: N_("choosing invitations"), play: N_("playing"), reveal: N_("reveal window"),
  over: N_("game over"), deal: N_("dealing"), draw: N_("drawing"),
};

function speciesOf(code) {
  return code === "TRUMF" ? "TRUMF" : String(code).slice(0, 3);
}

function suitClass(code) {
  return `suit-${speciesOf(code)}`;
}

function headline(ctx) {
  const v = ctx.view;
  const parts = [ctx.t("Deal {n}", { n: v.deal_number })];
  if (v.trick_number) parts.push(ctx.t("trick {n} of 10", { n: v.trick_number }));
  parts.push(ctx.t("target {n}", { n: v.target_score }));
  if (PHASES[v.phase]) parts.push(ctx.t(PHASES[v.phase]));
  return parts.join(", ");
}

function centre(ctx) {
  const v = ctx.view;
  const out = [];
  const trick = [h("h3", null, ctx.t("Trick in play"))];
  if (v.trick && v.trick.length) {
    trick.push(plays(ctx, v.trick_seats, v.trick, suitClass, { label: ctx.t("Trick in play"), bySeat: true, winner: v.trick_winner ?? null }));
    if (v.trick_winner !== undefined) trick.push(h("p", { class: "held", "data-key": "held" }, ctx.t("Won by {who}.", { who: ctx.seat(v.trick_winner) })));
  } else if (v.phase === "play") {
    trick.push(h("p", { class: "empty-trick", "data-key": "lead" }, ctx.t("No card yet: {who} leads.", { who: ctx.seat(v.leader) })));
  } else if (v.phase !== "over") {
    trick.push(h("p", { class: "empty-trick", "data-key": "none" }, ctx.t("No card yet.")));
  }
  if (v.phase !== "over" || trick.length > 1) out.push(h("div", { class: "trick-area", "data-key": "trick" }, trick));
  if (v.last_trick && v.trick_winner === undefined) { // (while held, the last trick is the one in the middle)
    const last = v.last_trick;
    out.push(h("div", { class: "last-trick", "data-key": "last" },
      h("h3", null, ctx.t("Last trick")),
      plays(ctx, last.seats, last.cards, suitClass, { label: ctx.t("Last trick"), winner: last.winner }),
      h("p", null, ctx.t("Won by {who}.", { who: ctx.seat(last.winner) }))));
  }
  if (v.deal_scores && v.deal_invitations) {
    out.push(h("div", { class: "last-deal", "data-key": "deal" },
      h("h3", null, ctx.t("Last deal")),
      h("ul", null, v.deal_scores.map((score, k) => h("li", { "data-key": String(k) },
        ctx.t("{who}: invitation {card}, score {score}", {
          who: ctx.seat(k), card: v.deal_invitations[k] ? ctx.card(v.deal_invitations[k]) : "–", score,
        }))))));
  }
  if (v.team_scores) {
    out.push(h("p", { "data-key": "teams" }, ctx.t("Teams: seats 1 and 3 have {a}, seats 2 and 4 have {b}.", { a: v.team_scores[0], b: v.team_scores[1] })));
  }
  return out;
}

function seatDetails(ctx, seat) {
  const v = ctx.view;
  // T-10.2: once the game is over, the last deal's invitations are open to all
  const invitation = (v.invitations || [])[seat] || (v.phase === "over" && v.deal_invitations ? v.deal_invitations[seat] : null);
  const laid = ((v.exchanged || [])[seat] || []);
  return [
    stats([
      [ctx.t("Total"), (v.scores || [])[seat]],
      [ctx.t("Last deal"), v.deal_scores ? v.deal_scores[seat] : null],
      [ctx.t("Cards taken"), (v.taken || [])[seat]],
      [ctx.t("Invitation"), invitation ? ctx.card(invitation)
        : (seat === ctx.me && v.invitation ? ctx.t("{card}, hidden from the others", { card: ctx.card(v.invitation) }) : ctx.t("hidden"))],
      [ctx.t("Trump in hand"), (v.trumps || [])[seat] ? ctx.t("yes") : ctx.t("no")],
      [ctx.t("Cards in hand"), (v.hand_sizes || [])[seat]],
      [ctx.t("Laid out"), laid.length ? laid.map(ctx.card).join(", ") : null],
    ]),
  ];
}

/** The seat's part of the drawn table: its revealed invitation (marked), the trump
 *  if it holds it, the cards in hand and taken, as pictures with their words. */
function plate(ctx, seat) {
  const v = ctx.view;
  const invitation = (v.invitations || [])[seat] || (v.phase === "over" && v.deal_invitations ? v.deal_invitations[seat] : null);
  return h("div", { class: "t-plate" },
    invitation ? h("span", { class: "t-inv" }, cardBox(ctx, invitation, suitClass, "tiny", ["invitation"]),
      h("span", { class: "visually-hidden" }, ctx.t("Invitation: {card}", { card: ctx.card(invitation) }))) : null,
    (v.trumps || [])[seat] ? h("span", { class: "t-trump" }, cardBox(ctx, "TRUMF", suitClass, "tiny", ["trump"]),
      h("span", { class: "visually-hidden" }, ctx.t("Trump in hand"))) : null,
    h("span", { class: "t-count" }, ctx.t("Cards in hand: {n}", { n: (v.hand_sizes || [])[seat] ?? 0 })),
    h("span", { class: "t-count" }, ctx.t("Cards taken: {n}", { n: (v.taken || [])[seat] ?? 0 })),
    h("span", { class: "t-count" }, ctx.t("Total: {n}", { n: (v.scores || [])[seat] ?? 0 })));
}

function handCards(ctx) {
  return ctx.view.hand || [];
}

function reason(ctx, card) {
  const v = ctx.view;
  if (v.phase === "reveal") return ctx.t("First decide whether to reveal your invitation.");
  if (v.phase === "play" && v.trick && v.trick.length && v.trick[0] !== "TRUMF") {
    const led = speciesOf(v.trick[0]);
    if (speciesOf(card) !== led) return ctx.t("You must follow {suit} (or play your trump).", { suit: ctx.suitToFollow(`${led}1`) });
  }
  return ctx.t("This card cannot be played now.");
}

function handPrompt(ctx) {
  const v = ctx.view;
  if (v.phase === "invite") return ctx.t("Choose your invitation (pozvánka): the secret card you score against.");
  if (v.phase === "play") {
    if (v.trick && v.trick.length && v.trick[0] !== "TRUMF") {
      return ctx.t("Play a card: follow {suit} if you can, or play your trump.", { suit: ctx.suitToFollow(`${speciesOf(v.trick[0])}1`) });
    }
    return v.trick && v.trick.length ? ctx.t("Play any card.") : ctx.t("You lead: play any card.");
  }
  return "";
}

function choicesPrompt(ctx) {
  if (ctx.view.phase === "reveal") return ctx.t("Reveal your invitation to lead the next trick, or keep it hidden.");
  return ctx.t("Choose:");
}

/** The master exchange (T-8.1): pick 0-2 cards in the hand, then confirm. */
function selectMode(ctx) {
  if (ctx.view.phase !== "exchange" || !ctx.legal.has("exchange")) return null;
  return {
    max: 2,
    prompt: ctx.t("Master exchange: pick up to two cards to lay out face up (press them again to unpick); you draw as many."),
    buttons(c) {
      const picked = c.selected;
      const keep = { action: "exchange", label: c.t("Keep my hand"), key: "keep" };
      if (!picked.length) return [keep];
      const wanted = [...picked].sort().join(" ");
      const action = (c.msg.legal || []).find((a) => a.startsWith("exchange ") && a.split(" ").slice(1).sort().join(" ") === wanted);
      if (!action) return [keep];
      return [{ action, label: c.t("Lay out {cards} and draw", { cards: picked.map(c.card).join(", ") }), key: "lay" }, keep];
    },
  };
}

function mine(ctx) {
  const v = ctx.view;
  if (!("hand" in v)) return null;
  const taken = v.taken_cards || [];
  return h("div", { class: "mine" },
    h("h3", null, ctx.t("Your invitation")),
    h("p", null, v.invitation ? cardBox(ctx, v.invitation, suitClass, "", ["invitation"]) : ctx.t("not chosen yet")),
    h("h3", null, ctx.t("Your taken cards")),
    taken.length ? h("ul", { class: "taken" }, taken.map((c) => h("li", { "data-key": c }, cardBox(ctx, c, suitClass))))
      : h("p", null, ctx.t("none yet")));
}

const say = {
  hand(ctx) {
    const v = ctx.view;
    return sayHand(ctx, actionFor, v.invitation ? ctx.t("Your invitation: {card}.", { card: ctx.card(v.invitation) }) : "");
  },
  trick: sayTrick,
  scores(ctx) {
    const v = ctx.view;
    let out = ctx.t("Totals: {list}.", { list: perSeat(ctx, v.scores || []) });
    if (v.team_scores) out += " " + ctx.t("Teams: seats 1 and 3 have {a}, seats 2 and 4 have {b}.", { a: v.team_scores[0], b: v.team_scores[1] });
    out += " " + ctx.t("Cards taken this deal: {list}.", { list: perSeat(ctx, v.taken || []) });
    return out;
  },
};

export default {
  cards: true, headline, centre, seatDetails, handCards, cardAction: actionFor, reason, handPrompt, choicesPrompt,
  selectMode, suitClass, cardFace, mine, say, plate,
};
