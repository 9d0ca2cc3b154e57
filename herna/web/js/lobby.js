// The lobby (index.html): create a table, hand out the join links, list the
// open tables, link to the rules; Czech or English.

import { api, ApiError, copyText, games as fetchGames } from "./api.js";
import { h } from "./dom.js";
import { languageButtons, lang, N_, setLang, startLang, t, translatePage } from "./i18n.js";

const PLAYER_BOTS = ["easy", "medium", "hard"];
const form = {
  game: null, // chosen game name
  players: null, // chosen number of players
  seats: [], // per seat: "human" or a bot kind
  options: {}, // option name -> the text typed or the box's state, per game: {game: {name: value}}
};
let catalogue = []; // GET /api/games
let made = null; // the answer of POST /api/tables

const $ = (id) => document.getElementById(id);

function gameOf(name) {
  return catalogue.find((g) => g.name === name) || null;
}

function say(text) {
  const box = $("lobby-status");
  box.textContent = "";
  setTimeout(() => { box.textContent = text; }, 50);
}

// ----- the games, the rules links ------------------------------------------------------------

function drawGames() {
  const list = $("games");
  list.replaceChildren();
  for (const game of catalogue) {
    const id = `game-${game.name}`;
    list.append(h("li", null,
      h("input", { type: "radio", name: "game", id, value: game.name, checked: game.name === form.game,
        onchange: () => { form.game = game.name; drawChoices(); } }),
      " ",
      h("label", { for: id }, h("span", { class: "game-title" }, game.title),
        h("span", { class: "hint" }, " ", t("{min} to {max} players", { min: game.min_players, max: game.max_players })))));
  }
  const rules = $("rules");
  rules.replaceChildren();
  for (const game of catalogue) {
    rules.append(h("li", null, h("a", { href: `/rules/${encodeURIComponent(game.name)}?lang=${lang()}` },
      t("Rules of {game}", { game: game.title }))));
  }
}

function drawPlayers() {
  const game = gameOf(form.game);
  const select = $("players");
  select.replaceChildren();
  if (!game) return;
  const def = defaultPlayers(game);
  if (form.players === null || form.players < game.min_players || form.players > game.max_players) form.players = def;
  for (let n = game.min_players; n <= game.max_players; n++) {
    select.append(h("option", { value: n, selected: n === form.players }, String(n)));
  }
}

function defaultPlayers(game) {
  // the games' own default is 4 players (the option is not listed: the seats make the number)
  const option = (game.options || []).find((o) => o.name === "players");
  const value = option && Number.isInteger(option.default) ? option.default : 4;
  return Math.min(Math.max(value, game.min_players), game.max_players);
}

function drawSeats() {
  const game = gameOf(form.game);
  const list = $("seats");
  list.replaceChildren();
  if (!game) return;
  // the bots named for players (easy, medium, hard); the rest only if there are none of those
  const named = (game.bots || []).filter((b) => PLAYER_BOTS.includes(b.kind));
  const bots = named.length ? named : (game.bots || []);
  while (form.seats.length < form.players) form.seats.push(form.seats.length === 0 ? "human" : (bots[0] ? bots[0].kind : "human"));
  form.seats.length = form.players;
  form.seats.forEach((kind, seat) => {
    const id = `seat-${seat}`;
    const select = h("select", { id, onchange: (e) => { form.seats[seat] = e.target.value; } },
      h("option", { value: "human", selected: kind === "human" }, t("A person")),
      bots.map((bot) => h("option", { value: bot.kind, selected: kind === bot.kind }, bot.label || bot.kind)));
    list.append(h("li", { class: "field inline" }, h("label", { for: id }, t("Seat {n}", { n: seat + 1 })), select));
  });
}

function optionValue(option) {
  const kept = (form.options[form.game] || {})[option.name];
  return kept === undefined ? null : kept;
}

function keepOption(name, value) {
  form.options[form.game] = form.options[form.game] || {};
  form.options[form.game][name] = value;
}

