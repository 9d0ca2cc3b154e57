"""Ugo!'s rule-based bot, batched: :class:`herna.bots.greedy_ugo.GreedyBot`
as pure JAX on the acting seat's observation row and the legal mask.

:func:`ugo_greedy_choices` gives, per row, the set of legal actions of best
value that ``GreedyBot.best_actions`` gives (the bot draws one of them
uniformly; :func:`herna.batch.bots.uniform_among` draws the same way), for
every decision:

* **play** (U-3): for each legal card, the chance that it wins the trick
  (hypergeometric, from the unseen cards, the hand sizes and the voids of
  the seats still to play) weighs :func:`kingdom_value` after winning (the
  trick's cards stacked, new colours on the leftmost fields, highest top
  first, U-4.1-U-4.3; the card's farmers, U-1.4) against the kingdom after
  losing (a losing 1 or 2's farmers), every farmer count capped by the
  supply (U-1.3, U-2.5) as the Python bot does;
* **farm** (U-3.4): the field whose farmer raises the kingdom's value most,
  a field with cards preferred by ``0.01 x`` its top value;
* **open** (U-4.3): the order of the waiting colours whose kingdom scores
  best. This needs the top value of each waiting colour's cards
  (``view["waiting_cards"]``), which the observation tensor does **not**
  hold: it shows the waiting colours and every card played this round, but
  not which of those cards wait and which lie in another kingdom's piles
  (of which it shows only the top card and the count). So the caller gives
  ``waiting_tops``. Those cards are public (U-5.1: every kingdom's piles
  and every card played this round lie open; the Python view shows
  ``waiting_cards`` to every seat), so :func:`ugo_waiting_tops` reads them
  from the engine state, and :func:`ugo_greedy_policy` (the policy of
  :func:`herna.batch.bots.policy`) takes them as its fourth argument.

Everything else GreedyBot reads is in the row (layout of
:mod:`herna.games.ugo.observation`): its hand; the cards played this round
(GreedyBot's "seen" cards: kingdoms, trick and waiting cards); the trick
in play order (from the leader flag); its fields' colours, top values and
farmers; the farmers it has to place; every seat's hand size and voids;
the trick number and the farmer supply (shown capped at 36, which changes
none of the bot's counts: none of them changes above 13 farmers left).

**Exactness.** Kingdom values, farm and open values are integers (the
bot's cautious future share, ``0.2`` farmers per trick left and ``0.5`` of
the supply, floored, is ``tricks left // 5`` and ``supply // 2``; the farm
preference is kept as ``100 x value + top``), so those ties are exact. A
play value is ``lose + p * (win - lose)`` with ``p`` a product of
hypergeometric ratios; float32 cannot tell values apart that GreedyBot's
float64 does (it ties values within 1e-9), so the play values are compared
as exact integers over the common denominator (:func:`_best_play`, on
base-4096 digits in int32: the same on every backend).
``tests/batch/test_bots_ugo_batch.py`` proves the sets equal on every
decision of Python-engine games of every conformance option set.
"""

from __future__ import annotations

import functools
from itertools import permutations
from math import comb
from typing import Callable, Sequence

import jax
import jax.numpy as jnp
import numpy as np

from herna.games.ugo import actions as A
from herna.games.ugo.cards import HAND_SIZE, NUM_CARDS, NUM_COLOURS, NUM_VALUES
from herna.games.ugo.fields import (
    EMPTY_BONUS,
    FARMER_TOKENS,
    IS_LOW_CARD,
    NUM_FIELDS,
    PENALTY_PER_EMPTY_PLACE,
    PLACES,
    WIN_FARMERS,
)
from herna.games.ugo.observation import FIELD_BLOCK, SEAT_BLOCK

from .bots import uniform_among

NUM_ACTIONS = A.NUM_DISTINCT_ACTIONS
TIE_TOLERANCE = 10 ** 9
"""GreedyBot's ties: values within ``1 / TIE_TOLERANCE`` (``v >= best - 1e-9``)."""

