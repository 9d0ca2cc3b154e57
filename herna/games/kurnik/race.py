"""Kurník leaf values for search: a solitaire model of the race to 9 hens.

:func:`turns_to_win` is a table, for every coop ``(eggs, chicks, hens)``
(at most 9 cards, K-1.2) and quarantine flag, of the expected number of own
turns a player alone at the table needs to hold 9 hens (K-1.4), playing the
best of rolling and exchanging (K-3.1, K-6.1). Rolls follow K-4 (doubles 1-3
lose a card, 4-4 loses the eggs, 5-5 the bird-flu die, 6-6 the announced
take with ``D = |a - b|`` or, with ``six_six=fox``, the fox), payment hen
first with development in a full coop (K-5.4, K-7), with an unlimited supply
and no other players. It is solved once per ``six_six`` value by value
iteration (numpy, about 0.1 s) and cached.

:func:`turns_distribution` gives the whole distribution of that number of
turns under the same policy, and :func:`race_win_probabilities` turns the
coops at the table into each seat's chance to be the first to 9 hens
(K-1.4), treating the players as independent solitaire players who take
turns in seat order. That chance is what a bot wants to maximise: it values
a sure step more when ahead and a gamble more when behind, which the
expected number of turns cannot.

Approximations (the tables are heuristics for the leaves of a search, not a
rule): other players' gifts and thefts are ignored; a quarantine costs the
next roll but exchanges stay allowed; a live rooster (K-9.2) counts as
:data:`ROOSTER_TURNS` turns less per theft it can still stop (never less
than one more turn) and, under the fox (K-9.4), as a 6-6 that costs nothing.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from .constants import PLACES, ROOSTER_ALIVE, ROOSTER_LIVES

COOPS = [(e, c, h) for e in range(PLACES + 1) for c in range(PLACES + 1 - e) for h in range(PLACES + 1 - e - c)]
INDEX = {coop: i for i, coop in enumerate(COOPS)}
_KIND = (-1, 0, 0, 0, 1, 1, 2)  # egg, chick, hen paid by each face (K-4.1)
ROOSTER_TURNS = 0.7
"""Value of each theft a live rooster can still stop, in own turns (K-9.2)."""
TAIL = 1e-9
""":func:`turns_distribution` covers enough turns that the chance of
needing more is below this, from any coop."""


def _pay(e: int, c: int, h: int, kinds: list[int]) -> tuple[int, int, int]:
    """A non-double roll's gains, the hen first (K-5.4), developing a card
    when the coop is full (K-7.1)."""
    for kind in kinds:
        free = PLACES - e - c - h
        if kind == 2:
            if free:
                h += 1
            elif c:
                c, h = c - 1, h + 1
            if h == PLACES:
                return 0, 0, PLACES
        elif kind == 1:
            if free:
                c += 1
            elif e:
                e, c = e - 1, c + 1
        elif kind == 0 and free:
            e += 1
    return e, c, h


FOX_KEPT_OUT = "fox+rooster"
"""Internal ``six_six`` key of the tables for a rooster owner under the fox
(K-9.4: the rooster protects, the 6-6 costs nothing)."""


@lru_cache(maxsize=6)
def _roll_matrix(six_six: str) -> np.ndarray:
    """``roll[i, j]``: chance that one roll from coop ``i`` leads to coop
    ``j`` (column ``n + j``: coop ``j`` in quarantine)."""
    n = len(COOPS)
    roll = np.zeros((n, 2 * n))
    for i, (e, c, h) in enumerate(COOPS):
        if h == PLACES:
            continue
        for a in range(1, 7):
            for b in range(1, 7):
                p = 1 / 36
                if a != b:
                    roll[i, INDEX[_pay(e, c, h, sorted((_KIND[a], _KIND[b]), reverse=True))]] += p
                elif a == 1:
                    roll[i, INDEX[max(e - 1, 0), c, h]] += p
                elif a == 2:
                    roll[i, INDEX[e, max(c - 1, 0), h]] += p
                elif a == 3:
                    roll[i, INDEX[e, c, max(h - 1, 0)]] += p
                elif a == 4:
                    roll[i, INDEX[0, c, h]] += p
                elif a == 5:  # bird-flu die: 1-3 quarantine, 4-5 chicks die, 6 hens die (K-4.4)
                    roll[i, n + i] += p / 2
                    roll[i, INDEX[e, 0, h]] += p / 3
                    roll[i, INDEX[e, c, 0]] += p / 6
                elif six_six == "fox":
                    roll[i, INDEX[e, c, 0]] += p
                elif six_six == FOX_KEPT_OUT:
                    roll[i, i] += p
                else:
                    for x in range(1, 7):
                        for y in range(1, 7):
                            gain = min(abs(x - y), PLACES - e - c - h)
                            roll[i, INDEX[e, c, h + gain]] += p / 36
    roll.setflags(write=False)
    return roll


def _exchanges() -> tuple[np.ndarray, np.ndarray]:
    """Coop index after 3 eggs → chick and after 3 chicks → hen (K-6.1), -1 if impossible."""
    eggs_ex = np.array([INDEX[e - 3, c + 1, h] if e >= 3 else -1 for e, c, h in COOPS])
    chicks_ex = np.array([INDEX[e, c - 3, h + 1] if c >= 3 else -1 for e, c, h in COOPS])
    return eggs_ex, chicks_ex


@lru_cache(maxsize=6)
def turns_to_win(six_six: str = "announce") -> np.ndarray:
    """``table[INDEX[(eggs, chicks, hens)], quarantined]``: expected own turns
    to 9 hens (see the module docstring)."""
    roll = _roll_matrix(six_six)
    n = len(COOPS)
    eggs_ex, chicks_ex = _exchanges()
    done = np.array([h == PLACES for _, _, h in COOPS])
    value = np.zeros((n, 2))
    for _ in range(20000):
        flat = np.concatenate([value[:, 0], value[:, 1]])
        free_now = value[:, 0]
        exchange = np.minimum(np.where(eggs_ex >= 0, free_now[np.maximum(eggs_ex, 0)], np.inf),
                              np.where(chicks_ex >= 0, free_now[np.maximum(chicks_ex, 0)], np.inf))
        new = np.empty_like(value)
        new[:, 0] = 1 + np.minimum(roll @ flat, exchange)
        new[:, 1] = 1 + np.minimum(free_now, exchange)
        new[done] = 0
        if np.max(np.abs(new - value)) < 1e-9:
            new.setflags(write=False)
            return new
        value = new
    return value  # pragma: no cover - converges in a few hundred sweeps


@lru_cache(maxsize=6)
def turns_distribution(six_six: str = "announce") -> np.ndarray:
    """``pmf[row, t]``: chance that a solitaire player needs exactly ``t``
    more own turns to hold 9 hens (``t`` = 0, 1, ..., about 220 columns by
    default, 500 with ``six_six=fox``), playing the policy of
    :func:`turns_to_win`; ``row`` is ``INDEX[coop]``, plus ``len(COOPS)``
    for a coop whose next roll is lost (K-4.4). Rows sum to 1 up to the
    tail beyond the last column (below :data:`TAIL`)."""
    n = len(COOPS)
    value = turns_to_win(six_six)
    roll = _roll_matrix(six_six)
    eggs_ex, chicks_ex = _exchanges()
    step = np.zeros((2 * n, 2 * n))  # one own turn of the policy
    for i, (_, _, h) in enumerate(COOPS):
        if h == PLACES:
            continue
        options = [j for j in (eggs_ex[i], chicks_ex[i]) if j >= 0]
        best = min(options, key=lambda j: value[j, 0]) if options else -1
        if best >= 0 and 1 + value[best, 0] <= value[i, 0] + 1e-9:
            step[i, best] = 1.0  # exchanging is what the table's best turn does
        else:
            step[i] = roll[i]
        step[n + i, best if best >= 0 and value[best, 0] < value[i, 0] else i] = 1.0
    done = np.array([h == PLACES for _, _, h in COOPS] * 2, dtype=float)
    columns = [done]
    while 1.0 - columns[-1].min() >= TAIL:
        columns.append(np.maximum(step @ columns[-1], done))
    pmf = np.diff(np.stack(columns, axis=1), axis=1, prepend=0.0)
    pmf.setflags(write=False)
    return pmf


@lru_cache(maxsize=6)
def _survival(six_six: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(pmf, S, S_before)``: S[row, t] = P(T > t), S_before[row, t] = P(T > t - 1)."""
    pmf = turns_distribution(six_six)
    surv = np.clip(1.0 - np.cumsum(pmf, axis=1), 0.0, 1.0)
    before = np.concatenate([np.ones((surv.shape[0], 1)), surv[:, :-1]], axis=1)
    return pmf, surv, before


