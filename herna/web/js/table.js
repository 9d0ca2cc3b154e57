// The table page (table.html): one seat's (or a spectator's) view of a
// table, live over the WebSocket /ws/tables/{id} (WEB-API.md). The page's
// parts live in js/table/: state.js (the one state object), connection.js,
// messages.js (state messages, moves), render.js (drawing), hand.js,
// keys.js (the keys, wired to a11y.js: the verbosity, the history, the
// readouts; the list in a11y_keys.js), clock.js, hints.js, votes.js,
// waiting.js (names, the waiting table), onlymove.js, pace.js (pauses,
// motion), scoresheet.js, replay.js, review.js, chat.js; words.js holds the words they
// share; history.js, playable.js, readouts.js, verbosity.js are pure helpers.

import { api, games as fetchGames } from "./api.js";
import { languageButtons, lang, setLang, startLang, t, translatePage } from "./i18n.js";
import { GameLog } from "./live.js";
import { loadChat, wireChat } from "./table/chat.js";
import { claim, connect, reconnectNow, send, setConn } from "./table/connection.js";
import { onHandClick, onHandKey, strayClick } from "./table/hand.js";
import { askHint } from "./table/hints.js";
import { onKey, wireVerbosity } from "./table/keys.js";
import { act } from "./table/messages.js";
import { drawTitle, render } from "./table/render.js";
import { onReplayKey, startReplay } from "./table/replay.js";
import { askReview, reviewLangChanged } from "./table/review.js";
import { wireSheet } from "./table/scoresheet.js";
import { $, app, tableId, tablePath } from "./table/state.js";
import { NO_PACE } from "./table/pace.js";
import { onSeatsClick } from "./table/votes.js";
import { showError } from "./table/words.js";

function onChoiceClick(event) {
  const button = event.target.closest("button[data-action]");
  if (!button || strayClick(event)) return;
  act(button.dataset.action);
}

async function rematch() {
  // each person asks with their own seat: the answer is their seat at the new table
  const button = $("rematch");
  button.disabled = true;
  const box = $("rematch-links");
  try {
    const made = await api(tablePath("/rematch"), { method: "POST" });
    const url = made.join_url || (made.seats && app.msg && made.seats[app.msg.seat] && made.seats[app.msg.seat].join_url);
    box.textContent = t("The new table is ready: taking your seat there…");
    location.assign(url || made.spectator_url);
  } catch (e) {
    box.textContent = t("No rematch: {why}", { why: e.message });
    button.disabled = false;
  }
}

async function loadCatalogue() {
  try {
    app.catalogue = await fetchGames(lang());
  } catch (_) {
    app.catalogue = app.catalogue || [];
  }
}

async function onLangChange() {
  await loadCatalogue();
  send({ type: "lang", lang: lang() });
  render();
  loadChat();
  reviewLangChanged();
}

async function start() {
  await setLang(startLang());
  translatePage();
  if (NO_PACE || new URLSearchParams(location.search).get("pace") === "hold") document.body.classList.add("no-motion");
  app.log = new GameLog($("log"), $("log-list"));
  if (!tableId) {
    setConn("gone", t("There is no such table."));
    return;
  }
  languageButtons(document, onLangChange);
  $("hand").addEventListener("keydown", onHandKey);
  $("hand").addEventListener("click", onHandClick);
  $("choices").addEventListener("click", onChoiceClick);
  $("seats").addEventListener("click", onSeatsClick);
  $("rematch").addEventListener("click", rematch);
  $("hint-button").addEventListener("click", askHint);
  $("replay-start").addEventListener("click", startReplay);
  $("review-button").addEventListener("click", askReview);
  $("replay-sec").addEventListener("keydown", onReplayKey);
  document.addEventListener("keydown", onKey); // the letter keys work anywhere on the page but in a text field
  wireVerbosity();
  wireSheet();
  wireChat();
  document.addEventListener("visibilitychange", drawTitle);
  window.addEventListener("online", reconnectNow);
  window.addEventListener("pagehide", () => { app.closing = true; if (app.ws) app.ws.close(); });
  window.addEventListener("pageshow", (e) => { if (e.persisted) { app.closing = false; reconnectNow(); } });
  const [claimed] = await Promise.all([claim(), loadCatalogue()]);
  // a person arriving by a join link is asked their name (prefilled), once
  app.askName = claimed;
  loadChat().catch((e) => showError(String(e)));
  connect();
}

start();
