"""Trumfosaur determinization: ``state.resample(seat, rng)``.

What a seat knows (T-10.1): its own dealt cards, draws and invitation; every
card played and who won each trick; hand sizes and who still holds a trump;
voids shown by not following species (T-4.2); revealed invitations;
master-version discards; every finished deal's scores and, since a deal is
scored in the open (T-10.2), every invitation of every finished deal (the
seat saw each one when its deal ended: perfect recall); and which plays the
engine made by itself because they were the only legal card ("only real
choices are asked", the `` (auto)`` of the play's observation token).
Everything else is drawn at random:

* the current deal: other hands (void-constrained), their hidden invitations
  and the undealt rest, by :func:`herna.core.sampling.sample_assignment`. A
  draw must also reproduce which plays of this deal were automatic and which
  were real choices, and give a seat waiting to play now more than one legal
  card. A play that was automatic although the seat could have played other
  cards was a forced follow, so its player holds none of that species now
  (a void, placed directly); the rest of the condition (a real choice to
  follow needs a second card of the species) is checked and a failing draw
  is redrawn (:data:`_TRIES` times, then a draw that places the needed
  cards first: consistent, slightly biased);
* finished deals: only the master draws (which of a player's cards came from
  the deck) and the order of the deal; hands are the played cards plus the
  public invitation and discards.

The new history (chance deals instead of any fixed deal, so that future fixed
deals do not leak) is replayed with legality checks into a fresh state.

Only the seat's information is read: the walk over the history looks at an
action only when the seat saw it (a reveal, the invitations shown at a
deal's end, whether a play was automatic included).
"""

from __future__ import annotations

import random
from typing import NamedTuple

from herna.core.bits import bit_list
from herna.core.sampling import sample_assignment

from . import actions as A
from .cards import ALL_CARDS_MASK, SPECIES_MASK, TRUMP
from .constants import HAND_SIZE, Phase

_TRIES = 200
"""Draws of the current deal tried (half plain shuffles, half
:func:`sample_assignment`) before the constructive fallback."""


class _Play(NamedTuple):
    """One play of a seat as every seat saw it: the ``card``, the species
    ``led`` in the trick (-1: it led, or a trump was led), whether the seat
    still ``held_trump``, and whether the engine played it (``auto``)."""

    card: int
    led: int
    held_trump: bool
    auto: bool


class _Check(NamedTuple):
    """A condition on a seat's hand now: with the cards it played ``later``
    (a bitmask) added back, the play to a trick led with ``led`` (holding
    its trump: ``held_trump``) had one option exactly when ``auto``."""

    later: int
    led: int
    held_trump: bool
    auto: bool


class _Hidden(NamedTuple):
    """A history item the seat did not see: its ``position``, ``kind``
    (``"deal"``, ``"draw"``, ``"invite"``), ``deal`` (0-based) and the
    ``seat`` it concerned."""

    position: int
    kind: str
    deal: int
    seat: int


class _Walk(NamedTuple):
    """What :func:`_walk` learns: the seat's knowledge per deal, the hidden
    history items and the history index where each deal starts."""

    deals: list
    hidden: list[_Hidden]
    starts: list[int]


class _DealKnowledge:
    __slots__ = ("known", "played", "discards", "draws", "revealed", "invited", "plays", "checks")

    def __init__(self, n: int) -> None:
        self.known = 0  # cards whose place the seat knows
        self.played = [0] * n
        self.discards = [0] * n
        self.draws = [0] * n
        self.revealed = [-1] * n  # invitations the seat saw (T-5.3; all of them once the deal ended, T-10.2)
        self.invited = [False] * n
        self.plays: list[list[_Play]] = [[] for _ in range(n)]  # per seat, in order
        self.checks = None  # the current deal's conditions, worked out once (_checks)


def resample(state, seat: int, rng: random.Random):
    """A full state consistent with what ``seat`` saw (module docstring);
    ``ValueError`` if no draw of the current deal fits (a bug)."""
    game = state.game
    n = game.num_players
    history = state._history
    deals, hidden, _ = _walk(state, seat)
    current = state._deal_number - 1
    values: dict[int, int] = {}
    for d, info in enumerate(deals):
        if d < current or state._winners:
            _sample_finished_deal(d, info, seat, n, hidden, values, rng)
        else:
            _sample_current_deal(state, d, info, seat, n, hidden, values, rng)

    new_history = list(history)
    for index, value in values.items():
        new_history[index] = value
    fresh = type(state)(game, ()).silence()
    for action in new_history:
        fresh._checked_do(action)
    return fresh


