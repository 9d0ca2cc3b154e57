# The compiled engine's machinery (herna/core/compiled.pyx): the C-level
# interface every game's compiled state implements (herna/games/<g>/compiled.pyx).

cdef enum:
    MAX_LEGAL = 128      # most legal actions of any decision (Trumfosaur's exchange: 56)
    MAX_OUTCOMES = 64    # most outcomes of any chance node (Trumfosaur's first card: 50)

cdef enum:
    C_CHANCE = -1        # = herna.core.CHANCE
    C_TERMINAL = -4      # = herna.core.TERMINAL

cdef Py_ssize_t randbelow(object rng, Py_ssize_t n) except -1
cdef double random01(object rng) except? -1.0
cdef void shuffle_ints(object rng, int* items, Py_ssize_t count) except *
cdef int popcount64(unsigned long long mask) noexcept nogil
cdef int nth_bit64(unsigned long long mask, int k) noexcept nogil
cdef int low_bit64(unsigned long long mask) noexcept nogil
cdef list bits_list(unsigned long long mask)
cdef int sample_ints(object rng, int* population, int n, int k, int* out) except -1
cdef int sample_assignment_c(int* pool, int count, int* sizes, unsigned long long* forbidden, int slots,
                             object rng, int tries, int* out) except -1
cdef object int_object(int value)


cdef class CompiledState:
    cdef public object game
    cdef public object _deals
    cdef public object _transcripts
    cdef readonly int num_players
    cdef object _recorder           # a recording replica of this state (events), or None
    cdef Py_ssize_t _events_from    # events of the actions from this index on; -1: silenced
    cdef bint _is_recorder          # this state is a recorder: _emit keeps events
    cdef list _recorded             # a recorder's events
    cdef int* hist
    cdef Py_ssize_t hist_len
    cdef Py_ssize_t hist_cap
    cdef int legal[MAX_LEGAL]
    cdef int legal_n                # -1: not computed for this position

    # ----- the game's hooks ---------------------------------------------------
    cdef int c_init(self) except -1
    cdef int c_current(self) noexcept
    cdef int c_legal(self, int* out) except -1
    cdef int c_apply(self, int action) except -1
    cdef int c_forced_chance(self) except -2
    cdef int c_chance(self, int* actions, double* probs) except -1
    cdef bint c_chance_ok(self, int action) except -1
    cdef int c_sample_chance(self, object rng) except -2
    cdef list c_chance_list(self)
    cdef int c_period(self) except? -1
    cdef bint c_is_hidden(self, int seat, int action) except -1
    cdef void c_copy_fields(self, CompiledState other) noexcept
    cdef bint c_same_fields(self, CompiledState other) noexcept

    # ----- machinery ------------------------------------------------------------
    cdef int c_do(self, int action) except -1
    cdef int c_advance(self) except -1
    cdef int c_legal_count(self) except -1
    cdef int c_checked(self, object action, object on_step) except -1
    cdef CompiledState c_new(self, bint recorder)
    cdef CompiledState c_clone(self, bint events)
    cdef CompiledState c_recorder(self)
