"""What both Ugo! engines share: everything that reads a state without
changing it (rules/ugo.md).

:class:`UgoReading` is a mixin of the Python engine's
:class:`~herna.games.ugo.state.UgoState` and of the compiled engine's
``UgoCompiledState`` (``compiled.pyx``): the views and the Python
observation tensor (:mod:`.observation`), the refusals of illegal actions,
the invariants, the returns, action strings, the round scores and the
determinization (:mod:`.resample`). It reads the state's fields by their
names (``_phase``, ``_hands``, ...: the Python state's slots, the compiled
state's properties), so it is written once for both engines; the rules that
change a state are written once per engine, and the golden fingerprints
(``tests/engines/test_golden_fingerprints.py``) prove that the two agree.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from herna.core.catalog import N_
from herna.core.errors import IllegalActionError, InvariantError
from herna.core.state import CHANCE, TERMINAL

from . import actions as A
from .cards import ALL_CARDS, CARD_COLOUR, CARD_NAMES, CARD_VALUE, COLOURS, HAND_SIZE
from .constants import PHASE_NAMES, FarmerDue, LastTrick, Phase
from .fields import FARM_FIELDS, FIELD_NAMES, NUM_FIELDS, PLACES, PRINTED_FARMERS, field_rule, field_score
from .observation import build_tensor, build_view
from .resample import resample


def _require(ok: bool, message: str) -> None:
    """Raise :class:`InvariantError` with ``message`` unless ``ok``."""
    if not ok:
        raise InvariantError(message)


class UgoReading:
    """The shared reading half of an Ugo! state (module docstring).

    Fields (the Python state's slots; the compiled state's properties of
    the same names and types): see :class:`~herna.games.ugo.state.UgoState`.
    """

    __slots__ = ()

    game: Any
    _phase: Phase
    _round: int
    _dealt: int
    _dealt_mask: int
    _hands: list[int]
    _played: list[int]
    _voids: list[int]
    _trick: list[int]
    _leader: int
    _tricks_done: int
    _last_trick: LastTrick | None
    _field_colour: list[int]
    _field_cards: list[tuple[int, ...]]
    _farmers: list[int]
    _colour_field: list[int]
    _opened: list[int]
    _waiting: int
    _waiting_colours: int
    _queue: list[FarmerDue]
    _scores: list[int]
    _round_scores: list[int] | None
    _past_hands: list[list[int]]
    _supply: int
    _round_lost: int

    def _current_player(self) -> int:
        raise NotImplementedError

    def _legal_actions(self) -> list[int]:
        raise NotImplementedError

    def _chance_stream(self) -> object:
        return self._dealing_round()

    def _dealing_round(self) -> int:
        """Index of the round whose cards are being dealt."""
        return self._round + 1 if self._tricks_done == HAND_SIZE else self._round

    def _action_to_string(self, action: int) -> str:
        return A.action_to_string(action)

    def _string_to_action(self, text: str) -> int:
        return A.string_to_action(text)

    def _period(self) -> int:
        """The round in play (U-2.1), from 1; at the end the number played."""
        return self._round + 1

    def _returns(self) -> list[float]:
        return [float(s) for s in self._scores]

    def _observation_token(self, seat: int, action: int) -> str:
        if self._phase == Phase.DEALING and self._dealt // HAND_SIZE != seat:
            return "deal ?"
        return A.action_to_string(action)

    def _why_illegal(self, action: int) -> str:
        """Raise the refusal of ``action`` for the seat to act, as a catalog
        template (:class:`IllegalActionError` with fields; the core calls
        this only for an illegal action of a player)."""
        action_text = A.action_to_string(action)
        phase = self._phase
        player = self._current_player()
        legal = ", ".join(A.action_to_string(a) for a in self._legal_actions())
        if phase == Phase.PLAYING:
            if not A.PLAY <= action < A.OPEN:
                raise IllegalActionError(N_("'{action}' is not legal now: you play a card (legal: {legal})"),
                                         action=action_text, legal=legal)
            card = action - A.PLAY
            if not self._hands[player] >> card & 1:
                raise IllegalActionError(N_("'{action}': you do not hold {card} (legal: {legal})"),
                                         action=action_text, card=CARD_NAMES[card], legal=legal)
            raise IllegalActionError(N_("'{action}': you must follow the colour of {led}, the card led "
                                        "(U-3.1; legal: {legal})"),
                                     action=action_text, led=CARD_NAMES[self._trick[0]], legal=legal)
        if phase == Phase.ORDERING:
            if A.OPEN <= action < A.FARM:
                raise IllegalActionError(N_("'{action}': that colour is not a new colour of your trick waiting "
                                            "for a field (U-4.3; legal: {legal})"), action=action_text, legal=legal)
            raise IllegalActionError(N_("'{action}' is not legal now: you choose which new colour opens your next "
                                        "field (legal: {legal})"), action=action_text, legal=legal)
        if phase == Phase.FARMING:
            if A.FARM <= action < A.DEAL:
                raise IllegalActionError(N_("'{action}': your field {field} is full (U-3.4; legal: {legal})"),
                                         action=action_text, field=FIELD_NAMES[action - A.FARM + 2], legal=legal)
            raise IllegalActionError(N_("'{action}' is not legal now: you place a farmer (legal: {legal})"),
                                     action=action_text, legal=legal)
        raise IllegalActionError(N_("'{action}' is not legal now"), action=action_text)

    def _field_scores(self, seat: int) -> list[dict]:
        """``seat``'s fields A-E as scored now, each with the rule that
        scores it (U-6.1-U-6.4): the ``breakdown`` of ``round_scored``."""
        out = []
        base = seat * NUM_FIELDS
        for f in range(NUM_FIELDS):
            cards = self._field_cards[base + f]
            farmers = self._farmers[base + f]
            colour = self._field_colour[base + f]
            out.append({
                "field": FIELD_NAMES[f], "colour": COLOURS[colour] if colour >= 0 else None,
                "top_card": CARD_NAMES[cards[-1]] if cards else None, "farmers": farmers, "places": PLACES[f],
                "score": field_score(f, bool(cards), CARD_VALUE[cards[-1]] if cards else None, farmers),
                "rule": field_rule(f, bool(cards), farmers),
            })
        return out

    def round_scores(self) -> list[int] | None:
        """Each seat's score of the last finished round (U-6), ``None``
        before the first round ends."""
        return None if self._round_scores is None else list(self._round_scores)

    @property
    def farmer_supply(self) -> int:
        """Farmer tokens left in the supply this round (U-1.3): option
        ``farmers`` at the round's start, less every farmer paid since."""
        return self._supply

    def winners(self) -> list[int]:
        """Seats with the highest total once the game is over (U-2.1: equal
        totals share the win); ``[]`` before."""
        if self._phase != Phase.OVER:
            return []
        top = max(self._scores)
        return [s for s, v in enumerate(self._scores) if v == top]

    def _view(self, seat: int | None) -> dict:
        return build_view(self, seat)

    def _observation_tensor(self, seat: int) -> np.ndarray:
        return build_tensor(self, seat)

    def _resample(self, seat: int, rng: random.Random) -> Any:
        return resample(self, seat, rng)

    def __repr__(self) -> str:
        player = self._current_player()
        who = {CHANCE: "chance", TERMINAL: "over"}.get(player, f"seat {player}")
        trick = " ".join(CARD_NAMES[c] for c in self._trick) or "-"
        return (f"<ugo round {self._round + 1}/{self.game.options['rounds']}, trick "
                f"{min(self._tricks_done + 1, HAND_SIZE)}, {PHASE_NAMES[self._phase]}, to move: {who}; "
                f"trick: {trick}; scores {self._scores}>")

    def _check_invariants(self) -> None:
        """Raise :class:`InvariantError` unless the 45 cards are conserved
        (hands, trick, kingdoms, waiting colours, undealt), farmers stay within
        places (U-1.2, U-1.3), the round's farmer tokens are conserved (supply +
        on fields + to place + lost == option ``farmers``, U-1.3) and a round
        has 10 tricks (U-3.5)."""
        n = self.game.num_players
        seen = 0
        count = 0
        parts = list(self._hands) + [sum(1 << c for c in self._trick), self._waiting]
        parts += [sum(1 << c for c in cards) for cards in self._field_cards]
        for part in parts:
            _require(not seen & part, "a card is in two places")
            seen |= part
            count += part.bit_count()
        _require(count == seen.bit_count() and seen & ~ALL_CARDS == 0, "a card id outside 0..44")
        in_play = seen.bit_count()
        _require(0 <= self._tricks_done <= HAND_SIZE, f"{self._tricks_done} tricks in a round")
        if self._tricks_done == HAND_SIZE and self._phase in (Phase.DEALING, Phase.OVER):
            _require(self._dealt == 0 and not any(self._hands) and not self._trick, "cards left after the round")
            _require(in_play == HAND_SIZE * n, f"{in_play} cards in the finished round, not {HAND_SIZE * n}")
        else:
            _require(self._dealt_mask == seen, "dealt cards and cards in play differ")
            _require(in_play == self._dealt, f"{in_play} cards in play, {self._dealt} dealt")
        held = played = 0
        for hand, out in zip(self._hands, self._played):
            held |= hand
            played |= out
        _require(played == seen & ~held, "cards played this round are not the cards out of hand")
        if self._phase in (Phase.PLAYING, Phase.ORDERING, Phase.FARMING):
            _require(self._dealt == HAND_SIZE * n, f"{self._dealt} cards dealt during play")
            for s in range(n):
                in_trick = (s - self._leader) % n < len(self._trick)
                size = self._hands[s].bit_count()
                _require(size == HAND_SIZE - self._tricks_done - in_trick, f"seat {s} holds {size} cards")
        _require(len(self._trick) < n or self._phase != Phase.PLAYING, "a full trick is still open")
        for s in range(n):
            base = s * NUM_FIELDS
            for f in range(NUM_FIELDS):
                name = f"seat {s} field {FIELD_NAMES[f]}"
                farmers = self._farmers[base + f]
                _require(PRINTED_FARMERS[f] <= farmers <= PLACES[f], f"{name}: {farmers} farmers on {PLACES[f]} places")
                colour = self._field_colour[base + f]
                cards = self._field_cards[base + f]
                _require((colour < 0) == (not cards), f"{name}: colour and cards disagree")
                _require(all(CARD_COLOUR[c] == colour for c in cards), f"{name}: mixed colours")
                _require((f < self._opened[s]) == (colour >= 0), f"seat {s}: fields not opened left to right")
                _require(colour < 0 or self._colour_field[base + colour] == f, f"{name}: colour index disagrees")
        _require(not self._queue or self._phase in (Phase.FARMING, Phase.ORDERING), "farmers queued out of turn")
        _require(all(due.farmers > 0 for due in self._queue), "an empty entry in the farmer queue")
        on_fields = sum(self._farmers[s * NUM_FIELDS + f] - PRINTED_FARMERS[f] for s in range(n) for f in FARM_FIELDS)
        to_place = sum(due.farmers for due in self._queue)
        _require(self._supply >= 0 and self._round_lost >= 0, "a negative farmer count")
        _require(self._supply + on_fields + to_place + self._round_lost == self.game.options["farmers"],
                 f"farmers not conserved (U-1.3): supply {self._supply} + on fields {on_fields} + to place "
                 f"{to_place} + lost {self._round_lost} != {self.game.options['farmers']}")
