"""Ugo! as a batched JAX engine (rules/ugo.md), in pgx's style.

A second implementation of the Python engine (:mod:`herna.games.ugo`),
proved the same game by ``tests/batch/test_ugo_batch.py``: same deals, same
actions, same legal masks, observations and returns at every step.

**A batched game is a whole game** (U-2.1), as the Python engine's:
``rounds`` rounds of 10 tricks, scores adding up. Between rounds the next
round is dealt at once (U-2.2-U-2.4: empty kingdoms, a full farmer supply,
the lead one seat on); its cards come from the key given to
:meth:`UgoEnv.step` (or the hands given to :meth:`UgoEnv.step_with_deal`).
``state.rewards`` is zero except at the step that ends the game, where it
is the Python engine's ``returns()``: each seat's total over all rounds. So
the sum of a seat's rewards over a game is its return.

Only real choices are asked (GUIDE.md): after the action, every decision
with a single legal action (a forced play, U-3.1; the last waiting colour,
U-4.3; a farmer with one free field, U-3.4) is applied inside the same
``step`` (a ``jax.lax.while_loop``), and chance (the deal, U-2.2) is drawn
inside ``init``/``step``. So ``state.current_player`` is always a seat at a
real choice, or ``-4`` (:data:`TERMINAL`, as the Python engine) at the end.

Every option of the Python engine: ``players`` 2-4, ``rounds`` (U-2.1),
``first_player`` (U-2.4), ``farmers`` (the supply, U-1.3) and
``low_card_farmers`` (U-1.4). Action ids are the Python engine's
(:mod:`herna.games.ugo.actions`): 0..44 play a card, 45..49 open a field
with a waiting colour, 50..52 place a farmer on C, D or E; so
``legal_action_mask`` has :data:`NUM_ACTIONS` = 53 entries.

Shapes are of one game; :meth:`UgoEnv.init` with ``batch_size`` (and every
method given a batched state) adds a leading batch axis ``B``. ``n`` is the
number of players, ``D`` the length of the Python engine's
``observation_tensor`` (:func:`herna.games.ugo.observation.tensor_size`).

Every function here is pure and traceable, with no Python loop over games
or cards: cards are boolean vectors over the 45 ids, fields are arrays over
seats and the 5 fields, seats are vectorised (the observation is
``jax.vmap``-ed over them), games are ``jax.vmap``-ed, and the rules are
masked arithmetic (every phase's update computed, the phase's one selected)
with one ``jax.lax.while_loop`` for forced decisions.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from herna.games.ugo import actions as A
from herna.games.ugo.cards import HAND_SIZE, NUM_CARDS, NUM_COLOURS, NUM_VALUES
from herna.games.ugo.constants import Phase
from herna.games.ugo.fields import (
    EMPTY_BONUS, FARMER_TOKENS, IS_LOW_CARD, MAX_FREE_PLACES, NUM_FIELDS, PENALTY_PER_EMPTY_PLACE, PLACES,
    PRINTED_FARMERS, WIN_FARMERS,
)
from herna.games.ugo.observation import FIELD_BLOCK, SEAT_BLOCK, tensor_size

from .dealing import permutations
from .exact import quotient
from .stepping import room_for, where_due

NUM_ACTIONS = A.NUM_DISTINCT_ACTIONS
"""Length of ``legal_action_mask``: the 53 player action ids 0..52."""
TERMINAL = -4
"""``current_player`` at the end of a game (as :data:`herna.core.TERMINAL`)."""

_DEALING, _PLAYING, _ORDERING, _FARMING, _OVER = (
    int(Phase.DEALING), int(Phase.PLAYING), int(Phase.ORDERING), int(Phase.FARMING), int(Phase.OVER))
_COLOUR = np.arange(NUM_CARDS) // NUM_VALUES
_VALUE = np.arange(NUM_CARDS) % NUM_VALUES
_PLACES = np.array(PLACES, np.int32)
_PRINTED = np.array(PRINTED_FARMERS, np.int32)
_BONUS = np.array(EMPTY_BONUS, np.int32)
_WIN_FARMERS = np.array(WIN_FARMERS, np.int32)
_IS_LOW = np.array(IS_LOW_CARD, bool)
_FARM_PLACES = _PLACES[2:]
"""Places of the fields that take farmers, C, D, E (U-1.2, U-3.4)."""

# Float tables, each value as the Python engine computes it (a float64
# division, then float32): XLA turns a division by a constant into a
# multiplication that can differ in the last bit.
_TENTHS = (np.arange(NUM_CARDS + 1) / 10.0).astype(np.float32)
"""k / 10 for a hand size or a field's card count k."""
_NINTHS = (np.arange(MAX_FREE_PLACES + 1) / 9.0).astype(np.float32)
"""k / 9 for the farmers a seat has still to place."""
_FARMED = np.array([[k / p for k in range(5)] for p in PLACES], np.float32)
"""[field, farmers]: farmers / places."""
_EMPTY_QUARTERS = np.array([[(p - k) / 4.0 for k in range(5)] for p in PLACES], np.float32)
"""[field, farmers]: empty places / 4."""
_SUPPLY = (np.arange(FARMER_TOKENS + 1) / FARMER_TOKENS).astype(np.float32)
"""min(supply, 36) / 36 (U-1.3)."""
_OPTION_FIELDS = ("rounds", "first_player", "farmer_supply", "low_card_farmers")
"""The fields of :class:`UgoBatchState` that hold the options (a new game copies them)."""
_ROUND_MIN, _ROUND_MAX = -PENALTY_PER_EMPTY_PLACE * int((_PLACES - _PRINTED).sum()), 8 * NUM_FIELDS
"""The lowest and highest score of one round (U-6): -45 and 40."""


