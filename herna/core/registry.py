"""Games by name: ``load(name, **options)``.

Games live in ``herna.games.<name>`` and are imported on first use, so this
layer imports nothing above it.
"""

from __future__ import annotations

import importlib
from typing import Any

from .errors import FormatError
from .record import GameRecord
from .state import Game, State, _load_json

GAMES: dict[str, str] = {
    "trumfosaur": "herna.games.trumfosaur",
    "ugo": "herna.games.ugo",
    "kurnik": "herna.games.kurnik",
}
"""Game name -> package that exports its ``RECORD`` (:class:`~herna.core.record.GameRecord`)."""


def available_games() -> list[str]:
    """Names of the games this installation can load."""
    out = []
    for name, module in GAMES.items():
        try:
            importlib.import_module(module)
        except ModuleNotFoundError:
            continue
        out.append(name)
    return out


def record(name: str) -> GameRecord:
    """The :class:`~herna.core.record.GameRecord` of game ``name`` (case-insensitive);
    ``ValueError`` names the games there are if ``name`` is unknown."""
    if not isinstance(name, str) or name.lower() not in GAMES:
        raise ValueError(f"unknown game {name!r}; the games are: {', '.join(available_games())}")
    try:
        module = importlib.import_module(GAMES[name.lower()])
    except ModuleNotFoundError:
        raise ValueError(f"game {name!r} is not available yet; the games are: {', '.join(available_games())}") from None
    return module.RECORD


def records() -> list[GameRecord]:
    """The records of every game this installation can load, in :data:`GAMES` order."""
    return [record(name) for name in available_games()]


def game_class(name: str) -> type[Game]:
    """The :class:`Game` subclass of ``name``; ``ValueError`` names the games
    there are if ``name`` is unknown."""
    return record(name).game_class


def load(name: str, engine: str | None = None, **options: Any) -> Game:
    """``herna.load("trumfosaur", players=4)``: a :class:`Game` with checked
    options, on the engine ``engine`` (``"auto"``, ``"compiled"`` or
    ``"python"``; ``None``: the default, :mod:`herna.core.engines`). Raises
    ``ValueError`` for an unknown game, option or engine, or a compiled
    engine asked for that is not built."""
    return game_class(name)(engine=engine, **options)


def from_json(data: str | dict, engine: str | None = None) -> State:
    """Rebuild any saved game (:meth:`State.to_json` output) on ``engine``
    (as :func:`load`; a saved game does not record its engine). Raises
    ``FormatError`` for a malformed save, ``IllegalActionError`` for a
    history that is not legal."""
    parsed = _load_json(data)
    try:
        game = load(parsed["game"], engine=engine, **parsed.get("options", {}))
    except ValueError as error:
        raise FormatError(f"saved game: {error}") from None
    return game._replay(parsed)
