"""Plný kurník – Ukradené slepice as a batched JAX engine (rules/kurnik.md), in pgx's style.

A second implementation of the Python engine (:mod:`herna.games.kurnik`),
proved the same game by ``tests/batch/test_kurnik_batch.py``: same dice,
same actions, same legal masks, observations and returns at every step.

**Only real choices are asked** (GUIDE.md), exactly as the Python engine
asks them: ``state.current_player`` is always a seat at a decision with at
least two legal actions, or ``-4`` (:data:`TERMINAL`) at the end. Everything
in between is resolved inside :meth:`KurnikEnv.init` / :meth:`KurnikEnv.step`:

* chance: the start rolls (K-2.1, without ``first_player``; ties re-roll),
  the two dice of a roll (K-1.5, K-4), the bird-flu die (K-4.4) and the 6-6
  re-roll (K-4.5), drawn from the key (two independent dice, so a double has
  probability 1/36 and any other unordered pair 2/36, as the Python engine's
  chance outcomes), or replayed from the Python engine's chance outcome ids
  (:meth:`KurnikEnv.init_from_dice`, :meth:`KurnikEnv.step_with_dice`);
* forced decisions: a turn whose only action is ``roll`` (or, in a
  quarantine turn, ``pass``, K-11.3), a gift with one possible recipient
  (K-4.2), a theft with one possible victim (K-5.2);
* automatic steps the Python engine takes without asking: the payment of
  a roll in the order hen, chick, egg with development (K-5.4, K-7), the
  rest of a roll after a theft, rob all (K-4.5), rooster blocks (K-9.2),
  the win mid-roll (K-1.4, K-11.2: the rest of the roll is dropped), and
  the ``turn_limit`` guard (:mod:`herna.games.kurnik.game`).

A step is a loop of passes per game: each pass applies the game's forced
decision (or, first, the player's action) and then whatever chance phases
follow (start die, dice, bird-flu die, re-roll), each as a masked update,
until the game is at a real choice or over. In a batch the first pass runs
on every game and the further passes only on the games still due
(:func:`herna.batch.stepping.until_settled`, a work queue): about half the
games need no second pass and a few need thirty, so the batch pays for the
passes its games need, not for the longest chain of forced rolls times the
batch size. Within a batched pass the parts few games need (the gift,
announcement and theft decisions and the start die; the bird-flu die and
the 6-6 re-roll) run only on those games (:func:`herna.batch.stepping.where_due`),
the turn's choice and its dice on every game, in the pass's order.

Every option of the Python engine: ``players`` 2-5, ``first_player``,
``rough_thief`` (K-9.1), ``dead_rooster`` (K-9.2), ``missing_hens``
(K-9.3), ``six_six`` ``"announce"``/``"fox"`` (K-4.5/K-9.4), the
``supply_*`` sizes (K-1.3) and ``turn_limit``. They are data
(:class:`KurnikRules`), the loop runs on 5 seats (those past ``players``
stay empty and never play) and ``auto_reset`` is a flag, so every table
runs the same compiled loop (one for keys, one for given dice); only the
small function that builds the public fields and the observation is
compiled per ``players`` and ``observe`` mode.

Action ids are the Python engine's (:mod:`herna.games.kurnik.actions`):
0 roll, 1-3 the exchanges, 4 pass, 5 take, 6 rob all, 7+k rob k, 12+k give
k, 17+k steal k; ``legal_action_mask`` has :data:`NUM_ACTIONS` = 22 entries
(chance outcome ids 22..48 are never a player's). ``state.rewards`` is zero
except at the step that ends a game, where it is the Python engine's
``returns()``: 1.0 for each winner (K-1.4; at the ``turn_limit`` guard every
seat with the most hens), 0.0 for the others.

Shapes are of one game; :meth:`KurnikEnv.init` with ``batch_size`` (and
every method given a batched state) adds a leading batch axis ``B``. ``n``
is the number of players, ``D`` = ``12 n + 49`` the length of the Python
engine's ``observation_tensor`` (:mod:`herna.games.kurnik.observation`).
Every function is pure and traceable, without a Python loop over games
or seats and without a branch per game.
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from herna.games.kurnik import actions as A
from herna.games.kurnik.constants import (
    ANNOUNCE, CHANCE_PHASES, CHICK, DICE, EGG, FLU, GIVE, HEN, KIND_OF_FACE, OVER, PLACES, REROLL, ROOSTER_ALIVE,
    ROOSTER_DEAD, ROOSTER_LIVES, START, STEAL, TAKE_NONE, TURN, Phase,
)
from herna.games.kurnik.game import MAX_SUPPLY, MAX_TURN_LIMIT
from herna.games.kurnik.observation import tensor_size

from .stepping import room_for, until_settled, where_due

OBSERVE_MODES = ("all", "current", "none")
"""The ``observe`` options of :func:`herna.batch.engine`: what ``state.observation`` holds."""
NUM_ACTIONS = A.NUM_DISTINCT_ACTIONS
"""Length of ``legal_action_mask``: the player action ids 0..21."""
TERMINAL = -4
"""``current_player`` at the end of a game (as :data:`herna.core.TERMINAL`)."""

_SEATS = A.MAX_SEATS
_DECISION_PHASES = (int(TURN), int(GIVE), int(ANNOUNCE), int(STEAL))
_CHANCE_PHASES = tuple(int(p) for p in CHANCE_PHASES)
_RARE_DECISIONS = (int(GIVE), int(ANNOUNCE), int(STEAL))
"""The decisions :meth:`_Core._rare_part` makes (a gift, an announcement, a theft): few games a pass."""
_KIND_OF_FACE = np.array([-1 if k < 0 else int(k) for k in KIND_OF_FACE], np.int32)
_FACES = np.zeros((A.NUM_ACTION_IDS, 2), np.int32)
"""The faces of each chance outcome id: ``(high, low)`` of two dice, ``(face, 0)`` of one die."""
for _action in range(A.DICE_BASE, A.DIE_BASE):
    _FACES[_action] = A.dice_of(_action)
for _action in range(A.DIE_BASE, A.NUM_ACTION_IDS):
    _FACES[_action] = (A.die_of(_action), 0)
_END, _BEGIN = len(Phase), len(Phase) + 1
"""Phases inside a step only: the turn is over / the player's turn is to begin (K-2.1, K-3.1)."""
_SEAT_FIELDS = ("rewards", "eggs", "chicks", "hens", "rooster", "blocks", "quarantine", "start_seats", "start_rolls",
                "winners")
"""The per-seat fields: ``(n,)`` in a public state, padded to 5 seats inside the loop."""
_CHANCE_ROWS = 2
"""Rows of two random dice drawn per pass of the step's loop: a pass uses at most two (the start die, the two
dice or the 6-6 re-roll in the first row, the bird-flu die after the dice in the second). Until 2026-12-04 the
loop drew 4 rows and used the first two; with JAX's ``jax_threefry_partitionable`` (on by default since JAX
0.5) each value depends only on its position, so the first two rows are the same values as before and the
same keys give the same games, at half the cost of the random bits."""


def _fractions(count: int, divisor: int) -> np.ndarray:
    """float32 ``(count,)``: ``i / divisor`` rounded as the Python engine
    rounds it (a float64 quotient stored as float32); a table, because XLA
    may turn a division by a constant into a multiplication."""
    return (np.arange(count) / divisor).astype(np.float32)


_NINTHS = _fractions(PLACES + 1, PLACES)
_THIRDS = _fractions(ROOSTER_LIVES + 1, ROOSTER_LIVES)
_SIXTHS = _fractions(7, 6)


