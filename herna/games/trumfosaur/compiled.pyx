# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Trumfosaur's compiled engine: the rules of ``state.py`` over a C struct
(rules/trumfosaur.md).

:class:`TrumfosaurCompiledState` keeps the contract of
:class:`herna.core.State` exactly as the Python engine
(:class:`~herna.games.trumfosaur.state.TrumfosaurState`) does: the same
action ids, chance outcomes and their order, random draws, events, views
and refusals. What changes a state (the deal, the exchange, invitations,
tricks, the reveal window, scoring: T-3 to T-8) is written here a second
time, in C; what only reads one comes from
:class:`~herna.games.trumfosaur.reading.TrumfosaurReading` through
properties named as the Python state's slots. ``tests/engines`` drives both
engines through the same games and compares them at every step.
"""

import numpy as np

from cpython.list cimport PyList_New, PyList_SET_ITEM
from cpython.object cimport PyObject
from cpython.ref cimport Py_INCREF
from libc.string cimport memcmp, memcpy, memset

from cpython.mem cimport PyMem_Free, PyMem_Malloc

from herna.core.compiled cimport (
    C_CHANCE, C_TERMINAL, CompiledState, low_bit64, nth_bit64, popcount64, randbelow, sample_assignment_c,
    sample_ints, shuffle_ints,
)

from herna.core.errors import InvariantError
from herna.core.state import State

from . import actions as A
from . import cards as _cards
from .cards import card_name
from .constants import Phase
from .events import breakdown
from .reading import TrumfosaurReading
from .tricks import Trick

# Phases (constants.Phase)
cdef enum:
    DEAL = 0
    EXCHANGE = 1
    DRAW = 2
    INVITE = 3
    PLAY = 4
    WINDOW = 5
    OVER = 6

# Action ids (actions.py)
cdef enum:
    PLAY_TRUMP = 50
    INVITE_BASE = 51
    REVEAL = 101
    PASS = 102
    EXCHANGE_NONE = 103
    EXCHANGE_ONE_BASE = 104
    EXCHANGE_TWO_BASE = 154
    NUM_DISTINCT = 1379
    DEAL_BASE = 1400
    DRAW_BASE = 1450

cdef enum:
    NUM_CARDS = 50
    TRUMP = 50
    HAND_SIZE = 10
    TRICKS = 10
    MAX_SEATS = 5
    NUM_PAIRS = 1225
    INVITATION_POINTS = 3  # T-6.1: what the invitation itself scores (cards.INVITATION_POINTS)

cdef unsigned long long ALL_CARDS = (1ULL << 50) - 1
cdef unsigned long long SPECIES_MASK[5]
cdef int PAIR_A[NUM_PAIRS]
cdef int PAIR_B[NUM_PAIRS]
cdef int PAIR_START[NUM_CARDS]   # pair index of (a, a + 1)

cdef _init_tables():
    cdef int a, b, k = 0
    for a in range(5):
        SPECIES_MASK[a] = ((1ULL << 10) - 1) << (10 * a)
    for a in range(NUM_CARDS):
        PAIR_START[a] = k
        for b in range(a + 1, NUM_CARDS):
            PAIR_A[k] = a
            PAIR_B[k] = b
            k += 1

_init_tables()
assert A.PAIR_INDEX[(3, 17)] == PAIR_START[3] + 17 - 3 - 1 and A.NUM_DISTINCT_ACTIONS == NUM_DISTINCT
assert INVITATION_POINTS == _cards.INVITATION_POINTS

cdef list _outcome_pairs = []
cdef PyObject* OUTCOME[2][NUM_CARDS][NUM_CARDS + 1]
"""``(base + card, 1.0 / count)`` for the deal (0) and the draws (1): the
pairs of a chance node's outcome list, made once."""


cdef _init_outcomes():
    cdef int b, c, k
    for b in range(2):
        for k in range(1, NUM_CARDS + 1):
            p = 1.0 / k
            for c in range(NUM_CARDS):
                pair = ((DEAL_BASE, DRAW_BASE)[b] + c, p)
                _outcome_pairs.append(pair)
                OUTCOME[b][c][k] = <PyObject*> pair

_init_outcomes()

cdef tuple PHASES = tuple(Phase)
cdef int TENSOR_FIXED = 51 + 50 + 50 + 7 + 11


ctypedef struct TFields:
    int n, master, teams, target
    int phase, deal_number, first_leader, prev_first_leader
    int scores[MAX_SEATS]
    int has_deal_scores
    int deal_scores[MAX_SEATS]
    int deal_invitations[MAX_SEATS]
    unsigned long long hands[MAX_SEATS]
    int trump[MAX_SEATS]
    int invitation[MAX_SEATS]
    int revealed[MAX_SEATS]
    unsigned long long undealt
    int dealt
    int fixed                        # the deal in play is a fixed deal
    int fixed_order[NUM_CARDS]       # its cards in dealing order (seat k: k*10 .. k*10+9)
    int deck[NUM_CARDS]              # its deck, top first: deck[deck_start:deck_len]
    int deck_start, deck_len
    int exchanged[MAX_SEATS][2]
    int exchanged_n[MAX_SEATS]
    int draws_left
    int drawn[2]
    int drawn_n
    int turn
    int trick_seats[MAX_SEATS]
    int trick_cards[MAX_SEATS]
    int trick_len
    int leader, trick_number
    int has_last_trick
    int last_seats[MAX_SEATS]
    int last_cards[MAX_SEATS]
    int last_len, last_winner
    unsigned long long taken[MAX_SEATS]
    int taken_count[MAX_SEATS]
    int voids[MAX_SEATS]
    unsigned long long played
    int winners[MAX_SEATS]
    int winners_n


