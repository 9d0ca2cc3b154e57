"""A check both batched engines share: the batched ``step`` (the action on
every game, the forced decisions and the deals only where due, in chunks:
:mod:`herna.batch.stepping`) equals stepping each game alone
(``jax.vmap`` of the one-game step) with the same deals."""

from __future__ import annotations

from typing import Any, Callable

import jax
import jax.numpy as jnp
import numpy as np

from herna.batch.dealing import permutations
from herna.batch.stepping import room_for


def check_chunked_step(env: Any, batch: int, steps: int, num_cards: int, room_share: int,
                       as_deal: Callable[[np.ndarray], np.ndarray], seed: int = 11,
                       count: Callable[[Any, Any], Any] | None = None) -> tuple[int, int]:
    """Play ``steps`` random steps of ``batch`` games through ``env.step``
    and assert, after each, that every field of every game equals
    ``jax.vmap(env._settle)(jax.vmap(env._act)(state, action), deals)``
    where the due games, in batch order, get the rows of the chunk keys'
    shuffles (``permutations`` of ``num_cards`` from ``fold_in(key, chunk)``,
    ``room_for(batch, room_share, env.min_deal_room)`` rows a chunk), each
    made into ``_settle``'s deal by ``as_deal`` (rows ``(B, num_cards)`` →
    ``(B, ...)``). Returns the number of chunks dealt and the sum over the
    steps of ``count(state, action)`` (a traceable int, e.g. the games with
    a forced decision after the action; 0 without ``count``)."""
    room = room_for(batch, room_share, env.min_deal_room)
    state = jax.jit(env.init, static_argnums=1)(jax.random.key(seed), batch)
    step = jax.jit(env.step)
    alone = jax.jit(lambda state, action: jax.vmap(env._act)(state, action))
    settle = jax.jit(jax.vmap(env._settle))
    shuffle = jax.jit(lambda key, chunk: permutations(jax.random.bits(jax.random.fold_in(key, chunk), (room, num_cards),
                                                                       jnp.uint32)))
    key = jax.random.key(seed + 1)
    counted = jax.jit(count or (lambda state, action: 0))
    needs_deal = jax.jit(env._needs_deal)
    chunks = total = 0
    for _ in range(steps):
        key, k1, k2 = jax.random.split(key, 3)
        action = jax.random.categorical(k1, jnp.where(state.legal_action_mask, 0.0, -jnp.inf))
        s = alone(state, action)
        total += int(counted(state, action))
        due = np.flatnonzero(np.asarray(needs_deal(s)))
        rows = np.zeros((batch, num_cards), np.int32)
        for chunk, start in enumerate(range(0, due.size, room)):
            drawn = shuffle(k2, chunk)
            games = due[start:start + room]
            rows[games] = np.asarray(drawn)[:games.size]
            chunks += 1
        expected = settle(s, jnp.asarray(as_deal(rows)))
        state = step(state, action, k2)
        for name, want in vars(expected).items():
            assert np.array_equal(np.asarray(getattr(state, name)), np.asarray(want)), name
    return chunks, total
