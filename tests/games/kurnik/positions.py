"""Kurník positions set by hand, for tests of the words, the screens and the bots.

Fields are set on the Python engine's slots (the compiled engine's are read-only).
"""

from __future__ import annotations

import herna
from herna.games.kurnik.constants import ROOSTER_ALIVE, TURN


def table(players=5, coops=(), seat=0, supply_hens=36, **options):
    """Seat ``seat`` to roll, coops as (eggs, chicks, hens[, rooster blocks]) (supply: 36 eggs and chicks,
    ``supply_hens`` hens). A fourth number gives the seat a live rooster that has stopped that many thefts."""
    coops = list(coops) + [(0, 0, 0)] * (players - len(coops))
    options.setdefault("supply_hens", 36 + sum(c[2] for c in coops))
    state = herna.load("kurnik", players=players, first_player=seat, engine="python", **options).new_initial_state()
    for k, coop in enumerate(coops):
        state._eggs[k], state._chicks[k], state._hens[k] = coop[:3]
        if len(coop) > 3:
            state._rooster[k], state._blocks[k] = ROOSTER_ALIVE, coop[3]
            state._sup_roosters -= 1
    state._sup_eggs = state._sup_chicks = 36
    state._sup_hens = supply_hens
    state._phase, state._player = TURN, seat
    state._history.clear()
    state._events.clear()
    state._advance()
    return state


def position(players=3, coops=(), seat=0, **options):
    """:func:`table` with 36 of each animal left in the supply and the game's
    supply options (``supply_eggs``, ``supply_chicks``, ``supply_hens``) raised
    by what the coops hold, as the bots' tests set their positions."""
    coops = list(coops)
    for i, kind in enumerate(("eggs", "chicks", "hens")):
        options.setdefault(f"supply_{kind}", 36 + sum(c[i] for c in coops))
    return table(players, coops, seat, **options)
