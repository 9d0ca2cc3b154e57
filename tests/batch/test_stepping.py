"""herna.batch.stepping: work on only the games of a batch that need it.

:func:`until_settled` must give what a ``jax.lax.while_loop`` per game gives
(each game's loop run to its end, no pass more or less), whatever the rooms:
a toy loop (count a game's number down to 0, one pass a step) checks it with
rooms smaller than the pending games (the queue refills slots), a second,
smaller room for the tail, and games pending from the start or not at all.
"""

from __future__ import annotations

import numpy as np
import pytest

jax = pytest.importorskip("jax", reason="herna.batch needs JAX (pip install 'herna[batch]')", exc_type=ImportError)
jnp = jax.numpy

from herna.batch.stepping import room_for, until_settled  # noqa: E402


def _countdown(numbers: np.ndarray, rooms: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    """Each game's ``left`` counted down to 0 by ``until_settled``: (left, passes) after it."""
    state = {"left": jnp.asarray(numbers, jnp.int32), "passes": jnp.zeros(len(numbers), jnp.int32)}

    def update(sub: dict) -> dict:
        return {"left": sub["left"] - 1, "passes": sub["passes"] + 1}

    out = jax.jit(lambda s: until_settled(s, lambda sub: sub["left"] > 0, update, rooms))(state)
    return np.asarray(out["left"]), np.asarray(out["passes"])


@pytest.mark.parametrize("rooms", [(8, 2), (5,), (37, 37), (3, 1)])
def test_until_settled_runs_each_games_loop_to_its_end(rooms):
    """37 games, some settled from the start (0), some needing up to 40 passes:
    every game ends at 0 after exactly its own number of passes."""
    numbers = np.random.default_rng(7).integers(0, 41, 37)
    numbers[:5] = 0
    left, passes = _countdown(numbers, rooms)
    assert not left.any()
    assert np.array_equal(passes, numbers)


def test_until_settled_with_nothing_pending_changes_nothing():
    left, passes = _countdown(np.zeros(9, np.int32), (4, 2))
    assert not left.any() and not passes.any()


def test_room_for_bounds():
    assert room_for(16384, 8) == 2048 and room_for(100, 8) == 16 and room_for(10, 8) == 10
    assert room_for(16, 64, 4) == 4
