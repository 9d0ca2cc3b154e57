// The table waits for its players (WEB-API.md "Players, turns and
// presence"): "Waiting for Tom to open their link", the creator's Start
// button (POST /start: bots play the seats never opened), and the name a
// person arriving by a join link gives themselves (POST /name, prefilled,
// remembered in the browser).

import { api, copyText } from "../api.js";
import { h, patch } from "../dom.js";
import { t } from "../i18n.js";
import { bringTableIntoView } from "./messages.js";
import { render } from "./render.js";
import { $, app, tableId, tablePath } from "./state.js";
import { say, seatName, showError, waitingNames } from "./words.js";

const NAME_KEY = "herna.name";
const NAME_MAX = 20;

/** The name this browser's person used last ("" if none). */
export function rememberedName() {
  try {
    return localStorage.getItem(NAME_KEY) || "";
  } catch (_) {
    return "";
  }
}

export function rememberName(name) {
  try {
    localStorage.setItem(NAME_KEY, name);
  } catch (_) {
    /* private mode */
  }
}

/** A name as the server keeps it: no control or bidi characters, at most 20 characters. */
export function cleanName(raw) {
  // eslint-disable-next-line no-control-regex
  const clean = String(raw || "").replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "").trim();
  return Array.from(clean).slice(0, NAME_MAX).join("");
}

/** The join links this browser kept for the table (the lobby's "Your tables"), by seat. */
function keptLinks() {
  try {
    const tables = JSON.parse(localStorage.getItem("herna.tables") || "[]");
    const entry = tables.find((item) => item && item.table === tableId);
    return (entry && entry.links) || [];
  } catch (_) {
    return [];
  }
}

function linkLine(seat, url) {
  const id = `wait-link-${seat}`;
  const copy = async () => {
    const ok = await copyText(url, $(id));
    say(ok ? t("Link copied.") : t("Copying did not work: select the link and copy it yourself."));
  };
  return [" ", h("label", { for: id, class: "visually-hidden" }, t("Join link of {who}", { who: seatName(seat, { you: false }) })),
    h("input", { id, class: "link", type: "text", readonly: true, value: url }), " ",
    h("button", { type: "button", onclick: copy }, t("Copy"))];
}

async function startNow() {
  const button = $("start-now");
  if (button) button.disabled = true;
  try {
    await api(tablePath("/start"), { method: "POST" });
    say(t("The game starts: bots play for the players who did not come."));
  } catch (e) {
    showError(t("Not done: {why}", { why: e.message }));
    if (button) button.disabled = false;
  }
}

async function saveName(event) {
  event.preventDefault();
  const input = $("my-name");
  const name = cleanName(input.value);
  const box = $("name-note");
  if (!name) {
    box.textContent = t("Write a name (at most 20 characters).");
    input.focus();
    return;
  }
  try {
    const answer = await api(tablePath("/name"), { method: "POST", body: { name } });
    rememberName(answer.name || name);
    app.askName = false;
    say(t("Your name is {name}.", { name: answer.name || name }));
    render();
    bringTableIntoView();
  } catch (e) {
    box.textContent = t("Not done: {why}", { why: e.message });
  }
}

function nameForm(ctx) {
  const info = (ctx.msg.seats || [])[ctx.me] || {};
  const value = info.name || rememberedName();
  return h("form", { class: "name-form", id: "name-form", "data-key": "name", onsubmit: saveName },
    h("label", { for: "my-name" }, t("Your name at this table")), " ",
    h("input", { id: "my-name", name: "name", maxlength: String(NAME_MAX), autocomplete: "nickname", value, required: true }),
    " ", h("button", { type: "submit", class: "primary" }, t("Save the name")), " ",
    h("button", { type: "button", onclick: () => { app.askName = false; render(); bringTableIntoView(); } }, t("Not now")),
    h("p", { id: "name-note", class: "error", role: "alert" }));
}

export function drawWaiting(ctx) {
  const section = $("waiting-sec");
  const waiting = ctx.msg.status === "waiting";
  const mine = ctx.me !== null ? (ctx.msg.seats || [])[ctx.me] : null;
  // a person arriving by a join link is asked their name, unless the seat already has the one they use
  if (app.askName && mine && mine.name && mine.name === rememberedName()) app.askName = false;
  const asking = app.askName && ctx.me !== null && ctx.msg.status !== "finished";
  section.hidden = !waiting && !asking;
  section.classList.toggle("name-only", !waiting);
  if (section.hidden) return;
  const parts = [];
  if (waiting) {
    const names = waitingNames(ctx);
    parts.push(h("p", { class: "waiting", "data-key": "who" },
      names ? t("Waiting for {who} to open their link.", { who: names }) : t("Waiting for the players.")));
    const links = ctx.me !== null && ctx.me === ctx.msg.creator_seat ? keptLinks() : [];
    parts.push(h("ul", { class: "waiting-seats", "data-key": "seats" }, (ctx.msg.waiting_for || []).map((seat) =>
      h("li", { "data-key": String(seat) }, h("span", { "data-seat-name": String(seat) }, seatName(seat)), " – ",
        t("has not opened the link yet"), links[seat] ? linkLine(seat, links[seat]) : null))));
    if (ctx.me !== null && ctx.me === ctx.msg.creator_seat) {
      parts.push(h("p", { "data-key": "start" },
        h("button", { type: "button", id: "start-now", class: "primary", onclick: startNow }, t("Start now")), " ",
        h("span", { class: "hint" }, t("Bots play for the players who have not come."))));
    } else {
      parts.push(h("p", { class: "hint", "data-key": "start" }, t("The game starts when everyone is here, or when the table's creator starts it.")));
    }
  }
  // the name form keeps its node (and the text being typed) across redraws
  const form = $("name-form");
  if (asking) parts.push(form || nameForm(ctx));
  patch($("waiting"), parts);
}