@dataclasses.dataclass(frozen=True)
class KurnikRules:
    """The options of a Kurník table as data (K-11.1), the argument that lets
    one compiled step serve every option set (the number of players
    included: the step's loop runs on 5 seats, those past ``players`` empty).

    Scalars (int32 or bool ``()``): ``players`` (K-1.1), ``first_player`` (-1: start rolls, K-2.1),
    ``rough_thief`` (K-9.1), ``dead_rooster`` (K-9.2), ``fox`` (``six_six ==
    "fox"``, K-9.4), ``turn_limit`` (0: none), the supply at the start
    ``supply_eggs``, ``supply_chicks``, ``supply_hens`` (after K-9.3),
    ``supply_roosters`` (0 without K-9.2), and what the box holds
    ``box_hens``, ``box_roosters`` (K-1.3, K-9.3). Tables for the
    observation: ``supply_fractions`` float32 ``(4, 1001)``, row ``k`` =
    ``i / max(1, supply option k)`` for eggs, chicks, hens, roosters;
    ``turn_fractions`` float32 ``(100001,)`` = ``turn / turn_limit`` (0
    without a limit).
    """

    players: jax.Array
    first_player: jax.Array
    rough_thief: jax.Array
    dead_rooster: jax.Array
    fox: jax.Array
    turn_limit: jax.Array
    supply_eggs: jax.Array
    supply_chicks: jax.Array
    supply_hens: jax.Array
    supply_roosters: jax.Array
    box_hens: jax.Array
    box_roosters: jax.Array
    supply_fractions: jax.Array
    turn_fractions: jax.Array

    @classmethod
    def of(cls, options: dict[str, Any]) -> "KurnikRules":
        """The rules of validated Python-engine ``options`` (:func:`herna.load`'s)."""
        hens = options["supply_hens"]
        start_hens = max(0, hens - 5) if options["missing_hens"] else hens  # K-9.3
        roosters = options["supply_roosters"] if options["dead_rooster"] else 0  # K-1.3
        limit = options["turn_limit"]
        sizes = (options["supply_eggs"], options["supply_chicks"], hens, options["supply_roosters"])
        i32 = np.int32
        return cls(
            players=jnp.asarray(options["players"], i32),
            first_player=jnp.asarray(-1 if options["first_player"] is None else options["first_player"], i32),
            rough_thief=jnp.asarray(bool(options["rough_thief"])),
            dead_rooster=jnp.asarray(bool(options["dead_rooster"])),
            fox=jnp.asarray(options["six_six"] == "fox"), turn_limit=jnp.asarray(limit, i32),
            supply_eggs=jnp.asarray(options["supply_eggs"], i32),
            supply_chicks=jnp.asarray(options["supply_chicks"], i32),
            supply_hens=jnp.asarray(start_hens, i32), supply_roosters=jnp.asarray(roosters, i32),
            box_hens=jnp.asarray(hens - start_hens, i32),
            box_roosters=jnp.asarray(options["supply_roosters"] - roosters, i32),
            supply_fractions=jnp.asarray(np.stack([_fractions(MAX_SUPPLY + 1, max(1, k)) for k in sizes])),
            turn_fractions=jnp.asarray(_fractions(MAX_TURN_LIMIT + 1, limit) if limit
                                       else np.zeros(MAX_TURN_LIMIT + 1, np.float32)))


jax.tree_util.register_dataclass(KurnikRules, data_fields=[f.name for f in dataclasses.fields(KurnikRules)],
                                 meta_fields=[])


@dataclasses.dataclass(frozen=True)
class KurnikBatchState:
    """One Kurník game (or a batch: a leading axis ``B`` on every field).

    The public fields (pgx's names):

    * ``current_player`` int32 ``()``: the seat to act, :data:`TERMINAL` (-4) at the end.
    * ``legal_action_mask`` bool ``(22,)``: the legal action ids of that seat (at least two).
    * ``observation`` float32, by the ``observe`` option of :func:`herna.batch.engine`:
      ``"all"`` ``(n, D)``, row ``s`` is seat ``s``'s ``observation_tensor``;
      ``"current"`` ``(D,)``, the row of ``current_player`` (seat 0's at the
      end); ``"none"`` ``(0,)`` (:meth:`KurnikEnv.observe` computes one on request).
    * ``rewards`` float32 ``(n,)``: the game's returns at the step that ends it, else 0.
    * ``terminated`` bool ``()``: the game is over (with auto-reset: it ended at this
      step, and the state is already the next game's first decision, pgx's convention).

    The rest is the position, the Python engine's slots of the same names
    (read, do not write): per seat int32 ``(n,)`` ``eggs``, ``chicks``,
    ``hens``, ``rooster`` (0 none, 1 alive, 2 dead, K-9.2), ``blocks``
    (theft attempts stopped); bool ``(n,)`` ``quarantine`` (K-4.4),
    ``start_seats`` (still rolling for the start, K-2.1), ``winners``;
    int32 ``(n,)`` ``start_rolls`` (die of the current or deciding start
    round, 0 none); int32 ``()`` ``sup_eggs``, ``sup_chicks``, ``sup_hens``,
    ``sup_roosters`` (the supply, K-1.3), ``box_hens``, ``box_roosters``,
    ``phase`` (:class:`~herna.games.kurnik.constants.Phase`), ``player``
    (whose turn, or who rolls for the start), ``turn`` (turns begun),
    ``roller`` (-1 before the first roll), ``gift`` (kind due, K-4.2),
    ``choice`` (the 6-6 announcement, -1 none), ``steal_left`` (hens still to
    steal, K-5.2), ``rest`` (kind of the die still to pay after a theft, -1
    none, K-5.4), ``first`` (the first player, -1 until known); bool ``()``
    ``lost_turn`` (K-11.3), ``steal_develop`` (the stolen hen develops a chick,
    K-7.3); int32 ``(4,)`` ``roll``: the latest roll's dice, the bird-flu
    die or the 6-6 re-roll after them (0: none).
    """

    current_player: jax.Array
    legal_action_mask: jax.Array | None
    observation: jax.Array | None
    rewards: jax.Array
    terminated: jax.Array
    eggs: jax.Array
    chicks: jax.Array
    hens: jax.Array
    rooster: jax.Array
    blocks: jax.Array
    sup_eggs: jax.Array
    sup_chicks: jax.Array
    sup_hens: jax.Array
    sup_roosters: jax.Array
    box_hens: jax.Array
    box_roosters: jax.Array
    phase: jax.Array
    player: jax.Array
    turn: jax.Array
    quarantine: jax.Array
    lost_turn: jax.Array
    roll: jax.Array
    roller: jax.Array
    gift: jax.Array
    choice: jax.Array
    steal_left: jax.Array
    steal_develop: jax.Array
    rest: jax.Array
    start_seats: jax.Array
    start_rolls: jax.Array
    first: jax.Array
    winners: jax.Array
    truncated: jax.Array | None = None
    """bool, pgx's ``truncated``: never True (every game ends by its rules); set by :func:`herna.batch.make`'s
    environments, ``None`` in an engine's own states."""

    def replace(self, **changes: Any) -> "KurnikBatchState":
        """A copy with ``changes`` (``dataclasses.replace``)."""
        return dataclasses.replace(self, **changes)


jax.tree_util.register_dataclass(
    KurnikBatchState, data_fields=[f.name for f in dataclasses.fields(KurnikBatchState)], meta_fields=[])


def _one_hot(index: jax.Array, size: int) -> jax.Array:
    """float32 one-hot of ``index`` over a new last axis; an index outside
    ``0..size-1`` gives zeros."""
    return (jnp.asarray(index)[..., None] == jnp.arange(size)).astype(jnp.float32)


def _add(values: jax.Array, where: jax.Array, delta: Any) -> jax.Array:
    """``values + delta`` where ``where``, else ``values`` (int32)."""
    return (values + jnp.where(where, delta, 0)).astype(jnp.int32)


