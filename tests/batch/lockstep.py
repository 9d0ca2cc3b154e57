"""Lockstep comparison of Python-engine games with a batched engine (GUIDE.md:
a faster engine is a second implementation, proved the same game step by step).

The differential tests of ``tests/batch`` step a list of Python states and
one batched state (a game per row) together; after every step
:func:`expected` reads the Python side as arrays over games and
:func:`compare` checks the batched state field by field: the current
player, the legal action mask, every seat's observation tensor,
``terminated`` and the rewards (the Python ``returns()`` at the step that
ends a game, zeros otherwise).
"""

from __future__ import annotations

import random
from typing import Sequence

import numpy as np

from herna.core import CHANCE
from herna.games.ugo import actions as ugo_actions


def expected(states: Sequence, ended_now: Sequence[bool], num_actions: int) -> dict[str, np.ndarray]:
    """The Python engine's side of one lockstep step, as arrays over games:
    ``current_player`` ``(G,)``, ``legal_action_mask`` bool ``(G, num_actions)``
    (every legal id must be below ``num_actions``), ``observation`` float32
    ``(G, n, D)``, ``terminated`` ``(G,)`` and ``rewards`` float32 ``(G, n)``
    (``returns()`` where ``ended_now``)."""
    n = states[0].num_players
    player = np.array([s.current_player() for s in states])
    mask = np.zeros((len(states), num_actions), bool)
    for i, s in enumerate(states):
        legal = s.legal_actions()
        assert all(a < num_actions for a in legal), f"game {i}: a legal id beyond {num_actions}: {legal}"
        mask[i, legal] = True
    obs = np.stack([np.stack([s.observation_tensor(seat) for seat in range(n)]) for s in states])
    terminal = np.array([s.is_terminal() for s in states])
    rewards = np.array([s.returns() if now else [0.0] * n for s, now in zip(states, ended_now)], np.float32)
    return {"current_player": player, "legal_action_mask": mask, "observation": obs, "terminated": terminal,
            "rewards": rewards}


def compare(jstate, want: dict[str, np.ndarray], step: int, describe=None) -> None:
    """Assert that each field of the batched ``jstate`` equals ``want``'s
    (bit for bit); the message names the step, the field, how many games
    differ and where the first one does, plus ``describe(game)`` if given
    (e.g. the Python game's view or history)."""
    for field, value in want.items():
        got = np.asarray(getattr(jstate, field))
        if got.shape != value.shape:
            raise AssertionError(f"step {step}: {field} has shape {got.shape}, python {value.shape}")
        if not np.array_equal(got, value):
            bad = np.argwhere((got != value).reshape(len(value), -1).any(axis=1))[:, 0]
            game = int(bad[0])
            where = np.argwhere(got[game] != value[game])[:5]
            extra = f"\n{describe(game)}" if describe else ""
            raise AssertionError(f"step {step}: {field} differs in {len(bad)} game(s), first game {game} at "
                                 f"{where.tolist()}: batch {got[game][tuple(where.T)]} "
                                 f"python {value[game][tuple(where.T)]}{extra}")


def random_step(states: Sequence, rngs: Sequence, chance=None) -> tuple[np.ndarray, list, list[bool], int]:
    """The Python side of one lockstep step: each game not yet over applies
    a random legal action (its own ``random.Random`` of ``rngs``), then
    ``chance(state, rng)`` plays its chance nodes and returns what was drawn
    (e.g. a deal; ``None`` if nothing). Returns the actions int32 ``(G,)``
    (0 for a finished game), what each game drew (``None`` for a finished
    game or without ``chance``), which games ended at this step, and the
    number of decisions taken."""
    actions = np.zeros(len(states), np.int32)
    drawn: list = [None] * len(states)
    ended_now = [False] * len(states)
    decisions = 0
    for i, (s, rng) in enumerate(zip(states, rngs)):
        if s.is_terminal():
            continue
        actions[i] = rng.choice(s.legal_actions())
        s.apply_action(int(actions[i]))
        decisions += 1
        if chance is not None:
            drawn[i] = chance(s, rng)
        ended_now[i] = s.is_terminal()
    return actions, drawn, ended_now, decisions


def ugo_deal(state, rng: random.Random) -> list[list[int]] | None:
    """A ``chance`` for :func:`random_step` on Ugo!: play the Python
    engine's chance nodes (a round's deal, U-2.2); the hands dealt (seat by
    seat, 10 card ids each), or None if the state is not at chance."""
    if state.current_player() != CHANCE:
        return None
    cards = []
    while state.current_player() == CHANCE:
        action = state.sample_chance(rng)
        cards.append(action - ugo_actions.DEAL)
        state.apply_action(action)
    n = state.num_players
    assert len(cards) == 10 * n
    return [cards[10 * s: 10 * s + 10] for s in range(n)]
