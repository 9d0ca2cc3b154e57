"""What a bot sees and how bots are made.

A bot never gets the game state: a driver builds an :class:`Observation` for
the bot's seat (its view, its legal actions with their strings, its
information-state string on demand, and a determinization function that draws a
full state from the seat's information only), and the bot returns an action
id.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable

from herna.core import Game, State


@dataclass
class Observation:
    """Everything a seat may use to choose an action.

    game: the :class:`~herna.core.Game` (options only).
    seat: the seat to act.
    view: ``state.view(seat)`` (SCENARIOS.md keys, JSON-ready).
    legal_actions: sorted action ids.
    action_strings: the canonical string of each legal action, same order.
    """

    game: Game
    seat: int
    view: dict
    legal_actions: list[int]
    action_strings: list[str]
    _infostate: Callable[[], str] = field(repr=False, default=lambda: "")
    _resample: Callable[[random.Random], State] | None = field(repr=False, default=None)

    def information_state_string(self) -> str:
        """The seat's perfect-recall information state (see State)."""
        return self._infostate()

    def resample(self, rng: random.Random) -> State:
        """A full state drawn from the seat's information state (determinization)."""
        if self._resample is None:
            raise RuntimeError("this observation carries no determinization")
        return self._resample(rng)

    def action_of(self, text: str) -> int:
        """The legal action whose string is ``text`` (canonical form)."""
        return self.legal_actions[self.action_strings.index(text)]


def observe(state: State, seat: int) -> Observation:
    """Build the :class:`Observation` of ``seat`` at a decision of ``seat``."""
    legal = state.legal_actions()
    return Observation(
        game=state.game,
        seat=seat,
        view=state.view(seat),
        legal_actions=legal,
        action_strings=[state.action_to_string(a) for a in legal],
        _infostate=lambda: state.information_state_string(seat),
        _resample=lambda rng: state.resample(seat, rng),
    )


class Bot:
    """A player. ``choose`` gets the seat's :class:`Observation` and returns
    one of ``observation.legal_actions``."""

    name = "bot"

    def __init__(self, game: Game, seat: int, seed: int | None = None) -> None:
        self.game = game
        self.seat = seat
        self.rng = random.Random(seed)

    def choose(self, observation: Observation) -> int:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{self.name}(seat {self.seat})"


class RandomBot(Bot):
    """Uniformly random among the legal actions."""

    name = "random"

    def choose(self, observation: Observation) -> int:
        return self.rng.choice(observation.legal_actions)