function drawOptions() {
  const game = gameOf(form.game);
  const box = $("options");
  box.replaceChildren();
  if (!game) return;
  for (const option of game.options || []) {
    if (option.name === "players") continue;
    const id = `opt-${option.name}`;
    const label = option.label || option.help || option.name;
    const words = label.charAt(0).toUpperCase() + label.slice(1);
    // the option's one line of help in players' words, read with the field
    const about = option.label && option.help ? h("p", { class: "hint", id: `${id}-help` }, option.help) : null;
    const described = about ? { "aria-describedby": `${id}-help` } : {};
    const kept = optionValue(option);
    let input;
    if (option.type === "bool") {
      input = h("input", { type: "checkbox", id, checked: kept === null ? Boolean(option.default) : kept, ...described,
        onchange: (e) => keepOption(option.name, e.target.checked) });
      box.append(h("div", { class: "field check" }, input, " ", h("label", { for: id }, words, " ", h("code", { lang: "en" }, option.name))));
      if (about) box.append(about);
      continue;
    }
    if (Array.isArray(option.choices) && option.choices.length) {
      const chosen = kept === null ? option.default : kept;
      input = h("select", { id, onchange: (e) => keepOption(option.name, e.target.value) },
        option.choices.map((c) => h("option", { value: String(c), selected: String(c) === String(chosen) }, String(c))));
    } else if (option.type === "int") {
      input = h("input", { type: "number", id, inputmode: "numeric", min: option.min ?? null, max: option.max ?? null,
        placeholder: option.default === null || option.default === undefined ? t("default") : String(option.default),
        value: kept === null ? "" : kept,
        oninput: (e) => keepOption(option.name, e.target.value) });
    } else {
      const shown = Array.isArray(option.default) ? option.default.join(", ") : (option.default ?? "");
      input = h("input", { type: "text", id, placeholder: String(shown), value: kept === null ? "" : kept,
        oninput: (e) => keepOption(option.name, e.target.value) });
    }
    for (const [name, value] of Object.entries(described)) input.setAttribute(name, value);
    box.append(h("div", { class: "field" },
      h("label", { for: id }, words, " ", h("code", { lang: "en" }, option.name)),
      input));
    if (about) box.append(about);
  }
}

function drawChoices() {
  drawPlayers();
  drawSeats();
  drawOptions();
}

/** Why the whole-number options typed are out of their range, in the page's
 *  language (the server would refuse them too, but in its own words), or "". */
function optionProblem(game) {
  for (const option of game.options || []) {
    if (option.name === "players" || option.type !== "int") continue;
    const value = optionValue(option);
    if (value === null || value === "") continue;
    const n = Number(value);
    const low = option.min ?? null;
    const high = option.max ?? null;
    const bad = !Number.isInteger(n) || (low !== null && n < low) || (high !== null && n > high);
    if (!bad) continue;
    const what = option.label || option.help || option.name;
    if (low !== null && high !== null) return t("“{what}” must be a whole number from {min} to {max}.", { what, min: low, max: high });
    if (low !== null) return t("“{what}” must be a whole number of at least {min}.", { what, min: low });
    return t("“{what}” must be a whole number.", { what });
  }
  return "";
}

/** The options to send: only what was set, converted to the option's type. */
function chosenOptions(game) {
  const out = {};
  for (const option of game.options || []) {
    if (option.name === "players") continue;
    const value = optionValue(option);
    if (value === null || value === "") continue;
    if (option.type === "bool") {
      if (value !== Boolean(option.default)) out[option.name] = value;
    } else if (option.type === "int") {
      out[option.name] = Number(value);
    } else if (option.type === "list") {
      out[option.name] = String(value).split(/[\s,;]+/).filter(Boolean).map(Number);
    } else {
      out[option.name] = value;
    }
  }
  return out;
}

/** The leaver settings of the "If someone leaves" box (docs/server.md, Leavers). */
function chosenSettings() {
  const seconds = (id) => ($(id).value === "" ? null : Number($(id).value));
  return { away_after: seconds("away-after"), clock: seconds("clock"), leaver_bot: $("leaver-bot").value };
}

// ----- creating a table --------------------------------------------------------------------

async function create(event) {
  event.preventDefault();
  const game = gameOf(form.game);
  const error = $("create-error");
  error.textContent = "";
  if (!game) return;
  const problem = optionProblem(game);
  if (problem) {
    error.textContent = t("The table was not created: {why}", { why: problem });
    return;
  }
  const button = $("create");
  // busy, not disabled: a disabled button loses the focus to the page (a focus drop while the table is made)
  if (button.getAttribute("aria-disabled") === "true") return;
  button.setAttribute("aria-disabled", "true");
  $("new-table").setAttribute("aria-busy", "true");
  try {
    made = await api("/api/tables", { method: "POST", body: { game: game.name, options: chosenOptions(game), seats: form.seats.slice(), settings: chosenSettings(),
      public: $("public").checked } });
    drawMade();
    $("made").hidden = false;
    $("made-h").focus();
    loadTables();
  } catch (e) {
    error.textContent = t("The table was not created: {why}", { why: e instanceof ApiError ? e.message : String(e) });
  } finally {
    button.removeAttribute("aria-disabled");
    $("new-table").removeAttribute("aria-busy");
  }
}

