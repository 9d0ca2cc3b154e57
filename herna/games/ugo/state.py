"""The Ugo! state machine (rules/ugo.md): every rule as small ints, bitmasks
and tuples in ``__slots__``; no I/O.

Phases (:class:`~herna.games.ugo.constants.Phase`) and who acts:

* ``DEALING`` (chance): one card per action, seat k gets the k-th block of
  10 (U-2.2). A fixed deal is a chance node with one outcome. The first deal
  of a later round clears the finished round's kingdoms (U-2.3), so between
  rounds the final kingdoms stay in view (U-5.2).
* ``PLAYING``: the seat ``leader + len(trick)`` plays a card (U-3.1). The
  last card decides the trick (U-3.2), pays farmers (U-3.3, U-1.4), stacks
  the colours already in the winner's kingdom (U-4.1, U-4.2, U-4.5) and sets
  the new colours waiting.
* ``ORDERING``: the winner opens the leftmost empty field with one waiting
  colour (U-4.3); the last one is a single choice, applied by the core.
* ``FARMING``: the head of the farmer queue (winner first, then clockwise
  from the winner, U-2.5) places one farmer on C, D or E (U-3.4); a seat with
  no free place loses the rest of its farmers (U-1.3).
* ``OVER`` after the last round's scoring (U-6).

Farmer supply (U-1.3): option ``farmers`` tokens, full again when a round's
kingdoms are cleared (U-2.3). Farmers are paid out of it when the trick is
decided (U-3.3), in the order of U-2.5; a seat due farmers when it is empty
gets none. Paid farmers that find no free place are lost: they leave the
supply and do not come back before the next round. So, each round,
supply + farmers on C-E + farmers still to place + lost == ``farmers``.
"""

from __future__ import annotations

import random

from herna.core.catalog import N_
from herna.core.errors import IllegalActionError
from herna.core.bits import random_bit
from herna.core.state import CHANCE, TERMINAL, PythonState

from . import actions as A
from .cards import ALL_CARDS, CARD_COLOUR, CARD_NAMES, CARD_VALUE, COLOUR_MASKS, COLOURS, HAND_SIZE, cards_of
from .constants import FarmerDue, LastTrick, Phase
from .fields import (
    FARM_FIELDS, FIELD_NAMES, IS_LOW_CARD, MAX_FREE_PLACES, NUM_FIELDS, PLACES, PRINTED_FARMERS, WIN_FARMERS,
)
from .reading import UgoReading


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


