"""Expectimax for Kurník (perfect information with chance, K-10.1).

The bot draws the full state with ``observation.resample`` (for Kurník a copy
of public information) and searches to the end of the current turn plus
``depth - 1`` further turns: chance nodes (two dice, the bird-flu die, the
6-6 re-roll) average over their outcomes; every decision is taken by its own
player maximising their own value (max^n), so a gift, a theft or a 6-6
announcement of another player inside the horizon is predicted sensibly.

Leaves are scored by :func:`evaluate`: each seat's chance to win, from the
solitaire race model of :mod:`herna.games.kurnik.race`
(:func:`~herna.games.kurnik.race.race_win_probabilities`: every coop's
distribution of own turns to 9 hens under the best solitaire play, K-1.4,
K-3 to K-7, combined in seat order). ``depth=1`` (the CLI's ``expectimax``)
takes a few milliseconds per decision; ``depth=2`` (library only:
``ExpectimaxBot(game, seat, depth=2)``) about a second.

Measured (``herna arena kurnik --bots expectimax,greedy,random,random
-n 1500 --duplicate --jobs 2 --seed 21``, 1,500 deal sets): expectimax − greedy win share
+0.023 (95% CI 0.009 – 0.036). With the earlier leaf value, the best rival's
expected turns minus one's own, it was +0.005 (−0.050 – +0.060) over 150
sets: maximising the expected lead is not maximising the chance to win
(``docs/bot-strength.md``).
"""

from __future__ import annotations

from herna.bots.base import Bot, Observation
from herna.games.kurnik.race import race_win_probabilities
from herna.core import CHANCE

__all__ = ["ExpectimaxBot", "evaluate"]


def evaluate(state) -> list[float]:
    """Per seat: the chance to win (1 or 0 at the end; 1/k for k shared
    winners), by :func:`~herna.games.kurnik.race.race_win_probabilities`."""
    return race_win_probabilities(state)


class ExpectimaxBot(Bot):
    """Depth-limited expectimax (max^n at decisions) over the dice."""

    name = "expectimax"

    def __init__(self, game, seat: int, seed: int | None = None, depth: int = 1) -> None:
        super().__init__(game, seat, seed)
        if depth < 1:
            raise ValueError(f"depth must be at least 1, not {depth}")
        self.depth = depth

    def choose(self, observation: Observation) -> int:
        if len(observation.legal_actions) == 1:
            return observation.legal_actions[0]
        state = observation.resample(self.rng)
        last_turn = state.period() + self.depth - 1
        best, best_value = observation.legal_actions[0], float("-inf")
        for action in observation.legal_actions:
            child = state.clone()
            child.apply_action(action)
            value = self._value(child, last_turn)[self.seat]
            if value > best_value + 1e-12:
                best, best_value = action, value
        return best

    def _value(self, state, last_turn: int) -> list[float]:
        if state.is_terminal() or state.period() > last_turn:
            return evaluate(state)
        player = state.current_player()
        if player == CHANCE:
            total = [0.0] * state.game.num_players
            for action, probability in state.chance_outcomes():
                child = state.clone()
                child.apply_action(action)
                for k, v in enumerate(self._value(child, last_turn)):
                    total[k] += probability * v
            return total
        best = None
        for action in state.legal_actions():
            child = state.clone()
            child.apply_action(action)
            values = self._value(child, last_turn)
            if best is None or values[player] > best[player]:
                best = values
        assert best is not None, "a decision has a legal action"
        return best
