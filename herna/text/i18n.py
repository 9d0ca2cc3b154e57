"""The few words every screen says that belong to no game, by key, from
the message catalogs (:mod:`herna.core.catalog`): seats and players'
names, prompts, the hint's and the review's words, what plays a seat.

:data:`MESSAGES` maps a key to its English message id (or a tuple of them
for a list of lines); the Czech is in ``herna/core/locale/cs.po``, shared
with the web app. :func:`t` and :func:`lines` look a key up and fill its
``{fields}``.
"""

from __future__ import annotations

from herna.core import record
from herna.core.catalog import LANGS, N_, ntext, ptext, text

MESSAGES: dict[str, str | tuple[str, ...]] = {
    "seat": N_("Seat {seat}"),
    "named": N_("{name} (seat {seat}{extra})"),
    "you": N_("you"),
    "nothing": N_("none"),
    "your_move": N_("Your move, {who}."),
    "choose": N_("Choose a number or type an action"),
    "your_turn": N_("Your turn."),
    "you_are": N_("You are {who}."),
    "error": N_("error: {what}"),
    "bad_number": N_("there is no choice {n}; choose 1-{m} or type an action."),
    "illegal": N_("not allowed: {why}"),
    "too_long": N_("that answer is too long (at most {n} characters); type a number or an action."),
    "pass_device": N_("Pass the device to {who}. Others, look away. Press Enter when ready."),
    "game_over": N_("Game over."),
    "scores": N_("Scores"),
    "left": N_("Game left."),
    "saved": N_("Saved to {path} (herna replay {path})."),
    "saved_unfinished": N_("Saved to {path}; go on with: herna play {game} --resume {path}"),
    "plays": N_("{who}: {action}"),
    "help": N_("Type a number from the menu or an action (such as {example}). Commands:"),
    "cmd_hand": N_("your cards"),
    "cmd_table": N_("the whole table"),
    "cmd_scores": N_("the scores"),
    "cmd_log": N_("the last {n} things that happened"),
    "cmd_last": N_("the last trick"),
    "cmd_back": N_("history: one event back"),
    "cmd_next": N_("history: one event forward"),
    "cmd_again": N_("history: the event you are at again, in full"),
    "cmd_trick": N_("history: to the start of the current trick"),
    "cmd_deal": N_("history: to the start of the current deal"),
    "cmd_round": N_("history: to the start of the current round"),
    "cmd_turn": N_("history: to the start of the current turn"),
    "cmd_sheet": N_("the score sheet: each deal's or round's scores and the totals"),
    "cmd_brief": N_("say what happens briefly (the default)"),
    "cmd_full": N_("say what happens in full detail"),
    "cmd_hint": N_("the strong bot's three best moves, each with its value and why (it sees only what you see)"),
    "cmd_help": N_("this help and what your choices mean"),
    "cmd_quit": N_("leave the game (it stays saved with --save)"),
    "refused_hint": N_("Choose a number 1-{m} from the menu (Enter shows it again, ? explains the choices)."),
    "log_empty": N_("Nothing has happened yet."),
    "log_title": N_("The last things that happened:"),
    "no_last": N_("No trick has been played yet."),
    "history_first": N_("That is the first event."),
    "history_newest": N_("That is the newest event."),
    "history_no_section": N_("Nothing of it has happened yet."),
    "sheet_empty": N_("Nothing has been scored yet."),
    "sheet_deal": N_("Deal {n}: {scores}; totals {totals}"),
    "sheet_round": N_("Round {n}: {scores}; totals {totals}"),
    "sheet_turn": N_("End of the game, turn {n}: hens {scores}"),
    "verbosity_now": N_("From now on: {verbosity}."),
    "verbosity_brief": N_("brief, one short line per event"),
    "verbosity_full": N_("in full detail"),
    "forced_for_you": N_("Your only legal move, {action}, was made for you."),
    "automatic": N_("automatic: the only legal move"),
    "continue": N_("Press Enter to continue."),
    "table_header": N_("herna{sep}{game}{sep}seats: {seats}{sep}seed {seed}"),
    "replay_header": N_("{where}{sep}seats: {seats}"),
    "arena_game": N_("game {index} of {file}"),
    "bots_stand_in": N_("standard input is not a terminal: every seat is played by a bot for this run."),
    "replay_prompt": N_("(Enter: next, b: back, t: table, q: quit) "),
    "replay_keys": N_("Enter: next step, b: one step back, t: the table now, q: quit"),
    "hint_head": N_("The strong bot's best moves (it sees only what you see; {value}):"),
    "hint_wait": N_("Searching for {seconds} s…"),
    "value_deal": N_("value: your expected point margin over the others at the end of this deal"),
    "value_round": N_("value: your expected point margin over the others at the end of this round"),
    "value_deal_side": N_("value: your team's expected point margin over the other team at the end of this deal"),
    "value_round_side": N_("value: your team's expected point margin over the other team at the end of this "
                           "round"),
    "value_win": N_("value: your chance to win the game"),
    "review_head": N_("The moves that lost the most ({value}):"),
    "review_line": N_("{where}, {who}: played {played} ({played_value}); better {best} ({best_value}); "
                      "lost {loss} (± {se})"),
    "review_noise": N_("± is the loss's standard error: both moves valued again side by side, on the same "
                       "samples of what was hidden; a move is listed only when its loss exceeds about twice "
                       "it."),
    "review_none": N_("No decision to review."),
    "review_no_loss": N_("No move lost value that shows."),
    "review_summary": N_("Decisions reviewed: {n}; no loss beyond the noise in {m}."),
    "review_unfinished": N_("The game is not finished: the moves so far are reviewed."),
    "options_more": N_("More options"),
    "rules_more": N_("Full rules, numbered: herna rules {game} --spec; the Czech rulebook: "
                     "herna rules {game} --rulebook"),
    "option_default": N_("default {value}"),
}
"""Key -> English message id(s); translations in the catalogs."""

