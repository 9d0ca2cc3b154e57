"""The game option flags of ``play``, ``simulate``, ``arena`` and
``analyze``, made from the games' option specs (:mod:`herna.core.options`).

Every option of every game is a flag named after it (``target_score`` is
``--target-score``), declared once for all the games that have it, with its
help in players' words (the spec's label and doc), each game's range,
default and rule id; advanced options (:attr:`OptionSpec.advanced`) are
listed apart in ``--help``. A seat option (``--first-player``) counts seats
from 1, as players do. ``-o KEY=VALUE`` gives any option by its engine name
(a seat from 1 there too; a list as ``2,2`` or ``[2,2]``).

A command asks for them with a parameter ``flags: GameFlags = GAME_FLAGS``
and the decorator :func:`with_game_flags`, which puts one typer option per
flag in its place; ``flags.options(game)`` is then the options given, for
``herna.load``.
"""

from __future__ import annotations

import functools
import inspect
from dataclasses import dataclass
from typing import Any, Callable, List, Optional

import typer

from herna.core.catalog import text
from herna.core.options import PLAYERS, OptionSpec, seat_count
from herna.core.record import GameRecord
from herna.core.registry import game_class, records

from .checks import parse_option_items
from .output import fail

PANEL = "Game options"
"""The ``--help`` panel of the game option flags."""
MORE_PANEL = "More game options"
"""The ``--help`` panel of the advanced ones (supply sizes, turn limits)."""
OPTION_FLAG = "option"
"""The parameter of ``-o/--option KEY=VALUE`` (repeatable)."""
PREFIX = "game_option_"
"""Parameter names of the flags: ``game_option_target_score`` (apart from
the commands' own parameters)."""


@dataclass(frozen=True)
class Flag:
    """One flag and the games that have its option: ``pairs`` are
    ``(record, spec)`` in the registry's order."""

    name: str
    pairs: tuple[tuple[GameRecord, OptionSpec], ...]

    @property
    def spec(self) -> OptionSpec:
        """The first game's spec (the kind and the way of asking are the same in every game)."""
        return self.pairs[0][1]

    @property
    def advanced(self) -> bool:
        """Advanced in every game that has it."""
        return all(spec.advanced for _, spec in self.pairs)


def flags() -> list[Flag]:
    """One :class:`Flag` per option name of the installed games, in the
    order the games list them. ``TypeError`` if two games give one option
    different kinds or ways of asking (a flag has one type)."""
    found: dict[str, list[tuple[GameRecord, OptionSpec]]] = {}
    for rec in records():
        for spec in game_class(rec.name).option_specs:
            found.setdefault(spec.name, []).append((rec, spec))
    out = []
    for name, pairs in found.items():
        shapes = {(spec.kind, spec.ask, spec.short) for _, spec in pairs}
        if len(shapes) > 1:
            raise TypeError(f"option {name!r} has different kinds in {', '.join(r.name for r, _ in pairs)}")
        out.append(Flag(name, tuple(pairs)))
    return out


def flag_help(flag: Flag) -> str:
    """``--help`` of ``flag`` (English): the label, the doc (once when every
    game says the same), then per game its title, rule id, values and
    default."""
    spec = flag.spec
    head = text("en", spec.label)
    head += ": a seat, 1 to the number of players." if spec.ask == "seat" else "."
    docs = {text("en", s.doc) for _, s in flag.pairs}
    shared = len(docs) == 1
    if shared:
        head += " " + docs.pop()
    parts = [head]
    for rec, one in flag.pairs:
        title = rec.title + (f" ({one.rule})" if one.rule else "")
        details = [] if shared else [text("en", one.doc).rstrip(".")]
        values, default = one.values_words("en"), one.default_words("en")
        if values:
            details.append(values)
        if one.ask != "yes_no" or one.default:
            details.append(f"default {default}")
        parts.append(f"{title}: {'; '.join(details)}." if details else f"{title}.")
    return " ".join(parts)


def metavar(spec: OptionSpec) -> str | None:
    """What ``--help`` shows for a flag's value: ``[announce|fox]``, ``N,N``, ``SEAT``."""
    if spec.ask == "choice":
        return "[" + "|".join(map(str, spec.choices or ())) + "]"
    if spec.ask == "numbers":
        return ",".join(["N"] * (spec.length or 2))
    if spec.ask == "seat":
        return "SEAT"
    return None


