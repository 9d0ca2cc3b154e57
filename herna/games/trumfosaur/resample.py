"""Trumfosaur determinization: ``state.resample(seat, rng)``.

What a seat knows (T-10.1): its own dealt cards, draws and invitation; every
card played and who won each trick; hand sizes and who still holds a trump;
voids shown by not following species (T-4.2); revealed invitations;
master-version discards; every finished deal's scores. Everything else is
drawn at random:

* the current deal: other hands (void-constrained), their hidden invitations
  and the undealt rest, by :func:`herna.core.sampling.sample_assignment`;
* finished deals: each hidden invitation among that deal's unseen cards, so
  that the seat's public deal score comes out right (T-6.1);
* master draws: which of a player's cards came from the deck.

The new history (chance deals instead of any fixed deal, so that future fixed
deals do not leak) is replayed with legality checks into a fresh state.

Only the seat's information is read: the walk over the history looks at an
action only when the seat saw it (the reveal of an invitation included).
"""

from __future__ import annotations

import random

from herna.core.bits import bit_list
from herna.core.sampling import sample_assignment

from . import actions as A
from .cards import ALL_CARDS_MASK, SPECIES_MASK, TRUMP, invitation_score
from .state import DEAL, DRAW, EXCHANGE, HAND_SIZE, INVITE, PLAY, WINDOW, trick_winner


class _DealKnowledge:
    __slots__ = ("known", "played", "discards", "draws", "revealed", "taken", "scores", "invited")

    def __init__(self, n: int) -> None:
        self.known = 0  # cards whose place the seat knows
        self.played = [0] * n
        self.discards = [0] * n
        self.draws = [0] * n
        self.revealed = [-1] * n
        self.taken = [0] * n
        self.scores: list[int] | None = None
        self.invited = [False] * n


def resample(state, seat: int, rng: random.Random):
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
    fresh = type(state)(game, ())
    for action in new_history:
        fresh._checked_do(action)
    return fresh


