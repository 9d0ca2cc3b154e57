// The keys and help page (help.html): its words from the catalog, and the
// table's letter keys listed from the same list the table page runs
// (table/keys.js), in the chosen language.

import { h } from "./dom.js";
import { languageButtons, setLang, startLang, t, translatePage } from "./i18n.js";
import { KEYS } from "./table/a11y_keys.js";

const TITLES = { ugo: "Ugo!", trumfosaur: "Trumfosaur", kurnik: "Plný kurník" };

/** Every letter key: its words, per game where the games differ ("Ugo!: k: your kingdom"). */
function drawKeys() {
  const rows = KEYS.map((entry) => {
    const byWords = new Map();
    for (const [game, words] of Object.entries(entry.words)) {
      if (!byWords.has(words)) byWords.set(words, []);
      byWords.get(words).push(game);
    }
    const parts = [...byWords].map(([words, games]) => {
      const said = t(words).replace(/^\S+: /, "");
      return games.includes("*") ? said : `${games.map((g) => TITLES[g] || g).join(", ")}: ${said}`;
    });
    return h("div", null, h("dt", null, h("kbd", null, entry.key)), h("dd", null, parts.join("; ")));
  });
  document.getElementById("letter-keys").replaceChildren(...rows);
}

async function start() {
  await setLang(startLang());
  translatePage();
  drawKeys();
  languageButtons(document, drawKeys);
}

start();
