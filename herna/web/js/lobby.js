// The lobby (index.html): create a table (your name, a name per person's
// seat, options in players' words with "More options"), hand out the join
// links, the tables with a free seat ("Sit here", asking a name) apart from
// the games in progress (to watch), your own tables (kept in this browser),
// the rules; Czech or English.

import { api, ApiError, copyText, games as fetchGames } from "./api.js";
import { h } from "./dom.js";
import { languageButtons, lang, setLang, startLang, t, translatePage } from "./i18n.js";

const PLAYER_BOTS = ["easy", "medium", "hard"];
const form = {
  game: null, // chosen game name
  players: null, // chosen number of players
  seats: [], // per seat: "human" or a bot kind
  options: {}, // option name -> the text typed or the box's state, per game: {game: {name: value}}
};
let catalogue = []; // GET /api/games
let made = null; // the answer of POST /api/tables
const NAME_KEY = "herna.name"; // the person's own name (the table page uses it too)
const FRIENDS_KEY = "herna.friends"; // names given to the other people's seats, by seat
const TABLES_KEY = "herna.tables"; // your tables: [{table, game, title, url, names, time}]
const KEEP_TABLES = 30;
const NAME_MAX = 20;

function load(key, fallback) {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? fallback : JSON.parse(raw);
  } catch (_) {
    return fallback;
  }
}

function store(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch (_) {
    /* private mode: remembered for this page only */
  }
}

/** A name as the server keeps it: no control or bidi characters, at most 20 characters. */
function cleanName(raw) {
  // eslint-disable-next-line no-control-regex
  const clean = String(raw || "").replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "").trim();
  return Array.from(clean).slice(0, NAME_MAX).join("");
}

function myName() {
  try {
    return localStorage.getItem(NAME_KEY) || "";
  } catch (_) {
    return "";
  }
}

function setMyName(name) {
  try {
    localStorage.setItem(NAME_KEY, name);
  } catch (_) {
    /* private mode */
  }
}

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
  const friends = load(FRIENDS_KEY, []);
  const firstHuman = form.seats.indexOf("human");
  form.seats.forEach((kind, seat) => {
    const id = `seat-${seat}`;
    const select = h("select", { id, "aria-label": t("Seat {n}: who plays", { n: seat + 1 }),
      onchange: (e) => { form.seats[seat] = e.target.value; drawSeats(); drawOptions(); } },
    h("option", { value: "human", selected: kind === "human" }, t("A person")),
    bots.map((bot) => h("option", { value: bot.kind, selected: kind === bot.kind }, bot.label || bot.kind)));
    let name = null;
    if (kind === "human") {
      const mine = seat === firstHuman;
      name = h("input", { type: "text", id: `name-${seat}`, class: "seat-name", maxlength: String(NAME_MAX),
        "aria-label": mine ? t("Your name (seat {n})", { n: seat + 1 }) : t("Name of the person at seat {n}", { n: seat + 1 }),
        placeholder: mine ? t("Your name") : t("Their name"), value: mine ? myName() : (friends[seat] || ""),
        oninput: (e) => {
          if (mine) {
            setMyName(cleanName(e.target.value));
            $("my-name").value = e.target.value;
          } else {
            const list = load(FRIENDS_KEY, []);
            list[seat] = cleanName(e.target.value);
            store(FRIENDS_KEY, list);
          }
          drawFirstPlayer();
        } });
    }
    list.append(h("li", { class: "field inline seat-row" }, h("span", { class: "seat-no" }, t("Seat {n}", { n: seat + 1 })), select, name));
  });
}

