# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The compiled engine's machinery: :class:`CompiledState`, the C-level
counterpart of :class:`herna.core.PythonState`.

A game's compiled state (``herna/games/<game>/compiled.pyx``) is a subclass
of :class:`CompiledState` that keeps its fields in a C struct and implements
the ``c_*`` hooks of ``compiled.pxd``; its Python class is
``class XCompiledState(XKernel, herna.core.State)``, so the parts of the
contract that are the same for every engine come from
:class:`herna.core.State` and the hot ones from here:

* the history is a C array of action ids (``_history`` and :meth:`history`
  hand out lists);
* the legal actions of a decision are computed once per position into a C
  array and reused for the legality check and the auto-play;
* a clone copies the game's struct and the history with ``memcpy``;
* events are not recorded by the state itself: :meth:`events` keeps a
  *recorder*, a replica of the state that records, and replays into it the
  actions applied since it was last asked. A state that nobody asks for
  events (a search copy, a simulation) pays nothing for them; a screen that
  asks after every move pays one replayed action per move.

The random helpers (:func:`randbelow`, :func:`random01`,
:func:`shuffle_ints`) use a ``random.Random`` exactly as its own methods
(``randrange``, ``random``, ``shuffle``) do, so that both engines draw the
same cards from the same seed.
"""

import random as _random_module

from cpython.list cimport PyList_New, PyList_SET_ITEM
from cpython.mem cimport PyMem_Free, PyMem_Malloc, PyMem_Realloc
from cpython.object cimport PyObject
from cpython.ref cimport Py_INCREF
from libc.string cimport memcmp, memcpy

from herna.core.actionio import action_id as _action_id
from herna.core.errors import IllegalActionError
from herna.core.events import Event, select
from herna.core.state import CHANCE, TERMINAL, _check_rng

assert C_CHANCE == CHANCE and C_TERMINAL == TERMINAL

cdef object _Random = _random_module.Random
cdef bint _fast_random = False


# ----- random draws, the same as random.Random's ------------------------------------------
cdef extern from *:
    """
    /* CPython's random.Random is a Mersenne Twister whose state lives in its
       C object (Modules/_randommodule.c): the layout and genrand_uint32
       below are CPython's. herna draws from it directly, which gives the same
       numbers as rng.getrandbits / rng.random without a Python call each;
       _self_test_random checks that at import, else this is never used. */
    typedef struct { PyObject_HEAD int index; uint32_t state[624]; } herna_random_object;

    static uint32_t herna_genrand_uint32(PyObject *rng) {
        herna_random_object *self = (herna_random_object *) rng;
        static const uint32_t mag01[2] = {0x0U, 0x9908b0dfU};
        uint32_t y, *mt = self->state;
        int kk;
        if (self->index >= 624) {
            for (kk = 0; kk < 624 - 397; kk++) {
                y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
                mt[kk] = mt[kk + 397] ^ (y >> 1) ^ mag01[y & 0x1U];
            }
            for (; kk < 623; kk++) {
                y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
                mt[kk] = mt[kk + (397 - 624)] ^ (y >> 1) ^ mag01[y & 0x1U];
            }
            y = (mt[623] & 0x80000000U) | (mt[0] & 0x7fffffffU);
            mt[623] = mt[396] ^ (y >> 1) ^ mag01[y & 0x1U];
            self->index = 0;
        }
        y = mt[self->index++];
        y ^= (y >> 11);
        y ^= (y << 7) & 0x9d2c5680U;
        y ^= (y << 15) & 0xefc60000U;
        y ^= (y >> 18);
        return y;
    }

    static double herna_random01(PyObject *rng) {
        uint32_t a = herna_genrand_uint32(rng) >> 5, b = herna_genrand_uint32(rng) >> 6;
        return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
    }
    """
    unsigned int herna_genrand_uint32(object rng)
    double herna_random01(object rng)


cdef bint _direct_random = False
"""Whether a plain random.Random is drawn from its C state directly (checked
at import by _self_test_random)."""


cdef Py_ssize_t randbelow(object rng, Py_ssize_t n) except -1:
    """``rng.randrange(n)`` (``n > 0``): the same number and the same use
    of ``rng``. A plain ``random.Random`` is drawn from by ``getrandbits``
    as ``Random._randbelow_with_getrandbits`` does (from its C state where
    that was checked to be the same); any other generator by its own
    ``randrange``."""
    cdef int k
    cdef Py_ssize_t r
    if _fast_random and type(rng) is _Random:
        k = 0
        r = n
        while r:
            k += 1
            r >>= 1
        if _direct_random and k <= 32:
            r = herna_genrand_uint32(rng) >> (32 - k)
            while r >= n:
                r = herna_genrand_uint32(rng) >> (32 - k)
            return r
        getrandbits = rng.getrandbits
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        return r
    return rng.randrange(n)


cdef double random01(object rng) except? -1.0:
    """``rng.random()``."""
    if _direct_random and type(rng) is _Random:
        return herna_random01(rng)
    return rng.random()


cdef void shuffle_ints(object rng, int* items, Py_ssize_t count) except *:
    """``rng.shuffle`` of ``items[:count]``: the same order and the same use
    of ``rng`` as shuffling a list of them."""
    cdef Py_ssize_t i, j
    cdef int tmp
    i = count - 1
    while i >= 1:
        j = randbelow(rng, i + 1)
        tmp = items[i]
        items[i] = items[j]
        items[j] = tmp
        i -= 1


cdef int popcount64(unsigned long long mask) noexcept nogil:
    return __builtin_popcountll(mask)


cdef int low_bit64(unsigned long long mask) noexcept nogil:
    """Index of the lowest set bit (``mask`` not 0)."""
    return __builtin_ctzll(mask)


cdef int nth_bit64(unsigned long long mask, int k) noexcept nogil:
    """Index of the ``k``-th set bit of ``mask`` from the lowest (``k`` from
    0), as :func:`herna.core.bits.nth_bit`."""
    while k > 0:
        mask &= mask - 1
        k -= 1
    return __builtin_ctzll(mask)


cdef list bits_list(unsigned long long mask):
    """The set bits of ``mask``, ascending, as :func:`herna.core.bits.bit_list`."""
    cdef list out = []
    while mask:
        out.append(__builtin_ctzll(mask))
        mask &= mask - 1
    return out


cdef enum:
    NUM_INTS = 4096

cdef list _ints = list(range(NUM_INTS))
cdef PyObject* INTS[NUM_INTS]
cdef int _i
for _i in range(NUM_INTS):
    INTS[_i] = <PyObject*> _ints[_i]


cdef inline object int_object(int value):
    """``value`` as a Python int, from a table of the first 4096 (action
    ids above 256 would otherwise be allocated each time)."""
    if 0 <= value < NUM_INTS:
        return <object> INTS[value]
    return value


cdef extern from *:
    int __builtin_popcountll(unsigned long long) nogil
    int __builtin_ctzll(unsigned long long) nogil


cdef int sample_ints(object rng, int* population, int n, int k, int* out) except -1:
    """``rng.sample(population[:n], k)`` into ``out[:k]``: the same items in
    the same order, drawn with the same calls (CPython 3.11's algorithm: a
    pool for small populations, else a set of drawn indices)."""
    cdef int i, j, setsize = 21
    cdef int pool[256]
    if not 0 <= k <= n:
        raise ValueError("Sample larger than population or is negative")
    if k > 5:
        setsize += 4 ** _ceil(_log(k * 3, 4))
    if n <= setsize and n <= 256:
        for i in range(n):
            pool[i] = population[i]
        for i in range(k):
            j = randbelow(rng, n - i)
            out[i] = pool[j]
            pool[j] = pool[n - i - 1]
        return 0
    selected = set()
    for i in range(k):
        j = randbelow(rng, n)
        while j in selected:
            j = randbelow(rng, n)
        selected.add(j)
        out[i] = population[j]
    return 0


from math import ceil as _ceil, log as _log

cdef enum:
    MAX_SLOTS = 8
    MAX_POOL = 128


cdef bint feasible(int* counts, int* room, int n) noexcept:
    """Hall's condition, as :func:`herna.core.sampling._feasible`."""
    cdef int full = 1 << n, k, bit, subset, low
    cdef long need[1 << MAX_SLOTS]
    cdef long have[1 << MAX_SLOTS]
    for subset in range(full):
        need[subset] = counts[subset]
    for k in range(n):
        bit = 1 << k
        for subset in range(full):
            if subset & bit:
                need[subset] += need[subset ^ bit]
    if need[0]:  # a card that no slot may hold
        return False
    have[0] = 0
    for subset in range(1, full):
        low = subset & -subset
        have[subset] = have[subset ^ low] + room[__builtin_ctzll(low)]
        if need[subset] > have[subset]:
            return False
    return True


