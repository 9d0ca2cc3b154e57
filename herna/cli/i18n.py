"""The few words the generic terminal says, by key, from the message
catalogs (:mod:`herna.core.catalog`).

:data:`MESSAGES` maps a key to its English message id (or a tuple of them
for a list of lines); the Czech is in ``herna/core/locale/cs.po``, shared
with the web app. :func:`t` and :func:`lines` look a key up and fill its
``{fields}``.
"""

from __future__ import annotations

from herna.core.catalog import LANGS, N_, text

MESSAGES: dict[str, str | tuple[str, ...]] = {
    "seat": N_("Seat {seat}"),
    "named": N_("{name} (seat {seat}{extra})"),
    "you": N_("you"),
    "nothing": N_("none"),
    "your_move": N_("Your move, {who}."),
    "choose": N_("Choose a number or type an action"),
    "bad_number": N_("There is no choice {n}; choose 1-{m} or type an action."),
    "illegal": N_("Not allowed: {why}"),
    "too_long": N_("That answer is too long (at most {n} characters); type a number or an action."),
    "pass_device": N_("Pass the device to {who}. Others, look away. Press Enter when ready."),
    "game_over": N_("Game over."),
    "winners": N_("Winner(s): {who}"),
    "scores": N_("Scores"),
    "left": N_("Game left."),
    "saved": N_("Saved to {path} (herna replay {path})."),
    "saved_unfinished": N_("Saved to {path}; go on with: herna play {game} --resume {path}"),
    "plays": N_("{who}: {action}"),
    "help": N_("Type a number from the menu or an action (such as {example}). Commands:"),
    "commands": (N_("hand: your cards (your coop)"), N_("table: the whole table"), N_("scores: the scores"),
                 N_("log: the last {n} things that happened"), N_("last: the last trick (the last roll)"),
                 N_("help: this help and what your choices mean"),
                 N_("quit: leave the game (it stays saved with --save)")),
    "log_empty": N_("Nothing has happened yet."),
    "log_title": N_("The last things that happened:"),
    "no_last": N_("No trick has been played yet."),
    "forced_for_you": N_("Your only legal move, {action}, was made for you."),
    "automatic": N_("automatic: the only legal move"),
    "continue": N_("Press Enter to continue."),
    "table_header": N_("herna{sep}{game}{sep}seats: {seats}{sep}seed {seed}"),
    "bots_stand_in": N_("standard input is not a terminal: every seat is played by a bot for this run."),
    "replay_prompt": N_("(Enter: next, b: back, t: table, q: quit) "),
    "replay_keys": N_("Enter: next step, b: one step back, t: the table now, q: quit"),
}
"""Key -> English message id(s); translations in the catalogs."""

__all__ = ["LANGS", "MESSAGES", "t", "lines", "lookup", "seat_name"]


def lookup(table: dict, key: str, lang: str):
    """``table[key]`` in ``lang``, falling back to English, for tables that
    map a key to ``{"en": ..., "cs": ...}`` (the renderers' older tables;
    new texts belong in the catalogs)."""
    entry = table[key]
    return entry.get(lang, entry["en"])


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
