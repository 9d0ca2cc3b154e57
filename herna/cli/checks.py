"""Checks of what a command line names: a game, a language, game options,
seats and bots, an engine; each refuses bad input with one ``error:`` line
(:func:`herna.cli.output.fail`)."""

from __future__ import annotations


import json
import os
from typing import Any, List, Optional

from herna.bots import BOT_NAMES, FILE_BOT_NAMES, NetworkMismatch, canonical_spec, make_bot, network_file
from herna.core import GAMES, engines, load
from herna.core.options import seat_count
from herna.core.registry import game_class
from herna.text.events import check_verbosity as verbosity_of

from .i18n import LANGS
from .output import fail


def check_game(name: str) -> str:
    key = name.lower()
    if key not in GAMES:
        fail(f"unknown game {name!r}; the games are: {', '.join(GAMES)}")
    try:
        game_class(key)
    except ValueError as error:
        fail(str(error))
    return key


def check_lang(lang: str) -> str:
    if lang not in LANGS:
        fail(f"unknown language {lang!r}; choose one of: {', '.join(LANGS)}")
    return lang


def check_verbosity(verbosity: str) -> str:
    """``--verbosity``: ``brief`` or ``full`` (:data:`herna.text.events.VERBOSITIES`), or a clear exit."""
    try:
        return verbosity_of(verbosity.strip().lower())
    except ValueError as error:
        fail(f"--verbosity: {error}")
    raise AssertionError("unreachable")


def parse_option_items(items: List[str], flag: str, out: Optional[dict] = None,
                       game_name: Optional[str] = None) -> dict:
    """``KEY=VALUE`` items (JSON values, else strings) added to ``out``;
    errors name ``flag``. With ``game_name``, the items are read as players
    write them: a bare name of a yes/no option of that game means
    ``NAME=true``, a list option takes its numbers plainly
    (``low_card_farmers=2,2``, or ``[2,2]``), and a seat option
    (``first_player``) counts seats from 1, as players do (``2`` is the
    engine's seat 1; ``error:`` for a number below 1)."""
    out = dict(out or {})
    booleans = set()
    specs: dict[str, Any] = {}
    parsed: Any  # a JSON value
    if game_name is not None:
        specs = {spec.name: spec for spec in game_class(game_name).option_specs}
        booleans = {name for name, spec in specs.items() if spec.kind is bool}
    for item in items:
        item = item.strip()
        if "=" not in item:
            if item in booleans:
                key, parsed = item, True
            else:
                names = f" (a yes/no option alone means true: {', '.join(sorted(booleans))})" if booleans else ""
                fail(f"{flag} wants KEY=VALUE, not {item!r}{names}")
        else:
            key, value = item.split("=", 1)
            key = key.strip()
            try:
                parsed = json.loads(value)
            except json.JSONDecodeError:
                parsed = value.strip()
            spec = specs.get(key)
            if spec is not None and spec.kind is list and isinstance(parsed, (str, int)):
                try:  # low_card_farmers=2,2 (a string) or a list of one number
                    parsed = spec.check(parsed if isinstance(parsed, str) else [parsed])
                except ValueError as error:
                    fail(f"{flag}: {error}")
            if spec is not None:
                try:
                    parsed = spec.from_players(parsed)
                except ValueError:
                    fail(f"{flag}: {key} counts seats from 1, as players do (1 is the first seat), not {value.strip()}")
        if key == "engine":
            fail(f"{flag}: 'engine' is not a game option; use --engine auto|compiled|python")
        if key in out and out[key] != parsed:
            fail(f"{flag}: option {key!r} is given twice with different values ({out[key]!r} and {parsed!r})")
        out[key] = parsed
    if game_name is not None and "players" in out:
        check_seat_options(game_name, out, flag)
    return out


def check_seat_options(game_name: str, options: dict, flag: str = "") -> None:
    """Every seat option of ``options`` (engine seats, from 0, as
    :func:`parse_option_items` leaves them) is a seat of the table they set
    up (their ``players``, else the game's default), or ``error:`` in
    players' words, seats counted from 1 (``1 to 4, not 5``), naming
    ``flag`` when given. Unchecked (``herna.load`` names them): a value that
    is no whole number, or an unknown number of seats."""
    specs = game_class(game_name).option_specs
    seats = seat_count(specs, options)
    for spec in specs:
        value = options.get(spec.name)
        if not spec.seat or seats is None or isinstance(value, bool) or not isinstance(value, int):
            continue
        if not 0 <= value < seats:
            where = f"{flag}: " if flag else ""
            fail(f"{where}{spec.name} counts seats from 1, as players do: 1 to {seats}, not {spec.to_players(value)}")


