// Votes on a seat whose player has gone: let a bot play for them.

import { api } from "../api.js";
import { t } from "../i18n.js";
import { tablePath } from "./state.js";
import { say, seatName, showError } from "./words.js";

export function canVoteOn(ctx, seat) {
  const msg = ctx.msg;
  const info = (msg.seats || [])[seat];
  const me = ctx.me === null ? null : (msg.seats || [])[ctx.me];
  return Boolean(info && me && seat !== ctx.me && msg.status === "playing" && info.kind === "human"
    && !info.bot_playing && !me.bot_playing && !info.present);
}

export function votesNeeded(ctx, seat) {
  const voters = (ctx.msg.seats || []).filter((s) => s.kind === "human" && !s.bot_playing && s.seat !== seat).length;
  return Math.floor(voters / 2) + 1;
}

async function vote(seat) {
  try {
    const answer = await api(tablePath("/vote"), { method: "POST", body: { seat } });
    say(answer.handed ? t("A bot now plays for {who}.", { who: seatName(seat) })
      : t("Your vote counts: {n} of {m} needed.", { n: answer.votes.length, m: answer.needed }));
  } catch (e) {
    showError(t("Not done: {why}", { why: e.message }));
  }
}

export function onSeatsClick(event) {
  const button = event.target.closest("button[data-vote]");
  if (button) vote(Number(button.dataset.vote));
}
