# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Ugo!'s compiled engine: the rules of ``state.py`` over a C struct
(rules/ugo.md).

:class:`UgoCompiledState` keeps the contract of :class:`herna.core.State`
exactly as the Python engine (:class:`~herna.games.ugo.state.UgoState`)
does: the same action ids, chance outcomes and their order, random draws,
events, views, tensors and refusals. What changes a state (the deal, the
tricks, stacking, the farmers, opening fields, scoring: U-2 to U-6) is
written here a second time, in C; what only reads one comes from
:class:`~herna.games.ugo.reading.UgoReading` through properties named as
the Python state's slots. ``tests/engines/test_golden_fingerprints.py`` plays
the same seeded games on both engines and compares them at every step.

``cdivision`` is on: every ``%`` here has a non-negative left operand
(seats are shifted by ``n`` before a subtraction), so it is Python's.
"""

import numpy as np

from cpython.list cimport PyList_New, PyList_SET_ITEM
from cpython.mem cimport PyMem_Free, PyMem_Malloc
from cpython.object cimport PyObject
from cpython.ref cimport Py_INCREF
from libc.string cimport memcmp, memcpy, memset

from herna.core.compiled cimport (
    C_CHANCE, C_TERMINAL, CompiledState, low_bit64, nth_bit64, popcount64, randbelow, sample_assignment_c,
)

from herna.core.catalog import N_
from herna.core.errors import IllegalActionError, InvariantError
from herna.core.state import State

from . import actions as A
from .cards import CARD_NAMES, COLOURS
from .constants import FarmerDue, LastTrick, Phase
from .fields import EMPTY_BONUS as _EMPTY_BONUS, FARMER_TOKENS as _FARMER_TOKENS, PLACES as _PLACES
from .fields import PRINTED_FARMERS as _PRINTED_FARMERS, WIN_FARMERS as _WIN_FARMERS, IS_LOW_CARD as _IS_LOW_CARD
from .observation import tensor_size
from .reading import UgoReading
from .resample import _TRIES

# Phases (constants.Phase)
cdef enum:
    DEALING = 0
    PLAYING = 1
    ORDERING = 2
    FARMING = 3
    OVER = 4

# Action ids (actions.py)
cdef enum:
    PLAY = 0
    OPEN = 45
    FARM = 50
    DEAL = 53
    END = 98

cdef enum:
    NUM_CARDS = 45
    NUM_VALUES = 9
    HAND_SIZE = 10
    MAX_SEATS = 4
    NUM_FIELDS = 5
    MAX_SLOTS = MAX_SEATS * NUM_FIELDS
    MAX_FREE_PLACES = 9
    FARMER_TOKENS = 36

assert (A.PLAY, A.OPEN, A.FARM, A.DEAL, A.END) == (PLAY, OPEN, FARM, DEAL, END)
assert _FARMER_TOKENS == FARMER_TOKENS

cdef unsigned long long ALL_CARDS = (1ULL << NUM_CARDS) - 1
cdef unsigned long long COLOUR_MASK[5]
cdef int PLACES[NUM_FIELDS]
cdef int PRINTED[NUM_FIELDS]
cdef int EMPTY_BONUS[NUM_FIELDS]
cdef int WIN_FARMERS[NUM_VALUES]
cdef int IS_LOW[NUM_VALUES]


cdef _init_tables():
    cdef int k
    for k in range(5):
        COLOUR_MASK[k] = ((1ULL << NUM_VALUES) - 1) << (NUM_VALUES * k)
    for k in range(NUM_FIELDS):
        PLACES[k] = _PLACES[k]
        PRINTED[k] = _PRINTED_FARMERS[k]
        EMPTY_BONUS[k] = _EMPTY_BONUS[k]
    for k in range(NUM_VALUES):
        WIN_FARMERS[k] = _WIN_FARMERS[k]
        IS_LOW[k] = _IS_LOW_CARD[k]

_init_tables()
assert PLACES[2] + PLACES[3] + PLACES[4] == MAX_FREE_PLACES and PRINTED[2] == PRINTED[3] == PRINTED[4] == 0
assert all(tensor_size(n) == 90 + 140 * n + 23 for n in range(2, MAX_SEATS + 1))

cdef list _outcome_pairs = []
cdef PyObject* OUTCOME[NUM_CARDS][NUM_CARDS + 1]
"""``(DEAL + card, 1.0 / count)``: the pairs of a chance node's outcome
list, made once."""


cdef _init_outcomes():
    cdef int c, k
    for k in range(1, NUM_CARDS + 1):
        p = 1.0 / k
        for c in range(NUM_CARDS):
            pair = (DEAL + c, p)
            _outcome_pairs.append(pair)
            OUTCOME[c][k] = <PyObject*> pair

_init_outcomes()

cdef tuple PHASES = tuple(Phase)
cdef tuple ACTION_STRINGS = tuple(A.action_to_string(a) for a in range(END))
cdef tuple FIELD_LETTERS = tuple("ABCDE")
cdef tuple NAMES = CARD_NAMES
cdef tuple COLOUR_NAMES = COLOURS


ctypedef struct UFields:
    int n, rounds, first_player, farmers_option, low_same, low_other
    int phase, round, dealt
    unsigned long long dealt_mask
    int fixed                              # the round being dealt has a fixed deal
    signed char fixed_order[MAX_SEATS * HAND_SIZE]  # its cards in dealing order
    unsigned long long hands[MAX_SEATS]
    unsigned long long played[MAX_SEATS]
    int voids[MAX_SEATS]
    int trick[MAX_SEATS]
    int trick_len
    int leader, tricks_done
    int has_last
    int last_cards[MAX_SEATS]
    int last_leader, last_winner
    int paid[MAX_SEATS]
    int lost[MAX_SEATS]
    int unpaid[MAX_SEATS]
    signed char field_colour[MAX_SLOTS]
    signed char field_cards[MAX_SLOTS][NUM_VALUES]   # bottom first
    signed char field_len[MAX_SLOTS]
    signed char farmers[MAX_SLOTS]
    signed char colour_field[MAX_SLOTS]
    int opened[MAX_SEATS]
    unsigned long long waiting
    int waiting_colours
    int queue_seat[MAX_SEATS]              # the farmer queue, head first (one entry per seat at most)
    int queue_farmers[MAX_SEATS]
    int queue_len
    int scores[MAX_SEATS]
    int has_round_scores
    int round_scores[MAX_SEATS]
    int rounds_scored                      # len(_past_hands): the rounds scored so far
    int supply, round_lost


cdef inline int field_score(int field, int count, int top_value, int farmers) noexcept:
    """U-6.1-U-6.4 (fields.field_score)."""
    cdef int empty_places = PLACES[field] - farmers
    if empty_places <= 0:
        return EMPTY_BONUS[field] if count == 0 else top_value
    return -5 * empty_places if count else 0


cdef class UgoKernel(CompiledState):
    """The C half of :class:`UgoCompiledState` (module docstring)."""

    cdef UFields s

    # ----- set-up (state.py: __init__, _reset_round) --------------------------------------------
    cdef int c_init(self) except -1:
        options = self.game.options
        memset(&self.s, 0, sizeof(UFields))
        self.s.n = self.num_players
        self.s.rounds = options["rounds"]
        self.s.first_player = options["first_player"]
        self.s.farmers_option = options["farmers"]
        low = options["low_card_farmers"]
        self.s.low_same = low[0]
        self.s.low_other = low[1]
        self.s.phase = DEALING
        self.s.round = 0
        self.s.dealt = 0
        self.s.dealt_mask = 0
        self.s.has_round_scores = 0
        self.s.rounds_scored = 0
        self.load_fixed(0)
        self.reset_round(self.s.first_player)
        return 0

    cdef int load_fixed(self, int r) except -1:
        """The fixed deal of round ``r`` (0-based), if there is one, in dealing order."""
        cdef int k
        self.s.fixed = 0
        if r < len(self._deals):
            hands = self._deals[r][0]
            for k in range(self.s.n * HAND_SIZE):
                self.s.fixed_order[k] = hands[k // HAND_SIZE][k % HAND_SIZE]
            self.s.fixed = 1
        return 0

    cdef void reset_round(self, int leader) noexcept:
        """Empty kingdoms, hands and tricks for a new round (U-2.3); the
        farmer supply full again (U-1.3)."""
        cdef int i, f
        for i in range(MAX_SEATS):
            self.s.hands[i] = 0
            self.s.played[i] = 0
            self.s.voids[i] = 0
            self.s.opened[i] = 0
            self.s.trick[i] = 0
            self.s.last_cards[i] = 0
            self.s.paid[i] = 0
            self.s.lost[i] = 0
            self.s.unpaid[i] = 0
            self.s.queue_seat[i] = 0
            self.s.queue_farmers[i] = 0
        self.s.trick_len = 0
        self.s.leader = leader
        self.s.tricks_done = 0
        self.s.has_last = 0
        self.s.last_leader = 0
        self.s.last_winner = 0
        self.s.supply = self.s.farmers_option
        self.s.round_lost = 0
        memset(self.s.field_cards, 0, sizeof(self.s.field_cards))
        memset(self.s.field_len, 0, sizeof(self.s.field_len))
        memset(self.s.field_colour, -1, sizeof(self.s.field_colour))
        memset(self.s.colour_field, -1, sizeof(self.s.colour_field))
        memset(self.s.farmers, 0, sizeof(self.s.farmers))
        for i in range(self.s.n):
            for f in range(NUM_FIELDS):
                self.s.farmers[i * NUM_FIELDS + f] = PRINTED[f]
        self.s.waiting = 0
        self.s.waiting_colours = 0
        self.s.queue_len = 0

    # ----- hooks ---------------------------------------------------------------------------------
    cdef int c_current(self) noexcept:
        cdef int phase = self.s.phase
        if phase == PLAYING:
            return (self.s.leader + self.s.trick_len) % self.s.n
        if phase == FARMING:
            return self.s.queue_seat[0]
        if phase == ORDERING:
            return self.s.leader
        if phase == DEALING:
            return C_CHANCE
        return C_TERMINAL

    cdef int c_legal(self, int* out) except -1:
        cdef int phase = self.s.phase, count = 0, base, f, k
        cdef unsigned long long hand, follow
        if phase == PLAYING:
            hand = self.s.hands[(self.s.leader + self.s.trick_len) % self.s.n]
            if self.s.trick_len:
                follow = hand & COLOUR_MASK[self.s.trick[0] // NUM_VALUES]
                if follow:
                    hand = follow
            while hand:  # PLAY == 0: the card id is the action id
                out[count] = low_bit64(hand)
                count += 1
                hand &= hand - 1
            return count
        if phase == FARMING:
            base = self.s.queue_seat[0] * NUM_FIELDS
            for f in range(2, NUM_FIELDS):
                if self.s.farmers[base + f] < PLACES[f]:
                    out[count] = FARM + f - 2
                    count += 1
            return count
        if phase == ORDERING:
            for k in range(5):
                if self.s.waiting_colours >> k & 1:
                    out[count] = OPEN + k
                    count += 1
            return count
        return 0

    # ----- chance (state.py: _chance_outcomes, _forced_chance, _sample_chance, _is_legal) ---------
    cdef int c_forced_chance(self) except -2:
        if self.s.fixed:
            return DEAL + self.s.fixed_order[self.s.dealt]
        return -1

    cdef int c_chance(self, int* actions, double* probs) except -1:
        cdef int forced, count = 0, i
        cdef unsigned long long rest
        cdef double p
        if self.s.phase != DEALING:
            return 0
        forced = self.c_forced_chance()
        if forced >= 0:
            actions[0] = forced
            probs[0] = 1.0
            return 1
        rest = ALL_CARDS ^ self.s.dealt_mask
        while rest:
            actions[count] = DEAL + low_bit64(rest)
            count += 1
            rest &= rest - 1
        p = 1.0 / count
        for i in range(count):
            probs[i] = p
        return count

    cdef list c_chance_list(self):
        cdef int forced, count, i = 0
        cdef unsigned long long rest
        cdef list out
        cdef object pair
        if self.s.phase != DEALING:
            return []
        forced = self.c_forced_chance()
        if forced >= 0:
            return [(forced, 1.0)]
        rest = ALL_CARDS ^ self.s.dealt_mask
        count = popcount64(rest)
        out = PyList_New(count)
        while rest:
            pair = <object> OUTCOME[low_bit64(rest)][count]
            Py_INCREF(pair)
            PyList_SET_ITEM(out, i, pair)
            i += 1
            rest &= rest - 1
        return out

    cdef bint c_chance_ok(self, int action) except -1:
        cdef int forced
        if not DEAL <= action < END:
            return False
        forced = self.c_forced_chance()
        if forced >= 0:
            return action == forced
        return not (self.s.dealt_mask >> (action - DEAL) & 1)

    cdef int c_sample_chance(self, object rng) except -2:
        """A uniform draw among the undealt cards (or the fixed deal's card),
        as ``random_bit(ALL_CARDS ^ dealt_mask, rng)``."""
        cdef int forced = self.c_forced_chance()
        cdef unsigned long long rest
        if forced >= 0:
            return forced
        rest = ALL_CARDS ^ self.s.dealt_mask
        return DEAL + nth_bit64(rest, <int> randbelow(rng, popcount64(rest)))

    # ----- the rules (state.py: _apply and one method per rule) -----------------------------------
    cdef int c_apply(self, int action) except -1:
        cdef int phase = self.s.phase
        if phase == PLAYING:
            self.play_card(action - PLAY)
        elif phase == FARMING:
            self.place_farmer(action - FARM + 2)
        elif phase == ORDERING:
            self.open_field(action - OPEN)
        elif phase == DEALING:
            self.deal_card(action - DEAL)
        else:
            raise IllegalActionError(N_("the game is over"))
        return 0

    cdef int deal_card(self, int card) except -1:
        """U-2.2: one card to the next hand slot; the first card of a later
        round clears the finished one (U-2.3) and passes the lead on (U-2.4)."""
        cdef int n = self.s.n, seat
        cdef unsigned long long bit = 1ULL << card
        if self.s.tricks_done == HAND_SIZE:
            self.s.round += 1
            self.reset_round((self.s.first_player + self.s.round) % n)
        seat = self.s.dealt // HAND_SIZE
        if self._is_recorder:
            if not self.s.dealt:
                self._emit("round_started", round=self.s.round + 1, rounds=self.s.rounds,
                           dealer=(self.s.leader - 1 + n) % n, leader=self.s.leader)
            self._emit("card_dealt", (seat,), seat=seat, card=NAMES[card])
        self.s.hands[seat] |= bit
        self.s.dealt_mask |= bit
        self.s.dealt += 1
        if self.s.dealt == HAND_SIZE * n:
            self.s.phase = PLAYING
        return 0

    cdef int play_card(self, int card) except -1:
        """U-3.1: the seat to act plays ``card`` (a card not in the led colour
        shows the seat void in it); the last card decides the trick."""
        cdef int n = self.s.n, led
        cdef int seat = (self.s.leader + self.s.trick_len) % n
        cdef unsigned long long bit = 1ULL << card
        if self._is_recorder:
            self._emit("card_played", seat=seat, card=NAMES[card])
        self.s.hands[seat] ^= bit
        self.s.played[seat] |= bit
        if self.s.trick_len:
            led = self.s.trick[0] // NUM_VALUES
            if card // NUM_VALUES != led:
                self.s.voids[seat] |= 1 << led
        self.s.trick[self.s.trick_len] = card
        self.s.trick_len += 1
        if self.s.trick_len == n:
            self.finish_trick()
        return 0

    cdef int trick_winner(self) noexcept:
        """U-3.2 (state.trick_winner): the index in the trick of the winning card."""
        cdef int led = self.s.trick[0] // NUM_VALUES, best = 0, i, card, v
        cdef int best_value = self.s.trick[0] % NUM_VALUES
        for i in range(1, self.s.trick_len):
            card = self.s.trick[i]
            v = card % NUM_VALUES
            if v > best_value or (v == best_value and card // NUM_VALUES == led
                                  and self.s.trick[best] // NUM_VALUES != led):
                best = i
                best_value = v
        return best

    cdef int finish_trick(self) except -1:
        """U-3.2 the winner; U-4.1/U-4.2/U-4.5 its cards; U-3.3 the farmers;
        U-3.5 the winner leads next; U-2.5 the decisions that follow."""
        cdef int n = self.s.n, i
        cdef int leader = self.s.leader
        cdef int pos = self.trick_winner()
        cdef int winner = (leader + pos) % n
        if self._is_recorder:
            names = [NAMES[self.s.trick[i]] for i in range(n)]
            self._emit("trick_won", seat=winner, card=NAMES[self.s.trick[pos]], cards=names,
                       plays=[[(leader + i) % n, names[i]] for i in range(n)], trick=self.s.tricks_done + 1)
        self.stack_cards(winner)
        self.pay_farmers(winner, self.s.trick[pos])
        self.s.has_last = 1
        memcpy(self.s.last_cards, self.s.trick, sizeof(self.s.trick))
        self.s.last_leader = leader
        self.s.last_winner = winner
        self.s.trick_len = 0
        self.s.leader = winner
        self.s.tricks_done += 1
        if self.s.waiting_colours:
            self.s.phase = ORDERING
        else:
            self.settle()
        return 0

    cdef int stack_cards(self, int winner) except -1:
        """U-4.1/U-4.2: each colour of the trick already in ``winner``'s
        kingdom goes on top of its field, highest card on top; U-4.5: new
        colours wait, on no field, for the winner to order them (U-4.3)."""
        cdef unsigned long long mask = 0, cards
        cdef int i, k, field, slot, was, length
        cdef int base = winner * NUM_FIELDS
        for i in range(self.s.trick_len):
            mask |= 1ULL << self.s.trick[i]
        for k in range(5):
            cards = mask & COLOUR_MASK[k]
            if cards:
                field = self.s.colour_field[base + k]
                if field >= 0:
                    slot = base + field
                    length = self.s.field_len[slot]
                    was = self.s.field_cards[slot][length - 1]
                    while cards:
                        self.s.field_cards[slot][self.s.field_len[slot]] = low_bit64(cards)
                        self.s.field_len[slot] += 1
                        cards &= cards - 1
                    if self._is_recorder:
                        added = [NAMES[self.s.field_cards[slot][i]] for i in range(length, self.s.field_len[slot])]
                        self._emit("cards_stacked", seat=winner, field=FIELD_LETTERS[field], colour=COLOUR_NAMES[k],
                                   cards=added, top=NAMES[self.s.field_cards[slot][self.s.field_len[slot] - 1]],
                                   was=NAMES[was])
                else:
                    self.s.waiting |= cards
                    self.s.waiting_colours |= 1 << k
        if self.s.waiting_colours and self._is_recorder:
            self._emit("colours_waiting", seat=winner,
                       colours=[COLOUR_NAMES[k] for k in range(5) if self.s.waiting_colours >> k & 1])
        return 0

    cdef inline int free_places(self, int seat) noexcept:
        """Empty farmer places on ``seat``'s fields C-E (U-1.2)."""
        cdef int base = seat * NUM_FIELDS
        return MAX_FREE_PLACES - (self.s.farmers[base + 2] + self.s.farmers[base + 3] + self.s.farmers[base + 4])

    cdef int pay_farmers(self, int winner, int best) except -1:
        """U-3.3/U-1.4: farmers for the winning card ``best`` to ``winner``
        and for each losing 1 or 2 to its player, paid out of the supply in
        the order of U-2.5 (winner first, then clockwise); what the empty
        supply lacks is not paid, and paid farmers beyond the seat's free
        places are lost (U-1.3). Queues the rest for placing (U-3.4); the
        last trick's paid / lost / unpaid per seat."""
        cdef int n = self.s.n, i, card, seat, step, got, placed
        cdef int leader = self.s.leader
        cdef int win_colour = best // NUM_VALUES
        cdef int due[MAX_SEATS]
        for i in range(MAX_SEATS):
            due[i] = 0
            self.s.paid[i] = 0
            self.s.lost[i] = 0
            self.s.unpaid[i] = 0
        due[winner] = WIN_FARMERS[best % NUM_VALUES]
        for i in range(n):
            card = self.s.trick[i]
            if card != best and IS_LOW[card % NUM_VALUES]:
                due[(leader + i) % n] += self.s.low_same if card // NUM_VALUES == win_colour else self.s.low_other
        for step in range(n):
            seat = (winner + step) % n
            if due[seat]:
                got = due[seat] if due[seat] < self.s.supply else self.s.supply
                self.s.supply -= got
                self.s.paid[seat] = got
                self.s.unpaid[seat] = due[seat] - got
                placed = self.free_places(seat)
                if got < placed:
                    placed = got
                self.s.lost[seat] = got - placed
                self.s.round_lost += self.s.lost[seat]
                if self._is_recorder:
                    self._emit("farmers_paid", seat=seat, count=got, unpaid=self.s.unpaid[seat], supply=self.s.supply)
                if placed:
                    self.s.queue_seat[self.s.queue_len] = seat
                    self.s.queue_farmers[self.s.queue_len] = placed
                    self.s.queue_len += 1
                elif self.s.lost[seat] and self._is_recorder:
                    self._emit("farmers_lost", seat=seat, count=self.s.lost[seat])
        return 0

    cdef int open_field(self, int colour) except -1:
        """U-4.3: the waiting ``colour`` opens the winner's leftmost empty field."""
        cdef int winner = self.s.leader, i
        cdef int base = winner * NUM_FIELDS
        cdef int field = self.s.opened[winner]
        cdef int slot = base + field
        cdef unsigned long long cards = self.s.waiting & COLOUR_MASK[colour], rest
        self.s.opened[winner] = field + 1
        self.s.field_colour[slot] = colour
        self.s.colour_field[base + colour] = field
        self.s.field_len[slot] = 0
        rest = cards
        while rest:
            self.s.field_cards[slot][self.s.field_len[slot]] = low_bit64(rest)
            self.s.field_len[slot] += 1
            rest &= rest - 1
        if self._is_recorder:
            stack = [NAMES[self.s.field_cards[slot][i]] for i in range(self.s.field_len[slot])]
            self._emit("colour_opened", seat=winner, colour=COLOUR_NAMES[colour], field=FIELD_LETTERS[field],
                       cards=stack, top=NAMES[self.s.field_cards[slot][self.s.field_len[slot] - 1]])
        self.s.waiting ^= cards
        self.s.waiting_colours ^= 1 << colour
        if not self.s.waiting_colours:
            self.settle()
        return 0

    cdef int place_farmer(self, int field) except -1:
        """U-3.4: one farmer of the queue's head seat onto ``field`` (C-E)."""
        cdef int seat = self.s.queue_seat[0], i, lost
        cdef int index = seat * NUM_FIELDS + field
        self.s.farmers[index] += 1
        if self._is_recorder:
            self._emit("farmer_placed", seat=seat, field=FIELD_LETTERS[field], farmers=self.s.farmers[index],
                       places=PLACES[field])
        if self.s.queue_farmers[0] == 1:
            for i in range(1, self.s.queue_len):
                self.s.queue_seat[i - 1] = self.s.queue_seat[i]
                self.s.queue_farmers[i - 1] = self.s.queue_farmers[i]
            self.s.queue_len -= 1
            self.s.queue_seat[self.s.queue_len] = 0
            self.s.queue_farmers[self.s.queue_len] = 0
            lost = self.s.lost[seat] if self.s.has_last else 0
            if lost and self._is_recorder:
                self._emit("farmers_lost", seat=seat, count=lost)
        else:
            self.s.queue_farmers[0] -= 1
        self.settle()
        return 0

    cdef int settle(self) except -1:
        """The next farmer decision (U-2.5), the next trick (U-3.5) or the
        round's end (U-6)."""
        if self.s.queue_len:
            self.s.phase = FARMING
        elif self.s.tricks_done < HAND_SIZE:
            self.s.phase = PLAYING
        else:
            self.score_round()
        return 0

    cdef int kingdom_score(self, int seat) noexcept:
        """The sum of ``seat``'s field scores now (U-6)."""
        cdef int f, slot, length, total = 0
        for f in range(NUM_FIELDS):
            slot = seat * NUM_FIELDS + f
            length = self.s.field_len[slot]
            total += field_score(f, length, self.s.field_cards[slot][length - 1] % NUM_VALUES if length else 0,
                                 self.s.farmers[slot])
        return total

    cdef int score_round(self) except -1:
        """U-6: every kingdom scores; the scores add up (U-2.1); the next
        round is dealt, or the game is over after the last one."""
        cdef int n = self.s.n, i
        for i in range(n):
            self.s.round_scores[i] = self.kingdom_score(i)
            self.s.scores[i] += self.s.round_scores[i]
        self.s.has_round_scores = 1
        self.s.rounds_scored += 1
        self.s.dealt = 0
        self.s.dealt_mask = 0
        if self._is_recorder:
            breakdown = [self._field_scores(i) for i in range(n)]
            self._emit("round_scored", round=self.s.round + 1, rounds=self.s.rounds,
                       scores=[self.s.round_scores[i] for i in range(n)], totals=[self.s.scores[i] for i in range(n)],
                       breakdown=breakdown)
        if self.s.round + 1 < self.s.rounds:
            self.s.phase = DEALING
            self.load_fixed(self.s.round + 1)
        else:
            self.s.phase = OVER
            self.s.fixed = 0
            if self._is_recorder:
                self._emit("game_over", winners=self.winners(), scores=[self.s.scores[i] for i in range(n)])
        return 0

    # ----- copies ------------------------------------------------------------------------------
    cdef void c_copy_fields(self, CompiledState other) noexcept:
        memcpy(&(<UgoKernel> other).s, &self.s, sizeof(UFields))

    cdef bint c_same_fields(self, CompiledState other) noexcept:
        return memcmp(&(<UgoKernel> other).s, &self.s, sizeof(UFields)) == 0

    # ----- what a seat sees of an action (reading.py: _observation_token) --------------------------
    def _observation_token(self, int seat, action):
        """What ``seat`` (-1: a spectator) sees of ``action`` before it is
        applied: ``deal ?`` for a card dealt to another seat."""
        if self.s.phase == DEALING and self.s.dealt // HAND_SIZE != seat:
            return "deal ?"
        if type(action) is int and 0 <= action < END:
            return ACTION_STRINGS[action]
        return A.action_to_string(action)

    def _is_hidden_from(self, int seat, action):
        """Whether ``seat`` would see ``?`` for part of ``action`` (as
        ``"?" in _observation_token(seat, action)``, which refuses an id
        that names no action)."""
        if self.s.phase == DEALING and self.s.dealt // HAND_SIZE != seat:
            return True
        if not (type(action) is int and 0 <= action < END):
            A.action_to_string(action)
        return False

    cdef bint c_is_hidden(self, int seat, int action) except -1:
        if self.s.phase == DEALING and self.s.dealt // HAND_SIZE != seat:
            return True
        if not 0 <= action < END:
            A.action_to_string(action)
        return False

    cdef int c_period(self) except? -1:
        return self.s.round + 1

    # ----- queries, natively (reading.py has the same) ------------------------------------------
    def _period(self):
        """The round in play (U-2.1), from 1; at the end the number played."""
        return self.s.round + 1

    def _chance_stream(self):
        """Index of the round whose cards are being dealt."""
        return self.s.round + 1 if self.s.tricks_done == HAND_SIZE else self.s.round

    def _dealing_round(self):
        return self.s.round + 1 if self.s.tricks_done == HAND_SIZE else self.s.round

    def _returns(self):
        return [float(self.s.scores[i]) for i in range(self.s.n)]

    def round_scores(self):
        """Each seat's score of the last finished round (U-6), ``None``
        before the first round ends."""
        return [self.s.round_scores[i] for i in range(self.s.n)] if self.s.has_round_scores else None

    def winners(self):
        """Seats with the highest total once the game is over (U-2.1: equal
        totals share the win); ``[]`` before."""
        cdef int i, top
        if self.s.phase != OVER:
            return []
        top = self.s.scores[0]
        for i in range(1, self.s.n):
            if self.s.scores[i] > top:
                top = self.s.scores[i]
        return [i for i in range(self.s.n) if self.s.scores[i] == top]

    def _free_places(self, int seat):
        """Empty farmer places on ``seat``'s fields C-E (U-1.2)."""
        return self.free_places(seat)

    # ----- the observation tensor (observation.py: build_tensor) ---------------------------------
    def _observation_tensor(self, int seat):
        """The float32 tensor of ``seat``, laid out as in ``observation.py``."""
        cdef int n = self.s.n, rounds = self.s.rounds, s, r, b, pos, f, o, slot, length, farmers, k, i, waiting
        cdef int player = self.c_current(), g, supply
        cdef int size = 90 + 140 * n + 23
        arr = np.zeros(size, dtype=np.float32)
        cdef float[::1] out = arr
        cdef unsigned long long mask, played = 0
        mask = self.s.hands[seat]
        while mask:
            out[low_bit64(mask)] = 1
            mask &= mask - 1
        for s in range(n):
            played |= self.s.played[s]
        while played:
            out[45 + low_bit64(played)] = 1
            played &= played - 1
        for s in range(n):
            r = (s - seat + n) % n
            b = 90 + 140 * r
            pos = (s - self.s.leader + n) % n
            if pos < self.s.trick_len:
                out[b + self.s.trick[pos]] = 1
            for f in range(NUM_FIELDS):
                o = b + 45 + 17 * f
                slot = s * NUM_FIELDS + f
                farmers = self.s.farmers[slot]
                if self.s.field_colour[slot] >= 0:
                    length = self.s.field_len[slot]
                    out[o + self.s.field_colour[slot]] = 1
                    out[o + 5 + self.s.field_cards[slot][length - 1] % NUM_VALUES] = 1
                    out[o + 14] = <float> (length / 10.0)
                out[o + 15] = <float> (<double> farmers / PLACES[f])
                out[o + 16] = <float> ((PLACES[f] - farmers) / 4.0)
            for k in range(5):
                if self.s.voids[s] >> k & 1:
                    out[b + 130 + k] = 1
            waiting = 0
            for i in range(self.s.queue_len):
                if self.s.queue_seat[i] == s:
                    waiting += self.s.queue_farmers[i]
            out[b + 135] = <float> (waiting / 9.0)
            out[b + 136] = <float> (self.s.scores[s] / 50.0)
            out[b + 137] = <float> (popcount64(self.s.hands[s]) / 10.0)
            out[b + 138] = 1 if s == self.s.leader else 0
            out[b + 139] = 1 if s == player else 0
        g = 90 + 140 * n
        out[g + self.s.phase] = 1
        for k in range(5):
            if self.s.waiting_colours >> k & 1:
                out[g + 5 + k] = 1
        out[g + 10 + (self.s.tricks_done if self.s.tricks_done < HAND_SIZE - 1 else HAND_SIZE - 1)] = 1
        out[g + 20] = <float> (<double> self.s.round / rounds)
        out[g + 21] = <float> (<double> (rounds - 1 - self.s.round) / rounds)
        supply = self.s.supply if self.s.supply < FARMER_TOKENS else FARMER_TOKENS
        out[g + 22] = <float> (<double> supply / FARMER_TOKENS)
        return arr

    # ----- the fields, as the Python engine's slots (read by UgoReading) -------------------------
    cdef list seat_list(self, unsigned long long* values):
        cdef int i
        return [values[i] for i in range(self.s.n)]

    @property
    def _phase(self):
        return PHASES[self.s.phase]

    @property
    def _round(self):
        return self.s.round

    @property
    def _dealt(self):
        return self.s.dealt

    @property
    def _dealt_mask(self):
        return self.s.dealt_mask

    @property
    def _hands(self):
        return self.seat_list(self.s.hands)

    @property
    def _played(self):
        return self.seat_list(self.s.played)

    @property
    def _voids(self):
        return [self.s.voids[i] for i in range(self.s.n)]

    @property
    def _trick(self):
        return [self.s.trick[i] for i in range(self.s.trick_len)]

    @property
    def _leader(self):
        return self.s.leader

    @property
    def _tricks_done(self):
        return self.s.tricks_done

    @property
    def _last_trick(self):
        cdef int n = self.s.n, i
        if not self.s.has_last:
            return None
        return LastTrick(tuple([self.s.last_cards[i] for i in range(n)]), self.s.last_leader, self.s.last_winner,
                         tuple([self.s.paid[i] for i in range(n)]), tuple([self.s.lost[i] for i in range(n)]),
                         tuple([self.s.unpaid[i] for i in range(n)]))

    @property
    def _field_colour(self):
        return [self.s.field_colour[i] for i in range(self.s.n * NUM_FIELDS)]

    @property
    def _field_cards(self):
        cdef int i, k
        return [tuple([self.s.field_cards[i][k] for k in range(self.s.field_len[i])])
                for i in range(self.s.n * NUM_FIELDS)]

    @property
    def _farmers(self):
        return [self.s.farmers[i] for i in range(self.s.n * NUM_FIELDS)]

    @property
    def _colour_field(self):
        return [self.s.colour_field[i] for i in range(self.s.n * NUM_FIELDS)]

    @property
    def _opened(self):
        return [self.s.opened[i] for i in range(self.s.n)]

    @property
    def _waiting(self):
        return self.s.waiting

    @property
    def _waiting_colours(self):
        return self.s.waiting_colours

    @property
    def _queue(self):
        return [FarmerDue(self.s.queue_seat[i], self.s.queue_farmers[i]) for i in range(self.s.queue_len)]

    @property
    def _scores(self):
        return [self.s.scores[i] for i in range(self.s.n)]

    @property
    def _round_scores(self):
        return [self.s.round_scores[i] for i in range(self.s.n)] if self.s.has_round_scores else None

    @property
    def _past_hands(self):
        """Per finished round the cards each seat played: the cards dealt to
        it that round (every dealt card is played), read from the history."""
        cdef int n = self.s.n, block = HAND_SIZE * n, deals = 0, r, card
        cdef Py_ssize_t i
        cdef unsigned long long hands[100][MAX_SEATS]
        cdef int rounds = self.s.rounds_scored
        if rounds > 100:
            raise InvariantError(f"{rounds} rounds scored")
        memset(hands, 0, sizeof(hands))
        for i in range(self.hist_len):
            if deals >= rounds * block:
                break
            card = self.hist[i] - DEAL
            if card >= 0:
                hands[deals // block][deals % block // HAND_SIZE] |= 1ULL << card
                deals += 1
        return [[hands[r][i] for i in range(n)] for r in range(rounds)]

    @property
    def _supply(self):
        return self.s.supply

    @property
    def _round_lost(self):
        return self.s.round_lost

    # ----- determinization (resample.py, make_sampler) ----------------------------------------------
    def _round_sampler(self, known, UgoKernel template):
        """The compiled draw of the round in play for ``resample.make_sampler``
        (:class:`RoundSampler`): ``known`` is its ``_Knowledge``, ``template``
        the history up to the round's deal replayed."""
        return RoundSampler(known, template)


cdef enum:
    TRIES = 200          # resample._TRIES
    ASSIGN_TRIES = 40    # sample_assignment's default tries

assert TRIES == _TRIES


cdef class RoundSampler:
    """One determinization of the round in play, in C: ``_Knowledge.draw_hidden``
    (the other hands drawn by ``sample_assignment``, redrawn while the seat
    to play would hold a single card of the led colour, then made void in
    it), ``_round_history`` (each other seat's deal actions become the
    ``k``-th lowest card of its played and drawn cards) and the replay of the
    round's actions in ``make_sampler``'s ``draw``, making the same calls to
    ``rng`` in the same order, so that both engines draw the same
    determinizations (``tests/engines``, the golden fingerprints; the
    redraws, for a seat not to play, ``tests/games/ugo/test_sampler.py``)."""

    cdef int count, slots, n_others, check_slot, n_fill, tail_len
    cdef int pool[NUM_CARDS]
    cdef int sizes[MAX_SEATS]
    cdef int starts[MAX_SEATS]           # where each slot's cards begin in a drawn deal
    cdef int others[MAX_SEATS]
    cdef unsigned long long forbidden[MAX_SEATS]
    cdef unsigned long long played[MAX_SEATS]
    cdef unsigned long long led_mask
    cdef int fill_index[MAX_SEATS * HAND_SIZE]
    cdef int fill_seat[MAX_SEATS * HAND_SIZE]
    cdef int fill_k[MAX_SEATS * HAND_SIZE]
    cdef int* values                     # the round's actions; the deal slots are rewritten by each draw
    cdef UgoKernel template

    def __cinit__(self):
        self.values = NULL

    def __init__(self, known, UgoKernel template):
        cdef int k, i, start = 0
        self.template = template
        self.count = len(known.pool)
        self.slots = len(known.sizes)
        self.n_others = len(known.others)
        if self.count > NUM_CARDS or self.slots > MAX_SEATS or self.n_others != self.slots - 1:
            raise ValueError(f"{self.count} cards in {self.slots} slots is beyond the compiled sampler")
        for i in range(self.count):
            self.pool[i] = known.pool[i]
        for k in range(self.slots):
            self.sizes[k] = known.sizes[k]
            self.forbidden[k] = known.forbidden[k]
            self.starts[k] = start
            start += self.sizes[k]
        for k in range(self.n_others):
            self.others[k] = known.others[k]
        if len(known.played_now) > MAX_SEATS:
            raise ValueError(f"{len(known.played_now)} seats is beyond the compiled sampler")
        for k in range(len(known.played_now)):
            self.played[k] = known.played_now[k]
        self.check_slot = known.others.index(known.to_play) if known.check else -1
        self.led_mask = known.led_mask
        slots = known._find_deal_slots()
        if len(slots) > MAX_SEATS * HAND_SIZE:
            raise ValueError("more deals in a round than a round has")
        self.n_fill = len(slots)
        for i, (index, seat, k) in enumerate(slots):
            self.fill_index[i] = index
            self.fill_seat[i] = seat
            self.fill_k[i] = k
        tail = known.source[known.round_start:]
        self.tail_len = len(tail)
        self.values = <int*> PyMem_Malloc((self.tail_len + 1) * sizeof(int))
        if self.values == NULL:
            raise MemoryError()
        for i, a in enumerate(tail):
            self.values[i] = a

    def __dealloc__(self):
        if self.values != NULL:
            PyMem_Free(self.values)

    def draw(self, object rng):
        """A determinization: the template cloned, the other hands of the
        round in play drawn and the round's actions replayed."""
        cdef int out[NUM_CARDS]
        cdef int cards[MAX_SEATS][HAND_SIZE]
        cdef unsigned long long forbidden[MAX_SEATS]
        cdef unsigned long long held
        cdef int n_cards[MAX_SEATS]
        cdef int attempt, k, i, j, m
        cdef UgoKernel fresh
        for k in range(self.slots):
            forbidden[k] = self.forbidden[k]
        for attempt in range(TRIES + 1):  # draw_hidden
            if attempt == TRIES:  # last resort: the seat to play void in the led colour
                forbidden[self.check_slot] |= self.led_mask
            sample_assignment_c(self.pool, self.count, self.sizes, forbidden, self.slots, rng, ASSIGN_TRIES, out)
            if self.check_slot < 0:
                break
            held = 0
            for i in range(self.starts[self.check_slot], self.starts[self.check_slot] + self.sizes[self.check_slot]):
                held |= 1ULL << out[i]
            if popcount64(held & self.led_mask) != 1:
                break
        for k in range(self.n_others):  # each other hand of the round, sorted: its k-th card dealt k-th
            j = self.others[k]
            held = self.played[j]
            for i in range(self.starts[k], self.starts[k] + self.sizes[k]):
                held |= 1ULL << out[i]
            m = 0
            while held and m < HAND_SIZE:
                cards[j][m] = low_bit64(held)
                held &= held - 1
                m += 1
            n_cards[j] = m
        for i in range(self.n_fill):  # _round_history
            j = self.fill_seat[i]
            if self.fill_k[i] >= n_cards[j]:
                raise InvariantError(f"seat {j} was dealt more cards than it holds and played")
            self.values[self.fill_index[i]] = DEAL + cards[j][self.fill_k[i]]
        fresh = <UgoKernel> self.template.c_clone(True)
        for i in range(self.tail_len):
            fresh.c_do(self.values[i])
        return fresh


class UgoCompiledState(UgoKernel, UgoReading, State):
    """An Ugo! game on the compiled engine (module docstring):
    ``herna.load("ugo", engine="compiled")``."""

    __slots__ = ()
