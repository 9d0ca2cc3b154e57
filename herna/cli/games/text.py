"""Text helpers shared by the game renderers."""

from __future__ import annotations

from typing import Callable

from rich.text import Text


def styled_cards(cards: list[str], style_of: Callable[[str], str], dash: str = "—") -> Text:
    """Cards separated by spaces, each styled by ``style_of(card)``; a dash
    for none, or ``dash`` (screen readers read the card names; colour only adds)."""
    out = Text()
    for i, card in enumerate(cards):
        if i:
            out.append(" ")
        out.append(card, style=style_of(card))
    return out if cards else Text(dash)


def cards_label(action: str, names: dict[str, str]) -> str | None:
    """The names of the cards an action string plays (``play SAX5`` ->
    ``Saxosaurus 5``; ``names``: card code -> name), or ``None`` when the
    words after its verb are not all card codes."""
    words = action.split()[1:]
    if not words or not all(word in names for word in words):
        return None
    return ", ".join(names[word] for word in words)
