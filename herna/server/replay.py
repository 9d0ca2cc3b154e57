"""A finished game, step by step (docs/server.md "Finished games"): what the
table page's replay reads once the game is over, every hand shown.

- ``GET /api/tables/{id}/replay?lang=``: ``{"table", "game", "options",
  "names", "winners", "steps": [{"seq", "actor", "action", "text"}]}``, one
  step per stored action (``actor`` a seat, or ``null`` for chance;
  ``text`` the lines of its events as a spectator reads them: the public
  record of play);
- ``GET /api/tables/{id}/replay/{seq}?lang=``: ``{"seq", "view", "hands",
  "events"}``: the spectator's view after action ``seq`` (0: before the
  first), per seat the parts of that seat's view a spectator does not see
  (its hand, its invitation, ...), and that action's events with their words.

Both answer 409 ``not_finished`` while the game is not over (a replay would
tell the hidden cards of a game in play), 404 for an unknown table or seq.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends

from herna.core import State

from . import texts
from .deps import lang_of, table_of
from .errors import ServiceError
from .live import LiveTable

router = APIRouter(tags=["tables"])


def _finished(table: LiveTable) -> None:
    if not table.state.is_terminal():
        raise ServiceError(409, "not_finished", "a replay is shown once the game is over", seq=table.seq)


def state_at(table: LiveTable, seq: int) -> State:
    """``table``'s game after its first ``seq`` actions."""
    state = table.state.initial_state()
    for action in table.state.history()[:seq]:
        state.step(action)
    return state


def replay_steps(table: LiveTable, lang: str) -> list[dict[str, Any]]:
    """The ``steps`` of the replay (module docstring), cached with the table."""
    key = ("replay", lang)
    cached = table.cache.get(key)
    if cached is not None:
        return list(cached)
    st = texts.table_style(table.seats, lang)
    lines: dict[int, list[str]] = {}
    for event in table.state.events(0, None):
        lines.setdefault(event["seq"], []).extend(texts.event_lines(table.name, event, None, st))
    walker = table.state.initial_state()
    steps = []
    for index, action in enumerate(table.state.history()):
        actor = walker.current_player()
        steps.append({"seq": index + 1, "actor": actor if actor >= 0 else None,
                      "action": walker.action_to_string(action), "text": lines.get(index + 1, [])})
        walker.step(action)
    table.cache[key] = steps
    return list(steps)


def private_parts(state: State, seat: int) -> dict[str, Any]:
    """The keys of ``seat``'s view that a spectator's view lacks or shows otherwise."""
    public = state.view(None)
    mine = state.view(seat)
    return {key: value for key, value in mine.items() if key not in public or public[key] != value}


@router.get("/api/tables/{table_id}/replay")
async def get_replay(table: LiveTable = Depends(table_of), lang: str = Depends(lang_of)) -> dict[str, Any]:
    """The whole finished game, one step per action (module docstring)."""
    _finished(table)
    return {"table": table.id, "game": table.name, "options": table.options,
            "names": [s.name for s in table.seats], "winners": table.state.view(None).get("winners"),
            "steps": replay_steps(table, lang)}


@router.get("/api/tables/{table_id}/replay/{seq}")
async def get_replay_step(seq: int, table: LiveTable = Depends(table_of),
                          lang: str = Depends(lang_of)) -> dict[str, Any]:
    """The finished game after action ``seq``: the spectator's view, every seat's hidden parts, that step's events."""
    _finished(table)
    if not 0 <= seq <= table.seq:
        raise ServiceError(404, "not_found", f"the game has actions 0 to {table.seq}, not {seq}")
    state = state_at(table, seq)
    st = texts.table_style(table.seats, lang)
    events = [event for event in state.events(seq - 1, None) if event["seq"] == seq] if seq else []
    for event, brief in zip(events, texts.brief_lines(table.name, events, None, st)):
        event["text"] = texts.event_lines(table.name, event, None, st)
        event["brief"] = brief
    return {"seq": seq, "view": state.view(None),
            "hands": [private_parts(state, k) for k in range(state.num_players)], "events": events}
