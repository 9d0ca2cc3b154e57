"""Ugo! determinization: ``state.resample(seat, rng)`` (U-5.1).

What a seat knows: its own dealt cards (and the order it got them), every
card played and by whom, hence every kingdom, hand sizes, and the colours a
seat showed it lacks by not following (U-3.1). A finished round is public
entirely: every dealt card was played, so each seat's hand of that round is
the set of cards it played. Unknown: the other hands of the round in play
and the unused cards.

The unknown cards are dealt into the other hands (void-constrained) and the
unused rest by :func:`herna.core.sampling.sample_assignment`. The new history
keeps every action but the other seats' deal actions, which become the
public or sampled cards, as plain chance actions (no fixed deals, so future
fixed deals do not leak); it is replayed into a fresh state. Only public
data and the seat's own cards are read (the walk over the history reads an
action's card only for the seat's own deals).

When another seat is to play, the state itself tells that this seat has a
real choice (a single legal action would have applied itself), so a draw
that leaves it one legal card is redrawn.
"""

from __future__ import annotations

import random

from herna.core.sampling import sample_assignment

from . import actions as A
from .cards import ALL_CARDS, CARD_COLOUR, COLOUR_MASKS, HAND_SIZE, cards_of
from .constants import Phase

_TRIES = 200


def resample(state, seat: int, rng: random.Random):
    game = state.game
    n = game.num_players
    block = HAND_SIZE * n
    past = state._past_hands
    current = len(past)  # index of the round whose deal has begun, if any
    dealt = state._dealt
    played_now = list(state._played) if dealt else [0] * n
    hidden: list[list[int]] = [[] for _ in range(n)]
    if dealt:
        dealt_to = [min(max(dealt - HAND_SIZE * j, 0), HAND_SIZE) for j in range(n)]
        known = state._hands[seat] | state._played[seat]
        for p in played_now:
            known |= p
        pool = cards_of(ALL_CARDS ^ known)
        others = [j for j in range(n) if j != seat]
        sizes = [dealt_to[j] - played_now[j].bit_count() for j in others]
        forbidden = []
        for j in others:
            bad = 0
            for k in range(5):
                if state._voids[j] >> k & 1:
                    bad |= COLOUR_MASKS[k]
            forbidden.append(bad)
        sizes.append(len(pool) - sum(sizes))
        forbidden.append(0)
        to_play = state._current_player() if state._phase == Phase.PLAYING else -1
        check = to_play >= 0 and to_play != seat and state._trick
        led_mask = COLOUR_MASKS[CARD_COLOUR[state._trick[0]]] if check else 0
        for attempt in range(_TRIES + 1):
            if attempt == _TRIES:
                # last resort: make the seat to play void in the led colour
                forbidden[others.index(to_play)] |= led_mask
            parts = sample_assignment(pool, sizes, forbidden, rng)
            if not check:
                break
            held = sum(1 << c for c in parts[others.index(to_play)])
            if (held & led_mask).bit_count() != 1:
                break
        for j, part in zip(others, parts):
            hidden[j] = part
    queues: dict[tuple[int, int], list[int]] = {}
    for r, hands in enumerate(past):
        for j in range(n):
            queues[r, j] = cards_of(hands[j])
    for j in range(n):
        queues[current, j] = sorted(cards_of(played_now[j]) + hidden[j])
    history = []
    deals = 0
    for action in state._history:
        if action >= A.DEAL:
            r, pos = divmod(deals, block)
            j = pos // HAND_SIZE
            if j != seat:
                action = A.DEAL + queues[r, j][pos % HAND_SIZE]
            deals += 1
        history.append(action)
    sample = type(state)(game, ()).silence()
    for action in history:
        sample._do(action)
    return sample
