"""OpenSpiel's Python ISMCTS as a herna bot (``openspiel-ismcts``, the
openspiel extra), to measure herna's own ISMCTS against it in ``herna arena``.

``openspiel-ismcts:0.2s`` searches 0.2 s a move, ``openspiel-ismcts:500``
500 simulations (``open_spiel.python.algorithms.ismcts.ISMCTSBot`` with one
random rollout per simulation, uct_c = 0.35 x the game's utility range, as
``herna bench --vs-openspiel`` plays it). The bot sees what every herna bot
sees, the seat's :class:`herna.bots.Observation`: OpenSpiel's search is given
a determinization of it wrapped as the ``herna_<game>`` pyspiel state
(:mod:`herna.interop.openspiel`), and it reads that state only through its
information state and ``resample_from_infostate``, which are the same for
every state the seat cannot tell apart.
"""

from __future__ import annotations

import time

from herna.bots.base import Bot, Observation
from herna.bots.ismcts import check_budget
from herna.core import Game

DEFAULT_SECONDS = 0.2


def timed_ismcts_class():
    """``TimedISMCTSBot``: OpenSpiel's Python ISMCTS searching for
    ``seconds`` per move instead of a number of simulations (at least two),
    with ``last_simulations`` and ``last_seconds`` after each search."""
    from open_spiel.python.algorithms import ismcts

    class TimedISMCTSBot(ismcts.ISMCTSBot):
        """OpenSpiel's Python ISMCTS for ``seconds`` a move."""

        def __init__(self, game, evaluator, uct_c: float, seconds: float, random_state=None) -> None:
            super().__init__(game, evaluator, uct_c, max_simulations=1, random_state=random_state)
            self.seconds = seconds
            self.last_simulations = 0
            self.last_seconds = 0.0

        def run_search(self, state):
            self.reset()
            legal = state.legal_actions()
            if len(legal) == 1:
                return [(legal[0], 1.0)]
            self._root_node = self.create_new_node(state)
            start = time.perf_counter()
            deadline = start + self.seconds
            count = 0
            while count < 2 or time.perf_counter() < deadline:  # the first one only expands the root
                self.run_simulation(self.sample_root_state(state))
                count += 1
            self.last_simulations = count
            self.last_seconds = time.perf_counter() - start
            return self.get_final_policy(state, self._root_node)

    return TimedISMCTSBot


def evaluable_ismcts_class():
    """``ISMCTSBot``: OpenSpiel's Python ISMCTS that OpenSpiel's
    ``evaluate_bots`` can drive. ``evaluate_bots`` calls ``restart_at(state)``
    on every bot before the game and ``inform_action`` after each move;
    OpenSpiel's Python ``ISMCTSBot`` implements neither (the C++ base class
    raises "RestartAt(state) not implemented"). ISMCTS searches afresh at
    every ``step`` from the state it is given, so both have nothing to do:
    ``restart_at`` clears the search tree (``reset()``), ``inform_action`` is a
    no-op. Construct it as ``ismcts.ISMCTSBot``; ``ImportError`` without
    OpenSpiel. The same two lines work in one's own code::

        class ISMCTSBot(ismcts.ISMCTSBot):
            def restart_at(self, state): self.reset()
            def inform_action(self, state, player, action): pass
    """
    from open_spiel.python.algorithms import ismcts

    class ISMCTSBot(ismcts.ISMCTSBot):
        """OpenSpiel's Python ISMCTS with ``restart_at`` and ``inform_action`` (for ``evaluate_bots``)."""

        def restart_at(self, state) -> None:
            self.reset()

        def inform_action(self, state, player_id, action) -> None:
            """Nothing to keep: each ``step`` searches from the state it gets."""

    return ISMCTSBot


def parse_spec(spec: str) -> dict:
    """``openspiel-ismcts``, ``openspiel-ismcts:0.2s`` or
    ``openspiel-ismcts:500``: ``{"seconds": s}`` or ``{"simulations": n}``
    (budgets checked as herna's ISMCTS checks them). ``ValueError`` says
    what is allowed."""
    parts = [p.strip().lower() for p in spec.split(":")]
    if parts[0] != "openspiel-ismcts" or len(parts) > 2:
        raise ValueError(f"{spec!r}: use openspiel-ismcts, openspiel-ismcts:SECONDSs or openspiel-ismcts:SIMULATIONS")
    if len(parts) == 1 or not parts[1]:
        return {"seconds": DEFAULT_SECONDS}
    budget = parts[1]
    try:
        if budget.endswith("s"):
            return {"seconds": check_budget(None, float(budget[:-1]))[1]}
        return {"simulations": check_budget(int(budget), None)[0]}
    except ValueError:
        raise ValueError(f"{spec!r}: the budget is seconds (0.2s) or simulations (500), "
                         "as for ismcts") from None


class OpenSpielISMCTSBot(Bot):
    """OpenSpiel's Python ISMCTS (module docstring). ``ImportError`` where
    OpenSpiel is not installed."""

    name = "openspiel-ismcts"

    def __init__(self, game: Game, seat: int, seed: int | None = None, seconds: float | None = None,
                 simulations: int | None = None) -> None:
        super().__init__(game, seat, seed)
        import numpy as np
        from open_spiel.python.algorithms import ismcts, mcts

        from . import openspiel as hos

        self.spiel_game = hos.load_game(game.name, **game.options)
        self.adapter = self.spiel_game  # the HernaGame: state_from_herna
        uct_c = 0.35 * (self.spiel_game.max_utility() - self.spiel_game.min_utility())
        random_state = np.random.RandomState(self.rng.getrandbits(31))
        evaluator = mcts.RandomRolloutEvaluator(1, random_state)
        if simulations is None:
            self.search = timed_ismcts_class()(self.spiel_game, evaluator, uct_c, seconds or DEFAULT_SECONDS,
                                               random_state=random_state)
        else:
            self.search = ismcts.ISMCTSBot(self.spiel_game, evaluator, uct_c, max_simulations=simulations,
                                           random_state=random_state)
        self.last_iterations = 0
        self.last_seconds = 0.0

    def choose(self, observation: Observation) -> int:
        legal = observation.legal_actions
        if len(legal) == 1:
            return legal[0]
        root = self.adapter.state_from_herna(observation.resample(self.rng))
        start = time.perf_counter()
        action = int(self.search.step(root))
        self.last_seconds = time.perf_counter() - start
        self.last_iterations = getattr(self.search, "last_simulations", 0)
        return action

    def __repr__(self) -> str:
        return f"openspiel-ismcts(seat {self.seat})"


BOT = OpenSpielISMCTSBot
"""The bot class :func:`herna.bots.make_bot` makes for ``openspiel-ismcts``."""
