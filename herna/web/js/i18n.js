// The page's own words, from the message catalog (herna/web/locale/*.po,
// context "web"), served by GET /api/i18n/{lang} as {msgid: translation}.
// English is the message ids themselves. The game's words (events, action
// labels, help, card names) come from the server in the chosen language.
//
// In the HTML, an element with `data-i18n` is translated: its English text
// (or the attribute's value, when given) is the message id.
// `data-i18n-aria-label`, `data-i18n-title` and `data-i18n-placeholder`
// translate those attributes the same way.

export const LANGS = ["cs", "en"];
const STORE = "herna.lang";
const ATTRS = ["aria-label", "title", "placeholder"];

let catalog = {};
let current = "en";

/** The language to start in: the one chosen before, else the browser's. */
export function startLang() {
  let stored = null;
  try {
    stored = localStorage.getItem(STORE);
  } catch (_) {
    stored = null;
  }
  if (LANGS.includes(stored)) return stored;
  const wanted = (navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || "en"]);
  for (const tag of wanted) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (base === "cs" || base === "sk") return "cs";
    if (base === "en") return "en";
  }
  return "en";
}

export function lang() {
  return current;
}

/** Load `code`'s catalog, remember the choice, set <html lang>. */
export async function setLang(code) {
  if (!LANGS.includes(code)) code = "en";
  let messages = {};
  if (code !== "en") {
    try {
      const answer = await fetch(`/api/i18n/${code}`, { headers: { Accept: "application/json" } });
      if (answer.ok) messages = await answer.json();
    } catch (_) {
      messages = {};
    }
  }
  catalog = messages && typeof messages === "object" ? messages : {};
  current = code;
  document.documentElement.lang = code;
  try {
    localStorage.setItem(STORE, code);
  } catch (_) {
    /* private mode: the choice lasts for this page only */
  }
  return code;
}

/** Marks a message id for the catalog where it is written; translated later with `t`. */
export const N_ = (msgid) => msgid;

/** `msgid` in the current language with `{name}` fields filled in. */
export function t(msgid, fields) {
  const found = catalog[msgid];
  const text = typeof found === "string" && found ? found : msgid;
  if (!fields) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in fields ? String(fields[name]) : whole));
}

/** Translate every marked element under `root` (see the module comment). */
export function translatePage(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) {
    if (!el.dataset.i18n) el.dataset.i18n = el.textContent.trim().replace(/\s+/g, " ");
    el.textContent = t(el.dataset.i18n);
  }
  for (const attr of ATTRS) {
    const data = `data-i18n-${attr}`;
    for (const el of root.querySelectorAll(`[${data}]`)) {
      if (!el.getAttribute(data)) el.setAttribute(data, el.getAttribute(attr) || "");
      el.setAttribute(attr, t(el.getAttribute(data)));
    }
  }
  const title = document.querySelector("title[data-i18n]");
  if (title) document.title = title.textContent;
}

/** Wire the language buttons (`button[data-lang]`): pressed state, and
 *  `onChange(code)` after the catalog of the chosen language is loaded. */
export function languageButtons(root, onChange) {
  const buttons = Array.from(root.querySelectorAll("button[data-lang]"));
  const mark = () => {
    for (const button of buttons) button.setAttribute("aria-pressed", String(button.dataset.lang === current));
  };
  mark();
  for (const button of buttons) {
    button.addEventListener("click", async () => {
      if (button.dataset.lang === current) return;
      await setLang(button.dataset.lang);
      translatePage();
      mark();
      if (onChange) onChange(current);
    });
  }
}