def make_sampler(state, seat: int):
    """A fast :func:`resample` for many draws at one decision (ISMCTS).

    Returns ``draw(rng) -> state``. The seat's knowledge is worked out once.
    The hidden parts of finished deals (hands and draws; their invitations
    are public, T-10.2) cannot change anything still to come (every card
    returns and the scores are public), so they are drawn once, with the
    first ``rng`` given, and the history up to the start of the current deal
    is replayed once into a template. Each draw samples only the current deal
    (as :func:`resample` does), clones the template and replays the current
    deal's actions (``_do``, without re-checking legality: the draw is
    consistent by construction, which the tests check against the seat's
    information state). Reads the seat's information only, as :func:`resample`.
    """
    game = state.game
    n = game.num_players
    history = state._history
    if state._winners:  # a finished game: nothing is still to come
        return lambda rng: resample(state, seat, rng)
    deals, hidden, starts = _walk(state, seat)
    current = state._deal_number - 1
    start = starts[current] if current < len(starts) else len(history)
    fixed = {"template": None}
    info = deals[current] if current < len(deals) else None
    current_hidden = [h for h in hidden if h.deal == current]
    tail = history[start:]
    # the compiled engine draws the current deal in C, with the same draws (compiled.pyx, DealSampler)
    factory = getattr(state, "_deal_sampler", None)
    fast = None if factory is None or info is None else factory(_plan(state, info, seat, n), info, current_hidden,
                                                                 start, tail, _constructive_draw)

    def draw(rng: random.Random):
        template = fixed["template"]
        if template is None:
            values: dict[int, int] = {}
            for d in range(current):
                _sample_finished_deal(d, deals[d], seat, n, hidden, values, rng)
            template = type(state)(game, ()).silence()
            for index in range(start):
                template._do(values.get(index, history[index]))
            fixed["template"] = template
        if fast is not None:
            return fast.draw(rng, template)
        fresh = template.clone()
        if info is None:
            return fresh
        values = {}
        _sample_current_deal(state, current, info, seat, n, current_hidden, values, rng)
        for offset, action in enumerate(tail):
            fresh._do(values.get(start + offset, action))
        return fresh

    return draw


def _walk(state, seat: int) -> _Walk:
    """Replay the history as ``seat`` saw it (see :class:`_Walk`)."""
    game = state.game
    n = game.num_players
    history = state._history
    walker = type(state)(game, state._deals).silence()
    deals: list[_DealKnowledge] = []
    starts: list[int] = []
    hidden: list[_Hidden] = []
    trick_cards: list[int] = []  # the trick in play
    for index, action in enumerate(history):
        phase = walker._phase
        d = walker._deal_number - 1
        if d == len(deals):
            deals.append(_DealKnowledge(n))
            starts.append(index)
        info = deals[d]
        if phase == Phase.DEAL:
            to = walker._dealt // HAND_SIZE
            if to == seat:
                info.known |= 1 << (action - A.DEAL_BASE)
            else:
                hidden.append(_Hidden(index, "deal", d, to))
        elif phase == Phase.DRAW:
            to = walker._turn
            info.draws[to] += 1
            if to == seat:
                info.known |= 1 << (action - A.DRAW_BASE)
            else:
                hidden.append(_Hidden(index, "draw", d, to))
        elif phase == Phase.EXCHANGE:
            for c in A.exchange_cards(action):
                info.discards[walker._turn] |= 1 << c
                info.known |= 1 << c
        elif phase == Phase.INVITE:
            info.invited[walker._turn] = True
            if walker._turn != seat:
                hidden.append(_Hidden(index, "invite", d, walker._turn))
        elif phase == Phase.WINDOW and action == A.REVEAL:
            card = walker._invitation[walker._turn]  # public from this moment on (T-5.3)
            info.revealed[walker._turn] = card
            info.known |= 1 << card
        elif phase == Phase.PLAY:
            turn = walker._turn
            led = trick_cards[0] // 10 if trick_cards and trick_cards[0] != TRUMP else -1
            auto = walker._play_options(turn) == 1  # public: the play's token says " (auto)"
            info.plays[turn].append(_Play(action, led, walker._trump[turn], auto))
            trick_cards.append(action)
            if action != TRUMP:
                info.played[turn] |= 1 << action
                info.known |= 1 << action
            if len(trick_cards) == n:
                trick_cards = []
        walker._do(action)
        if walker._deal_number - 1 != d or walker._phase == Phase.OVER:
            # the deal was scored in the open: every invitation is public (T-10.2)
            info.revealed = list(walker._deal_invitations)
            for card in info.revealed:
                info.known |= 1 << card
    return _Walk(deals, hidden, starts)


