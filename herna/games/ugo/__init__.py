"""Ugo!: a trick-taking game of kingdoms and farmers (rules/ugo.md).

>>> import herna
>>> state = herna.load("ugo", players=3, rounds=1).new_initial_state()
>>> state.current_player()   # chance: the deal, one card per action
-1
"""

from herna.core.record import GameRecord

from .game import OPTION_SPECS, UgoGame
from .resample import make_sampler
from .state import UgoState

UgoGame.state_class = UgoState
GAME_CLASS = UgoGame

CONFORMANCE_OPTIONS: list[dict] = [
    {"players": 2, "rounds": 1},
    {"players": 3, "rounds": 2, "first_player": 2},
    {"players": 4},
    {"players": 4, "rounds": 3, "first_player": 1, "low_card_farmers": [0, 1]},
    {"players": 2, "rounds": 2, "low_card_farmers": [2, 3]},
    {"players": 3, "rounds": 1, "low_card_farmers": [1, 1]},
    {"players": 2, "rounds": 2, "farmers": 4},
    {"players": 4, "rounds": 1, "farmers": 0},
]

RECORD = GameRecord(
    name="ugo", title="Ugo!", game_class=UgoGame, perfect_information=False,
    length_unit="round", rules="ugo.md", rulebook="ugo.cs.txt",
    greedy="herna.bots.greedy_ugo:GreedyBot", search="herna.games.ugo.search:UgoHorizon",
    texts="herna.text.ugo", catalog="herna.games.ugo", research="herna.games.ugo.research",
    compiled="herna.games.ugo.compiled:UgoCompiledState",
    sampler=make_sampler,
    conformance_options=tuple(CONFORMANCE_OPTIONS),
    variants=({"low_card_farmers": [0, 0]}, {"low_card_farmers": [1, 1]}, {"low_card_farmers": [2, 2]}),
    summary_events=("round_scored",),
    short_options={"players": 4, "rounds": 1},
)
"""Everything tools need to know about Ugo! (:class:`herna.core.GameRecord`)."""

__all__ = ["RECORD", "GAME_CLASS", "UgoGame", "UgoState", "OPTION_SPECS", "CONFORMANCE_OPTIONS"]
