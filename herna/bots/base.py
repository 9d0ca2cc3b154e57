"""What a bot sees and how bots are made.

A bot never gets the game state: a driver builds an :class:`Observation` for
the bot's seat (its view, its legal actions with their strings, its
information-state string on demand, and a determinization function that draws a
full state from the seat's information only), and the bot returns an action
id.
"""

from __future__ import annotations

import random
from typing import Callable

from herna.core import Game, State, record


class Observation:
    """Everything a seat may use to choose an action. Parts are computed on
    first use, so a bot pays only for what it reads.

    game: the :class:`~herna.core.Game` (options only).
    seat: the seat to act.
    view: ``state.view(seat)`` (SCENARIOS.md keys, JSON-ready).
    legal_actions: sorted action ids.
    action_strings: the canonical string of each legal action, same order.
    """

    __slots__ = ("game", "seat", "_state", "_view", "_legal", "_strings")

    def __init__(self, state: State, seat: int) -> None:
        self.game: Game = state.game
        self.seat = seat
        self._state = state  # private: read only through the seat-safe methods below
        self._view: dict | None = None
        self._legal: list[int] | None = None
        self._strings: list[str] | None = None

    @property
    def view(self) -> dict:
        if self._view is None:
            self._view = self._state.view(self.seat)
        return self._view

    @property
    def legal_actions(self) -> list[int]:
        if self._legal is None:
            self._legal = self._state.legal_actions()
        return self._legal

    @property
    def action_strings(self) -> list[str]:
        if self._strings is None:
            self._strings = [self._state.action_to_string(a) for a in self.legal_actions]
        return self._strings

    def observation_tensor(self):
        """The seat's observation tensor (float32 ``(D,)``; layout in each
        game's ``observation.py``): what the seat sees, as numbers."""
        return self._state.observation_tensor(self.seat)

    def information_state_string(self) -> str:
        """The seat's perfect-recall information state (see State)."""
        return self._state.information_state_string(self.seat)

    def resample(self, rng: random.Random) -> State:
        """A full state drawn from the seat's information state (determinization)."""
        return self._state.resample(self.seat, rng)

    def resampler(self, engine: str | None = None) -> Callable[[random.Random], State]:
        """A determinization function for many draws at this decision:
        ``draw(rng)`` is distributed as :meth:`resample` but cheaper, because
        what the seat knows is worked out once (the game record's
        ``sampler(state, seat)``, :class:`herna.core.GameRecord`; games
        without one fall back to :meth:`resample`). Reads the seat's
        information only, as :meth:`resample` does. ``engine``: the engine
        of the states drawn (default: the table's; another one replays the
        table on it once, :meth:`herna.core.State.on_engine`)."""
        state, seat = self._state, self.seat
        if engine is not None and engine != state.game.engine:
            state = state.on_engine(engine)
        factory = record(self.game.name).sampler
        if factory is not None:
            return factory(state, seat)
        return lambda rng: state.resample(seat, rng)

    def action_of(self, text: str) -> int:
        """The legal action whose string is ``text`` (canonical form)."""
        return self.legal_actions[self.action_strings.index(text)]


def observe(state: State, seat: int) -> Observation:
    """Build the :class:`Observation` of ``seat`` at a decision of ``seat``."""
    return Observation(state, seat)


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
