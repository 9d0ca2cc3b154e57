"""The few words the generic CLI says, in English and Czech."""

from __future__ import annotations

LANGS = ("en", "cs")

TEXT = {
    "seat": {"en": "Seat {seat}", "cs": "Hráč {seat}"},
    "you": {"en": "you", "cs": "ty"},
    "your_move": {"en": "Your move, seat {seat}", "cs": "Na tahu je hráč {seat} (ty)"},
    "choose": {"en": "Choose a number or type an action", "cs": "Zvol číslo nebo napiš tah"},
    "bad_number": {"en": "There is no choice {n}; choose 1-{m} or type an action.",
                   "cs": "Volba {n} neexistuje; zvol 1-{m} nebo napiš tah."},
    "illegal": {"en": "Not allowed: {why}", "cs": "Nelze: {why}"},
    "pass_device": {"en": "Pass the device to seat {seat} ({name}). Others, look away. Press Enter when ready.",
                    "cs": "Předej zařízení hráči {seat} ({name}). Ostatní se nedívejte. Stiskni Enter."},
    "game_over": {"en": "Game over.", "cs": "Konec hry."},
    "winners": {"en": "Winner(s): {who}", "cs": "Vítěz(ové): {who}"},
    "scores": {"en": "Scores", "cs": "Body"},
    "left": {"en": "Game left.", "cs": "Hra opuštěna."},
    "saved": {"en": "Saved to {path} (herna replay {path}).", "cs": "Uloženo do {path} (herna replay {path})."},
    "plays": {"en": "{who}: {action}", "cs": "{who}: {action}"},
    "help": {"en": "Type a number, an action string, 'help' or 'quit'.",
             "cs": "Napiš číslo, tah, 'help' nebo 'quit'."},
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


def seat_name(seat: int, lang: str, human: int | None = None, label: str | None = None) -> str:
    name = t("seat", lang, seat=seat)
    if human is not None and seat == human:
        name += f" ({t('you', lang)})"
    elif label:
        name += f" ({label})"
    return name