SEAT_KIND_CONTEXT = "seat kind"
"""Catalog context of the words for what plays a seat (``ptext``)."""
SEAT_KINDS = {"human": N_("human"), "random": N_("random"), "greedy": N_("greedy"), "ismcts": N_("ismcts"),
              "expectimax": N_("expectimax")}
"""What plays a seat (``--seats``: ``human`` or a bot spec's name) -> its word
(context :data:`SEAT_KIND_CONTEXT`; Czech ``člověk``, ``jednoduchý bot``, ...)."""

__all__ = ["LANGS", "MESSAGES", "t", "lines", "seat_name", "winners", "seat_kind", "value_meaning"]


def t(key: str, lang: str, **fields) -> str:
    """The text ``key`` of :data:`MESSAGES` in ``lang``, ``{fields}`` filled.
    ``KeyError`` for an unknown key, ``ValueError`` for an unknown language."""
    message = MESSAGES[key]
    if not isinstance(message, str):
        raise KeyError(f"{key!r} is a list of lines; use lines()")
    return text(lang, message, **fields)


def lines(key: str, lang: str, **fields) -> list[str]:
    """The list of lines ``key`` of :data:`MESSAGES` in ``lang``, each with
    ``{fields}`` filled."""
    message = MESSAGES[key]
    return [text(lang, line, **fields) for line in ((message,) if isinstance(message, str) else message)]


def seat_name(seat: int, lang: str, human: int | None = None, label: str | None = None,
              name: str | None = None) -> str:
    """``seat`` (0-based, as in the engine and the action strings) as players
    read it, numbered from 1: ``Seat 3``; with the player's ``name``
    ``Eva (seat 1)``. ``(you)`` is added for the ``human``'s own seat, else
    the ``label`` (a bot's kind) if given: ``Seat 2 (greedy)``,
    ``Eva (seat 1, you)``."""
    extra = t("you", lang) if human is not None and seat == human else (label or "")
    if name:
        return t("named", lang, name=name, seat=seat + 1, extra=f", {extra}" if extra else "")
    text_ = t("seat", lang, seat=seat + 1)
    return f"{text_} ({extra})" if extra else text_


def winners(lang: str, who: list[str]) -> str:
    """``Winner: Seat 2`` or ``Winners: Seat 1, Seat 3`` (Czech ``Vítěz:`` / ``Vítězové:``)."""
    return ntext(lang, "Winner: {who}", "Winners: {who}", len(who), who=", ".join(who))


def seat_kind(spec: str, lang: str) -> str:
    """What plays a seat in words: ``human``, ``greedy``, ... as typed in
    English; in Czech ``člověk``, ``jednoduchý bot``, ``náhodný bot``, and a
    bot spec with parameters as the word with the spec beside it as a code:
    ``bot ISMCTS (ismcts:0.2s)``. An unknown spec is shown as it is."""
    base = spec.split(":")[0].strip().lower()
    if lang == "en" or base not in SEAT_KINDS:
        return spec
    word = ptext(lang, SEAT_KIND_CONTEXT, SEAT_KINDS[base])
    return word if spec.strip().lower() == base else f"{word} ({spec})"


def value_meaning(game, kind: str, lang: str) -> str:
    """What a hint's or a review's value means, in words: the expected point
    margin at the end of the deal or round (the game record's
    ``length_unit``; ``game``: a :class:`~herna.core.Game` or its name),
    over the others or, where the game's options make seats score as sides
    (the search horizon's ``margin_against``, read from a Game's options;
    a name alone: the default options), the side's over the other side; or
    the chance to win (``kind`` ``"win_chance"``)."""
    if kind == "win_chance":
        return t("value_win", lang)
    name = game if isinstance(game, str) else game.name
    key = "value_round" if record(name).length_unit == "round" else "value_deal"
    against = getattr(record(name).load("search"), "margin_against", None)
    if not isinstance(game, str) and against is not None and against(game.options) == "other_side":
        key += "_side"
    return t(key, lang)
