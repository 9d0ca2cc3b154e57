"""herna.core: the game-agnostic API every herna game implements (GUIDE.md)."""

from .errors import FormatError, HernaError, IllegalActionError
from .options import OptionSpec, validate_options
from .registry import GAMES, available_games, from_json, game_class, load
from .state import CHANCE, TERMINAL, Game, State

__all__ = [
    "CHANCE", "TERMINAL", "Game", "State", "OptionSpec", "validate_options",
    "IllegalActionError", "FormatError", "HernaError",
    "GAMES", "available_games", "from_json", "game_class", "load",
]
