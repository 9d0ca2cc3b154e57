"""What both Trumfosaur engines share: everything that reads a state without
changing it (rules/trumfosaur.md).

:class:`TrumfosaurReading` is a mixin of the Python engine's
:class:`~herna.games.trumfosaur.state.TrumfosaurState` and of the compiled
engine's ``TrumfosaurCompiledState`` (``compiled.pyx``): the views (T-10),
the refusals of illegal actions, the invariants, the returns, action strings,
the Python observation tensor and the determinization. It reads the state's
fields by their names (``_phase``, ``_hands``, ...: the Python state's slots,
the compiled state's properties), so it is written once for both engines;
the rules that change a state are written once per engine, and the
differential test (``tests/engines``) proves that the two agree.
"""

from __future__ import annotations

import random
from typing import Any, NoReturn

import numpy as np

from herna.core import CHANCE, TERMINAL, IllegalActionError
from herna.core.bits import bit_list
from herna.core.catalog import N_
from herna.core.errors import InvariantError

from . import actions as A
from .cards import ALL_CARDS_MASK, SPECIES_MASK, SPECIES_NAMES, TRUMP, card_name
from .constants import PHASE_NAMES, Phase
from .observation import observation_tensor
from .resample import resample
from .tricks import Trick


class TrumfosaurReading:
    """The shared reading half of a Trumfosaur state (module docstring).

    Fields (the Python state's slots; the compiled state's properties of
    the same names and types): see
    :class:`~herna.games.trumfosaur.state.TrumfosaurState`.
    """

    __slots__ = ()

    game: Any
    _phase: Phase
    _deal_number: int
    _scores: list[int]
    _deal_scores: list[int] | None
    _deal_invitations: list[int] | None
    _first_leader: int
    _hands: list[int]
    _trump: list[bool]
    _invitation: list[int]
    _revealed: list[bool]
    _exchanged: list[list[int]]
    _undealt: int
    _turn: int
    _trick_seats: list[int]
    _trick_cards: list[int]
    _leader: int
    _trick_number: int
    _last_trick: Trick | None
    _taken: list[int]
    _taken_count: list[int]
    _voids: list[int]
    _played: int
    _winners: list[int]

    def _current_player(self) -> int:
        raise NotImplementedError

    def _playable_mask(self, seat: int) -> int:
        raise NotImplementedError

    def _chance_stream(self) -> object:
        return self._deal_number  # the deal and its master draws

    def _why_illegal(self, action: int) -> NoReturn:
        """Raise the refusal of ``action`` (not legal now) as a catalog
        template addressed to the player who tried it ("you ...")."""
        text = A.action_to_string(action)
        phase = self._phase
        verb = text.split()[0]
        if verb not in _VERBS[phase]:
            raise IllegalActionError(_TASKS[phase], action=repr(text))
        seat = self._turn
        if phase == Phase.PLAY:
            if action == A.PLAY_TRUMP:
                raise IllegalActionError(N_("{action}: you have already played your trump this deal"),
                                         action=repr(text))
            if not self._hands[seat] >> action & 1:
                raise IllegalActionError(N_("{action}: you do not hold {card}"), action=repr(text),
                                         card=card_name(action))
            cards = " ".join(card_name(c) for c in bit_list(self._playable_mask(seat)))
            species = SPECIES_NAMES[self._trick_cards[0] // 10]
            if self._trump[seat]:
                raise IllegalActionError(N_("{action}: you must follow {species} ({cards}) or play the trump (T-4.2)"),
                                         action=repr(text), species=species, cards=cards)
            raise IllegalActionError(N_("{action}: you must follow {species} ({cards}) (T-4.2)"),
                                     action=repr(text), species=species, cards=cards)
        if phase == Phase.INVITE:
            raise IllegalActionError(N_("{action}: you do not hold {card}"), action=repr(text), card=text.split()[1])
        raise IllegalActionError(N_("{action}: you can only lay out cards you hold (T-8.1)"), action=repr(text))

    def _next_to_ask(self, after: int) -> int:
        """T-5.2: the next seat clockwise after ``after`` that has not
        revealed this deal, before coming back to the trick's winner
        (``_leader``, who is not asked); -1 when nobody is left."""
        n = self.game.num_players
        seat = (after + 1) % n
        while seat != self._leader:
            if not self._revealed[seat]:
                return seat
            seat = (seat + 1) % n
        return -1

    def _to_ask(self) -> list[int]:
        """The seats the reveal window still asks, in order (T-5.2)."""
        out = []
        seat = self._turn
        while seat >= 0:
            out.append(seat)
            seat = self._next_to_ask(seat)
        return out

    def _team_totals(self) -> list[int]:
        """T-7.1: ``[seats 0+2, seats 1+3]``."""
        s = self._scores
        return [s[0] + s[2], s[1] + s[3]]

    def _period(self) -> int:
        """The deal in play (T-2.1), from 1; its number also at the end."""
        return self._deal_number

    def _returns(self) -> list[float]:
        if self.game.options["teams"]:
            teams = self._team_totals()
            return [float(teams[s % 2]) for s in range(self.game.num_players)]
        return [float(v) for v in self._scores]

    def _action_to_string(self, action: int) -> str:
        return A.action_to_string(action)

    def _string_to_action(self, text: str) -> int:
        return A.string_to_action(text)

    def _view(self, seat: int | None) -> dict:
        """SCENARIOS.md keys; T-10 decides what each seat sees.

        Extras: ``phase``, ``played`` (every dinosaur played this deal, sorted),
        ``trumps`` (who still holds a trump), ``hand_sizes``,
        ``target_score``, ``first_leader``, ``to_ask`` (seats still to be asked
        in a reveal window), ``voids`` (species each seat showed it lacks).
        """
        n = self.game.num_players
        player = self._current_player()
        opts = self.game.options
        last = self._last_trick
        out = {
            "game": "trumfosaur",
            "players": n,
            "current_player": "chance" if player == CHANCE else (None if player == TERMINAL else player),
            "terminal": self._phase == Phase.OVER,
            "scores": list(self._scores),
            "winners": list(self._winners),
            "phase": PHASE_NAMES[self._phase],
            "deal_number": self._deal_number,
            "trick_number": self._trick_number,
            "leader": self._leader,
            "first_leader": self._first_leader,
            "trick": [card_name(c) for c in self._trick_cards],
            "trick_seats": list(self._trick_seats),
            "last_trick": None if last is None else {
                "cards": [card_name(c) for c in last.cards], "winner": last.winner, "seats": list(last.seats)},
            "taken": list(self._taken_count),
            "invitations": [card_name(self._invitation[s]) if self._revealed[s] else None for s in range(n)],
            "exchanged": [[card_name(c) for c in cards] for cards in self._exchanged],
            "deal_scores": None if self._deal_scores is None else list(self._deal_scores),
            "deal_invitations": None if self._deal_invitations is None else [
                card_name(c) for c in self._deal_invitations],
            "played": [card_name(c) for c in bit_list(self._played)],
            "trumps": list(self._trump),
            "hand_sizes": [self._hands[s].bit_count() + self._trump[s] for s in range(n)],
            "voids": [[SPECIES_NAMES[k] for k in range(5) if self._voids[s] >> k & 1] for s in range(n)],
            "target_score": opts["target_score"],
            "to_ask": self._to_ask() if self._phase == Phase.WINDOW else [],
        }
        if opts["teams"]:
            out["team_scores"] = self._team_totals()
        if seat is not None:
            out["seat"] = seat
            hand = [card_name(c) for c in bit_list(self._hands[seat])]
            if self._trump[seat]:
                hand.append(card_name(TRUMP))
            out["hand"] = hand
            inv = self._invitation[seat]
            out["invitation"] = card_name(inv) if inv >= 0 else None
            taken = [card_name(c) for c in bit_list(self._taken[seat])]
            trumps_taken = self._taken_count[seat] - self._taken[seat].bit_count()
            out["taken_cards"] = taken + [card_name(TRUMP)] * trumps_taken
        return out

    def _observation_tensor(self, seat: int) -> np.ndarray:
        return observation_tensor(self, seat)

    def _resample(self, seat: int, rng: random.Random) -> Any:
        return resample(self, seat, rng)

    def _check_invariants(self) -> None:
        """Raise :class:`InvariantError` if a dinosaur is in two places or
        none (T-1.1), hand sizes differ during the tricks (T-4.1), played and
        taken cards disagree, or a seat holds a species it showed void in (T-4.2)."""
        n = self.game.num_players
        seen = 0

        def place(mask: int, what: str) -> None:
            nonlocal seen
            if seen & mask:
                raise InvariantError(f"{what} is also elsewhere: {card_name((seen & mask).bit_length() - 1)}")
            seen |= mask

        for s in range(n):
            place(self._hands[s], f"a card in seat {s}'s hand")
        for s in range(n):
            place(self._taken[s], f"a card taken by seat {s}")
        in_trick = [c for c in self._trick_cards if c != TRUMP]
        for c in in_trick:
            place(1 << c, f"{card_name(c)} in the trick")
        for s in range(n):
            for c in self._exchanged[s]:
                place(1 << c, f"discard {card_name(c)}")
            if self._invitation[s] >= 0:
                place(1 << self._invitation[s], f"invitation {card_name(self._invitation[s])}")
        if seen & self._undealt:
            raise InvariantError("a dealt card is still undealt")
        if (seen | self._undealt) != ALL_CARDS_MASK:
            raise InvariantError("a card went missing")
        if self._phase in (Phase.PLAY, Phase.WINDOW):
            sizes = {self._hands[s].bit_count() + self._trump[s] + (s in self._trick_seats) for s in range(n)}
            if len(sizes) != 1:
                raise InvariantError(f"hand sizes differ: {sorted(sizes)}")
            taken = 0
            for s in range(n):
                taken |= self._taken[s]
            for c in in_trick:
                taken |= 1 << c
            if self._played != taken:
                raise InvariantError("played cards and taken cards disagree")
        for s in range(n):
            void = 0
            for k in range(5):
                if self._voids[s] >> k & 1:
                    void |= SPECIES_MASK[k]
            if self._hands[s] & void:
                raise InvariantError(f"seat {s} holds a species it showed void in")



_VERBS = {Phase.EXCHANGE: ("exchange",), Phase.INVITE: ("invite",), Phase.PLAY: ("play",),
          Phase.WINDOW: ("reveal", "pass")}
"""The verbs of each decision phase's actions."""
_TASKS = {
    Phase.EXCHANGE: N_("{action} is not allowed now: you must exchange 0-2 cards (exchange, exchange CARD, "
                       "exchange CARD CARD) (T-8.1)"),
    Phase.INVITE: N_("{action} is not allowed now: you must choose your invitation from your hand (invite CARD) "
                     "(T-3.3)"),
    Phase.PLAY: N_("{action} is not allowed now: you must play a card (play CARD) (T-4)"),
    Phase.WINDOW: N_("{action} is not allowed now: you must reveal your invitation or pass (T-5.2)"),
}
"""The refusal of an action of the wrong kind, per decision phase."""