cdef int sample_assignment_c(int* pool, int count, int* sizes, unsigned long long* forbidden, int slots,
                             object rng, int tries, int* out) except -1:
    """:func:`herna.core.sampling.sample_assignment` into ``out``: the cards
    of slot 0, then slot 1, ... (``sizes[k]`` each), the same deal drawn
    with the same calls to ``rng``. ``ValueError`` as there."""
    cdef int cards[MAX_POOL]
    cdef int allowed[MAX_POOL]
    cdef int counts[1 << MAX_SLOTS]
    cdef int room[MAX_SLOTS]
    cdef int options[MAX_SLOTS]
    cdef int placed[MAX_SLOTS][MAX_POOL]
    cdef int placed_n[MAX_SLOTS]
    cdef int t, i, j, k, start, total = 0, n_options, c, kind, pos
    cdef bint ok
    cdef double pick, weight_total
    cdef long cum
    if count > MAX_POOL or slots > MAX_SLOTS:
        raise ValueError(f"{count} cards in {slots} slots is beyond the compiled sampler")
    for k in range(slots):
        total += sizes[k]
    if total != count:
        raise ValueError(f"{count} unknown cards do not fill slots of sizes {[sizes[k] for k in range(slots)]}")
    for i in range(count):
        cards[i] = pool[i]
    for t in range(tries):
        shuffle_ints(rng, cards, count)
        ok = True
        start = 0
        for k in range(slots):
            if forbidden[k]:
                for i in range(start, start + sizes[k]):
                    if forbidden[k] >> cards[i] & 1:
                        ok = False
                        break
                if not ok:
                    break
            start += sizes[k]
        if ok:
            for i in range(count):
                out[i] = cards[i]
            return 0
    # _sequential: the most constrained cards first, each into a slot that keeps the rest feasible
    for kind in range(1 << slots):
        counts[kind] = 0
    for i in range(count):
        kind = 0
        for k in range(slots):
            if not (forbidden[k] >> cards[i] & 1):
                kind |= 1 << k
        allowed[i] = kind
        counts[kind] += 1
    for k in range(slots):
        room[k] = sizes[k]
        placed_n[k] = 0
    if not feasible(counts, room, slots):
        raise ValueError("no deal of the unknown cards fits what is known")
    shuffle_ints(rng, cards, count)
    for i in range(count):  # allowed follows the cards it was computed for
        kind = 0
        for k in range(slots):
            if not (forbidden[k] >> cards[i] & 1):
                kind |= 1 << k
        allowed[i] = kind
    # a stable sort by the number of slots allowed (insertion sort keeps equal keys in order)
    for i in range(1, count):
        c = cards[i]
        kind = allowed[i]
        j = i - 1
        while j >= 0 and __builtin_popcountll(allowed[j]) > __builtin_popcountll(kind):
            cards[j + 1] = cards[j]
            allowed[j + 1] = allowed[j]
            j -= 1
        cards[j + 1] = c
        allowed[j + 1] = kind
    for i in range(count):
        kind = allowed[i]
        counts[kind] -= 1
        n_options = 0
        for k in range(slots):
            if kind >> k & 1 and room[k] > 0:
                room[k] -= 1
                if feasible(counts, room, slots):
                    options[n_options] = k
                    n_options += 1
                room[k] += 1
        if n_options == 0:
            raise IndexError("list index out of range")  # as rng.choices([], []) in the Python engine
        weight_total = 0.0
        for j in range(n_options):
            weight_total += room[options[j]]
        pick = random01(rng) * weight_total
        pos = n_options - 1  # bisect_right(cum_weights, pick, 0, n - 1)
        cum = 0
        for j in range(n_options - 1):
            cum += room[options[j]]
            if cum > pick:
                pos = j
                break
        k = options[pos]
        room[k] -= 1
        placed[k][placed_n[k]] = cards[i]
        placed_n[k] += 1
    start = 0
    for k in range(slots):
        for i in range(placed_n[k]):
            out[start + i] = placed[k][i]
        start += sizes[k]
    return 0


