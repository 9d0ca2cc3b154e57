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
