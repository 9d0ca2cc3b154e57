"""Trumfosaur as a batched JAX engine (rules/trumfosaur.md), in pgx's style.

A second implementation of the Python engine (:mod:`herna.games.trumfosaur`),
proved the same game by ``tests/batch/test_trumfosaur_batch.py``: same deals,
same actions, same legal masks, observations and returns at every step.

**A batched game is a whole game** (T-2.1), as the Python engine's: a series
of deals until a seat (with teams: a team, T-7.1) reaches ``target_score``.
Between deals the next deal starts at once (T-3.5 picks its first leader);
its cards come from the key given to :meth:`TrumfosaurEnv.step` (or the
hands given to :meth:`TrumfosaurEnv.step_with_deal`). ``state.rewards`` is
zero except at the step that ends the game, where it is the Python engine's
``returns()``: each seat's game total (teams: its team's total). So the sum
of a seat's rewards over a game is its return.

Only real choices are asked (GUIDE.md): after the action, every decision
with a single legal action (a forced play, T-4.2) is applied inside the same
``step`` (a ``jax.lax.while_loop`` over the batch), and chance (the deal, T-3.1) is drawn
inside ``init``/``step``. So ``state.current_player`` is always a seat at a
real choice, or ``-4`` (:data:`TERMINAL`, as the Python engine) at the end.

Every option of the Python engine: ``players`` 2-5, ``teams`` (T-7),
``target_score`` (T-2.1), ``first_player`` (T-3.5) and ``master`` (T-8: the
exchange, its draws from the deck and the public discards). Action ids are
the Python engine's (:mod:`herna.games.trumfosaur.actions`): 0..49 play a
dinosaur, 50 play the trump, 51..100 invite a card, 101 reveal, 102 pass,
and with ``master`` 103..1378 exchange 0, 1 or 2 cards. So
``legal_action_mask`` has ``env.num_actions`` entries: :data:`NUM_ACTIONS`
= 103 without the master version (no other id is ever legal), 1379 with it.

Shapes are of one game; :meth:`TrumfosaurEnv.init` with ``batch_size`` (and
every method given a batched state) adds a leading batch axis ``B``. ``n`` is
the number of players, ``D`` the length of the Python engine's
``observation_tensor`` (:func:`herna.games.trumfosaur.observation.tensor_size`).

Every function here is pure and traceable, with no Python loop over games,
seats or cards: a set of cards is five int32 words (one per species, a bit
per value), seats are vectorised (the observation is ``jax.vmap``-ed over
them), games are ``jax.vmap``-ed, and a step takes no branch per game:
each kind of action updates only its own fields under a mask of its phase
(exchange, invitation, reveal window, play; a play that ends a trick, a
deal or a game updates those fields under masks too), and the new deal or
game is dealt where due the same way. The one loop is the forced plays': a
``jax.lax.while_loop`` whose every pass plays the forced card of each game
that has one, until no game has one (about 4 passes a step at 16k games).
In a batched step the forced plays and the deals run on a small batch of
only the games that need them (:mod:`herna.batch.stepping`).
``observe=`` (:func:`herna.batch.engine`) chooses which observations a step
builds: every seat's (the default), the acting seat's, or none.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from herna.games.trumfosaur import actions as A
from herna.games.trumfosaur.cards import INVITATION_POINTS, NUM_CARDS, TRUMP
from herna.games.trumfosaur.constants import HAND_SIZE, TRICKS, Phase
from herna.games.trumfosaur.observation import tensor_size

from .dealing import permutations
from .exact import quotient
from .stepping import room_for, where_due

OBSERVE_MODES = ("all", "current", "none")
"""The ``observe`` options of :func:`herna.batch.engine`: what ``state.observation`` holds."""
NUM_ACTIONS = A.PASS + 1
"""Length of ``legal_action_mask`` without the master version: ids 0..102."""
TERMINAL = -4
"""``current_player`` at the end of a game (as :data:`herna.core.TERMINAL`)."""

_TENTHS = (np.arange(HAND_SIZE + 2) / 10.0).astype(np.float32)
"""Hand size / 10 as the Python engine rounds it (float64, then float32):
a table, because XLA turns a division by a constant into a multiplication
that can differ in the last bit."""
_DEAL, _EXCHANGE, _INVITE, _PLAY, _WINDOW, _OVER = (
    int(Phase.DEAL), int(Phase.EXCHANGE), int(Phase.INVITE), int(Phase.PLAY), int(Phase.WINDOW), int(Phase.OVER))
_PAIR_A = np.array([a for a, _ in A.PAIRS], np.int32)
_PAIR_B = np.array([b for _, b in A.PAIRS], np.int32)
"""The two cards of each two-card exchange (action ``EXCHANGE_TWO_BASE + i``, T-8.1)."""
_PLAY_FIELDS = ("trump", "hand_bits", "played_bits", "voids", "taken_bits", "taken_count", "trick_cards",
                "trick_len", "leader", "trick_number", "phase", "turn", "scores", "rewards", "first_leader")
"""The fields of the state a play may change (:meth:`TrumfosaurEnv._play`, its trick and its deal's score)."""
_NUM_SPECIES = NUM_CARDS // 10
_SP = np.arange(_NUM_SPECIES, dtype=np.int32)


def _species(card: jax.Array) -> jax.Array:
    """``card // 10`` for int32 ids 0..16388 (a card's species, 0..4 for a
    dinosaur, 5 for the trump), negative for a negative id (-1 for -1): a
    multiplication and a shift, where ``//`` is a division and a sign fix-up
    per element."""
    return jnp.right_shift(jnp.asarray(card, jnp.int32) * 6554, 16)


def _value(card: jax.Array) -> jax.Array:
    """``card % 10`` for int32 ids 0..16388 and -1 (a dinosaur's value, 0..9)."""
    return card - 10 * _species(card)


def _bit(card: jax.Array) -> jax.Array:
    """Card ids ``(...)`` (int) as card sets ``(..., 5)`` int32
    (one word per species, bit ``v`` = value ``v``: card ``10 * species + v``);
    an id that is no dinosaur (negative: -1 none; 50: the trump; an action id
    of another kind) gives the empty set."""
    value = jnp.asarray(card, jnp.int32)[..., None] - 10 * _SP  # the card's value in each species' word, if it is one
    return jnp.where(value.astype(jnp.uint32) < 10, jnp.left_shift(jnp.int32(1), value), 0)


def _unbits(words: jax.Array) -> jax.Array:
    """Card sets ``(..., 5)`` as bool ``(..., 50)`` over the card ids."""
    out = (jnp.right_shift(words[..., None], jnp.arange(10, dtype=jnp.int32)) & 1).astype(bool)
    return out.reshape(*words.shape[:-1], NUM_CARDS)


def _count(words: jax.Array) -> jax.Array:
    """The number of cards of card sets ``(..., 5)``: int32 ``(...)``."""
    return jax.lax.population_count(words).sum(-1)


def _first(ok: jax.Array) -> jax.Array:
    """The index of the first True of bool ``(..., k)`` along its last axis,
    ``k`` where none: int32 ``(...)``. ``jnp.argmax`` is a reduction over
    (value, index) pairs that XLA runs several times slower on a CPU than
    this ``min`` of one array."""
    k = ok.shape[-1]
    return jnp.min(jnp.where(ok, jnp.arange(k, dtype=jnp.int32), k), axis=-1)


@dataclasses.dataclass(frozen=True)
class TrumfosaurBatchState:
    """One Trumfosaur game (or a batch: a leading axis ``B`` on every field).

    The public fields (pgx's names):

    * ``current_player`` int32 ``()``: the seat to act, :data:`TERMINAL` (-4) at the end.
    * ``legal_action_mask`` bool ``(num_actions,)`` (103; master: 1379): the legal action ids of that seat.
    * ``observation`` float32, by the ``observe`` option of :func:`herna.batch.engine`:
      ``"all"`` ``(n, D)``, row ``s`` is seat ``s``'s ``observation_tensor``
      (layout in :mod:`herna.games.trumfosaur.observation`); ``"current"``
      ``(D,)``, the row of ``current_player`` (seat 0's at the end);
      ``"none"`` ``(0,)`` (:meth:`TrumfosaurEnv.observe` computes one on request).
    * ``rewards`` float32 ``(n,)``: the game's returns at the step that ends it, else 0.
    * ``terminated`` bool ``()``: the game ended at this step (with auto-reset the
      state is then already the next game's first state, pgx's convention).
    * ``scores`` int32 ``(n,)``: game totals so far (T-2.1), individual also with teams.

    The rest is the engine's own position (read, do not write). Card sets
    are int32 ``(..., 5)``: one word per species, bit ``v`` for value ``v``
    (card ``10 * species + v``); the properties :attr:`hands`, :attr:`taken`,
    :attr:`exchanged` and :attr:`played` give them as bool ``(..., 50)``.
    ``phase`` int32 (:class:`~herna.games.trumfosaur.constants.Phase` values
    1, 3-6; 0 inside a step, between a deal's end and the next deal),
    ``turn`` int32, ``hand_bits`` ``(n, 5)``, ``trump`` bool ``(n,)``
    (still held, T-3.4), ``invitation`` int32 ``(n,)`` (card id or -1, T-3.3),
    ``revealed`` bool ``(n,)`` (T-5), ``taken_bits`` ``(n, 5)`` (dinosaurs
    taken, T-4.6), ``taken_count`` int32 ``(n,)`` (cards taken, trumps
    included), ``voids`` bool ``(n, 5)`` (T-4.2), ``played_bits`` ``(5,)``,
    ``trick_cards`` int32 ``(n,)`` (in play order, 50 = trump, -1 = none yet),
    ``trick_len`` int32, ``leader`` int32 (leads the trick in play, T-4.7 /
    T-5.1), ``trick_number`` int32 (0 during invitations, then 1..10),
    ``first_leader`` int32 (T-3.5), ``deal_number`` int32 (from 1);
    master version (T-8.1): ``exchanged_bits`` ``(n, 5)`` (cards laid out),
    ``deck`` int32 ``(50,)`` (the deal's cards in dealing order: seat by seat,
    then the deck, top first; ``(0,)`` without the master version) and
    ``deck_pos`` int32 (the next card to draw). The options that do not
    change a shape are data, so that one compiled step serves every table
    of a player count and version: ``target_score`` int32 (T-2.1),
    ``first_player`` int32 (T-3.5) and ``teams`` bool (T-7), copied from the
    engine's options by ``init`` and kept by ``step``.
    """

    current_player: jax.Array
    legal_action_mask: jax.Array | None
    observation: jax.Array | None
    rewards: jax.Array
    terminated: jax.Array
    scores: jax.Array
    phase: jax.Array
    turn: jax.Array
    hand_bits: jax.Array
    trump: jax.Array
    invitation: jax.Array
    revealed: jax.Array
    taken_bits: jax.Array
    taken_count: jax.Array
    voids: jax.Array
    played_bits: jax.Array
    trick_cards: jax.Array
    trick_len: jax.Array
    leader: jax.Array
    trick_number: jax.Array
    first_leader: jax.Array
    deal_number: jax.Array
    exchanged_bits: jax.Array
    deck: jax.Array
    deck_pos: jax.Array
    target_score: jax.Array
    first_player: jax.Array
    teams: jax.Array
    truncated: jax.Array | None = None
    """bool, pgx's ``truncated``: never True (every game ends by its rules); set by :func:`herna.batch.make`'s
    environments, ``None`` in an engine's own states."""

    @property
    def hands(self) -> jax.Array:
        """bool ``(n, 50)``: each seat's hand (dinosaurs, T-3.1)."""
        return _unbits(self.hand_bits)

    @property
    def taken(self) -> jax.Array:
        """bool ``(n, 50)``: the dinosaurs each seat has taken (T-4.6)."""
        return _unbits(self.taken_bits)

    @property
    def exchanged(self) -> jax.Array:
        """bool ``(n, 50)``: the cards each seat laid out (master version, T-8.1)."""
        return _unbits(self.exchanged_bits)

    @property
    def played(self) -> jax.Array:
        """bool ``(50,)``: the dinosaurs played this deal."""
        return _unbits(self.played_bits)

    def replace(self, **changes: Any) -> "TrumfosaurBatchState":
        """A copy with ``changes`` (``dataclasses.replace``)."""
        return dataclasses.replace(self, **changes)


jax.tree_util.register_dataclass(
    TrumfosaurBatchState, data_fields=[f.name for f in dataclasses.fields(TrumfosaurBatchState)], meta_fields=[])


def _one_hot(index: jax.Array, size: int) -> jax.Array:
    """float32 one-hot of ``index`` over its last axis; an index outside
    ``0..size-1`` (-1: none) gives zeros."""
    return (index[..., None] == jnp.arange(size)).astype(jnp.float32)


class TrumfosaurEnv:
    """Batched Trumfosaur with fixed options (made by :func:`herna.batch.engine`).

    ``num_players`` (n), ``num_actions`` (103; master 1379), ``observation_size``
    (D), ``observation_shape`` (of one game's ``observation``: ``(n, D)``,
    ``(D,)`` or ``(0,)`` by ``observe_mode``), ``options`` (the validated
    game options), ``auto_reset``, ``observe_mode``.

    Methods take and return :class:`TrumfosaurBatchState`; each works on one
    game (so it can be ``jax.vmap``-ed) and on a batch (a state from
    ``init(key, batch_size)``: it vmaps itself), and each may be ``jax.jit``-ed.
    ``target_score``, ``first_player`` and ``teams`` travel in the state
    (``init`` puts them there), so ``jax.jit(env.step)`` compiles one program
    for every table with the same ``players``, ``master``, ``auto_reset``,
    ``observe`` mode and batch shape, whatever those three options are.
    """

    def __init__(self, options: dict[str, Any], auto_reset: bool = True, observe: str = "all") -> None:
        if observe not in OBSERVE_MODES:
            raise ValueError(f"observe must be one of {', '.join(map(repr, OBSERVE_MODES))}, not {observe!r}")
        self.observe_mode = observe
        self.options = dict(options)
        self.num_players: int = options["players"]
        self.teams: bool = bool(options["teams"])
        self.target_score: int = options["target_score"]
        self.first_player: int = options["first_player"]
        self.auto_reset = bool(auto_reset)
        self.master = bool(options["master"])
        self.num_actions = A.NUM_DISTINCT_ACTIONS if self.master else NUM_ACTIONS
        self.observation_size = tensor_size(self.num_players)
        self.observation_shape = {"all": (self.num_players, self.observation_size), "current": (self.observation_size,),
                                  "none": (0,)}[observe]
        self.min_deal_room = 16
        """A batched :meth:`step` lets at least this many games draw their own deal."""
        self._forced_share = 7
        """A batched :meth:`step` plays forced cards in chunks of ``B // 7`` games (see :meth:`_play_forced`).
        Measured at 16k (4 players, random play): after the action a median 13% of the games (6-20%) have
        a forced play, so a second chunk (a second cascade) runs at 41% of the steps with ``B // 7``, 55%
        with ``B // 8`` (3-5% slower a step); a bigger chunk costs more on the other steps."""
        self._forced_loop_size = 512
        """:meth:`_play_forced` loops, rather than halving the batch, from this many games down."""
        self._deal_share = 32
        """A batched :meth:`step` deals in chunks of ``max(min_deal_room, B // 32)`` games."""

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"herna.batch.engine('trumfosaur', {opts}, auto_reset={self.auto_reset}, observe={self.observe_mode!r})"

    # ----- public API ------------------------------------------------------------------
    def deal(self, key: jax.Array) -> jax.Array:
        """T-3.1: a uniformly random deal from ``key``: int32 ``(n, 10)`` card
        ids, seat ``s`` gets row ``s`` (the rest of the 50 cards is the deck)."""
        cards = self._deal_order(key)
        return cards[: self.num_players * HAND_SIZE].reshape(self.num_players, HAND_SIZE)

    def init(self, key: jax.Array, batch_size: int | None = None) -> TrumfosaurBatchState:
        """A new game dealt from ``key`` (:meth:`deal`), at the first
        invitation (T-3.3; seat ``first_player`` chooses). ``batch_size``: that
        many independent games (keys split from ``key``), a leading axis on
        every field."""
        if batch_size is not None:
            return jax.vmap(self.init)(jax.random.split(key, batch_size))
        return self._finish(self._new_game(self._deal_order(key)), jnp.bool_(False))

    def init_from_deal(self, hands: jax.Array, deck: jax.Array | None = None) -> TrumfosaurBatchState:
        """A new game whose first deal is ``hands``: int ``(n, 10)`` card ids
        (0..49, all different; as dealt by the Python engine), or
        ``(B, n, 10)`` for a batch; ``deck``: int ``(50 - 10n,)`` (``(B, ...)``)
        the undealt cards, top first, drawn by the master exchange (T-8.1);
        default, as the Python engine's fixed deals: the rest in id order.
        For replaying the Python engine's deals."""
        hands = jnp.asarray(hands, jnp.int32)
        if hands.ndim == 3:
            if deck is None:
                return jax.vmap(self.init_from_deal)(hands)
            return jax.vmap(self.init_from_deal)(hands, deck)
        return self._finish(self._new_game(self._order(hands, deck)), jnp.bool_(False))

    def step(self, state: TrumfosaurBatchState, action: jax.Array, key: jax.Array) -> TrumfosaurBatchState:
        """Apply ``action`` (int, a legal id of ``state.legal_action_mask``;
        ``(B,)`` for a batch) for ``state.current_player``, then every forced
        decision. A deal that ends is scored (T-6); the next deal (or, with
        auto-reset, the next game) is dealt from ``key`` (one key also for a
        batch). An illegal action is not checked (as the Python engine's
        ``State.push``): the result is undefined. A terminated state without
        auto-reset stays as it is (rewards 0).

        Given a batched state, the action is applied to every game at once,
        and the forced plays and the deals only to the games that need them
        (:func:`herna.batch.stepping.where_due`: ``B // 7`` games at a time
        for the forced plays, ``max(min_deal_room, B // 32)`` for the deals,
        a second chunk only when more need it), which is faster than
        ``jax.vmap(step)``: a deal is a sort of 50 random keys, and a pass
        of forced plays is as dear as the action."""
        if jnp.ndim(state.terminated) == 0:
            return self._settle(self._act(state, action), self._deal_order(key))
        batch = state.terminated.shape[0]
        s = jax.vmap(self._apply)(self._cleared(state), jnp.asarray(action, jnp.int32))
        s = where_due(s, jax.vmap(self._is_forced)(s), self._play_forced, room_for(batch, self._forced_share))
        over = s.phase == _OVER
        room = room_for(batch, self._deal_share, self.min_deal_room)
        s = where_due(s, self._needs_deal(s), self._deal_chunk, room, key)
        return jax.vmap(self._finish)(s, over)

    def step_with_deal(self, state: TrumfosaurBatchState, action: jax.Array, hands: jax.Array,
                       deck: jax.Array | None = None) -> TrumfosaurBatchState:
        """:meth:`step` with the next deal given: ``hands`` int ``(n, 10)``
        (``(B, n, 10)`` for a batch) and ``deck`` (as :meth:`init_from_deal`)
        are dealt if a deal or, with auto-reset, the game ends at this step,
        and ignored otherwise."""
        hands = jnp.asarray(hands, jnp.int32)
        if hands.ndim == 3:
            if deck is None:
                return jax.vmap(self.step_with_deal)(state, action, hands)
            return jax.vmap(self.step_with_deal)(state, action, hands, deck)
        return self._settle(self._act(state, action), self._order(hands, deck))

    def observe(self, state: TrumfosaurBatchState, seat: jax.Array) -> jax.Array:
        """Seat ``seat``'s ``observation_tensor`` of ``state``: float32 ``(D,)``,
        or ``(B, D)`` for a batched state (``seat`` an int or ``(B,)``, e.g.
        ``state.current_player``: a negative seat, -4 at the end of a game,
        gives seat 0's). The same tensors as the rows of ``observe="all"``,
        in every ``observe`` mode: a policy that needs an observation only
        now and then asks for it here."""
        seat = jnp.asarray(seat, jnp.int32)
        if jnp.ndim(state.terminated) == 0:
            return self._observe(state, jnp.maximum(seat, 0))
        seat = jnp.broadcast_to(seat, state.terminated.shape)
        return jax.vmap(self._observe)(state, jnp.maximum(seat, 0))

    # ----- a step in two halves --------------------------------------------------------
    def _cleared(self, state: TrumfosaurBatchState) -> TrumfosaurBatchState:
        """``state`` as a step starts from it: no rewards yet; the mask and
        the observation dropped (rebuilt by :meth:`_finish`)."""
        return state.replace(rewards=jnp.zeros_like(state.rewards), observation=None, legal_action_mask=None)

    def _act(self, state: TrumfosaurBatchState, action: jax.Array) -> TrumfosaurBatchState:
        """One game's action and the forced plays after it, up to a real
        choice, the end, or a deal to be dealt (phase ``DEAL``, as the Python
        engine's chance node). The rules run without the mask and the
        observation (rebuilt by :meth:`_settle`)."""
        s = self._apply(self._cleared(state), jnp.asarray(action, jnp.int32))
        return jax.lax.while_loop(self._is_forced, lambda x: self._play(x, self._forced_card(x), jnp.bool_(True)), s)

    def _play_forced(self, games: TrumfosaurBatchState, active: jax.Array, key: None) -> TrumfosaurBatchState:
        """A batch of ``games`` with every forced play made (T-4.2), where
        ``active`` (:func:`where_due`'s update). In a batch of more than 512
        games one pass plays the forced card of each game that has one, and
        the games still forced after it (a third to nine in ten: the chains
        of a deal's last trick) go on in a batch half the size; at 512 games
        or fewer a loop plays passes until no game is forced (a smaller
        batch costs about as much to gather as to play)."""
        size = active.shape[0]
        forced = jax.vmap(self._is_forced)(games) & active
        if size > self._forced_loop_size:
            played = jax.vmap(self._play)(games, jax.vmap(self._forced_card)(games), forced)
            played = where_due(played, jax.vmap(self._is_forced)(played) & active, self._play_forced, room_for(size, 2))
        else:
            def body(carry: tuple) -> tuple:
                x, forced = carry
                x = jax.vmap(self._play)(x, jax.vmap(self._forced_card)(x), forced)
                return x, jax.vmap(self._is_forced)(x)

            played = jax.lax.while_loop(lambda c: c[1].any(), body, (games, forced))[0]
        # the fields a play does not write stay the arrays given, so where_due does not write them back
        return games.replace(**{name: getattr(played, name) for name in _PLAY_FIELDS})

    def _deal_chunk(self, games: TrumfosaurBatchState, active: jax.Array, key: jax.Array) -> TrumfosaurBatchState:
        """A batch of ``games`` dealt from ``key`` where due (the next deal,
        or with auto-reset the next game: T-3.1, T-3.6), where ``active``
        (:func:`where_due`'s update)."""
        orders = permutations(jax.random.bits(key, (active.shape[0], NUM_CARDS), jnp.uint32))
        game = active & (games.phase == _OVER) & self.auto_reset
        return jax.vmap(self._deal_into)(games, orders, game | (active & (games.phase == _DEAL)), game)

    def _needs_deal(self, s: TrumfosaurBatchState) -> jax.Array:
        """A deal is due (T-3.1): the next deal, or the next game (auto-reset)."""
        return (s.phase == _DEAL) | ((s.phase == _OVER) & self.auto_reset)

    def _settle(self, s: TrumfosaurBatchState, order: jax.Array) -> TrumfosaurBatchState:
        """Deal ``order`` (int32 ``(50,)``, :meth:`_order`) where due, then fill the public fields."""
        over = s.phase == _OVER
        deal = s.phase == _DEAL
        game = over & self.auto_reset
        return self._finish(self._deal_into(s, order, deal | game, game), over)

    # ----- set-up ----------------------------------------------------------------------
    def _deal_order(self, key: jax.Array) -> jax.Array:
        """T-3.1: a random deal as int32 ``(50,)``: all cards in dealing
        order (10 per seat, seat by seat, then the deck, top first)."""
        return permutations(jax.random.bits(key, (NUM_CARDS,), jnp.uint32))

    def _order(self, hands: jax.Array, deck: jax.Array | None) -> jax.Array:
        """Given hands int ``(n, 10)`` and deck (``None``: the rest in id
        order) as int32 ``(50,)`` in dealing order."""
        hands = hands.reshape(-1)
        if deck is None:
            dealt = (hands[:, None] == jnp.arange(NUM_CARDS)).any(axis=0)
            deck = jnp.argsort(dealt, stable=True)[: NUM_CARDS - hands.size]
        return jnp.concatenate([hands, jnp.asarray(deck, jnp.int32)]).astype(jnp.int32)

    def _new_game(self, order: jax.Array) -> TrumfosaurBatchState:
        """A new game whose first deal is ``order`` (:meth:`_order`)."""
        n = self.num_players
        i32 = jnp.int32
        s = TrumfosaurBatchState(
            current_player=i32(0), legal_action_mask=None, observation=None,
            rewards=jnp.zeros(n, jnp.float32), terminated=jnp.bool_(False), scores=jnp.zeros(n, i32),
            phase=i32(_INVITE), turn=i32(0), hand_bits=jnp.zeros((n, _NUM_SPECIES), i32), trump=jnp.zeros(n, bool),
            invitation=jnp.full(n, -1, i32), revealed=jnp.zeros(n, bool),
            taken_bits=jnp.zeros((n, _NUM_SPECIES), i32), taken_count=jnp.zeros(n, i32),
            voids=jnp.zeros((n, _NUM_SPECIES), bool), played_bits=jnp.zeros(_NUM_SPECIES, i32),
            trick_cards=jnp.full(n, -1, i32), trick_len=i32(0), leader=i32(0), trick_number=i32(0),
            first_leader=i32(self.first_player), deal_number=i32(0),
            exchanged_bits=jnp.zeros((n, _NUM_SPECIES), i32),
            deck=jnp.zeros(NUM_CARDS if self.master else 0, i32), deck_pos=i32(0),
            target_score=i32(self.target_score), first_player=i32(self.first_player), teams=jnp.bool_(self.teams))
        return self._deal_into(s, order, jnp.bool_(True), jnp.bool_(True))

    def _deal_into(self, s: TrumfosaurBatchState, order: jax.Array, fresh: jax.Array,
                   game: jax.Array) -> TrumfosaurBatchState:
        """T-3.1 / T-3.6, where ``fresh``: a new deal of ``order``
        (:meth:`_order`), and where ``game`` also a new game (scores 0,
        ``first_player`` leads); the master exchange (T-8.1) or the
        invitations start with the first leader. Elsewhere ``s`` as it is."""
        n = self.num_players
        first = jnp.where(game, s.first_player, s.first_leader).astype(jnp.int32)
        hands = _bit(order[: n * HAND_SIZE].reshape(n, HAND_SIZE)).sum(axis=1)

        def keep(new: Any, old: jax.Array) -> jax.Array:
            return jnp.where(fresh, new, old).astype(old.dtype)

        return s.replace(
            scores=jnp.where(game, 0, s.scores), first_leader=first,
            deal_number=jnp.where(game, 1, s.deal_number + fresh).astype(jnp.int32),
            phase=keep(_EXCHANGE if self.master else _INVITE, s.phase), turn=keep(first, s.turn),
            hand_bits=keep(hands, s.hand_bits), trump=s.trump & ~fresh, exchanged_bits=keep(0, s.exchanged_bits),
            deck=keep(order, s.deck) if self.master else s.deck, deck_pos=keep(n * HAND_SIZE, s.deck_pos),
            invitation=keep(-1, s.invitation), revealed=s.revealed & ~fresh, taken_bits=keep(0, s.taken_bits),
            taken_count=keep(0, s.taken_count), voids=s.voids & ~fresh, played_bits=keep(0, s.played_bits),
            trick_cards=keep(-1, s.trick_cards), trick_len=keep(0, s.trick_len), leader=keep(first, s.leader),
            trick_number=keep(0, s.trick_number))

    # ----- legal actions -------------------------------------------------------------------
    def _seat(self, seat: jax.Array) -> jax.Array:
        """bool ``(n,)``: one-hot of ``seat`` (none for -1)."""
        return jnp.arange(self.num_players) == seat

    def _hand(self, s: TrumfosaurBatchState) -> jax.Array:
        """The card set of the seat to act (empty at the end)."""
        return jnp.where(self._seat(s.turn)[:, None], s.hand_bits, 0).sum(axis=0)

    def _playable(self, s: TrumfosaurBatchState) -> jax.Array:
        """T-4.2-T-4.4: the card set of the dinosaurs the seat to act may play."""
        hand = self._hand(s)
        led = s.trick_cards[0]
        follow = jnp.where(_SP == _species(led), hand, 0)
        must = (s.trick_len > 0) & (led != TRUMP) & (follow != 0).any()
        return jnp.where(must, follow, hand)

    def _legal_mask(self, s: TrumfosaurBatchState) -> jax.Array:
        """bool ``(num_actions,)``: play (0..50, T-4.2), invite (51..100,
        T-3.3), reveal/pass (101, 102, T-5.2), master exchange (103..1378,
        T-8.1), by phase; nothing at the end."""
        trump = (self._seat(s.turn) & s.trump).any()
        play = jnp.concatenate([_unbits(self._playable(s)), trump[None]]) & (s.phase == _PLAY)
        hand = _unbits(self._hand(s))
        invite = hand & (s.phase == _INVITE)
        window = jnp.full(2, s.phase == _WINDOW)
        if not self.master:
            return jnp.concatenate([play, invite, window])
        exchange = jnp.concatenate([jnp.ones(1, bool), hand, hand[_PAIR_A] & hand[_PAIR_B]]) & (s.phase == _EXCHANGE)
        return jnp.concatenate([play, invite, window, exchange])

    def _is_forced(self, s: TrumfosaurBatchState) -> jax.Array:
        """A decision with a single legal action (applied by the engine):
        only a play can be one (an exchange or invitation chooses among at
        least 9 cards, a window between reveal and pass)."""
        trump = (self._seat(s.turn) & s.trump).any()
        return (s.phase == _PLAY) & (_count(self._playable(s)) + trump == 1)

    def _forced_card(self, s: TrumfosaurBatchState) -> jax.Array:
        """The one legal play of a forced decision (:meth:`_is_forced`): its
        dinosaur, or 50 (the trump) when no dinosaur is playable. Only for a
        forced decision: with more than one playable dinosaur the id is
        meaningless."""
        playable = self._playable(s)
        cards = jnp.where(playable != 0, 10 * _SP + 31 - jax.lax.clz(playable), 0).sum()
        return jnp.where((playable != 0).any(), cards, TRUMP).astype(jnp.int32)

    # ----- one action, as masked updates ---------------------------------------------------
    def _apply(self, s: TrumfosaurBatchState, action: jax.Array) -> TrumfosaurBatchState:
        """``action`` by the phase: each kind of action updates only its own
        fields, masked by its phase, so no branch is taken (a game at the end
        does not move)."""
        phase = s.phase
        play, invite = phase == _PLAY, phase == _INVITE
        # the card that leaves the hand of the seat to act (a dinosaur played or
        # the invitation laid), taken out in one pass over the hands for both
        card = jnp.where(invite, action - A.INVITE_BASE, action)
        here = (self._seat(s.turn) & (play | invite))[:, None]
        s = s.replace(hand_bits=s.hand_bits & ~jnp.where(here, _bit(card), 0))
        s = self._play(s, action, play, from_hand=False)
        s = self._invite(s, action, invite, from_hand=False)
        s = self._window(s, action, phase == _WINDOW)
        if self.master:
            s = self._exchange(s, action, phase == _EXCHANGE)
        return s

    def _exchange(self, s: TrumfosaurBatchState, action: jax.Array, active: jax.Array) -> TrumfosaurBatchState:
        """T-8.1, where ``active``: the seat lays out 0-2 cards face up
        (public, out of play) and draws as many from the top of the deck;
        after the last seat (clockwise from the first leader, T-3.6) the
        invitations start."""
        one = action < A.EXCHANGE_TWO_BASE
        pair = jnp.clip(action - A.EXCHANGE_TWO_BASE, 0, _PAIR_A.size - 1)
        count = jnp.where(action == A.EXCHANGE_NONE, 0, jnp.where(one, 1, 2))
        first = jnp.where(one, action - A.EXCHANGE_ONE_BASE, jnp.asarray(_PAIR_A)[pair])
        laid = jnp.where(count >= 1, _bit(first), 0) | jnp.where(count == 2, _bit(jnp.asarray(_PAIR_B)[pair]), 0)
        top = s.deck[jnp.minimum(s.deck_pos, NUM_CARDS - 1)]
        second = s.deck[jnp.minimum(s.deck_pos + 1, NUM_CARDS - 1)]
        drawn = jnp.where(count >= 1, _bit(top), 0) | jnp.where(count == 2, _bit(second), 0)
        here = (self._seat(s.turn) & active)[:, None]
        nxt = (s.turn + 1) % self.num_players
        return s.replace(hand_bits=jnp.where(here, (s.hand_bits & ~laid) | drawn, s.hand_bits),
                         exchanged_bits=jnp.where(here, laid, s.exchanged_bits),
                         deck_pos=s.deck_pos + jnp.where(active, count, 0), turn=jnp.where(active, nxt, s.turn),
                         phase=jnp.where(active & (nxt == s.first_leader), _INVITE, s.phase))

    def _invite(self, s: TrumfosaurBatchState, action: jax.Array, active: jax.Array,
                from_hand: bool = True) -> TrumfosaurBatchState:
        """T-3.3, where ``active``: the seat lays its invitation; after the
        last seat everyone takes a trump (T-3.4) and the first leader leads
        trick 1 (T-3.5). ``from_hand=False``: the card is already out of
        the hand (:meth:`_apply`)."""
        card = action - A.INVITE_BASE
        here = self._seat(s.turn) & active
        nxt = (s.turn + 1) % self.num_players
        done = active & (nxt == s.first_leader)
        hands = s.hand_bits & ~jnp.where(here[:, None], _bit(card), 0) if from_hand else s.hand_bits
        return s.replace(
            hand_bits=hands,
            invitation=jnp.where(here, card, s.invitation), turn=jnp.where(active, nxt, s.turn),
            trump=s.trump | done, phase=jnp.where(done, _PLAY, s.phase),
            trick_number=jnp.where(done, 1, s.trick_number), leader=jnp.where(done, s.first_leader, s.leader))

    def _window(self, s: TrumfosaurBatchState, action: jax.Array, active: jax.Array) -> TrumfosaurBatchState:
        """T-5.1-T-5.3, where ``active``: a seat that reveals leads the next
        trick and closes the window; a pass asks the next seat, or closes the
        window and the trick's winner leads."""
        reveal = active & (action == A.REVEAL)
        passes = active & (action != A.REVEAL)
        asked = self._next_to_ask(s.revealed, s.leader, s.turn)
        return s.replace(revealed=s.revealed | (self._seat(s.turn) & reveal),
                         leader=jnp.where(reveal, s.turn, s.leader),
                         phase=jnp.where(reveal | (passes & (asked < 0)), _PLAY, s.phase),
                         turn=jnp.where(passes, jnp.where(asked >= 0, asked, s.leader), s.turn))

    def _play(self, s: TrumfosaurBatchState, card: jax.Array, active: jax.Array,
              from_hand: bool = True) -> TrumfosaurBatchState:
        """T-4.1-T-4.7 and T-6, where ``active``: the seat plays ``card`` (50:
        its trump); not following a led species shows a void (T-4.2). The
        last card ends the trick: the first trump wins, else the highest card
        of the led species; the winner takes the trick and leads; after
        tricks 1-9 the reveal window opens (T-5.2), after the 10th the deal
        is scored (:meth:`_score_deal`). ``from_hand=False``: the dinosaur
        is already out of the hand (:meth:`_apply`)."""
        n = self.num_players
        seats = jnp.arange(n)
        here = self._seat(s.turn) & active
        is_trump = card == TRUMP
        bit = _bit(card)
        led = s.trick_cards[0]
        shows_void = ~is_trump & (s.trick_len > 0) & (led != TRUMP) & (_species(card) != _species(led))
        cards = jnp.where(active & (seats == s.trick_len), card, s.trick_cards)
        length = s.trick_len + active
        full = active & (length == n)
        # the trick, if this card ends it (T-4.5-T-4.7)
        # each position's rank in the trick, above its position (7 - i: the
        # earlier of equal ranks wins): a trump 63 (the first one wins), a
        # card of the led species its id, another card -1
        rank = jnp.where(cards == TRUMP, 63, jnp.where(_species(cards) == _species(cards[0]), cards, -1))
        winner = (s.leader + 7 - (jnp.max(rank * 8 + 7 - seats) & 7)) % n
        won = (seats == winner) & full
        middle = full & (s.trick_number < TRICKS)
        asked = self._next_to_ask(s.revealed, winner, winner)
        s = s.replace(
            trump=s.trump & ~(here & is_trump),
            hand_bits=s.hand_bits & ~jnp.where(here[:, None], bit, 0) if from_hand else s.hand_bits,
            played_bits=s.played_bits | jnp.where(active, bit, 0),
            voids=s.voids | (here[:, None] & (_SP == _species(led)) & shows_void),
            taken_bits=s.taken_bits | jnp.where(won[:, None], _bit(cards).sum(axis=0), 0),
            taken_count=s.taken_count + jnp.where(won, n, 0),
            trick_cards=jnp.where(full, -1, cards), trick_len=jnp.where(full, 0, length),
            leader=jnp.where(full, winner, s.leader), trick_number=s.trick_number + middle,
            phase=jnp.where(middle, jnp.where(asked >= 0, _WINDOW, _PLAY), s.phase),
            turn=jnp.where(middle, jnp.where(asked >= 0, asked, winner),
                           jnp.where(active & ~full, (s.turn + 1) % n, s.turn)).astype(jnp.int32))
        return self._score_deal(s, full & ~middle)

    def _next_to_ask(self, revealed: jax.Array, leader: jax.Array, after: jax.Array) -> jax.Array:
        """T-5.2: the first seat clockwise after ``after``, before coming back
        to ``leader`` (the trick's winner, not asked), that has not revealed;
        -1 if none."""
        n = self.num_players
        k = jnp.arange(1, n)
        limit = (leader - after) % n
        limit = jnp.where(limit == 0, n, limit)
        seats = (after + k) % n
        ok = (k < limit) & ~(revealed[None, :] & (seats[:, None] == jnp.arange(n))).any(axis=1)
        first = _first(ok)  # the first seat asked, 1 + first steps after ``after``; n - 1: none
        return jnp.where(first < n - 1, (after + 1 + first) % n, -1)

    def _score_deal(self, s: TrumfosaurBatchState, last: jax.Array) -> TrumfosaurBatchState:
        """T-6.1, where ``last`` (the 10th trick was just taken): each seat
        scores its invitation against its taken cards. T-2.1 / T-7.1: the
        game ends when a seat (a team) reaches the target; else the next deal
        starts, led by the lowest total (T-3.5: ties go clockwise from the
        seat after the previous first leader), its cards dealt by
        :meth:`_settle` (phase ``DEAL`` until then)."""
        n = self.num_players
        inv = s.invitation
        same_species = jax.lax.population_count(jnp.where(_SP == _species(inv)[:, None], s.taken_bits, 0)).sum(axis=1)
        same_value = (jnp.right_shift(s.taken_bits, _value(inv)[:, None]) & 1).sum(axis=1)
        scores = s.scores + jnp.where(last, INVITATION_POINTS + same_species + 2 * same_value, 0)
        totals = jnp.where(s.teams, scores + jnp.roll(scores, 2), scores)  # teams: seats 0+2, 1+3 (per seat)
        # the lowest total's seat nearest clockwise from the seat after the first leader
        steps = (jnp.arange(n) - s.first_leader - 1) % n
        lowest = (s.first_leader + 1 + jnp.min(jnp.where(totals == totals.min(), steps, n))) % n
        ended = last & (totals.max() >= s.target_score)
        following = last & ~ended
        return s.replace(scores=scores.astype(jnp.int32),
                         phase=jnp.where(ended, _OVER, jnp.where(following, _DEAL, s.phase)).astype(jnp.int32),
                         turn=jnp.where(last, -1, s.turn).astype(jnp.int32),
                         rewards=jnp.where(ended, totals.astype(jnp.float32), s.rewards),
                         first_leader=jnp.where(following, lowest, s.first_leader).astype(jnp.int32))

    # ----- what the seats see ------------------------------------------------------------
    def _finish(self, s: TrumfosaurBatchState, terminated: jax.Array) -> TrumfosaurBatchState:
        """Fill the public fields from the position."""
        over = s.phase == _OVER
        s = s.replace(current_player=jnp.where(over, TERMINAL, s.turn).astype(jnp.int32),
                      legal_action_mask=self._legal_mask(s), terminated=terminated)
        if self.observe_mode == "none":
            return s.replace(observation=jnp.zeros(0, jnp.float32))
        if self.observe_mode == "current":
            return s.replace(observation=self._observe(s, jnp.maximum(s.current_player, 0)))
        return s.replace(observation=jax.vmap(lambda seat: self._observe(s, seat))(jnp.arange(self.num_players)))

    def _observe(self, s: TrumfosaurBatchState, seat: jax.Array) -> jax.Array:
        """float32 ``(D,)``: seat ``seat``'s ``observation_tensor`` (T-10.1;
        layout in :mod:`herna.games.trumfosaur.observation`)."""
        n = self.num_players
        f32 = jnp.float32
        rel = (seat + jnp.arange(n)) % n
        hands = s.hand_bits[rel]
        trump = s.trump[rel]
        player = s.current_player
        blocks = [
            _unbits(hands[0]).astype(f32), trump[:1].astype(f32),
            _one_hot(s.invitation[seat], NUM_CARDS),
            _one_hot(s.trick_cards, NUM_CARDS + 1).reshape(-1),
            _one_hot((s.leader - seat) % n, n) * (s.trick_len > 0),
            _unbits(s.played_bits).astype(f32),
            _unbits(s.taken_bits[rel]).astype(f32).reshape(-1),
            (_one_hot(s.invitation[rel], NUM_CARDS) * s.revealed[rel][:, None]).reshape(-1),
            _unbits(s.exchanged_bits[rel]).astype(f32).reshape(-1),
            trump.astype(f32),
            s.voids[rel].astype(f32).reshape(-1),
            jnp.asarray(_TENTHS)[_count(hands) + trump],
            _one_hot(s.phase, 7),
            _one_hot(s.trick_number, TRICKS + 1),
            quotient(s.scores[rel], s.target_score),  # as the Python engine rounds it (herna.batch.exact)
            _one_hot((player - seat) % n, n) * (player >= 0),
        ]
        return jnp.concatenate(blocks)