function absolute(url) {
  return new URL(url, location.href).href;
}

function linkRow(label, url, id) {
  const input = h("input", { type: "text", readonly: true, id, value: absolute(url), class: "link" });
  const copy = h("button", { type: "button", class: "copy", "aria-describedby": `${id}-label` }, t("Copy"));
  copy.addEventListener("click", async () => {
    const ok = await copyText(input.value, input);
    say(ok ? t("Link copied.") : t("Copying did not work: select the link and copy it yourself."));
  });
  return h("li", { class: "linkrow" }, h("label", { for: id, id: `${id}-label` }, label), h("div", { class: "row" }, input, copy));
}

function drawMade() {
  if (!made) return;
  const list = $("links");
  list.replaceChildren();
  let mine = null;
  (made.seats || []).forEach((seat, k) => {
    if (!seat) return;
    if (mine === null) mine = seat;
    list.append(linkRow(t("Join link of seat {n}", { n: k + 1 }), seat.join_url, `link-${k}`));
  });
  list.append(linkRow(t("Link for spectators"), made.spectator_url, "link-spectator"));
  const take = $("take-seat");
  if (mine) {
    take.href = mine.join_url;
    take.textContent = t("Take my seat (seat {n})", { n: (made.seats.indexOf(mine)) + 1 });
  } else {
    take.href = made.spectator_url;
    take.textContent = t("Watch the bots play");
  }
}

// ----- open tables -------------------------------------------------------------------------

const STATUS = { waiting: N_("waiting for players"), playing: N_("playing"), finished: N_("over") };

async function loadTables({ announce = false } = {}) {
  const list = $("open-tables");
  list.setAttribute("aria-busy", "true");
  let tables = [];
  try {
    const lists = await api("/api/tables?list=lobby");
    tables = [...lists.free, ...lists.playing];
  } catch (e) {
    list.replaceChildren(h("li", { class: "error" }, e.message));
    list.setAttribute("aria-busy", "false");
    return;
  }
  list.replaceChildren();
  if (!tables.length) list.append(h("li", null, t("No open tables right now.")));
  if (announce) say(tables.length ? t("Tables listed: {n}.", { n: tables.length }) : t("No open tables right now."));
  for (const [index, table] of tables.entries()) {
    const game = gameOf(table.game);
    const seats = table.seats || [];
    const free = seats.filter((s) => s.kind === "human" && !s.taken).length;
    const status = STATUS[table.status] ? t(STATUS[table.status]) : table.status;
    list.append(h("li", { class: "table-row" },
      h("span", { class: "game-title" }, game ? game.title : table.game),
      h("span", null, t("Players: {n}", { n: seats.length })),
      h("span", null, t("Free seats: {n}", { n: free })),
      h("span", null, status),
      h("a", { href: `/t/${encodeURIComponent(table.table)}`, "aria-label": t("Watch table {k}: {game}", { k: index + 1, game: game ? game.title : table.game }) }, t("Watch"))));
  }
  list.setAttribute("aria-busy", "false");
}

// ----- start ---------------------------------------------------------------------------------

async function loadGames() {
  try {
    catalogue = await fetchGames(lang());
  } catch (e) {
    $("games").replaceChildren(h("li", { class: "error" }, e.message));
    return;
  }
  if (!form.game || !gameOf(form.game)) form.game = catalogue.length ? catalogue[0].name : null;
  drawGames();
  drawChoices();
}

async function start() {
  await setLang(startLang());
  translatePage();
  languageButtons(document, async () => {
    await loadGames();
    drawMade();
    loadTables();
  });
  $("players").addEventListener("change", (e) => {
    form.players = Number(e.target.value);
    drawSeats();
  });
  $("new-table").addEventListener("submit", create);
  $("refresh").addEventListener("click", () => loadTables({ announce: true }));
  await loadGames();
  loadTables();
}

start();
