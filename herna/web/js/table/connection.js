// The connection to the server (WEB-API.md): the join link's token traded
// for the seat's cookie, the WebSocket /ws/tables/{id} with its reconnects
// (backoff, "reconnecting" shown; the first state after it resynchronises
// everything), and sending messages.

import { api, ApiError } from "../api.js";
import { h, patch } from "../dom.js";
import { lang, t } from "../i18n.js";
import { onChat } from "./chat.js";
import { a11y } from "./keys.js";
import { onError, onState } from "./messages.js";
import { $, app, tableId, tablePath } from "./state.js";
import { showError } from "./words.js";

const BACKOFF_MS = [500, 1000, 2000, 4000, 8000, 15000];

/** The join link's fragment holds the seat token: POST it to /claim (Bearer)
 *  for the seat's cookie, then drop it from the address. True when a seat was claimed. */
export async function claim() {
  const fragment = location.hash.replace(/^#/, "");
  if (!fragment) return false;
  app.token = decodeURIComponent(fragment);
  const clean = `/t/${encodeURIComponent(tableId)}${location.search}`;
  let claimed = false;
  try {
    await api(tablePath("/claim"), { method: "POST", token: app.token });
    claimed = true;
  } catch (e) {
    app.token = null;
    $("notice").textContent = t("This join link does not work ({why}); you are watching as a spectator.",
      { why: e instanceof ApiError ? e.message : String(e) });
  }
  history.replaceState(null, "", clean);
  return claimed;
}

function wsUrl() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${location.host}/ws/tables/${encodeURIComponent(tableId)}?lang=${lang()}`;
}

export function setConn(state, text) {
  const el = $("conn");
  el.dataset.state = state;
  el.textContent = text;
}

export function connect() {
  app.gotState = false;
  app.resynced = false;
  let ws;
  try {
    ws = new WebSocket(wsUrl());
  } catch (_) {
    scheduleReconnect();
    return;
  }
  app.ws = ws;
  ws.addEventListener("open", () => {
    if (app.token) ws.send(JSON.stringify({ type: "hello", token: app.token, lang: lang() }));
  });
  ws.addEventListener("message", (event) => {
    let data;
    try {
      data = JSON.parse(event.data);
    } catch (_) {
      return;
    }
    if (data.type === "state") {
      app.gotState = true;
      app.tries = 0;
      setConn("online", t("Connected."));
      onState(data);
    } else if (data.type === "error") onError(data);
    else if (data.type === "chat") onChat(data);
    else if (data.type === "readouts") a11y.onReadouts(data); // the answer to the k key
  });
  ws.addEventListener("close", (event) => {
    if (app.ws !== ws) return;
    app.ws = null;
    if (app.closing) return;
    if (!app.gotState) checkTable(event);
    else scheduleReconnect();
  });
}

async function checkTable(event) {
  // closed before the first state: does the table exist at all?
  try {
    await api(tablePath());
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) {
      noSuchTable();
      return;
    }
  }
  // 1008 refuses for good, except the server's limit of new sockets per address: try again later
  if (event && event.code === 1008 && event.reason !== "too many new connections") {
    setConn("gone", t("The server refused the connection."));
    return;
  }
  scheduleReconnect();
}

/** The table does not exist: one message and the way to the lobby, no empty game panels. */
export function noSuchTable() {
  app.closing = true;
  setConn("gone", t("There is no such table."));
  $("game").dataset.gone = "true";
  for (const id of ["status-sec", "layout", "skip"]) if ($(id)) $(id).hidden = true;
  $("rules-link").parentElement.hidden = true;
  patch($("notice"), t("Check the link, or create a new table in the lobby."), " ",
    h("a", { href: "/" }, t("Go to the lobby")));
}

function scheduleReconnect() {
  const delay = BACKOFF_MS[Math.min(app.tries, BACKOFF_MS.length - 1)];
  app.tries += 1;
  setConn("reconnecting", t("Connection lost. Reconnecting…"));
  if (!app.lost && app.msg) app.log.add([t("Connection lost. Reconnecting…")], { note: true });
  app.lost = true;
  clearTimeout(app.reconnectTimer);
  app.reconnectTimer = setTimeout(connect, delay);
}

export function reconnectNow() {
  if (app.ws || app.closing) return;
  clearTimeout(app.reconnectTimer);
  connect();
}

/** Send `message` on the WebSocket; false (and said) when not connected. */
export function send(message) {
  if (!app.ws || app.ws.readyState !== WebSocket.OPEN) {
    showError(t("Not connected: wait until the connection is back."));
    return false;
  }
  app.ws.send(JSON.stringify(message));
  return true;
}