@dataclasses.dataclass(frozen=True)
class UgoBatchState:
    """One Ugo! game (or a batch: a leading axis ``B`` on every field).

    The public fields (pgx's names):

    * ``current_player`` int32 ``()``: the seat to act, :data:`TERMINAL` (-4) at the end.
    * ``legal_action_mask`` bool ``(53,)``: the legal action ids of that seat.
    * ``observation`` float32 ``(n, D)``: row ``s`` is seat ``s``'s
      ``observation_tensor`` (layout in :mod:`herna.games.ugo.observation`).
    * ``rewards`` float32 ``(n,)``: the game's returns at the step that ends it, else 0.
    * ``terminated`` bool ``()``: the game ended at this step (with auto-reset the
      state is then already the next game's first state, pgx's convention).
    * ``scores`` int32 ``(n,)``: totals of the finished rounds (U-2.1).

    The rest is the engine's own position (read, do not write): ``phase``
    int32 (:class:`~herna.games.ugo.constants.Phase` values 1-4; 0 inside a
    step, between a round's end and the next deal), ``round`` int32 (from 0),
    ``hands`` bool ``(n, 45)``, ``played`` bool ``(45,)`` (this round, U-5.1),
    ``voids`` bool ``(n, 5)``, ``trick`` int32 ``(n,)`` (card ids in play
    order, -1 = none yet), ``trick_len`` int32, ``leader`` int32 (leads the
    trick in play; the last trick's winner while it opens fields and farmers
    are placed), ``tricks_done`` int32; per seat and field A-E, int32
    ``(n, 5)``: ``field_colour`` (-1: empty), ``field_top`` (the top card's
    value, -1: empty), ``field_count`` (cards on it) and ``farmers``;
    ``waiting`` bool ``(45,)`` / ``waiting_colours`` bool ``(5,)`` (new
    colours of the last trick, U-4.5); ``queue`` int32 ``(n,)`` (farmers each
    seat has still to place, U-2.5: the queue's order is clockwise from the
    last trick's winner); ``supply`` int32 (U-1.3). The options are data,
    so that one compiled step serves every table of a player count:
    ``rounds`` int32 (U-2.1), ``first_player`` int32 (U-2.4),
    ``farmer_supply`` int32 (option ``farmers``, U-1.3) and
    ``low_card_farmers`` int32 ``(2,)`` (U-1.4), copied from the engine's
    options by ``init`` and kept by ``step``.
    """

    current_player: jax.Array
    legal_action_mask: jax.Array
    observation: jax.Array
    rewards: jax.Array
    terminated: jax.Array
    scores: jax.Array
    phase: jax.Array
    round: jax.Array
    hands: jax.Array
    played: jax.Array
    voids: jax.Array
    trick: jax.Array
    trick_len: jax.Array
    leader: jax.Array
    tricks_done: jax.Array
    field_colour: jax.Array
    field_top: jax.Array
    field_count: jax.Array
    farmers: jax.Array
    waiting: jax.Array
    waiting_colours: jax.Array
    queue: jax.Array
    supply: jax.Array
    rounds: jax.Array
    first_player: jax.Array
    farmer_supply: jax.Array
    low_card_farmers: jax.Array
    truncated: jax.Array | None = None
    """bool, pgx's ``truncated``: never True (every game ends by its rules); set by :func:`herna.batch.make`'s
    environments, ``None`` in an engine's own states."""

    def replace(self, **changes: Any) -> "UgoBatchState":
        """A copy with ``changes`` (``dataclasses.replace``)."""
        return dataclasses.replace(self, **changes)


