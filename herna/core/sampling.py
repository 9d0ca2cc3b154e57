"""Drawing hidden cards consistent with what a seat knows (determinization).

Both card games hide other hands (and, in Trumfosaur, invitations and the
deck) behind constraints of one kind: a slot may not hold cards of a
species/colour its owner showed to be void in. :func:`sample_assignment`
deals an unknown pool into such slots.
"""

from __future__ import annotations

import random
from typing import Sequence


def sample_assignment(
    pool: Sequence[int],
    sizes: Sequence[int],
    forbidden: Sequence[int],
    rng: random.Random,
    tries: int = 40,
) -> list[list[int]]:
    """Deal ``pool`` (card ids) into slots of ``sizes`` so that slot ``k``
    holds no card whose bit is set in ``forbidden[k]``.

    Returns one list of cards per slot. The result is uniform over all valid
    deals when one of the first ``tries`` plain shuffles fits (the usual
    case); otherwise cards are placed one at a time, each into a slot drawn in
    proportion to its free room among the slots that keep the rest feasible.
    Raises ``ValueError`` if ``sum(sizes) != len(pool)`` or no deal exists.
    """
    if sum(sizes) != len(pool):
        raise ValueError(f"{len(pool)} unknown cards do not fill slots of sizes {list(sizes)}")
    cards = list(pool)
    for _ in range(tries):
        rng.shuffle(cards)
        out, start, ok = [], 0, True
        for size, bad in zip(sizes, forbidden):
            part = cards[start:start + size]
            start += size
            if bad and any(bad >> c & 1 for c in part):
                ok = False
                break
            out.append(part)
        if ok:
            return out
    return _sequential(cards, list(sizes), list(forbidden), rng)


def _sequential(cards: list[int], sizes: list[int], forbidden: list[int], rng: random.Random) -> list[list[int]]:
    n = len(sizes)
    allowed = {c: sum(1 << k for k in range(n) if not forbidden[k] >> c & 1) for c in cards}
    counts: dict[int, int] = {}
    for c in cards:
        counts[allowed[c]] = counts.get(allowed[c], 0) + 1
    room = list(sizes)
    if not _feasible(counts, room, n):
        raise ValueError("no deal of the unknown cards fits what is known")
    rng.shuffle(cards)
    # most constrained cards first: fewer allowed slots, placed earlier
    cards.sort(key=lambda c: allowed[c].bit_count())
    out: list[list[int]] = [[] for _ in range(n)]
    for c in cards:
        kind = allowed[c]
        counts[kind] -= 1
        options = []
        for k in range(n):
            if kind >> k & 1 and room[k] > 0:
                room[k] -= 1
                if _feasible(counts, room, n):
                    options.append(k)
                room[k] += 1
        weights = [room[k] for k in options]
        k = rng.choices(options, weights)[0]
        room[k] -= 1
        out[k].append(c)
    return out


def _feasible(counts: dict[int, int], room: list[int], n: int) -> bool:
    """Hall's condition: every set S of slots has room for the cards that may
    only go into S. ``counts[kind]``: how many cards may go exactly into the
    slots of the bitmask ``kind``. The cards needing S are summed over the
    subsets of every S at once (a subset-sum transform, ``n * 2**n`` steps,
    instead of a pass over ``counts`` per S)."""
    full = 1 << n
    need = [0] * full
    for kind, v in counts.items():
        need[kind] += v
    for k in range(n):
        bit = 1 << k
        for subset in range(full):
            if subset & bit:
                need[subset] += need[subset ^ bit]
    if need[0]:  # a card that no slot may hold
        return False
    have = [0] * full
    for subset in range(1, full):
        low = subset & -subset
        have[subset] = have[subset ^ low] + room[low.bit_length() - 1]
        if need[subset] > have[subset]:
            return False
    return True
