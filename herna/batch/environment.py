"""pgx's conventions over a batched engine: what :func:`herna.batch.make` returns.

An engine (:func:`herna.batch.engine`: :class:`~herna.batch.trumfosaur.TrumfosaurEnv`,
:class:`~herna.batch.ugo.UgoEnv`, :class:`~herna.batch.kurnik.KurnikEnv`)
plays the rules; :class:`Env` gives it pgx's habits
(https://sotetsuk.github.io/pgx/api/):

- ``init(key)`` (``init(key, batch_size)`` or ``jax.vmap(env.init)(keys)``
  for a batch) and ``step(state, action, key)``; every herna game draws
  chance inside ``step`` (the next deal, the dice), so ``key`` is required,
  as for pgx's backgammon: ``step(state, action)`` raises ``ValueError``.
- ``state.current_player`` is always a seat (int32 >= 0): at a game's end,
  the seat that made the last move (the engines' -4 is not shown).
- ``state.observation``: the current player's (``observe="current"``,
  the default), every seat's (``"all"``, ``(n, D)``) or none (``"none"``).
- ``state.legal_action_mask`` is never all False: all True once the game
  is over (pgx's convention: a masked softmax stays finite; any action is
  then ignored).
- ``state.rewards`` (float32 ``(n,)``), ``state.terminated``,
  ``state.truncated`` (always False: every game ends by its rules).
- No auto-reset by default: a finished game stays finished, and ``step``
  on it returns it unchanged with zero rewards, so ``while not
  state.terminated.all()`` ends. ``auto_reset=True`` replaces a game that
  ends by the next game's first state, flagged ``terminated`` with the
  ended game's rewards (pgx's ``auto_reset`` wrapper).
- An illegal action (not in ``legal_action_mask``) ends the game at once:
  its player gets ``illegal_action_penalty`` (default: one below the
  game's lowest possible return), the others 0; the position is left as it
  was.
"""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp

OBSERVE_MODES = ("current", "all", "none")
TERMINAL = -4
"""The engines' ``current_player`` at a game's end (:data:`herna.core.TERMINAL`)."""
"""The ``observe`` modes of :class:`Env`."""


def default_penalty(game: str, options: dict) -> float:
    """One below the lowest return a seat can get in ``game`` with ``options``:
    Trumfosaur and Kurník -1 (their returns are >= 0), Ugo! -45 x rounds - 1 (U-6)."""
    if game == "ugo":
        return -45.0 * options["rounds"] - 1.0
    return -1.0


def _where(condition: jax.Array, new: Any, old: Any) -> Any:
    """``new`` where ``condition`` (the batch shape, or ``()``), else ``old``: every field of two states."""
    def pick(a: Any, b: Any) -> Any:
        if a is None:
            return None
        return jnp.where(condition.reshape(condition.shape + (1,) * (a.ndim - condition.ndim)), a, b)

    return jax.tree_util.tree_map(pick, new, old, is_leaf=lambda x: x is None)


def _traced(tree: Any) -> bool:
    """Whether any leaf of ``tree`` is a JAX tracer (the call is inside ``jax.jit``, ``jax.vmap``, ...)."""
    return any(isinstance(leaf, jax.core.Tracer) for leaf in jax.tree_util.tree_leaves(tree))


VERSION = "v0"
"""pgx's ``env.version``: the version of the encoding (action ids, observation layout, rewards)."""


