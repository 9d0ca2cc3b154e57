"""The games' words at the terminal: each game's module of herna/text
(its record's ``texts``: :mod:`herna.text.trumfosaur`,
:mod:`herna.text.ugo`, :mod:`herna.text.kurnik`), which the terminal draws
with rich (:mod:`herna.cli.style`). What such a module offers is listed in
:mod:`herna.text`."""

from __future__ import annotations

from types import ModuleType

from herna.text.events import words


def renderer(game: str) -> ModuleType:
    """The words module of ``game`` (its record's ``texts``). ``ValueError``
    for an unknown game."""
    return words(game)