def sample_assignment(pool, sizes, forbidden, rng, int tries=40):
    """:func:`herna.core.sampling.sample_assignment` in C: the same deal
    from the same ``rng`` (``list`` of cards per slot); for the compiled
    samplers and the test that compares both."""
    cdef int count = len(pool), slots = len(sizes), k, start = 0
    cdef int c_pool[MAX_POOL]
    cdef int c_sizes[MAX_SLOTS]
    cdef unsigned long long c_forbidden[MAX_SLOTS]
    cdef int out[MAX_POOL]
    if count > MAX_POOL or slots > MAX_SLOTS:
        raise ValueError(f"{count} cards in {slots} slots is beyond the compiled sampler")
    for k in range(count):
        c_pool[k] = pool[k]
    for k in range(slots):
        c_sizes[k] = sizes[k]
        c_forbidden[k] = forbidden[k]
    sample_assignment_c(c_pool, count, c_sizes, c_forbidden, slots, rng, tries, out)
    parts = []
    for k in range(slots):
        parts.append([out[i] for i in range(start, start + c_sizes[k])])
        start += c_sizes[k]
    return parts


def _self_test_random() -> bool:
    """Whether :func:`randbelow` and :func:`random01` draw as
    ``random.Random.randrange`` and ``random`` on this Python, across the
    generator's refills (checked once at import; otherwise every draw goes
    through the generator's own methods)."""
    cdef Py_ssize_t n
    cdef int i
    for seed in (0, 1, 2, 12345, 2**40 + 7):
        a = _Random(seed)
        b = _Random(seed)
        for i in range(700):
            for n in (1, 2, 3, 7, 10, 33, 50, 1000, 65537):
                if a.randrange(n) != randbelow(b, n):
                    return False
            if a.random() != random01(b):
                return False
        if a.getstate() != b.getstate():
            return False
    return True


