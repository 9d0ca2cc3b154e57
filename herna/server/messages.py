"""The state message: what one seat (or a spectator) gets of a table.

``state_message(table, seat, lang, since)`` is the body of a WebSocket
``{"type": "state", ...}`` and of ``GET /api/tables/{id}`` (WEB-API.md, with
the extra fields of docs/server.md):

``{"type": "state", "table", "game", "title", "options", "seq", "status",
"seat", "lang", "to_move", "period", "length_unit", "view", "legal",
"legal_labels", "help", "events", "seats", "partly_bot", "winners",
"rematch", "worker", "full", "settings", "clock"}``

- ``view``: ``state.view(seat)`` (the spectator's for ``None``); ``legal``
  the seat's legal action strings when it is to move, else ``[]``;
- ``help``: the renderer's help on the seat's decision (plain text), only
  while the seat is to move (else ``None``);
- ``events``: ``state.events(since, seat)`` (``since=None``: the last
  :data:`LAST_EVENTS` the seat may see, and ``full`` is true), each with
  ``"text": [line, ...]`` in ``lang``;
- ``seats``: ``[{"seat", "kind", "name", "taken", "online", "connections",
  "bot_playing", "votes"}]`` (``connections``: the seat's open WebSockets in
  this process; ``votes``: the seats that voted to hand it to a bot);
- ``settings``: the table's leaver settings; ``clock``: the turn clock
  (:func:`herna.server.leavers.clock_info`) or ``None``;
- ``worker``: the id (pid) of the server process that sent it.

Nothing else of the state is read: never the full state, another seat's
hand, the deck, the log or the seed.
"""

from __future__ import annotations

import os
from typing import Any

from . import texts
from .leavers import clock_info
from .tables import LiveTable

LAST_EVENTS = 50
"""Events in a full state message (on connect, on GET)."""


def seats_info(table: LiveTable) -> list[dict[str, Any]]:
    """The ``seats`` field: who sits where, who is online."""
    return [{"seat": s.seat, "kind": s.kind, "name": s.name, "taken": s.taken,
             "online": table.online.get(s.seat, 0) > 0, "connections": table.online.get(s.seat, 0),
             "bot_playing": s.bot_playing, "votes": s.votes}
            for s in table.seats]


def _static_part(table: LiveTable, seat: int | None, lang: str) -> dict[str, Any]:
    """The part of a state message that depends only on the table's seq, the
    seat and the language (cached on the table until it changes)."""
    key = (seat, lang)
    cached = table.cache.get(key)
    if cached is not None:
        return cached
    state = table.state
    view = state.view(seat)
    to_move = table.to_move()
    mine = seat is not None and to_move == seat and table.bot_kind(seat) is None
    legal = state.legal_action_strings() if mine else []
    st = texts.style(lang, [s.name for s in table.seats])
    part = {
        "type": "state",
        "table": table.id,
        "game": table.name,
        "title": table.record.title,
        "options": table.options,
        "seq": table.seq,
        "status": table.status,
        "seat": seat,
        "lang": lang,
        "to_move": to_move,
        "period": state.period(),
        "length_unit": table.record.length_unit,
        "view": view,
        "legal": legal,
        "legal_labels": texts.legal_labels(table.name, legal, view, st) if legal else [],
        "help": texts.help_for(table.name, view, st, legal) if legal else None,
        "partly_bot": table.partly_bot,
        "settings": table.settings,
        "winners": view.get("winners") if state.is_terminal() else None,
        "rematch": table.rematch,
        "worker": os.getpid(),
    }
    table.cache[key] = part
    return part


def state_message(table: LiveTable, seat: int | None, lang: str, since: int | None = None) -> dict[str, Any]:
    """The state message of ``table`` for ``seat`` in ``lang`` (module
    docstring). ``since``: the seq of the last state this client got (its
    events after it are sent); ``None`` for a full message (the last
    :data:`LAST_EVENTS` events)."""
    part = _static_part(table, seat, lang)
    state = table.state
    if since is None:
        events = state.events(0, seat)[-LAST_EVENTS:]
    else:
        events = state.events(since, seat)
    st = texts.style(lang, [s.name for s in table.seats])
    for event in events:
        event["text"] = texts.event_lines(table.name, event, seat, st)
    return {**part, "events": events, "seats": seats_info(table), "clock": clock_info(table), "full": since is None}


def readouts_message(table: LiveTable, seat: int | None, lang: str) -> dict[str, Any]:
    """``{"type": "readouts", "table", "seq", "seat", "lang", "hand", "scores",
    "last"}``: the terminal's ``hand``/``scores``/``last`` commands as plain
    lines for ``seat`` (:func:`herna.server.texts.readouts`), cached until
    the table changes."""
    key = ("readouts", seat, lang)
    cached = table.cache.get(key)
    if cached is None:
        st = texts.style(lang, [s.name for s in table.seats])
        cached = table.cache[key] = {
            "type": "readouts", "table": table.id, "seq": table.seq, "seat": seat, "lang": lang,
            **texts.readouts(table.name, table.state.view(seat), seat, st),
        }
    return dict(cached)