cdef inline int invitation_score(int invitation, unsigned long long taken) noexcept:
    """T-6.1 (cards.invitation_score)."""
    cdef int v = invitation % 10, s, same_value = 0
    for s in range(5):
        if taken >> (s * 10 + v) & 1:
            same_value += 1
    return INVITATION_POINTS + popcount64(taken & SPECIES_MASK[invitation // 10]) + 2 * same_value


cdef class TrumfosaurKernel(CompiledState):
    """The C half of :class:`TrumfosaurCompiledState` (module docstring)."""

    cdef TFields s

    # ----- set-up (state.py: __init__, _start_deal) --------------------------------------------
    cdef int c_init(self) except -1:
        options = self.game.options
        memset(&self.s, 0, sizeof(TFields))
        self.s.n = self.num_players
        self.s.master = bool(options["master"])
        self.s.teams = bool(options["teams"])
        self.s.target = options["target_score"]
        self.s.deal_number = 0
        self.s.first_leader = options["first_player"]
        self.s.prev_first_leader = -1
        self.start_deal()
        return 0

    cdef int start_deal(self) except -1:
        """T-3.1: a new deal; the cards are dealt by the chance nodes that follow."""
        cdef int n = self.s.n, k, i
        self.s.deal_number += 1
        self.s.phase = DEAL
        for i in range(MAX_SEATS):
            self.s.hands[i] = 0
            self.s.trump[i] = 0
            self.s.invitation[i] = -1
            self.s.revealed[i] = 0
            self.s.exchanged_n[i] = 0
            self.s.taken[i] = 0
            self.s.taken_count[i] = 0
            self.s.voids[i] = 0
        self.s.undealt = ALL_CARDS
        self.s.dealt = 0
        self.s.fixed = 0
        self.s.deck_start = 0
        self.s.deck_len = 0
        index = self.s.deal_number - 1
        if index < len(self._deals):
            hands, deck = self._deals[index]
            self.s.fixed = 1
            for k in range(n * HAND_SIZE):
                self.s.fixed_order[k] = hands[k // HAND_SIZE][k % HAND_SIZE]
            for k, card in enumerate(deck):
                self.s.deck[k] = card
            self.s.deck_len = len(deck)
        self.s.draws_left = 0
        self.s.drawn_n = 0
        self.s.turn = -1
        self.s.trick_len = 0
        self.s.leader = self.s.first_leader
        self.s.trick_number = 0
        self.s.has_last_trick = 0
        self.s.played = 0
        return 0

    # ----- chance ----------------------------------------------------------------------------
    cdef int c_current(self) noexcept:
        cdef int phase = self.s.phase
        if phase == OVER:
            return C_TERMINAL
        if phase == DEAL or phase == DRAW:
            return C_CHANCE
        return self.s.turn

    cdef int c_forced_chance(self) except -2:
        if not self.s.fixed:
            return -1
        if self.s.phase == DEAL:
            return DEAL_BASE + self.s.fixed_order[self.s.dealt]
        if self.s.deck_start >= self.s.deck_len:
            raise IndexError("list index out of range")  # as the Python engine's self._deck[0]
        return DRAW_BASE + self.s.deck[self.s.deck_start]

    cdef int c_chance(self, int* actions, double* probs) except -1:
        cdef int forced = self.c_forced_chance()
        cdef int base = DEAL_BASE if self.s.phase == DEAL else DRAW_BASE
        cdef unsigned long long mask = self.s.undealt
        cdef int count = 0, i
        cdef double p
        if forced >= 0:
            actions[0] = forced
            probs[0] = 1.0
            return 1
        while mask:
            actions[count] = base + low_bit64(mask)
            count += 1
            mask &= mask - 1
        p = 1.0 / count
        for i in range(count):
            probs[i] = p
        return count

    cdef list c_chance_list(self):
        cdef int forced = self.c_forced_chance()
        cdef int b = 0 if self.s.phase == DEAL else 1
        cdef unsigned long long mask = self.s.undealt
        cdef int count, i = 0
        cdef list out
        cdef object pair
        if forced >= 0:
            return [(forced, 1.0)]
        count = popcount64(mask)
        out = PyList_New(count)
        while mask:
            pair = <object> OUTCOME[b][low_bit64(mask)][count]
            Py_INCREF(pair)
            PyList_SET_ITEM(out, i, pair)
            i += 1
            mask &= mask - 1
        return out

    cdef bint c_chance_ok(self, int action) except -1:
        cdef int forced = self.c_forced_chance()
        cdef int card
        if forced >= 0:
            return action == forced
        card = action - (DEAL_BASE if self.s.phase == DEAL else DRAW_BASE)
        return 0 <= card < NUM_CARDS and (self.s.undealt >> card & 1)

    cdef int c_sample_chance(self, object rng) except -2:
        cdef int forced = self.c_forced_chance()
        if forced >= 0:
            return forced
        return ((DEAL_BASE if self.s.phase == DEAL else DRAW_BASE)
                + nth_bit64(self.s.undealt, <int> randbelow(rng, popcount64(self.s.undealt))))

    # ----- decisions ---------------------------------------------------------------------------
    cdef inline unsigned long long playable_mask(self, int seat) noexcept:
        """T-4.2-T-4.4: the dinosaurs ``seat`` may play to the trick in play."""
        cdef unsigned long long hand = self.s.hands[seat], follow
        if self.s.trick_len and self.s.trick_cards[0] != TRUMP:
            follow = hand & SPECIES_MASK[self.s.trick_cards[0] // 10]
            if follow:
                return follow
        return hand

    cdef int c_legal(self, int* out) except -1:
        cdef int phase = self.s.phase, seat = self.s.turn, count = 0, i, j, m
        cdef unsigned long long mask
        cdef int hand[HAND_SIZE + 2]
        if phase == PLAY:
            mask = self.playable_mask(seat)
            while mask:
                out[count] = low_bit64(mask)
                count += 1
                mask &= mask - 1
            if self.s.trump[seat]:
                out[count] = PLAY_TRUMP
                count += 1
            return count
        if phase == WINDOW:
            out[0] = REVEAL
            out[1] = PASS
            return 2
        if phase == INVITE:
            mask = self.s.hands[seat]
            while mask:
                out[count] = INVITE_BASE + low_bit64(mask)
                count += 1
                mask &= mask - 1
            return count
        if phase == EXCHANGE:
            mask = self.s.hands[seat]
            m = 0
            while mask:
                hand[m] = low_bit64(mask)
                m += 1
                mask &= mask - 1
            out[0] = EXCHANGE_NONE
            count = 1
            for i in range(m):
                out[count] = EXCHANGE_ONE_BASE + hand[i]
                count += 1
            for i in range(m):
                for j in range(i + 1, m):
                    out[count] = EXCHANGE_TWO_BASE + PAIR_START[hand[i]] + hand[j] - hand[i] - 1
                    count += 1
            return count
        return 0

    # ----- the rules (state.py: _apply and one method per rule) --------------------------------
    cdef int c_apply(self, int action) except -1:
        cdef int phase = self.s.phase
        if phase == PLAY:
            self.play(action)
        elif phase == DEAL:
            self.deal_card(action - DEAL_BASE)
        elif phase == WINDOW:
            if action == REVEAL:
                self.reveal()
            else:
                self.pass_()
        elif phase == INVITE:
            self.invite(action - INVITE_BASE)
        elif phase == EXCHANGE:
            self.exchange(action)
        elif phase == DRAW:
            self.draw(action - DRAW_BASE)
        else:
            from herna.core import IllegalActionError
            raise IllegalActionError("the game is over; no action is legal")
        return 0

    cdef int deal_card(self, int card) except -1:
        """T-3.1: deal ``card`` to the next seat (10 each, seat by seat); then
        the master exchange (T-8.1) or the invitations (T-3.3)."""
        cdef int seat = self.s.dealt // HAND_SIZE
        if self._is_recorder:
            if self.s.dealt == 0:
                self._emit("deal_started", deal=self.s.deal_number, first_leader=self.s.first_leader)
            self._emit("card_dealt", seen_by=(seat,), seat=seat, card=card_name(card))
        self.s.hands[seat] |= 1ULL << card
        self.s.undealt &= ~(1ULL << card)
        self.s.dealt += 1
        if self.s.dealt == HAND_SIZE * self.s.n:
            self.s.phase = EXCHANGE if self.s.master else INVITE
            self.s.turn = self.s.first_leader
        return 0

    cdef int exchange(self, int action) except -1:
        """T-8.1: the seat lays out 0-2 cards face up and draws as many."""
        cdef int seat = self.s.turn, count = 0, a = -1, b = -1
        if action == EXCHANGE_NONE:
            count = 0
        elif action < EXCHANGE_TWO_BASE:
            a = action - EXCHANGE_ONE_BASE
            count = 1
        else:
            a = PAIR_A[action - EXCHANGE_TWO_BASE]
            b = PAIR_B[action - EXCHANGE_TWO_BASE]
            count = 2
        if count >= 1:
            self.s.hands[seat] &= ~(1ULL << a)
            self.s.exchanged[seat][0] = a
        if count == 2:
            self.s.hands[seat] &= ~(1ULL << b)
            self.s.exchanged[seat][1] = b
        self.s.exchanged_n[seat] = count
        self.s.drawn_n = 0
        if self._is_recorder:
            self._emit("cards_laid_out", seat=seat, cards=[card_name(c) for c in self.exchanged_list(seat)])
        if count:
            self.s.draws_left = count
            self.s.phase = DRAW
        else:
            self.next_exchange()
        return 0

    cdef int draw(self, int card) except -1:
        """T-8.1: the exchanging seat draws ``card`` from the deck."""
        cdef int seat = self.s.turn
        self.s.hands[seat] |= 1ULL << card
        self.s.undealt &= ~(1ULL << card)
        if self.s.deck_start < self.s.deck_len and self.s.deck[self.s.deck_start] == card:
            self.s.deck_start += 1
        self.s.drawn[self.s.drawn_n] = card
        self.s.drawn_n += 1
        self.s.draws_left -= 1
        if self.s.draws_left == 0:
            if self._is_recorder:
                self._emit("cards_drawn", seen_by=(seat,), secret=("cards",), seat=seat, count=self.s.drawn_n,
                           cards=[card_name(self.s.drawn[i]) for i in range(self.s.drawn_n)])
            self.s.phase = EXCHANGE
            self.next_exchange()
        return 0

    cdef void next_exchange(self) noexcept:
        """T-3.6: the next seat exchanges; after the last, the invitations."""
        cdef int nxt = (self.s.turn + 1) % self.s.n
        if nxt == self.s.first_leader:
            self.s.phase = INVITE
        self.s.turn = nxt

    cdef int invite(self, int card) except -1:
        """T-3.3: the seat lays ``card`` face down as its invitation; after
        the last seat each takes a trump (T-3.4), trick 1 starts (T-3.5)."""
        cdef int seat = self.s.turn, i
        cdef int nxt = (seat + 1) % self.s.n
        self.s.hands[seat] &= ~(1ULL << card)
        self.s.invitation[seat] = card
        if self._is_recorder:
            self._emit("invitation_chosen", seen_by=(seat,), secret=("card",), seat=seat, card=card_name(card))
        if nxt == self.s.first_leader:
            for i in range(self.s.n):
                self.s.trump[i] = 1
            self.s.phase = PLAY
            self.s.trick_number = 1
            self.s.leader = self.s.first_leader
            if self._is_recorder:
                self._emit("trumps_taken", leader=self.s.first_leader)
        self.s.turn = nxt
        return 0

    cdef int play(self, int card) except -1:
        """T-4.1-T-4.4: the seat plays ``card`` (:data:`TRUMP`: its trump);
        not following the led species shows a void (T-4.2)."""
        cdef int seat = self.s.turn, n = self.s.n
        if card == TRUMP:
            self.s.trump[seat] = 0
        else:
            self.s.hands[seat] &= ~(1ULL << card)
            self.s.played |= 1ULL << card
            if self.s.trick_len and self.s.trick_cards[0] != TRUMP and card // 10 != self.s.trick_cards[0] // 10:
                self.s.voids[seat] |= 1 << (self.s.trick_cards[0] // 10)
        self.s.trick_cards[self.s.trick_len] = card
        self.s.trick_seats[self.s.trick_len] = seat
        self.s.trick_len += 1
        if self._is_recorder:
            self._emit("card_played", seat=seat, card=card_name(card))
        if self.s.trick_len < n:
            self.s.turn = (seat + 1) % n
            return 0
        self.take_trick()
        return 0

    cdef int trick_winner(self) noexcept:
        """T-4.5: the first trump wins; else the highest of the led species."""
        cdef int i, best = 0, led, card
        for i in range(self.s.trick_len):
            if self.s.trick_cards[i] == TRUMP:
                return self.s.trick_seats[i]
        led = self.s.trick_cards[0] // 10
        for i in range(1, self.s.trick_len):
            card = self.s.trick_cards[i]
            if card // 10 == led and card > self.s.trick_cards[best]:
                best = i
        return self.s.trick_seats[best]

    cdef int take_trick(self) except -1:
        """T-4.5-T-4.7: the winner takes the trick and leads the next one;
        after tricks 1-9 the reveal window opens (T-5.2), after the 10th the
        deal is scored (T-6)."""
        cdef int n = self.s.n, i, card, asked
        cdef int winner = self.trick_winner()
        for i in range(self.s.trick_len):
            card = self.s.trick_cards[i]
            if card != TRUMP:
                self.s.taken[winner] |= 1ULL << card
        self.s.taken_count[winner] += n
        self.s.has_last_trick = 1
        self.s.last_len = self.s.trick_len
        memcpy(self.s.last_seats, self.s.trick_seats, sizeof(self.s.trick_seats))
        memcpy(self.s.last_cards, self.s.trick_cards, sizeof(self.s.trick_cards))
        self.s.last_winner = winner
        if self._is_recorder:
            cards = [self.s.trick_cards[i] for i in range(self.s.trick_len)]
            seats = [self.s.trick_seats[i] for i in range(self.s.trick_len)]
            self._emit("trick_won", seat=winner, trick=self.s.trick_number, cards=[card_name(c) for c in cards],
                       plays=[[s, card_name(c)] for s, c in zip(seats, cards)])
        self.s.trick_len = 0
        self.s.leader = winner
        if self.s.trick_number == TRICKS:
            self.score_deal()
            return 0
        self.s.trick_number += 1
        asked = self.next_to_ask(winner)
        if asked >= 0:
            self.s.phase = WINDOW
            self.s.turn = asked
        else:
            self.s.turn = winner
        return 0

    cdef int next_to_ask(self, int after) noexcept:
        """T-5.2: the next seat after ``after`` that has not revealed, before
        coming back to the trick's winner (who is not asked); -1 if none."""
        cdef int n = self.s.n
        cdef int seat = (after + 1) % n
        while seat != self.s.leader:
            if not self.s.revealed[seat]:
                return seat
            seat = (seat + 1) % n
        return -1

    cdef int reveal(self) except -1:
        """T-5.1 / T-5.3: the seat reveals its invitation and leads next."""
        cdef int seat = self.s.turn
        self.s.revealed[seat] = 1
        self.s.leader = seat
        self.s.phase = PLAY
        if self._is_recorder:
            self._emit("invitation_revealed", seat=seat, card=card_name(self.s.invitation[seat]))
        return 0

    cdef int pass_(self) except -1:
        """T-5.2: the seat passes; the next is asked, or the winner leads."""
        cdef int asked
        if self._is_recorder:
            self._emit("reveal_passed", seat=self.s.turn)
        asked = self.next_to_ask(self.s.turn)
        if asked >= 0:
            self.s.turn = asked
            return 0
        self.s.phase = PLAY
        self.s.turn = self.s.leader
        if self._is_recorder:
            self._emit("window_closed", leader=self.s.leader, trick=self.s.trick_number)
        return 0

    cdef int score_deal(self) except -1:
        """T-6.1 scoring, T-10.2 invitations public, T-2.1 / T-7.1 the end
        of the game, else the next deal with the leader of T-3.5."""
        cdef int n = self.s.n, i, best
        cdef int totals[MAX_SEATS]
        cdef int count
        for i in range(n):
            self.s.deal_scores[i] = invitation_score(self.s.invitation[i], self.s.taken[i])
            self.s.deal_invitations[i] = self.s.invitation[i]
            self.s.scores[i] += self.s.deal_scores[i]
        self.s.has_deal_scores = 1
        if self._is_recorder:
            fields = {"deal": self.s.deal_number, "scores": [self.s.deal_scores[i] for i in range(n)],
                      "invitations": [card_name(self.s.invitation[i]) for i in range(n)],
                      "breakdown": [breakdown(self.s.invitation[i], self.s.taken[i]) for i in range(n)],
                      "totals": [self.s.scores[i] for i in range(n)]}
            if self.s.teams:
                fields["team_totals"] = self.team_totals_list()
            self._emit("deal_scored", **fields)
        if self.s.teams:
            totals[0] = self.s.scores[0] + self.s.scores[2]
            totals[1] = self.s.scores[1] + self.s.scores[3]
            count = 2
        else:
            for i in range(n):
                totals[i] = self.s.scores[i]
            count = n
        best = totals[0]
        for i in range(1, count):
            if totals[i] > best:
                best = totals[i]
        if best >= self.s.target:
            self.s.winners_n = 0
            for i in range(n):
                if totals[i % 2 if self.s.teams else i] == best:
                    self.s.winners[self.s.winners_n] = i
                    self.s.winners_n += 1
            self.s.phase = OVER
            self.s.turn = -1
            if self._is_recorder:
                over = {"winners": [self.s.winners[i] for i in range(self.s.winners_n)],
                        "scores": [self.s.scores[i] for i in range(n)]}
                if self.s.teams:
                    over["team_scores"] = self.team_totals_list()
                self._emit("game_over", **over)
            return 0
        self.s.prev_first_leader = self.s.first_leader
        self.s.first_leader = self.next_first_leader()
        self.start_deal()
        return 0

    cdef list team_totals_list(self):
        return [self.s.scores[0] + self.s.scores[2], self.s.scores[1] + self.s.scores[3]]

    cdef int next_first_leader(self) except -1:
        """T-3.5: the lowest total leads; ties go to the first tied player
        clockwise from the seat after the previous first leader (teams: the
        lowest team's players are tied)."""
        cdef int n = self.s.n, i, seat, low
        cdef int values[MAX_SEATS]
        if self.s.teams:
            values[0] = values[2] = self.s.scores[0] + self.s.scores[2]
            values[1] = values[3] = self.s.scores[1] + self.s.scores[3]
        else:
            for i in range(n):
                values[i] = self.s.scores[i]
        low = values[0]
        for i in range(1, n):
            if values[i] < low:
                low = values[i]
        for i in range(1, n + 1):
            seat = (self.s.prev_first_leader + i) % n
            if values[seat] == low:
                return seat
        raise InvariantError("no seat has the lowest total")

    # ----- copies ------------------------------------------------------------------------------
    cdef void c_copy_fields(self, CompiledState other) noexcept:
        memcpy(&(<TrumfosaurKernel> other).s, &self.s, sizeof(TFields))

    cdef bint c_same_fields(self, CompiledState other) noexcept:
        return memcmp(&(<TrumfosaurKernel> other).s, &self.s, sizeof(TFields)) == 0

    # ----- what a seat sees of an action (state.py: _observation_token) -------------------------
    def _observation_token(self, int seat, int action):
        """What ``seat`` (-1: a spectator) sees of ``action`` before it is
        applied (see the Python engine's ``_observation_token``)."""
        cdef int phase = self.s.phase
        if phase == PLAY:
            token = A.action_to_string(action)
            if self.play_options(self.s.turn) == 1:
                token += " (auto)"
            if self.s.trick_number == TRICKS and self.s.trick_len == self.s.n - 1:
                token += " | invitations " + " ".join(card_name(self.s.invitation[i]) for i in range(self.s.n))
            return token
        if phase == DEAL:
            return A.action_to_string(action) if self.s.dealt // HAND_SIZE == seat else "deal ?"
        if phase == DRAW:
            return A.action_to_string(action) if self.s.turn == seat else "draw ?"
        if phase == INVITE and self.s.turn != seat:
            return "invite ?"
        if phase == WINDOW and action == REVEAL:
            return f"reveal {card_name(self.s.invitation[self.s.turn])}"
        return A.action_to_string(action)

    cdef bint c_is_hidden(self, int seat, int action) except -1:
        cdef int phase = self.s.phase
        if phase == DEAL:
            return self.s.dealt // HAND_SIZE != seat
        if phase == DRAW or phase == INVITE:
            return self.s.turn != seat
        return False

    def _is_hidden_from(self, int seat, int action):
        """Whether ``seat`` would see ``?`` for part of ``action`` (as
        ``"?" in _observation_token(seat, action)``)."""
        return self.c_is_hidden(seat, action)

    cdef int c_period(self) except? -1:
        return self.s.deal_number

    def _period(self):
        """The deal in play (T-2.1), from 1; its number also at the end."""
        return self.s.deal_number

    cdef inline int play_options(self, int seat) noexcept:
        return popcount64(self.playable_mask(seat)) + self.s.trump[seat]

    def _play_options(self, int seat):
        """How many cards ``seat`` may play now, the trump included (T-4.2)."""
        return self.play_options(seat)

    def _playable_mask(self, int seat):
        """The dinosaurs ``seat`` may play to the trick in play (T-4.2-T-4.4)."""
        return self.playable_mask(seat)

    # ----- the observation tensor (observation.py) -------------------------------------------
    def _observation_tensor(self, int seat):
        """The float32 tensor of ``seat``, laid out as in ``observation.py``."""
        cdef int n = self.s.n, r, s, i, k, o
        cdef int size = TENSOR_FIXED + n * 51 + n + 3 * n * 50 + n + 5 * n + n + n + n
        arr = np.zeros(size, dtype=np.float32)
        cdef float[::1] out = arr
        cdef unsigned long long mask
        mask = self.s.hands[seat]
        while mask:
            out[low_bit64(mask)] = 1
            mask &= mask - 1
        if self.s.trump[seat]:
            out[TRUMP] = 1
        if self.s.invitation[seat] >= 0:
            out[51 + self.s.invitation[seat]] = 1
        o = 101
        for i in range(self.s.trick_len):
            out[o + i * 51 + self.s.trick_cards[i]] = 1
        o += n * 51
        if self.s.trick_len:
            out[o + (self.s.trick_seats[0] - seat + n) % n] = 1
        o += n
        mask = self.s.played
        while mask:
            out[o + low_bit64(mask)] = 1
            mask &= mask - 1
        o += 50
        for r in range(n):
            s = (seat + r) % n
            mask = self.s.taken[s]
            while mask:
                out[o + r * 50 + low_bit64(mask)] = 1
                mask &= mask - 1
        o += n * 50
        for r in range(n):
            s = (seat + r) % n
            if self.s.revealed[s]:
                out[o + r * 50 + self.s.invitation[s]] = 1
        o += n * 50
        for r in range(n):
            s = (seat + r) % n
            for i in range(self.s.exchanged_n[s]):
                out[o + r * 50 + self.s.exchanged[s][i]] = 1
        o += n * 50
        for r in range(n):
            out[o + r] = self.s.trump[(seat + r) % n]
        o += n
        for r in range(n):
            s = (seat + r) % n
            for k in range(5):
                if self.s.voids[s] >> k & 1:
                    out[o + r * 5 + k] = 1
        o += 5 * n
        for r in range(n):
            s = (seat + r) % n
            out[o + r] = <float> ((popcount64(self.s.hands[s]) + self.s.trump[s]) / 10.0)
        o += n
        out[o + self.s.phase] = 1
        o += 7
        out[o + self.s.trick_number] = 1
        o += 11
        for r in range(n):
            s = (seat + r) % n
            out[o + r] = <float> (<double> self.s.scores[s] / self.s.target)
        o += n
        k = self.c_current()
        if k >= 0:
            out[o + (k - seat + n) % n] = 1
        o += n
        if o != size:
            raise InvariantError(f"observation layout fills {o} of {size} floats")
        return arr

    # ----- the fields, as the Python engine's slots (read by TrumfosaurReading) ------------------
    cdef list exchanged_list(self, int seat):
        return [self.s.exchanged[seat][i] for i in range(self.s.exchanged_n[seat])]

    @property
    def _phase(self):
        return PHASES[self.s.phase]

    @property
    def _deal_number(self):
        return self.s.deal_number

    @property
    def _scores(self):
        return [self.s.scores[i] for i in range(self.s.n)]

    @property
    def _deal_scores(self):
        return [self.s.deal_scores[i] for i in range(self.s.n)] if self.s.has_deal_scores else None

    @property
    def _deal_invitations(self):
        return [self.s.deal_invitations[i] for i in range(self.s.n)] if self.s.has_deal_scores else None

    @property
    def _first_leader(self):
        return self.s.first_leader

    @property
    def _prev_first_leader(self):
        return self.s.prev_first_leader

    @property
    def _hands(self):
        return [self.s.hands[i] for i in range(self.s.n)]

    @property
    def _trump(self):
        return [bool(self.s.trump[i]) for i in range(self.s.n)]

    @property
    def _invitation(self):
        return [self.s.invitation[i] for i in range(self.s.n)]

    @property
    def _revealed(self):
        return [bool(self.s.revealed[i]) for i in range(self.s.n)]

    @property
    def _deck(self):
        return [self.s.deck[i] for i in range(self.s.deck_start, self.s.deck_len)]

    @property
    def _undealt(self):
        return self.s.undealt

    @property
    def _dealt(self):
        return self.s.dealt

    @property
    def _exchanged(self):
        return [self.exchanged_list(i) for i in range(self.s.n)]

    @property
    def _draws_left(self):
        return self.s.draws_left

    @property
    def _drawn(self):
        return [self.s.drawn[i] for i in range(self.s.drawn_n)]

    @property
    def _turn(self):
        return self.s.turn

    @property
    def _trick_seats(self):
        return [self.s.trick_seats[i] for i in range(self.s.trick_len)]

    @property
    def _trick_cards(self):
        return [self.s.trick_cards[i] for i in range(self.s.trick_len)]

    @property
    def _leader(self):
        return self.s.leader

    @property
    def _trick_number(self):
        return self.s.trick_number

    @property
    def _last_trick(self):
        if not self.s.has_last_trick:
            return None
        return Trick(tuple([self.s.last_seats[i] for i in range(self.s.last_len)]),
                     tuple([self.s.last_cards[i] for i in range(self.s.last_len)]), self.s.last_winner)

    @property
    def _taken(self):
        return [self.s.taken[i] for i in range(self.s.n)]

    @property
    def _taken_count(self):
        return [self.s.taken_count[i] for i in range(self.s.n)]

    @property
    def _voids(self):
        return [self.s.voids[i] for i in range(self.s.n)]

    @property
    def _played(self):
        return self.s.played

    @property
    def _winners(self):
        return [self.s.winners[i] for i in range(self.s.winners_n)]


    # ----- determinization (resample.py, make_sampler) ----------------------------------------
    def _deal_sampler(self, plan, info, hidden, int start, tail, constructive):
        """The compiled draw of the current deal for ``resample.make_sampler``
        (:class:`DealSampler`)."""
        return DealSampler(plan, info, hidden, start, tail, constructive)


cdef enum:
    MAX_CHECKS = 16
    MAX_HIDDEN = 128
    TRIES = 200          # resample._TRIES
    HIDDEN_DEAL = 0
    HIDDEN_DRAW = 1
    HIDDEN_INVITE = 2


cdef inline int options_count(unsigned long long hand, int led, int trump) noexcept:
    """resample._options: cards a hand may play to a trick led with ``led``."""
    cdef unsigned long long follow = hand & SPECIES_MASK[led] if led >= 0 else 0
    return popcount64(follow if follow else hand) + trump


cdef class DealSampler:
    """One draw of the current deal's hidden cards and its replay, in C:
    ``resample._sample_current_deal`` (with ``_draw_hands``, ``_consistent``,
    ``_hand_and_draws`` and ``_fill``) and the replay of the deal's actions
    in ``make_sampler``'s ``draw``, making the same calls to ``rng`` in the
    same order, so that both engines draw the same determinizations. The
    rare constructive fallback is the Python one."""

    cdef int n_others, slots, n_unseen, n_hidden_inv, n_hidden, start, tail_len
    cdef int others[MAX_SEATS]
    cdef int sizes[MAX_SEATS + 1]
    cdef unsigned long long forbidden[MAX_SEATS + 1]
    cdef int unseen[NUM_CARDS]
    cdef int hidden_inv[MAX_SEATS]
    cdef int revealed[MAX_SEATS]
    cdef unsigned long long played[MAX_SEATS]
    cdef unsigned long long discards[MAX_SEATS]
    cdef int draws[MAX_SEATS]
    cdef int n_checks[MAX_SEATS]
    cdef unsigned long long check_later[MAX_SEATS][MAX_CHECKS]
    cdef int check_led[MAX_SEATS][MAX_CHECKS]
    cdef int check_trump[MAX_SEATS][MAX_CHECKS]
    cdef int check_auto[MAX_SEATS][MAX_CHECKS]
    cdef int hidden_pos[MAX_HIDDEN]
    cdef int hidden_kind[MAX_HIDDEN]
    cdef int hidden_seat[MAX_HIDDEN]
    cdef int* tail
    cdef object plan, constructive

    def __cinit__(self):
        self.tail = NULL

    def __init__(self, plan, info, hidden, int start, tail, constructive):
        cdef int k, i
        self.plan = plan
        self.constructive = constructive
        self.n_others = len(plan.others)
        self.slots = len(plan.sizes)
        for k, s in enumerate(plan.others):
            self.others[k] = s
            entries = plan.checks[s]
            if len(entries) > MAX_CHECKS:
                raise ValueError("more plays in a deal than a deal has")
            self.n_checks[k] = len(entries)
            for i, check in enumerate(entries):
                self.check_later[k][i] = check.later
                self.check_led[k][i] = check.led
                self.check_trump[k][i] = check.held_trump
                self.check_auto[k][i] = check.auto
        for k in range(self.slots):
            self.sizes[k] = plan.sizes[k]
            self.forbidden[k] = plan.forbidden[k]
        self.n_unseen = len(plan.unseen)
        for i, c in enumerate(plan.unseen):
            self.unseen[i] = c
        self.n_hidden_inv = len(plan.hidden_inv)
        for i, s in enumerate(plan.hidden_inv):
            self.hidden_inv[i] = s
        for s in range(len(info.revealed)):
            self.revealed[s] = info.revealed[s]
            self.played[s] = info.played[s]
            self.discards[s] = info.discards[s]
            self.draws[s] = info.draws[s]
        if len(hidden) > MAX_HIDDEN:
            raise ValueError("more hidden actions in a deal than a deal has")
        self.n_hidden = len(hidden)
        for i, item in enumerate(hidden):
            self.hidden_pos[i] = item.position - start
            self.hidden_kind[i] = {"deal": HIDDEN_DEAL, "draw": HIDDEN_DRAW, "invite": HIDDEN_INVITE}[item.kind]
            self.hidden_seat[i] = item.seat
        self.start = start
        self.tail_len = len(tail)
        self.tail = <int*> PyMem_Malloc((self.tail_len + 1) * sizeof(int))
        if self.tail == NULL:
            raise MemoryError()
        for i, a in enumerate(tail):
            self.tail[i] = a

    def __dealloc__(self):
        if self.tail != NULL:
            PyMem_Free(self.tail)

    cdef bint consistent(self, unsigned long long* held) noexcept:
        """resample._consistent: every automatic play forced, every other a choice."""
        cdef int k, i
        for k in range(self.n_others):
            for i in range(self.n_checks[k]):
                if ((options_count(held[k] | self.check_later[k][i], self.check_led[k][i], self.check_trump[k][i])
                     == 1) != self.check_auto[k][i]):
                    return False
        return True

    cdef int draw_hands(self, object rng, int* out, unsigned long long* held) except -1:
        """resample._draw_hands into ``out`` (the slots' cards in slot order)."""
        cdef int cards[NUM_CARDS]
        cdef int attempt, fits = 0, k, i, start
        cdef unsigned long long mask
        cdef bint ok
        for i in range(self.n_unseen):
            cards[i] = self.unseen[i]
        for attempt in range(TRIES):
            if attempt < TRIES // 2 and (fits or attempt < 10):
                shuffle_ints(rng, cards, self.n_unseen)
                ok = True
                start = 0
                for k in range(self.slots):
                    mask = 0
                    for i in range(start, start + self.sizes[k]):
                        mask |= 1ULL << cards[i]
                    if mask & self.forbidden[k]:
                        ok = False
                        break
                    if k < self.n_others:
                        held[k] = mask
                    start += self.sizes[k]
                if ok:
                    fits += 1
                    if self.consistent(held):
                        for i in range(self.n_unseen):
                            out[i] = cards[i]
                        return 0
                continue
            sample_assignment_c(self.unseen, self.n_unseen, self.sizes, self.forbidden, self.slots, rng, 40, out)
            self.held_of(out, held)
            if self.consistent(held):
                return 0
        parts = self.constructive(list(self.plan.unseen), list(self.plan.sizes), list(self.plan.forbidden),
                                  list(self.plan.others), self.plan.checks, rng)
        i = 0
        for part in parts:
            for c in part:
                out[i] = c
                i += 1
        self.held_of(out, held)
        return 0

    cdef void held_of(self, int* out, unsigned long long* held) noexcept:
        cdef int k, i, start = 0
        for k in range(self.n_others):
            held[k] = 0
            for i in range(start, start + self.sizes[k]):
                held[k] |= 1ULL << out[i]
            start += self.sizes[k]

    def draw(self, object rng, TrumfosaurKernel template):
        """A determinization: the template (finished deals replayed) cloned,
        this deal drawn and its actions replayed."""
        cdef int out[NUM_CARDS]
        cdef unsigned long long held[MAX_SEATS]
        cdef int invitation[MAX_SEATS]
        cdef int dealt[MAX_SEATS][HAND_SIZE + 3]
        cdef int drawn[MAX_SEATS][3]
        cdef int dealt_pos[MAX_SEATS]
        cdef int drawn_pos[MAX_SEATS]
        cdef int kept_list[NUM_CARDS]
        cdef int values[512]
        cdef int rest_start = 0, k, i, s, m, inv, n_drawn, n_dealt, pos, item
        cdef unsigned long long kept, drawn_mask, mask
        cdef TrumfosaurKernel fresh
        self.draw_hands(rng, out, held)
        for k in range(self.n_others):
            rest_start += self.sizes[k]
        shuffle_ints(rng, out + rest_start, self.sizes[self.n_others])
        for k in range(self.n_others):
            s = self.others[k]
            invitation[s] = self.revealed[s]
        for i in range(self.n_hidden_inv):
            invitation[self.hidden_inv[i]] = out[rest_start + i]
        for k in range(self.n_others):  # _hand_and_draws, seat by seat
            s = self.others[k]
            inv = invitation[s]
            kept = self.played[s] | held[k] | ((1ULL << inv) if inv >= 0 else 0)
            m = 0
            mask = kept
            while mask:
                kept_list[m] = low_bit64(mask)
                m += 1
                mask &= mask - 1
            n_drawn = self.draws[s]
            if n_drawn:
                sample_ints(rng, kept_list, m, n_drawn, drawn[s])
            drawn_mask = 0
            for i in range(n_drawn):
                drawn_mask |= 1ULL << drawn[s][i]
            mask = (kept | self.discards[s]) & ~drawn_mask
            n_dealt = 0
            while mask:
                dealt[s][n_dealt] = low_bit64(mask)
                n_dealt += 1
                mask &= mask - 1
            shuffle_ints(rng, dealt[s], n_dealt)
            shuffle_ints(rng, drawn[s], n_drawn)
            dealt_pos[s] = 0
            drawn_pos[s] = 0
        if self.tail_len > 512:
            raise ValueError("a deal longer than any deal")
        for i in range(self.tail_len):
            values[i] = self.tail[i]
        for item in range(self.n_hidden):  # _fill
            s = self.hidden_seat[item]
            pos = self.hidden_pos[item]
            if self.hidden_kind[item] == HIDDEN_DEAL:
                values[pos] = DEAL_BASE + dealt[s][dealt_pos[s]]
                dealt_pos[s] += 1
            elif self.hidden_kind[item] == HIDDEN_DRAW:
                values[pos] = DRAW_BASE + drawn[s][drawn_pos[s]]
                drawn_pos[s] += 1
            else:
                values[pos] = INVITE_BASE + invitation[s]
        fresh = <TrumfosaurKernel> template.c_clone(True)
        for i in range(self.tail_len):
            fresh.c_do(values[i])
        return fresh


class TrumfosaurCompiledState(TrumfosaurKernel, TrumfosaurReading, State):
    """A Trumfosaur game on the compiled engine (module docstring):
    ``herna.load("trumfosaur", engine="compiled")``."""

    __slots__ = ()