def _sooner(surv: np.ndarray, turns: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A survival row ``S(t) = P(T > t)`` of a coop not yet won, moved
    ``turns`` (>= 0) earlier: ``S'(t) = S(t + turns)``, linear between whole
    turns, the last value held, but never below one more turn (``S'(0) = 1``:
    the chance of finishing before turn 1 goes to turn 1). Returns
    ``(pmf, S', S' one turn before)``, as :func:`_survival` does."""
    width = surv.shape[0]
    whole, frac = int(turns), turns - int(turns)
    idx = np.minimum(np.arange(width) + whole, width - 1)
    moved = (1 - frac) * surv[idx] + frac * surv[np.minimum(idx + 1, width - 1)]
    moved[0] = 1.0
    pmf = np.diff(1.0 - moved, prepend=0.0)
    before = np.concatenate(([1.0], moved[:-1]))
    return pmf, moved, before


def race_win_probabilities(state) -> list[float]:
    """Per seat, the chance of being the first to hold 9 hens (K-1.4) in the
    solitaire race model (module docstring): seat ``k``, ``i``-th to take a
    turn from now (the player to move is 0th), finishes on table turn
    ``i + n (T_k - 1)``; the earliest finisher wins. At the end of the game:
    1 for a winner (1/w for w shared winners), 0 otherwise.

    ``state`` is a Kurník state of either engine (this module is part of
    the game package and reads its fields for speed: the Python engine's
    slots, the compiled engine's properties, each read once); the values
    sum to 1 up to :data:`TAIL`."""
    fast = getattr(state, "_race_win_probabilities", None)
    if fast is not None:  # the compiled engine's: the same numbers (compiled.pyx)
        return fast()
    return race_of_fields(state)


def race_of_fields(state) -> list[float]:
    """:func:`race_win_probabilities` from the state's fields (the Python
    engine's way; the compiled engine falls back to it with a live rooster)."""
    n = state.game.num_players
    if state.is_terminal():
        winners = state._winners
        return [1.0 / len(winners) if k in winners else 0.0 for k in range(n)]
    six_six = state.game.options["six_six"]
    pmf, surv, before = _survival(six_six)
    offset = len(COOPS)
    start = state._player
    order = [(start + i) % n for i in range(n)]
    quarantine = state._quarantine
    eggs, chicks, hens, rooster = state._eggs, state._chicks, state._hens, state._rooster  # each read once
    rows = [INDEX[eggs[k], chicks[k], hens[k]] + (offset if quarantine >> k & 1 else 0) for k in order]
    p, s, b = pmf[rows], surv[rows], before[rows]  # fancy indexing: copies
    for i, k in enumerate(order):
        if rooster[k] == ROOSTER_ALIVE:  # a live rooster (K-9.2): thefts it stops, and the fox (K-9.4)
            row = s[i]
            if six_six == "fox":  # its own table, fitted to this one's width
                kept_out = _survival(FOX_KEPT_OUT)[1][rows[i]]
                width = min(kept_out.shape[0], row.shape[0])
                row = np.full(row.shape[0], kept_out[width - 1])
                row[:width] = kept_out[:width]
            p[i], s[i], b[i] = _sooner(row, ROOSTER_TURNS * (ROOSTER_LIVES - state._blocks[k]))
    # seat i wins at its own turn t if the seats before it need more than t
    # turns and the seats after it need at least t
    ahead = np.ones_like(s)
    np.cumprod(s[:-1], axis=0, out=ahead[1:])
    behind = np.ones_like(b)
    np.cumprod(b[:0:-1], axis=0, out=behind[-2::-1])
    wins = np.einsum("it,it,it->i", p, ahead, behind)
    out = [0.0] * n
    for i, k in enumerate(order):
        out[k] = float(wins[i])
    return out