def _hand_and_draws(d, info, owner, invitation, hand_now, hidden, rng):
    """Split the cards a seat ever held in deal ``d`` into its dealt hand and
    its draws (any of its non-discarded cards may have come from the deck)."""
    kept = info.played[owner] | hand_now | ((1 << invitation) if invitation >= 0 else 0)
    kept_list = bit_list(kept)
    drawn = rng.sample(kept_list, info.draws[owner]) if info.draws[owner] else []
    dealt = bit_list((kept | info.discards[owner]) & ~sum(1 << c for c in drawn))
    rng.shuffle(dealt)
    rng.shuffle(drawn)
    return dealt, drawn


def _fill(d, owner_hand, owner_draw, owner_inv, hidden, values):
    deal_pos = {s: 0 for s in owner_hand}
    draw_pos = {s: 0 for s in owner_draw}
    for item in hidden:
        if item.deal != d:
            continue
        s = item.seat
        if item.kind == "deal":
            card = owner_hand[s][deal_pos[s]]
            deal_pos[s] += 1
            values[item.position] = A.DEAL_BASE + card
        elif item.kind == "draw":
            card = owner_draw[s][draw_pos[s]]
            draw_pos[s] += 1
            values[item.position] = A.DRAW_BASE + card
        else:
            values[item.position] = A.INVITE_BASE + owner_inv[s]


def _sample_finished_deal(d, info, seat, n, hidden, values, rng):
    """A finished deal: invitations are public (T-10.2) and every other card a
    seat held was played or laid out, so only the order of the deal and, in
    the master version, which cards came from the deck are drawn."""
    others = [s for s in range(n) if s != seat]
    invitation = {s: info.revealed[s] for s in others}
    hands, draws = {}, {}
    for s in others:
        hands[s], draws[s] = _hand_and_draws(d, info, s, invitation[s], 0, hidden, rng)
    _fill(d, hands, draws, invitation, hidden, values)


class _Plan(NamedTuple):
    """What every draw of the current deal starts from (no random draw in
    it): the ``others`` seats, the ``unseen`` cards, the ``sizes`` and
    ``forbidden`` masks of the slots (the others' hands, then the rest),
    the seats whose invitation is hidden (``hidden_inv``) and the
    conditions of :func:`_checks`."""

    others: list[int]
    unseen: list[int]
    sizes: list[int]
    forbidden: list[int]
    hidden_inv: list[int]
    checks: dict


def _plan(state, info, seat, n) -> _Plan:
    others = [s for s in range(n) if s != seat]
    unseen = bit_list(ALL_CARDS_MASK & ~info.known)
    if info.checks is None:
        info.checks = _checks(state, info, seat, others)
    checks, voids = info.checks
    sizes, forbidden = [], []
    hands = state._hands
    for s in others:
        sizes.append(hands[s].bit_count())  # hand sizes are public
        forbidden.append(voids[s])
    hidden_inv = [s for s in others if info.invited[s] and info.revealed[s] < 0]
    sizes.append(len(unseen) - sum(sizes))
    forbidden.append(0)
    return _Plan(others, unseen, sizes, forbidden, hidden_inv, checks)


def _sample_current_deal(state, d, info, seat, n, hidden, values, rng):
    """Draw the current deal's hidden cards (see the module docstring)."""
    others, unseen, sizes, forbidden, hidden_inv, checks = _plan(state, info, seat, n)
    parts, held = _draw_hands(unseen, sizes, forbidden, others, checks, rng)
    rest = parts[-1]
    rng.shuffle(rest)
    invitation = {s: info.revealed[s] for s in others if info.revealed[s] >= 0}
    for i, s in enumerate(hidden_inv):
        invitation[s] = rest[i]
    hands, draws = {}, {}
    for s in others:
        hands[s], draws[s] = _hand_and_draws(d, info, s, invitation.get(s, -1), held[s], hidden, rng)
    _fill(d, hands, draws, invitation, hidden, values)


def _draw_hands(unseen, sizes, forbidden, others, checks, rng):
    """Deal ``unseen`` into the other seats' hands and the rest (``sizes``,
    ``forbidden`` as :func:`sample_assignment`) so that :func:`_consistent`
    holds. Returns ``(parts, held)``: the cards per slot and each seat's hand
    mask. Plain shuffles first (rejection sampling: uniform over the
    consistent deals), then (at once if no shuffle of the first 10 keeps the
    voids) :func:`sample_assignment`, built for tight voids, then
    :func:`_constructive_draw`."""
    cards = list(unseen)
    slots = list(zip(sizes, forbidden))
    fits = 0  # plain shuffles that kept the voids; none in 10: the voids are tight
    for attempt in range(_TRIES):
        if attempt < _TRIES // 2 and (fits or attempt < 10):
            rng.shuffle(cards)
            parts, start = [], 0
            for size, bad in slots:
                part = cards[start:start + size]
                start += size
                mask = 0
                for c in part:
                    mask |= 1 << c
                if mask & bad:
                    break
                parts.append(part)
            else:
                fits += 1
                held = {s: _mask(parts[k]) for k, s in enumerate(others)}
                if _consistent(checks, held):
                    return parts, held
            continue
        parts = sample_assignment(unseen, sizes, forbidden, rng)
        held = {s: _mask(parts[k]) for k, s in enumerate(others)}
        if _consistent(checks, held):
            return parts, held
    parts = _constructive_draw(unseen, sizes, forbidden, others, checks, rng)
    return parts, {s: _mask(parts[k]) for k, s in enumerate(others)}