class _Core:
    """The rules, every function of one game, taking the :class:`KurnikRules`
    (and ``auto_reset``) as arguments, on positions padded to 5 seats.
    ``n`` is used only where a table's own seat count matters: padding a
    public state (:meth:`_pad`) and filling its public fields and
    observation (:meth:`_finish`, :meth:`_observe`). The loop's entry points
    (``run_key``, ``run_dice``, ``new_games``) are used from the shared
    ``_core(5)``, so one compiled loop per source of chance (keys or given
    dice) serves every table; ``init`` runs it too (from a new game, without
    an action)."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.new_games = jax.jit(self._new_games, static_argnums=1)
        self.pad = jax.jit(self._pad)
        self.run_key = jax.jit(self._run_key)
        self.run_dice = jax.jit(self._run_dice)
        self.finish = jax.jit(self._finish_any, static_argnums=2)
        self.observe = jax.jit(self._observe_any)

    # ----- entry points (one game or a batch) -----------------------------------------------
    def _new_games(self, r: KurnikRules, batch_size: int | None) -> KurnikBatchState:
        """:meth:`_new_game`, ``batch_size`` times (a leading axis) unless None."""
        s = self._new_game(r)
        if batch_size is None:
            return s
        return jax.tree_util.tree_map(lambda x: jnp.broadcast_to(x, (batch_size, *x.shape)), s)

    def _run_key(self, r: KurnikRules, s: KurnikBatchState, action: jax.Array, act: jax.Array,
                 auto_reset: jax.Array, key: jax.Array) -> KurnikBatchState:
        if jnp.ndim(s.terminated) == 1:
            return self._run(r, s, action, act, auto_reset, jax.random.split(key, s.terminated.shape[0]), True)
        return self._run(r, s, action, act, auto_reset, key, True)

    def _run_dice(self, r: KurnikRules, s: KurnikBatchState, action: jax.Array, act: jax.Array,
                  auto_reset: jax.Array, dice: jax.Array) -> KurnikBatchState:
        return self._run(r, s, action, act, auto_reset, dice, False)

    def _pad(self, s: KurnikBatchState) -> KurnikBatchState:
        """The per-seat fields of ``s`` (``n`` seats, one game or a batch)
        padded to the loop's 5 seats (empty coops that never play)."""
        def pad(x: jax.Array) -> jax.Array:
            return jnp.concatenate([x, jnp.zeros((*x.shape[:-1], _SEATS - self.n), x.dtype)], axis=-1)
        return s.replace(**{f: pad(getattr(s, f)) for f in _SEAT_FIELDS})

    def _finish_any(self, r: KurnikRules, s: KurnikBatchState, mode: str) -> KurnikBatchState:
        if jnp.ndim(s.terminated) == 1:
            return jax.vmap(lambda x: self._finish(r, x, mode))(s)
        return self._finish(r, s, mode)

    def _observe_any(self, r: KurnikRules, state: KurnikBatchState, seat: jax.Array) -> jax.Array:
        seat = jnp.maximum(jnp.asarray(seat, jnp.int32), 0)
        if jnp.ndim(state.terminated) == 1:
            seat = jnp.broadcast_to(seat, state.terminated.shape)
            return jax.vmap(lambda s, k: self._observe(r, s, k))(state, seat)
        return self._observe(r, state, seat)

    # ----- a step ------------------------------------------------------------------------------
    def _run(self, r: KurnikRules, s: KurnikBatchState, action: jax.Array, act: jax.Array, auto_reset: jax.Array,
             chance: jax.Array, keyed: bool) -> KurnikBatchState:
        """Where ``act``, the player's ``action``; then chance and forced
        decisions up to a real choice or the end, pass by pass (module
        docstring). Chance (``keyed``): fresh dice from the game's key
        ``chance`` every pass (:meth:`_one_pass`), or (not ``keyed``) the
        chance outcome ids ``chance`` ``(L,)`` in order. With ``auto_reset``
        a game that ends is replaced, in the loop, by a new one that goes on
        to its first choice. Sets ``rewards`` (the ended game's returns,
        K-1.4) and ``terminated``; the other public fields are left to
        :meth:`_finish`.

        One game (or one row of a ``jax.vmap``): a ``jax.lax.while_loop`` of
        passes. A batch (a leading axis on ``s``, ``action`` and ``chance``):
        the first pass (the action) on every game, then the passes still due
        only on the games that need them (:func:`herna.batch.stepping.until_settled`),
        so a game of forced rolls does not make the whole batch roll with it; each
        pass of a batch is :meth:`_lean_pass`."""
        fresh = self._new_game(r)
        if not keyed:
            chance = jnp.asarray(_FACES)[jnp.clip(chance, 0, A.NUM_ACTION_IDS - 1)]

        def start(x: KurnikBatchState) -> KurnikBatchState:
            return x.replace(rewards=jnp.zeros(_SEATS, jnp.float32), terminated=jnp.bool_(False))

        def one(carry: tuple) -> tuple:
            return self._one_pass(r, carry, act, auto_reset, fresh, keyed)

        def due(carry: tuple) -> jax.Array:
            return self._unsettled(r, carry, auto_reset, keyed)

        def end(was: KurnikBatchState, x: KurnikBatchState) -> KurnikBatchState:
            over = x.phase == OVER
            return x.replace(rewards=jnp.where(auto_reset, x.rewards, jnp.where(over & (was.phase != OVER), x.winners,
                                                                                False)).astype(jnp.float32),
                             terminated=jnp.where(auto_reset, x.terminated, over))

        if jnp.ndim(s.terminated) == 0:
            carry = (start(s), action, jnp.int32(0), jnp.int32(0), chance)
            return end(s, jax.lax.while_loop(due, one, carry)[0])
        batch = s.terminated.shape[0]
        zeros = jnp.zeros(batch, jnp.int32)

        def lean(shares: tuple[int, int]) -> Any:
            return lambda carry: self._lean_pass(r, carry, act, auto_reset, fresh, keyed, shares)

        carry = lean(self.FIRST_SHARES)((jax.vmap(start)(s), action, zeros, zeros, chance))  # the action: every game
        carry = until_settled(carry, jax.vmap(due), lean(self.LATER_SHARES),
                              (room_for(batch, 8, 8), room_for(batch, 64, 4)))
        return jax.vmap(end)(s, carry[0])

    FIRST_SHARES = (4, 16)
    """:meth:`_lean_pass`'s shares on a step's first pass (rooms ``k // share`` of
    :func:`~herna.batch.stepping.where_due` for the rare parts before and after the dice): every game is at
    a real choice there, about one in eight (4 players, random play) at a gift or an announcement."""
    LATER_SHARES = (8, 16)
    """:meth:`_lean_pass`'s shares on the passes after the first: forced gifts and thefts and start rolls,
    then bird-flu dice, a few games in a hundred."""

    def _one_pass(self, r: KurnikRules, carry: tuple, act: jax.Array, auto_reset: jax.Array,
                  fresh: KurnikBatchState, keyed: bool) -> tuple:
        """One pass of :meth:`_run`'s loop on one game: ``carry`` is ``(state,
        action, used, count, chance)`` (``used``: given dice read so far,
        ``count``: passes so far; the action applies on the first pass where
        ``act``). With ``keyed`` the pass draws :data:`_CHANCE_ROWS` rows of
        two independent dice from ``fold_in(chance, count)`` (:meth:`_rolls`)."""
        x, action, used, count, chance = carry
        first = act & (count == 0)
        if keyed:
            x, _ = self._pass(r, x, action, first, auto_reset, self._rolls(chance, count), jnp.int32(0), fresh)
        else:
            x, used = self._pass(r, x, action, first, auto_reset, chance, used, fresh)
        return x, action, used, count + 1, chance

    @staticmethod
    def _rolls(key: jax.Array, count: jax.Array, rows: int = _CHANCE_ROWS) -> jax.Array:
        """int32 ``(rows, 2)``: the dice of a game's ``count``-th pass, ``rows`` (at most
        :data:`_CHANCE_ROWS`) rows of two independent dice 1-6 drawn from ``fold_in(key, count)``; fewer
        rows are the first rows of more (JAX's threefry is partitionable by default)."""
        return jax.random.randint(jax.random.fold_in(key, count), (rows, 2), 1, 7, jnp.int32)

    def _lean_pass(self, r: KurnikRules, carry: tuple, act: jax.Array, auto_reset: jax.Array,
                   fresh: KurnikBatchState, keyed: bool, shares: tuple[int, int]) -> tuple:
        """:meth:`_one_pass` on a batch of ``k`` games (a leading axis on
        ``carry``), the same result for each game, but the parts of a pass
        few games need run only on those games
        (:func:`~herna.batch.stepping.where_due`, ``k // shares[0]`` and ``k
        // shares[1]`` games at a time, at least 16): :meth:`_rare_part`
        (gift, announcement and theft decisions, the start roll) before the
        common part on every game (:meth:`_common_part`: the turn's choice
        and its dice), :meth:`_late_part` (the bird-flu die, the 6-6
        re-roll) after it, then :meth:`_close_pass` on every game: each
        pass's order, as :meth:`_pass`."""
        x, action, used, count, chance = carry
        k = count.shape[0]
        first = act & (count == 0)
        if keyed:
            # the first row only (the start die, the dice, the re-roll): the second, the bird-flu die's after the
            # dice, is drawn by late_part for its few games (the same values: partitionable threefry)
            faces, at = jax.vmap(lambda key, c: self._rolls(key, c, 1))(chance, count), jnp.zeros(k, jnp.int32)
        else:
            faces, at = chance, used
        chosen, do = jax.vmap(lambda y, a, f: self._chosen(r, y, a, f))(x, action, first)
        rare = (do & jnp.isin(x.phase, jnp.asarray(_RARE_DECISIONS))) | (x.phase == START)

        def rare_part(sub: tuple, _: jax.Array, __: Any) -> tuple:
            y, c, d, u, f = sub
            y, u = jax.vmap(lambda *a: self._rare_part(r, *a))(y, c, d, u, f)
            return y, c, d, u, f

        x, _, _, at, _ = where_due((x, chosen, do, at, faces), rare, rare_part, room_for(k, shares[0]))
        x, at = jax.vmap(lambda *a: self._common_part(r, *a))(x, chosen, do, at, faces)

        def late_part(sub: tuple, _: jax.Array, __: Any) -> tuple:
            y, u, f, key, c = sub
            rows = jax.vmap(self._rolls)(key, c) if keyed else f
            y, u = jax.vmap(lambda *a: self._late_part(r, *a))(y, u, rows)
            return y, u, f, key, c

        late = jnp.isin(x.phase, jnp.asarray((int(FLU), int(REROLL))))
        late_games = (x, at, faces, chance if keyed else None, count)
        x, at, _, _, _ = where_due(late_games, late, late_part, room_for(k, shares[1]))
        x = jax.vmap(lambda y: self._close_pass(r, y, auto_reset, fresh))(x)
        return x, action, used if keyed else at, count + 1, chance

    def _unsettled(self, r: KurnikRules, carry: tuple, auto_reset: jax.Array, keyed: bool) -> jax.Array:
        """Whether :meth:`_run`'s loop goes on with one game's ``carry``: always
        before the first pass, then while the game is not at a real choice
        (:meth:`_pending`) and, with given dice, some are left (given dice
        that run out stop the game at its chance node)."""
        x, _, used, count, chance = carry
        given = True if keyed else used < chance.shape[0]
        return (count == 0) | (self._pending(r, x, auto_reset) & given)

    def _pending(self, r: KurnikRules, s: KurnikBatchState, auto_reset: jax.Array) -> jax.Array:
        """Not at a real choice: a chance node, a forced decision, a turn to
        end or begin, or (auto-reset) a game over to replace."""
        waiting = jnp.isin(s.phase, jnp.asarray(_CHANCE_PHASES + (_END, _BEGIN))) | self._is_forced(r, s)
        return waiting | (auto_reset & (s.phase == OVER) & ~s.terminated)

    def _pass(self, r: KurnikRules, s: KurnikBatchState, action: jax.Array, act: jax.Array, auto_reset: jax.Array,
              faces: jax.Array, used: jax.Array, fresh: KurnikBatchState) -> tuple[KurnikBatchState, jax.Array]:
        """One pass of the loop: the player's ``action`` where ``act``, else
        the forced decision if any; then each chance phase in turn (start
        die, dice, bird-flu die, re-roll), each reading the next row of
        ``faces`` where it applies; then the turn that ended passes on and
        the next one begins (K-2.1, K-11.3, the ``turn_limit`` guard); with
        ``auto_reset``, a game that is over is replaced by ``fresh`` (once a step).

        In parts (:meth:`_lean_pass` runs the rare ones only where due): a
        decision changes only the fields of its phase and leads to no phase
        a later part of the same pass reads before its own (a gift, an
        announcement, a theft or a start roll never leads to the turn's
        choice or the dice), so deciding the turn's choice after the rare
        decisions and the start roll is the same as deciding every kind at once."""
        chosen, do = self._chosen(r, s, action, act)
        s, used = self._rare_part(r, s, chosen, do, used, faces)
        s, used = self._common_part(r, s, chosen, do, used, faces)
        s, used = self._late_part(r, s, used, faces)
        return self._close_pass(r, s, auto_reset, fresh), used

    def _chosen(self, r: KurnikRules, s: KurnikBatchState, action: jax.Array,
                act: jax.Array) -> tuple[jax.Array, jax.Array]:
        """The pass's decision at the start of :meth:`_pass`: ``action`` where
        ``act``, else the only legal action; and whether one applies (``act``
        or a forced decision)."""
        mask = self._legal_mask(r, s)
        forced = jnp.isin(s.phase, jnp.asarray(_DECISION_PHASES)) & (mask.sum() == 1)
        return jnp.where(act, action, jnp.argmax(mask)).astype(jnp.int32), act | forced

    def _chance(self, r: KurnikRules, s: KurnikBatchState, phase: Phase, faces: jax.Array,
                used: jax.Array) -> tuple[KurnikBatchState, jax.Array]:
        """The chance phase ``phase`` where the game is at it, reading row
        ``used`` of ``faces`` (given dice that ran out: stop at the node);
        the state and the rows read."""
        resolve = {START: self._start_roll, DICE: self._dice, FLU: self._flu, REROLL: self._reroll}[phase]
        active = (s.phase == phase) & (used < faces.shape[0])
        a, b = faces[jnp.minimum(used, faces.shape[0] - 1)]
        if phase in (START, FLU):  # one die (K-2.1, K-4.4): the row's first face, never the larger of two
            s = resolve(r, s, a, jnp.int32(0), active)
        else:
            s = resolve(r, s, jnp.maximum(a, b), jnp.minimum(a, b), active)
        return s, used + active

    def _rare_part(self, r: KurnikRules, s: KurnikBatchState, chosen: jax.Array, do: jax.Array, used: jax.Array,
                   faces: jax.Array) -> tuple[KurnikBatchState, jax.Array]:
        """:meth:`_pass`'s first part: the gift, announcement or theft
        decision ``chosen`` where ``do`` (K-4.2, K-4.7, K-5.2), then the start die (K-2.1)."""
        phase = s.phase
        s = self._give(r, s, chosen - A.GIVE_BASE, do & (phase == GIVE))
        s = s.replace(choice=jnp.where(do & (phase == ANNOUNCE), chosen, s.choice).astype(jnp.int32),
                      phase=jnp.where(do & (phase == ANNOUNCE), REROLL, s.phase).astype(jnp.int32))  # K-4.7
        s = self._steal(r, s, chosen - A.STEAL_BASE, do & (phase == STEAL))
        return self._chance(r, s, START, faces, used)

    def _common_part(self, r: KurnikRules, s: KurnikBatchState, chosen: jax.Array, do: jax.Array, used: jax.Array,
                     faces: jax.Array) -> tuple[KurnikBatchState, jax.Array]:
        """:meth:`_pass`'s second part: the turn's choice ``chosen`` where
        ``do`` (K-3.1), then the two dice (K-4)."""
        s = self._turn_choice(r, s, chosen, do & (s.phase == TURN))
        return self._chance(r, s, DICE, faces, used)

    def _late_part(self, r: KurnikRules, s: KurnikBatchState, used: jax.Array,
                   faces: jax.Array) -> tuple[KurnikBatchState, jax.Array]:
        """:meth:`_pass`'s third part: the bird-flu die (K-4.4), then the 6-6 re-roll (K-4.5)."""
        s, used = self._chance(r, s, FLU, faces, used)
        return self._chance(r, s, REROLL, faces, used)

    def _close_pass(self, r: KurnikRules, s: KurnikBatchState, auto_reset: jax.Array,
                    fresh: KurnikBatchState) -> KurnikBatchState:
        """:meth:`_pass`'s last part: the turn that ended passes on, the next
        begins; with ``auto_reset`` a game over is replaced by ``fresh``."""
        s = self._begin_turn(r, self._end_turn(r, s))
        ended = auto_reset & (s.phase == OVER) & ~s.terminated
        rewards = jnp.where(ended, s.winners, s.rewards).astype(jnp.float32)
        s = jax.tree_util.tree_map(lambda new, old: jnp.where(ended, new, old), fresh, s)
        return s.replace(rewards=rewards, terminated=s.terminated | ended)

    # ----- reading ---------------------------------------------------------------------------
    def _at(self, seat: jax.Array) -> jax.Array:
        """bool ``(n,)``: one-hot of ``seat``."""
        return jnp.arange(_SEATS) == seat

    def _holders(self, s: KurnikBatchState) -> jax.Array:
        """bool ``(n,)``: the other seats than the player that hold a hen (K-5.2, K-5.5)."""
        return (s.hens > 0) & ~self._at(s.player)

    def _cards(self, s: KurnikBatchState, seat: jax.Array) -> jax.Array:
        """Cards in ``seat``'s coop (K-1.2)."""
        return s.eggs[seat] + s.chicks[seat] + s.hens[seat]

    def _is_forced(self, r: KurnikRules, s: KurnikBatchState) -> jax.Array:
        """A decision with one legal action (the Python engine applies it itself)."""
        return jnp.isin(s.phase, jnp.asarray(_DECISION_PHASES)) & (self._legal_mask(r, s).sum() == 1)

    def _legal_mask(self, r: KurnikRules, s: KurnikBatchState) -> jax.Array:
        """bool ``(22,)``: TURN (K-3.1, K-6, K-11.3): roll or, in a quarantine
        turn, pass, and each exchange the player can pay (a rooster: K-6.2 /
        K-9.2, 5 hens, never one before, one in the supply); GIVE (K-4.2):
        every other seat; ANNOUNCE (K-4.5, K-4.7, K-9.1): take, rob all and
        with the rough thief rob each other seat; STEAL (K-5.2): every other
        seat holding a hen. Nothing at the end."""
        p = s.player
        me = self._at(p)
        turn = s.phase == TURN
        announce = s.phase == ANNOUNCE
        rooster = r.dead_rooster & (s.hens[p] >= 5) & (s.rooster[p] == 0) & (s.sup_roosters > 0)
        simple = jnp.stack([turn & ~s.lost_turn, turn & (s.eggs[p] >= 3), turn & (s.chicks[p] >= 3), turn & rooster,
                            turn & s.lost_turn, announce, announce])
        others = ~me & (jnp.arange(_SEATS) < r.players)
        return jnp.concatenate([simple, announce & r.rough_thief & others, (s.phase == GIVE) & others,
                                (s.phase == STEAL) & self._holders(s)])

    # ----- turns -----------------------------------------------------------------------------
    def _ending(self, s: KurnikBatchState, active: jax.Array) -> KurnikBatchState:
        """Where ``active``: the turn is over (:meth:`_end_turn` passes it on at the end of the pass)."""
        return s.replace(phase=jnp.where(active, _END, s.phase).astype(jnp.int32))

    def _end_turn(self, r: KurnikRules, s: KurnikBatchState) -> KurnikBatchState:
        """Where a turn ended: a quarantine turn taken clears the quarantine
        (K-11.3), and the next seat clockwise is to begin (K-2.1)."""
        active = s.phase == _END
        p = s.player
        return s.replace(quarantine=s.quarantine & ~(self._at(p) & active & s.lost_turn),
                         lost_turn=s.lost_turn & ~active,
                         player=jnp.where(active, (p + 1) % r.players, p).astype(jnp.int32),
                         phase=jnp.where(active, _BEGIN, s.phase).astype(jnp.int32))

    def _begin_turn(self, r: KurnikRules, s: KurnikBatchState) -> KurnikBatchState:
        """Where a turn is to begin: the player's turn (a quarantine turn if
        it is quarantined, K-11.3), or the ``turn_limit`` guard ends the
        game: the seats with the most hens win."""
        active = s.phase == _BEGIN
        stop = active & (r.turn_limit > 0) & (s.turn >= r.turn_limit)
        go = active & ~stop
        most = (s.hens == s.hens.max()) & (jnp.arange(_SEATS) < r.players)
        return s.replace(winners=jnp.where(stop, most, s.winners),
                         phase=jnp.where(stop, OVER, jnp.where(go, TURN, s.phase)).astype(jnp.int32),
                         turn=_add(s.turn, go, 1),
                         lost_turn=jnp.where(go, (s.quarantine & self._at(s.player)).any(), s.lost_turn))

    def _win(self, s: KurnikBatchState, seat: jax.Array, active: jax.Array) -> tuple[KurnikBatchState, jax.Array]:
        """K-1.4 / K-11.2, where ``active``: 9 hens win at once; the state and
        whether the game ended."""
        won = active & (s.hens[seat] >= PLACES)
        return s.replace(winners=jnp.where(won, self._at(seat), s.winners),
                         phase=jnp.where(won, OVER, s.phase).astype(jnp.int32)), won

    def _turn_choice(self, r: KurnikRules, s: KurnikBatchState, action: jax.Array,
                     active: jax.Array) -> KurnikBatchState:
        """K-3.1: roll (two dice follow), or one exchange (K-6.1, K-6.2; what
        the supply lacks follows K-5.3 / K-5.2), or pass a quarantine turn."""
        p = s.player
        me = self._at(p)
        roll = active & (action == A.ROLL)
        eggs = active & (action == A.EXCHANGE_EGGS)
        chicks = active & (action == A.EXCHANGE_CHICKS)
        hens = active & (action == A.EXCHANGE_HENS)
        chick = eggs & (s.sup_chicks > 0)
        s = s.replace(
            phase=jnp.where(roll, DICE, s.phase).astype(jnp.int32),
            eggs=_add(s.eggs, me & eggs, -3), sup_eggs=_add(s.sup_eggs, eggs, 3),
            chicks=_add(s.chicks, me & chick, 1) - jnp.where(me & chicks, 3, 0),
            sup_chicks=_add(s.sup_chicks, chicks, 3) - chick,
            hens=_add(s.hens, me & hens, -5), sup_hens=_add(s.sup_hens, hens, 5),
            sup_roosters=_add(s.sup_roosters, hens, -1), rooster=jnp.where(me & hens, ROOSTER_ALIVE, s.rooster))
        s, paused = self._hen_due(s, jnp.bool_(False), jnp.int32(-1), chicks)
        return self._ending(s, active & ~roll & ~paused)

    # ----- rolls -----------------------------------------------------------------------------
    def _start_roll(self, r: KurnikRules, s: KurnikBatchState, face: jax.Array, _: jax.Array,
                    active: jax.Array) -> KurnikBatchState:
        """K-2.1, where ``active``: the start roller's die; the seats still
        rolling roll in seat order; the highest starts, ties re-roll among
        the tied (their dice cleared)."""
        seats = jnp.arange(_SEATS)
        rolls = jnp.where(active & self._at(s.player), face, s.start_rolls)
        after = s.start_seats & (seats > s.player)
        following = active & after.any()
        last = active & ~after.any()
        tied = s.start_seats & (rolls == jnp.where(s.start_seats, rolls, 0).max())
        decided = last & (tied.sum() == 1)
        tie = last & (tied.sum() > 1)
        best = jnp.argmax(tied).astype(jnp.int32)
        s = s.replace(start_rolls=jnp.where(tie, 0, rolls).astype(jnp.int32),
                      start_seats=jnp.where(decided, False, jnp.where(tie, tied, s.start_seats)),
                      player=jnp.where(following, jnp.argmax(after), jnp.where(tie, best, s.player)).astype(jnp.int32),
                      first=jnp.where(decided, best, s.first).astype(jnp.int32))
        return s.replace(player=jnp.where(decided, best, s.player).astype(jnp.int32),
                         phase=jnp.where(decided, _BEGIN, s.phase).astype(jnp.int32))

    def _dice(self, r: KurnikRules, s: KurnikBatchState, high: jax.Array, low: jax.Array,
              active: jax.Array) -> KurnikBatchState:
        """Two dice, where ``active``: different values pay hen, chick, egg in
        that order (K-4.1, K-5.4); a double 1-3 makes the roller give a card
        (K-4.2; none to give, nothing happens), 4-4 returns all eggs (K-4.3),
        5-5 rolls the bird-flu die (K-4.4), 6-6 asks the announcement (K-4.5)
        or, with the fox, loses all hens unless a rooster guards (K-9.4)."""
        p = s.player
        me = self._at(p)
        kinds = jnp.asarray(_KIND_OF_FACE)
        s = s.replace(roll=jnp.where(active, jnp.stack([high, low, 0, 0]), s.roll).astype(jnp.int32),
                      roller=jnp.where(active, p, s.roller).astype(jnp.int32))
        different = active & (high != low)
        first_hen = different & (kinds[high] == HEN)
        s, paused = self._hen_due(s, jnp.bool_(True), kinds[low], first_hen)
        s = self._gain_small(s, kinds[high], different & ~first_hen)
        s = self._gain_small(s, kinds[low], different & ~paused)
        double = active & (high == low)
        owned = jnp.stack([s.eggs[p], s.chicks[p], s.hens[p]])[jnp.clip(high - 1, 0, 2)] > 0
        gift = double & (high <= 3) & owned
        hard = double & (high == 4)
        flu = double & (high == 5)
        fox = double & (high == 6) & r.fox
        eaten = fox & (s.rooster[p] != ROOSTER_ALIVE)
        announce = double & (high == 6) & ~r.fox
        s = s.replace(gift=jnp.where(gift, high - 1, s.gift).astype(jnp.int32),
                      phase=jnp.select([gift, flu, announce], [GIVE, FLU, ANNOUNCE], s.phase).astype(jnp.int32),
                      sup_eggs=_add(s.sup_eggs, hard, s.eggs[p]), eggs=jnp.where(me & hard, 0, s.eggs),
                      sup_hens=_add(s.sup_hens, eaten, s.hens[p]), hens=jnp.where(me & eaten, 0, s.hens))
        return self._ending(s, (different & ~paused) | (double & ~gift & ~flu & ~announce))

    def _gain_small(self, s: KurnikBatchState, kind: jax.Array, active: jax.Array) -> KurnikBatchState:
        """Where ``active``: the egg or chick (``kind``) a die rolled goes to a
        free place (K-5.1), or is not paid if the supply has none (K-5.3); with
        the coop full a chick promotes an egg (K-7.1)."""
        p = s.player
        me = self._at(p)
        room = self._cards(s, p) < PLACES
        egg = active & room & (kind == EGG) & (s.sup_eggs > 0)
        chick = active & room & (kind == CHICK) & (s.sup_chicks > 0)
        develop = active & ~room & (kind == CHICK) & (s.eggs[p] > 0) & (s.sup_chicks > 0)
        return s.replace(eggs=_add(s.eggs, me, egg.astype(jnp.int32) - develop),
                         sup_eggs=_add(s.sup_eggs, active, develop.astype(jnp.int32) - egg),
                         chicks=_add(s.chicks, me & (chick | develop), 1),
                         sup_chicks=_add(s.sup_chicks, chick | develop, -1))

    def _hen_due(self, s: KurnikBatchState, rolled: jax.Array, rest: jax.Array,
                 active: jax.Array) -> tuple[KurnikBatchState, jax.Array]:
        """Where ``active``: one hen due to the player, ``rolled`` by a die
        (else bought by an exchange), into a free place or, rolled into a
        full coop, developing a chick (K-7.1, K-7.3); from the supply, else
        by the thief rule (K-5.2: a ``steal`` decision, ``rest`` the kind of
        the other die to pay after it, K-5.4); no place and no chick, or
        nobody to steal from: nothing (K-5.5). Returns the state and whether
        the turn is paused (a theft due, or the game won, K-11.2)."""
        p = s.player
        me = self._at(p)
        room = self._cards(s, p) < PLACES
        develop = ~room & rolled & (s.chicks[p] > 0)
        due = active & (room | develop)
        paid = due & (s.sup_hens > 0)
        theft = due & ~paid & self._holders(s).any()
        s = s.replace(hens=_add(s.hens, me & paid, 1), sup_hens=_add(s.sup_hens, paid, -1),
                      chicks=_add(s.chicks, me & paid & develop, -1), sup_chicks=_add(s.sup_chicks, paid & develop, 1),
                      phase=jnp.where(theft, STEAL, s.phase).astype(jnp.int32),
                      steal_left=jnp.where(theft, 1, s.steal_left).astype(jnp.int32),
                      steal_develop=jnp.where(theft, develop, s.steal_develop),
                      rest=jnp.where(theft, rest, s.rest).astype(jnp.int32))
        s, won = self._win(s, p, paid)
        return s, won | theft

    def _steal(self, r: KurnikRules, s: KurnikBatchState, victim: jax.Array, active: jax.Array) -> KurnikBatchState:
        """K-5.2, where ``active``: ``victim`` hands one hen over (developing a
        chick if due, K-7.3), unless a rooster stops it (K-9.2); more hens
        due ask again while someone holds one; then the rest of the roll is
        paid (K-5.4) and the turn ends. A win ends the game at once (K-11.2)."""
        p = s.player
        me = self._at(p)
        victim = jnp.clip(victim, 0, _SEATS - 1)
        thief = self._at(victim)
        blocked = active & (s.rooster[victim] == ROOSTER_ALIVE)
        took = active & ~blocked
        develop = took & s.steal_develop
        s = self._block(s, thief & blocked)
        s = s.replace(hens=_add(s.hens, me & took, 1) - jnp.where(thief & took, 1, 0),
                      chicks=_add(s.chicks, me & develop, -1), sup_chicks=_add(s.sup_chicks, develop, 1))
        s, won = self._win(s, p, took)
        go = active & ~won
        left = s.steal_left - 1
        more = go & (left > 0) & self._holders(s).any()
        done = go & ~more
        rest = s.rest
        s = s.replace(steal_left=jnp.where(go, jnp.where(more, left, 0), s.steal_left).astype(jnp.int32),
                      steal_develop=s.steal_develop & ~done, rest=jnp.where(done, -1, s.rest).astype(jnp.int32))
        s = self._gain_small(s, rest, done & (rest >= 0))
        return self._ending(s, done)

    def _block(self, s: KurnikBatchState, seats: jax.Array) -> KurnikBatchState:
        """K-9.2: the roosters of ``seats`` (bool ``(n,)``) stop a theft
        attempt each; the third one kills a rooster (to the box)."""
        blocks = _add(s.blocks, seats, 1)
        died = seats & (blocks >= ROOSTER_LIVES)
        return s.replace(blocks=blocks, rooster=jnp.where(died, ROOSTER_DEAD, s.rooster).astype(jnp.int32),
                         box_roosters=(s.box_roosters + died.sum()).astype(jnp.int32))

    def _give(self, r: KurnikRules, s: KurnikBatchState, to: jax.Array, active: jax.Array) -> KurnikBatchState:
        """K-4.2, where ``active``: the roller gives one card of the kind due
        to seat ``to``; a full coop sends it to the supply; a hen may win (K-1.4)."""
        to = jnp.clip(to, 0, _SEATS - 1)
        kind = s.gift
        kinds = jnp.arange(3)[:, None] == kind
        room = self._cards(s, to) < PLACES
        counts = (jnp.stack([s.eggs, s.chicks, s.hens]) - (kinds & self._at(s.player) & active)
                  + (kinds & self._at(to) & active & room))
        back = active & ~room
        s = s.replace(eggs=counts[0], chicks=counts[1], hens=counts[2],
                      sup_eggs=_add(s.sup_eggs, back & (kind == EGG), 1),
                      sup_chicks=_add(s.sup_chicks, back & (kind == CHICK), 1),
                      sup_hens=_add(s.sup_hens, back & (kind == HEN), 1))
        s, won = self._win(s, to, active & room & (kind == HEN))
        return self._ending(s, active & ~won)

    def _flu(self, r: KurnikRules, s: KurnikBatchState, face: jax.Array, _: jax.Array,
             active: jax.Array) -> KurnikBatchState:
        """K-4.4, where ``active``: the bird-flu die: 1-3 quarantine (the next
        turn is lost, K-11.3), 4-5 all chicks, 6 all hens to the supply (no
        rooster protects, K-9.2)."""
        p = s.player
        me = self._at(p)
        chicks = active & (face >= 4) & (face <= 5)
        hens = active & (face == 6)
        s = s.replace(roll=jnp.where(active, s.roll.at[2].set(face), s.roll),
                      quarantine=s.quarantine | (me & active & (face <= 3)),
                      sup_chicks=_add(s.sup_chicks, chicks, s.chicks[p]), chicks=jnp.where(me & chicks, 0, s.chicks),
                      sup_hens=_add(s.sup_hens, hens, s.hens[p]), hens=jnp.where(me & hens, 0, s.hens))
        return self._ending(s, active)

    def _reroll(self, r: KurnikRules, s: KurnikBatchState, high: jax.Array, low: jax.Array,
                active: jax.Array) -> KurnikBatchState:
        """K-4.5, where ``active``: the announced option with D = high - low
        (a double: D = 0, nothing, K-8.5). Take: D hens, at most the free
        places, from the supply, the rest by the thief rule one by one
        (K-5.2); rob all: every other seat returns D hens or all it has, a
        rooster stopping the attempt (K-9.2); rob one (K-9.1): the named seat
        gives D hens or all, the roller keeps what fits, the rest to the supply."""
        p = s.player
        me = self._at(p)
        d = high - low
        free = PLACES - self._cards(s, p)
        choice = s.choice
        some = active & (d > 0)
        take = some & (choice == A.TAKE)
        rob_all = some & (choice == A.ROB_ALL)
        rob_one = some & (choice >= A.ROB_BASE)
        # take
        gain = jnp.minimum(d, free)
        paid = jnp.where(take, jnp.minimum(gain, s.sup_hens), 0)
        s = s.replace(roll=jnp.where(active, s.roll.at[2].set(high).at[3].set(low), s.roll),
                      choice=jnp.where(active, TAKE_NONE, s.choice).astype(jnp.int32),
                      hens=_add(s.hens, me, paid), sup_hens=(s.sup_hens - paid).astype(jnp.int32))
        s, won = self._win(s, p, take)
        theft = take & ~won & (gain > paid) & self._holders(s).any()
        s = s.replace(phase=jnp.where(theft, STEAL, s.phase).astype(jnp.int32),
                      steal_left=jnp.where(theft, gain - paid, s.steal_left).astype(jnp.int32),
                      steal_develop=s.steal_develop & ~theft, rest=jnp.where(theft, -1, s.rest).astype(jnp.int32))
        # rob all: one attempt per other seat with a hen
        guarded = s.rooster == ROOSTER_ALIVE
        robbed = rob_all & ~me & (s.hens > 0)
        lost = jnp.where(robbed & ~guarded, jnp.minimum(d, s.hens), 0)
        s = self._block(s, robbed & guarded)
        s = s.replace(hens=(s.hens - lost).astype(jnp.int32), sup_hens=(s.sup_hens + lost.sum()).astype(jnp.int32))
        return self._rob_one(r, s, jnp.clip(choice - A.ROB_BASE, 0, _SEATS - 1), d, free, rob_one,
                             active & ~won & ~theft)

    def _rob_one(self, r: KurnikRules, s: KurnikBatchState, q: jax.Array, d: jax.Array, free: jax.Array,
                 active: jax.Array, end: jax.Array) -> KurnikBatchState:
        """K-9.1 where ``active``: seat ``q`` gives up ``d`` hens or all it has,
        the roller keeps what fits in its ``free`` places; then the turn ends
        where ``end`` unless the roller won (K-1.4)."""
        p = s.player
        victim = self._at(q)
        has = active & (s.hens[q] > 0)
        guarded = has & (s.rooster[q] == ROOSTER_ALIVE)
        taken = has & ~guarded
        lost = jnp.where(taken, jnp.minimum(d, s.hens[q]), 0)
        kept = jnp.minimum(lost, free)
        s = self._block(s, victim & guarded)
        s = s.replace(hens=(s.hens - jnp.where(victim, lost, 0) + jnp.where(self._at(p), kept, 0)).astype(jnp.int32),
                      sup_hens=(s.sup_hens + lost - kept).astype(jnp.int32))
        s, won = self._win(s, p, taken)
        return self._ending(s, end & ~won)

    # ----- set-up and what the seats see -------------------------------------------------------
    def _new_game(self, r: KurnikRules) -> KurnikBatchState:
        """The position before the first chance (K-1.3, K-2.1, K-9.3): empty
        coops, the full supply; the start rolls, or ``first_player``'s turn."""
        n = _SEATS
        i32 = jnp.int32
        rolled = r.first_player < 0
        zeros = jnp.zeros(n, i32)
        s = KurnikBatchState(
            current_player=i32(0), legal_action_mask=None, observation=None, rewards=jnp.zeros(n, jnp.float32),
            terminated=jnp.bool_(False),
            eggs=zeros, chicks=zeros, hens=zeros, rooster=zeros, blocks=zeros,
            sup_eggs=r.supply_eggs, sup_chicks=r.supply_chicks, sup_hens=r.supply_hens,
            sup_roosters=r.supply_roosters, box_hens=r.box_hens, box_roosters=r.box_roosters,
            phase=jnp.where(rolled, START, _BEGIN).astype(i32), player=jnp.maximum(r.first_player, 0), turn=i32(0),
            quarantine=jnp.zeros(n, bool), lost_turn=jnp.bool_(False), roll=jnp.zeros(4, i32), roller=i32(-1),
            gift=i32(EGG), choice=i32(TAKE_NONE), steal_left=i32(0), steal_develop=jnp.bool_(False), rest=i32(-1),
            start_seats=rolled & (jnp.arange(n) < r.players), start_rolls=zeros, first=r.first_player,
            winners=jnp.zeros(n, bool))
        return s

    def _finish(self, r: KurnikRules, s: KurnikBatchState, mode: str) -> KurnikBatchState:
        """Fill the public fields from the position (``rewards`` and
        ``terminated`` are set) with the observation of ``observe`` ``mode``,
        and keep the ``n`` seats of the padded per-seat fields."""
        s = s.replace(current_player=jnp.where(s.phase == OVER, TERMINAL, s.player).astype(jnp.int32),
                      legal_action_mask=self._legal_mask(r, s))
        if mode == "none":
            observation = jnp.zeros(0, jnp.float32)
        elif mode == "current":
            observation = self._observe(r, s, jnp.maximum(s.current_player, 0))
        else:
            observation = jax.vmap(lambda seat: self._observe(r, s, seat))(jnp.arange(self.n))
        return s.replace(observation=observation, **{f: getattr(s, f)[:self.n] for f in _SEAT_FIELDS})

    def _observe(self, r: KurnikRules, s: KurnikBatchState, seat: jax.Array) -> jax.Array:
        """float32 ``(D,)``: seat ``seat``'s ``observation_tensor`` (K-10.1;
        layout in :mod:`herna.games.kurnik.observation`; seats relative)."""
        n = self.n
        f32 = jnp.float32
        rel = (seat + jnp.arange(n)) % n
        eggs, chicks, hens = s.eggs[rel], s.chicks[rel], s.hens[rel]
        ninths = jnp.asarray(_NINTHS)
        acting = jnp.where(s.phase == OVER, -1, s.player)
        coops = jnp.stack([
            ninths[eggs], ninths[chicks], ninths[hens], ninths[PLACES - eggs - chicks - hens],
            (s.rooster[rel] == ROOSTER_ALIVE).astype(f32), (s.rooster[rel] == ROOSTER_DEAD).astype(f32),
            jnp.asarray(_THIRDS)[s.blocks[rel]], s.quarantine[rel].astype(f32), (rel == acting).astype(f32),
            s.winners[rel].astype(f32), jnp.asarray(_SIXTHS)[s.start_rolls[rel]]], axis=1).reshape(-1)
        supply = r.supply_fractions[jnp.arange(4), jnp.minimum(
            jnp.stack([s.sup_eggs, s.sup_chicks, s.sup_hens, s.sup_roosters]), MAX_SUPPLY)]
        rerolling = (s.phase == REROLL) & (s.choice != TAKE_NONE)
        choice = jnp.where(s.choice == A.TAKE, 0, jnp.where(s.choice == A.ROB_ALL, 1, 2))
        target = jnp.where(s.choice >= A.ROB_BASE, (s.choice - A.ROB_BASE - seat) % n, -1)
        stealing = s.phase == STEAL
        theft = jnp.stack([ninths[jnp.clip(s.steal_left, 0, PLACES)], s.steal_develop.astype(f32),
                           (s.rest == EGG).astype(f32), (s.rest == CHICK).astype(f32)]) * stealing
        blocks = [
            coops, supply, _one_hot(s.phase, len(Phase)), _one_hot(s.gift, 3) * (s.phase == GIVE),
            _one_hot(choice, 3) * rerolling, _one_hot(target, n) * rerolling, theft,
            s.lost_turn.astype(f32)[None], _one_hot(s.roll - 1, 6).reshape(-1),
            r.turn_fractions[jnp.minimum(s.turn, MAX_TURN_LIMIT)][None],
        ]
        return jnp.concatenate(blocks).astype(f32)


