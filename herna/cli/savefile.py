"""Saved terminal games (``herna play --save`` / ``--resume``).

A save file is the game's :meth:`herna.core.State.to_json` object (so
``herna.from_json`` and ``herna replay`` read it as any saved game) plus one
key of the terminal's own, ``"table"``::

    {"format": "herna-state", "version": 1, "game": ..., "options": ..., "deals": ..., "history": [...],
     "table": {"seats": ["human", "greedy", ...], "seed": 7, "names": ["Eva", null, ...]}}

``seats`` holds each seat's kind (``human`` or a bot spec), ``seed`` the seed
that drives the chance draws and the bots, ``names`` the players' names given
with ``--names`` (``null`` where none was given). Resuming restores all three,
so a resumed game gives every seat back to whoever had it.
"""

from __future__ import annotations

import json
import os
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from herna.bots import BOT_NAMES, FILE_BOT_NAMES, make_bot
from herna.core import FormatError, IllegalActionError, State, from_json
from herna.core.catalog import LANGS
from herna.core.jsonio import loads

TABLE_KEY = "table"
FORMAT_NAME = "herna-state"
MAX_NAME = 20
"""Longest player name (characters) accepted by ``--names`` and in a save."""


@dataclass
class SavedGame:
    """A saved game read back: the state and how its table was seated.

    ``seats``, ``seed`` and ``names`` are ``None`` for a file written by an
    older herna (before the table was recorded) or by another tool; ``lang``
    (``None``: not recorded) and ``plain`` are how the game was shown, so that
    ``--resume`` goes on in the same language and mode."""

    state: State
    seats: list[str] | None
    seed: int | None
    names: list[str | None] | None
    lang: str | None = None
    plain: bool = False


def save_data(state: State, seats: Sequence[str], seed: int | None,
              names: Sequence[str | None] | None = None, lang: str | None = None, plain: bool = False) -> dict:
    """The JSON object written by :func:`write_save`: the state's JSON plus
    ``"table": {"seats", "seed", "names", "lang", "plain"}``."""
    data = state.to_json()
    data[TABLE_KEY] = {"seats": list(seats), "seed": seed,
                       "names": list(names) if names is not None else [None] * len(seats),
                       "lang": lang, "plain": plain}
    return data


def write_save(path: Path, state: State, seats: Sequence[str], seed: int | None,
               names: Sequence[str | None] | None = None, lang: str | None = None, plain: bool = False) -> None:
    """Write the game to ``path`` atomically (a temporary file renamed over
    it), so a crash or Ctrl-C mid-write never leaves half a save."""
    text = json.dumps(save_data(state, seats, seed, names, lang, plain), ensure_ascii=False, indent=1)
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a player's name, or ``None`` if it can: at
    most :data:`MAX_NAME` characters, printable (no control or other
    non-printing characters, no line breaks)."""
    if len(name) > MAX_NAME:
        return f"is {len(name)} characters long; a name has at most {MAX_NAME}"
    for char in name:
        if unicodedata.category(char)[0] == "C" or unicodedata.category(char) in ("Zl", "Zp"):
            return f"holds the non-printing character {ascii(char)[1:-1]}; a name is printable text"
    return None


def parse_names(text: str, players: int) -> list[str | None]:
    """``--names`` (``"Eva,Tom"``): a comma list with one item per seat, in
    seat order; an empty item leaves that seat unnamed (``None``). Items
    are stripped. Raises ``ValueError`` (one line) for another number of
    items than ``players`` or a name that :func:`name_problem` refuses."""
    items = [item.strip() for item in text.split(",")]
    if len(items) != players:
        raise ValueError(f"--names gives {len(items)} name{'s' if len(items) != 1 else ''}, but the game has "
                         f"{players} seats; give one per seat, separated by commas (an empty item: no name)")
    for seat, item in enumerate(items, start=1):
        problem = name_problem(item)
        if problem:
            raise ValueError(f"--names: the name for seat {seat} {problem}")
    return [item or None for item in items]


def read_save(path: Path) -> SavedGame:
    """Read a save file (:func:`write_save`, or a plain ``State.to_json``
    file of an older herna: then ``seats``, ``seed`` and ``names`` are
    ``None``).

    Raises :class:`~herna.core.errors.FormatError` with one line naming
    ``path`` when the file cannot be read, is not text, is not JSON (or
    nests too deeply, :func:`herna.core.jsonio.loads`), is not a herna saved
    game, holds a history that is not legal, or has a ``table`` whose seats
    do not fit the game (one per seat, ``human`` or a bot spec that can play
    it), whose seed is not an integer, or whose names are not one per seat
    (:func:`name_problem`)."""
    try:
        raw = Path(path).read_bytes()
    except OSError as error:
        raise FormatError(f"cannot read {path}: {error.strerror or error}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise FormatError(f"{path} is not a text file (a saved game is JSON text)") from None
    try:
        data = loads(text)
    except FormatError as error:
        raise FormatError(f"{path} is not a herna saved game: {error}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT_NAME:
        raise FormatError(f'{path} is not a herna saved game (no "format": "{FORMAT_NAME}")')
    try:
        state = from_json(data)
    except (FormatError, IllegalActionError, TypeError, ValueError, KeyError) as error:
        raise FormatError(f"{path} is not a herna saved game: {error}") from None
    table = data.get(TABLE_KEY)
    if table is None:
        return SavedGame(state, None, None, None)
    where = f'{path}: the "{TABLE_KEY}" of the save'
    players = state.num_players
    if not isinstance(table, dict):
        raise FormatError(f"{where} must be an object with seats, seed and names")
    seats = table.get("seats")
    if not isinstance(seats, list) or len(seats) != players or not all(isinstance(s, str) for s in seats):
        raise FormatError(f"{where} must list {players} seats (one per player: human or a bot), not {seats!r}")
    for seat, spec in enumerate(seats):
        if spec == "human":
            continue
        try:
            make_bot(spec, state.game, seat, 0)
        except ValueError as error:
            if "unknown bot" in str(error):
                raise FormatError(f"{where} has an unknown seat {spec!r}; a seat is one of: human, "
                                  f"{', '.join(BOT_NAMES + FILE_BOT_NAMES)}") from None
            raise FormatError(f"{where}: seat {seat + 1} ({spec!r}) cannot play: {error}") from None
    seed = table.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise FormatError(f"{where} has a seed that is not an integer: {seed!r}")
    names = table.get("names")
    if names is None:
        names = [None] * players
    if not isinstance(names, list) or len(names) != players:
        raise FormatError(f"{where} must list {players} names (null for no name), not {names!r}")
    for seat, name in enumerate(names, start=1):
        if name is None:
            continue
        problem = "is not text" if not isinstance(name, str) else name_problem(name)
        if problem:
            raise FormatError(f"{where}: the name for seat {seat} {problem}")
    lang = table.get("lang")
    if lang is not None and lang not in LANGS:
        raise FormatError(f"{where} has an unknown language {lang!r}; the languages are: {', '.join(LANGS)}")
    plain = table.get("plain", False)
    if not isinstance(plain, bool):
        raise FormatError(f'{where} has "plain" that is not true or false: {plain!r}')
    return SavedGame(state, list(seats), seed, [n or None for n in names], lang, plain)
