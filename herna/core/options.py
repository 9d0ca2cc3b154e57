"""Declared, validated game options shared by every game.

Each game lists its options as :class:`OptionSpec`; :func:`validate_options`
turns user keyword arguments into a complete, checked ``dict`` or raises
``ValueError`` that names the offending option and what is allowed.

A spec also carries what a screen needs to ask for the option in players'
words (GUIDE.md: the screens take game knowledge from the games): a
``label`` and a one-line ``doc`` (catalog messages, :mod:`herna.core.catalog`),
whether it is ``advanced`` (a screen's "More options": supply sizes, turn
limits), and how it is asked (:attr:`OptionSpec.ask`). The terminal's flags
and ``--help``, the lobby's form (``GET /api/games``) and ``docs/options.md``
are all made from these specs.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass, replace
from typing import Any, Callable, Sequence

from .catalog import N_, ntext, text

PLAYERS = "players"
"""The option every game has: the number of seats (``herna.load(name,
players=4)``, :attr:`Game.num_players`). Screens ask it as the number of
seats they set up, not as an option of its own."""

FIRST_PLAYER = "first_player"
"""The option (and view key, where the game draws it: Kurník's start roll)
of the seat that takes the first turn; made by :func:`first_player_option`."""

ASKS = ("yes_no", "number", "choice", "seat", "numbers")
"""How a screen asks an option (:attr:`OptionSpec.ask`):

- ``yes_no``: a switch (``bool``);
- ``number``: a whole number between ``minimum`` and ``maximum``;
- ``choice``: one of ``choices``, each shown by its ``choice_labels``;
- ``seat``: a seat, which players read as a seat number from 1 or the
  name of the person in it, never the engine's 0-based number; "random"
  is offered too: where the option has an ``unset`` (its default is
  ``None``) random is leaving it unset (the game draws it by its own chance,
  such as Kurník's start roll), otherwise the screen draws a seat itself;
- ``numbers``: ``length`` whole numbers between ``minimum`` and ``maximum``.
"""


@dataclass(frozen=True)
class OptionSpec:
    """One game option.

    name: the option's name as in ``rules/*.md``.
    kind: ``bool``, ``int``, ``str`` or ``list`` (a list of ints).
    default: used when the option is not given.
    doc: one line of help in players' words (a catalog message id:
        :meth:`words` translates it), saying what the option changes.
    rule: the rule id the option belongs to (``T-2.1``); ``""`` for a guard
        that is no rule of the game (Kurník's ``turn_limit``).
    choices: allowed values for ``str`` (and ints, when given).
    minimum / maximum: inclusive bounds for ``int`` (and each number of a ``list``).
    length: how many numbers a ``list`` holds.
    label: the option's name for players (a catalog message id): "Teams".
    advanced: whether screens put it under "More options" (supply sizes,
        turn limits: what a table rarely changes).
    seat: the value is a seat (0-based in the engine; see :data:`ASKS`).
    choice_labels: one catalog message id per choice, in the order of
        ``choices``, saying what each does.
    unset: what leaving the option out means, for a default of ``None``
        (a catalog message id): "36, or 12 with 2 players".
    short: a one-letter short flag for command lines (``p``: ``-p``), or ``""``.
    pace: the option sets only how long the game lasts or who starts (a
        number of rounds, a target score, a turn guard, the first seat), not
        what the rules allow or what a move is worth: a learned bot trained
        under other values still plays the game (:mod:`herna.bots.policy`).

    ``ValueError`` when the spec itself is inconsistent (a label missing,
    choice labels that do not match the choices, a seat that is no ``int``).
    """

    name: str
    kind: type
    default: Any
    doc: str = ""
    rule: str = ""
    choices: tuple | None = None
    minimum: int | None = None
    maximum: int | None = None
    length: int | None = None
    label: str = ""
    advanced: bool = False
    seat: bool = False
    choice_labels: tuple[str, ...] = ()
    unset: str = ""
    short: str = ""
    pace: bool = False

    def __post_init__(self) -> None:
        if not self.label or not self.doc:
            raise ValueError(f"option {self.name!r} needs a label and a doc (players' words for screens)")
        if self.choice_labels and (self.choices is None or len(self.choice_labels) != len(self.choices)):
            raise ValueError(f"option {self.name!r}: choice_labels must name each of its choices, in order")
        if self.seat and self.kind is not int:
            raise ValueError(f"option {self.name!r}: a seat option holds an int")
        if self.unset and self.default is not None:
            raise ValueError(f"option {self.name!r}: 'unset' says what a default of None means")
        if self.short and not (len(self.short) == 1 and self.short.isalpha()):
            raise ValueError(f"option {self.name!r}: a short flag is one letter, not {self.short!r}")

    @property
    def ask(self) -> str:
        """How a screen asks this option: one of :data:`ASKS`."""
        if self.seat:
            return "seat"
        if self.kind is bool:
            return "yes_no"
        if self.kind is list:
            return "numbers"
        if self.choices is not None:
            return "choice"
        return "number"

    @property
    def flag(self) -> str:
        """The option as a command-line flag: ``--target-score``."""
        return "--" + self.name.replace("_", "-")

    def words(self, lang: str) -> dict[str, Any]:
        """What a screen shows for this option in ``lang``: ``{"label",
        "help", "choice_labels" (one per choice, or None), "unset" (or
        None)}``. ``ValueError`` for an unknown language."""
        return {
            "label": text(lang, self.label),
            "help": text(lang, self.doc),
            "choice_labels": [text(lang, c) for c in self.choice_labels] if self.choice_labels else None,
            "unset": text(lang, self.unset) if self.unset else None,
        }

    def values_words(self, lang: str) -> str:
        """The values the option takes, in words of ``lang``: ``1 to 1000``,
        ``2 whole numbers, each 0 to 9, comma-separated``, ``announce: ...;
        fox: ...`` (each choice and its label); ``""`` for a switch or a
        seat (a seat is one of the table's)."""
        if self.ask in ("yes_no", "seat"):
            return ""
        if self.ask == "choice":
            labels = [text(lang, label) for label in self.choice_labels] or [""] * len(self.choices or ())
            return "; ".join(f"{choice}: {label[:1].lower()}{label[1:]}" if label else str(choice)
                             for choice, label in zip(self.choices or (), labels))
        low, high = self.minimum, self.maximum
        if low is not None and high is not None:
            bounds = text(lang, "{low} to {high}", low=low, high=high)
        elif low is not None:
            bounds = text(lang, "at least {low}", low=low)
        elif high is not None:
            bounds = text(lang, "at most {high}", high=high)
        else:
            bounds = text(lang, "any whole number")
        if self.ask == "numbers":
            return ntext(lang, "{n} whole number, each {bounds}, comma-separated",
                         "{n} whole numbers, each {bounds}, comma-separated", self.length or 1, bounds=bounds)
        return bounds

    def default_words(self, lang: str) -> str:
        """The default as players read it, in ``lang``: ``36``, ``seat 1``,
        ``1,2``, ``on``/``off``, or the :attr:`unset` words for ``None``."""
        default = self.default
        if default is None:
            words = text(lang, self.unset) if self.unset else text(lang, "none")
            return words[:1].lower() + words[1:]
        if self.ask == "yes_no":
            return text(lang, "on") if default else text(lang, "off")
        if self.ask == "seat":
            return text(lang, "seat {n}", n=self.to_players(default))
        if isinstance(default, list):
            return ",".join(map(str, default))
        return str(default)

    def to_players(self, value: Any) -> Any:
        """``value`` (the engine's) as players write it: a seat option's
        whole number counts from 1 (the engine's seat 0 is ``1``); any
        other value, and a seat option's ``None``, unchanged."""
        if self.seat and isinstance(value, int) and not isinstance(value, bool):
            return value + 1
        return value

    def from_players(self, value: Any) -> Any:
        """``value`` as players write it, for the engine: a seat option's
        whole number ``n >= 1`` becomes seat ``n - 1``; any other value, and
        a seat option's ``None``, unchanged. ``ValueError`` in players'
        words for a seat that is no whole number from 1. Whether the seat is
        one of the table's is for :meth:`check` with the table's size."""
        if not self.seat or value is None:
            return value
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ValueError(f"{self.name} counts seats from 1, as players do (1 is the first seat), not {value}")
        return value - 1

    def check(self, value: Any) -> Any:
        """Return ``value`` converted to the option's kind, or raise ValueError."""
        kind = self.kind
        if kind is bool:
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.lower() in ("true", "yes", "1", "on"):
                return True
            if isinstance(value, str) and value.lower() in ("false", "no", "0", "off"):
                return False
            if isinstance(value, int) and value in (0, 1):
                return bool(value)
            raise ValueError(f"option {self.name!r} must be true or false, not {value!r}")
        if kind is int:
            if isinstance(value, bool):
                raise ValueError(f"option {self.name!r} must be a whole number, not {value!r}")
            if isinstance(value, str):
                text = value.strip(" \t")
                digits = text[1:] if text[:1] in ("-", "+") else text
                # ASCII digits only: int() would also read '٣' or '1_000'
                if not (digits.isascii() and digits.isdigit() and len(digits) <= 4000):
                    raise ValueError(f"option {self.name!r} must be a whole number (ASCII digits), not {value!r}")
                value = int(text)
            elif not isinstance(value, int) and hasattr(value, "__index__"):
                try:
                    value = operator.index(value)  # numpy integers and the like
                except TypeError:
                    pass
            if not isinstance(value, int):
                raise ValueError(f"option {self.name!r} must be a whole number, not {value!r}")
            if self.minimum is not None and value < self.minimum:
                raise ValueError(f"option {self.name!r} must be at least {self.minimum}, not {value}")
            if self.maximum is not None and value > self.maximum:
                raise ValueError(f"option {self.name!r} must be at most {self.maximum}, not {value}")
            if self.choices is not None and value not in self.choices:
                raise ValueError(f"option {self.name!r} must be one of {list(self.choices)}, not {value}")
            return value
        if kind is str:
            if not isinstance(value, str):
                raise ValueError(f"option {self.name!r} must be a string, not {value!r}")
            if self.choices is not None and value not in self.choices:
                raise ValueError(f"option {self.name!r} must be one of {list(self.choices)}, not {value!r}")
            return value
        if kind is list:
            if isinstance(value, str):
                value = [part for part in value.replace(",", " ").split()]
            if not isinstance(value, (list, tuple)):
                raise ValueError(f"option {self.name!r} must be a list of whole numbers, not {value!r}")
            number = replace(self, kind=int, default=0, length=None)
            items = [number.check(v) for v in value]
            if self.length is not None and len(items) != self.length:
                raise ValueError(f"option {self.name!r} must have {self.length} numbers, not {len(items)}")
            return items
        raise TypeError(f"unsupported option kind {kind!r}")  # pragma: no cover - programming error


def validate_options(
    game: str,
    specs: Sequence[OptionSpec],
    given: dict[str, Any],
    cross_check: Callable[[dict[str, Any]], None] | None = None,
) -> dict[str, Any]:
    """Check ``given`` against ``specs`` and fill in defaults.

    Returns a new dict with every option of the game. Raises ``ValueError``
    for an unknown option (naming the allowed ones) or a bad value.
    ``cross_check`` may raise ``ValueError`` for combinations the game forbids.
    """
    by_name = {spec.name: spec for spec in specs}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        raise ValueError(
            f"{game} has no option {', '.join(map(repr, unknown))}; its options are: {', '.join(by_name)}"
        )
    options = {}
    for spec in specs:
        if spec.name in given and given[spec.name] is not None:
            options[spec.name] = spec.check(given[spec.name])
        else:
            options[spec.name] = list(spec.default) if isinstance(spec.default, list) else spec.default
    if cross_check is not None:
        cross_check(options)
    return options


def players_option(minimum: int, maximum: int, rule: str, default: int = 4) -> OptionSpec:
    """The :data:`PLAYERS` option of a game for ``minimum`` to ``maximum``
    seats (``rule``: where the rules give the number of players)."""
    return OptionSpec(PLAYERS, int, default, N_("How many sit at the table."), rule, minimum=minimum,
                      maximum=maximum, label=N_("Number of players"), short="p")


def first_player_option(doc: str, rule: str, default: int | None = 0, unset: str = "",
                        maximum: int | None = None) -> OptionSpec:
    """A game's ``first_player`` option: the seat that starts (asked as a
    seat, :data:`ASKS`; ``maximum``: the highest seat of the game's largest
    table, or ``None``); ``doc`` says what starting means in the game,
    ``unset`` what a default of ``None`` does (Kurník: a start roll)."""
    return OptionSpec(FIRST_PLAYER, int, default, doc, rule, minimum=0, maximum=maximum,
                      label=N_("First player"), seat=True, unset=unset, pace=True)


def seat_count(specs: Sequence[OptionSpec], given: dict[str, Any]) -> int | None:
    """The number of seats that options ``given`` (not yet checked) set up:
    their :data:`PLAYERS`, else the game's default; ``None`` when it is not
    a whole number yet (:func:`validate_options` will say why)."""
    value = given.get(PLAYERS)
    if value is None:
        value = next((spec.default for spec in specs if spec.name == PLAYERS), None)
    try:
        return int(value) if value is not None and not isinstance(value, bool) else None
    except (TypeError, ValueError):
        return None
