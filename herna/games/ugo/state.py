"""The Ugo! state machine (rules/ugo.md): every rule as small ints, bitmasks
and tuples in ``__slots__``; no I/O.

Phases and who acts:

* ``DEAL`` (chance): one card per action, seat k gets the k-th block of 10
  (U-2.2). A fixed deal is a chance node with one outcome. The first deal of
  a later round clears the finished round's kingdoms (U-2.3), so between
  rounds the final kingdoms stay in view (U-5.2).
* ``PLAY``: the seat ``leader + len(trick)`` plays a card (U-3.1). The last
  card decides the trick (U-3.2), pays farmers (U-3.3, U-1.4), stacks the
  colours already in the winner's kingdom (U-4.1, U-4.2, U-4.5) and sets the
  new colours waiting.
* ``OPEN``: the winner opens the leftmost empty field with one waiting colour
  (U-4.3); the last one is a single choice, applied by the core.
* ``FARM``: the head of the farmer queue (winner first, then clockwise from
  the winner, U-2.5) places one farmer on C, D or E (U-3.4); a seat with no
  free place loses the rest of its farmers (U-1.3).

Farmer supply (U-1.3): option ``farmers`` tokens, full again when a round's
kingdoms are cleared (U-2.3). Farmers are paid out of it when the trick is
decided (U-3.3), in the order of U-2.5; a seat due farmers when it is empty
gets none. Paid farmers that find no free place are lost: they leave the
supply and do not come back before the next round. So, each round,
supply + farmers on C-E + farmers still to place + lost == ``farmers``.
* ``OVER`` after the last round's scoring (U-6).
"""

from __future__ import annotations

import random

import numpy as np

from herna.core.errors import IllegalActionError
from herna.core.state import CHANCE, TERMINAL, State

from . import actions as A
from .cards import (
    ALL_CARDS, CARD_COLOUR, CARD_NAMES, CARD_VALUE, COLOUR_MASKS, COLOURS, HAND_SIZE, NUM_CARDS, cards_of,
)
from .fields import FIELD_NAMES, IS_LOW_CARD, NUM_FIELDS, PLACES, PRINTED_FARMERS, WIN_FARMERS, field_score

DEAL, PLAY, OPEN, FARM, OVER = range(5)
PHASE_NAMES = ("deal", "play", "open", "farm", "over")


def trick_winner(trick: list[int] | tuple[int, ...]) -> int:
    """Index in ``trick`` of the winning card (U-3.2): the highest value
    wins whatever its colour; among equal highest values the card in the led
    colour wins, else the one played first.

    >>> trick_winner([3, 9 + 5, 18 + 5, 5])   # red3 green5 blue5 red5
    3
    >>> trick_winner([27 + 2, 9 + 6, 18 + 6, 36 + 6])  # yellow2 green6 blue6 grey6
    1
    """
    led = CARD_COLOUR[trick[0]]
    best = 0
    best_value = CARD_VALUE[trick[0]]
    for i in range(1, len(trick)):
        card = trick[i]
        v = CARD_VALUE[card]
        if v > best_value or (v == best_value and CARD_COLOUR[card] == led and CARD_COLOUR[trick[best]] != led):
            best, best_value = i, v
    return best


