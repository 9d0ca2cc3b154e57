// Ugo! at the browser table, drawn from the view's keys (SCENARIOS.md):
// every kingdom (fields A-E: colour, top card, farmers/places, score now),
// the trick and the last trick, what waits to be placed, the farmer supply.

import { cardPicture, farmersPicture } from "../art.js";
import { h } from "../dom.js";
import { N_ } from "../i18n.js";
import { actionFor, cardBox, cardFace, listWords, perSeat, plays, sayHand, sayTrick, stats, valueOf } from "./common.js";

const PHASES = {
  deal: N_("dealing"), play: N_("playing a trick"), open: N_("ordering new colours"), farm: N_("placing farmers"), over: N_("game over"),
};

function colourOf(code) {
  return String(code).replace(/\d+$/, "");
}

function suitClass(code) {
  return `suit-${colourOf(code)}`;
}

function colourWord(ctx, colour) {
  return colour ? ctx.suit(`${colour}0`) : ctx.t("empty");
}

function headline(ctx) {
  const v = ctx.view;
  const parts = [ctx.t("Round {n} of {total}", { n: v.round_number, total: v.rounds }),
    ctx.t("trick {n} of 10", { n: v.trick_number })];
  if (PHASES[v.phase]) parts.push(ctx.t(PHASES[v.phase]));
  if (v.farmer_supply !== null && v.farmer_supply !== undefined) parts.push(ctx.t("farmers left: {n}", { n: v.farmer_supply }));
  return parts.join(", ");
}

function trickSection(ctx) {
  const v = ctx.view;
  if (v.phase === "over" && !(v.trick && v.trick.length)) return null;
  const out = [h("h3", { "data-key": "trick-h" }, ctx.t("Trick in play"))];
  if (v.trick && v.trick.length) {
    out.push(plays(ctx, v.trick_seats, v.trick, suitClass, { label: ctx.t("Trick in play"), bySeat: true, winner: v.trick_winner ?? null }));
    if (v.trick_winner !== undefined) out.push(h("p", { class: "held", "data-key": "held" }, ctx.t("Won by {who}.", { who: ctx.seat(v.trick_winner) })));
  } else if (v.phase === "play") {
    out.push(h("p", { class: "empty-trick", "data-key": "lead" }, ctx.t("No card yet: {who} leads.", { who: ctx.seat(v.leader) })));
  } else if (v.phase !== "over") {
    out.push(h("p", { class: "empty-trick", "data-key": "none" }, ctx.t("No card yet.")));
  }
  return h("div", { class: "trick-area", "data-key": "trick" }, out);
}

function lastTrickSection(ctx) {
  const last = ctx.view.last_trick;
  if (!last || ctx.view.trick_winner !== undefined) return null; // while held, it is the one in the middle
  return h("div", { class: "last-trick", "data-key": "last" },
    h("h3", null, ctx.t("Last trick")),
    plays(ctx, last.seats, last.cards, suitClass, { label: ctx.t("Last trick"), winner: last.winner }),
    h("p", null, ctx.t("Won by {who}.", { who: ctx.seat(last.winner) })));
}

function centre(ctx) {
  const v = ctx.view;
  const out = [trickSection(ctx), lastTrickSection(ctx)];
  const notes = [];
  if (v.waiting_colours && v.waiting_colours.length) {
    notes.push(ctx.t("New colours waiting for a field: {colours}.", { colours: v.waiting_colours.map((c) => colourWord(ctx, c)).join(", ") }));
  }
  if (v.farmers_to_place && v.farmers_to_place.length) {
    notes.push(ctx.t("Farmers to place: {list}.", { list: v.farmers_to_place.map((e) => `${ctx.seat(e.seat)} ${e.farmers}`).join(", ") }));
  }
  notes.push(ctx.t("Farmers left in the supply: {n}.", { n: v.farmer_supply }));
  out.push(h("ul", { class: "notes", "data-key": "notes" }, notes.map((n, i) => h("li", { "data-key": String(i) }, n))));
  return out;
}