jax.tree_util.register_dataclass(
    UgoBatchState, data_fields=[f.name for f in dataclasses.fields(UgoBatchState)], meta_fields=[])


def _one_hot(index: jax.Array, size: int) -> jax.Array:
    """float32 one-hot of ``index`` over its last axis; an index outside
    ``0..size-1`` (-1: none) gives zeros."""
    return (index[..., None] == jnp.arange(size)).astype(jnp.float32)


def _where(cond: jax.Array, a: UgoBatchState, b: UgoBatchState) -> UgoBatchState:
    return jax.tree_util.tree_map(lambda x, y: jnp.where(cond, x, y), a, b)


def _top_values(cards: jax.Array) -> jax.Array:
    """int32 ``(5,)``: per colour, the highest value among ``cards`` (bool
    ``(45,)``), -1 for a colour without one."""
    grid = cards.reshape(NUM_COLOURS, NUM_VALUES)
    return jnp.where(grid.any(axis=1), NUM_VALUES - 1 - jnp.argmax(grid[:, ::-1], axis=1), -1).astype(jnp.int32)


class UgoEnv:
    """Batched Ugo! with fixed options (made by :func:`herna.batch.engine`).

    ``num_players`` (n), ``num_actions`` (53), ``observation_shape``
    ``(n, D)``, ``options`` (the validated game options), ``auto_reset``.

    Methods take and return :class:`UgoBatchState`; each works on one game
    (so it can be ``jax.vmap``-ed) and on a batch (a state from
    ``init(key, batch_size)``: it vmaps itself), and each may be ``jax.jit``-ed.
    """

    def __init__(self, options: dict[str, Any], auto_reset: bool = True) -> None:
        self.options = dict(options)
        self.num_players: int = options["players"]
        self.rounds: int = options["rounds"]
        self.first_player: int = options["first_player"]
        self.farmer_tokens: int = options["farmers"]
        self.low_card_farmers: tuple[int, int] = tuple(options["low_card_farmers"])
        self.auto_reset = bool(auto_reset)
        self.num_actions = NUM_ACTIONS
        self.observation_shape = (self.num_players, tensor_size(self.num_players))
        self.min_deal_room = 16
        """A batched :meth:`step` lets at least this many games draw their own deal."""

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"herna.batch.engine('ugo', {opts}, auto_reset={self.auto_reset})"

    # ----- public API ------------------------------------------------------------------
    def deal(self, key: jax.Array) -> jax.Array:
        """U-2.2: a uniformly random deal from ``key``: int32 ``(n, 10)`` card
        ids, seat ``s`` gets row ``s`` (the other cards are unused)."""
        return self._deal_order(key)

    def init(self, key: jax.Array, batch_size: int | None = None) -> UgoBatchState:
        """A new game dealt from ``key`` (:meth:`deal`), at the first lead
        (U-2.4: seat ``first_player``). ``batch_size``: that many independent
        games (keys split from ``key``), a leading axis on every field."""
        if batch_size is not None:
            return jax.vmap(self.init)(jax.random.split(key, batch_size))
        return self._finish(self._new_game(self._deal_order(key), self._rules()))

    def init_from_deal(self, hands: jax.Array) -> UgoBatchState:
        """A new game whose first round is dealt ``hands``: int ``(n, 10)``
        card ids (0..44, all different; seat ``s`` gets row ``s``, as the
        Python engine deals), or ``(B, n, 10)`` for a batch. For replaying
        the Python engine's deals."""
        hands = jnp.asarray(hands, jnp.int32)
        if hands.ndim == 3:
            return jax.vmap(self.init_from_deal)(hands)
        return self._finish(self._new_game(hands, self._rules()))

    def step(self, state: UgoBatchState, action: jax.Array, key: jax.Array) -> UgoBatchState:
        """Apply ``action`` (int, a legal id of ``state.legal_action_mask``;
        ``(B,)`` for a batch) for ``state.current_player``, then every forced
        decision. A round that ends is scored (U-6); the next round (or, with
        auto-reset, the next game) is dealt from ``key`` (one key also for a
        batch). An illegal action is not checked (as the Python engine's
        ``State.push``): the result is undefined. A terminated state without
        auto-reset stays as it is (rewards 0).

        Given a batched state, only the games that need a deal draw one
        (:func:`herna.batch.stepping.where_due`, ``max(min_deal_room, B //
        16)`` games at a time, a second chunk only when more need it), which
        is faster than ``jax.vmap(step)``: a deal is a sort of 45 keys."""
        if jnp.ndim(state.terminated) == 0:
            return self._settle(self._act(state, action), self._deal_order(key))
        batch = state.terminated.shape[0]
        s = jax.vmap(self._act)(state, action)
        over = s.phase == _OVER
        s = where_due(s, self._needs_deal(s), self._deal_chunk, room_for(batch, 16, self.min_deal_room), key)
        return jax.vmap(self._finish)(s).replace(terminated=over)

    def step_with_deal(self, state: UgoBatchState, action: jax.Array, hands: jax.Array) -> UgoBatchState:
        """:meth:`step` with the next deal given: ``hands`` int ``(n, 10)``
        (``(B, n, 10)`` for a batch, as :meth:`init_from_deal`) are dealt if
        a round or, with auto-reset, the game ends at this step, and ignored
        otherwise. For replaying the Python engine's games."""
        hands = jnp.asarray(hands, jnp.int32)
        if hands.ndim == 3:
            return jax.vmap(self.step_with_deal)(state, action, hands)
        return self._settle(self._act(state, action), hands)

    # ----- a step in two halves --------------------------------------------------------
    def _act(self, state: UgoBatchState, action: jax.Array) -> UgoBatchState:
        """The action and the forced decisions after it, up to a real
        choice, the end, or a round to be dealt (phase ``DEALING``, as the
        Python engine's chance node). The rules run without the observation
        (rebuilt by :meth:`_settle`)."""
        s = state.replace(rewards=jnp.zeros(self.num_players, jnp.float32), observation=None)

        def body(carry: tuple[UgoBatchState, jax.Array]) -> tuple[UgoBatchState, jax.Array]:
            x, first = carry  # the given action first, then each forced one (one body: half the code to compile)
            chosen = jnp.where(first, jnp.asarray(action, jnp.int32), jnp.argmax(self._legal_mask(x)))
            return self._apply(x, chosen.astype(jnp.int32)), jnp.bool_(False)

        return jax.lax.while_loop(lambda c: c[1] | self._is_forced(c[0]), body, (s, jnp.bool_(True)))[0]

    def _needs_deal(self, s: UgoBatchState) -> jax.Array:
        """A deal is due (U-2.2): the next round, or the next game (auto-reset)."""
        return (s.phase == _DEALING) | ((s.phase == _OVER) & self.auto_reset)

    def _settle(self, s: UgoBatchState, hands: jax.Array) -> UgoBatchState:
        """Deal ``hands`` (int32 ``(n, 10)``) where due, then fill the public fields."""
        over = s.phase == _OVER
        return self._finish(self._deal_due(s, hands)).replace(terminated=over)

    def _deal_due(self, s: UgoBatchState, hands: jax.Array) -> UgoBatchState:
        """One game dealt ``hands`` (int32 ``(n, 10)``) if a deal is due:
        the next round (U-2.2), or with auto-reset the next game (keeping
        the ended game's rewards); else ``s`` as it is."""
        over = s.phase == _OVER
        s = _where(s.phase == _DEALING, self._start_round(s, hands, s.round + 1), s)
        if self.auto_reset:
            fresh = self._new_game(hands, {name: getattr(s, name) for name in _OPTION_FIELDS})
            fresh = fresh.replace(rewards=s.rewards, observation=None)
            s = _where(over, fresh, s)
        return s

    def _deal_chunk(self, games: UgoBatchState, active: jax.Array, key: jax.Array) -> UgoBatchState:
        """A batch of ``games`` dealt from ``key`` where due (:func:`where_due`'s
        update; the games outside ``active`` are dropped by it)."""
        n = self.num_players
        cards = permutations(jax.random.bits(key, (active.shape[0], NUM_CARDS), jnp.uint32))
        return jax.vmap(self._deal_due)(games, cards[:, : n * HAND_SIZE].reshape(-1, n, HAND_SIZE))

    # ----- set-up ----------------------------------------------------------------------
    def _deal_order(self, key: jax.Array) -> jax.Array:
        """U-2.2: a random deal as int32 ``(n, 10)``: the first ``10 n`` cards
        of a random permutation of the 45, seat by seat."""
        n = self.num_players
        cards = permutations(jax.random.bits(key, (NUM_CARDS,), jnp.uint32))
        return cards[: n * HAND_SIZE].reshape(n, HAND_SIZE)

    def _rules(self) -> dict[str, jax.Array]:
        """This engine's options as the state's option fields (:class:`UgoBatchState`)."""
        i32 = jnp.int32
        return {"rounds": i32(self.rounds), "first_player": i32(self.first_player),
                "farmer_supply": i32(self.farmer_tokens), "low_card_farmers": jnp.asarray(self.low_card_farmers, i32)}

    def _new_game(self, hands: jax.Array, rules: dict[str, jax.Array]) -> UgoBatchState:
        """A new game whose first round is dealt ``hands`` (int ``(n, 10)``),
        with the options ``rules`` (:meth:`_rules`, or a state's own)."""
        n = self.num_players
        i32 = jnp.int32
        s = UgoBatchState(
            current_player=i32(0), legal_action_mask=jnp.zeros(NUM_ACTIONS, bool),
            observation=jnp.zeros(self.observation_shape, jnp.float32),
            rewards=jnp.zeros(n, jnp.float32), terminated=jnp.bool_(False), scores=jnp.zeros(n, i32),
            phase=i32(_PLAYING), round=i32(0), hands=jnp.zeros((n, NUM_CARDS), bool),
            played=jnp.zeros(NUM_CARDS, bool), voids=jnp.zeros((n, NUM_COLOURS), bool),
            trick=jnp.full(n, -1, i32), trick_len=i32(0), leader=i32(0), tricks_done=i32(0),
            field_colour=jnp.full((n, NUM_FIELDS), -1, i32), field_top=jnp.full((n, NUM_FIELDS), -1, i32),
            field_count=jnp.zeros((n, NUM_FIELDS), i32), farmers=jnp.zeros((n, NUM_FIELDS), i32),
            waiting=jnp.zeros(NUM_CARDS, bool), waiting_colours=jnp.zeros(NUM_COLOURS, bool),
            queue=jnp.zeros(n, i32), supply=i32(0), **rules)
        return self._start_round(s, hands, jnp.int32(0))

    def _start_round(self, s: UgoBatchState, hands: jax.Array, round_index: jax.Array) -> UgoBatchState:
        """U-2.2-U-2.4: round ``round_index`` (from 0) dealt ``hands``: empty
        kingdoms (A and B farmed), a full supply (U-1.3), the lead on seat
        ``first_player + round_index``."""
        n = self.num_players
        i32 = jnp.int32
        held = (jnp.asarray(hands, i32).reshape(n, HAND_SIZE)[:, :, None] == jnp.arange(NUM_CARDS)).any(axis=1)
        return s.replace(
            phase=i32(_PLAYING), round=jnp.asarray(round_index, i32), hands=held, played=jnp.zeros(NUM_CARDS, bool),
            voids=jnp.zeros((n, NUM_COLOURS), bool), trick=jnp.full(n, -1, i32), trick_len=i32(0),
            leader=((s.first_player + round_index) % n).astype(i32), tricks_done=i32(0),
            field_colour=jnp.full((n, NUM_FIELDS), -1, i32), field_top=jnp.full((n, NUM_FIELDS), -1, i32),
            field_count=jnp.zeros((n, NUM_FIELDS), i32), farmers=jnp.tile(jnp.asarray(_PRINTED), (n, 1)),
            waiting=jnp.zeros(NUM_CARDS, bool), waiting_colours=jnp.zeros(NUM_COLOURS, bool),
            queue=jnp.zeros(n, i32), supply=s.farmer_supply)

    # ----- who acts, what is legal ------------------------------------------------------
    def _to_play(self, s: UgoBatchState) -> jax.Array:
        """U-3.1: the seat to play a card to the trick in play."""
        return (s.leader + s.trick_len) % self.num_players

    def _head(self, s: UgoBatchState) -> jax.Array:
        """U-2.5: the seat at the farmer queue's head: the first clockwise
        from the last trick's winner (``leader``) with farmers to place."""
        seats = (s.leader + jnp.arange(self.num_players)) % self.num_players
        return seats[jnp.argmax(s.queue[seats] > 0)]

    def _player(self, s: UgoBatchState) -> jax.Array:
        """The seat to act by phase; -1 while dealing, :data:`TERMINAL` at the end."""
        return jnp.select([s.phase == _PLAYING, s.phase == _ORDERING, s.phase == _FARMING, s.phase == _OVER],
                          [self._to_play(s), s.leader, self._head(s), jnp.int32(TERMINAL)], jnp.int32(-1))

    def _legal_mask(self, s: UgoBatchState) -> jax.Array:
        """bool ``(53,)``: play (0..44, U-3.1: follow the led colour if you
        can), open a waiting colour (45..49, U-4.3), place a farmer on C-E
        (50..52, a field with a free place, U-3.4), by phase."""
        hand = s.hands[self._to_play(s)]
        follow = hand & (jnp.asarray(_COLOUR) == jnp.asarray(_COLOUR)[jnp.maximum(s.trick[0], 0)])
        play = jnp.where((s.trick_len > 0) & follow.any(), follow, hand) & (s.phase == _PLAYING)
        open_ = s.waiting_colours & (s.phase == _ORDERING)
        farm = (s.farmers[self._head(s), 2:] < _FARM_PLACES) & (s.phase == _FARMING)
        return jnp.concatenate([play, open_, farm])

    def _is_forced(self, s: UgoBatchState) -> jax.Array:
        """A decision with a single legal action (applied by the engine)."""
        return ((s.phase == _PLAYING) | (s.phase == _ORDERING) | (s.phase == _FARMING)) & (
            self._legal_mask(s).sum() == 1)

    # ----- one action ------------------------------------------------------------------
    def _apply(self, s: UgoBatchState, action: jax.Array) -> UgoBatchState:
        """``action`` by phase (U-3.1, U-4.3, U-3.4); nothing while dealing or at the end."""
        played = self._play(s, action)
        opened = self._open(s, action)
        farmed = self._farm(s, action)
        out = _where(s.phase == _PLAYING, played, s)
        out = _where(s.phase == _ORDERING, opened, out)
        return _where(s.phase == _FARMING, farmed, out)

    def _play(self, s: UgoBatchState, action: jax.Array) -> UgoBatchState:
        """U-3.1: the seat to act plays ``action`` (a card id); a card not in
        the led colour shows the seat void in it; the last card decides the trick."""
        seat = self._to_play(s)
        card = jnp.clip(action - A.PLAY, 0, NUM_CARDS - 1)
        led = jnp.asarray(_COLOUR)[jnp.maximum(s.trick[0], 0)]
        shows_void = (s.trick_len > 0) & (jnp.asarray(_COLOUR)[card] != led)
        t = s.replace(
            hands=s.hands.at[seat, card].set(False), played=s.played.at[card].set(True),
            voids=s.voids.at[seat, led].set(s.voids[seat, led] | shows_void),
            trick=s.trick.at[jnp.minimum(s.trick_len, self.num_players - 1)].set(card), trick_len=s.trick_len + 1)
        return _where(t.trick_len == self.num_players, self._finish_trick(t), t)

    def _finish_trick(self, s: UgoBatchState) -> UgoBatchState:
        """U-3.2 the winner; U-4.1/U-4.2 the colours already in its kingdom
        stacked, U-4.5 new colours waiting; U-3.3/U-1.4/U-1.3 farmers paid
        out of the supply in the order of U-2.5, those beyond the seat's free
        places lost; U-3.5 the winner leads next; then the decisions that follow."""
        n = self.num_players
        i32 = jnp.int32
        cards = jnp.maximum(s.trick, 0)
        colour = jnp.asarray(_COLOUR)[cards]
        value = jnp.asarray(_VALUE)[cards]
        pos = jnp.argmax(2 * value + (colour == colour[0]))  # highest value; a tie: the led colour, else first
        winner = (s.leader + pos) % n
        # U-4.1 / U-4.2 / U-4.5
        won = (cards[:, None] == jnp.arange(NUM_CARDS)).any(axis=0)
        per_colour = won.reshape(NUM_COLOURS, NUM_VALUES)
        count = per_colour.sum(axis=1).astype(i32)
        top = _top_values(won)
        fields = s.field_colour[winner]
        in_kingdom = (fields[None, :] == jnp.arange(NUM_COLOURS)[:, None]).any(axis=1)
        held = jnp.clip(fields, 0, NUM_COLOURS - 1)
        added = jnp.where(fields >= 0, count[held], 0)
        field_count = s.field_count.at[winner].add(added)
        field_top = s.field_top.at[winner].set(jnp.where(added > 0, top[held], s.field_top[winner]))
        new = (count > 0) & ~in_kingdom
        waiting = s.waiting | (won & new[jnp.asarray(_COLOUR)])
        waiting_colours = s.waiting_colours | new
        # U-3.3 / U-1.4 / U-1.3 / U-2.5
        same, other = s.low_card_farmers[0], s.low_card_farmers[1]
        seats = (s.leader + jnp.arange(n)) % n
        low = jnp.asarray(_IS_LOW)[value] & (jnp.arange(n) != pos)
        low_pay = jnp.where(low, jnp.where(colour == colour[pos], same, other), 0)
        due = jnp.zeros(n, i32).at[seats].add(low_pay).at[winner].add(jnp.asarray(_WIN_FARMERS)[value[pos]])
        order = (winner + jnp.arange(n)) % n
        asked = due[order]
        before = jnp.cumsum(asked) - asked
        got = jnp.minimum(asked, jnp.maximum(s.supply - before, 0))
        free = MAX_FREE_PLACES - (s.farmers[order, 2:] - jnp.asarray(_PRINTED)[2:]).sum(axis=1)
        queue = jnp.zeros(n, i32).at[order].set(jnp.minimum(got, free))
        t = s.replace(
            field_count=field_count, field_top=field_top, waiting=waiting, waiting_colours=waiting_colours,
            queue=queue, supply=s.supply - got.sum(), trick=jnp.full(n, -1, i32), trick_len=i32(0),
            leader=winner.astype(i32), tricks_done=s.tricks_done + 1)
        return _where(waiting_colours.any(), t.replace(phase=i32(_ORDERING)), self._next(t))

    def _open(self, s: UgoBatchState, action: jax.Array) -> UgoBatchState:
        """U-4.3: the waiting colour ``action - 45`` opens the winner's
        (``leader``'s) leftmost empty field; after the last one, what follows."""
        colour = jnp.clip(action - A.OPEN, 0, NUM_COLOURS - 1)
        winner = s.leader
        field = jnp.minimum((s.field_colour[winner] >= 0).sum(), NUM_FIELDS - 1)
        cards = s.waiting & (jnp.asarray(_COLOUR) == colour)
        t = s.replace(
            field_colour=s.field_colour.at[winner, field].set(colour),
            field_count=s.field_count.at[winner, field].set(cards.sum().astype(jnp.int32)),
            field_top=s.field_top.at[winner, field].set(_top_values(cards)[colour]),
            waiting=s.waiting & ~cards, waiting_colours=s.waiting_colours.at[colour].set(False))
        return _where(t.waiting_colours.any(), t, self._next(t))

    def _farm(self, s: UgoBatchState, action: jax.Array) -> UgoBatchState:
        """U-3.4: the queue's head places one farmer on field C, D or E
        (``action`` 50..52); then what follows."""
        field = jnp.clip(action - A.FARM, 0, 2) + 2
        head = self._head(s)
        return self._next(s.replace(farmers=s.farmers.at[head, field].add(1), queue=s.queue.at[head].add(-1)))

    def _next(self, s: UgoBatchState) -> UgoBatchState:
        """The next farmer decision (U-2.5), the next trick (U-3.5) or the
        round's end (U-6: scored; the next round is dealt by :meth:`_settle`,
        phase ``DEALING`` until then; after the last round the game is over)."""
        i32 = jnp.int32
        going = s.replace(phase=jnp.where(s.queue.any(), i32(_FARMING), i32(_PLAYING)))
        has = s.field_count > 0
        empty = jnp.asarray(_PLACES) - s.farmers
        field_scores = jnp.where(empty <= 0, jnp.where(has, s.field_top, jnp.asarray(_BONUS)),
                                 jnp.where(has, -PENALTY_PER_EMPTY_PLACE * empty, 0))
        scores = s.scores + field_scores.sum(axis=1).astype(i32)
        last = s.round + 1 >= s.rounds
        ended = s.replace(scores=scores, phase=jnp.where(last, i32(_OVER), i32(_DEALING)),
                          rewards=jnp.where(last, scores.astype(jnp.float32), s.rewards))
        return _where(s.queue.any() | (s.tricks_done < HAND_SIZE), going, ended)

    # ----- what the seats see ------------------------------------------------------------
    def observe(self, state: UgoBatchState, seat: jax.Array) -> jax.Array:
        """Seat ``seat``'s ``observation_tensor`` of ``state``: float32 ``(D,)``,
        or ``(B, D)`` for a batched state (``seat`` an int or ``(B,)``; a
        negative seat gives seat 0's): the row of ``state.observation``,
        recomputed from the position (so any state will do)."""
        seat = jnp.maximum(jnp.asarray(seat, jnp.int32), 0)
        position = state.replace(truncated=None)
        if jnp.ndim(state.terminated) == 0:
            return self._observe(position)[seat]
        rows = jax.vmap(self._observe)(position)
        seat = jnp.broadcast_to(seat, state.terminated.shape)
        return jnp.take_along_axis(rows, seat[:, None, None], axis=1)[:, 0]

    def _finish(self, s: UgoBatchState) -> UgoBatchState:
        """Fill the public fields from the position."""
        s = s.replace(current_player=self._player(s).astype(jnp.int32), legal_action_mask=self._legal_mask(s),
                      terminated=s.phase == _OVER)
        return s.replace(observation=self._observe(s))

    def _observe(self, s: UgoBatchState) -> jax.Array:
        """float32 ``(n, D)``: row ``s`` is seat ``s``'s ``observation_tensor``
        (U-5; layout in :mod:`herna.games.ugo.observation`). A seat's block
        (140 floats) is the same whoever observes, so the ``n`` blocks are
        built once and each row takes them in its own order (relative seat
        ``r`` = seat ``(s + r) mod n``)."""
        n = self.num_players
        f32 = jnp.float32
        seats = jnp.arange(n)
        pos = (seats - s.leader) % n
        trick_card = jnp.where(pos < s.trick_len, s.trick[pos], -1)
        colour = s.field_colour
        opened = (colour >= 0)[..., None]
        farmers = s.farmers
        fidx = jnp.arange(NUM_FIELDS)
        field_block = jnp.concatenate([
            _one_hot(colour, NUM_COLOURS),
            _one_hot(s.field_top, NUM_VALUES) * opened,
            (jnp.asarray(_TENTHS)[s.field_count] * opened[..., 0])[..., None],
            jnp.asarray(_FARMED)[fidx, farmers][..., None],
            jnp.asarray(_EMPTY_QUARTERS)[fidx, farmers][..., None],
        ], axis=-1)  # (n, 5, 17)
        # total / 50, i / rounds: as the Python engine rounds them (herna.batch.exact)
        total = jnp.clip(s.scores, _ROUND_MIN * s.rounds, _ROUND_MAX * s.rounds)
        seat_block = jnp.concatenate([
            _one_hot(trick_card, NUM_CARDS),
            field_block.reshape(n, NUM_FIELDS * FIELD_BLOCK),
            s.voids.astype(f32),
            jnp.asarray(_NINTHS)[jnp.clip(s.queue, 0, MAX_FREE_PLACES)][:, None],
            (jnp.sign(total) * quotient(jnp.abs(total), 50))[:, None],
            jnp.asarray(_TENTHS)[s.hands.sum(axis=1)][:, None],
            (seats == s.leader).astype(f32)[:, None],
            (seats == s.current_player).astype(f32)[:, None],
        ], axis=-1)  # (n, 140), by absolute seat
        rel = (seats[:, None] + seats[None, :]) % n  # [observer, relative seat] -> seat
        round_index = jnp.clip(s.round, 0, s.rounds - 1)
        common = jnp.concatenate([
            _one_hot(s.phase, 5), s.waiting_colours.astype(f32),
            _one_hot(jnp.minimum(s.tricks_done, HAND_SIZE - 1), HAND_SIZE),
            jnp.stack([quotient(round_index, s.rounds), quotient(s.rounds - 1 - round_index, s.rounds),
                       jnp.asarray(_SUPPLY)[jnp.clip(s.supply, 0, FARMER_TOKENS)]]),
        ])
        return jnp.concatenate([
            s.hands.astype(f32), jnp.broadcast_to(s.played.astype(f32), (n, NUM_CARDS)),
            seat_block[rel].reshape(n, n * SEAT_BLOCK), jnp.broadcast_to(common, (n, common.size)),
        ], axis=1)