class UgoState(UgoReading, PythonState):
    """A game of Ugo! in progress. See the module docstring for the phases.

    The rules that change a state are here; what only reads one (views,
    refusals, invariants, scores so far) comes from
    :class:`~herna.games.ugo.reading.UgoReading`, shared with the compiled
    engine (``compiled.pyx``), whose properties of the same names read its
    C fields.

    Slots: ``_phase``; ``_round`` (0-based); ``_dealt`` / ``_dealt_mask``
    (cards dealt of the round being dealt); per seat ``_hands``,
    ``_played`` (this round) and ``_voids`` (colours shown void); ``_trick``
    (card ids in the order played), ``_leader``, ``_tricks_done``,
    ``_last_trick`` (a :class:`LastTrick` or ``None``); per seat and field
    (index ``seat * 5 + field``) ``_field_colour`` (-1: empty),
    ``_field_cards`` (bottom first), ``_farmers`` and, per seat and colour,
    ``_colour_field`` (-1: not in the kingdom); ``_opened`` (fields opened
    per seat); ``_waiting`` / ``_waiting_colours`` (new colours of the last
    trick, U-4.5); ``_queue`` (:class:`FarmerDue` entries, U-2.5);
    ``_scores`` (totals), ``_round_scores`` (the last round, or ``None``),
    ``_past_hands`` (per finished round the cards each seat played);
    ``_supply`` and ``_round_lost`` (U-1.3).
    """

    __slots__ = (
        "_phase", "_round", "_dealt", "_dealt_mask", "_hands", "_played", "_voids",
        "_trick", "_leader", "_tricks_done", "_last_trick",
        "_field_colour", "_field_cards", "_farmers", "_colour_field", "_opened",
        "_waiting", "_waiting_colours", "_queue", "_scores", "_round_scores", "_past_hands",
        "_supply", "_round_lost",
    )

    def __init__(self, game, deals: tuple = ()) -> None:
        super().__init__(game, deals)
        n = game.num_players
        self._phase = Phase.DEALING
        self._round = 0
        self._dealt = 0
        self._dealt_mask = 0
        self._scores = [0] * n
        self._round_scores: list[int] | None = None
        self._past_hands: list[list[int]] = []
        self._reset_round(game.options["first_player"])

    def _reset_round(self, leader: int) -> None:
        """Empty kingdoms, hands and tricks for a new round (U-2.3); the
        farmer supply full again (U-1.3)."""
        n = self.game.num_players
        self._hands = [0] * n
        self._played = [0] * n
        self._voids = [0] * n
        self._trick: list[int] = []
        self._leader = leader
        self._tricks_done = 0
        self._last_trick: LastTrick | None = None
        self._supply: int = self.game.options["farmers"]
        self._round_lost = 0
        self._field_colour = [-1] * (n * NUM_FIELDS)
        self._field_cards: list[tuple[int, ...]] = [()] * (n * NUM_FIELDS)
        self._farmers = list(PRINTED_FARMERS) * n
        self._colour_field = [-1] * (n * NUM_FIELDS)
        self._opened = [0] * n
        self._waiting = 0
        self._waiting_colours = 0
        self._queue: list[FarmerDue] = []

    # ----- core hooks ---------------------------------------------------------------
    def _current_player(self) -> int:
        phase = self._phase
        if phase == Phase.PLAYING:
            return (self._leader + len(self._trick)) % self.game.num_players
        if phase == Phase.FARMING:
            return self._queue[0].seat
        if phase == Phase.ORDERING:
            return self._leader
        if phase == Phase.DEALING:
            return CHANCE
        return TERMINAL

    def _legal_actions(self) -> list[int]:
        phase = self._phase
        if phase == Phase.PLAYING:
            hand = self._hands[(self._leader + len(self._trick)) % self.game.num_players]
            if self._trick:
                follow = hand & COLOUR_MASKS[CARD_COLOUR[self._trick[0]]]
                if follow:
                    hand = follow
            return cards_of(hand)  # A.PLAY == 0: the card id is the action id
        if phase == Phase.FARMING:
            base = self._queue[0].seat * NUM_FIELDS
            farmers = self._farmers
            return [A.FARM + f - 2 for f in FARM_FIELDS if farmers[base + f] < PLACES[f]]
        if phase == Phase.ORDERING:
            return [A.OPEN + k for k in range(5) if self._waiting_colours >> k & 1]
        return []

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        if self._phase != Phase.DEALING:
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
        return A.DEAL + random_bit(ALL_CARDS ^ self._dealt_mask, rng)

    def _is_legal(self, action: int, player: int) -> bool:
        if player == CHANCE:
            if not A.DEAL <= action < A.END:
                return False
            forced = self._forced_chance()
            if forced is not None:
                return action == forced
            return not self._dealt_mask >> (action - A.DEAL) & 1
        return action in self._cached_legal()

    def _apply(self, action: int) -> None:
        """Dispatch ``action`` by phase to the rule it applies."""
        phase = self._phase
        if phase == Phase.PLAYING:
            self._play_card(action - A.PLAY)
        elif phase == Phase.FARMING:
            self._place_farmer(action - A.FARM + 2)
        elif phase == Phase.ORDERING:
            self._open_field(action - A.OPEN)
        elif phase == Phase.DEALING:
            self._deal_card(action - A.DEAL)
        else:  # pragma: no cover - the core refuses actions when over
            raise IllegalActionError(N_("the game is over"))

    # ----- rules, one method each ---------------------------------------------------------
    def _deal_card(self, card: int) -> None:
        """U-2.2: one card to the next hand slot; the first card of a later
        round clears the finished one (U-2.3) and passes the lead on (U-2.4)."""
        n = self.game.num_players
        if self._tricks_done == HAND_SIZE:
            self._round += 1
            self._reset_round((self.game.options["first_player"] + self._round) % n)
        if not self._dealt:
            self._emit("round_started", round=self._round + 1, rounds=self.game.options["rounds"],
                       dealer=(self._leader - 1) % n, leader=self._leader)
        seat = self._dealt // HAND_SIZE
        self._emit("card_dealt", (seat,), seat=seat, card=CARD_NAMES[card])
        bit = 1 << card
        self._hands[seat] |= bit
        self._dealt_mask |= bit
        self._dealt += 1
        if self._dealt == HAND_SIZE * n:
            self._phase = Phase.PLAYING

    def _play_card(self, card: int) -> None:
        """U-3.1: the seat to act plays ``card`` (a card not in the led colour
        shows the seat void in it); the last card decides the trick."""
        n = self.game.num_players
        trick = self._trick
        seat = (self._leader + len(trick)) % n
        self._emit("card_played", seat=seat, card=CARD_NAMES[card])
        bit = 1 << card
        self._hands[seat] ^= bit
        self._played[seat] |= bit
        if trick:
            led = CARD_COLOUR[trick[0]]
            if CARD_COLOUR[card] != led:
                self._voids[seat] |= 1 << led
        trick.append(card)
        if len(trick) == n:
            self._finish_trick()

    def _finish_trick(self) -> None:
        """U-3.2 the winner; U-4.1/U-4.2/U-4.5 its cards; U-3.3 the farmers;
        U-3.5 the winner leads next; U-2.5 the decisions that follow."""
        trick = self._trick
        leader = self._leader
        pos = trick_winner(trick)
        n = self.game.num_players
        winner = (leader + pos) % n
        if self._recording():
            self._emit("trick_won", seat=winner, card=CARD_NAMES[trick[pos]], cards=[CARD_NAMES[c] for c in trick],
                       plays=[[(leader + i) % n, CARD_NAMES[c]] for i, c in enumerate(trick)],
                       trick=self._tricks_done + 1)
        self._stack_cards(winner)
        paid, lost, unpaid = self._pay_farmers(winner, trick[pos])
        self._last_trick = LastTrick(tuple(trick), leader, winner, paid, lost, unpaid)
        self._trick = []
        self._leader = winner
        self._tricks_done += 1
        if self._waiting_colours:
            self._phase = Phase.ORDERING
        else:
            self._settle()

    def _stack_cards(self, winner: int) -> None:
        """U-4.1/U-4.2: each colour of the trick already in ``winner``'s
        kingdom goes on top of its field, highest card on top; U-4.5: new
        colours wait, on no field, for the winner to order them (U-4.3)."""
        mask = 0
        for card in self._trick:
            mask |= 1 << card
        base = winner * NUM_FIELDS
        for k in range(5):
            cards = mask & COLOUR_MASKS[k]
            if cards:
                field = self._colour_field[base + k]
                if field >= 0:
                    was = self._field_cards[base + field][-1]
                    added = tuple(cards_of(cards))
                    self._field_cards[base + field] += added
                    if self._recording():
                        self._emit("cards_stacked", seat=winner, field=FIELD_NAMES[field], colour=COLOURS[k],
                                   cards=[CARD_NAMES[c] for c in added], top=CARD_NAMES[added[-1]],
                                   was=CARD_NAMES[was])
                else:
                    self._waiting |= cards
                    self._waiting_colours |= 1 << k
        if self._waiting_colours:
            self._emit("colours_waiting", seat=winner,
                       colours=[COLOURS[k] for k in range(5) if self._waiting_colours >> k & 1])

    def _pay_farmers(self, winner: int, best: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        """U-3.3/U-1.4: farmers for the winning card ``best`` to ``winner``
        and for each losing 1 or 2 to its player, paid out of the supply in
        the order of U-2.5 (winner first, then clockwise); what the empty
        supply lacks is not paid, and paid farmers beyond the seat's free
        places are lost (U-1.3). Queues the rest for placing (U-3.4).
        Returns per seat (paid, lost, unpaid)."""
        n = self.game.num_players
        trick = self._trick
        leader = self._leader
        due = [0] * n
        due[winner] = WIN_FARMERS[CARD_VALUE[best]]
        win_colour = CARD_COLOUR[best]
        same, other = self.game.options["low_card_farmers"]
        for i, card in enumerate(trick):
            if card != best and IS_LOW_CARD[CARD_VALUE[card]]:
                due[(leader + i) % n] += same if CARD_COLOUR[card] == win_colour else other
        paid = [0] * n
        lost = [0] * n
        unpaid = [0] * n
        for step in range(n):
            seat = (winner + step) % n
            if due[seat]:
                got = min(due[seat], self._supply)
                self._supply -= got
                paid[seat] = got
                unpaid[seat] = due[seat] - got
                placed = min(got, self._free_places(seat))
                lost[seat] = got - placed
                self._round_lost += lost[seat]
                self._emit("farmers_paid", seat=seat, count=got, unpaid=unpaid[seat], supply=self._supply)
                if placed:
                    self._queue.append(FarmerDue(seat, placed))
                elif lost[seat]:
                    self._emit("farmers_lost", seat=seat, count=lost[seat])
        return tuple(paid), tuple(lost), tuple(unpaid)

    def _open_field(self, colour: int) -> None:
        """U-4.3: the waiting ``colour`` opens the winner's leftmost empty field."""
        winner = self._leader
        base = winner * NUM_FIELDS
        field = self._opened[winner]
        self._opened[winner] = field + 1
        self._field_colour[base + field] = colour
        self._colour_field[base + colour] = field
        cards = self._waiting & COLOUR_MASKS[colour]
        stack = tuple(cards_of(cards))
        self._field_cards[base + field] = stack
        self._emit("colour_opened", seat=winner, colour=COLOURS[colour], field=FIELD_NAMES[field],
                   cards=[CARD_NAMES[c] for c in stack], top=CARD_NAMES[stack[-1]])
        self._waiting ^= cards
        self._waiting_colours ^= 1 << colour
        if not self._waiting_colours:
            self._settle()

    def _place_farmer(self, field: int) -> None:
        """U-3.4: one farmer of the queue's head seat onto ``field`` (C-E)."""
        queue = self._queue
        head = queue[0]
        index = head.seat * NUM_FIELDS + field
        self._farmers[index] += 1
        self._emit("farmer_placed", seat=head.seat, field=FIELD_NAMES[field], farmers=self._farmers[index],
                   places=PLACES[field])
        if head.farmers == 1:
            del queue[0]
            lost = self._last_trick.lost[head.seat] if self._last_trick is not None else 0
            if lost:
                self._emit("farmers_lost", seat=head.seat, count=lost)
        else:
            queue[0] = FarmerDue(head.seat, head.farmers - 1)
        self._settle()

    def _free_places(self, seat: int) -> int:
        """Empty farmer places on ``seat``'s fields C-E (U-1.2)."""
        base = seat * NUM_FIELDS
        return MAX_FREE_PLACES - sum(self._farmers[base + f] - PRINTED_FARMERS[f] for f in FARM_FIELDS)

    def _settle(self) -> None:
        """The next farmer decision (U-2.5), the next trick (U-3.5) or the
        round's end (U-6)."""
        if self._queue:
            self._phase = Phase.FARMING
        elif self._tricks_done < HAND_SIZE:
            self._phase = Phase.PLAYING
        else:
            self._score_round()

    def _score_round(self) -> None:
        """U-6: every kingdom scores; the scores add up (U-2.1); the next
        round is dealt, or the game is over after the last one."""
        n = self.game.num_players
        breakdown = [self._field_scores(seat) for seat in range(n)]
        scores = [sum(field["score"] for field in fields) for fields in breakdown]
        self._round_scores = scores
        self._scores = [a + b for a, b in zip(self._scores, scores)]
        self._past_hands.append(list(self._played))
        self._dealt = 0
        self._dealt_mask = 0
        self._emit("round_scored", round=self._round + 1, rounds=self.game.options["rounds"], scores=list(scores),
                   totals=list(self._scores), breakdown=breakdown)
        if self._round + 1 < self.game.options["rounds"]:
            self._phase = Phase.DEALING
        else:
            self._phase = Phase.OVER
            self._emit("game_over", winners=self.winners(), scores=list(self._scores))

    # ----- queries ----------------------------------------------------------------------

