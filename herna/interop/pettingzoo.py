"""herna games as PettingZoo AEC environments (``pip install 'herna[pettingzoo]'``).

>>> from herna.interop.pettingzoo import env
>>> e = env("ugo", players=3, rounds=1)
>>> e.reset(seed=1)
>>> e.agents
['player_0', 'player_1', 'player_2']

* Agents ``player_0 .. player_{n-1}`` are herna's seats; ``agent_selection``
  is the seat to act. Chance (deals, dice) is drawn by the environment with
  its own generator, seeded by ``reset(seed=...)``; decisions with a single
  legal action are applied by herna itself, so an agent is asked only real
  choices.
* Observation: ``{"observation": float32 vector, "action_mask": int8 vector}``;
  the vector is herna's ``observation_tensor(seat)`` (layout in each game's
  ``observation.py``), the mask has one entry per action id
  (``0 .. game.num_distinct_actions() - 1``), all zero when the agent is not
  to act.
* Reward: the change in the seat's herna ``returns()`` caused by the step
  (Trumfosaur and Ugo! points as deals and rounds are scored, Kurník 1 for a
  winner at the end), so an episode's rewards add up to herna's result.
* An illegal action raises ``ValueError`` naming the legal ones (wrap with
  PettingZoo's ``TerminateIllegalWrapper`` to end the game instead).
* ``render_mode="ansi"``: ``render()`` returns the table as text.
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from herna.core import Game

from ._common import game_spec, load, render_text


class HernaAECEnv(AECEnv):
    """One herna game as an AEC environment. ``game``: a name or a
    :class:`~herna.core.Game`; ``options``: herna options (``players=3``).
    ``ValueError`` for an unknown game, option or render mode."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "name": "herna_v0", "is_parallelizable": False}

    def __init__(self, game: str | Game, render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, not {render_mode!r}")
        self.game = load(game, **options)
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name=f"herna_{self.game.name}_v0")
        spec = game_spec(self.game)
        n = self.game.num_players
        size = self.game.observation_tensor_shape()[0]
        self._num_actions = self.game.num_distinct_actions()
        self.possible_agents = [f"player_{seat}" for seat in range(n)]
        self.agent_name_mapping = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.observation_spaces = {
            agent: spaces.Dict({
                "observation": spaces.Box(spec.obs_low, spec.obs_high, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self._num_actions,), np.int8),
            })
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(self._num_actions) for agent in self.possible_agents}
        self.state_: Any = None  # the herna State, from reset() on
        self._rng = random.Random()
        self.np_random, _ = seeding.np_random(None)

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # ----- AEC API ---------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self.np_random, _ = seeding.np_random(seed)
        self._rng = random.Random(int(self.np_random.integers(0, 2**63 - 1)))
        self.state_ = self.game.new_initial_state()
        self._deal_chance()
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict] = {agent: {} for agent in self.agents}
        self._select()

    def observe(self, agent: str) -> dict:
        seat = self.agent_name_mapping[agent]
        state = self.state_
        mask = np.zeros(self._num_actions, dtype=np.int8)
        if state.current_player() == seat:
            mask[state.legal_actions()] = 1
        return {"observation": state.observation_tensor(seat), "action_mask": mask}

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.state_
        seat = self.agent_name_mapping[agent]
        action = int(action)
        legal = state.legal_actions()
        if action not in legal:
            raise ValueError(f"{agent} (seat {seat}) cannot play action {action}; legal actions: {legal} "
                             f"({', '.join(state.action_to_string(a) for a in legal)})")
        before = state.returns()
        self._cumulative_rewards[agent] = 0.0
        state.apply_action(action)
        self._deal_chance()
        after = state.returns()
        self.rewards = {a: float(after[i] - before[i]) for i, a in enumerate(self.possible_agents) if a in self.rewards}
        if state.is_terminal():
            self.terminations = {a: True for a in self.agents}
        self._accumulate_rewards()
        self._select()

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; use render_mode='ansi'")
            return None
        if self.state_ is None:
            return "(not started: call reset())"
        return render_text(self.state_)

    def close(self) -> None:
        pass

    # ----- helpers ---------------------------------------------------------------------
    def _deal_chance(self) -> None:
        state = self.state_
        while state.is_chance_node():
            state.apply_action(state.sample_chance(self._rng))

    def _select(self) -> None:
        player = self.state_.current_player()
        if player >= 0:
            self.agent_selection = self.possible_agents[player]
        elif self.agents:
            self.agent_selection = self.agents[0]

    @property
    def herna_state(self):
        """The herna state (read it, do not change it)."""
        return self.state_


def raw_env(game: str | Game, render_mode: str | None = None, **options: Any) -> HernaAECEnv:
    """The environment without PettingZoo's wrappers."""
    return HernaAECEnv(game, render_mode=render_mode, **options)


def env(game: str | Game, render_mode: str | None = None, **options: Any):
    """An AEC environment of herna ``game`` with ``options``, wrapped in
    PettingZoo's order-enforcing and bounds-asserting wrappers."""
    out = raw_env(game, render_mode=render_mode, **options)
    out = wrappers.AssertOutOfBoundsWrapper(out)
    return wrappers.OrderEnforcingWrapper(out)


__all__ = ["HernaAECEnv", "env", "raw_env", "render_text"]