def _mask(cards) -> int:
    out = 0
    for c in cards:
        out |= 1 << c
    return out


def _checks(state, info, seat, others):
    """What the current deal's hands must satisfy besides the shown voids.

    Returns ``(checks, voids)``: ``checks[s]`` lists a :class:`_Check` per
    play of seat ``s`` this deal, ``later`` being the cards ``s`` played
    from then on (its hand then was its hand now plus ``later``), plus an
    entry for a seat waiting to play now (it has a real
    choice, else the engine would have played for it); ``voids[s]`` is the
    species mask ``s`` may not hold now: the shown voids (T-4.2) plus the
    species of every automatic follow from a hand of more than one card (the
    followed card was its last of the species).
    """
    checks: dict[int, list[_Check]] = {}
    voids: dict[int, int] = {}
    for s in others:
        void = sum(SPECIES_MASK[k] for k in range(5) if state._voids[s] >> k & 1)
        size_now = state._hands[s].bit_count()
        entries = []
        later = 0
        for play in reversed(info.plays[s]):
            if play.card != TRUMP:
                later |= 1 << play.card
            entries.append(_Check(later, play.led, play.held_trump, play.auto))
            if play.auto and play.led >= 0 and not play.held_trump and size_now + later.bit_count() > 1:
                void |= SPECIES_MASK[play.led]
        if state._phase == Phase.PLAY and state._turn == s:
            cards = state._trick_cards
            led = cards[0] // 10 if cards and cards[0] != TRUMP else -1
            entries.append(_Check(0, led, state._trump[s], False))
        checks[s] = entries
        voids[s] = void
    return checks, voids


def _options(hand: int, led: int, trump: bool) -> int:
    """How many cards a hand may play to a trick led with species ``led``
    (-1: it leads, or a trump was led): T-4.2-T-4.4."""
    follow = hand & SPECIES_MASK[led] if led >= 0 else 0
    return (follow or hand).bit_count() + trump


def _consistent(checks, held) -> bool:
    """Whether hands ``held`` (per seat, now) make every automatic play of the
    deal forced and every other one a real choice."""
    for s, entries in checks.items():
        hand = held[s]
        for check in entries:
            if (_options(hand | check.later, check.led, check.held_trump) == 1) != check.auto:
                return False
    return True


def _constructive_draw(unseen, sizes, forbidden, others, checks, rng):
    """The fallback when plain draws keep failing: first give every seat the
    cards of a species it must hold (a real choice to follow needs a second
    card of the led species; a seat to play now holds none or at least two),
    then deal the rest as usual. Consistent, though not exactly uniform."""
    need: dict[tuple[int, int], int] = {}  # (slot, species) -> cards of it the slot must hold
    now = None  # (slot, species) of a seat to play now that must not hold exactly one
    for k, s in enumerate(others):
        for check in checks[s]:
            led, later = check.led, check.later
            if check.auto or check.held_trump or led < 0:
                continue
            if not later:
                now = (k, led)
            elif later & SPECIES_MASK[led]:  # it followed: a second card of the species
                need[k, led] = max(need.get((k, led), 0), 2 - (later & SPECIES_MASK[led]).bit_count())
    variants = [need]
    if now is not None:
        two = dict(need)
        two[now] = 2
        variants = [two] if need.get(now, 0) >= 1 else [need, two]  # none of the species, or two
    for wanted in variants:
        bad = list(forbidden)
        if now is not None and wanted.get(now, 0) == 0:
            bad[now[0]] |= SPECIES_MASK[now[1]]
        pool = list(unseen)
        rng.shuffle(pool)
        placed: list[list[int]] = [[] for _ in sizes]
        try:
            for (k, species), count in wanted.items():
                for _ in range(count):
                    card = next(c for c in pool if c // 10 == species)
                    pool.remove(card)
                    placed[k].append(card)
            rest = sample_assignment(pool, [size - len(p) for size, p in zip(sizes, placed)], bad, rng)
        except (StopIteration, ValueError):
            continue
        parts = [p + r for p, r in zip(placed, rest)]
        if _consistent(checks, {s: _mask(parts[k]) for k, s in enumerate(others)}):
            return parts
    raise ValueError("no determinization of the current deal fits what the seat saw")
