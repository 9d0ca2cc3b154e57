// Chat at the table (WEB-API.md "Chat"): free text (at most 300
// characters) and quick phrases (GET /api/phrases) over the WebSocket; the
// last messages (GET /api/tables/{id}/chat) when the page opens. Every text
// is set as text, never as HTML. Spectators' messages are marked. Each
// viewer may mute the chat (remembered per table in this browser).

import { api } from "../api.js";
import { h, patch } from "../dom.js";
import { lang, t } from "../i18n.js";
import { send } from "./connection.js";
import { $, app, tableId, tablePath } from "./state.js";

const MAX = 300;
const KEEP = 200;
const MUTE_KEY = `herna.mute.${tableId}`;

const chat = { messages: [], phrases: [], muted: false };

function muted() {
  try {
    return localStorage.getItem(MUTE_KEY) === "1";
  } catch (_) {
    return chat.muted;
  }
}

function setMuted(on) {
  chat.muted = on;
  try {
    if (on) localStorage.setItem(MUTE_KEY, "1");
    else localStorage.removeItem(MUTE_KEY);
  } catch (_) {
    /* private mode: for this page only */
  }
}

function timeWords(iso) {
  const when = new Date(iso);
  return Number.isNaN(when.getTime()) ? "" : when.toLocaleTimeString(lang(), { hour: "2-digit", minute: "2-digit" });
}

function item(message) {
  const spectator = message.seat === null || message.seat === undefined;
  const mine = app.msg && !spectator && message.seat === app.msg.seat;
  const who = spectator ? t("Spectator") : (message.name || t("Player {n}", { n: message.seat + 1 }));
  return h("li", { class: ["chat-line", spectator ? "spectator" : "", mine ? "mine" : ""].join(" ").trim() },
    h("span", { class: "chat-time" }, timeWords(message.time)), " ",
    h("span", { class: "chat-who", "data-seat-name": spectator ? null : String(message.seat) },
      mine ? t("{who} (you)", { who }) : who),
    h("span", { "aria-hidden": "true" }, ": "), h("span", { class: "visually-hidden" }, ": "),
    h("span", { class: "chat-text" }, message.text));
}

function drawMessages() {
  const list = $("chat-list");
  const off = muted();
  $("chat-mute").checked = off;
  list.hidden = off;
  $("chat-muted").hidden = !off;
  if (off) return;
  const nearBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
  list.replaceChildren(...chat.messages.map(item));
  if (nearBottom || list.dataset.fresh !== "no") list.scrollTop = list.scrollHeight;
  list.dataset.fresh = "no";
}

/** A chat message from the server (every connection of the table gets it). */
export function onChat(message) {
  chat.messages.push(message);
  if (chat.messages.length > KEEP) chat.messages.shift();
  drawMessages();
}

function sendText(event) {
  event.preventDefault();
  const input = $("chat-text");
  const text = input.value.trim();
  if (!text) return;
  if (Array.from(text).length > MAX) {
    $("chat-error").textContent = t("A message has at most {n} characters.", { n: MAX });
    return;
  }
  if (send({ type: "chat", text })) {
    input.value = "";
    $("chat-error").textContent = "";
  }
}

function drawPhrases() {
  patch($("chat-phrases"), chat.phrases.map((p) => h("li", { "data-key": p.key },
    h("button", { type: "button", class: "phrase", "data-phrase": p.key }, p.text))));
}

export async function loadChat() {
  const [history, phrases] = await Promise.all([
    api(tablePath(`/chat?lang=${encodeURIComponent(lang())}`)).catch(() => []),
    api(`/api/phrases?lang=${encodeURIComponent(lang())}`).catch(() => []),
  ]);
  chat.messages = Array.isArray(history) ? history.slice(-KEEP) : [];
  chat.phrases = Array.isArray(phrases) ? phrases : [];
  drawPhrases();
  drawMessages();
}

/** The c key: to the chat's text box. */
export function focusChat() {
  if (muted()) return false;
  $("chat-text").focus();
  return true;
}

export function wireChat() {
  $("chat-form").addEventListener("submit", sendText);
  $("chat-text").setAttribute("maxlength", String(MAX));
  $("chat-phrases").addEventListener("click", (event) => {
    const button = event.target.closest("button[data-phrase]");
    if (button) send({ type: "chat", phrase: button.dataset.phrase });
  });
  $("chat-mute").addEventListener("change", (event) => {
    setMuted(event.target.checked);
    drawMessages();
  });
}