@functools.lru_cache(maxsize=None)
def _core(n: int) -> _Core:
    """The shared :class:`_Core` (and its compiled entry points) of ``n`` seats."""
    return _Core(n)


class KurnikEnv:
    """Batched Kurník with fixed options (made by :func:`herna.batch.engine`).

    ``num_players`` (n), ``num_actions`` (22), ``observation_size`` (D),
    ``observation_shape`` (of one game's ``observation``: ``(n, D)``,
    ``(D,)`` or ``(0,)`` by ``observe_mode``), ``options`` (the validated
    game options), ``rules`` (:class:`KurnikRules`), ``auto_reset``,
    ``observe_mode``.

    Methods take and return :class:`KurnikBatchState`; each works on one
    game (so it can be ``jax.vmap``-ed) and on a batch (a state from
    ``init(key, batch_size)``), may be ``jax.jit``-ed, and is compiled on
    first use by shape: the loop once for every table, the public fields
    once per ``players`` and ``observe`` mode (module docstring).
    """

    compiles_its_loop = True
    """``init`` and ``step`` call compiled code themselves (the loop once for
    every table): :class:`herna.batch.environment.Env` calls them un-jitted."""

    def __init__(self, options: dict[str, Any], auto_reset: bool = True, observe: str = "all") -> None:
        if observe not in OBSERVE_MODES:
            raise ValueError(f"observe must be one of {', '.join(map(repr, OBSERVE_MODES))}, not {observe!r}")
        self.options = dict(options)
        self.num_players: int = options["players"]
        self.num_actions = NUM_ACTIONS
        self.auto_reset = bool(auto_reset)
        self.observe_mode = observe
        self.observation_size = tensor_size(self.num_players)
        self.observation_shape = {"all": (self.num_players, self.observation_size),
                                  "current": (self.observation_size,), "none": (0,)}[observe]
        self.rules = KurnikRules.of(self.options)
        self._core = _core(self.num_players)
        self._loop = _core(_SEATS)  # the compiled loop of every table: 5 seats, `players` of them in play

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"herna.batch.engine('kurnik', {opts}, auto_reset={self.auto_reset}, observe={self.observe_mode!r})"

    def init(self, key: jax.Array, batch_size: int | None = None) -> KurnikBatchState:
        """A new game at its first real choice: the start rolls (K-2.1) and
        the first turns up to a choice drawn from ``key``. ``batch_size``:
        that many independent games (keys split from ``key``), a leading
        axis on every field."""
        return self._run(self._loop.run_key, self._loop.new_games(self.rules, batch_size), None, key)

    def init_from_dice(self, dice: jax.Array) -> KurnikBatchState:
        """:meth:`init` with its chance given: ``dice`` int ``(L,)`` (``(B, L)``
        for a batch), the Python engine's chance outcome ids (22..42 two dice
        ``dice H L``, 43..48 one die ``die N``; :mod:`herna.games.kurnik.actions`)
        in the order it drew them, start rolls included; entries past those
        used are ignored (pad with anything). If they run out before a real
        choice, the game stops at its chance node (its fields are then not a
        position the Python engine would show). For replaying the Python engine."""
        dice = jnp.asarray(dice, jnp.int32)
        games = self._loop.new_games(self.rules, dice.shape[0] if dice.ndim == 2 else None)
        return self._run(self._loop.run_dice, games, None, dice)

    def step(self, state: KurnikBatchState, action: jax.Array, key: jax.Array) -> KurnikBatchState:
        """Apply ``action`` (int, a legal id of ``state.legal_action_mask``;
        ``(B,)`` for a batch, one key also for a batch) for
        ``state.current_player``, then the chance and forced decisions after
        it, drawn from ``key``, up to the next real choice or the end (with
        auto-reset: the next game's first choice). An illegal action is not
        checked (as the Python engine's ``State.push``): the result is
        undefined. A terminated state without auto-reset stays as it is
        (rewards 0)."""
        return self._run(self._loop.run_key, self._core.pad(self._position(state)), action, key)

    def step_with_dice(self, state: KurnikBatchState, action: jax.Array, dice: jax.Array) -> KurnikBatchState:
        """:meth:`step` with its chance given: ``dice`` int ``(L,)`` (``(B, L)``
        for a batch) as in :meth:`init_from_dice`, the outcomes the Python
        engine drew after ``action`` up to its next decision (with auto-reset,
        then the next game's)."""
        return self._run(self._loop.run_dice, self._core.pad(self._position(state)), action,
                         jnp.asarray(dice, jnp.int32))

    def resume(self, state: KurnikBatchState, key: jax.Array) -> KurnikBatchState:
        """A game stopped at its chance node (:meth:`init_from_dice` or
        :meth:`step_with_dice` whose dice ran out) played on from there with
        chance drawn from ``key`` (as :meth:`step` draws it), up to its next
        real choice or the end. No player acts. A state already at a real
        choice comes back recomputed, unchanged. For mixing given and sampled
        dice (a scenario's start, then random play)."""
        return self._run(self._loop.run_key, self._core.pad(self._position(state)), None, key)

    @staticmethod
    def _position(state: KurnikBatchState) -> KurnikBatchState:
        """``state`` without its mask and observation (so every ``observe`` mode shares the loop)."""
        return state.replace(legal_action_mask=None, observation=None)

    def _run(self, run: Any, position: KurnikBatchState, action: jax.Array | None,
             chance: jax.Array) -> KurnikBatchState:
        """``run`` (the compiled loop) on ``position`` (5 seats, no mask or
        observation) with ``action`` (None: an ``init``), then the public
        fields of this table's ``n`` seats."""
        act = action is not None
        action = jnp.broadcast_to(jnp.asarray(0 if action is None else action, jnp.int32), position.terminated.shape)
        s = run(self.rules, position, action, jnp.bool_(act), jnp.bool_(self.auto_reset), chance)
        return self._core.finish(self.rules, s, self.observe_mode)

    def observe(self, state: KurnikBatchState, seat: jax.Array) -> jax.Array:
        """Seat ``seat``'s ``observation_tensor`` of ``state``: float32 ``(D,)``,
        or ``(B, D)`` for a batched state (``seat`` an int or ``(B,)``; a
        negative seat, -4 at the end, gives seat 0's). The same tensors as
        the rows of ``observe="all"``, in every mode."""
        return self._core.observe(self.rules, state, seat)


__all__ = ["KurnikEnv", "KurnikBatchState", "KurnikRules", "NUM_ACTIONS", "TERMINAL", "OBSERVE_MODES"]