_ID = np.arange(NUM_CARDS)
_COLOUR = _ID // NUM_VALUES
_VALUE = _ID % NUM_VALUES
_PLACES = np.array(PLACES, np.int32)
_BONUS = np.array(EMPTY_BONUS, np.int32)
_WIN_PAY = np.array(WIN_FARMERS, np.int32)
_HIGHER = _VALUE[None, :] > _VALUE[:, None]
"""``_HIGHER[c, d]``: card ``d`` has a higher value than card ``c``."""
_SAME_VALUE = _VALUE[None, :] == _VALUE[:, None]


_COMB = np.array([[comb(a, h) for h in range(HAND_SIZE + 1)] for a in range(NUM_CARDS - HAND_SIZE + 1)], np.int32)
"""int32 ``(36, 11)``: ``comb(a, h)``, the hands of ``h`` cards out of ``a``
(at most ``comb(35, 10) < 2 ** 28``: a seat never sees fewer than its 10
cards dealt, so at most 35 are unseen)."""


def _orders() -> np.ndarray:
    """bool ``(120, 5, 5)``: ``[o, k, j]``, colour ``j`` comes before colour
    ``k`` in ordering ``o`` of the 5 colours (all 120 of them)."""
    pos = np.array([[order.index(k) for k in range(NUM_COLOURS)]
                    for order in permutations(range(NUM_COLOURS))], np.int32)
    return pos[:, None, :] < pos[:, :, None]


_BEFORE = _orders()


