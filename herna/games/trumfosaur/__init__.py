"""Trumfosaur: trick-taking with one trump each and a secret scoring card
(rules/trumfosaur.md)."""

from .game import OPTION_SPECS, TrumfosaurGame
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

__all__ = ["GAME_CLASS", "TrumfosaurGame", "TrumfosaurState", "OPTION_SPECS", "CONFORMANCE_OPTIONS"]