def parameter(flag: Flag) -> inspect.Parameter:
    """The typer option of ``flag`` as a keyword parameter."""
    spec = flag.spec
    names = [spec.flag] + ([f"-{spec.short}"] if spec.short else [])
    panel = MORE_PANEL if flag.advanced else PANEL
    help_text = flag_help(flag)
    annotation: Any
    if spec.ask == "yes_no":
        if any(one.default for _, one in flag.pairs):  # a switch that is on somewhere can be turned off
            names[0] = f"{spec.flag}/--no-{spec.flag[2:]}"
            option = typer.Option(None, *names, help=help_text, rich_help_panel=panel)
            annotation = Optional[bool]
        else:
            option = typer.Option(False, *names, help=help_text, rich_help_panel=panel)
            annotation = bool
    else:
        option = typer.Option(None, *names, help=help_text, metavar=metavar(spec), rich_help_panel=panel)
        annotation = Optional[int] if spec.kind is int else Optional[str]
    return inspect.Parameter(PREFIX + flag.name, inspect.Parameter.KEYWORD_ONLY, default=option,
                             annotation=annotation)


def option_parameter(made: list[Flag]) -> inspect.Parameter:
    """``-o/--option KEY=VALUE`` (repeatable): any option by its engine
    name; its help gives examples from the flags ``made``."""
    examples = [f"{flag.name}=1" for flag in made if flag.spec.ask == "seat"][:1] + [
        f"{flag.name}={','.join(map(str, flag.spec.default))}" for flag in made
        if flag.spec.ask == "numbers" and isinstance(flag.spec.default, list)][:1]
    shown = f": {', '.join(examples)}" if examples else ""
    option = typer.Option(None, "--option", "-o", help=f"Any game option as KEY=VALUE (repeatable), by its name in "
                          f"the engine; a seat counts from 1, as players do, and a list is its numbers with "
                          f"commas{shown}.",
                          rich_help_panel=MORE_PANEL)
    return inspect.Parameter(PREFIX + OPTION_FLAG, inspect.Parameter.KEYWORD_ONLY, default=option,
                             annotation=Optional[List[str]])


@dataclass(frozen=True)
class GameFlags:
    """The game option flags of one command line: ``given`` maps an option
    name to its flag's value (``None``: not given; a switch that is off
    unless given is ``True`` or ``None``); ``items`` are the ``-o KEY=VALUE``
    items."""

    given: dict[str, Any]
    items: tuple[str, ...] = ()

    def options(self, game: str) -> dict[str, Any]:
        """The options given, for ``herna.load(game, ...)`` (not yet checked:
        ``herna.load`` names a bad one). A seat flag counts from 1, as
        players do, and so does a seat given with ``-o``
        (:func:`~herna.cli.checks.parse_option_items`): ``error:``
        outside 1 to the number of players of ``game``."""
        specs = {spec.name: spec for spec in game_class(game).option_specs}
        out: dict[str, Any] = {}
        for name, value in self.given.items():
            if value is None:
                continue
            spec = specs.get(name)
            if spec is not None and spec.seat:
                seats = seat_count(tuple(specs.values()), {PLAYERS: self.given.get(PLAYERS)})
                if value < 1 or (seats is not None and value > seats):
                    upto = f" to {seats}" if seats is not None else ""
                    fail(f"{spec.flag} counts seats from 1, as players do: 1{upto}, not {value}")
                value -= 1
            out[name] = value
        return parse_option_items(list(self.items), "--option", out, game_name=game)


GAME_FLAGS: Any = GameFlags({})
"""The default of a command's ``flags`` parameter, replaced by
:func:`with_game_flags`."""


def with_game_flags(command: Callable[..., Any]) -> Callable[..., Any]:
    """``command`` with its parameter ``flags`` replaced by the game option
    flags (:func:`flags`, then ``-o``); the command is called with
    ``flags=GameFlags(...)``. ``TypeError`` if a flag's parameter name is
    one of the command's own."""
    signature = inspect.signature(command, eval_str=True)
    every = flags()
    made = [parameter(flag) for flag in every] + [option_parameter(every)]
    switches = {flag.name for flag in every if flag.spec.ask == "yes_no" and not any(s.default for _, s in flag.pairs)}
    own = [p for p in signature.parameters.values() if p.name != "flags"]
    clash = {p.name for p in own} & {p.name for p in made}
    if clash or "flags" not in signature.parameters:
        raise TypeError(f"{command.__name__} needs a 'flags' parameter and none named {sorted(clash)}")
    at = list(signature.parameters).index("flags")
    parameters = [p.replace(kind=inspect.Parameter.KEYWORD_ONLY) for p in own[:at]] + made + [
        p.replace(kind=inspect.Parameter.KEYWORD_ONLY) for p in own[at:]]

    @functools.wraps(command)
    def run(**kwargs: Any) -> Any:
        items = kwargs.pop(PREFIX + OPTION_FLAG) or ()
        given = {name[len(PREFIX):]: kwargs.pop(name) for name in list(kwargs) if name.startswith(PREFIX)}
        given = {name: None if value is False and name in switches else value for name, value in given.items()}
        return command(**kwargs, flags=GameFlags(given, tuple(items)))

    run.__signature__ = signature.replace(parameters=parameters)  # type: ignore[attr-defined]
    run.__annotations__ = {p.name: p.annotation for p in parameters}
    return run