class UgoLayout:
    """Offsets of :mod:`herna.games.ugo.observation` with ``n`` players."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.hand = 0
        self.played = NUM_CARDS
        self.seats = 2 * NUM_CARDS
        # in a seat's block: its trick card (45), its fields A-E (17 each:
        # colour one-hot 5, top value one-hot 9, cards / 10, farmers / places,
        # empty places / 4), its voids (5), then one entry each
        self.fields = NUM_CARDS
        self.field_top = 5
        self.field_empty = 16
        self.voids = 130
        self.owed = 135
        self.hand_size = 137
        self.leader = 138
        self.globals = self.seats + SEAT_BLOCK * n
        self.phase = self.globals
        self.trick_number = self.globals + 10
        self.round = self.globals + 20
        self.supply = self.globals + 22


def _count(x: jax.Array, scale: float) -> jax.Array:
    """int32: a count the tensor stores as ``count / scale``."""
    return jnp.round(x * scale).astype(jnp.int32)


def field_scores(has: jax.Array, top: jax.Array, farmers: jax.Array, field: jax.Array | np.ndarray | int) -> jax.Array:
    """int32, broadcast shape: the round score of a field (U-6.1-U-6.4) of
    index ``field`` (0-4 = A-E) with ``has`` cards, ``top`` value and
    ``farmers``, as :func:`herna.games.ugo.fields.field_score`."""
    empty = jnp.asarray(_PLACES)[field] - farmers
    full = jnp.where(has, top, jnp.asarray(_BONUS)[field])
    return jnp.where(empty <= 0, full, jnp.where(has, -PENALTY_PER_EMPTY_PLACE * empty, 0))


def kingdom_value(has: jax.Array, top: jax.Array, farmers: jax.Array, extra: jax.Array) -> jax.Array:
    """int32 ``(...)``: :func:`herna.bots.greedy_ugo.kingdom_value`, the
    best round score (U-6) of a kingdom (``has`` bool, ``top`` and
    ``farmers`` int, each ``(..., 5)`` over fields A-E) after placing
    ``extra`` (int ``(...)``) more farmers on C-E where they score most."""
    shape = jnp.broadcast_shapes(has.shape[:-1], top.shape[:-1], farmers.shape[:-1], jnp.shape(extra))
    has, top, farmers = (jnp.broadcast_to(x, shape + (NUM_FIELDS,)) for x in (has, top, farmers))
    base = field_scores(has[..., :2], top[..., :2], farmers[..., :2], np.arange(2)).sum(-1)
    free = jnp.asarray(_PLACES[2:]) - farmers[..., 2:]
    t = jnp.minimum(extra, free.sum(-1))

    def scores(f: int) -> jax.Array:  # (..., places + 1): field f with 0, 1, ... more farmers
        more = jnp.arange(PLACES[f] + 1)
        return field_scores(has[..., f, None], top[..., f, None], farmers[..., f, None] + more, f)

    a = np.arange(PLACES[2] + 1)[:, None]  # farmers more on C, D (grid) and E (the rest)
    b = np.arange(PLACES[3] + 1)[None, :]
    c = t[..., None, None] - a - b
    valid = (a <= free[..., 0, None, None]) & (b <= free[..., 1, None, None]) & (c >= 0) \
        & (c <= free[..., 2, None, None])
    on_e = jnp.take_along_axis(scores(4), jnp.clip(c, 0, PLACES[4]).reshape(shape + (-1,)), -1).reshape(c.shape)
    total = scores(2)[..., :, None] + scores(3)[..., None, :] + on_e
    return base + jnp.where(valid, total, jnp.iinfo(jnp.int32).min // 2).max(axis=(-2, -1))


def _place_new(has: jax.Array, top: jax.Array, new: jax.Array, slot: jax.Array, tops: jax.Array):
    """The fields ``(has, top)`` (``(..., 5)``) after the colours ``new``
    (bool ``(..., 5)`` over colours) open the fields ``slot`` (int ``(...,
    5)``) with top values ``tops`` (``(..., 5)``), U-4.3."""
    fields = jnp.arange(NUM_FIELDS)
    assign = new[..., None, :] & (slot[..., None, :] == fields[:, None])  # (..., field, colour)
    opened = assign.any(-1)
    return has | opened, jnp.where(opened, (assign * tops[..., None, :]).sum(-1), top)


def _best_int(values: jax.Array, legal: jax.Array) -> jax.Array:
    """bool: the legal entries of the highest (integer) value."""
    low = jnp.iinfo(jnp.int32).min
    return legal & (values == jnp.where(legal, values, low).max())


def _row_choices(L: UgoLayout, low: jax.Array, obs: jax.Array, mask: jax.Array,
                 waiting_tops: jax.Array) -> jax.Array:
    """``GreedyBot.best_actions`` as a bool mask ``(A,)`` for one row ``(D,)``."""
    n = L.n
    i32 = jnp.int32
    colour_of = jnp.asarray(_COLOUR)
    value_of = jnp.asarray(_VALUE)
    hand = obs[L.hand:L.hand + NUM_CARDS] > 0.5
    played = obs[L.played:L.played + NUM_CARDS] > 0.5
    seats = obs[L.seats:L.globals].reshape(n, SEAT_BLOCK)
    mine = seats[0, L.fields:L.fields + NUM_FIELDS * FIELD_BLOCK].reshape(NUM_FIELDS, FIELD_BLOCK)
    has = mine[:, :NUM_COLOURS].max(-1) > 0.5
    colour = jnp.where(has, jnp.argmax(mine[:, :NUM_COLOURS], -1), -1)
    top = jnp.where(has, jnp.argmax(mine[:, L.field_top:L.field_top + NUM_VALUES], -1), -1)
    farmers = jnp.asarray(_PLACES) - _count(mine[:, L.field_empty], 4.0)
    owed = _count(seats[0, L.owed], 9.0)
    supply = _count(obs[L.supply], float(FARMER_TOKENS))
    trick_number = jnp.argmax(obs[L.trick_number:L.trick_number + HAND_SIZE]) + 1
    rate = (HAND_SIZE - trick_number) // 5  # int(0.2 * tricks left), FUTURE_FARMERS_PER_TRICK

    def future(taken: jax.Array | int) -> jax.Array:  # GreedyBot._future(view, True, taken), floored
        return jnp.minimum(rate, jnp.maximum(supply - taken, 0) // 2)

    opened = has.sum()
    colours = jnp.arange(NUM_COLOURS)

    # ----- play (U-3) --------------------------------------------------------------------
    slot_cards = seats[:, :NUM_CARDS] > 0.5  # (n, 45): the card each seat played to the trick
    in_trick = slot_cards.any(-1)
    trick_len = in_trick.sum()
    has_trick = trick_len > 0
    leader = jnp.argmax(seats[:, L.leader])
    rel = jnp.arange(n)
    position = (rel - leader) % n
    card_at = jnp.argmax(slot_cards, -1)
    led = colour_of[card_at[leader]]
    trick_cards = slot_cards.any(0)
    key = jnp.where(in_trick, value_of[card_at] * 64 + (colour_of[card_at] == led) * 32 + n - position, -1)
    best = card_at[jnp.argmax(key)]
    best_value, best_colour = value_of[best], colour_of[best]
    my_led = jnp.where(has_trick, led, colour_of)
    beats_best = ~has_trick | (value_of > best_value) | (
        (value_of == best_value) & (colour_of == led) & (best_colour != led))
    # chance that no later seat holds a beater of each card
    later = (rel >= 1) & (rel <= n - 1 - trick_len)
    unseen = ~(hand | played)
    allowed = unseen[None, :] & ~(seats[:, L.voids:L.voids + NUM_COLOURS] > 0.5)[:, colour_of]  # (n, 45)
    pool = allowed.sum(-1)
    equal_led = has_trick & jnp.asarray(_SAME_VALUE) & (colour_of[None, :] == led) & (colour_of[:, None] != led)
    beater = jnp.asarray(_HIGHER) | equal_led  # [card, other]
    beaters = jnp.dot(allowed.astype(jnp.float32), beater.T.astype(jnp.float32)).astype(i32)  # (n, 45)
    h = _count(seats[:, L.hand_size], float(HAND_SIZE))
    counted = later & (h > 0) & (h <= pool)
    # p = ways / hands, exactly: per later seat comb(pool - beaters, h) / comb(pool, h)
    table = jnp.asarray(_COMB)
    ways = jnp.where(counted[:, None], table[pool[:, None] - beaters, h[:, None]], 1)  # (n, 45)
    ways = jnp.where(beats_best, ways, 0)
    hands = jnp.where(counted, table[pool, h], 1)  # (n,)
    # the kingdom after winning the trick with each card (GreedyBot's _add_cards)
    trick_top = jnp.where(trick_cards[None, :] & (colour_of[None, :] == colours[:, None]), value_of, -1).max(-1)
    tops = jnp.maximum(trick_top[None, :], jnp.where(colour_of[:, None] == colours, value_of[:, None], -1))
    present = tops >= 0  # (card, colour)
    in_kingdom = (colour[:, None] == colours).any(0)
    own = tops[:, jnp.clip(colour, 0)]  # (card, field): the top of each field's colour in the trick
    top_won = jnp.where(has & (own >= 0), own, top)
    new = present & ~in_kingdom
    ahead = new[:, None, :] & ((tops[:, None, :] > tops[:, :, None])
                               | ((tops[:, None, :] == tops[:, :, None]) & (colours > colours[:, None])))
    has_won, top_won = _place_new(has, top_won, new, opened + ahead.sum(-1), tops)
    win_pay = jnp.asarray(_WIN_PAY)
    gain = jnp.minimum(win_pay[value_of], supply)
    win = kingdom_value(has_won, top_won, farmers, owed + gain + future(gain))
    low_farmers = jnp.where(jnp.asarray(IS_LOW_CARD)[value_of], jnp.where(colour_of == my_led, low[0], low[1]), 0)
    winner_pay = jnp.where(has_trick, win_pay[best_value], 1)
    gain = jnp.minimum(low_farmers, jnp.maximum(supply - winner_pay, 0))
    lose = kingdom_value(has, top, farmers, owed + gain + future(winner_pay + gain))
    play = _best_play(lose, win - lose, ways[1:], hands[1:], mask[A.PLAY:A.OPEN])

    # ----- open (U-4.3) ------------------------------------------------------------------
    waiting = mask[A.OPEN:A.FARM]
    rank = (jnp.asarray(_BEFORE) & waiting).sum(-1)  # (order, colour): waiting colours before it
    has_open, top_open = _place_new(has, top, jnp.broadcast_to(waiting, rank.shape), opened + rank,
                                     waiting_tops[None, :])
    by_order = kingdom_value(has_open, top_open, farmers, owed + future(0))
    first = waiting[None, :] & (rank == 0)  # (order, colour): the order opens this colour first
    open_values = jnp.where(first, by_order[:, None], jnp.iinfo(i32).min).max(0)
    open_ = _best_int(open_values, waiting)

    # ----- farm (U-3.4) ------------------------------------------------------------------
    targets = jnp.arange(2, NUM_FIELDS)
    trial = farmers[None, :] + (jnp.arange(NUM_FIELDS)[None, :] == targets[:, None])
    farm_values = 100 * kingdom_value(has[None], top[None], trial, owed - 1 + future(0)) \
        + jnp.where(has[targets], top[targets], 0)
    farm = _best_int(farm_values, mask[A.FARM:A.DEAL])

    choices = jnp.concatenate([play, open_, farm])  # each empty unless its kind of decision is asked
    return jnp.where(mask.sum() == 1, mask, choices)


def _best_play(lose: jax.Array, gain: jax.Array, ways: jax.Array, hands: jax.Array, legal: jax.Array) -> jax.Array:
    """bool ``(45,)``: the legal cards whose value ``lose + p * gain``
    (``p = prod(ways) / prod(hands)`` over the seats' axis 0) is within
    GreedyBot's tolerance of the best, decided exactly in integers: with
    ``S = lose * prod(hands) + gain * prod(ways)``, a card ties when
    ``TIE_TOLERANCE * (S_best - S) <= prod(hands)``."""
    hands_big = _product([_limbs(x, 3) for x in hands])
    ways_big = _product([_limbs(x, 3) for x in ways])  # (45, k)
    total = _normalize(jnp.pad(lose[:, None] * hands_big[None, :] + gain[:, None] * ways_big, ((0, 0), (0, 1))))
    best = _maxima(total, legal)
    behind = _normalize(total[jnp.argmax(best)][None, :] - total)
    slack = _multiply(behind, _limbs(jnp.int32(TIE_TOLERANCE), 3)[None, :])
    room = _normalize(jnp.pad(hands_big, (0, slack.shape[-1] - hands_big.shape[-1]))[None, :] - slack)
    return legal & (room[:, -1] >= 0)


# ----- exact integers as limbs -------------------------------------------------------------
# A number is an int32 array ``(..., k)`` of base-2**12 digits, lowest first;
# normalised, every digit but the top one is in [0, 4096) and the top one
# carries the sign. Products of digits stay far inside int32.
_BITS = 12
_DIGIT = (1 << _BITS) - 1


def _limbs(x: jax.Array, k: int) -> jax.Array:
    """``(..., k)``: the non-negative int32 ``x`` (``< 2 ** (12 k)``) as digits."""
    return (jnp.asarray(x, jnp.int32)[..., None] >> (_BITS * jnp.arange(k))) & _DIGIT


def _normalize(z: jax.Array) -> jax.Array:
    """``z`` (digits of any size within int32) normalised, carrying upwards."""
    digits, carry = [], jnp.int32(0)
    for i in range(z.shape[-1] - 1):
        v = z[..., i] + carry
        digits.append(v & _DIGIT)
        carry = v >> _BITS  # arithmetic shift: floor division, for negative digits too
    digits.append(z[..., -1] + carry)
    return jnp.stack(digits, -1)


def _multiply(x: jax.Array, y: jax.Array) -> jax.Array:
    """``x * y``, normalised, with as many digits as both together."""
    a, b = x.shape[-1], y.shape[-1]
    shape = jnp.broadcast_shapes(x.shape[:-1], y.shape[:-1]) + (a + b,)
    z = jnp.zeros(shape, jnp.int32)
    for i in range(a):
        z = z.at[..., i:i + b].add(x[..., i, None] * y)
    return _normalize(z)


def _product(factors: list[jax.Array]) -> jax.Array:
    out = factors[0]
    for factor in factors[1:]:
        out = _multiply(out, factor)
    return out


def _maxima(x: jax.Array, where: jax.Array) -> jax.Array:
    """bool ``(C,)``: the entries of ``where`` holding the largest of the
    normalised numbers ``x`` ``(C, k)`` (digits compared from the top)."""
    low = jnp.iinfo(jnp.int32).min
    for i in reversed(range(x.shape[-1])):
        where = where & (x[:, i] == jnp.where(where, x[:, i], low).max())
    return where


def ugo_greedy_choices(players: int, low_card_farmers: Sequence[int] | jax.Array) -> Callable[..., jax.Array]:
    """``choices(observation, legal_action_mask, waiting_tops) -> bool (B,
    53)``: per row the legal actions :meth:`GreedyBot.best_actions
    <herna.bots.greedy_ugo.GreedyBot.best_actions>` gives, for Ugo! with
    ``players`` seats and option ``low_card_farmers`` ``[same colour, other
    colour]`` (U-1.4; two ints, or int ``(2,)``, also traced: a batched
    state's ``low_card_farmers[0]``). ``observation`` float32 ``(B, D)``: the acting seat's
    row; ``legal_action_mask`` bool ``(B, 53)`` (the player actions);
    ``waiting_tops`` int ``(B, 5)``: per colour the top value of its waiting
    cards (U-4.5; read only at an open decision, -1 for a colour that does
    not wait), which the observation lacks (module docstring). Runs under
    ``jax.jit``; a row that is no decision gets an empty set."""
    run = _jitted_choices(players)
    low = jnp.asarray(low_card_farmers, jnp.int32)

    def choices(observation: jax.Array, legal_action_mask: jax.Array, waiting_tops: jax.Array) -> jax.Array:
        return run(observation, legal_action_mask[:, :NUM_ACTIONS], jnp.asarray(waiting_tops, jnp.int32), low)

    return choices


def ugo_waiting_tops(state) -> jax.Array:
    """int32 ``(..., 5)``: per colour the top value (0-8: ``CARD_VALUE``,
    the printed value minus 1) of the cards of that colour waiting to open
    a field of the last trick's winner (U-4.5), -1 for a colour with none:
    the ``waiting_tops`` of :func:`ugo_greedy_choices`, the tops of
    ``view["waiting_cards"]``.

    ``state``: a :class:`~herna.batch.ugo.UgoBatchState` (one game or a
    batch ``(B,)``); it reads only its ``waiting`` field ``(..., 45)``,
    cards of the trick just won, which are public: every card played this
    round and every kingdom's whole piles lie open on the table (U-5.1),
    and the Python view shows ``waiting_cards`` to every seat. Nothing
    hidden (hands, the deal) is read. Runs under ``jax.jit``."""
    waiting = jnp.asarray(state.waiting, bool)
    by_colour = waiting.reshape(waiting.shape[:-1] + (NUM_COLOURS, NUM_VALUES))
    return jnp.max(jnp.where(by_colour, jnp.arange(NUM_VALUES, dtype=jnp.int32), -1), axis=-1)


def ugo_greedy_policy(players: int, low_card_farmers: Sequence[int] | jax.Array) -> Callable[..., jax.Array]:
    """Ugo!'s :class:`~herna.bots.greedy_ugo.GreedyBot` as a batched policy,
    for ``players`` seats and option ``low_card_farmers`` (U-1.4):
    ``policy(observation, legal_action_mask, key, waiting_tops) -> int32
    (B,)``, one action drawn uniformly (:func:`herna.batch.bots.uniform_among`,
    as GreedyBot's ``choose``) from :func:`ugo_greedy_choices`' best set.
    ``observation`` float32 ``(B, D)`` the acting seat's row,
    ``legal_action_mask`` bool ``(B, 53)``, ``key`` a JAX key,
    ``waiting_tops`` int ``(B, 5)`` from :func:`ugo_waiting_tops` (public,
    U-5.1). Its ``extras`` attribute, ``("waiting_tops",)``, names that
    fourth input for :func:`herna.batch.bots.call_policy`. A row that is
    no decision gets 0. Runs under ``jax.jit``."""
    choices = ugo_greedy_choices(players, low_card_farmers)

    def policy(observation: jax.Array, legal_action_mask: jax.Array, key: jax.Array,
               waiting_tops: jax.Array) -> jax.Array:
        return uniform_among(choices(observation, legal_action_mask, waiting_tops), key)

    policy.extras = ("waiting_tops",)  # type: ignore[attr-defined]  # read by call_policy
    return policy


@functools.lru_cache(maxsize=None)
def _jitted_choices(players: int) -> Callable[..., jax.Array]:
    """The compiled rows of :func:`ugo_greedy_choices` for ``players``
    seats (``low_card_farmers`` an argument: one compilation per count)."""
    layout = UgoLayout(players)
    return jax.jit(jax.vmap(lambda o, m, w, low: _row_choices(layout, low, o, m, w), in_axes=(0, 0, 0, None)))


__all__ = ["UgoLayout", "field_scores", "kingdom_value", "ugo_greedy_choices", "ugo_greedy_policy",
           "ugo_waiting_tops", "TIE_TOLERANCE"]
