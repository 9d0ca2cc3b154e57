// The keys and help page (help.html): only its words need the catalog.

import { languageButtons, setLang, startLang, translatePage } from "./i18n.js";

async function start() {
  await setLang(startLang());
  translatePage();
  languageButtons(document, null);
}

start();
