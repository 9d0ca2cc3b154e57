"""Expectimax for Kurník (perfect information with chance, K-10.1).

The bot draws the full state with ``observation.resample`` (for Kurník a copy
of public information) and searches to the end of the current turn plus
``depth - 1`` further turns: chance nodes (two dice, the bird-flu die, the
6-6 re-roll) average over their outcomes; every decision is taken by its own
player maximising their own value (max^n), so a gift, a theft or a 6-6
announcement of another player inside the horizon is predicted sensibly.

Leaves are scored by :func:`evaluate` with a **solitaire table**:
:func:`herna.bots.eval_kurnik.turns_to_win` gives, for every coop ``(eggs, chicks, hens)`` and
quarantine flag, the expected number of own turns a player alone at the table
needs to reach 9 hens when playing optimally (roll or exchange, K-3.1; all
dice rules of K-4, K-5.4 and K-7 with an unlimited supply; doubles 1-3 lose
the card; a 6-6 takes D hens). It is solved once per ``six_six`` variant by
value iteration (about 0.1 s). A seat's value is the best rival's expected
turns minus its own (plus a live rooster's protection); a win is worth ±100.
``depth=1`` takes a few milliseconds per decision; ``depth=2`` about a second.
"""

from __future__ import annotations

from herna.bots.base import Bot, Observation
from herna.bots.eval_kurnik import INDEX
from herna.bots.eval_kurnik import turns_to_win as solitaire_turns
from herna.core import CHANCE

WIN_VALUE = 100.0
ROOSTER_TURNS = 0.7
"""Value of each theft a live rooster can still stop, in turns (K-9.2)."""


def evaluate(state) -> list[float]:
    """Per seat: the best rival's expected turns to win minus its own (see the
    module docstring); ±:data:`WIN_VALUE` at the end."""
    n = state.game.num_players
    if state.is_terminal():
        return [WIN_VALUE if k in state.winners else -WIN_VALUE for k in range(n)]
    table = solitaire_turns(state.game.options["six_six"])
    turns = []
    for k in range(n):
        t = table[INDEX[state.eggs[k], state.chicks[k], state.hens[k]], state.quarantine >> k & 1]
        if state.rooster[k] == 1:
            t -= ROOSTER_TURNS * (3 - state.blocks[k])
        turns.append(float(t))
    return [min(turns[j] for j in range(n) if j != k) - turns[k] for k in range(n)]


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
        last_turn = state.turn + self.depth - 1
        best, best_value = observation.legal_actions[0], float("-inf")
        for action in observation.legal_actions:
            child = state.clone()
            child.apply_action(action)
            value = self._value(child, last_turn)[self.seat]
            if value > best_value + 1e-9:
                best, best_value = action, value
        return best

    def _value(self, state, last_turn: int) -> list[float]:
        if state.is_terminal() or state.turn > last_turn:
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
        return best
