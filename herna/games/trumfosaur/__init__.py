"""Trumfosaur: trick-taking with one trump each and a secret scoring card
(rules/trumfosaur.md).

>>> import herna
>>> state = herna.load("trumfosaur", players=3, first_player=0).new_initial_state()
>>> state.current_player() == herna.CHANCE, state.legal_action_strings()[:3]
(True, ['deal SAX1', 'deal SAX2', 'deal SAX3'])
"""

from herna.core.record import GameRecord

from .game import OPTION_SPECS, TrumfosaurGame, team_side
from .resample import make_sampler
from .state import TrumfosaurState

TrumfosaurGame.state_class = TrumfosaurState
GAME_CLASS = TrumfosaurGame

CONFORMANCE_OPTIONS = [
    {"players": 2},
    {"players": 3, "target_score": 20},
    {"players": 4},
    {"players": 5, "first_player": 3},
    {"players": 2, "master": True, "target_score": 15},
    {"players": 3, "master": True, "target_score": 15},
    {"players": 4, "master": True, "target_score": 25},
    {"players": 4, "teams": True, "target_score": 40},
    {"players": 4, "teams": True, "master": True, "target_score": 30, "first_player": 2},
]

RECORD = GameRecord(
    name="trumfosaur", title="Trumfosaur", game_class=TrumfosaurGame, perfect_information=False,
    length_unit="deal", rules="trumfosaur.md", rulebook="trumfosaur.cs.txt",
    greedy="herna.bots.greedy_trumfosaur:GreedyBot", search="herna.games.trumfosaur.search:TrumfosaurHorizon",
    texts="herna.text.trumfosaur", catalog="herna.games.trumfosaur",
    research="herna.games.trumfosaur.research", compiled="herna.games.trumfosaur.compiled:TrumfosaurCompiledState",
    sampler=make_sampler,
    conformance_options=tuple(CONFORMANCE_OPTIONS), variants=({"master": True}, {"teams": True}),
    option_actions=(("master", ("exchange",)),),
    summary_events=("deal_scored",), side=team_side,
    short_options={"players": 4, "target_score": 1},
)
"""Everything tools need to know about Trumfosaur (:class:`herna.core.GameRecord`)."""

__all__ = ["RECORD", "GAME_CLASS", "TrumfosaurGame", "TrumfosaurState", "OPTION_SPECS", "CONFORMANCE_OPTIONS"]