/** The players' names as the form has them (a bot: its label with the seat's number). */
function formNames() {
  const game = gameOf(form.game);
  return form.seats.map((kind, seat) => {
    const input = $(`name-${seat}`);
    if (kind === "human") return cleanName(input ? input.value : "") || null;
    return null;
  }).map((name, seat) => {
    if (name) return name;
    const kind = form.seats[seat];
    if (kind === "human") return t("Player {n}", { n: seat + 1 });
    const bot = game && (game.bots || []).find((b) => b.kind === kind);
    const label = bot ? bot.label : kind;
    return t("{bot} {n}", { bot: label.charAt(0).toUpperCase() + label.slice(1), n: seat + 1 });
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

function optionLabel(option) {
  const label = option.label || option.help || option.name;
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/** One option as players are asked it (the catalog's `ask`): a switch, a
 *  number, a choice in words, a seat by name ("random" too), numbers. */
function optionField(game, option) {
  const id = `opt-${option.name}`;
  const about = option.help && option.help !== option.label ? h("p", { class: "hint", id: `${id}-help` }, option.help) : null;
  const described = about ? `${id}-help` : null;
  const kept = optionValue(option);
  const words = optionLabel(option);
  if (option.ask === "yes_no" || option.type === "bool") {
    const input = h("input", { type: "checkbox", id, checked: kept === null ? Boolean(option.default) : kept,
      "aria-describedby": described, onchange: (e) => keepOption(option.name, e.target.checked) });
    return [h("div", { class: "field check" }, input, " ", h("label", { for: id }, words)), about];
  }
  let input;
  if (option.ask === "seat") {
    const chosen = kept === null ? "random" : String(kept);
    const names = formNames();
    input = h("select", { id, "aria-describedby": described, onchange: (e) => keepOption(option.name, e.target.value) },
      h("option", { value: "random", selected: chosen === "random" }, t("Random")),
      names.map((name, seat) => h("option", { value: String(seat), selected: chosen === String(seat) }, name)));
  } else if (option.ask === "choice" && Array.isArray(option.choices)) {
    const chosen = kept === null ? option.default : kept;
    const labels = option.choice_labels || option.choices;
    input = h("select", { id, "aria-describedby": described, onchange: (e) => keepOption(option.name, e.target.value) },
      option.choices.map((c, i) => h("option", { value: String(c), selected: String(c) === String(chosen) }, String(labels[i] || c))));
  } else if (option.type === "int") {
    const shown = option.default === null || option.default === undefined ? (option.unset || t("default")) : String(option.default);
    input = h("input", { type: "number", id, inputmode: "numeric", min: option.min ?? null, max: option.max ?? null,
      placeholder: shown, value: kept === null ? "" : kept, "aria-describedby": described,
      oninput: (e) => keepOption(option.name, e.target.value) });
  } else {
    const shown = Array.isArray(option.default) ? option.default.join(", ") : (option.default ?? "");
    input = h("input", { type: "text", id, placeholder: String(shown), value: kept === null ? "" : kept,
      "aria-describedby": described, oninput: (e) => keepOption(option.name, e.target.value) });
  }
  return [h("div", { class: "field" }, h("label", { for: id }, words), input), about];
}

function drawOptions() {
  const game = gameOf(form.game);
  const box = $("options");
  const more = $("more-options");
  box.replaceChildren();
  more.replaceChildren();
  if (!game) return;
  const advanced = [];
  for (const option of game.options || []) {
    if (option.name === "players") continue;
    if (option.advanced) advanced.push(option);
    else box.append(...optionField(game, option).filter(Boolean));
  }
  for (const option of advanced) more.append(...optionField(game, option).filter(Boolean));
  $("more-box").hidden = !advanced.length;
}

/** The first player's choice names the players as the seats are filled in now. */
function drawFirstPlayer() {
  const game = gameOf(form.game);
  const option = game && (game.options || []).find((o) => o.ask === "seat");
  const select = option && $(`opt-${option.name}`);
  if (!select) return;
  const names = formNames();
  if (select.options.length - 1 !== names.length) {
    // the number of players changed: a first player past the last seat becomes random, and the list is drawn again
    const kept = optionValue(option);
    if (kept !== null && kept !== "random" && Number(kept) >= names.length) keepOption(option.name, "random");
    drawOptions();
    return;
  }
  Array.from(select.options).slice(1).forEach((opt, seat) => { opt.textContent = names[seat]; });
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
    if (option.name === "players" || option.type !== "int" || option.ask === "seat") continue;
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
    if (option.ask === "seat") {
      const seatValue = value === null || value === "" ? "random" : value;
      if (seatValue !== "random") out[option.name] = Number(seatValue);
      else if (option.default !== null && option.default !== undefined) {
        out[option.name] = Math.floor(Math.random() * form.seats.length); // random: the screen draws it
      }
      continue;
    }
    if (value === null || value === "") continue;
    if (option.ask === "seat") {
      if (value !== "random") out[option.name] = Number(value);
      else if (option.default !== null && option.default !== undefined) {
        out[option.name] = Math.floor(Math.random() * form.seats.length); // random: the screen draws it
      }
      continue;
    }
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
    // every seat named as the form shows it (bots too: "Easy bot 2"), so that the game's words use the same names;
    // a person's seat left unnamed goes without one: on a listed table anyone may take it ("Sit here"), while a
    // named one waits for its person's link
    const names = formNames().map((name, seat) => {
      const input = $(`name-${seat}`);
      if (form.seats[seat] === "human" && !cleanName(input ? input.value : "")) return null;
      return cleanName(name) || null;
    });
    made = await api("/api/tables", { method: "POST", body: { game: game.name, options: chosenOptions(game), seats: form.seats.slice(), settings: chosenSettings(),
      names, public: $("public").checked } });
    made.names = formNames();
    made.title = game.title;
    keepTable(made);
    drawMade();
    drawMine();
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
  const mine = made.creator_seat !== null && made.creator_seat !== undefined ? made.seats[made.creator_seat] : null;
  (made.seats || []).forEach((seat, k) => {
    if (!seat) return;
    const who = made.names ? made.names[k] : t("Player {n}", { n: k + 1 });
    const label = seat === mine ? t("Your own link ({who})", { who }) : t("Join link of {who}", { who });
    list.append(linkRow(label, seat.join_url, `link-${k}`));
  });
  list.append(linkRow(t("Link for spectators"), made.spectator_url, "link-spectator"));
  const take = $("take-seat");
  if (mine) {
    take.href = mine.join_url;
    take.textContent = t("Take my seat");
  } else {
    take.href = made.spectator_url;
    take.textContent = t("Watch the bots play");
  }
}

// ----- your tables (kept in this browser) -----------------------------------------------------

function keepTable(answer) {
  const mine = answer.creator_seat !== null && answer.creator_seat !== undefined ? answer.seats[answer.creator_seat] : null;
  const entry = { table: answer.table, title: answer.title, url: mine ? mine.join_url : answer.spectator_url,
    names: answer.names || [], time: new Date().toISOString(),
    links: (answer.seats || []).map((seat) => (seat ? seat.join_url : null)) };
  const tables = load(TABLES_KEY, []).filter((item) => item && item.table !== answer.table);
  tables.unshift(entry);
  store(TABLES_KEY, tables.slice(0, KEEP_TABLES));
}

function drawMine() {
  const tables = load(TABLES_KEY, []).filter((item) => item && item.table && item.url);
  const list = $("my-tables");
  list.replaceChildren();
  if (!tables.length) {
    list.append(h("li", null, t("No tables yet: the tables you create or join are kept here, in this browser.")));
    return;
  }
  for (const item of tables) {
    const when = new Date(item.time);
    list.append(h("li", { class: "table-row" },
      h("a", { href: item.url, class: "game-title" }, item.title || item.table),
      h("span", null, (item.names || []).join(", ")),
      Number.isNaN(when.getTime()) ? null : h("span", { class: "hint" }, when.toLocaleString(lang()))));
  }
}

// ----- open tables -------------------------------------------------------------------------

function tableWords(table) {
  const game = gameOf(table.game);
  const title = game ? game.title : table.title || table.game;
  const names = (table.seats || []).map((seat, k) => {
    const name = (table.names || [])[k];
    if (name) return name;
    if (seat.kind === "human") return t("Player {n}", { n: k + 1 });
    const bot = game && (game.bots || []).find((b) => b.kind === seat.kind);
    const label = bot ? bot.label : seat.kind;
    return t("{bot} {n}", { bot: label.charAt(0).toUpperCase() + label.slice(1), n: k + 1 });
  });
  return { title, names };
}

async function sit(table, seat, event) {
  event.preventDefault();
  const input = event.target.querySelector("input");
  const name = cleanName(input.value);
  const note = event.target.querySelector(".error");
  if (!name) {
    note.textContent = t("Write your name (at most 20 characters).");
    input.focus();
    return;
  }
  setMyName(name);
  try {
    const answer = await api(`/api/tables/${encodeURIComponent(table.table)}/sit`, { method: "POST", body: { seat, name } });
    const { title, names } = tableWords(table);
    names[seat] = name;
    keepTable({ table: table.table, title, names, creator_seat: 0, seats: [{ join_url: answer.join_url }] });
    location.assign(answer.join_url);
  } catch (e) {
    note.textContent = t("You could not sit there: {why}", { why: e.message });
    loadTables();
  }
}

function sitForm(table, seat, index) {
  const id = `sit-${index}-${seat}`;
  return h("form", { class: "sit-form", onsubmit: (e) => sit(table, seat, e) },
    h("label", { for: id }, t("Your name")), " ",
    h("input", { id, type: "text", maxlength: String(NAME_MAX), value: myName(), required: true, autocomplete: "nickname" }), " ",
    h("button", { type: "submit", class: "primary" }, t("Sit down")),
    h("p", { class: "error", role: "alert" }));
}

function freeRow(table, index) {
  const { title, names } = tableWords(table);
  // free: a person's seat never opened, not the creator's (the first person's), not named for someone
  const creator = (table.seats || []).find((s) => s.kind === "human");
  const free = (table.seats || []).filter((s) => s.kind === "human" && !s.taken && !(table.names || [])[s.seat]
    && s !== creator).map((s) => s.seat);
  const row = h("li", { class: "table-row free-row", "data-table": table.table },
    h("span", { class: "game-title" }, title),
    h("span", null, names.filter((_, k) => !free.includes(k)).join(", ")));
  for (const seat of free) {
    const button = h("button", { type: "button", class: "sit", "data-seat": String(seat),
      "aria-label": t("Sit here: {game}, seat {n}", { game: title, n: seat + 1 }) }, t("Sit here"));
    button.addEventListener("click", () => {
      const form = sitForm(table, seat, index);
      button.replaceWith(form);
      form.querySelector("input").focus();
    });
    row.append(button);
  }
  return row;
}

function playingRow(table, index) {
  const { title, names } = tableWords(table);
  return h("li", { class: "table-row" },
    h("span", { class: "game-title" }, title),
    h("span", null, names.join(", ")),
    h("a", { href: `/t/${encodeURIComponent(table.table)}`, "aria-label": t("Watch table {k}: {game}", { k: index + 1, game: title }) }, t("Watch")));
}

async function loadTables({ announce = false } = {}) {
  const free = $("free-tables");
  const playing = $("open-tables");
  free.setAttribute("aria-busy", "true");
  let lists = { free: [], playing: [] };
  try {
    lists = await api("/api/tables?list=lobby");
  } catch (e) {
    free.replaceChildren(h("li", { class: "error" }, e.message));
    free.setAttribute("aria-busy", "false");
    return;
  }
  free.replaceChildren(...(lists.free.length ? lists.free.map(freeRow) : [h("li", null, t("No free seats right now."))]));
  playing.replaceChildren(...(lists.playing.length ? lists.playing.map(playingRow) : [h("li", null, t("No games in progress right now."))]));
  free.setAttribute("aria-busy", "false");
  if (announce) say(t("Tables with a free seat: {n}; games in progress: {m}.", { n: lists.free.length, m: lists.playing.length }));
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
    drawMine();
    loadTables();
  });
  $("my-name").value = myName();
  $("my-name").addEventListener("input", (e) => {
    setMyName(cleanName(e.target.value));
    const first = $(`name-${form.seats.indexOf("human")}`);
    if (first) first.value = e.target.value;
    drawFirstPlayer();
  });
  $("players").addEventListener("change", (e) => {
    form.players = Number(e.target.value);
    drawSeats();
    drawFirstPlayer();  // the first player's list follows the number of players
  });
  $("new-table").addEventListener("submit", create);
  $("refresh").addEventListener("click", () => loadTables({ announce: true }));
  await loadGames();
  drawMine();
  loadTables();
}

start();
