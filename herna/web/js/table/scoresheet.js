// The score sheet (the p key and the Score sheet button): points per deal
// or round and the running totals, from the state message's `score_sheet`
// (the server builds it from the engine's events). Also drawn in the game
// over panel.

import { h, patch } from "../dom.js";
import { N_, t } from "../i18n.js";
import { sheetLines } from "./readouts.js";
import { $, app } from "./state.js";
import { seatName, shortSeat } from "./words.js";

const UNIT_HEAD = { deal: N_("Deal"), round: N_("Round"), turn: N_("Turns") };

/** The sheet as a table: one row per deal or round, one column per player, totals at the foot. */
export function sheetTable(ctx, caption) {
  const sheet = ctx.msg.score_sheet || { rows: [], totals: [] };
  const n = (ctx.msg.seats || []).length || (sheet.totals || []).length;
  const seats = [];
  for (let k = 0; k < n; k++) seats.push(k);
  const head = h("tr", null, h("th", { scope: "col" }, t(UNIT_HEAD[sheet.unit] || N_("Deal"))),
    seats.map((k) => h("th", { scope: "col" }, h("span", { "data-seat-name": String(k) }, seatName(k)))));
  const rows = (sheet.rows || []).map((row) => h("tr", { "data-key": String(row.period) },
    h("th", { scope: "row" }, String(row.period)),
    seats.map((k) => h("td", null, String(row.scores[k]), sheet.rows.length > 1 && sheet.unit !== "turn"
      ? h("span", { class: "running" }, ` (${row.totals[k]})`) : null))));
  const body = rows.length ? rows : [h("tr", null, h("td", { colspan: String(n + 1) }, t("No points scored yet.")))];
  return h("table", { class: "sheet" }, caption ? h("caption", null, caption) : null,
    h("thead", null, head), h("tbody", null, body),
    h("tfoot", null, h("tr", null, h("th", { scope: "row" }, t("Total")),
      seats.map((k) => h("td", null, String((sheet.totals || [])[k] ?? 0))))));
}

export function drawSheet(ctx) {
  const dialog = $("sheet-dlg");
  if (dialog.open) patch($("sheet"), sheetTable(ctx));
  const overSheet = $("over-sheet");
  if (ctx.msg.status === "finished") patch(overSheet, sheetTable(ctx, t("Score sheet")));
  else if (overSheet.firstChild) patch(overSheet);
}

/** Open the sheet, or close it when open (the p key). */
export function toggleSheet() {
  const dialog = $("sheet-dlg");
  if (!app.msg) return;
  if (dialog.open) {
    dialog.close();
    return;
  }
  patch($("sheet"), sheetTable({ msg: app.msg }));
  // the sheet in words too, said with the Close button that takes the focus: one key, every score
  const me = Number.isInteger(app.msg.seat) ? app.msg.seat : null;
  patch($("sheet-words"), sheetLines(app.msg.score_sheet, me, shortSeat, t).join(" "));
  dialog.showModal();
  $("sheet-close").focus();
}

export function wireSheet() {
  $("sheet-button").addEventListener("click", toggleSheet);
  $("sheet-close").addEventListener("click", () => $("sheet-dlg").close());
  // the p key closes it again (keys.js: the dialog is inside the game region)
}
