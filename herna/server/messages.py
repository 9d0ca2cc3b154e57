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
  ``"text": [line, ...]`` (the full verbosity) and ``"brief": [line, ...]``
  (the brief one, ``[]`` for an event not said briefly;
  :mod:`herna.text.events`) in ``lang``;
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
from typing import Any, NamedTuple

import orjson

from herna.text.events import has_private_view

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
    seat and the language (a new dict on every call)."""
    state = table.state
    view = state.view(seat)
    to_move = table.to_move()
    mine = seat is not None and to_move == seat and table.bot_kind(seat) is None
    legal = state.legal_action_strings() if mine else []
    st = texts.style(lang, [s.name for s in table.seats])
    return {
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


def encode(message: Any) -> bytes:
    """A message (or a part of one) as compact JSON (UTF-8 bytes). orjson: about
    9x faster than the standard library on a state message; keys that are not
    strings become strings, as ``json.dumps`` makes them."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS)


def _static_json(table: LiveTable, seat: int | None, lang: str) -> bytes:
    """:func:`_static_part` as JSON, cached on the table until it changes.

    Cached encoded, not as a dict: bytes are not followed by the garbage
    collector, while a dict of views and labels for every seat of every table
    (alive about a second, until the next move) made most of the young
    generation, and its collections stalled the event loop (docs/server.md)."""
    key = (seat, lang)
    cached = table.cache.get(key)
    if cached is None:
        cached = table.cache[key] = encode(_static_part(table, seat, lang))
    return cached


def _events(table: LiveTable, seat: int | None, lang: str, since: int | None) -> list[dict[str, Any]]:
    """The ``events`` field: after ``since`` (``None``: the last :data:`LAST_EVENTS`), with their text.

    A player's move the engine made for them (their only legal one,
    ``table.forced``) is marked as such, as the terminal marks it
    (:func:`herna.text.events.mark_automatic`): on that player's own screen, and on
    everyone's where the player's view holds nothing private (Kurník), since
    elsewhere it would tell the others about a hidden hand."""
    state = table.state
    events = state.events(0, seat)[-LAST_EVENTS:] if since is None else state.events(since, seat)
    st = texts.style(lang, [s.name for s in table.seats])
    marked: dict[str, set[int]] = {"text": set(), "brief": set()}
    briefs = texts.brief_lines(table.name, events, seat, st)
    for event, brief in zip(events, briefs):
        lines = texts.event_lines(table.name, event, seat, st)
        actor = table.forced.get(event["seq"])
        if actor is not None and table.seats[actor].human and (seat == actor or not has_private_view(state, actor)):
            for key, said in (("text", lines), ("brief", brief)):
                if said and event["seq"] not in marked[key]:
                    said[0] = texts.automatic(said[0], lang)
                    marked[key].add(event["seq"])
        event["text"] = lines
        event["brief"] = brief
    return events


def state_message(table: LiveTable, seat: int | None, lang: str, since: int | None = None) -> dict[str, Any]:
    """The state message of ``table`` for ``seat`` in ``lang`` (module
    docstring). ``since``: the seq of the last state this client got (its
    events after it are sent); ``None`` for a full message (the last
    :data:`LAST_EVENTS` events)."""
    return {**_static_part(table, seat, lang), "events": _events(table, seat, lang, since),
            "seats": seats_info(table), "clock": clock_info(table), "full": since is None}


class Frame(NamedTuple):
    """A state message encoded for a WebSocket (:func:`state_frame`): ``text``
    the JSON; ``seq``, ``events`` (how many), ``changes`` (what, besides new
    events, makes a state worth sending again: seq, status, seats, rematch,
    clock)."""

    text: str
    seq: int
    events: int
    changes: tuple


def state_frame(table: LiveTable, seat: int | None, lang: str, since: int | None = None) -> Frame:
    """:func:`state_message` encoded: the same JSON object, keys in the same
    order, its table-wide part encoded once per seat and language."""
    events = _events(table, seat, lang, since)
    seats = encode(seats_info(table))
    clock = clock_info(table)
    text = b"".join((_static_json(table, seat, lang)[:-1], b',"events":', encode(events), b',"seats":', seats,
                     b',"clock":', encode(clock), b',"full":', b"true" if since is None else b"false", b"}"))
    changes = (table.seq, table.status, seats, table.rematch,
               clock and (clock["seat"], clock["seq"], clock["extensions_left"]))
    return Frame(text.decode(), table.seq, len(events), changes)


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
