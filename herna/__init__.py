"""herna: Ugo!, Trumfosaur and Plný kurník – Ukradené slepice as exact,
fast, bot-ready state machines.

>>> import herna
>>> game = herna.load("trumfosaur", players=4)
>>> state = game.new_initial_state()
>>> state.is_chance_node()
True
"""

from .core import (
    CHANCE,
    TERMINAL,
    FormatError,
    Game,
    IllegalActionError,
    State,
    available_games,
    from_json,
    load,
)

__version__ = "0.1.0"

__all__ = ["load", "from_json", "available_games", "Game", "State", "CHANCE", "TERMINAL",
           "IllegalActionError", "FormatError", "__version__"]
