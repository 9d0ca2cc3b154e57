"""Kurník leaf values for search: expected own turns to 9 hens.

:func:`turns_to_win` is a table, for every coop ``(eggs, chicks, hens)``
(at most 9 cards, K-1.2) and quarantine flag, of the expected number of own
turns a player alone at the table needs to hold 9 hens (K-1.4), playing the
best of rolling and exchanging (K-3.1, K-6.1). Rolls follow K-4 (doubles 1-3
lose a card, 4-4 loses the eggs, 5-5 the bird-flu die, 6-6 the announced
take with ``D = |a - b|`` or, with ``six_six=fox``, the fox), payment hen
first with development in a full coop (K-5.4, K-7), with an unlimited supply
and no other players. It is solved once per ``six_six`` value by value
iteration (numpy, about 0.1 s) and cached.

Approximations (the table is a heuristic for the leaves of a search, not a
rule): other players' gifts and thefts are ignored; a quarantine costs the
next roll but exchanges stay allowed.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

PLACES = 9
COOPS = [(e, c, h) for e in range(PLACES + 1) for c in range(PLACES + 1 - e) for h in range(PLACES + 1 - e - c)]
INDEX = {coop: i for i, coop in enumerate(COOPS)}
_KIND = (-1, 0, 0, 0, 1, 1, 2)  # egg, chick, hen paid by each face (K-4.1)


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


@lru_cache(maxsize=4)
def turns_to_win(six_six: str = "announce") -> np.ndarray:
    """``table[INDEX[(eggs, chicks, hens)], quarantined]``: expected own turns
    to 9 hens (see the module docstring)."""
    n = len(COOPS)
    roll = np.zeros((n, 2 * n))  # where one roll leads: column i (free) or n + i (quarantined)
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
                else:
                    for x in range(1, 7):
                        for y in range(1, 7):
                            gain = min(abs(x - y), PLACES - e - c - h)
                            roll[i, INDEX[e, c, h + gain]] += p / 36
    eggs_ex = np.array([INDEX.get((e - 3, c + 1, h), -1) if e >= 3 else -1 for e, c, h in COOPS])
    chicks_ex = np.array([INDEX.get((e, c - 3, h + 1), -1) if c >= 3 else -1 for e, c, h in COOPS])
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
            return new
        value = new
    return value  # pragma: no cover - converges in a few hundred sweeps


def expected_turns(state, seat: int, table: np.ndarray | None = None) -> float:
    """Expected own turns ``seat`` still needs (lower is better); a live
    rooster (K-9.2) counts 0.7 turns less per theft it can still stop."""
    if table is None:
        table = turns_to_win(state.game.options["six_six"])
    t = float(table[INDEX[state.eggs[seat], state.chicks[seat], state.hens[seat]], state.quarantine >> seat & 1])
    if state.rooster[seat] == 1:
        t -= 0.7 * (3 - state.blocks[seat])
    return t
