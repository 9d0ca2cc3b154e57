"""The one record that tells tools everything game-specific (GUIDE.md).

Each game package exports ``RECORD``, a :class:`GameRecord`;
:func:`herna.core.registry.record` returns it by name. Bots, arena, interop,
the terminal and the web server take everything game-specific from it, so
none of them branches on a game's name or imports a game-named module.

What lives in a layer above the games (the greedy bot, the search horizon,
the game's words) is named by a dotted path ``"package.module:attr"``
(or ``"package.module"``) and imported on first use with :meth:`GameRecord.load`,
so the game layer imports nothing above it.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable


@dataclass(frozen=True)
class GameRecord:
    """Everything tools need to know about one game.

    name: the name ``herna.load`` takes (``"ugo"``).
    title: the game's title for people (``"Ugo!"``).
    game_class: the :class:`~herna.core.Game` subclass.
    perfect_information: every seat sees everything (Kurník, K-10.1).
    length_unit: what :meth:`State.period` counts: ``"deal"``, ``"round"`` or ``"turn"``.
    rules / rulebook: file names of the numbered English rules
        (``herna/data/rules``) and of the Czech original (``herna/data/seeds``).
    conformance_options: option sets the conformance suite plays.
    variants: option changes a balance report compares by default.
    compiled: dotted path of the compiled engine's state class
        (``"herna.games.ugo.compiled:UgoCompiledState"``), or ``None``;
        :mod:`herna.core.engines` imports it where it is built.
    sampler: ``make_sampler(state, seat) -> draw(rng) -> State``, a fast
        determinization for many draws at one decision, or ``None`` (then
        :meth:`State.resample` is used).
    greedy: dotted path of the game's rule-based ``greedy`` bot class.
    search: dotted path of the search horizon class (where a search stops
        and the leaf value it scores there); see :mod:`herna.bots.evaluation`.
    texts: dotted path of the game's words module in :mod:`herna.text`
        (event lines brief and full, card names, help, readouts), which
        every screen uses.
    research: dotted path of the module with the facts the research
        adapters need (bounds, history planes), or ``None``.
    catalog: the package whose ``locale/<lang>.po`` holds the game's texts
        (:mod:`herna.core.catalog`).
    summary_events: event kinds that close a part of the game (a deal or
        round scored), after which a screen lets players read before going on.
    option_actions: ``(option, kinds)`` pairs: the action kinds
        (:func:`action_kind`) that an option adds to the game when it is on
        (truthy and not its default), e.g. Kurník's ``("dead_rooster",
        ("exchange hens",))``, K-6.2. Tools use them to check that bots
        play every variant and to explore a variant's new choices
        (:mod:`herna.bots.explore`).
    shared_wins: whether a game can end in a win shared by several sides in
        its normal course (Trumfosaur and Ugo!: equal totals, T-2.2, U-2.1);
        ``False`` for Kurník, where the first to nine hens wins alone
        (K-1.4; only the ``turn_limit`` guard can share). Reports leave out
        what cannot apply.
    short_options: the options of a short whole game of four players (one
        deal or round where the game has several) for the bot levels' arena
        (:mod:`herna.arena.levels`).
    side: ``side(options, seat) -> int``, the side a seat plays on under
        ``options`` (partners share a side: Trumfosaur's teams, T-7.1), or
        ``None``: every seat is a side of its own. Reports count a win of
        one side as one winner.
    seat_actions: the action id blocks ``(base, width)`` in which
        ``base + k`` names seat ``k`` (absolute, as action ids do), e.g.
        Kurník's ``rob k``, ``give k`` and ``steal k``; a network that sees
        the table from its own seat reads them at the relative seat
        (:func:`herna.bots.policy.network_action`). ``()``: no action
        names a seat.
    """

    name: str
    title: str
    game_class: type
    perfect_information: bool
    length_unit: str
    rules: str
    rulebook: str
    greedy: str
    search: str
    texts: str
    catalog: str
    research: str | None = None
    compiled: str | None = None
    sampler: Callable[..., Any] | None = None
    conformance_options: tuple[dict, ...] = ()
    variants: tuple[dict, ...] = field(default=())
    summary_events: tuple[str, ...] = ()
    side: Callable[[dict, int], int] | None = None
    option_actions: tuple[tuple[str, tuple[str, ...]], ...] = ()
    shared_wins: bool = True
    short_options: dict = field(default_factory=dict)
    seat_actions: tuple[tuple[int, int], ...] = ()

    @property
    def length_units(self) -> str:
        """:attr:`length_unit` in the plural, for reports (``"deals"``)."""
        return f"{self.length_unit}s"

    def added_action_kinds(self, options: dict) -> tuple[str, ...]:
        """The action kinds (:func:`action_kind`) that ``options`` (a
        game's full options) add by turning on options of
        :attr:`option_actions`; ``()`` for the base game."""
        out: list[str] = []
        for option, kinds in self.option_actions:
            if options.get(option):
                out.extend(k for k in kinds if k not in out)
        return tuple(out)

    def load(self, what: str) -> Any:
        """Import what the dotted-path field ``what`` (``"greedy"``,
        ``"search"``, ``"texts"``, ``"research"``) names. ``ValueError``
        for a field that names nothing."""
        path = getattr(self, what, None)
        if not isinstance(path, str):
            raise ValueError(f"{self.name} names no {what!r}")
        return resolve(path)


def action_kind(action_string: str) -> str:
    """The kind of an action: its canonical string (SCENARIOS.md) without
    card codes, seat numbers and values, i.e. its lower-case words only:
    ``"rob 2"`` -> ``"rob"``, ``"exchange hens"`` -> ``"exchange hens"``,
    ``"exchange SAX1 AQU2"`` -> ``"exchange"``, ``"play yellow8"`` -> ``"play"``."""
    words = [w for w in action_string.split() if w.isalpha() and w.islower()]
    return " ".join(words) if words else action_string.split()[0] if action_string.split() else ""


def resolve(path: str) -> Any:
    """The object a dotted path names: ``"pkg.mod:attr"`` or a module ``"pkg.mod"``."""
    module_name, _, attr = path.partition(":")
    module = importlib.import_module(module_name)
    return getattr(module, attr) if attr else module
