// A person's only legal move waits for them (Kurník's "Roll" and any other):
// it is a button and the o key; the seat's switch "Play my only moves for
// me" (POST /seat-settings {"auto_only_moves"}) lets the server make them.

import { api } from "../api.js";
import { h, patch } from "../dom.js";
import { t } from "../i18n.js";
import { act } from "./messages.js";
import { $, app, tablePath } from "./state.js";
import { say, showError } from "./words.js";

/** Make our only legal move (the o key); said why not when there is none. */
export function playOnlyMove() {
  const msg = app.msg;
  if (!msg || msg.status !== "playing" || !(msg.legal || []).length) {
    say(t("It is not your turn."));
    return;
  }
  if (msg.legal.length !== 1) {
    say(t("You have more than one move: choose one."));
    return;
  }
  act(msg.legal[0]);
}

async function setAuto(event) {
  const on = event.target.checked;
  try {
    await api(tablePath("/seat-settings"), { method: "POST", body: { auto_only_moves: on } });
    say(on ? t("Your only moves are now made for you.") : t("The table now waits for you to make your only moves."));
  } catch (e) {
    event.target.checked = !on;
    showError(t("Not done: {why}", { why: e.message }));
  }
}

/** The seat's switch (in the table's settings box). */
export function drawOnlyMove(ctx) {
  const box = $("auto-box");
  const seated = ctx.me !== null && ctx.msg.status !== "finished" && !app.replay;
  box.hidden = !seated;
  if (!seated) return;
  const on = Boolean(ctx.msg.seat_settings && ctx.msg.seat_settings.auto_only_moves);
  let input = $("auto-only");
  if (!input) {
    patch(box, h("input", { type: "checkbox", id: "auto-only", onchange: setAuto }), " ",
      h("label", { for: "auto-only" }, t("Play my only moves for me")));
    input = $("auto-only");
  } else {
    const label = box.querySelector("label");
    if (label.textContent !== t("Play my only moves for me")) label.textContent = t("Play my only moves for me");
  }
  if (document.activeElement !== input) input.checked = on;
}
