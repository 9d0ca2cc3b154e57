"""herna.core: the game-agnostic API every herna game implements (GUIDE.md)."""

from .errors import FormatError, HernaError, IllegalActionError, InvariantError
from .options import OptionSpec, validate_options
from .record import GameRecord, action_kind
from .registry import GAMES, available_games, from_json, game_class, load, record, records
from .state import CHANCE, TERMINAL, Game, PythonState, State

__all__ = [
    "CHANCE", "TERMINAL", "Game", "State", "PythonState", "OptionSpec", "validate_options",
    "IllegalActionError", "FormatError", "HernaError", "InvariantError",
    "GAMES", "available_games", "from_json", "game_class", "load", "record", "records", "GameRecord", "action_kind",
]
