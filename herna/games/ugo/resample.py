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
    """A full state consistent with what ``seat`` saw (module docstring)."""
    known = _Knowledge(state, seat)
    history = known.history(known.draw_hidden(rng))
    sample = type(state)(state.game, ()).silence()
    for action in history:
        sample._do(action)
    return sample


def make_sampler(state, seat: int):
    """A fast :func:`resample` for many draws at one decision (ISMCTS).

    Returns ``draw(rng) -> state``, drawing exactly what :func:`resample`
    draws with the same ``rng`` (the same state). What the seat knows is
    worked out once, and since finished rounds hold nothing hidden (module
    docstring), the history up to the deal of the round in play is replayed
    once into a template. Each draw samples the hidden hands of the round in
    play, clones the template and replays only that round's actions (its
    other seats' deals replaced by the drawn cards). On the compiled engine
    that per-draw part runs in C (``compiled.pyx``, ``RoundSampler``), with
    the same calls to ``rng`` in the same order: the same draws.
    """
    known = _Knowledge(state, seat)
    if not known.dealt:  # nothing of the round in play is dealt: nothing to draw
        start = len(state._history)
    else:
        start = known.round_start
    template = type(state)(state.game, ()).silence()
    for action in known.history(known.draw_hidden(None), 0, start):
        template._do(action)
    if not known.dealt:
        return lambda rng: template.clone()
    # the compiled engine draws and replays the round in play in C, with the same draws (compiled.pyx, RoundSampler)
    factory = getattr(state, "_round_sampler", None)
    if factory is not None:
        return factory(known, template).draw

    def draw(rng: random.Random):
        sample = template.clone()
        for action in known.history(known.draw_hidden(rng), start):
            sample._do(action)
        return sample

    return draw


class _Knowledge:
    """What ``seat`` knows of ``state``, worked out once for any number of
    draws: the unknown cards (``pool``) and where they may go (the other
    hands' ``sizes`` and void-``forbidden`` colours, then the unused rest),
    the hands of finished rounds, and where the round in play was dealt in
    the history (``round_start``)."""

    def __init__(self, state, seat: int) -> None:
        n = state.game.num_players
        self.n = n
        self.seat = seat
        self.past = state._past_hands
        self.current = len(self.past)  # index of the round whose deal has begun, if any
        self.dealt = state._dealt
        self.played_now = list(state._played) if self.dealt else [0] * n
        self.source = state._history
        # the engine's own (the compiled engine's is in C, with the same draws)
        self.assign = getattr(state, "_sample_assignment", sample_assignment)
        self._deal_slots: list[tuple[int, int, int]] | None = None  # found by the first draw
        self._slots_for = -1  # the length of the history they were found in
        block = HAND_SIZE * n
        self.round_start = len(self.source)
        deals = 0
        for index, action in enumerate(self.source):
            if action >= A.DEAL:
                if deals == self.current * block:
                    self.round_start = index
                    break
                deals += 1
        if not self.dealt:
            return
        dealt_to = [min(max(self.dealt - HAND_SIZE * j, 0), HAND_SIZE) for j in range(n)]
        known = state._hands[seat] | state._played[seat]
        for p in self.played_now:
            known |= p
        self.pool = cards_of(ALL_CARDS ^ known)
        self.others = [j for j in range(n) if j != seat]
        self.sizes = [dealt_to[j] - self.played_now[j].bit_count() for j in self.others]
        self.forbidden = []
        for j in self.others:
            bad = 0
            for k in range(5):
                if state._voids[j] >> k & 1:
                    bad |= COLOUR_MASKS[k]
            self.forbidden.append(bad)
        self.sizes.append(len(self.pool) - sum(self.sizes))
        self.forbidden.append(0)
        self.to_play = state._current_player() if state._phase == Phase.PLAYING else -1
        self.check = self.to_play >= 0 and self.to_play != seat and bool(state._trick)
        self.led_mask = COLOUR_MASKS[CARD_COLOUR[state._trick[0]]] if self.check else 0

    def draw_hidden(self, rng: random.Random | None) -> list[list[int]]:
        """The other seats' hidden cards of the round in play, per seat (the
        seat's own: empty); see the module docstring for the redraw.
        Nothing is drawn (all empty) before the round's deal or without ``rng``."""
        hidden: list[list[int]] = [[] for _ in range(self.n)]
        if not self.dealt or rng is None:
            return hidden
        others = self.others
        forbidden = list(self.forbidden)
        for attempt in range(_TRIES + 1):
            if attempt == _TRIES:
                # last resort: make the seat to play void in the led colour
                forbidden[others.index(self.to_play)] |= self.led_mask
            parts = self.assign(self.pool, self.sizes, forbidden, rng)
            if not self.check:
                break
            held = sum(1 << c for c in parts[others.index(self.to_play)])
            if (held & self.led_mask).bit_count() != 1:
                break
        for j, part in zip(others, parts):
            hidden[j] = part
        return hidden

    def history(self, hidden: list[list[int]], start: int = 0, stop: int | None = None) -> list[int]:
        """The history with the other seats' deal actions replaced by the
        public or ``hidden`` cards, actions number ``start`` (0, or
        :attr:`round_start`) to ``stop`` (default: all)."""
        n, seat, current = self.n, self.seat, self.current
        if start and start == self.round_start and stop is None:
            return self._round_history(hidden)
        block = HAND_SIZE * n
        queues: dict[tuple[int, int], list[int]] = {}
        if start == 0:
            for r, hands in enumerate(self.past):
                for j in range(n):
                    queues[r, j] = cards_of(hands[j])
        for j in range(n):
            queues[current, j] = sorted(cards_of(self.played_now[j]) + hidden[j])
        out = []
        deals = current * block if start else 0
        for action in self.source[start:stop]:
            if action >= A.DEAL:
                r, pos = divmod(deals, block)
                j = pos // HAND_SIZE
                if j != seat:
                    action = A.DEAL + queues[r, j][pos % HAND_SIZE]
                deals += 1
            out.append(action)
        return out

    def _round_history(self, hidden: list[list[int]]) -> list[int]:
        """``history(hidden, round_start)``, the sampler's per-draw part: the
        round in play's actions with the other seats' deals filled in, at the
        places found once (:attr:`_deal_slots`)."""
        slots = self._deal_slots
        if slots is None or self._slots_for != len(self.source):  # found again if the history grew
            slots = self._deal_slots = self._find_deal_slots()
            self._slots_for = len(self.source)
        seat, played = self.seat, self.played_now
        hands = [sorted(cards_of(played[j]) + hidden[j]) if j != seat else [] for j in range(self.n)]
        out = self.source[self.round_start:]
        for index, j, k in slots:
            out[index] = A.DEAL + hands[j][k]
        return out

    def _find_deal_slots(self) -> list[tuple[int, int, int]]:
        """``(index, seat, k)`` for each deal action of the round in play
        (index from :attr:`round_start`) that dealt another seat its ``k``-th
        card: the actions :meth:`history` replaces. The round in play deals
        once, 10 cards a seat, seat by seat (U-2.2)."""
        slots = []
        deals = 0
        for index, action in enumerate(self.source[self.round_start:]):
            if action >= A.DEAL:
                j = deals // HAND_SIZE
                if j != self.seat:
                    slots.append((index, j, deals % HAND_SIZE))
                deals += 1
        return slots
