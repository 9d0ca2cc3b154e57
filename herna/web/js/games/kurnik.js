// Plný kurník at the browser table, drawn from the view's keys
// (SCENARIOS.md): every coop (9 places: hens, chicks, eggs, free; in words
// too), roosters, quarantine, the last roll as dice with their numbers, the
// supply. There is no hand: every decision is a button.

import { birdPicture, coopPicture, diePicture, pilePicture } from "../art.js";
import { h } from "../dom.js";
import { N_ } from "../i18n.js";
import { perSeat, stats } from "./common.js";

const PHASES = {
  start: N_("start rolls: the highest starts"),
  turn: N_("{who} chooses: roll or exchange"),
  dice: N_("{who} rolls two dice"),
  give: N_("{who} chooses who gets the gift"),
  bird_flu: N_("bird flu: {who} rolls one more die"),
  announce: N_("double six: {who} announces take or rob, then rolls again"),
  reroll: N_("{who} rolls again"),
  steal: N_("the supply has no hens: {who} names whom to take a hen from"),
  over: N_("game over"),
};

const YOURS = {
  turn: N_("Roll the dice, or exchange."),
  give: N_("Choose who gets the gift."),
  announce: N_("Double six: announce take or rob; then you roll again."),
  steal: N_("The supply has no hens: choose whom to take a hen from."),
  bird_flu: N_("Bird flu: roll one more die."),
};

function phaseWords(ctx) {
  const v = ctx.view;
  const words = PHASES[v.phase];
  if (!words) return "";
  const who = v.turn_player !== null && v.turn_player !== undefined ? ctx.seat(v.turn_player) : "";
  return ctx.t(words, { who });
}

function headline(ctx) {
  const v = ctx.view;
  return [ctx.t("Turn {n}", { n: v.turn || 0 }), phaseWords(ctx)].filter(Boolean).join(", ");
}

function rollWords(ctx, roll) {
  if (!roll || !roll.length) return ctx.t("no roll yet");
  let out = ctx.t("{a} and {b}", { a: roll[0], b: roll[1] });
  if (roll.length === 3) out += ", " + ctx.t("extra die {n}", { n: roll[2] });
  if (roll.length === 4) out += ", " + ctx.t("re-roll {a} and {b} (difference {d})", { a: roll[2], b: roll[3], d: Math.abs(roll[2] - roll[3]) });
  return out;
}

function dice(roll, seq) {
  return h("span", { class: "dice", "aria-hidden": "true", "data-roll": String(seq) },
    (roll || []).map((d, i) => h("span", { class: i >= 2 ? "die extra" : "die", "data-key": `${seq}-${i}`, "data-pips": String(d) },
      diePicture(d, null))));
}

/** The supply as piles: hens, chicks, eggs (and roosters with the dead rooster), each with its count. */
function supplyPiles(ctx) {
  const v = ctx.view;
  const sup = v.supply || {};
  const piles = [["hen", sup.hens, ctx.t("hens {n}", { n: sup.hens })], ["chick", sup.chicks, ctx.t("chicks {n}", { n: sup.chicks })],
    ["egg", sup.eggs, ctx.t("eggs {n}", { n: sup.eggs })]];
  if (v.options && v.options.dead_rooster) piles.push(["rooster", sup.roosters, ctx.t("roosters {n}", { n: sup.roosters })]);
  return h("ul", { class: "piles", "data-key": "piles", "aria-label": ctx.t("Supply") },
    piles.map(([kind, n, words]) => h("li", { class: "pile", "data-key": kind }, pilePicture(kind, n || 0, null),
      h("span", { class: "pile-n", "aria-hidden": "true" }, String(n ?? 0)), h("span", { class: "visually-hidden" }, words))));
}

function supplyWords(ctx) {
  const v = ctx.view;
  const s = v.supply || {};
  const parts = [ctx.t("hens {n}", { n: s.hens }), ctx.t("chicks {n}", { n: s.chicks }), ctx.t("eggs {n}", { n: s.eggs })];
  if (v.options && v.options.dead_rooster) parts.push(ctx.t("roosters {n}", { n: s.roosters }));
  return parts.join(", ");
}

