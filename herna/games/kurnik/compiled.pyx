# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Kurník's compiled engine: the rules of ``state.py`` over a C struct
(rules/kurnik.md).

:class:`KurnikCompiledState` keeps the contract of :class:`herna.core.State`
exactly as the Python engine (:class:`~herna.games.kurnik.state.KurnikState`)
does: the same action ids and legal-action order, chance outcomes (the very
pairs of :data:`~herna.games.kurnik.actions.DICE_OUTCOMES` and
:data:`~herna.games.kurnik.actions.DIE_OUTCOMES`) and random draws, events
(the ``coop`` snapshots included), views and refusals. What changes a state
(start rolls, the turn's choice and exchanges, the dice in the order of
K-5.4, gifts, bird flu, the 6-6 announcement and re-roll, the thief rule,
roosters, quarantine, the turn limit, the winners: K-2 to K-11) is written
here a second time, in C, method for method as in ``state.py``; what only
reads one comes from :class:`~herna.games.kurnik.reading.KurnikReading`
through read-only properties named as the Python state's slots, of the same
Python types (``Phase``, ``Kind`` and ``Rooster`` members where the Python
engine keeps them). Events are built only in a recorder replica (see
``herna/core/compiled.pyx``). The golden fingerprints
(``tests/engines/test_golden_fingerprints.py``) and ``tests/engines`` prove
that both engines play the same games.
"""

import numpy as np

from libc.string cimport memcmp, memcpy, memset

from herna.core.compiled cimport C_CHANCE, C_TERMINAL, CompiledState, random01

from herna.core.errors import IllegalActionError, InvariantError
from herna.core.state import State

from . import actions as A
from .constants import KIND_NAMES, Kind, Phase, Rooster
from .observation import tensor_size
from .race import COOPS, INDEX as _COOP_INDEX, _survival as race_survival, race_of_fields
from .reading import KurnikReading

# Phases (constants.Phase)
cdef enum:
    START = 0
    TURN = 1
    DICE = 2
    GIVE = 3
    FLU = 4
    ANNOUNCE = 5
    REROLL = 6
    STEAL = 7
    OVER = 8

# Card kinds (constants.Kind) and roosters (constants.Rooster)
cdef enum:
    EGG = 0
    CHICK = 1
    HEN = 2
    NO_ROOSTER = 0
    ROOSTER_ALIVE = 1
    ROOSTER_DEAD = 2
    ROOSTER_LIVES = 3

# Action ids (actions.py)
cdef enum:
    ROLL = 0
    EXCHANGE_EGGS = 1
    EXCHANGE_CHICKS = 2
    EXCHANGE_HENS = 3
    PASS = 4
    TAKE = 5
    ROB_ALL = 6
    ROB_BASE = 7
    GIVE_BASE = 12
    STEAL_BASE = 17
    NUM_DISTINCT = 22
    DICE_BASE = 22
    NUM_PAIRS = 21
    DIE_BASE = 43
    NUM_ACTION_IDS = 49

cdef enum:
    PLACES = 9
    MAX_SEATS = 5
    MAX_ROLL = 4          # two dice, then the bird-flu die or the two of the 6-6 re-roll
    TAKE_NONE = -1
    NO_DIE = -1           # an event's ``die`` of None (an exchange, the 6-6 take)

assert (A.ROLL, A.EXCHANGE_EGGS, A.EXCHANGE_CHICKS, A.EXCHANGE_HENS, A.PASS, A.TAKE, A.ROB_ALL, A.ROB_BASE,
        A.GIVE_BASE, A.STEAL_BASE, A.NUM_DISTINCT_ACTIONS, A.DICE_BASE, A.DIE_BASE, A.NUM_ACTION_IDS) == (
        ROLL, EXCHANGE_EGGS, EXCHANGE_CHICKS, EXCHANGE_HENS, PASS, TAKE, ROB_ALL, ROB_BASE, GIVE_BASE, STEAL_BASE,
        NUM_DISTINCT, DICE_BASE, DIE_BASE, NUM_ACTION_IDS) and len(A.PAIRS) == NUM_PAIRS
assert tuple(Phase) == tuple(range(9)) and tuple(Kind) == (EGG, CHICK, HEN)
assert tuple(Rooster) == (NO_ROOSTER, ROOSTER_ALIVE, ROOSTER_DEAD)

cdef int DICE_HIGH[NUM_PAIRS]
cdef int DICE_LOW[NUM_PAIRS]
cdef double DICE_PROB[NUM_PAIRS]
cdef double DIE_PROB[6]
cdef int KIND_OF_FACE[7]
cdef int GIFT_OF_DOUBLE[4]


cdef _init_tables():
    cdef int i
    for i in range(NUM_PAIRS):
        DICE_HIGH[i], DICE_LOW[i] = A.PAIRS[i]
        DICE_PROB[i] = A.DICE_OUTCOMES[i][1]
        assert A.DICE_OUTCOMES[i][0] == DICE_BASE + i
    for i in range(6):
        DIE_PROB[i] = A.DIE_OUTCOMES[i][1]
        assert A.DIE_OUTCOMES[i][0] == DIE_BASE + i
    from .constants import GIFT_OF_DOUBLE as gifts, KIND_OF_FACE as faces
    for i in range(7):
        KIND_OF_FACE[i] = faces[i]
    GIFT_OF_DOUBLE[0] = -1
    for i in range(1, 4):
        GIFT_OF_DOUBLE[i] = gifts[i]

_init_tables()

cdef tuple DICE_OUTCOMES = A.DICE_OUTCOMES
"""The Python engine's own outcome pairs: a chance node's list holds them."""
cdef tuple DIE_OUTCOMES = A.DIE_OUTCOMES
cdef tuple PHASES = tuple(Phase)
cdef tuple KINDS = tuple(Kind)
cdef tuple ROOSTERS = tuple(Rooster)
cdef tuple NAMES = KIND_NAMES
cdef dict _STRINGS = {}
"""Players -> the action strings of ids ``0 .. 48`` at such a table
(``None`` for an id that names a seat beyond it)."""


cdef tuple action_strings(int players):
    cdef tuple strings = _STRINGS.get(players)
    if strings is None:
        out = []
        for action in range(NUM_ACTION_IDS):
            try:
                out.append(A.action_string(action, players))
            except ValueError:
                out.append(None)
        strings = _STRINGS[players] = tuple(out)
    return strings


cdef inline object die_object(int die):
    """An event's ``die``: a face, or None (:data:`NO_DIE`)."""
    return None if die == NO_DIE else die


