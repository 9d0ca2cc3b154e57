"""The few words the generic CLI says, in English and Czech."""

from __future__ import annotations

LANGS = ("en", "cs")

TEXT = {
    "seat": {"en": "Seat {seat}", "cs": "Hráč {seat}"},
    "named": {"en": "{name} (seat {seat}{extra})", "cs": "{name} (hráč {seat}{extra})"},
    "you": {"en": "you", "cs": "ty"},
    "nothing": {"en": "none", "cs": "nic"},
    "your_move": {"en": "Your move, {who}.", "cs": "Jsi na tahu, {who}."},
    "choose": {"en": "Choose a number or type an action", "cs": "Zvol číslo nebo napiš tah"},
    "bad_number": {"en": "There is no choice {n}; choose 1-{m} or type an action.",
                   "cs": "Volba {n} neexistuje; zvol 1-{m} nebo napiš tah."},
    "illegal": {"en": "Not allowed: {why}", "cs": "Nelze: {why}"},
    "pass_device": {"en": "Pass the device to {who}. Others, look away. Press Enter when ready.",
                    "cs": "Předej zařízení: {who}. Ostatní se nedívejte. Stiskni Enter."},
    "game_over": {"en": "Game over.", "cs": "Konec hry."},
    "winners": {"en": "Winner(s): {who}", "cs": "Vítěz(ové): {who}"},
    "scores": {"en": "Scores", "cs": "Body"},
    "left": {"en": "Game left.", "cs": "Hra opuštěna."},
    "saved": {"en": "Saved to {path} (herna replay {path}).", "cs": "Uloženo do {path} (herna replay {path})."},
    "plays": {"en": "{who}: {action}", "cs": "{who}: {action}"},
    "help": {"en": "Type a number from the menu or an action (such as {example}). Commands:",
             "cs": "Napiš číslo z nabídky nebo tah (třeba {example}). Příkazy:"},
    "commands": {
        "en": ["hand: your cards (your coop)", "table: the whole table",
               "scores: the scores", "log: the last {n} things that happened",
               "last: the last trick (the last roll)", "help: this help and what your choices mean",
               "quit: leave the game (it stays saved with --save)"],
        "cs": ["hand: tvoje karty (tvůj kurník)", "table: celý stůl", "scores: body",
               "log: posledních {n} událostí", "last: minulý štych (poslední hod)",
               "help: tato nápověda a co znamenají tvé možnosti",
               "quit: odejít ze hry (s --save zůstane uložená)"]},
    "log_empty": {"en": "Nothing has happened yet.", "cs": "Zatím se nic nestalo."},
    "log_title": {"en": "The last things that happened:", "cs": "Poslední události:"},
    "no_last": {"en": "No trick has been played yet.", "cs": "Zatím se nehrál žádný štych."},
    "forced_for_you": {"en": "Your only legal move, {action}, was made for you.",
                       "cs": "Tvůj jediný možný tah, {action}, byl zahrán za tebe."},
    "automatic": {"en": "automatic: the only legal move", "cs": "automaticky: jediný možný tah"},
    "continue": {"en": "Press Enter to continue.", "cs": "Pokračuj klávesou Enter."},
    "replay_step": {"en": "Enter: next, b: back, q: quit", "cs": "Enter: další, b: zpět, q: konec"},
}


def lookup(table: dict, key: str, lang: str):
    """``table[key]`` in ``lang``, falling back to English (tables map a key
    to ``{"en": ..., "cs": ...}``)."""
    entry = table[key]
    return entry.get(lang, entry["en"])


def t(key: str, lang: str, **kwargs) -> str:
    """The text ``key`` in ``lang`` (falls back to English)."""
    return lookup(TEXT, key, lang).format(**kwargs)


def lines(key: str, lang: str, **kwargs) -> list[str]:
    """The list of lines ``key`` in ``lang``, each formatted with ``kwargs``."""
    return [line.format(**kwargs) for line in lookup(TEXT, key, lang)]


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
    text = t("seat", lang, seat=seat + 1)
    return f"{text} ({extra})" if extra else text
