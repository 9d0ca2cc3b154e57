"""Kurník views (SCENARIOS.md) and observation tensors.

Perfect information (K-10.1): every seat sees everything, so a seat's view is
the spectator's view plus ``"seat"``.

Observation tensor of seat ``s`` (float32, length ``12 * players + 49``).
Seats are **relative**: block ``r`` describes seat ``(s + r) % players``, so
block 0 is always the observer.

==========================  ====  ============================================
part                        size  content
==========================  ====  ============================================
coops, per relative seat    11    eggs/9, chicks/9, hens/9, free places/9,
                                  rooster alive, rooster dead, rooster
                                  blocks/3, quarantined, is the turn's player,
                                  is a winner, start-roll die/6 (0: none)
supply                      4     eggs, chicks, hens, roosters, each divided by
                                  its starting size (``supply_*``; 1 if 0)
phase                       9     one-hot: start, turn, dice, give, bird_flu,
                                  announce, reroll, steal, over
gift                        3     one-hot egg/chick/hen while ``give`` is due
6-6 choice                  3     one-hot take / rob all / rob one, while the
                                  re-roll is pending
rob target                  n     one-hot relative seat of ``rob k``
theft                       4     hens still to steal/9, develops a chick,
                                  die still to pay after it: egg, chick
lost turn                   1     this turn is a quarantine turn
last roll                   24    up to 4 dice (two, then the bird-flu die or
                                  the 6-6 re-roll), each one-hot over 1..6
turn                        1     turn number / turn_limit (0 without limit)
==========================  ====  ============================================
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from . import actions as A
from .constants import (
    ANNOUNCE, CHANCE_PHASES, GIVE, KIND_NAMES, OVER, PHASE_NAMES, PLACES, REROLL, ROOSTER_ALIVE, ROOSTER_DEAD,
    ROOSTER_LIVES, START, STEAL, TAKE_NONE,
)

if TYPE_CHECKING:
    from .reading import KurnikReading

COOP_FEATURES = 11
GLOBAL_FEATURES = 4 + 9 + 3 + 3 + 4 + 1 + 24 + 1


def tensor_size(players: int) -> int:
    """Length of the observation tensor for ``players`` seats."""
    return (COOP_FEATURES + 1) * players + GLOBAL_FEATURES


def _coops(state: "KurnikReading") -> list[dict]:
    """The ``coops`` of the view, each field of the state read once (a
    compiled state's fields are properties that build a list per read)."""
    eggs, chicks, hens, rooster, blocks = state._eggs, state._chicks, state._hens, state._rooster, state._blocks
    return [{
        "eggs": eggs[k],
        "chicks": chicks[k],
        "hens": hens[k],
        "rooster": rooster[k] == ROOSTER_ALIVE,
        "rooster_blocks": blocks[k],
        "rooster_dead": rooster[k] == ROOSTER_DEAD,
        "free": PLACES - eggs[k] - chicks[k] - hens[k],
    } for k in range(len(eggs))]


def _pending(state: "KurnikReading") -> dict | None:
    phase = state._phase
    if phase == GIVE:
        return {"give": KIND_NAMES[state._gift]}
    if phase == ANNOUNCE:
        return {"announce": True}
    if phase == REROLL:
        return {"reroll": A.action_string(state._choice)}
    if phase == STEAL:
        return {"steal": state._steal_left, "develop": state._steal_develop}
    return None


def build_view(state: "KurnikReading", seat: int | None) -> dict:
    """The view of SCENARIOS.md (kurnik) with extras: ``phase``, ``turn``,
    ``turn_player`` (whose turn it is, also at its chance nodes),
    ``pending`` (what the current decision or re-roll is about), ``box``,
    ``first_player``, ``start_rolls``, ``last_roller``, ``options``, and
    ``steal_then``: during a theft (K-5.2) for a rolled hen, the kind the
    other die pays once the theft is settled (``"egg"``/``"chick"``, K-5.4;
    else ``None``)."""
    phase = state._phase
    n = state.game.num_players
    player, roll, roller, first, rest = state._player, state._roll, state._roller, state._first, state._rest
    quarantine = state._quarantine
    current: int | str | None
    if phase == OVER:
        current = None
    elif phase in CHANCE_PHASES:
        current = "chance"
    else:
        current = player
    view = {
        "game": "kurnik",
        "players": n,
        "current_player": current,
        "terminal": phase == OVER,
        "scores": list(state._hens),
        "winners": list(state._winners),
        "coops": _coops(state),
        "supply": {"eggs": state._sup_eggs, "chicks": state._sup_chicks, "hens": state._sup_hens,
                   "roosters": state._sup_roosters},
        "box": {"hens": state._box_hens, "roosters": state._box_roosters},
        "last_roll": list(roll) if roll else None,
        "last_roller": roller if roller >= 0 else None,
        "quarantined": [k for k in range(n) if quarantine >> k & 1],
        "phase": PHASE_NAMES[phase],
        "turn": state._turn,
        "turn_player": None if phase in (START, OVER) else player,
        "pending": _pending(state),
        "first_player": first if first >= 0 else None,
        # K-2.1: the dice of the current (or deciding) round of start rolls
        "start_rolls": ([r or None for r in state._start_rolls]
                        if state.game.options["first_player"] is None else None),
        "start_roller": player if phase == START else None,
        "options": dict(state.game.options),
        "steal_then": KIND_NAMES[rest] if phase == STEAL and rest >= 0 else None,
    }
    if seat is not None:
        view["seat"] = seat
    return view


def build_tensor(state: "KurnikReading", seat: int) -> np.ndarray:
    """The observation tensor of ``seat`` (layout in the module docstring)."""
    n = state.game.num_players
    options = state.game.options
    out = np.zeros(tensor_size(n), dtype=np.float32)
    phase = state._phase
    acting = state._player if phase != OVER else -1
    winners = state._winners
    i = 0
    for r in range(n):
        k = (seat + r) % n
        e, c, h = state._eggs[k], state._chicks[k], state._hens[k]
        out[i:i + COOP_FEATURES] = (
            e / PLACES, c / PLACES, h / PLACES, (PLACES - e - c - h) / PLACES,
            state._rooster[k] == ROOSTER_ALIVE, state._rooster[k] == ROOSTER_DEAD, state._blocks[k] / ROOSTER_LIVES,
            state._quarantine >> k & 1, k == acting, k in winners, state._start_rolls[k] / 6,
        )
        i += COOP_FEATURES
    out[i:i + 4] = (
        state._sup_eggs / max(1, options["supply_eggs"]),
        state._sup_chicks / max(1, options["supply_chicks"]),
        state._sup_hens / max(1, options["supply_hens"]),
        state._sup_roosters / max(1, options["supply_roosters"]),
    )
    i += 4
    out[i + phase] = 1
    i += 9
    if phase == GIVE:
        out[i + state._gift] = 1
    i += 3
    if phase == REROLL and state._choice != TAKE_NONE:
        if state._choice == A.TAKE:
            out[i] = 1
        elif state._choice == A.ROB_ALL:
            out[i + 1] = 1
        else:
            out[i + 2] = 1
            out[i + 3 + (state._choice - A.ROB_BASE - seat) % n] = 1
    i += 3 + n
    if phase == STEAL:
        out[i] = state._steal_left / PLACES
        out[i + 1] = state._steal_develop
        if state._rest >= 0:
            out[i + 2 + state._rest] = 1
    i += 4
    out[i] = state._lost_turn
    i += 1
    for j, face in enumerate(state._roll[:4]):
        out[i + 6 * j + face - 1] = 1
    i += 24
    limit = options["turn_limit"]
    out[i] = state._turn / limit if limit else 0.0
    return out
