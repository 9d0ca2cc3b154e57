// The game log: one polite live region (role="log") that gets each event's
// text once. Lines that arrive close together (bots play fast) are gathered
// for a moment and appended as ONE list item, so a screen reader says them
// in one go instead of being interrupted line by line; an item stops
// growing at LIMIT characters (the next line starts a new one), so that no
// announcement is a wall of text. History (the events
// already there when the page opens or the language changes) is written
// with the region switched off, so it is not read out.

import { h } from "./dom.js";

const GATHER_MS = 400;
const KEEP_ITEMS = 400;
const LIMIT = 150; // characters of one gathered item at most (a longer single line stays whole)

export class GameLog {
  constructor(region, list) {
    this.region = region;
    this.list = list;
    this.pending = [];
    this.timer = null;
    this.last = [];
    // the log stays on its newest line unless the reader has scrolled up to read older ones
    this.stick = true;
    let size = "";
    const sized = () => `${region.clientWidth}x${region.clientHeight}`;
    const pin = () => {
      size = sized();
      if (this.stick) region.scrollTop = region.scrollHeight;
    };
    region.addEventListener("scroll", () => {
      // a resized window (a phone turned) scrolls the log too: that is not the reader scrolling up
      if (sized() !== size) pin();
      else this.stick = region.scrollHeight - region.scrollTop - region.clientHeight < 40;
    });
    if (typeof ResizeObserver === "function") new ResizeObserver(pin).observe(region);
  }

  /** Queue `lines` to be announced (and shown) once. `note`: the page's
   *  own words (your turn, connection lost), not an event's. */
  add(lines, { note = false } = {}) {
    const clean = lines.filter((line) => line && String(line).trim());
    if (!clean.length) return;
    for (const text of clean.map(String)) {
      const size = this.pending.reduce((n, line) => n + line.text.length + 1, 0);
      if (this.pending.length && size + text.length > LIMIT) this.flush();
      this.pending.push({ text, note });
    }
    if (this.timer === null) this.timer = setTimeout(() => this.flush(), GATHER_MS);
  }

  /** Append what is queued now, as one item. */
  flush() {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (!this.pending.length) return;
    const lines = this.pending;
    this.pending = [];
    this.append(lines);
  }

  append(lines) {
    // the lines apart by a space, so that a screen reader reads "...Saxosaurus 6. Seat 2 plays..." as sentences
    this.list.append(h("li", null, lines.map((line, i) => [i ? " " : null,
      h("span", { class: line.note ? "line note" : "line" }, line.text)])));
    this.last = lines.map((line) => line.text);
    while (this.list.children.length > KEEP_ITEMS) this.list.firstElementChild.remove();
    if (this.stick) this.region.scrollTop = this.region.scrollHeight;
  }

  /** Write `batches` (lists of lines) without announcing them; `replace`
   *  empties the log first. */
  history(batches, replace = false) {
    this.flush();
    this.region.setAttribute("aria-live", "off");
    if (replace) this.list.replaceChildren();
    for (const lines of batches) if (lines.length) this.append(lines.map((text) => ({ text: String(text), note: false })));
    this.region.scrollTop = this.region.scrollHeight;
    // back on after the browser has taken this change in
    setTimeout(() => this.region.setAttribute("aria-live", "polite"), 150);
  }
}

/** Say `text` now in the assertive region `el` (the on-demand keys). */
export function speak(el, text) {
  el.textContent = "";
  // a fresh text node after a tick: the same words said twice are said again
  setTimeout(() => { el.textContent = text; }, 30);
}