_fast_random = True
_direct_random = True
if not _self_test_random():
    _direct_random = False
    _fast_random = _self_test_random()


def fast_random() -> str:
    """How draws from a plain ``random.Random`` are made: ``"direct"`` (from
    its C state), ``"getrandbits"`` (one call per draw) or ``"methods"``
    (its own ``randrange`` and ``random``)."""
    return "direct" if _direct_random else "getrandbits" if _fast_random else "methods"


cdef list int_list(int* values, int count):
    """``values[:count]`` as a list of Python ints."""
    cdef list out = PyList_New(count)
    cdef int i
    cdef object item
    for i in range(count):
        item = int_object(values[i])
        Py_INCREF(item)
        PyList_SET_ITEM(out, i, item)
    return out


# ----- the state ----------------------------------------------------------------------------
cdef class CompiledState:
    """The compiled engine's machinery (module docstring). Not used alone:
    each game's compiled state subclasses it."""

    def __cinit__(self):
        self.hist = NULL
        self.hist_len = 0
        self.hist_cap = 0
        self.legal_n = -1
        self._events_from = 0
        self._is_recorder = False
        self._recorder = None
        self._recorded = None
        self._transcripts = None

    def __init__(self, game, deals=()):
        self.game = game
        self._deals = deals
        self.num_players = game.num_players
        self.c_init()

    def __dealloc__(self):
        if self.hist != NULL:
            PyMem_Free(self.hist)

    # ----- hooks: each game implements these -----------------------------------------
    cdef int c_init(self) except -1:
        raise NotImplementedError

    cdef int c_current(self) noexcept:
        return C_TERMINAL

    cdef int c_legal(self, int* out) except -1:
        raise NotImplementedError

    cdef int c_apply(self, int action) except -1:
        raise NotImplementedError

    cdef int c_forced_chance(self) except -2:
        return -1

    cdef int c_chance(self, int* actions, double* probs) except -1:
        raise NotImplementedError

    cdef bint c_chance_ok(self, int action) except -1:
        cdef int actions[MAX_OUTCOMES]
        cdef double probs[MAX_OUTCOMES]
        cdef int i, count = self.c_chance(actions, probs)
        for i in range(count):
            if actions[i] == action:
                return True
        return False

    cdef int c_sample_chance(self, object rng) except -2:
        """As :func:`herna.core.state.draw_outcome` of the outcomes."""
        cdef int actions[MAX_OUTCOMES]
        cdef double probs[MAX_OUTCOMES]
        cdef int i, count = self.c_chance(actions, probs)
        cdef double total = 0.0, pick
        if count == 1:
            return actions[0]
        pick = random01(rng)
        for i in range(count):
            total += probs[i]
            if pick < total:
                return actions[i]
        return actions[count - 1]

    cdef list c_chance_list(self):
        """``[(action, probability), ...]`` of this chance node (games with
        many outcomes keep the pairs in a table)."""
        cdef int actions[MAX_OUTCOMES]
        cdef double probs[MAX_OUTCOMES]
        cdef int i, count = self.c_chance(actions, probs)
        return [(int_object(actions[i]), probs[i]) for i in range(count)]

    cdef int c_period(self) except? -1:
        """:meth:`herna.core.State.period` (games answer from their struct)."""
        return self._period()

    cdef bint c_is_hidden(self, int seat, int action) except -1:
        """:meth:`herna.core.State.is_hidden_from` with ``seat`` -1 for a spectator."""
        return self._is_hidden_from(seat, action)

    cdef void c_copy_fields(self, CompiledState other) noexcept:
        pass

    cdef bint c_same_fields(self, CompiledState other) noexcept:
        return True

    # ----- machinery ----------------------------------------------------------------------
    cdef CompiledState c_new(self, bint recorder):
        """A new state of this game and deals at the start (no action applied)."""
        cdef type cls = type(self)
        cdef CompiledState other = cls.__new__(cls)
        other.game = self.game
        other._deals = self._deals
        other.num_players = self.num_players
        other._is_recorder = recorder
        if recorder:
            other._recorded = []
            other._events_from = -1
        other.c_init()
        return other

    cdef int c_do(self, int action) except -1:
        cdef int* grown
        self.legal_n = -1
        self.c_apply(action)
        if self.hist_len == self.hist_cap:
            grown = <int*> PyMem_Realloc(self.hist, (self.hist_cap * 2 + 64) * sizeof(int))
            if grown == NULL:
                raise MemoryError()
            self.hist = grown
            self.hist_cap = self.hist_cap * 2 + 64
        self.hist[self.hist_len] = action
        self.hist_len += 1
        return 0

    cdef int c_legal_count(self) except -1:
        if self.legal_n < 0:
            self.legal_n = self.c_legal(self.legal)
        return self.legal_n

    cdef int c_advance(self) except -1:
        cdef int player, action
        while True:
            player = self.c_current()
            if player == C_TERMINAL:
                return 0
            if player == C_CHANCE:
                action = self.c_forced_chance()
                if action < 0:
                    return 0
            else:
                if self.c_legal_count() != 1:
                    return 0
                action = self.legal[0]
            self.c_do(action)

    cdef int c_checked(self, object action, object on_step) except -1:
        """``_checked_do``: refuse an illegal action as :class:`PythonState` does."""
        cdef int player = self.c_current()
        cdef long long value
        cdef int a, i, count
        cdef bint ok = False
        if player == C_TERMINAL:
            raise IllegalActionError("the game is over; no action is legal")
        if type(action) is not int:
            try:
                action = _action_id(action)
            except IllegalActionError:
                raise IllegalActionError(f"an action id (int) or string was expected, not {action!r}") from None
        if -2147483647 <= action <= 2147483647:
            a = action
            if player == C_CHANCE:
                ok = self.c_chance_ok(a)
            else:
                count = self.c_legal_count()
                for i in range(count):
                    if self.legal[i] == a:
                        ok = True
                        break
        if not ok:
            if player == C_CHANCE:
                raise IllegalActionError(f"{self._describe(action)} is not a possible chance outcome now")
            raise IllegalActionError(self._why_illegal(action))
        if on_step is not None:
            on_step(player, action)
        self.c_do(a)
        return 0

    cdef CompiledState c_clone(self, bint events):
        cdef type cls = type(self)
        cdef CompiledState other = cls.__new__(cls)
        other.game = self.game
        other._deals = self._deals
        other.num_players = self.num_players
        other._events_from = self._events_from if events else -1
        if self.hist_len:
            other.hist = <int*> PyMem_Malloc(self.hist_cap * sizeof(int))
            if other.hist == NULL:
                raise MemoryError()
            memcpy(other.hist, self.hist, self.hist_len * sizeof(int))
            other.hist_cap = self.hist_cap
            other.hist_len = self.hist_len
        self.c_copy_fields(other)
        if self.legal_n >= 0:
            memcpy(other.legal, self.legal, self.legal_n * sizeof(int))
        other.legal_n = self.legal_n
        return other

    cdef CompiledState c_recorder(self):
        """The recorder (module docstring), brought up to this state's history."""
        cdef CompiledState rec = <CompiledState> self._recorder
        cdef Py_ssize_t i
        if rec is None:
            rec = self.c_new(self._events_from == 0)
            for i in range(self._events_from):
                rec.c_do(self.hist[i])
            if not rec._is_recorder:
                rec._is_recorder = True
                rec._recorded = []
            self._recorder = rec
        for i in range(rec.hist_len, self.hist_len):
            rec.c_do(self.hist[i])
        return rec

    # ----- the hot part of the State contract ---------------------------------------------
    def current_player(self):
        """The seat to act, :data:`~herna.core.CHANCE`, or :data:`~herna.core.TERMINAL`."""
        return self.c_current()

    def is_terminal(self):
        return self.c_current() == C_TERMINAL

    def is_chance_node(self):
        return self.c_current() == C_CHANCE

    def legal_actions(self):
        """Sorted legal action ids of the player to act (chance: the
        outcomes; terminal: ``[]``)."""
        cdef int player = self.c_current()
        cdef int actions[MAX_OUTCOMES]
        cdef double probs[MAX_OUTCOMES]
        cdef int i, count
        if player == C_TERMINAL:
            return []
        if player == C_CHANCE:
            count = self.c_chance(actions, probs)
            return int_list(actions, count)
        return int_list(self.legal, self.c_legal_count())

    def chance_outcomes(self):
        """``[(action, probability), ...]`` at a chance node; raises
        ``IllegalActionError`` elsewhere."""
        if self.c_current() != C_CHANCE:
            raise IllegalActionError("this is not a chance node")
        return self._chance_outcomes()

    def _chance_outcomes(self):
        return self.c_chance_list()

    def apply_action(self, action, on_step=None):
        """Apply ``action`` (an id, or an action string) for the player to
        act, then every following decision with a single legal action (see
        :meth:`herna.core.State.apply_action`). ``IllegalActionError`` (saying
        why) leaves the state untouched."""
        if type(action) is str:
            action = self.string_to_action(action)
        self.c_checked(action, on_step)
        if on_step is None:
            self.c_advance()
        else:
            self._advance(on_step)

    def sample_chance(self, rng):
        """An outcome of this chance node drawn with ``rng`` (see
        :meth:`herna.core.State.sample_chance`)."""
        if type(rng) is not _Random:
            _check_rng(rng)
        if self.c_current() != C_CHANCE:
            raise IllegalActionError("this is not a chance node")
        return self.c_sample_chance(rng)

    def _sample_chance(self, rng):
        return self.c_sample_chance(rng)

    def push(self, int action):
        """Apply ``action`` unchecked, then the automatic ones (see
        :meth:`herna.core.State.push`)."""
        self.c_do(action)
        self.c_advance()

    def step(self, int action):
        """Apply one action of a history, unchecked, without the automatic
        ones (see :meth:`herna.core.State.step`)."""
        self.c_do(action)

    def forced_action(self):
        """The action the engine would apply by itself here, or ``None``
        (see :meth:`herna.core.State.forced_action`)."""
        cdef int player = self.c_current()
        cdef int action
        if player == C_TERMINAL:
            return None
        if player == C_CHANCE:
            action = self.c_forced_chance()
            return None if action < 0 else action
        if self.c_legal_count() == 1:
            return self.legal[0]
        return None

    def history(self):
        """Every action applied so far, chance and automatic ones included."""
        cdef Py_ssize_t i
        return [self.hist[i] for i in range(self.hist_len)]

    @property
    def _history(self):
        cdef Py_ssize_t i
        return [self.hist[i] for i in range(self.hist_len)]

    def num_actions(self):
        return self.hist_len

    def clone(self):
        """An independent copy (its events are rebuilt when asked for)."""
        return self.c_clone(True)

    def clone_silent(self):
        """:meth:`clone` without the events (a :meth:`silence`-d copy)."""
        return self.c_clone(False)

    def events(self, since=0, seat=None):
        """The engine events after action number ``since`` that ``seat``
        may see (``None``: a spectator), as
        :meth:`herna.core.PythonState.events` gives them."""
        if seat is not None:
            self._check_seat(seat)
        if self._events_from < 0:
            return []
        return select(self.c_recorder()._recorded, since, seat)

    def _sample_assignment(self, pool, sizes, forbidden, rng, int tries=40):
        """:func:`herna.core.sampling.sample_assignment` in C (the same
        deals from the same ``rng``), for the games' determinizations."""
        return sample_assignment(pool, sizes, forbidden, rng, tries)

    @property
    def _events(self):
        """The recorded :class:`~herna.core.events.Event` list (as the Python
        engine's ``_events`` slot; ``None`` when silenced)."""
        if self._events_from < 0:
            return None
        return self.c_recorder()._recorded

    def silence(self):
        """Record no events from now on (see :meth:`herna.core.PythonState.silence`)."""
        self._events_from = -1
        self._recorder = None
        return self

    def record_events(self):
        """Record events again, from the next action on (see
        :meth:`herna.core.PythonState.record_events`)."""
        if self._events_from < 0:
            self._events_from = self.hist_len
            self._recorder = None
        return self

    # ----- machinery, for the shared Python code --------------------------------------------
    def _current_player(self):
        return self.c_current()

    def _cached_legal(self):
        cdef int i, count = self.c_legal_count()
        return [self.legal[i] for i in range(count)]

    def _legal_actions(self):
        cdef int out[MAX_LEGAL]
        cdef int i, count = self.c_legal(out)
        return [out[i] for i in range(count)]

    def _forget_cache(self):
        self.legal_n = -1

    def _is_legal(self, action, int player):
        cdef int i, count
        if not -2147483647 <= action <= 2147483647:
            return False
        if player == C_CHANCE:
            return self.c_chance_ok(action)
        count = self.c_legal_count()
        for i in range(count):
            if self.legal[i] == action:
                return True
        return False

    def _forced_chance(self):
        cdef int action = self.c_forced_chance()
        return None if action < 0 else action

    def _checked_do(self, action, on_step=None):
        self.c_checked(action, on_step)

    def _do(self, int action):
        self.c_do(action)

    def _advance(self, on_step=None):
        cdef int player, action
        if on_step is None:
            self.c_advance()
            return
        while True:
            player = self.c_current()
            if player == C_TERMINAL:
                return
            if player == C_CHANCE:
                action = self.c_forced_chance()
                if action < 0:
                    return
            else:
                if self.c_legal_count() != 1:
                    return
                action = self.legal[0]
            on_step(player, action)
            self.c_do(action)

    def _emit(self, kind, seen_by=None, secret=(), **fields):
        """Record an event of the action being applied, in a recorder (see
        :meth:`herna.core.PythonState._emit`); nothing elsewhere."""
        if self._is_recorder:
            self._recorded.append(Event(self.hist_len + 1, kind, fields,
                                        None if seen_by is None else tuple(seen_by), tuple(secret)))

    def _recording(self):
        """Whether this state records events (only a recorder does)."""
        return self._is_recorder

    def __eq__(self, other):
        """Same game, deals, history and position (events not compared)."""
        cdef CompiledState that
        if type(other) is not type(self):
            return NotImplemented
        that = <CompiledState> other
        return (self.game == that.game and self._deals == that._deals and self.hist_len == that.hist_len
                and memcmp(self.hist, that.hist, self.hist_len * sizeof(int)) == 0
                and self.c_same_fields(that))

    __hash__ = None

    def __reduce__(self):
        return (_restore, (type(self), self.game, self._deals, self.history(), self._events_from))


def _restore(cls, game, deals, history, events_from):
    """Unpickle a compiled state: replay its history."""
    cdef CompiledState state = cls(game, deals)
    for action in history:
        state.c_do(action)
    state._events_from = events_from
    return state