function fieldSentence(ctx, field) {
  const farmers = ctx.t("farmers {n} of {places}", { n: field.farmers, places: field.places });
  const score = field.score > 0 ? `+${field.score}` : String(field.score);
  if (!field.colour) {
    return ctx.t("Field {field}: empty, {farmers}, scores {score} now.", { field: field.field, farmers, score });
  }
  return ctx.t("Field {field}: {colour}, top card {top}, cards: {n}, {farmers}, scores {score} now.",
    { field: field.field, colour: colourWord(ctx, field.colour), top: valueOf(field.top_card), n: field.cards.length, farmers, score });
}

function kingdom(ctx, seat) {
  const fields = (ctx.view.kingdoms || [])[seat] || [];
  return h("ol", { class: "kingdom", "aria-label": ctx.t("Kingdom of {who}", { who: ctx.seat(seat) }) },
    fields.map((field) => {
      const score = field.score > 0 ? `+${field.score}` : String(field.score);
      const depth = Math.min(3, (field.cards || []).length);
      return h("li", { class: `ufield ${field.colour ? `suit-${field.colour}` : "empty"}`, "data-key": field.field, "data-depth": String(depth) },
        h("span", { class: "f-vis", "aria-hidden": "true" },
          h("span", { class: "f-name" }, field.field),
          field.top_card ? h("span", { class: "f-card" }, cardPicture(field.top_card, null)) : h("span", { class: "f-card f-empty" }),
          h("span", { class: "f-farm" }, farmersPicture(field.farmers, field.places, null)),
          h("span", { class: "f-score" }, score)),
        h("span", { class: "visually-hidden" }, fieldSentence(ctx, field)));
    }));
}

/** The seat's part of the drawn table: its kingdom. */
function plate(ctx, seat) {
  return kingdom(ctx, seat);
}

function seatDetails(ctx, seat) {
  const v = ctx.view;
  const voids = (v.voids || [])[seat] || [];
  return [
    stats([
      [ctx.t("Total"), (v.scores || [])[seat]],
      [ctx.t("Last round"), v.round_scores ? v.round_scores[seat] : null],
      [ctx.t("Score now"), (v.kingdom_scores || [])[seat]],
      [ctx.t("Cards in hand"), (v.hand_sizes || [])[seat]],
      [ctx.t("Shown void in"), voids.length ? voids.map((c) => colourWord(ctx, c)).join(", ") : null],
    ]),
  ];
}

function handCards(ctx) {
  return ctx.view.hand || [];
}

function reason(ctx, card) {
  const v = ctx.view;
  if (v.phase !== "play") return ctx.t("Cards are played later: first make the choice below.");
  if (v.trick && v.trick.length) {
    const led = colourOf(v.trick[0]);
    if (colourOf(card) !== led) return ctx.t("You must follow {suit}.", { suit: ctx.suitToFollow(`${led}0`) });
  }
  return ctx.t("This card cannot be played now.");
}

function handPrompt(ctx) {
  const v = ctx.view;
  if (v.phase !== "play") return "";
  if (v.trick && v.trick.length) return ctx.t("Play a card: follow {suit} if you can.", { suit: ctx.suitToFollow(`${colourOf(v.trick[0])}0`) });
  return ctx.t("You lead: play any card.");
}

function choicesPrompt(ctx) {
  const v = ctx.view;
  if (v.phase === "open") return ctx.t("Choose which new colour opens your next empty field.");
  if (v.phase === "farm") return ctx.t("Choose the field for one paid farmer.");
  return ctx.t("Choose:");
}

const say = {
  hand: (ctx) => sayHand(ctx, actionFor),
  trick: sayTrick,
  scores(ctx) {
    const v = ctx.view;
    let out = ctx.t("Totals: {list}.", { list: perSeat(ctx, v.scores || []) });
    out += " " + ctx.t("If the round ended now: {list}.", { list: perSeat(ctx, v.kingdom_scores || []) });
    return out;
  },
};

export default {
  cards: true, headline, centre, seatDetails, handCards, cardAction: actionFor, reason, handPrompt, choicesPrompt,
  suitClass, cardFace, say, mine: null, cardBox, listWords, plate,
};