class Env:
    """A batched herna game with pgx's conventions (module docstring), made
    by :func:`herna.batch.make`. ``engine``: the rules (``env.engine``);
    ``auto_reset``, ``observe`` and ``illegal_action_penalty`` as there.

    Attributes: ``id`` (``"herna/<game>"``), ``version`` (``"v0"``, as pgx's
    ``env.version``: it changes when the rules' encoding does), ``num_players``,
    ``num_actions``, ``observation_shape`` (one game's ``observation``),
    ``options``; ``observe(state, seat)`` gives any seat's observation
    ``(D,)`` (``(B, D)`` for a batch) in every mode."""

    def __init__(self, game: str, engine: Any, auto_reset: bool, observe: str, illegal_action_penalty: float,
                 over_phase: int) -> None:
        self.game = game
        self._over = over_phase
        self.id = f"herna/{game}"
        self.version = VERSION
        self.engine = engine
        self.auto_reset = auto_reset
        self.observe_mode = observe
        self.illegal_action_penalty = float(illegal_action_penalty)
        self.num_players: int = engine.num_players
        self.num_actions: int = engine.num_actions
        self.options = engine.options
        size = engine.observation_size if hasattr(engine, "observation_size") else engine.observation_shape[-1]
        self.observation_size: int = size
        self.observation_shape = {"all": (self.num_players, size), "current": (size,), "none": (0,)}[observe]
        # compiled once per shape, also when called un-jitted; an engine that compiles its own loop
        # (Kurník's: one compilation for every table) is called as it is, between two small compiled
        # parts, so that every Env of it (any penalty, observe mode or auto-reset) shares that loop
        self._own_loop = bool(getattr(engine, "compiles_its_loop", False))
        self._init = jax.jit(self._init_raw, static_argnums=1)
        self._step = jax.jit(self._step_raw)
        self._prepare = jax.jit(self._prepare_raw)
        self._settle = jax.jit(self._settle_raw)
        self._first = jax.jit(self._first_raw)
        self._observe = jax.jit(self._observe_raw)  # un-jitted, each of its operations would be compiled alone

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return (f"herna.batch.make({self.game!r}, {opts}, auto_reset={self.auto_reset}, observe={self.observe_mode!r}, "
                f"illegal_action_penalty={self.illegal_action_penalty})")

    # ----- pgx's API -------------------------------------------------------------------------
    def init(self, key: jax.Array, batch_size: int | None = None) -> Any:
        """A new game at its first real choice, dealt (rolled) from ``key``;
        ``batch_size``: that many independent games, a leading axis on every field."""
        if self._own_loop and not _traced(key):
            return self._first(self.engine.init(key, batch_size))
        return self._init(key, batch_size)

    def _init_raw(self, key: jax.Array, batch_size: int | None) -> Any:
        return self._first_raw(self.engine.init(key, batch_size))

    def _first_raw(self, state: Any) -> Any:
        """The public fields of the engine's new ``state``."""
        return self._public(state, state.current_player, jnp.zeros_like(state.terminated))

    def step(self, state: Any, action: jax.Array, key: jax.Array | None = None) -> Any:
        """``action`` (int, ``(B,)`` for a batch) for ``state.current_player``,
        then everything up to the next real choice, chance drawn from ``key``
        (required: each herna game draws chance inside a step; ``ValueError``
        without it). A finished game (without auto-reset) is returned as it
        is, rewards 0; an illegal action ends the game (module docstring)."""
        if key is None:
            raise ValueError(f"{self.id}: step(state, action, key) needs a key: the game draws chance inside a step "
                             "(the next deal or the dice), as pgx's backgammon")
        action = jnp.asarray(action, jnp.int32)
        if self._own_loop and not _traced((state, action, key)):
            raw, safe, key, spare, illegal, done = self._prepare(state, action, key)
            after = self.engine.step(raw, safe, key)
            fresh = None
            if self.auto_reset:
                fresh = self.engine.init(spare, *self._batch(state)) if bool(illegal.any()) else after
            return self._settle(state, raw, after, fresh, illegal, done)
        return self._step(state, action, key)

    def _step_raw(self, state: Any, action: jax.Array, key: jax.Array) -> Any:
        raw, safe, key, spare, illegal, done = self._prepare_raw(state, action, key)
        after = self.engine.step(raw, safe, key)
        fresh = None
        if self.auto_reset:
            fresh = jax.lax.cond(illegal.any(), lambda: self.engine.init(spare, *self._batch(state)), lambda: after)
        return self._settle_raw(state, raw, after, fresh, illegal, done)

    def _prepare_raw(self, state: Any, action: jax.Array, key: jax.Array) -> tuple:
        """A step's first part: ``(raw, safe, key, spare, illegal, done)``: the
        engine's state, the action it plays (a legal one where ``action`` is
        illegal or the game ``done``), the keys of the step and of a new game."""
        done = state.terminated & (not self.auto_reset)  # frozen: finished, no auto-reset
        # an id outside 0..num_actions-1 is illegal too (JAX would clamp it onto the last action's column)
        inside = (action >= 0) & (action < self.num_actions)
        column = jnp.clip(action, 0, self.num_actions - 1)
        legal = inside & jnp.take_along_axis(state.legal_action_mask, column[..., None], axis=-1)[..., 0]
        illegal = ~legal & ~done
        safe = jnp.where(illegal | done, jnp.argmax(state.legal_action_mask, axis=-1), action).astype(jnp.int32)
        key, spare = jax.random.split(key)
        return self._raw(state), safe, key, spare, illegal, done

    def _settle_raw(self, state: Any, raw: Any, after: Any, fresh: Any, illegal: jax.Array, done: jax.Array) -> Any:
        """A step's last part: the engine's ``after`` with pgx's conventions
        (``fresh``: with auto-reset, the next game where an action was illegal)."""
        n = self.num_players
        mover = state.current_player
        penalty = jax.nn.one_hot(mover, n, dtype=jnp.float32) * self.illegal_action_penalty
        if self.auto_reset:
            ended = _where(illegal, fresh, after)
            ended = ended.replace(rewards=jnp.where(illegal[..., None], penalty, ended.rewards),
                                  terminated=ended.terminated | illegal)
            return self._public(ended, ended.current_player, illegal)
        if raw.observation.shape != after.observation.shape:  # Ugo!'s engine has every row: _public recomputes
            raw = raw.replace(observation=after.observation)
        stay = raw.replace(rewards=jnp.zeros_like(raw.rewards))
        # the engine's own end (its phase "over"): it then keeps the position as it is at every later step
        kept = raw.replace(rewards=penalty, terminated=jnp.ones_like(raw.terminated),
                           phase=jnp.full_like(raw.phase, self._over),
                           current_player=jnp.full_like(raw.current_player, TERMINAL))
        result = _where(done, stay, _where(illegal, kept, after))
        return self._public(result, mover, illegal | done)

    def observe(self, state: Any, seat: jax.Array) -> jax.Array:
        """Seat ``seat``'s observation tensor (float32 ``(D,)``; ``(B, D)`` for a
        batch, ``seat`` an int or ``(B,)``), in every ``observe`` mode."""
        return self._observe(state, jnp.asarray(seat, jnp.int32))

    def _observe_raw(self, state: Any, seat: jax.Array) -> jax.Array:
        return self.engine.observe(self._raw(state), seat)

    # ----- helpers ---------------------------------------------------------------------------
    @staticmethod
    def _batch(state: Any) -> tuple:
        """``(batch_size,)`` for a batched state, ``()`` for one game (the extra arguments of ``engine.init``)."""
        return (state.terminated.shape[0],) if state.terminated.ndim else ()

    def _raw(self, state: Any) -> Any:
        """``state`` as its engine keeps it: no ``truncated``, and a finished
        game's ``current_player`` the engines' -4 (their observations read it)."""
        player = state.current_player
        if not self.auto_reset:
            player = jnp.where(state.terminated, TERMINAL, player).astype(jnp.int32)
        return state.replace(truncated=None, current_player=player)

    def _public(self, state: Any, last: jax.Array, kept: jax.Array) -> Any:
        """The public fields by pgx's conventions: ``last`` the seat that moved
        (shown at a game's end without auto-reset), ``kept`` the games whose
        observation is not the engine's (an illegal action, a finished game)."""
        over = state.terminated & (not self.auto_reset)
        player = jnp.where(over, last, state.current_player).astype(jnp.int32)
        mask = state.legal_action_mask | over[..., None]
        observation = state.observation
        mode = self.observe_mode
        if mode == "none":
            observation = jnp.zeros(state.terminated.shape + (0,), jnp.float32)
        elif mode == "current":
            if observation.ndim > state.terminated.ndim + 1:  # the engine's every row (Ugo!): the player's
                observation = jnp.take_along_axis(observation, jnp.maximum(player, 0)[..., None, None],
                                                  axis=-2)[..., 0, :]
            fix = over | kept  # the engines show seat 0's row at the end; a kept position is recomputed
            observation = jax.lax.cond(fix.any(), lambda: jnp.where(fix[..., None], self.engine.observe(
                state.replace(truncated=None), player), observation), lambda: observation)
        return state.replace(current_player=player, legal_action_mask=mask, observation=observation,
                             truncated=jnp.zeros_like(state.terminated))


__all__ = ["Env", "OBSERVE_MODES", "default_penalty"]
