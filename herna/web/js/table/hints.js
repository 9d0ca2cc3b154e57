// Hints: the strong bot's best moves (GET /api/tables/{id}/hint), the i key.
// The hint is asked for with ?progress=1: the server streams how far its
// search is (a line every 0.2 s), shown as a bar that fills over the
// search's budget, with aria-busy on the hint box, until the answer comes.

import { ApiError, refusal, request, unreachable } from "../api.js";
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
  const box = $("hint-box");
  const progress = $("hint-progress");
  const bar = h("progress", { max: "1", value: "0", "aria-label": t("Looking for a hint…") });
  patch(progress, bar);
  progress.hidden = false;
  box.setAttribute("aria-busy", "true");
  say(t("Looking for a hint…"));
  try {
    const hint = await fetchHint((fraction) => { bar.value = fraction; });
    app.hint = hint;
    if (app.msg && app.msg.seq === hint.seq) showHint(hint);
  } catch (e) {
    showError(t("No hint: {why}", { why: e.message }));
  } finally {
    button.disabled = false;
    progress.hidden = true;
    patch(progress);
    box.removeAttribute("aria-busy");
  }
}

/** The hint (herna.server.hints, ?progress=1): `onProgress(fraction)` with each
 *  progress line (0..0.99 of the search's budget), then the answer; ApiError on a refusal. */
async function fetchHint(onProgress) {
  const answer = await request(tablePath(`/hint?lang=${encodeURIComponent(lang())}&progress=1`),
    { accept: "application/x-ndjson" });
  if (!answer.ok || !answer.body) throw await refusal(answer);
  const reader = answer.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    let read;
    try {
      read = await reader.read();
    } catch (_) {
      throw unreachable();
    }
    if (read.value) buffer += decoder.decode(read.value, { stream: true });
    let end = buffer.indexOf("\n");
    while (end >= 0) {
      const line = buffer.slice(0, end).trim();
      buffer = buffer.slice(end + 1);
      end = buffer.indexOf("\n");
      if (!line) continue;
      const data = JSON.parse(line);
      if (data.stage === "searching") onProgress(Number(data.progress) || 0);
      else if (data.stage === "error") throw new ApiError(503, { error: data.message, code: data.error });
      else if (data.stage === "done") {
        const { stage: _, ...hint } = data;
        return hint;
      }
    }
    if (read.done) throw unreachable();
  }
}

function showHint(hint) {
  // names, not codes (a card code is read out badly)
  patch($("hint-box"), [h("p", null, named(hint.head)),
    h("ol", { class: "hints" }, hint.hints.map((move) => h("li", null, named(move.text))))]);
  // each line a sentence of its own, so that a screen reader pauses between the moves
  say(hint.text.map((line) => named(/[.!?…:]$/.test(line) ? line : `${line}.`)).join(" "));
}
