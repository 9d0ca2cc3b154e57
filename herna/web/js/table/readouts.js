// Words of the readout keys that the state message already holds (issue
// 24): the turn clock (c, and w's time left) and the score sheet (p). Pure:
// the words come through `t` (the web catalog) and the seats' names through
// `who(seat)`; what the server words itself (the hand, the kingdom, every
// coop) comes from its `readouts` message.

import { N_ } from "../i18n.js";

const UNITS = { deal: N_("Deal {n}"), round: N_("Round {n}"), turn: N_("Turn {n}") };

/** Spoken time: "45 s", "2 min 5 s" (whole seconds, rounded up; never negative). */
export function timeWords(seconds, t) {
  const whole = Math.max(0, Math.ceil(seconds));
  const m = Math.floor(whole / 60);
  const s = whole % 60;
  return m ? t("{minutes} min {seconds} s", { minutes: m, seconds: s }) : t("{seconds} s", { seconds: s });
}

/**
 * The clock readout: whose clock runs and the time left on it.
 * `clock`: {seat, left (seconds), extensions} or null; `me`: the viewer's seat or null.
 */
export function clockReadout(clock, me, who, t) {
  if (!clock) return t("No turn clock runs now.");
  const time = timeWords(clock.left, t);
  if (me !== null && me === clock.seat) {
    return clock.extensions > 0
      ? t("You have {time} to move; m gives more time ({n} times left).", { time, n: clock.extensions })
      : t("You have {time} to move.", { time });
  }
  return t("{who} has {time} to move.", { who: who(clock.seat), time });
}

/** Seat numbers in the order a viewer hears them: their own first, then the others in seat order. */
export function ownFirst(n, me) {
  const seats = [];
  for (let k = 0; k < n; k++) seats.push(k);
  return me === null || me === undefined || me < 0 || me >= n ? seats : [me, ...seats.filter((k) => k !== me)];
}

/**
 * The score sheet in lines: one per deal, round (or, in Kurník, the end of
 * the game) with each seat's points, the viewer's first, and a last line of
 * the totals. `sheet`: the state message's `score_sheet`
 * ({unit, rows: [{period, scores, totals}], totals}).
 */
export function sheetLines(sheet, me, who, t) {
  if (!sheet || !sheet.rows || !sheet.rows.length) return [t("The score sheet is empty: no part of the game has been scored yet.")];
  const n = sheet.totals.length;
  const order = ownFirst(n, me);
  const list = (values) => order.map((k) => t("{who} {points}", { who: who(k), points: values[k] })).join(", ");
  const out = sheet.rows.map((row) => {
    const unit = UNITS[sheet.unit];
    const head = unit && row.period !== null && row.period !== undefined ? t(unit, { n: row.period }) : t("End");
    return t("{part}: {scores}.", { part: head, scores: list(row.scores) });
  });
  out.push(t("Totals: {scores}.", { scores: list(sheet.totals) }));
  return out;
}
