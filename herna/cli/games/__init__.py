"""Per-game terminal rendering: ``render(view, seat, lang)`` and
``describe(before, token, actor, after, lang)``, one module per game."""

from __future__ import annotations

import importlib
from types import ModuleType


def renderer(game: str) -> ModuleType:
    """The rendering module of ``game``."""
    return importlib.import_module(f"herna.cli.games.{game}")
