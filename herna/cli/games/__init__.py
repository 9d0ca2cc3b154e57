"""Per-game terminal rendering: ``render(view, seat, lang)`` and
``describe(before, token, actor, after, lang)``, one module per game."""

from __future__ import annotations

import importlib
from types import ModuleType


def renderer(game: str) -> ModuleType:
    """The rendering module of ``game``."""
    return importlib.import_module(f"herna.cli.games.{game}")


def describe(game: str, before: dict, token: str, actor, after: dict, lang: str) -> list[str]:
    """The game's sentences about one action, always as a list."""
    lines = renderer(game).describe(before, token, actor, after, lang)
    if not lines:
        return []
    return [lines] if isinstance(lines, str) else list(lines)
