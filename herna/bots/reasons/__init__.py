"""Reasons that explain a move, per game and decision kind (issue 27).

A hint's or a review's reason says *why*, in the game's terms, from what the
seat can see (its view before the move; never another hand): for a
Trumfosaur invitation what the seat holds of that species and value and what
that is worth (T-6.1); for a trump or a reveal what it wins or protects
(T-4.5, T-5.1); for Ugo!'s colour order and farmers what the field will pay
and its bonus (U-6); for Kurník what the move does to the seat's race to nine
hens and to its rivals (K-1.4). It never restates the move.

Each game's module ``herna.bots.reasons.<game>`` has ``reason(view, action,
style, trick=None) -> list[str]``: sentences in ``style.lang`` (a
:class:`herna.text.voice.Voice`), from the message catalogs. :func:`reasons`
picks the module by the game's name.
"""

from __future__ import annotations

import importlib

from herna.text.voice import Voice

GAMES = ("kurnik", "trumfosaur", "ugo")
"""Games with a reasons module."""


def reasons(game: str, view: dict, action: str, style: Voice, trick: tuple[int, int] | None = None) -> list[str]:
    """Why ``action`` (a canonical action string) at the seat's ``view``:
    sentences in ``style.lang``; ``[]`` for a game without reasons.
    ``view`` is the deciding seat's view before the move; ``trick``, for a
    card played, ``(wins, tries)``: in how many of the sampled hands of the
    others it took the trick (a card that never does is not said to do what
    a won trick does)."""
    if game not in GAMES:
        return []
    module = importlib.import_module(f"{__name__}.{game}")
    return [s for s in module.reason(view, action, style, trick=trick) if s]
