// Motion on the table: pictures that move, so that a person sees what
// happened; the words in the log and the live region say it all the same and
// do not change. Nothing here moves unless `motionOn()` (pace.js): never with
// prefers-reduced-motion, `?pace=0` or `?pace=hold`.
// - a played card comes to its place in the trick and dice roll: CSS
//   animations of the drawn elements (table.css `come` and `roll`, under
//   prefers-reduced-motion: no-preference and without body.no-motion);
// - Kurník: a coop that gained or lost hens glows for a moment, and a theft
//   moves hens between coops: hen pictures fly from the victim's coop to the
//   thief's (the thief rule, K-5.2; rob one, K-9.1), or to the supply (rob
//   all, K-4.5), then are removed (`.flying-hen`, Web Animations API).

import { birdPicture } from "../art.js";
import { h } from "../dom.js";
import { motionOn } from "./pace.js";
import { $, app } from "./state.js";

const FLIGHT_MS = 700;
/** Milliseconds between the hens of one theft leaving. */
const STAGGER_MS = 90;
/** Hen pictures drawn for one event at most (a rob of 5 flies 5, more are not told apart). */
const MAX_HENS = 5;

/** A seat's coop on the screen (its plate's coop; your own coop below the
 *  table), else its plate: a DOMRect, or null when none is drawn. */
function coopBox(seat) {
  const plate = `#plates .plate[data-seat="${seat}"]`;
  const places = [`${plate} .coop`];
  if (app.msg && app.msg.seat === seat) places.push("#mine .coop");
  places.push(plate);
  for (const selector of places) {
    const el = document.querySelector(selector);
    if (!el) continue;
    const box = el.getBoundingClientRect();
    if (box.width && box.height) return box;
  }
  return null;
}

/** The supply's hen pile on the screen, or null. */
function supplyBox() {
  const el = document.querySelector('#centre .pile[data-key="hen"]');
  const box = el && el.getBoundingClientRect();
  return box && box.width && box.height ? box : null;
}

/** `count` hen pictures fly from the box `from` to the box `to` (viewport
 *  pixels), one after another, each removed when it lands. */
function flyHens(from, to, count) {
  if (!from || !to || count <= 0) return;
  const size = Math.max(24, Math.min(40, Math.round(Math.min(to.width, to.height) / 3)));
  const x0 = from.left + from.width / 2 - size / 2;
  const y0 = from.top + from.height / 2 - size / 2;
  const dx = Math.round(to.left + to.width / 2 - size / 2 - x0);
  const dy = Math.round(to.top + to.height / 2 - size / 2 - y0);
  const lift = Math.min(80, 30 + Math.hypot(dx, dy) / 6); // the hen flies in an arc
  for (let i = 0; i < Math.min(count, MAX_HENS); i++) {
    const hen = h("span", { class: "flying-hen", "aria-hidden": "true" }, birdPicture("hen", null));
    hen.style.left = `${Math.round(x0)}px`;
    hen.style.top = `${Math.round(y0)}px`;
    hen.style.width = `${size}px`;
    hen.style.height = `${size}px`;
    document.body.append(hen);
    const flight = hen.animate([
      { transform: "translate(0, 0) scale(1)", opacity: 1 },
      { transform: `translate(${dx / 2}px, ${dy / 2 - lift}px) scale(1.35)`, opacity: 1, offset: 0.5 },
      { transform: `translate(${dx}px, ${dy}px) scale(1)`, opacity: 0.85 },
    ], { duration: FLIGHT_MS, delay: i * STAGGER_MS, easing: "ease-in-out", fill: "backwards" });
    const land = () => hen.remove();
    flight.onfinish = land;
    flight.oncancel = land;
  }
}

/** Kurník: the thefts among the new events of a state message (`events`,
 *  already drawn) move hens between coops: ``theft`` one hen from ``victim``
 *  to ``thief`` (K-5.2), ``robbed`` ``kept`` hens to ``thief`` and the rest
 *  of ``hens`` to the supply (K-4.5, K-9.1). Nothing without motion. */
export function showThefts(events) {
  if (!motionOn() || typeof Element.prototype.animate !== "function") return;
  for (const event of events || []) {
    if (event.kind === "theft") {
      flyHens(coopBox(event.victim), coopBox(event.thief), 1);
    } else if (event.kind === "robbed") {
      const kept = Number(event.kept) || 0;
      const from = coopBox(event.victim);
      flyHens(from, coopBox(event.thief), kept);
      flyHens(from, supplyBox(), (Number(event.hens) || 0) - kept);
    }
  }
}

/** Kurník: a coop that gained or lost hens since the last look (a theft, a gift)
 *  glows for a moment, green or red (not without motion). */
export function showCoopChanges(ctx) {
  const coops = ctx.view.coops;
  const before = app.hens;
  app.hens = coops ? coops.map((c) => c.hens || 0) : null;
  if (!coops || !before || before.length !== coops.length || !motionOn()) return;
  coops.forEach((coop, seat) => {
    const change = (coop.hens || 0) - before[seat];
    const plate = $("plates").querySelector(`.plate[data-seat="${seat}"]`);
    if (!change || !plate || typeof plate.animate !== "function") return;
    const colour = change > 0 ? "#2e7d32" : "#c62828";
    plate.animate([{ boxShadow: `0 0 0 6px ${colour}` }, { boxShadow: "0 0 0 0 transparent" }], { duration: 1200, easing: "ease-out" });
  });
}
