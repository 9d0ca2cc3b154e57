// The table's words: card and seat names, whose turn, the context (`ctx`)
// the game modules (js/games/*.js) draw from. Names, never "Seat N" alone:
// a seat without a name is "Player 2" (a person) or "Easy bot 3" (a bot).

import { lang, N_, t } from "../i18n.js";
import { speak } from "../live.js";
import kurnik from "../games/kurnik.js";
import trumfosaur from "../games/trumfosaur.js";
import ugo from "../games/ugo.js";
import { $, app } from "./state.js";

const MODULES = { ugo, trumfosaur, kurnik };
const UNITS = { deal: N_("Deal {n}"), round: N_("Round {n}"), turn: N_("Turn {n}") };

export function gameInfo() {
  return app.msg ? app.catalogue.find((g) => g.name === app.msg.game) || null : null;
}

/** The game module of the table (js/games/{game}.js), or null. */
export function gameModule() {
  return app.msg ? MODULES[app.msg.game] || null : null;
}

export function cardName(code) {
  const info = gameInfo();
  const names = (info && info.card_names) || {};
  return names[code] || code;
}

/** A suit's (colour's, species') name: a card's name without its value;
 *  `accusative`: declined as the object of "follow" (Czech "přiznej Špínosaura"). */
export function suitName(cardCode, accusative = false) {
  const info = gameInfo();
  const declined = accusative && info && info.card_names_accusative ? info.card_names_accusative[cardCode] : null;
  return (declined || cardName(cardCode)).replace(/\s*\d+$/, "");
}

let namePattern = null; // card codes of this game, longest first, as one regular expression

/** An event's line with its card codes named ("plays SAX6" -> "plays Saxosaurus 6";
 *  "red1 red2" -> "red 1, red 2"): codes are read out badly, names well. */
export function named(line) {
  const info = gameInfo();
  const names = (info && info.card_names) || {};
  const codes = Object.keys(names);
  if (!codes.length) return line;
  if (!namePattern || namePattern.lang !== lang() || namePattern.game !== info.name) {
    const one = codes.sort((a, b) => b.length - a.length).map((c) => c.replace(/[^A-Za-z0-9]/g, "")).join("|");
    namePattern = { lang: lang(), game: info.name, re: new RegExp(`\\b(?:${one})(?: (?:${one}))*\\b`, "g") };
  }
  return String(line).replace(namePattern.re, (run) => run.split(" ").map((code) => names[code] || code).join(", "));
}

export function namedLines(lines) {
  return (lines || []).map(named);
}

export function botLabel(kind) {
  const info = gameInfo();
  const bot = info && (info.bots || []).find((b) => b.kind === kind);
  return bot && bot.label ? bot.label : kind;
}

function capital(text) {
  const s = String(text);
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

/** A seat's player as people read it: "Eva", "Eva (you)", "Player 2", "Easy bot 3". */
export function seatName(seat, { you = true } = {}) {
  const msg = app.msg;
  const info = msg && msg.seats ? msg.seats[seat] : null;
  const replayName = app.replay && app.replay.names ? app.replay.names[seat] : null;
  let base;
  if (info && info.name) base = info.name;
  else if (replayName) base = replayName;
  else if (info && info.kind && info.kind !== "human") base = t("{bot} {n}", { bot: capital(botLabel(info.kind)), n: seat + 1 });
  else base = t("Player {n}", { n: seat + 1 });
  return you && msg && msg.seat === seat ? t("{who} (you)", { who: base }) : base;
}

/** A seat in few words, for lists read out (the score sheet): "you", else its player's name. */
export function shortSeat(seat) {
  return app.msg && app.msg.seat === seat ? t("you") : seatName(seat, { you: false });
}

export function kindWords(seatInfo) {
  if (!seatInfo) return "";
  if (seatInfo.kind === "human") return t("person");
  return botLabel(seatInfo.kind); // "easy bot", "snadný bot"
}

const AREAS = { 1: ["b"], 2: ["b", "t"], 3: ["b", "l", "r"], 4: ["b", "l", "t", "r"], 5: ["b", "l", "tl", "tr", "r"] };

/** Where a seat sits around the drawn table: "b" (you, at the bottom), "l", "t", "r", "tl", "tr". */
export function areaOf(seat, msg = app.msg) {
  const n = (msg && msg.seats && msg.seats.length) || 1;
  const me = msg && Number.isInteger(msg.seat) ? msg.seat : 0;
  const areas = AREAS[n] || AREAS[5];
  return areas[(seat - me + n) % n] || "t";
}

/** What the game modules draw from: the message, the view, the legal moves, the words. */
export function makeCtx(msg = app.msg, view = null) {
  const labels = new Map((msg.legal_labels || []).map((item) => [item.action, item.label]));
  return {
    msg,
    view: view || msg.view || {},
    me: Number.isInteger(msg.seat) ? msg.seat : null,
    legal: new Set(msg.legal || []),
    label: (action) => labels.get(action) || action,
    t,
    card: cardName,
    suit: suitName,
    suitToFollow: (cardCode) => suitName(cardCode, true),
    seat: seatName,
    area: (seat) => areaOf(seat, msg),
    lang: lang(),
    selected: app.selected,
  };
}

export function periodWords(ctx) {
  const unit = UNITS[ctx.msg.length_unit];
  return unit && ctx.msg.period ? t(unit, { n: ctx.msg.period }) : "";
}

/** "Winner: Eva" / "Winners: ..." of a finished game, or "". */
export function winnersWords(ctx) {
  const winners = ctx.msg.winners || ctx.view.winners || [];
  if (!winners.length) return "";
  const names = winners.map((k) => seatName(k)).join(", ");
  return winners.length > 1 ? t("Winners: {who}", { who: names }) : t("Winner: {who}", { who: names });
}

/** The names of the seats the table still waits for ("Tom and Eva"). */
export function waitingNames(ctx) {
  return (ctx.msg.waiting_for || []).map((k) => seatName(k, { you: false })).join(", ");
}

export function whoseTurn(ctx) {
  const msg = ctx.msg;
  if (msg.status === "finished") return [t("The game is over."), winnersWords(ctx)].filter(Boolean).join(" ");
  if (msg.status === "waiting") return t("Waiting for {who} to open their link.", { who: waitingNames(ctx) || "…" });
  if (msg.to_move === null || msg.to_move === undefined) return t("Waiting for the dealer.");
  if (ctx.me !== null && msg.to_move === ctx.me) return t("Your turn.");
  return t("Waiting for {who}.", { who: seatName(msg.to_move) });
}

/** "Your turn: play a card..." (said in the log when a turn of ours begins). */
export function turnNote() {
  const mod = gameModule();
  if (!mod) return t("Your turn.");
  const ctx = makeCtx();
  const select = mod.selectMode ? mod.selectMode(ctx) : null;
  const prompt = select ? select.prompt
    : (mod.cards && mod.handCards(ctx).some((card) => mod.cardAction(ctx, card)) ? mod.handPrompt(ctx) : "")
      || (mod.choicesPrompt ? mod.choicesPrompt(ctx) : "");
  return prompt ? t("Your turn. {what}", { what: prompt }) : t("Your turn.");
}

/** Say `text` now (the assertive region: the on-demand keys). */
export function say(text) {
  speak($("speak"), text);
}

/** Show a refusal under the choices (and say it). */
export function showError(text) {
  const el = $("error");
  el.textContent = "";
  setTimeout(() => { el.textContent = text; }, 30);
}
