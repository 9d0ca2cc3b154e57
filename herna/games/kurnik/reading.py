"""What both Kurník engines share: everything that reads a state without
changing it (rules/kurnik.md).

:class:`KurnikReading` is a mixin of the Python engine's
:class:`~herna.games.kurnik.state.KurnikState` and of the compiled engine's
``KurnikCompiledState`` (``compiled.pyx``): the coop counts, the views, the
refusals of illegal actions (:mod:`.refusals`), the invariants, the returns,
action strings, the Python observation tensor, the determinization and the
chance stream. It reads the state's fields by their names (``_eggs``,
``_phase``, ...: the Python state's slots, the compiled state's read-only
properties of the same names and types), so it is written once for both
engines; the rules that change a state are written once per engine, and the
golden fingerprints (``tests/engines/test_golden_fingerprints.py``) and the
differential test (``tests/engines``) prove that the two agree.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import numpy as np

from herna.core import IllegalActionError, State
from herna.core.catalog import N_
from herna.core.errors import InvariantError

from . import actions as A
from .constants import (
    ANNOUNCE, GIVE, NO_ROOSTER, OVER, PHASE_NAMES, PLACES, ROOSTER_ALIVE, ROOSTER_DEAD, ROOSTER_LIVES, STEAL, TURN,
    Phase,
)
from .observation import build_tensor, build_view
from .refusals import Refusal


class KurnikReading:
    """The shared reading half of a Kurník state (module docstring).

    Fields (the Python state's slots; the compiled state's properties of
    the same names and types): see :class:`~herna.games.kurnik.state.KurnikState`.
    """

    __slots__ = ()

    game: Any
    _eggs: list[int]
    _chicks: list[int]
    _hens: list[int]
    _rooster: list[int]
    _blocks: list[int]
    _sup_eggs: int
    _sup_chicks: int
    _sup_hens: int
    _sup_roosters: int
    _box_hens: int
    _box_roosters: int
    _phase: Phase
    _player: int
    _turn: int
    _quarantine: int
    _lost_turn: bool
    _roll: tuple[int, ...]
    _roller: int
    _gift: int
    _choice: int
    _steal_left: int
    _steal_develop: bool
    _rest: int
    _start_seats: int
    _start_rolls: list[int]
    _first: int
    _winners: list[int]

    if TYPE_CHECKING:  # the State contract, which both engines' classes add after this mixin
        def legal_action_strings(self) -> list[str]: ...

        def clone_silent(self) -> State: ...

    # ----- reading ------------------------------------------------------------------
    def cards(self, seat: int) -> int:
        """Cards in ``seat``'s coop (K-1.2)."""
        return self._eggs[seat] + self._chicks[seat] + self._hens[seat]

    def free(self, seat: int) -> int:
        """Free places in ``seat``'s coop (K-1.2)."""
        return PLACES - self._eggs[seat] - self._chicks[seat] - self._hens[seat]

    def hen_holders(self, seat: int) -> list[int]:
        """Other seats than ``seat`` that hold a hen: whom the thief rule may
        name (K-5.2, K-5.5)."""
        hens = self._hens
        return [k for k in range(len(hens)) if k != seat and hens[k]]

    def can_buy_rooster(self, seat: int) -> bool:
        """K-6.2 / K-9.2: 5 hens, no rooster now or before, one in the supply."""
        return (self.game.options["dead_rooster"] and self._hens[seat] >= 5
                and self._rooster[seat] == NO_ROOSTER and self._sup_roosters > 0)

    # ----- strings, results, refusals, views ---------------------------------------------
    def _action_to_string(self, action: int) -> str:
        try:
            return A.action_string(action, self.game.num_players)
        except ValueError as error:
            raise IllegalActionError(str(error)) from None

    def _string_to_action(self, text: str) -> int:
        return A.parse_action(text, self.game.num_players)

    def _period(self) -> int:
        """Turns taken so far (K-3.1), the one in play included."""
        return self._turn

    def _returns(self) -> list[float]:
        out = [0.0] * self.game.num_players
        for seat in self._winners:
            out[seat] = 1.0
        return out

    def _why_illegal(self, action: int) -> str:
        """Raises the refusal of ``action`` (a :class:`.refusals.Refusal`,
        whose reason the catalog translates); the core shows its text."""
        legal = self.legal_action_strings()
        try:
            action_text = A.action_string(action, self.game.num_players)
        except ValueError as error:
            raise IllegalActionError(N_("{error} (player actions are 0..{last}); legal now: {legal}"),
                                     error=str(error), last=A.NUM_DISTINCT_ACTIONS - 1,
                                     legal=", ".join(legal)) from None
        reason, fields = self._reason(action)
        raise Refusal(action_text, legal, reason, **fields)

    def _reason(self, action: int) -> tuple[str, dict]:
        """The reason ``action`` is not legal now: a catalog message and its fields."""
        p, phase = self._player, self._phase
        if A.is_dice(action) or A.is_die(action):
            return N_("dice are rolled by chance, not chosen by a player"), {}
        if phase == TURN:
            return self._turn_reason(action, p)
        if phase == GIVE:
            if action == A.GIVE_BASE + p:
                return N_("the gift goes to another player (K-4.2)"), {}
            return (N_("you must choose who gets the egg (K-4.2)"), N_("you must choose who gets the chick (K-4.2)"),
                    N_("you must choose who gets the hen (K-4.2)"))[self._gift], {}
        if phase == ANNOUNCE:
            if A.ROB_BASE <= action < A.GIVE_BASE:
                if not self.game.options["rough_thief"]:
                    return N_("rob one is only in the rough_thief variant (K-9.1)"), {}
                return N_("you cannot rob yourself (K-9.1)"), {}
            return N_("you must announce what the 6-6 re-roll does (K-4.5)"), {}
        if phase == STEAL:
            if A.STEAL_BASE <= action < A.NUM_DISTINCT_ACTIONS:
                return N_("the thief rule names another player who has a hen (K-5.2)"), {}
            return N_("you must name whom to take a hen from: the supply has none (K-5.2)"), {}
        return N_("this is not a player's decision"), {}

    def _turn_reason(self, action: int, p: int) -> tuple[str, dict]:
        """Why ``action`` is not legal at ``p``'s turn choice (K-3.1, K-6, K-9.2, K-11.3)."""
        if action == A.ROLL:
            return N_("you are in quarantine (bird flu, K-4.4) and lose this roll (K-11.3)"), {}
        if action == A.PASS:
            return N_("'pass' is only for a quarantine turn (K-11.3); a turn is a roll or an exchange (K-3.1)"), {}
        if action == A.EXCHANGE_EGGS:
            return N_("it needs 3 eggs (K-6.1); you have {n}"), {"n": self._eggs[p]}
        if action == A.EXCHANGE_CHICKS:
            return N_("it needs 3 chicks (K-6.1); you have {n}"), {"n": self._chicks[p]}
        if action == A.EXCHANGE_HENS:
            if not self.game.options["dead_rooster"]:
                return N_("roosters are only in the dead_rooster variant (K-9.2)"), {}
            if self._rooster[p] == ROOSTER_ALIVE:
                return N_("you already have a rooster (K-9.2)"), {}
            if self._rooster[p] == ROOSTER_DEAD:
                return N_("your rooster died; no other may be had (K-9.2)"), {}
            if self._hens[p] < 5:
                return N_("it needs 5 hens (K-6.2); you have {n}"), {"n": self._hens[p]}
            return N_("the supply has no rooster left"), {}
        return N_("you choose to roll or to exchange now (K-3.1)"), {}

    def _view(self, seat: int | None) -> dict:
        return build_view(self, seat)

    def _observation_tensor(self, seat: int) -> np.ndarray:
        return build_tensor(self, seat)

    def _resample(self, seat: int, rng: random.Random) -> State:
        """Perfect information (K-10.1): a copy (without events: a search copy)."""
        return self.clone_silent()

    def __repr__(self) -> str:
        """``<kurnik turn 3, seat 1: turn | 0: 1E 1C 0H, 1: 0E 2C 1H | supply 34E 33C 35H>``."""
        coops = ", ".join(
            f"{k}: {self._eggs[k]}E {self._chicks[k]}C {self._hens[k]}H"
            + (" R" if self._rooster[k] == ROOSTER_ALIVE else "")
            for k in range(self.game.num_players))
        who = "over" if self._phase == OVER else f"seat {self._player}"
        return (f"<kurnik turn {self._turn}, {who}: {PHASE_NAMES[self._phase]} | {coops} | "
                f"supply {self._sup_eggs}E {self._sup_chicks}C {self._sup_hens}H>")

    def _chance_stream(self) -> object:
        """The turn (every die of one turn, re-rolls included); the start
        rolls are turn 0. Turns go round the table in a fixed order, so turn
        ``t`` is always the same seat's."""
        return self._turn

    # ----- checks -----------------------------------------------------------------------
    def _check_invariants(self) -> None:
        """Conservation of eggs, chicks, hens and roosters between coops,
        supply and box; at most 9 cards per coop (K-1.2); rooster bookkeeping
        (K-9.2). Raises :class:`~herna.core.errors.InvariantError` naming the
        broken invariant."""
        options = self.game.options
        n = self.game.num_players

        def require(ok: bool, what: str) -> None:
            if not ok:
                raise InvariantError(f"kurnik: {what} ({self!r})")

        for k in range(n):
            require(min(self._eggs[k], self._chicks[k], self._hens[k]) >= 0, f"seat {k} has a negative count")
            require(self.cards(k) <= PLACES, f"seat {k} holds {self.cards(k)} cards")
            require(0 <= self._blocks[k] <= ROOSTER_LIVES, f"seat {k} rooster blocks {self._blocks[k]}")
            require((self._rooster[k] == ROOSTER_DEAD) == (self._blocks[k] == ROOSTER_LIVES), f"seat {k} rooster state")
        require(sum(self._eggs) + self._sup_eggs == options["supply_eggs"], "eggs not conserved")
        require(sum(self._chicks) + self._sup_chicks == options["supply_chicks"], "chicks not conserved")
        require(sum(self._hens) + self._sup_hens + self._box_hens == options["supply_hens"], "hens not conserved")
        owned = sum(1 for r in self._rooster if r == ROOSTER_ALIVE)
        require(owned + self._sup_roosters + self._box_roosters == options["supply_roosters"],
                "roosters not conserved")
        require(min(self._sup_eggs, self._sup_chicks, self._sup_hens, self._sup_roosters) >= 0, "negative supply")
        if self._phase != OVER:
            require(max(self._hens) < PLACES, "a coop holds 9 hens but the game goes on")
            require(not self._winners, "winners before the end")
        else:
            require(bool(self._winners), "a finished game without winners")
        require(self._quarantine >> n == 0, "quarantine of a seat that does not exist")

