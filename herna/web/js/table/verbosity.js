// How much the game log says of each event (issue 24): `brief` (the
// default: one short line per event that matters, from the events' `brief`
// lines) or `full` (every detail: their `text` lines). Chosen per viewer and
// remembered in this browser (localStorage), like the language.

import { VERBOSITIES } from "./history.js";

const STORE = "herna.verbosity";

/** The verbosity chosen before in this browser, else `brief`. */
export function storedVerbosity() {
  let stored = null;
  try {
    stored = localStorage.getItem(STORE);
  } catch (_) {
    stored = null;
  }
  return VERBOSITIES.includes(stored) ? stored : "brief";
}

/** Remember `verbosity` (`brief` or `full`; anything else is refused with an Error, nothing stored). */
export function storeVerbosity(verbosity) {
  if (!VERBOSITIES.includes(verbosity)) throw new Error(`unknown verbosity ${verbosity}; choose brief or full`);
  try {
    localStorage.setItem(STORE, verbosity);
  } catch (_) {
    /* private mode: the choice lasts for this page only */
  }
  return verbosity;
}