cdef int N_COOPS = len(COOPS)
cdef int COOP_ROW[10][10][10]
"""race.INDEX[(eggs, chicks, hens)] as a C table (-1: no such coop)."""
for _e in range(10):
    for _c in range(10):
        for _h in range(10):
            COOP_ROW[_e][_c][_h] = _COOP_INDEX.get((_e, _c, _h), -1)
cdef dict _RACE_TABLES = {}
"""fox (0/1) -> the contiguous (pmf, survival, survival one turn before) of race._survival."""


ctypedef struct KFields:
    int n
    int rough_thief, dead_rooster, fox
    int turn_limit
    int opt_eggs, opt_chicks, opt_hens, opt_roosters
    int eggs[MAX_SEATS]
    int chicks[MAX_SEATS]
    int hens[MAX_SEATS]
    int rooster[MAX_SEATS]
    int blocks[MAX_SEATS]
    int sup_eggs, sup_chicks, sup_hens, sup_roosters, box_hens, box_roosters
    int phase, player, turn, quarantine, lost_turn
    int roll[MAX_ROLL]           # roll[roll_n:] always 0 (a struct compares by its bytes)
    int roll_n
    int roller, gift, choice, steal_left, steal_develop, rest
    int start_seats
    int start_rolls[MAX_SEATS]
    int first
    int winners[MAX_SEATS]       # winners[winners_n:] always 0
    int winners_n


