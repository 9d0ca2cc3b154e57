// The turn clock (WCAG 2.2.1): told, warned 20 s before the end, more time
// on request (the m key or the More time button).

import { api } from "../api.js";
import { t } from "../i18n.js";
import { render } from "./render.js";
import { $, app, tablePath } from "./state.js";
import { say, seatName, showError } from "./words.js";

function clockWords(seconds) {
  const whole = Math.max(0, Math.ceil(seconds));
  const m = Math.floor(whole / 60);
  const sec = whole % 60;
  return `${m}:${String(sec).padStart(2, "0")}`;
}

export function clockLeft() {
  return app.clock ? Math.max(0, (app.clock.deadline - performance.now()) / 1000) : 0;
}

export function setClock(msg) {
  const clock = msg.clock;
  if (!clock || msg.status === "finished") {
    app.clock = null;
    clearInterval(app.clockTimer);
    app.clockTimer = null;
    return;
  }
  const same = app.clock && app.clock.seq === clock.seq && app.clock.seat === clock.seat;
  app.clock = {
    seat: clock.seat, seq: clock.seq, deadline: performance.now() + clock.remaining * 1000,
    warnBefore: clock.warn_before, left: clock.extensions_left,
    warned: same ? app.clock.warned && clock.remaining <= clock.warn_before : false,
  };
  if (!app.clockTimer) app.clockTimer = setInterval(tickClock, 1000);
}

function tickClock() {
  const clock = app.clock;
  if (!clock || !app.msg) return;
  const left = clockLeft();
  const text = $("clock-text");
  if (text) text.textContent = clockText(left);
  const mine = app.msg.seat !== null && app.msg.seat === clock.seat;
  if (!mine) return;
  if (!clock.warned && left <= clock.warnBefore) {
    clock.warned = true;
    say(clock.left > 0 ? t("{seconds} seconds left to move. Press m, or the More time button, for more time.", { seconds: Math.ceil(left) })
      : t("{seconds} seconds left to move.", { seconds: Math.ceil(left) }));
  }
}

export function clockText(left) {
  const clock = app.clock;
  if (!clock) return "";
  if (app.msg && app.msg.seat === clock.seat) return t("You have {time} to move.", { time: clockWords(left) });
  return t("{who} has {time} to move.", { who: seatName(clock.seat), time: clockWords(left) });
}

/** Whether the clock runs for our own seat. */
export function myClock() {
  return Boolean(app.clock && app.msg && app.msg.seat === app.clock.seat);
}

export async function moreTime() {
  if (!myClock()) return;
  try {
    const clock = await api(tablePath("/more_time"), { method: "POST" });
    app.clock.deadline = performance.now() + clock.remaining * 1000;
    app.clock.left = clock.extensions_left;
    app.clock.warned = false;
    say(t("More time: you have {time} to move.", { time: clockWords(clock.remaining) }));
    render();
  } catch (e) {
    showError(t("Not done: {why}", { why: e.message }));
  }
}
