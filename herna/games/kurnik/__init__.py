"""Plný kurník – Ukradené slepice: the dice game of coops, eggs, chicks and
hens (rules/kurnik.md).

>>> import herna
>>> state = herna.load("kurnik", players=3, first_player=0).new_initial_state()
>>> state.current_player() == herna.CHANCE, state.legal_action_strings()[:3]
(True, ['dice 1 1', 'dice 2 1', 'dice 2 2'])
"""

from herna.core.record import GameRecord

from .actions import GIVE_BASE, MAX_SEATS, ROB_BASE, STEAL_BASE
from .game import OPTION_SPECS, TURN_LIMIT_DEFAULT, KurnikGame
from .state import KurnikState

KurnikGame.state_class = KurnikState
GAME_CLASS = KurnikGame


def _conformance_options() -> list[dict]:
    """Every combination of the four variant switches and a given or rolled
    first player (32 sets), spread over 2-5 players."""
    out = []
    index = 0
    for six_six in ("announce", "fox"):
        for rough_thief in (False, True):
            for dead_rooster in (False, True):
                for missing_hens in (False, True):
                    for rolled_start in (False, True):
                        players = 2 + index % 4
                        options = {"players": players, "six_six": six_six, "rough_thief": rough_thief,
                                   "dead_rooster": dead_rooster, "missing_hens": missing_hens}
                        if not rolled_start:
                            options["first_player"] = index // 2 % players
                        out.append(options)
                        index += 1
    return out


CONFORMANCE_OPTIONS: list[dict] = _conformance_options() + [
    # scarce supplies: the thief rule, K-5.3 and roosters running out
    {"players": 5, "supply_hens": 12, "supply_eggs": 6, "supply_chicks": 4, "dead_rooster": True,
     "supply_roosters": 2, "rough_thief": True, "turn_limit": 150},
    # too few hens to ever win: the turn_limit guard ends the game
    {"players": 3, "supply_hens": 4, "turn_limit": 60, "first_player": 1},
]

RECORD = GameRecord(
    name="kurnik", title="Plný kurník – Ukradené slepice", game_class=KurnikGame, perfect_information=True,
    length_unit="turn", rules="kurnik.md", rulebook="plny-kurnik-ukradene-slepice.cs.txt",
    greedy="herna.bots.greedy_kurnik:GreedyBot", search="herna.games.kurnik.search:KurnikHorizon",
    texts="herna.text.kurnik", catalog="herna.games.kurnik", research="herna.games.kurnik.research",
    compiled="herna.games.kurnik.compiled:KurnikCompiledState",
    conformance_options=tuple(CONFORMANCE_OPTIONS),
    variants=({"rough_thief": True}, {"dead_rooster": True}, {"missing_hens": True}, {"six_six": "fox"}),
    option_actions=(("rough_thief", ("rob",)), ("dead_rooster", ("exchange hens",))),
    shared_wins=False,
    short_options={"players": 4},
    seat_actions=tuple((base, MAX_SEATS) for base in (ROB_BASE, GIVE_BASE, STEAL_BASE)),  # K-9.1, K-4.2, K-5.2
)
"""Everything tools need to know about Kurník (:class:`herna.core.GameRecord`)."""

__all__ = ["RECORD", "GAME_CLASS", "KurnikGame", "KurnikState", "OPTION_SPECS", "CONFORMANCE_OPTIONS",
           "TURN_LIMIT_DEFAULT"]