cdef class KurnikKernel(CompiledState):
    """The C half of :class:`KurnikCompiledState` (module docstring)."""

    cdef KFields s

    # ----- set-up (state.py: __init__) -------------------------------------------------------
    cdef int c_init(self) except -1:
        options = self.game.options
        cdef int n = self.num_players
        memset(&self.s, 0, sizeof(KFields))
        self.s.n = n
        self.s.rough_thief = bool(options["rough_thief"])
        self.s.dead_rooster = bool(options["dead_rooster"])
        self.s.fox = options["six_six"] == "fox"
        self.s.turn_limit = options["turn_limit"]
        self.s.opt_eggs = options["supply_eggs"]
        self.s.opt_chicks = options["supply_chicks"]
        self.s.opt_hens = options["supply_hens"]
        self.s.opt_roosters = options["supply_roosters"]
        self.s.sup_eggs = options["supply_eggs"]
        self.s.sup_chicks = options["supply_chicks"]
        self.s.sup_hens = self.game.start_hens()
        self.s.box_hens = options["supply_hens"] - self.s.sup_hens
        # K-1.3: without K-9.2 the roosters stay in the box and the supply shows 0
        self.s.sup_roosters = options["supply_roosters"] if self.s.dead_rooster else 0
        self.s.box_roosters = options["supply_roosters"] - self.s.sup_roosters
        self.s.quarantine = 0  # bitmask of seats that lose their next roll (K-4.4)
        self.s.lost_turn = 0
        self.s.roll_n = 0
        self.s.roller = -1
        self.s.gift = EGG
        self.s.choice = TAKE_NONE
        self.s.steal_left = 0
        self.s.steal_develop = 0
        self.s.rest = -1
        self.s.winners_n = 0
        self.s.turn = 0
        first = options["first_player"]
        if first is None:  # K-2.1: start rolls
            self.s.phase = START
            self.s.start_seats = (1 << n) - 1
            self.s.player = 0
            self.s.first = -1
        else:
            self.s.start_seats = 0
            self.s.first = first
            self.begin_turn(first)
        return 0

    # ----- chance ------------------------------------------------------------------------------
    cdef int c_current(self) noexcept:
        cdef int phase = self.s.phase
        if phase == OVER:
            return C_TERMINAL
        if phase == START or phase == DICE or phase == FLU or phase == REROLL:
            return C_CHANCE
        return self.s.player

    cdef int c_forced_chance(self) except -2:
        return -1  # dice always have several outcomes

    cdef int c_chance(self, int* actions, double* probs) except -1:
        cdef int i
        if self.s.phase == DICE or self.s.phase == REROLL:
            for i in range(NUM_PAIRS):
                actions[i] = DICE_BASE + i
                probs[i] = DICE_PROB[i]
            return NUM_PAIRS
        for i in range(6):
            actions[i] = DIE_BASE + i
            probs[i] = DIE_PROB[i]
        return 6

    cdef list c_chance_list(self):
        return list(DICE_OUTCOMES if self.s.phase == DICE or self.s.phase == REROLL else DIE_OUTCOMES)

    cdef bint c_chance_ok(self, int action) except -1:
        """By range, as the Python engine: each table's ids are consecutive."""
        if self.s.phase == DICE or self.s.phase == REROLL:
            return DICE_BASE <= action < DIE_BASE
        return DIE_BASE <= action < NUM_ACTION_IDS

    cdef int c_sample_chance(self, object rng) except -2:
        """As :func:`herna.core.state.draw_outcome` of the outcome table."""
        cdef double pick = random01(rng), total = 0.0
        cdef int i
        if self.s.phase == DICE or self.s.phase == REROLL:
            for i in range(NUM_PAIRS):
                total += DICE_PROB[i]
                if pick < total:
                    return DICE_BASE + i
            return DICE_BASE + NUM_PAIRS - 1
        for i in range(6):
            total += DIE_PROB[i]
            if pick < total:
                return DIE_BASE + i
        return NUM_ACTION_IDS - 1

    def chance_outcomes(self):
        """``[(action, probability), ...]`` at a chance node (the pairs of
        the outcome table); raises ``IllegalActionError`` elsewhere."""
        cdef int phase = self.s.phase
        if phase == DICE or phase == REROLL:
            return list(DICE_OUTCOMES)
        if phase == START or phase == FLU:
            return list(DIE_OUTCOMES)
        raise IllegalActionError("this is not a chance node")

    # ----- decisions ---------------------------------------------------------------------------
    cdef inline int cards(self, int seat) noexcept:
        return self.s.eggs[seat] + self.s.chicks[seat] + self.s.hens[seat]

    cdef inline bint has_hen_holder(self, int seat) noexcept:
        """Whether another seat than ``seat`` holds a hen (K-5.2, K-5.5)."""
        cdef int k
        for k in range(self.s.n):
            if k != seat and self.s.hens[k]:
                return True
        return False

    cdef inline bint can_buy(self, int seat) noexcept:
        """K-6.2 / K-9.2: 5 hens, no rooster now or before, one in the supply."""
        return (self.s.dead_rooster and self.s.hens[seat] >= 5 and self.s.rooster[seat] == NO_ROOSTER
                and self.s.sup_roosters > 0)

    cdef int c_legal(self, int* out) except -1:
        cdef int phase = self.s.phase, p = self.s.player, n = self.s.n, count = 0, k
        if phase == TURN:
            if not self.s.lost_turn:
                out[count] = ROLL
                count += 1
            if self.s.eggs[p] >= 3:
                out[count] = EXCHANGE_EGGS
                count += 1
            if self.s.chicks[p] >= 3:
                out[count] = EXCHANGE_CHICKS
                count += 1
            if self.can_buy(p):
                out[count] = EXCHANGE_HENS
                count += 1
            if self.s.lost_turn:
                out[count] = PASS
                count += 1
            return count
        if phase == GIVE:
            for k in range(n):
                if k != p:
                    out[count] = GIVE_BASE + k
                    count += 1
            return count
        if phase == ANNOUNCE:
            out[0] = TAKE
            out[1] = ROB_ALL
            count = 2
            if self.s.rough_thief:
                for k in range(n):
                    if k != p:
                        out[count] = ROB_BASE + k
                        count += 1
            return count
        if phase == STEAL:
            for k in range(n):
                if k != p and self.s.hens[k]:
                    out[count] = STEAL_BASE + k
                    count += 1
            return count
        return 0

    # ----- the rules (state.py: _apply and one method per rule) --------------------------------
    cdef int c_apply(self, int action) except -1:
        """Apply ``action`` by the phase's rule; in a recorder, its events
        (state.py ``_apply``): the steps, then a ``coop`` event for every
        coop that changed and ``game_over``."""
        cdef int phase = self.s.phase, actor, k, hmax
        cdef int eggs[MAX_SEATS]
        cdef int chicks[MAX_SEATS]
        cdef int hens[MAX_SEATS]
        if self._is_recorder and phase != START and phase != ANNOUNCE and phase != OVER:
            memcpy(eggs, self.s.eggs, sizeof(eggs))
            memcpy(chicks, self.s.chicks, sizeof(chicks))
            memcpy(hens, self.s.hens, sizeof(hens))
            actor = self.s.player
            self.dispatch(action)
            self.emit_coop(actor, eggs, chicks, hens)
            for k in range(self.s.n):
                if k != actor:
                    self.emit_coop(k, eggs, chicks, hens)
        else:
            self.dispatch(action)
        if self.s.phase == OVER and self._is_recorder:
            hmax = 0
            for k in range(self.s.n):
                if self.s.hens[k] > hmax:
                    hmax = self.s.hens[k]
            self._emit("game_over", winners=self.winners_list(), scores=self.ints(self.s.hens),
                       reason="nine_hens" if hmax >= PLACES else "turn_limit")
        return 0

    cdef int emit_coop(self, int k, int* eggs, int* chicks, int* hens) except -1:
        """The ``coop`` event of seat ``k`` if its eggs, chicks or hens
        differ from ``eggs[k]``, ``chicks[k]``, ``hens[k]`` (before the action)."""
        cdef int e = self.s.eggs[k], c = self.s.chicks[k], h = self.s.hens[k]
        if e != eggs[k] or c != chicks[k] or h != hens[k]:
            self._emit("coop", seat=k, eggs=e, chicks=c, hens=h, free=PLACES - e - c - h)
        return 0

    cdef int dispatch(self, int action) except -1:
        cdef int phase = self.s.phase
        if phase == DICE:
            self.resolve_dice(DICE_HIGH[action - DICE_BASE], DICE_LOW[action - DICE_BASE])
        elif phase == TURN:
            self.resolve_turn_choice(action)
        elif phase == REROLL:
            self.resolve_reroll(DICE_HIGH[action - DICE_BASE], DICE_LOW[action - DICE_BASE])
        elif phase == STEAL:
            self.resolve_steal(action - STEAL_BASE)
        elif phase == GIVE:
            self.resolve_gift(action - GIVE_BASE)
        elif phase == ANNOUNCE:
            self.resolve_announce(action)
        elif phase == FLU:
            self.resolve_flu(action - DIE_BASE + 1)
        elif phase == START:
            self.resolve_start_roll(action - DIE_BASE + 1)
        else:
            raise IllegalActionError("the game is over")
        return 0

    # ----- turns ---------------------------------------------------------------------------------
    cdef int begin_turn(self, int seat) except -1:
        cdef int limit = self.s.turn_limit, best, k
        if limit and self.s.turn >= limit:  # guard (game.py): most hens win
            best = self.s.hens[0]
            for k in range(1, self.s.n):
                if self.s.hens[k] > best:
                    best = self.s.hens[k]
            self.s.winners_n = 0
            for k in range(self.s.n):
                if self.s.hens[k] == best:
                    self.s.winners[self.s.winners_n] = k
                    self.s.winners_n += 1
            self.s.phase = OVER
            return 0
        self.s.turn += 1
        self.s.player = seat
        self.s.lost_turn = self.s.quarantine >> seat & 1
        self.s.phase = TURN
        return 0

    cdef int end_turn(self) except -1:
        cdef int p = self.s.player
        if self.s.lost_turn:  # K-11.3: listed until the lost turn has been taken
            self.s.quarantine &= ~(1 << p)
            self.s.lost_turn = 0
        self.begin_turn((p + 1) % self.s.n)
        return 0

    cdef bint win_check(self, int seat) noexcept:
        """K-1.4 / K-11.2: 9 hens win at once; True if the game is over."""
        if self.s.hens[seat] >= PLACES:
            self.s.winners[0] = seat
            self.s.winners_n = 1
            self.s.phase = OVER
            return True
        return False

    cdef int resolve_start_roll(self, int face) except -1:
        """K-2.1: seats of ``start_seats`` roll in seat order; highest starts."""
        cdef int p = self.s.player, n = self.s.n, seats = self.s.start_seats, k, best = -1, count = 0, first = -1
        self.s.start_rolls[p] = face
        if self._is_recorder:
            self._emit("start_roll", seat=p, die=face)
        for k in range(p + 1, n):
            if seats >> k & 1:
                self.s.player = k
                return 0
        for k in range(n):
            if seats >> k & 1 and self.s.start_rolls[k] > best:
                best = self.s.start_rolls[k]
        for k in range(n):
            if seats >> k & 1 and self.s.start_rolls[k] == best:
                if first < 0:
                    first = k
                count += 1
        if count == 1:
            self.s.start_seats = 0
            self.s.first = first
            if self._is_recorder:
                self._emit("first_player", seat=first)
            self.begin_turn(first)
            return 0
        self.s.start_seats = 0
        for k in range(n):
            if seats >> k & 1 and self.s.start_rolls[k] == best:
                self.s.start_seats |= 1 << k
        if self._is_recorder:
            self._emit("start_tie", seats=self.bits(self.s.start_seats))
        for k in range(n):
            self.s.start_rolls[k] = 0
        self.s.player = first
        return 0

    cdef int resolve_turn_choice(self, int action) except -1:
        """K-3.1: roll, or one exchange (K-6); ``pass`` in a quarantine turn."""
        cdef int p = self.s.player
        if action == ROLL:
            if self._is_recorder:
                self._emit("roll", seat=p,
                           only=self.s.eggs[p] < 3 and self.s.chicks[p] < 3 and not self.can_buy(p))
            self.s.phase = DICE
            return 0
        if action == EXCHANGE_EGGS:  # K-6.1: 3 eggs -> 1 chick (K-5.3 if none)
            self.s.eggs[p] -= 3
            self.s.sup_eggs += 3
            if self._is_recorder:
                self._emit("exchange", seat=p, paid="egg", count=3, got="chick" if self.s.sup_chicks else None)
            if self.s.sup_chicks:
                self.s.sup_chicks -= 1
                self.s.chicks[p] += 1
        elif action == EXCHANGE_CHICKS:  # K-6.1: 3 chicks -> 1 hen (K-5.2 if none)
            self.s.chicks[p] -= 3
            self.s.sup_chicks += 3
            if self._is_recorder:
                self._emit("exchange", seat=p, paid="chick", count=3, got="hen" if self.s.sup_hens else None)
            if self.hen_due(NO_DIE, -1):
                return 0
        elif action == EXCHANGE_HENS:  # K-6.2: 5 hens -> rooster
            self.s.hens[p] -= 5
            self.s.sup_hens += 5
            self.s.sup_roosters -= 1
            self.s.rooster[p] = ROOSTER_ALIVE
            if self._is_recorder:
                self._emit("exchange", seat=p, paid="hen", count=5, got="rooster")
        else:  # K-11.3: the quarantine turn passes
            if self._is_recorder:
                self._emit("turn_passed", seat=p)
        self.end_turn()
        return 0

    # ----- rolls ---------------------------------------------------------------------------------
    cdef int resolve_dice(self, int high, int low) except -1:
        cdef int p = self.s.player, first, second, kind, count
        cdef object dice = None
        self.s.roll[0] = high
        self.s.roll[1] = low
        self.s.roll[2] = 0
        self.s.roll[3] = 0
        self.s.roll_n = 2
        self.s.roller = p
        if self._is_recorder:
            dice = [high, low]
            self._emit("dice_rolled", seat=p, dice=dice)
        if high != low:  # K-4.1, resolved hen, chick, egg (K-5.4)
            first = KIND_OF_FACE[high]
            second = KIND_OF_FACE[low]
            if first == HEN:
                if self.hen_due(high, second):
                    return 0
            else:
                self.gain_small(first, high)
            self.gain_small(second, low)
            self.end_turn()
            return 0
        if high <= 3:  # K-4.2 gifts
            kind = GIFT_OF_DOUBLE[high]
            count = self.s.eggs[p] if kind == EGG else (self.s.chicks[p] if kind == CHICK else self.s.hens[p])
            if count:
                if self._is_recorder:
                    self._emit("gift_due", seat=p, dice=dice, card=NAMES[kind])
                self.s.gift = kind
                self.s.phase = GIVE
                return 0
            if self._is_recorder:
                self._emit("gift_none", seat=p, dice=dice, card=NAMES[kind])
        elif high == 4:  # K-4.3 hard times
            if self._is_recorder:
                self._emit("hard_times", seat=p, dice=dice, eggs=self.s.eggs[p])
            self.s.sup_eggs += self.s.eggs[p]
            self.s.eggs[p] = 0
        elif high == 5:  # K-4.4 bird flu: one more die
            if self._is_recorder:
                self._emit("bird_flu", seat=p, dice=dice)
            self.s.phase = FLU
            return 0
        elif self.s.fox:  # K-9.4
            rooster = self.s.rooster[p] == ROOSTER_ALIVE
            if self._is_recorder:
                self._emit("fox", seat=p, dice=dice, hens=0 if rooster else self.s.hens[p], rooster=rooster)
            if not rooster:
                self.s.sup_hens += self.s.hens[p]
                self.s.hens[p] = 0
        else:  # K-4.5 announce, then re-roll
            if self._is_recorder:
                self._emit("announce_due", seat=p, dice=dice, rob_one=bool(self.s.rough_thief))
            self.s.phase = ANNOUNCE
            return 0
        self.end_turn()
        return 0

    cdef int gain_small(self, int kind, int die) except -1:
        """Pay the egg or chick that the die showing ``die`` rolled (K-5.1,
        K-5.3, K-7.1)."""
        cdef int p = self.s.player
        if self.cards(p) < PLACES:
            if kind == EGG:
                if self.s.sup_eggs:
                    self.s.sup_eggs -= 1
                    self.s.eggs[p] += 1
                    if self._is_recorder:
                        self._emit("gain", seat=p, die=die, card=NAMES[kind])
                    return 0
            elif self.s.sup_chicks:
                self.s.sup_chicks -= 1
                self.s.chicks[p] += 1
                if self._is_recorder:
                    self._emit("gain", seat=p, die=die, card=NAMES[kind])
                return 0
            if self._is_recorder:
                self._emit("gain_dropped", seat=p, die=die, card=NAMES[kind], reason="supply_empty")
        elif kind == CHICK and self.s.eggs[p]:  # K-7.1 egg -> chick
            if self.s.sup_chicks:
                self.s.eggs[p] -= 1
                self.s.sup_eggs += 1
                self.s.chicks[p] += 1
                self.s.sup_chicks -= 1
                if self._is_recorder:
                    self._emit("develop", seat=p, die=die, card=NAMES[kind])
            elif self._is_recorder:
                self._emit("gain_dropped", seat=p, die=die, card=NAMES[kind], reason="supply_empty")
        elif self._is_recorder:
            self._emit("gain_dropped", seat=p, die=die, card=NAMES[kind], reason="no_place")
        return 0

    cdef int hen_due(self, int die, int rest) except -1:
        """Pay one hen to the player, rolled by the die showing ``die`` or
        (``die`` :data:`NO_DIE`) bought by an exchange, from the supply or by
        the thief rule (state.py ``_hen_due``). Returns 1 if the turn is
        paused (a ``steal`` decision) or the game is over, else 0."""
        cdef int p = self.s.player, develop
        if self.cards(p) < PLACES:
            develop = 0
        elif die != NO_DIE and self.s.chicks[p]:
            develop = 1
        else:  # K-5.5: no place, no chick: not taken, no theft
            if self._is_recorder:
                self._emit("gain_dropped", seat=p, die=die_object(die), card="hen", reason="no_place")
            return 0
        if self.s.sup_hens:
            self.s.sup_hens -= 1
            self.s.hens[p] += 1
            if develop:
                self.s.chicks[p] -= 1
                self.s.sup_chicks += 1
                if self._is_recorder:
                    self._emit("develop", seat=p, die=die_object(die), card="hen")
            elif die != NO_DIE and self._is_recorder:  # an exchange said what it got
                self._emit("gain", seat=p, die=die, card="hen")
            return self.win_check(p)
        if not self.has_hen_holder(p):  # K-5.2: nobody to steal from
            if self._is_recorder:
                self._emit("gain_dropped", seat=p, die=die_object(die), card="hen", reason="no_victim")
            return 0
        if self._is_recorder:
            self._emit("theft_due", seat=p, hens=1, die=die_object(die), then=self.s.roll[1] if rest >= 0 else None,
                       source="exchange" if die == NO_DIE else "die")
        self.s.phase = STEAL
        self.s.steal_left = 1
        self.s.steal_develop = develop
        self.s.rest = rest
        return 1

    cdef int resolve_steal(self, int victim) except -1:
        """K-5.2: ``victim`` hands one hen over, unless a rooster stops it (K-9.2)."""
        cdef int p = self.s.player, rest
        if self.s.rooster[victim] == ROOSTER_ALIVE:
            self.block(victim, "steal")
        else:
            self.s.hens[victim] -= 1
            self.s.hens[p] += 1
            if self.s.steal_develop:
                self.s.chicks[p] -= 1
                self.s.sup_chicks += 1
            if self._is_recorder:
                self._emit("theft", thief=p, victim=victim, card="hen", develop=bool(self.s.steal_develop),
                           rule="K-5.2")
            if self.win_check(p):
                return 0
        self.s.steal_left -= 1
        if self.s.steal_left:
            if self.has_hen_holder(p):
                if self._is_recorder:
                    self._emit("hens_due", seat=p, hens=self.s.steal_left)
                return 0
            if self._is_recorder:
                self._emit("hens_unpaid", seat=p, hens=self.s.steal_left, source="steal")
        self.s.steal_left = 0
        self.s.steal_develop = 0
        rest = self.s.rest
        self.s.rest = -1
        if rest >= 0:
            self.gain_small(rest, self.s.roll[1])
        self.end_turn()
        return 0

    cdef int block(self, int seat, str attempt) except -1:
        """K-9.2: the rooster of ``seat`` stops a theft attempt (``attempt``:
        ``"steal"``, K-5.2, or ``"rob"``, K-4.5/K-9.1); the third one kills it."""
        cdef bint died
        self.s.blocks[seat] += 1
        died = self.s.blocks[seat] >= ROOSTER_LIVES
        if died:
            self.s.rooster[seat] = ROOSTER_DEAD
            self.s.box_roosters += 1
        if self._is_recorder:
            self._emit("rooster_block", thief=self.s.player, victim=seat, attempt=attempt,
                       blocks_left=ROOSTER_LIVES - self.s.blocks[seat], died=died)
        return 0

    cdef int resolve_gift(self, int to) except -1:
        """K-4.2: the roller gives one card; a full coop sends it to the supply."""
        cdef int p = self.s.player, kind = self.s.gift
        cdef int* counts
        cdef bint room
        if kind == EGG:
            counts = self.s.eggs
        elif kind == CHICK:
            counts = self.s.chicks
        else:
            counts = self.s.hens
        counts[p] -= 1
        room = self.cards(to) < PLACES
        if self._is_recorder:
            self._emit("gift", seat=p, to=to, card=NAMES[kind], returned=not room)
        if room:
            counts[to] += 1
            if kind == HEN and self.win_check(to):
                return 0
        elif kind == EGG:
            self.s.sup_eggs += 1
        elif kind == CHICK:
            self.s.sup_chicks += 1
        else:
            self.s.sup_hens += 1
        self.end_turn()
        return 0

    cdef int resolve_flu(self, int face) except -1:
        """K-4.4 bird flu (no rooster protects, K-9.2)."""
        cdef int p = self.s.player
        self.s.roll[self.s.roll_n] = face
        self.s.roll_n += 1
        if face <= 3:
            if self._is_recorder:
                self._emit("quarantine", seat=p, die=face)
            self.s.quarantine |= 1 << p
        elif face <= 5:
            if self._is_recorder:
                self._emit("flu_loss", seat=p, die=face, card="chick", count=self.s.chicks[p])
            self.s.sup_chicks += self.s.chicks[p]
            self.s.chicks[p] = 0
        else:
            if self._is_recorder:
                self._emit("flu_loss", seat=p, die=face, card="hen", count=self.s.hens[p])
            self.s.sup_hens += self.s.hens[p]
            self.s.hens[p] = 0
        self.end_turn()
        return 0

    cdef int resolve_reroll(self, int high, int low) except -1:
        """K-4.5: the announced option with D = high - low (doubles: 0, K-8.5)."""
        cdef int p = self.s.player, n = self.s.n, d = high - low, choice = self.s.choice
        cdef int free, gain, paid, q, lost, kept
        self.s.roll[self.s.roll_n] = high
        self.s.roll[self.s.roll_n + 1] = low
        self.s.roll_n += 2
        self.s.choice = TAKE_NONE
        if self._is_recorder:
            self._emit("reroll", seat=p, dice=[high, low], difference=d)
        if d == 0:  # K-8.5
            if self._is_recorder:
                self._emit("reroll_void", seat=p)
        elif choice == TAKE:
            free = PLACES - self.cards(p)
            gain = d if d < free else free
            if gain < d and self._is_recorder:
                self._emit("take_limited", seat=p, free=free, left=d - gain)
            paid = gain if gain < self.s.sup_hens else self.s.sup_hens
            self.s.sup_hens -= paid
            self.s.hens[p] += paid
            if paid and self._is_recorder:
                self._emit("hens_taken", seat=p, hens=paid)
            if self.win_check(p):
                return 0
            if gain > paid:
                if self.has_hen_holder(p):  # K-5.2 one by one
                    if self._is_recorder:
                        self._emit("theft_due", seat=p, hens=gain - paid, die=None, then=None, source="take")
                    self.s.phase = STEAL
                    self.s.steal_left = gain - paid
                    self.s.steal_develop = 0
                    self.s.rest = -1
                    return 0
                if self._is_recorder:
                    self._emit("hens_unpaid", seat=p, hens=gain - paid, source="take")
        elif choice == ROB_ALL:  # every other player, one attempt each (K-9.2)
            bare = [] if self._is_recorder else None
            for q in range(n):
                if q == p:
                    continue
                if not self.s.hens[q]:
                    if bare is not None:
                        bare.append(q)
                elif self.s.rooster[q] == ROOSTER_ALIVE:
                    self.block(q, "rob")
                else:
                    lost = d if d < self.s.hens[q] else self.s.hens[q]
                    self.s.hens[q] -= lost
                    self.s.sup_hens += lost
                    if self._is_recorder:
                        self._emit("robbed", thief=p, victim=q, hens=lost, kept=0, everything=lost < d, mode="all")
            if bare:
                self._emit("rob_nothing", thief=p, seats=bare, mode="all")
        else:  # K-9.1 rob one
            q = choice - ROB_BASE
            if not self.s.hens[q]:
                if self._is_recorder:
                    self._emit("rob_nothing", thief=p, seats=[q], mode="one")
            elif self.s.rooster[q] == ROOSTER_ALIVE:
                self.block(q, "rob")
            else:
                lost = d if d < self.s.hens[q] else self.s.hens[q]
                free = PLACES - self.cards(p)
                kept = lost if lost < free else free
                self.s.hens[q] -= lost
                self.s.hens[p] += kept
                self.s.sup_hens += lost - kept
                if self._is_recorder:
                    self._emit("robbed", thief=p, victim=q, hens=lost, kept=kept, everything=lost < d, mode="one")
                if self.win_check(p):
                    return 0
        self.end_turn()
        return 0

    cdef int resolve_announce(self, int action) except -1:
        """K-4.5 / K-9.1: the 6-6 roller announces what the re-roll does."""
        if self._is_recorder:
            if action == TAKE:
                self._emit("announced", seat=self.s.player, choice="take", victim=None)
            elif action == ROB_ALL:
                self._emit("announced", seat=self.s.player, choice="rob all", victim=None)
            else:
                self._emit("announced", seat=self.s.player, choice="rob", victim=action - ROB_BASE)
        self.s.choice = action
        self.s.phase = REROLL
        return 0

    # ----- copies ------------------------------------------------------------------------------
    cdef void c_copy_fields(self, CompiledState other) noexcept:
        memcpy(&(<KurnikKernel> other).s, &self.s, sizeof(KFields))

    cdef bint c_same_fields(self, CompiledState other) noexcept:
        return memcmp(&(<KurnikKernel> other).s, &self.s, sizeof(KFields)) == 0

    # ----- fast answers for the shared Python code -----------------------------------------------
    def _observation_token(self, int seat, action):
        """What ``seat`` sees of ``action``: all of it (perfect information,
        K-10.1), its action string."""
        cdef object text
        if type(action) is int and 0 <= action < NUM_ACTION_IDS:
            text = action_strings(self.s.n)[action]
            if text is not None:
                return text
        return self._action_to_string(action)

    def _is_hidden_from(self, int seat, action):
        """Never (K-10.1); an id that names no action is refused as the
        Python engine refuses it."""
        if type(action) is int and 0 <= action < NUM_ACTION_IDS and action_strings(self.s.n)[action] is not None:
            return False
        return "?" in self._action_to_string(action)

    def _action_to_string(self, action):
        cdef object text
        if type(action) is int and 0 <= action < NUM_ACTION_IDS:
            text = action_strings(self.s.n)[action]
            if text is not None:
                return text
        return KurnikReading._action_to_string(self, action)

    cdef int c_period(self) except? -1:
        return self.s.turn

    cdef bint c_is_hidden(self, int seat, int action) except -1:
        if 0 <= action < NUM_ACTION_IDS and action_strings(self.s.n)[action] is not None:
            return False
        return "?" in self._action_to_string(action)

    def _period(self):
        """Turns taken so far (K-3.1), the one in play included."""
        return self.s.turn

    def period(self):
        """The turn in play (from 1; the start rolls are 0), or at the end
        the number of turns taken (see :meth:`herna.core.State.period`)."""
        return self.s.turn

    def _chance_stream(self):
        return self.s.turn

    def _returns(self):
        cdef int k
        out = [0.0] * self.s.n
        for k in range(self.s.winners_n):
            out[self.s.winners[k]] = 1.0
        return out

    # ----- the observation tensor (observation.py) -------------------------------------------
    def _observation_tensor(self, int seat):
        """The float32 tensor of ``seat``, laid out as in ``observation.py``."""
        cdef int n = self.s.n, r, k, e, c, h, i = 0, j, size = tensor_size(n), acting, choice
        arr = np.zeros(size, dtype=np.float32)
        cdef float[::1] out = arr
        acting = self.s.player if self.s.phase != OVER else -1
        for r in range(n):
            k = (seat + r) % n
            e = self.s.eggs[k]
            c = self.s.chicks[k]
            h = self.s.hens[k]
            out[i] = <float> (e / <double> PLACES)
            out[i + 1] = <float> (c / <double> PLACES)
            out[i + 2] = <float> (h / <double> PLACES)
            out[i + 3] = <float> ((PLACES - e - c - h) / <double> PLACES)
            out[i + 4] = self.s.rooster[k] == ROOSTER_ALIVE
            out[i + 5] = self.s.rooster[k] == ROOSTER_DEAD
            out[i + 6] = <float> (self.s.blocks[k] / <double> ROOSTER_LIVES)
            out[i + 7] = self.s.quarantine >> k & 1
            out[i + 8] = k == acting
            for j in range(self.s.winners_n):
                if self.s.winners[j] == k:
                    out[i + 9] = 1
            out[i + 10] = <float> (self.s.start_rolls[k] / 6.0)
            i += 11
        out[i] = <float> (self.s.sup_eggs / <double> (self.s.opt_eggs if self.s.opt_eggs > 1 else 1))
        out[i + 1] = <float> (self.s.sup_chicks / <double> (self.s.opt_chicks if self.s.opt_chicks > 1 else 1))
        out[i + 2] = <float> (self.s.sup_hens / <double> (self.s.opt_hens if self.s.opt_hens > 1 else 1))
        out[i + 3] = <float> (self.s.sup_roosters / <double> (self.s.opt_roosters if self.s.opt_roosters > 1 else 1))
        i += 4
        out[i + self.s.phase] = 1
        i += 9
        if self.s.phase == GIVE:
            out[i + self.s.gift] = 1
        i += 3
        choice = self.s.choice
        if self.s.phase == REROLL and choice != TAKE_NONE:
            if choice == TAKE:
                out[i] = 1
            elif choice == ROB_ALL:
                out[i + 1] = 1
            else:
                out[i + 2] = 1
                out[i + 3 + ((choice - ROB_BASE - seat) % n + n) % n] = 1
        i += 3 + n
        if self.s.phase == STEAL:
            out[i] = <float> (self.s.steal_left / <double> PLACES)
            out[i + 1] = self.s.steal_develop
            if self.s.rest >= 0:
                out[i + 2 + self.s.rest] = 1
        i += 4
        out[i] = self.s.lost_turn
        i += 1
        for j in range(self.s.roll_n):
            out[i + 6 * j + self.s.roll[j] - 1] = 1
        i += 24
        if self.s.turn_limit:
            out[i] = <float> (self.s.turn / <double> self.s.turn_limit)
        i += 1
        if i != size:
            raise InvariantError(f"observation layout fills {i} of {size} floats")
        return arr

    # ----- the fields, as the Python engine's slots (read by KurnikReading) ----------------------
    cdef list ints(self, int* values):
        return [values[i] for i in range(self.s.n)]

    cdef list bits(self, int mask):
        return [k for k in range(self.s.n) if mask >> k & 1]

    cdef list winners_list(self):
        return [self.s.winners[i] for i in range(self.s.winners_n)]

    @property
    def _eggs(self):
        return self.ints(self.s.eggs)

    @property
    def _chicks(self):
        return self.ints(self.s.chicks)

    @property
    def _hens(self):
        return self.ints(self.s.hens)

    @property
    def _rooster(self):
        return [ROOSTERS[self.s.rooster[i]] for i in range(self.s.n)]

    @property
    def _blocks(self):
        return self.ints(self.s.blocks)

    @property
    def _sup_eggs(self):
        return self.s.sup_eggs

    @property
    def _sup_chicks(self):
        return self.s.sup_chicks

    @property
    def _sup_hens(self):
        return self.s.sup_hens

    @property
    def _sup_roosters(self):
        return self.s.sup_roosters

    @property
    def _box_hens(self):
        return self.s.box_hens

    @property
    def _box_roosters(self):
        return self.s.box_roosters

    @property
    def _phase(self):
        return PHASES[self.s.phase]

    @property
    def _player(self):
        return self.s.player

    @property
    def _turn(self):
        return self.s.turn

    @property
    def _quarantine(self):
        return self.s.quarantine

    @property
    def _lost_turn(self):
        return bool(self.s.lost_turn)

    @property
    def _roll(self):
        return tuple([self.s.roll[i] for i in range(self.s.roll_n)])

    @property
    def _roller(self):
        return self.s.roller

    @property
    def _gift(self):
        return KINDS[self.s.gift]

    @property
    def _choice(self):
        return self.s.choice

    @property
    def _steal_left(self):
        return self.s.steal_left

    @property
    def _steal_develop(self):
        return bool(self.s.steal_develop)

    @property
    def _rest(self):
        return KINDS[self.s.rest] if self.s.rest >= 0 else -1

    @property
    def _start_seats(self):
        return self.s.start_seats

    @property
    def _start_rolls(self):
        return self.ints(self.s.start_rolls)

    @property
    def _first(self):
        return self.s.first

    @property
    def _winners(self):
        return self.winners_list()

    # ----- the search's leaf value (race.py) ----------------------------------------------------
    def _race_win_probabilities(self):
        """:func:`herna.games.kurnik.race.race_win_probabilities` read from the
        struct: the same rows of the same tables, the same products in the
        same order (``cumprod`` is a running product) and the same
        ``numpy.einsum``, so the same numbers; a live rooster (K-9.2) takes
        the Python way (``race_of_fields``)."""
        cdef int n = self.s.n, i, k, t, width, offset
        cdef int rows[MAX_SEATS]
        cdef int order[MAX_SEATS]
        cdef const double[:, ::1] pmf, surv, before
        cdef double[:, ::1] p, ahead, behind
        if self.s.phase == OVER:
            return self._returns_of_winners()
        for k in range(n):
            if self.s.rooster[k] == ROOSTER_ALIVE:
                return race_of_fields(self)
        tables = _RACE_TABLES.get(self.s.fox)
        if tables is None:
            tables = _RACE_TABLES[self.s.fox] = tuple(np.ascontiguousarray(a) for a in
                                                      race_survival("fox" if self.s.fox else "announce"))
        pmf, surv, before = tables
        width = pmf.shape[1]
        offset = N_COOPS
        for i in range(n):
            k = (self.s.player + i) % n
            order[i] = k
            rows[i] = COOP_ROW[self.s.eggs[k]][self.s.chicks[k]][self.s.hens[k]] + (
                offset if self.s.quarantine >> k & 1 else 0)
        p_arr = np.empty((n, width))
        ahead_arr = np.empty((n, width))
        behind_arr = np.empty((n, width))
        p, ahead, behind = p_arr, ahead_arr, behind_arr
        for i in range(n):
            for t in range(width):
                p[i, t] = pmf[rows[i], t]
        for t in range(width):
            ahead[0, t] = 1.0
            behind[n - 1, t] = 1.0
        for i in range(1, n):  # np.cumprod(s[:-1], axis=0): a running product, seat by seat
            for t in range(width):
                ahead[i, t] = surv[rows[0], t] if i == 1 else ahead[i - 1, t] * surv[rows[i - 1], t]
        for i in range(n - 2, -1, -1):  # np.cumprod(b[:0:-1], axis=0), from the last seat back
            for t in range(width):
                behind[i, t] = before[rows[n - 1], t] if i == n - 2 else behind[i + 1, t] * before[rows[i + 1], t]
        wins = np.einsum("it,it,it->i", p_arr, ahead_arr, behind_arr)
        out = [0.0] * n
        for i in range(n):
            out[order[i]] = float(wins[i])
        return out

    cdef list _returns_of_winners(self):
        cdef int n = self.s.n, k, i
        out = [0.0] * n
        for i in range(self.s.winners_n):
            out[self.s.winners[i]] = 1.0 / self.s.winners_n
        return out


class KurnikCompiledState(KurnikKernel, KurnikReading, State):
    """A Kurník game on the compiled engine (module docstring):
    ``herna.load("kurnik", engine="compiled")``."""

    __slots__ = ()