function centre(ctx) {
  const v = ctx.view;
  const roller = v.last_roller;
  const out = [
    h("div", { class: "roll", "data-key": "roll" },
      h("h3", null, ctx.t("Last roll")),
      v.last_roll && v.last_roll.length ? dice(v.last_roll, ctx.msg.seq) : null,
      h("p", null, roller !== null && roller !== undefined && v.last_roll
        ? ctx.t("{who} rolled {roll}.", { who: ctx.seat(roller), roll: rollWords(ctx, v.last_roll) })
        : ctx.t("No roll yet."))),
    supplyPiles(ctx),
    h("p", { "data-key": "supply", class: "visually-hidden" }, ctx.t("Supply: {list}.", { list: supplyWords(ctx) })),
  ];
  if (v.quarantined && v.quarantined.length) {
    out.push(h("p", { "data-key": "q" }, ctx.t("In quarantine (no roll in the next turn): {list}.", { list: v.quarantined.map((k) => ctx.seat(k)).join(", ") })));
  }
  if (v.start_rolls && (v.turn || 0) <= 1 && v.start_rolls.some(Boolean)) {
    out.push(h("p", { "data-key": "start" }, ctx.t("Start rolls (the highest starts): {list}.", {
      list: v.start_rolls.map((r, k) => (r ? `${ctx.seat(k)} ${r}` : null)).filter(Boolean).join(", "),
    })));
  }
  out.push(h("p", { class: "hint", "data-key": "goal" }, ctx.t("The first coop with 9 hens wins.")));
  return out;
}

function coopWords(ctx, coop) {
  return ctx.t("hens {hens}, chicks {chicks}, eggs {eggs}, free places {free}", coop);
}

function roosterWords(ctx, coop) {
  if (coop.rooster) return ctx.t("yes, stops {n} more", { n: 3 - (coop.rooster_blocks || 0) });
  return coop.rooster_dead ? ctx.t("dead") : ctx.t("none");
}

function coopPlaces(ctx, coop) {
  return h("span", { class: "coop" }, coopPicture(coop, null));
}

/** The seat's part of the drawn table: its coop (nine places) and a rooster when it has one. */
function plate(ctx, seat) {
  const coop = (ctx.view.coops || [])[seat] || {};
  return h("div", { class: "k-plate" }, coopPlaces(ctx, coop),
    h("span", { class: "k-hens" }, birdPicture("hen", null), " ", String(coop.hens || 0)),
    h("span", { class: "visually-hidden" }, ctx.t("Coop: {coop}.", { coop: coopWords(ctx, coop) })));
}

function seatDetails(ctx, seat) {
  const v = ctx.view;
  const coop = (v.coops || [])[seat] || {};
  return [
    h("p", { class: "coop-words" }, coopWords(ctx, coop)),
    stats([
      [ctx.t("Rooster"), v.options && v.options.dead_rooster ? roosterWords(ctx, coop) : null],
      [ctx.t("Quarantine"), (v.quarantined || []).includes(seat) ? ctx.t("yes, loses the next roll") : null],
    ]),
  ];
}

function mine(ctx) {
  const coop = (ctx.view.coops || [])[ctx.me];
  if (!coop) return null;
  return h("div", { class: "mine k-mine" }, coopPlaces(ctx, coop),
    h("p", null, ctx.t("Your coop: {coop}.", { coop: coopWords(ctx, coop) })));
}

function choicesPrompt(ctx) {
  if (ctx.legal.size && YOURS[ctx.view.phase]) return ctx.t(YOURS[ctx.view.phase]);
  return ctx.legal.size ? ctx.t("Choose:") : phaseWords(ctx);
}

const say = {
  hand(ctx) {
    const coop = (ctx.view.coops || [])[ctx.me] || {};
    let out = ctx.t("Your coop: {coop}.", { coop: coopWords(ctx, coop) });
    if (ctx.view.options && ctx.view.options.dead_rooster) out += " " + ctx.t("Rooster: {state}.", { state: roosterWords(ctx, coop) });
    return out;
  },
  trick(ctx) {
    const v = ctx.view;
    const roll = v.last_roll && v.last_roller !== null && v.last_roller !== undefined
      ? ctx.t("{who} rolled {roll}.", { who: ctx.seat(v.last_roller), roll: rollWords(ctx, v.last_roll) }) : ctx.t("No roll yet.");
    return `${roll} ${ctx.t("Supply: {list}.", { list: supplyWords(ctx) })}`;
  },
  scores(ctx) {
    const hens = (ctx.view.coops || []).map((c) => c.hens);
    return ctx.t("Hens (9 win): {list}.", { list: perSeat(ctx, hens) });
  },
};

/** A line of the final scores: a coop's hens (K-1.4). */
function finalScore(ctx, seat, score) {
  return ctx.t("{who}: hens {n}", { who: ctx.seat(seat), n: score });
}

export default {
  cards: false, headline, centre, seatDetails, mine, choicesPrompt, say, finalScore, plate,
  handCards: () => [], cardAction: () => null, reason: () => "", handPrompt: () => "", suitClass: () => "",
  cardFace: () => [],
};