class UgoState(State):
    """A game of Ugo! in progress. See the module docstring for the phases."""

    __slots__ = (
        "_phase", "_round", "_dealt", "_dealt_mask", "_hands", "_played", "_voids",
        "_trick", "_leader", "_tricks_done", "_last_cards", "_last_winner", "_last_leader", "_last_paid", "_last_lost",
        "_field_colour", "_field_cards", "_farmers", "_colour_field", "_opened",
        "_waiting", "_waiting_colours", "_queue", "_scores", "_round_scores", "_past_hands",
        "_supply", "_round_lost", "_last_unpaid",
    )

    def __init__(self, game, deals: tuple = ()) -> None:
        super().__init__(game, deals)
        n = game.num_players
        self._phase = DEAL
        self._round = 0
        self._dealt = 0
        self._dealt_mask = 0
        self._scores = [0] * n
        self._round_scores: list[int] | None = None
        self._past_hands: list[list[int]] = []
        self._reset_round(game.options["first_player"])

    def _reset_round(self, leader: int) -> None:
        """Empty kingdoms, hands and tricks for a new round (U-2.3)."""
        n = self.game.num_players
        self._hands = [0] * n
        self._played = [0] * n
        self._voids = [0] * n
        self._trick: list[int] = []
        self._leader = leader
        self._tricks_done = 0
        self._last_cards: tuple[int, ...] = ()
        self._last_winner = -1
        self._last_leader = -1
        self._last_paid: tuple[int, ...] = ()
        self._last_lost: tuple[int, ...] = ()
        self._last_unpaid: tuple[int, ...] = ()
        self._supply = self.game.options["farmers"]  # U-1.3: full again every round
        self._round_lost = 0
        self._field_colour = [-1] * (n * NUM_FIELDS)
        self._field_cards: list[tuple[int, ...]] = [()] * (n * NUM_FIELDS)
        self._farmers = list(PRINTED_FARMERS) * n
        self._colour_field = [-1] * (n * NUM_FIELDS)
        self._opened = [0] * n
        self._waiting = 0
        self._waiting_colours = 0
        self._queue: list[int] = []

    # ----- core hooks ---------------------------------------------------------------
    def _current_player(self) -> int:
        phase = self._phase
        if phase == PLAY:
            return (self._leader + len(self._trick)) % self.game.num_players
        if phase == FARM:
            return self._queue[0]
        if phase == OPEN:
            return self._leader
        if phase == DEAL:
            return CHANCE
        return TERMINAL

    def _legal_actions(self) -> list[int]:
        phase = self._phase
        if phase == PLAY:
            hand = self._hands[(self._leader + len(self._trick)) % self.game.num_players]
            if self._trick:
                follow = hand & COLOUR_MASKS[CARD_COLOUR[self._trick[0]]]
                if follow:
                    hand = follow
            return cards_of(hand)  # A.PLAY == 0: the card id is the action id
        if phase == FARM:
            base = self._queue[0] * NUM_FIELDS
            farmers = self._farmers
            return [A.FARM + f - 2 for f in (2, 3, 4) if farmers[base + f] < PLACES[f]]
        if phase == OPEN:
            return [A.OPEN + k for k in range(5) if self._waiting_colours >> k & 1]
        return []

    def _chance_stream(self) -> object:
        return self._dealing_round()

    def _dealing_round(self) -> int:
        """Index of the round whose cards are being dealt."""
        return self._round + 1 if self._tricks_done == HAND_SIZE else self._round

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        if self._phase != DEAL:
            return []
        forced = self._forced_chance()
        if forced is not None:
            return [(forced, 1.0)]
        rest = cards_of(ALL_CARDS ^ self._dealt_mask)
        p = 1.0 / len(rest)
        return [(A.DEAL + c, p) for c in rest]

    def _forced_chance(self) -> int | None:
        r = self._dealing_round()
        if r < len(self._deals):
            d = self._dealt
            return A.DEAL + self._deals[r][0][d // HAND_SIZE][d % HAND_SIZE]
        return None

    def _sample_chance(self, rng: random.Random) -> int:
        """A uniform draw among the undealt cards (or the fixed deal's card)."""
        forced = self._forced_chance()
        if forced is not None:
            return forced
        return A.DEAL + rng.choice(cards_of(ALL_CARDS ^ self._dealt_mask))

    def _is_legal(self, action: int, player: int) -> bool:
        if player == CHANCE:
            if not A.DEAL <= action < A.END:
                return False
            forced = self._forced_chance()
            if forced is not None:
                return action == forced
            return not self._dealt_mask >> (action - A.DEAL) & 1
        return action in self._legal_actions()

    def _apply(self, action: int) -> None:
        phase = self._phase
        if phase == PLAY:
            self._play(action)
        elif phase == FARM:
            self._farm(action - A.FARM + 2)
        elif phase == OPEN:
            self._open(action - A.OPEN)
        elif phase == DEAL:
            self._deal(action - A.DEAL)
        else:  # pragma: no cover - the core refuses actions when over
            raise IllegalActionError("the game is over")

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
        if self._phase == DEAL and self._dealt // HAND_SIZE != seat:
            return "deal ?"
        return A.action_to_string(action)

    def _why_illegal(self, action: int) -> str:
        try:
            text = A.action_to_string(action)
        except IllegalActionError as error:
            return str(error)
        phase = self._phase
        player = self._current_player()
        legal = ", ".join(A.action_to_string(a) for a in self._legal_actions())
        if phase == PLAY:
            if not A.PLAY <= action < A.OPEN:
                return f"{text!r} is not legal now: seat {player} plays a card ({legal})"
            card = action - A.PLAY
            if not self._hands[player] >> card & 1:
                return f"{text!r}: seat {player} does not hold {CARD_NAMES[card]}; legal: {legal}"
            led = COLOURS[CARD_COLOUR[self._trick[0]]]
            return f"{text!r}: seat {player} must follow {led} (U-3.1); legal: {legal}"
        if phase == OPEN:
            if A.OPEN <= action < A.FARM:
                return (f"{text!r}: {COLOURS[action - A.OPEN]} is not a new colour waiting for a field; "
                        f"seat {player} opens one of: {legal} (U-4.3)")
            return f"{text!r} is not legal now: seat {player} chooses which new colour opens the next field ({legal})"
        if phase == FARM:
            if A.FARM <= action < A.DEAL:
                return f"{text!r}: field {FIELD_NAMES[action - A.FARM + 2]} of seat {player} is full; legal: {legal}"
            return f"{text!r} is not legal now: seat {player} places a farmer ({legal})"
        return f"{text!r} is not legal now"

    # ----- rules ----------------------------------------------------------------------
    def _deal(self, card: int) -> None:
        """U-2.2: one card to the next hand slot; U-2.3/U-2.4 at a new round."""
        if self._tricks_done == HAND_SIZE:
            self._round += 1
            self._reset_round((self.game.options["first_player"] + self._round) % self.game.num_players)
        bit = 1 << card
        self._hands[self._dealt // HAND_SIZE] |= bit
        self._dealt_mask |= bit
        self._dealt += 1
        if self._dealt == HAND_SIZE * self.game.num_players:
            self._phase = PLAY

    def _play(self, card: int) -> None:
        """U-3.1: play a card; the last card of a trick decides it."""
        n = self.game.num_players
        trick = self._trick
        seat = (self._leader + len(trick)) % n
        bit = 1 << card
        self._hands[seat] ^= bit
        self._played[seat] |= bit
        if trick:
            led = CARD_COLOUR[trick[0]]
            if CARD_COLOUR[card] != led:
                self._voids[seat] |= 1 << led
        trick.append(card)
        if len(trick) == n:
            self._resolve()

    def _resolve(self) -> None:
        """U-3.2 winner, U-3.3/U-1.4 farmers, U-4.1/U-4.2/U-4.5 stacking,
        U-2.5 order of decisions, U-3.5 the winner leads."""
        n = self.game.num_players
        trick = self._trick
        leader = self._leader
        pos = trick_winner(trick)
        best = trick[pos]
        winner = (leader + pos) % n
        win_colour = CARD_COLOUR[best]
        paid = [0] * n
        paid[winner] = WIN_FARMERS[CARD_VALUE[best]]
        same, other = self.game.low_card_farmers
        for i, card in enumerate(trick):
            if i != pos and IS_LOW_CARD[CARD_VALUE[card]]:
                paid[(leader + i) % n] += same if CARD_COLOUR[card] == win_colour else other
        mask = 0
        for card in trick:
            mask |= 1 << card
        base = winner * NUM_FIELDS
        for k in range(5):
            cards = mask & COLOUR_MASKS[k]
            if cards:
                field = self._colour_field[base + k]
                if field >= 0:
                    self._field_cards[base + field] += tuple(cards_of(cards))
                else:
                    self._waiting |= cards
                    self._waiting_colours |= 1 << k
        queue = self._queue
        lost = [0] * n
        unpaid = [0] * n
        for step in range(n):
            seat = (winner + step) % n
            due = paid[seat]
            if due:
                # U-1.3: paid out of the supply in U-2.5 order; what the
                # supply lacks is not paid
                got = min(due, self._supply)
                self._supply -= got
                unpaid[seat] = due - got
                paid[seat] = got
                # U-1.3: farmers beyond the free places are lost (only the
                # seat itself fills its places, so this is known now)
                placed = min(got, self._free_places(seat))
                lost[seat] = got - placed
                self._round_lost += lost[seat]
                if placed:
                    queue.append(seat)
                    queue.append(placed)
        self._last_cards = tuple(trick)
        self._last_winner = winner
        self._last_leader = leader
        self._last_paid = tuple(paid)
        self._last_lost = tuple(lost)
        self._last_unpaid = tuple(unpaid)
        self._trick = []
        self._leader = winner
        self._tricks_done += 1
        if self._waiting_colours:
            self._phase = OPEN
        else:
            self._settle()

    def _open(self, colour: int) -> None:
        """U-4.3: the colour opens the winner's leftmost empty field."""
        winner = self._leader
        base = winner * NUM_FIELDS
        field = self._opened[winner]
        self._opened[winner] = field + 1
        self._field_colour[base + field] = colour
        self._colour_field[base + colour] = field
        cards = self._waiting & COLOUR_MASKS[colour]
        self._field_cards[base + field] = tuple(cards_of(cards))
        self._waiting ^= cards
        self._waiting_colours ^= 1 << colour
        if not self._waiting_colours:
            self._settle()

    def _farm(self, field: int) -> None:
        """U-3.4: one farmer of the queue's head seat onto ``field``."""
        queue = self._queue
        self._farmers[queue[0] * NUM_FIELDS + field] += 1
        queue[1] -= 1
        if not queue[1]:
            del queue[:2]
        self._settle()

    def _free_places(self, seat: int) -> int:
        base = seat * NUM_FIELDS
        f = self._farmers
        return 9 - f[base + 2] - f[base + 3] - f[base + 4]

    def _settle(self) -> None:
        """The next farmer decision, the next trick (U-3.5) or the round's
        end (U-6)."""
        if self._queue:
            self._phase = FARM
            return
        if self._tricks_done < HAND_SIZE:
            self._phase = PLAY
            return
        scores = [self.kingdom_score(seat) for seat in range(self.game.num_players)]
        self._round_scores = scores
        self._scores = [a + b for a, b in zip(self._scores, scores)]
        self._past_hands.append(list(self._played))
        self._dealt = 0
        self._dealt_mask = 0
        self._phase = DEAL if self._round + 1 < self.game.options["rounds"] else OVER

    # ----- queries ----------------------------------------------------------------------
    def field_score(self, seat: int, field: int) -> int:
        """What ``field`` of ``seat`` scores if the round ended now (U-6)."""
        i = seat * NUM_FIELDS + field
        cards = self._field_cards[i]
        return field_score(field, bool(cards), CARD_VALUE[cards[-1]] if cards else None, self._farmers[i])

    def kingdom_score(self, seat: int) -> int:
        """What ``seat``'s kingdom scores if the round ended now (U-6)."""
        return sum(self.field_score(seat, f) for f in range(NUM_FIELDS))

    @property
    def farmer_supply(self) -> int:
        """Farmer tokens left in the supply this round (U-1.3): option
        ``farmers`` at the round's start, less every farmer paid since."""
        return self._supply

    def hand(self, seat: int) -> list[int]:
        """Card ids in ``seat``'s hand, sorted."""
        return cards_of(self._hands[seat])

    def winners(self) -> list[int]:
        """Seats with the highest total once the game is over (U-2.1: equal
        totals share the win); ``[]`` before."""
        if self._phase != OVER:
            return []
        top = max(self._scores)
        return [s for s, v in enumerate(self._scores) if v == top]

    def phase_name(self) -> str:
        return PHASE_NAMES[self._phase]

    def _view(self, seat: int | None) -> dict:
        from .observation import build_view

        return build_view(self, seat)

    def _observation_tensor(self, seat: int) -> np.ndarray:
        from .observation import build_tensor

        return build_tensor(self, seat)

    def _resample(self, seat: int, rng: random.Random) -> "UgoState":
        from .resample import resample

        return resample(self, seat, rng)

    def __repr__(self) -> str:
        player = self._current_player()
        who = {CHANCE: "chance", TERMINAL: "over"}.get(player, f"seat {player}")
        trick = " ".join(CARD_NAMES[c] for c in self._trick) or "-"
        return (f"<ugo round {self._round + 1}/{self.game.options['rounds']}, trick "
                f"{min(self._tricks_done + 1, HAND_SIZE)}, {PHASE_NAMES[self._phase]}, to move: {who}; "
                f"trick: {trick}; scores {self._scores}>")

    def _check_invariants(self) -> None:
        """Raise ``AssertionError`` unless the 45 cards are conserved (hands,
        trick, kingdoms, waiting colours, undealt), farmers stay within
        places (U-1.2, U-1.3), the round's farmer tokens are conserved (supply +
        on fields + to place + lost == option ``farmers``, U-1.3) and a round
        has 10 tricks (U-3.5)."""
        n = self.game.num_players
        seen = 0
        count = 0
        parts = list(self._hands) + [sum(1 << c for c in self._trick), self._waiting]
        parts += [sum(1 << c for c in cards) for cards in self._field_cards]
        for part in parts:
            assert not seen & part, "a card is in two places"
            seen |= part
            count += part.bit_count()
        assert count == seen.bit_count() and seen & ~ALL_CARDS == 0, "a card id outside 0..44"
        in_play = seen.bit_count()
        assert 0 <= self._tricks_done <= HAND_SIZE, f"{self._tricks_done} tricks in a round"
        between = self._tricks_done == HAND_SIZE and self._phase in (DEAL, OVER)
        if between:
            assert self._dealt == 0 and not any(self._hands) and not self._trick, "cards left after the round"
            assert in_play == HAND_SIZE * n, f"{in_play} cards in the finished round, not {HAND_SIZE * n}"
        else:
            assert self._dealt_mask == seen, "dealt cards and cards in play differ"
            assert in_play == self._dealt, f"{in_play} cards in play, {self._dealt} dealt"
        played = 0
        for p in self._played:
            played |= p
        assert played == seen & ~self._or(self._hands), "cards played this round are not the cards out of hand"
        if self._phase in (PLAY, OPEN, FARM):
            assert self._dealt == HAND_SIZE * n
            for s in range(n):
                in_trick = (s - self._leader) % n < len(self._trick)
                size = self._hands[s].bit_count()
                assert size == HAND_SIZE - self._tricks_done - in_trick, f"seat {s} holds {size} cards"
        assert len(self._trick) < n or self._phase != PLAY, "a full trick is still open"
        for s in range(n):
            base = s * NUM_FIELDS
            for f in range(NUM_FIELDS):
                assert PRINTED_FARMERS[f] <= self._farmers[base + f] <= PLACES[f], (
                    f"seat {s} field {FIELD_NAMES[f]}: {self._farmers[base + f]} farmers on {PLACES[f]} places"
                )
                colour = self._field_colour[base + f]
                cards = self._field_cards[base + f]
                assert (colour < 0) == (not cards), f"seat {s} field {FIELD_NAMES[f]}: colour and cards disagree"
                assert all(CARD_COLOUR[c] == colour for c in cards), f"seat {s} field {FIELD_NAMES[f]}: mixed colours"
                assert (f < self._opened[s]) == (colour >= 0), f"seat {s}: fields not opened left to right"
                if colour >= 0:
                    assert self._colour_field[base + colour] == f
        assert self._queue == [] or self._phase == FARM or self._phase == OPEN
        on_fields = sum(self._farmers[s * NUM_FIELDS + f] - PRINTED_FARMERS[f] for s in range(n) for f in (2, 3, 4))
        to_place = sum(self._queue[1::2])
        assert self._supply >= 0 and self._round_lost >= 0, "a negative farmer count"
        assert self._supply + on_fields + to_place + self._round_lost == self.game.options["farmers"], (
            f"farmers not conserved (U-1.3): supply {self._supply} + on fields {on_fields} + to place "
            f"{to_place} + lost {self._round_lost} != {self.game.options['farmers']}"
        )
        assert sum(self._queue[1::2]) >= 0 and all(c > 0 for c in self._queue[1::2])
        assert NUM_CARDS == 45

    @staticmethod
    def _or(masks: list[int]) -> int:
        out = 0
        for m in masks:
            out |= m
        return out
