# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""ISMCTS iterations on the compiled engine (:mod:`herna.bots.ismcts`).

:func:`iterate` is :meth:`herna.bots.ismcts.ISMCTSBot._iterate` and its
rollout, line for line, over a :class:`herna.core.compiled.CompiledState`:
the horizon is checked in C (:meth:`herna.core.search.Horizon.limits`), legal
actions are read from the state's C array, actions are applied with the
engine's C ``push``, and every random draw is the one the Python search
makes (``rng.choice`` of the untried actions, ``rng.random()`` in the
rollout, the engine's chance draws), so both give the same tree, the same
moves and the same ``herna simulate`` numbers for the same seed.
"""

from libc.math cimport log, sqrt

from herna.core.compiled cimport C_CHANCE, C_TERMINAL, MAX_LEGAL, CompiledState, randbelow, random01

cdef double INF = float("inf")

cdef enum:
    KIND_END = 0
    KIND_SAME = 1
    KIND_UPTO = 2
    KIND_DONE = 3


cdef class Node:
    """A tree node, as :class:`herna.bots.ismcts.Node`: children by edge key,
    visit and availability counts and the summed utility of the seat whose
    move led here."""

    cdef public dict children
    cdef public long visits
    cdef public long avail
    cdef public double total

    def __cinit__(self):
        self.children = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0


cdef class Limits:
    """A horizon's :meth:`~herna.core.search.Horizon.limits`, checked in C."""

    cdef int kind
    cdef int period
    cdef bint at_chance
    cdef object horizon

    def __init__(self, horizon):
        kind, period, at_chance = horizon.limits()
        self.kind = {"end": KIND_END, "same": KIND_SAME, "upto": KIND_UPTO, "done": KIND_DONE}[kind]
        self.period = period
        self.at_chance = at_chance
        self.horizon = horizon

    cdef bint done(self, CompiledState state) except -1:
        cdef int player
        if self.kind == KIND_DONE:
            return self.horizon.done(state)
        player = state.c_current()
        if player == C_TERMINAL:
            return True
        if self.at_chance and player == C_CHANCE:
            return True
        if self.kind == KIND_SAME:
            return state.c_period() != self.period
        if self.kind == KIND_UPTO:
            return state.c_period() > self.period
        return False


def make_limits(horizon):
    """The :class:`Limits` of ``horizon``."""
    return Limits(horizon)


def iterate(bot, Node root, CompiledState state, Limits limits, rng, bint greedy):
    """One ISMCTS iteration of ``bot`` (an :class:`~herna.bots.ismcts.ISMCTSBot`)
    from ``root`` on the determinization ``state`` (changed in place); the
    utilities it backed up."""
    cdef int seat = bot.seat
    cdef double c = bot.exploration
    cdef Node node = root, child, best_child, other
    cdef list path = []
    cdef int player, action, i, count, untried_count
    cdef int legal[MAX_LEGAL]
    cdef int untried[MAX_LEGAL]
    cdef double value, best_value
    cdef dict children
    while not limits.done(state):
        player = state.c_current()
        if player == C_CHANCE:
            action = state.c_sample_chance(rng)
            key = state.observe_action(seat, action) if state.c_is_hidden(seat, action) else action
        else:
            count = state.c_legal_count()
            for i in range(count):
                legal[i] = state.legal[i]
            if player != seat and state.c_is_hidden(seat, legal[0]):
                if greedy:
                    action = bot._greedy_move(state, player)
                else:
                    action = legal[randbelow(rng, count)]
                key = state.observe_action(seat, action)
            else:
                children = node.children
                untried_count = 0
                for i in range(count):
                    if legal[i] not in children:
                        untried[untried_count] = legal[i]
                        untried_count += 1
                if untried_count:
                    action = untried[0] if untried_count == 1 else untried[randbelow(rng, untried_count)]
                    child = Node()
                    children[action] = child
                    for i in range(count):
                        other = children.get(legal[i])
                        if other is not None:
                            other.avail += 1
                    path.append((child, player))
                    state.c_do(action)
                    state.c_advance()
                    break
                best_child = None
                best_value = -INF
                action = legal[0]
                for i in range(count):
                    child = children[legal[i]]
                    child.avail += 1
                    value = child.total / child.visits + c * sqrt(log(<double> child.avail) / child.visits)
                    if value > best_value:
                        best_child, best_value, action = child, value, legal[i]
                path.append((best_child, player))
                node = best_child
                state.c_do(action)
                state.c_advance()
                continue
        child = node.children.get(key)
        if child is None:
            child = Node()
            node.children[key] = child
        node = child
        state.c_do(action)
        state.c_advance()
    rollout(bot, state, limits, rng, greedy)
    utility = limits.horizon.utility(state)
    for child, player in path:
        child.visits += 1
        child.total += utility[player]
    return utility


cdef int rollout(bot, CompiledState state, Limits limits, rng, bint greedy) except -1:
    """:meth:`herna.bots.ismcts.ISMCTSBot._rollout`."""
    cdef int player, action, count
    while not limits.done(state):
        player = state.c_current()
        if player == C_CHANCE:
            action = state.c_sample_chance(rng)
        elif greedy:
            action = bot._greedy_move(state, player)
        else:
            count = state.c_legal_count()
            action = state.legal[0] if count == 1 else state.legal[<int> (random01(rng) * count)]
        state.c_do(action)
        state.c_advance()
    return 0
