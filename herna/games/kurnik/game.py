"""Kurník options and the :class:`KurnikGame` (rules/kurnik.md, K-11.1).

Besides the options of K-11.1 there is one guard option that the rulebook
does not have, ``turn_limit`` (see :data:`TURN_LIMIT_DEFAULT`): with too few
hens in play (``supply_hens`` below 9, e.g. 0 or ``missing_hens`` with a
small supply) nobody can ever hold 9 hens (K-1.4), so without a limit such a
game never ends. After ``turn_limit`` turns the game ends and the players
with the most hens win together. The default is far beyond any normal game.

Bounds (checked by :class:`KurnikGame`, ``ValueError`` otherwise): each
``supply_*`` is ``0 ..`` :data:`MAX_SUPPLY`; ``turn_limit`` is ``0 ..``
:data:`MAX_TURN_LIMIT`; ``first_player`` is a seat ``< players``; and
``turn_limit=0`` (no limit) is refused when fewer than 9 hens are in play,
that is ``supply_hens`` (less 5 with ``missing_hens``, K-9.3) below 9: such a
game could never end. Roosters do not lower that count: the 5 hens paid for
one go back to the supply (K-6.2), and a dead rooster goes to the box, not a
hen.
"""

from __future__ import annotations

from typing import Any

from herna.core import Game, OptionSpec
from herna.core.options import first_player_option, players_option
from herna.core.catalog import N_

from .actions import DIE_OUTCOMES, DICE_OUTCOMES, NUM_DISTINCT_ACTIONS
from .constants import PLACES

TURN_LIMIT_DEFAULT = 2000
"""Guard (not a rulebook rule): turns after which the game stops, most hens
winning (ties win together). 0 = no limit. Random 2-player games of the
default options last a few hundred turns; see the module docstring."""

MAX_SUPPLY = 1000
"""Largest accepted ``supply_eggs``/``supply_chicks``/``supply_hens``/
``supply_roosters`` (the boxed game has 36 of each card kind, K-1.3)."""
MAX_TURN_LIMIT = 100_000
"""Largest accepted ``turn_limit`` (50 times the default)."""

OPTION_SPECS = (
    players_option(2, 5, "K-1.1"),
    first_player_option(N_("Who takes the first turn."), "K-2.1", default=None, maximum=4,
                        unset=N_("Random (everyone rolls a die; the highest starts)")),
    OptionSpec("rough_thief", bool, False, N_("A double six may also rob one chosen player; the roller keeps the hens "
                                              "that fit."), "K-9.1", label=N_("Rough thief (drsný zloděj)")),
    OptionSpec("dead_rooster", bool, False, N_("5 hens buy a rooster that stops thefts from its owner; the third "
                                               "theft kills it."), "K-9.2", label=N_("Dead rooster (mrtvý kohout)")),
    OptionSpec("missing_hens", bool, False, N_("5 hens are taken out of the supply at the start."), "K-9.3",
               label=N_("Where did the hens go? (kam se poděly slepice?)")),
    OptionSpec("six_six", str, "announce", N_("What a roll of two sixes does."), "K-9.4", choices=("announce", "fox"),
               label=N_("Double six"),
               choice_labels=(N_("Announce take or rob, then roll again"),
                              N_("The fox takes all the roller's hens (a rooster stops it), as in the base game"))),
    OptionSpec("supply_eggs", int, 36, N_("How many eggs the supply holds at the start (the box has 36)."), "K-1.3",
               minimum=0, maximum=MAX_SUPPLY, label=N_("Eggs in the supply"), advanced=True),
    OptionSpec("supply_chicks", int, 36, N_("How many chicks the supply holds at the start (the box has 36)."),
               "K-1.3", minimum=0, maximum=MAX_SUPPLY, label=N_("Chicks in the supply"), advanced=True),
    OptionSpec("supply_hens", int, 36,
               N_("How many hens the supply holds at the start, before “Where did the hens go?” takes 5 (the box "
                  "has 36)."), "K-1.3", minimum=0, maximum=MAX_SUPPLY, label=N_("Hens in the supply"), advanced=True),
    OptionSpec("supply_roosters", int, 5, N_("How many roosters there are to buy with “Dead rooster”."), "K-1.3",
               minimum=0, maximum=MAX_SUPPLY, label=N_("Roosters in the supply"), advanced=True),
    OptionSpec("turn_limit", int, TURN_LIMIT_DEFAULT,
               N_("The game stops after this many turns and the most hens win; 0: no limit (only with at least 9 "
                  "hens in play)."), "", minimum=0, maximum=MAX_TURN_LIMIT, label=N_("Turn limit"), advanced=True,
               pace=True),
)
"""The options of K-11.1 and the guard ``turn_limit``; labels and docs are
catalog message ids."""


class KurnikGame(Game):
    """Plný kurník – Ukradené slepice with the options of K-11.1 (see
    :data:`OPTION_SPECS`).

    ``returns()`` of a state: 1.0 for each winner and 0.0 for everyone else
    once the game is over; all 0.0 before that.

    >>> import herna
    >>> state = herna.load("kurnik", players=2, first_player=0).new_initial_state()
    >>> state.apply_action("dice 2 5"); state.view()["coops"][0]
    {'eggs': 1, 'chicks': 1, 'hens': 0, 'rooster': False, 'rooster_blocks': 0, 'rooster_dead': False, 'free': 7}
    """

    name = "kurnik"
    option_specs = OPTION_SPECS
    min_players = 2
    max_players = 5

    def _cross_check(self, options: dict[str, Any]) -> None:
        """``first_player`` must be a seat (K-2.1); ``turn_limit=0`` needs at
        least 9 hens in play, or nobody could ever win (K-1.4, K-9.3)."""
        first = options["first_player"]
        if first is not None and first >= options["players"]:
            raise ValueError(f"option 'first_player' must be a seat 0..{options['players'] - 1}, not {first}")
        hens = _hens_in_play(options)
        if options["turn_limit"] == 0 and hens < PLACES:
            given = f"supply_hens={options['supply_hens']}" + (" with missing_hens" if options["missing_hens"] else "")
            raise ValueError(
                f"option 'turn_limit' 0 (no limit) would make an endless game: {given} puts {hens} hens in play, "
                f"and nobody can ever hold {PLACES} (K-1.4); give turn_limit 1..{MAX_TURN_LIMIT} "
                f"or at least {PLACES} hens in play"
            )

    def num_distinct_actions(self) -> int:
        """Player action ids are ``0 .. 21`` (see :mod:`.actions`)."""
        return NUM_DISTINCT_ACTIONS

    def max_chance_outcomes(self) -> int:
        """Chance outcome ids are ``22 .. 48``: 21 two-dice rolls, 6 one-die rolls."""
        return len(DICE_OUTCOMES) + len(DIE_OUTCOMES)

    def start_hens(self) -> int:
        """Hens in the supply at the start (K-1.3, K-9.3)."""
        return _hens_in_play(self.options)


def _hens_in_play(options: dict[str, Any]) -> int:
    """Hens that can ever be in a coop: ``supply_hens``, less the 5 that
    ``missing_hens`` boxes (K-9.3). Roosters keep this count (K-6.2: their
    price goes back to the supply)."""
    hens = options["supply_hens"]
    return max(0, hens - 5) if options["missing_hens"] else hens
