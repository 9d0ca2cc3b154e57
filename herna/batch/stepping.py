"""What the batched engines share: work that only some games of a batch need.

A batched step applies every game's action to the whole batch (each field
updated under a mask: no branch per game). Two parts of a step are needed by
few games: the forced decisions after the action (about one game in twelve
has one in Trumfosaur) and the deal when a deal or a game ends (about one in
fifty). Running them over the whole batch costs as much as the action
itself, once per pass. :func:`where_due` runs them on the games that need
them only: it gathers up to ``room`` of those games into a small batch,
updates it, and scatters it back, as many times as needed (a second chunk
only when more than ``room`` games need it), inside one
``jax.lax.while_loop``, so the result is the same as updating every game
that needs it and none that does not. :func:`until_settled` does the same
for a loop per game (Kurník's passes of forced rolls and dice, which run
one to forty times a step): a work queue of slots refilled as games settle.
"""

from __future__ import annotations

from typing import Any, Callable

import jax
import jax.numpy as jnp


def room_for(batch: int, share: int, least: int = 16) -> int:
    """The size of :func:`where_due`'s chunk for a batch of ``batch`` games:
    ``batch // share`` (``share`` > 0), at least ``least``, at most ``batch``."""
    return min(batch, max(least, batch // share))


def where_due(state: Any, due: jax.Array, update: Callable[[Any, jax.Array, Any], Any], room: int,
              key: jax.Array | None = None) -> Any:
    """``state`` (a pytree of arrays with a leading batch axis ``B``) with
    ``update`` applied to the games where ``due`` (bool ``(B,)``), ``room``
    games at a time.

    ``update(sub, active, key)`` gets a batch of ``room`` games gathered
    from ``state`` (same pytree, leading axis ``room``), ``active`` bool
    ``(room,)`` (the slots that hold a due game; the others repeat a game
    and are dropped) and a key (``jax.random.fold_in(key, chunk)`` for the
    ``chunk``-th chunk, 0 first; ``None`` without ``key``), and returns the updated sub-batch, same structure.
    ``None`` leaves of ``state`` stay ``None``. A leaf that ``update``
    returns as it got it (the same array object: a field it does not
    touch) is not written back, which saves a scatter per such field.

    Shapes and dtypes are kept; ``room`` is a Python int (a static size)."""
    batch = due.shape[0]

    def body(carry: tuple) -> tuple:
        state, left, chunk = carry
        index = jnp.nonzero(left, size=room, fill_value=batch)[0]
        active = index < batch
        take = jnp.minimum(index, batch - 1)
        sub = jax.tree.map(lambda x: x[take], state)
        out = update(sub, active, None if key is None else jax.random.fold_in(key, chunk))
        state = jax.tree.map(lambda x, got, y: x if y is got else x.at[index].set(y, mode="drop"), state, sub, out)
        return state, left.at[index].set(False, mode="drop"), chunk + 1

    return jax.lax.while_loop(lambda c: c[1].any(), body, (state, due, jnp.int32(0)))[0]


def until_settled(state: Any, pending: Callable[[Any], jax.Array], update: Callable[[Any], Any],
                  rooms: tuple[int, ...]) -> Any:
    """``state`` (a pytree of arrays with a leading batch axis ``B``) with
    ``update`` applied to each game, again and again, as long as
    ``pending`` says it is not settled: the same result as a
    ``jax.lax.while_loop`` of ``update`` per game (a vmapped loop), but the
    work is paid by the games that loop, not by the whole batch once per
    pass of the longest one.

    ``pending(sub)`` bool ``(k,)`` and ``update(sub)`` (same structure) take
    a batch of ``k`` games; ``update`` must run one pass of a game's loop
    (it may be given a settled game only in slots whose result is dropped).
    A work queue: ``rooms[0]`` slots hold pending games; each turn of the
    loop runs one pass on every slot, writes the slots back and refills
    those whose game settled with the next pending games. When the queue is
    empty and fewer than a quarter of the slots are busy, the next, smaller
    room of ``rooms`` takes over (so the few long chains at the end run in
    small slots); the last room runs until every game is settled. ``rooms``:
    Python ints, each at most ``B``."""
    batch = jax.tree.leaves(state)[0].shape[0]
    for level, room in enumerate(rooms):
        stop = 0 if level == len(rooms) - 1 else room // 4
        left = pending(state)
        queue = jnp.concatenate([jnp.nonzero(left, size=batch, fill_value=batch)[0], jnp.full(room, batch)])
        total = left.sum()
        slots = jnp.where(jnp.arange(room) < total, queue[:room], batch)

        def body(carry: tuple, room: int = room) -> tuple:
            state, slots, head = carry
            live = slots < batch
            sub = update(jax.tree.map(lambda x: x[jnp.minimum(slots, batch - 1)], state))
            state = jax.tree.map(lambda x, y: x.at[slots].set(y, mode="drop"), state, sub)
            busy = live & pending(sub)
            rank = jnp.cumsum(~busy) - 1
            refill = jnp.where(head + rank < total, queue[jnp.minimum(head + rank, batch + room - 1)], batch)
            return state, jnp.where(busy, slots, refill), jnp.minimum(head + (~busy).sum(), total)

        def more(carry: tuple, stop: int = stop) -> jax.Array:
            return ((carry[1] < batch).sum() > stop) | (carry[2] < total)

        state = jax.lax.while_loop(more, body, (state, slots, jnp.minimum(total, room)))[0]
    return state