def make_game(name: str, options: dict):
    check_seat_options(name, options)
    try:
        return load(name, **options)
    except ValueError as error:
        fail(str(error))


def parse_seats(seats: Optional[str], game_name: str, options: dict, default: str,
                flag: str = "--seats", allow_human: bool = False) -> tuple[list[str], dict]:
    """Seat specs from ``--seats`` (or ``--bots``: ``flag``); sets
    ``players`` from their number when it was not given. A spec that names
    no bot is refused first (before the number of seats is judged)."""
    if seats is None:
        return [], options
    specs = [canonical_spec(s) for s in seats.split(",")]  # lower case, but a network file's name as given
    if not all(specs):
        what = "one bot or 'human'" if allow_human else "one bot"
        fail(f"{flag} {seats!r} has an empty seat; name {what} per seat, separated by commas")
    check_bot_specs(specs, game_name, flag, allow_human)
    if "players" not in options:
        options = {**options, "players": len(specs)}
        many = "s" if len(specs) != 1 else ""
        check_seat_options(game_name, options, f"{flag} names {len(specs)} seat{many}, so the game would have "
                                               f"{len(specs)} player{many}")
        try:
            load(game_name, **options)
        except ValueError as error:
            fail(f"{flag} names {len(specs)} seat{'s' if len(specs) != 1 else ''}, so the game would have "
                 f"{len(specs)} player{'s' if len(specs) != 1 else ''}: {error}")
    return specs, options


def check_bot_specs(specs: List[str], game_name: str, flag: str, allow_human: bool = False) -> None:
    """Every spec names a bot that can play ``game_name`` (or is ``human``,
    with ``allow_human``), or a clear exit naming ``flag``."""
    game = load(game_name)
    for spec in dict.fromkeys(specs):
        if spec == "human" and allow_human:
            continue
        try:
            make_bot(spec, game, 0, 0)
        except NetworkMismatch:
            continue  # a network file fits the table or not once its options are known: checked there
        except ValueError as error:
            if allow_human and "unknown bot" in str(error):
                fail(f"unknown seat {spec!r}; a seat is one of: human, {', '.join(BOT_NAMES + FILE_BOT_NAMES)}")
            file = network_file(spec)
            comma = (f"; commas separate the seats of {flag}, so a network file's name cannot hold one (rename "
                     "the file)") if file is not None and not file.lower().endswith(".npz") and len(specs) > 1 else ""
            fail(f"{flag}: {error}{comma}")


def seat_count_note(flag: str, count: int) -> str:
    """Added to an error about the table when its number of players came
    from the number of seats ``flag`` names (no ``-p``/``--players``)."""
    many = "s" if count != 1 else ""
    return (f" (the game has {count} player{many} because {flag} names {count} seat{many}; "
            "-p/--players sets another number)")


def check_seat_bots(specs: List[str], game, flag: str, counted: bool = False) -> None:
    """Every bot of ``specs`` (seat by seat; ``human`` skipped) can play
    ``game``, the table itself (its number of players and options: a
    network that does not fit it is refused here), or ``error:``
    ``{flag}: ...``; ``counted``: the number of players came from the
    number of seats (:func:`seat_count_note`)."""
    for seat, spec in enumerate(specs):
        if spec == "human":
            continue
        try:
            make_bot(spec, game, seat, 0)
        except ValueError as error:
            count = len(specs)
            about_count = f"{count} players" in str(error) or f"this table has {count}" in str(error)
            note = seat_count_note(flag, count) if counted and about_count else ""
            fail(f"{flag}: {error}{note}")


def use_engine(engine: Optional[str], game: Optional[str] = None, also: str = "") -> None:
    """Make ``engine`` (``--engine``) the default of ``herna.load`` for this
    command and the worker processes it starts (``HERNA_ENGINE``); ``error:``
    for a name that is no engine (``also``: what else the command takes,
    added to the message), or ``compiled`` where ``game`` has no built
    compiled engine."""
    if engine is None:
        return
    try:
        chosen = engines.check_engine(engine)
    except ValueError as error:
        fail(f"{error}{also}")
    if chosen == "compiled" and game is not None and game.lower() in GAMES and not engines.available(game.lower()):
        fail(f"the compiled engine of {game.lower()} is not built; reinstall herna with a C compiler "
             "(pip install -e .), or use --engine python")
    os.environ[engines.ENV] = chosen
