// Hints: the strong bot's best moves (GET /api/tables/{id}/hint), the i key.

import { api } from "../api.js";
import { h, patch } from "../dom.js";
import { lang, t } from "../i18n.js";
import { $, app, tablePath } from "./state.js";
import { named, say, showError } from "./words.js";

export async function askHint() {
  const msg = app.msg;
  if (!msg) return;
  if (msg.seat === null || msg.seat === undefined) {
    say(t("You are watching: hints are for the players, at their own move."));
    return;
  }
  if (!(msg.legal || []).length || msg.status === "finished") {
    say(t("A hint is for your own move; it is not your turn."));
    return;
  }
  if (app.hint && app.hint.seq === msg.seq && app.hint.lang === lang()) {
    showHint(app.hint);
    return;
  }
  const button = $("hint-button");
  button.disabled = true;
  say(t("Looking for a hint…"));
  try {
    const hint = await api(tablePath(`/hint?lang=${encodeURIComponent(lang())}`));
    app.hint = hint;
    if (app.msg && app.msg.seq === hint.seq) showHint(hint);
  } catch (e) {
    showError(t("No hint: {why}", { why: e.message }));
  } finally {
    button.disabled = false;
  }
}

function showHint(hint) {
  // names, not codes (a card code is read out badly)
  patch($("hint-box"), [h("p", null, named(hint.head)),
    h("ol", { class: "hints" }, hint.hints.map((move) => h("li", null, named(move.text))))]);
  // each line a sentence of its own, so that a screen reader pauses between the moves
  say(hint.text.map((line) => named(/[.!?…:]$/.test(line) ? line : `${line}.`)).join(" "));
}