def make_sampler(state, seat: int):
    """A fast :func:`resample` for many draws at one decision (ISMCTS).

    Returns ``draw(rng) -> state``. The seat's knowledge is worked out once.
    The hidden parts of finished deals (invitations, hands, draws) cannot
    change anything still to come (every card returns and the scores are
    public), so they are drawn once, with the first ``rng`` given, and the
    history up to the start of the current deal is replayed once into a
    template. Each draw samples only the current deal (as :func:`resample`
    does), clones the template and replays the current deal's actions
    (``_do``, without re-checking legality: the draw is consistent by
    construction, which the tests check against the seat's information
    state). Reads the seat's information only, as :func:`resample`.
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
    current_hidden = [h for h in hidden if h[2] == current]
    tail = history[start:]

    def draw(rng: random.Random):
        template = fixed["template"]
        if template is None:
            values: dict[int, int] = {}
            for d in range(current):
                _sample_finished_deal(d, deals[d], seat, n, hidden, values, rng)
            template = type(state)(game, ())
            for index in range(start):
                template._do(values.get(index, history[index]))
            fixed["template"] = template
        fresh = template.clone()
        if info is None:
            return fresh
        values = {}
        _sample_current_deal(state, current, info, seat, n, current_hidden, values, rng)
        for offset, action in enumerate(tail):
            fresh._do(values.get(start + offset, action))
        return fresh

    return draw


def _walk(state, seat: int):
    """The seat's knowledge per deal, the hidden history items
    ``(index, kind, deal, seat)`` and the history index where each deal
    starts."""
    game = state.game
    n = game.num_players
    history = state._history
    walker = type(state)(game, state._deals)
    deals: list[_DealKnowledge] = []
    starts: list[int] = []
    hidden: list[tuple[int, str, int, int]] = []  # (history index, kind, deal, seat)
    trick_seats: list[int] = []
    trick_cards: list[int] = []
    for index, action in enumerate(history):
        phase = walker._phase
        d = walker._deal_number - 1
        if d == len(deals):
            deals.append(_DealKnowledge(n))
            starts.append(index)
        info = deals[d]
        if phase == DEAL:
            to = walker._dealt // HAND_SIZE
            if to == seat:
                info.known |= 1 << (action - A.DEAL)
            else:
                hidden.append((index, "deal", d, to))
        elif phase == DRAW:
            to = walker._turn
            info.draws[to] += 1
            if to == seat:
                info.known |= 1 << (action - A.DRAW)
            else:
                hidden.append((index, "draw", d, to))
        elif phase == EXCHANGE:
            for c in A.exchange_cards(action):
                info.discards[walker._turn] |= 1 << c
                info.known |= 1 << c
        elif phase == INVITE:
            info.invited[walker._turn] = True
            if walker._turn != seat:
                hidden.append((index, "invite", d, walker._turn))
        elif phase == WINDOW and action == A.REVEAL:
            card = walker._invitation[walker._turn]  # public from this moment on (T-5.3)
            info.revealed[walker._turn] = card
            info.known |= 1 << card
        elif phase == PLAY:
            trick_seats.append(walker._turn)
            trick_cards.append(action)
            if action != TRUMP:
                info.played[walker._turn] |= 1 << action
                info.known |= 1 << action
            if len(trick_cards) == n:
                winner = trick_winner(trick_seats, trick_cards)
                for c in trick_cards:
                    if c != TRUMP:
                        info.taken[winner] |= 1 << c
                trick_seats, trick_cards = [], []
        walker._do(action)
        if walker._deal_number - 1 != d or (walker._phase != PLAY and walker._winners):
            info.scores = list(walker._deal_scores)
    return deals, hidden, starts


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
    for index, kind, deal, s in hidden:
        if deal != d:
            continue
        if kind == "deal":
            card = owner_hand[s][deal_pos[s]]
            deal_pos[s] += 1
            values[index] = A.DEAL + card
        elif kind == "draw":
            card = owner_draw[s][draw_pos[s]]
            draw_pos[s] += 1
            values[index] = A.DRAW + card
        else:
            values[index] = A.INVITE + owner_inv[s]


def _sample_finished_deal(d, info, seat, n, hidden, values, rng):
    unseen = ALL_CARDS_MASK & ~info.known
    others = [s for s in range(n) if s != seat]
    need = [s for s in others if info.revealed[s] < 0]
    candidates = {
        s: [c for c in bit_list(unseen) if invitation_score(c, info.taken[s]) == info.scores[s]] for s in need
    }
    invitation = {s: info.revealed[s] for s in others if info.revealed[s] >= 0}
    chosen = _distinct_choice(need, candidates, rng)
    if chosen is None:
        raise ValueError(f"deal {d + 1}: no invitations fit the public scores")
    invitation.update(chosen)
    hands, draws = {}, {}
    for s in others:
        hands[s], draws[s] = _hand_and_draws(d, info, s, invitation[s], 0, hidden, rng)
    _fill(d, hands, draws, invitation, hidden, values)


def _distinct_choice(seats, candidates, rng):
    order = sorted(seats, key=lambda s: len(candidates[s]))
    chosen: dict[int, int] = {}
    used: set[int] = set()

    def place(i):
        if i == len(order):
            return True
        s = order[i]
        options = [c for c in candidates[s] if c not in used]
        rng.shuffle(options)
        for c in options:
            chosen[s] = c
            used.add(c)
            if place(i + 1):
                return True
            used.discard(c)
        return False

    return chosen if place(0) else None


def _sample_current_deal(state, d, info, seat, n, hidden, values, rng):
    others = [s for s in range(n) if s != seat]
    unseen = bit_list(ALL_CARDS_MASK & ~info.known)
    sizes, forbidden = [], []
    for s in others:
        sizes.append(state._hands[s].bit_count())  # hand sizes are public
        forbidden.append(sum(SPECIES_MASK[k] for k in range(5) if state._voids[s] >> k & 1))
    hidden_inv = [s for s in others if info.invited[s] and info.revealed[s] < 0]
    free = len(unseen) - sum(sizes)
    parts = sample_assignment(unseen, sizes + [free], forbidden + [0], rng)
    rest = parts[-1]
    rng.shuffle(rest)
    invitation = {s: info.revealed[s] for s in others if info.revealed[s] >= 0}
    for i, s in enumerate(hidden_inv):
        invitation[s] = rest[i]
    hands, draws = {}, {}
    for k, s in enumerate(others):
        hand_now = sum(1 << c for c in parts[k])
        hands[s], draws[s] = _hand_and_draws(d, info, s, invitation.get(s, -1), hand_now, hidden, rng)
    _fill(d, hands, draws, invitation, hidden, values)
