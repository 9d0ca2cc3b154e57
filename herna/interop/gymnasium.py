"""A herna game as a single-agent Gymnasium environment: the agent plays one
seat, herna bots play the others (``pip install 'herna[gymnasium]'``).

>>> from herna.interop.gymnasium import HernaEnv
>>> env = HernaEnv("ugo", seat=0, opponents="greedy", players=2, rounds=1)
>>> obs, info = env.reset(seed=1)
>>> obs.shape, info["action_mask"].dtype
((392,), dtype('int8'))

* Observation: herna's ``observation_tensor(seat)`` (float32; layout in each
  game's ``observation.py``). ``info["action_mask"]``: int8, one entry per
  action id (``0 .. game.num_distinct_actions() - 1``), 1 for the legal ones;
  ``info["legal_actions"]`` lists them.
* Actions: ``Discrete(game.num_distinct_actions())``. An illegal action
  changes nothing and gives ``illegal_reward`` (default -1) with
  ``info["illegal_action"] = True``.
* Reward: the change in the seat's herna ``returns()`` from the agent's move
  up to its next decision (other seats' moves and chance included), so an
  episode's rewards add up to herna's result for the seat.
* ``reset`` always returns a game at the agent's decision: a game that
  ends before the agent has a choice (in Kurník the others can win before
  the agent's first real choice, about one episode in 12,000 with two
  players) is dropped and the next one dealt, from the same seeded
  generator (so ``reset(seed=s)`` is still reproducible);
  ``info["redealt"]`` counts the games dropped.
* Opponents: a herna bot spec (``random``, ``greedy``, ...; see
  :func:`herna.bots.make_bot`) for every other seat, or a list of specs, one
  per other seat in seat order. Chance and bots are seeded by ``reset(seed=)``.
* Registered ids: ``herna/Trumfosaur-v0``, ``herna/Ugo-v0``, ``herna/Kurnik-v0``
  (``gymnasium.make("herna/Ugo-v0", players=2)``).
"""

from __future__ import annotations

import random
from typing import Any, Sequence

import gymnasium
import numpy as np
from gymnasium import spaces

from herna.bots import make_bot, observe
from herna.core import Game, records

from ._common import game_spec, load, render_text


class HernaEnv(gymnasium.Env):
    """Seat ``seat`` of herna ``game`` (a name or a :class:`~herna.core.Game`,
    with herna ``options``) against herna bots. ``ValueError`` for an unknown
    game, option, seat, bot spec or render mode."""

    metadata = {"render_modes": ["ansi"]}
    MAX_REDEALS = 1000
    """:meth:`reset` deals on while a game ends before the agent's first decision; it gives up after this many."""

    def __init__(self, game: str | Game, seat: int = 0, opponents: str | Sequence[str] = "greedy",
                 illegal_reward: float = -1.0, render_mode: str | None = None, **options: Any) -> None:
        self.game = load(game, **options)
        n = self.game.num_players
        if not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(f"seat must be 0..{n - 1}, not {seat!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, not {render_mode!r}")
        specs = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(specs) != n - 1:
            raise ValueError(f"give one opponent spec per other seat ({n - 1}), not {len(specs)}")
        for opponent in specs:
            make_bot(opponent, self.game, 0)  # ValueError names the bots there are
        self.seat = seat
        self.opponent_specs = specs
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        spec = game_spec(self.game)
        size = self.game.observation_tensor_shape()[0]
        self._num_actions = self.game.num_distinct_actions()
        self.observation_space = spaces.Box(spec.obs_low, spec.obs_high, (size,), np.float32)
        self.action_space = spaces.Discrete(self._num_actions)
        self.state: Any = None  # the herna State, from reset() on
        self._bots: dict[int, Any] = {}
        self._rng = random.Random()

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        self._rng = random.Random(int(self.np_random.integers(0, 2**63 - 1)))
        others = [s for s in range(self.game.num_players) if s != self.seat]
        self._bots = {s: make_bot(spec, self.game, s, self._rng.getrandbits(32))
                      for s, spec in zip(others, self.opponent_specs)}
        redealt = 0
        while True:
            self.state = self.game.new_initial_state()
            start = self.state.returns()[self.seat]
            self._play_others()
            if not self.state.is_terminal():
                break
            # the game ended before the agent's first decision (Kurník: the others won first): deal on
            redealt += 1
            if redealt > self.MAX_REDEALS:
                raise RuntimeError(f"{self.MAX_REDEALS} games in a row ended before seat {self.seat} had a choice")
        # rewards before the first decision (none in these games) are not lost
        self._pending = self.state.returns()[self.seat] - start
        info = self._info()
        info["redealt"] = redealt
        return self._observation(), info

    def step(self, action):
        state = self.state
        if state is None:
            raise RuntimeError("call reset() before step()")
        if state.is_terminal():
            raise RuntimeError("the episode is over; call reset()")
        action = int(action)
        if action not in state.legal_actions():
            info = self._info()
            info["illegal_action"] = True
            return self._observation(), self.illegal_reward, False, False, info
        before = state.returns()[self.seat] - self._pending
        self._pending = 0.0
        state.apply_action(action)
        self._play_others()
        reward = float(state.returns()[self.seat] - before)
        return self._observation(), reward, state.is_terminal(), False, self._info()

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; use render_mode='ansi'")
            return None
        if self.state is None:
            return "(not started: call reset())"
        return render_text(self.state)

    # ----- helpers ---------------------------------------------------------------------
    def _play_others(self) -> None:
        state = self.state
        while not state.is_terminal():
            player = state.current_player()
            if player == self.seat:
                return
            if player < 0:
                state.apply_action(state.sample_chance(self._rng))
            else:
                state.apply_action(self._bots[player].choose(observe(state, player)))

    def _observation(self) -> np.ndarray:
        return self.state.observation_tensor(self.seat)

    def _info(self) -> dict:
        mask = np.zeros(self._num_actions, dtype=np.int8)
        legal = self.state.legal_actions() if self.state.current_player() == self.seat else []
        mask[legal] = 1
        return {"action_mask": mask, "legal_actions": list(legal)}


def env_id(name: str) -> str:
    """The Gymnasium id of herna game ``name``: ``herna/<Name>-v0``
    (``herna/Ugo-v0``)."""
    return f"herna/{name.capitalize()}-v0"


_IDS = {rec.name: env_id(rec.name) for rec in records()}
"""herna game name -> Gymnasium id, for every game of the registry."""


def _register() -> None:
    for name, env_id in _IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point="herna.interop.gymnasium:HernaEnv", kwargs={"game": name})


_register()

__all__ = ["HernaEnv"]
