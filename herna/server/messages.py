"""The state message: what one seat (or a spectator) gets of a table.

``state_message(table, seat, lang, since, at)`` is the body of a WebSocket
``{"type": "state", ...}`` and of ``GET /api/tables/{id}`` (WEB-API.md, with
the extra fields of docs/server.md)::

    {"type": "state", "table", "game", "title", "options", "seq", "status",
     "seat", "lang", "to_move", "period", "length_unit", "view", "legal",
     "legal_labels", "help", "only_move", "partly_bot", "settings", "public",
     "winners", "rematch", "worker", "creator_seat", "waiting_for",
     "seat_settings", "score_sheet", "events", "seats", "clock", "full"}

- ``at``: the :class:`~herna.server.live.Snapshot` of a step (a frame of
  its own, WEB-API.md), default the table now; ``seq``, ``status``,
  ``to_move``, ``view``, ``legal`` and ``events`` are that step's;
- ``view``: ``state.view(seat)`` (the spectator's for ``None``); ``legal``
  the seat's legal action strings when it is to move and the table is
  playing, else ``[]``; ``only_move``: ``legal`` has exactly one action (the
  page shows it as a button; the table waits for it unless the seat's
  ``auto_only_moves`` is on);
- ``help``: the renderer's help on the seat's decision, only while it is to move;
- ``events``: ``state.events(since, seat)`` (``since=None``: the last
  :data:`LAST_EVENTS` the seat may see, and ``full`` is true), each with
  ``"text": [line, ...]`` (the full verbosity) and ``"brief": [line, ...]``
  (the brief one, ``[]`` for an event not said briefly;
  :mod:`herna.text.events`) in ``lang``; the
  server adds ``{"kind": "clock_ran_out", "seat", "action"}`` in the seq of
  a move the leaver bot made because a person's clock ran out (``action``
  is ``null`` for a viewer from whom the move is hidden);
- ``seats``: ``[{"seat", "kind", "name", "opened", "taken", "present",
  "online", "connections", "bot_playing", "votes"}]`` (``taken`` is
  ``opened``, the list's word; ``online``: a socket open in this process;
  ``present``: :mod:`herna.server.presence`);
- ``seat_settings``: this seat's own settings (``None`` for a spectator);
  ``settings``: the table's (:mod:`herna.server.table_settings`);
  ``score_sheet``: :mod:`herna.server.scoresheet`; ``clock``: the turn clock
  (:func:`herna.server.leavers.clock_info`) or ``None``;
- ``worker``: the id (pid) of the server process that sent it.

Nothing else of the state is read: never the full state, another seat's
hand, the deck, the log or the seed.
"""

from __future__ import annotations

import os
from typing import Any, NamedTuple

import orjson

from . import texts
from .leavers import clock_info
from .live import ClockMove, LiveTable, Snapshot
from .presence import present
from .scoresheet import score_sheet
from .table_settings import check_settings, seat_settings

LAST_EVENTS = 50
"""Events in a full state message (on connect, on GET)."""
CLOCK_RAN_OUT = "clock_ran_out"
"""The kind of the server's event for a move made because a person's clock ran out."""


def seats_info(table: LiveTable) -> list[dict[str, Any]]:
    """The ``seats`` field: who sits where, who is here."""
    return [{"seat": s.seat, "kind": s.kind, "name": s.name, "opened": s.opened, "taken": s.opened,
             "present": s.human and present(table, s.seat),
             "online": table.online.get(s.seat, 0) > 0, "connections": table.online.get(s.seat, 0),
             "bot_playing": s.bot_playing, "votes": s.votes}
            for s in table.seats]


def current(table: LiveTable) -> Snapshot:
    """The table now, as a snapshot."""
    return Snapshot(table.seq, table.seq, table.state)


def status_at(table: LiveTable, at: Snapshot) -> str:
    """The table's status at the step ``at``."""
    if at.state.is_terminal():
        return "finished"
    return "playing" if table.status == "finished" else table.status


def _score_sheet(table: LiveTable, at: Snapshot) -> dict[str, Any]:
    """The score sheet at the step ``at``: the table keeps the last one made
    and adds to it only the events since (a step's, not the whole game's)."""
    seq, sheet = table.score_sheet
    if seq != at.seq:
        sheet = score_sheet(table.record, at.state, seq, sheet["rows"]) if 0 <= seq < at.seq and sheet \
            else score_sheet(table.record, at.state)
        if at.seq >= seq:
            table.score_sheet = (at.seq, sheet)
    return sheet


def _static_part(table: LiveTable, seat: int | None, lang: str, at: Snapshot) -> dict[str, Any]:
    """The part of a state message that depends only on the step, the seat
    and the language (a new dict on every call)."""
    state = at.state
    view = state.view(seat)
    to_move = table.to_move(state)
    status = status_at(table, at)
    mine = seat is not None and to_move == seat and status == "playing" and table.bot_kind(seat) is None
    legal = state.legal_action_strings() if mine else []
    st = texts.table_style(table.seats, lang)
    return {
        "type": "state",
        "table": table.id,
        "game": table.name,
        "title": table.record.title,
        "options": table.options,
        "seq": at.seq,
        "status": status,
        "seat": seat,
        "lang": lang,
        "to_move": to_move,
        "period": state.period(),
        "length_unit": table.record.length_unit,
        "view": view,
        "legal": legal,
        "legal_labels": texts.legal_labels(table.name, legal, view, st) if legal else [],
        "help": texts.help_for(table.name, view, st, legal) if legal else None,
        "only_move": len(legal) == 1,
        "partly_bot": table.partly_bot,
        "settings": check_settings(table.settings),
        "public": table.public,
        "winners": view.get("winners") if state.is_terminal() else None,
        "rematch": table.rematch,
        "worker": os.getpid(),
        "creator_seat": table.creator_seat,
        "waiting_for": table.waiting_for(),
        "seat_settings": seat_settings(table.seats[seat].settings) if seat is not None else None,
        "score_sheet": _score_sheet(table, at),
    }


def encode(message: Any) -> bytes:
    """A message (or a part of one) as compact JSON (UTF-8 bytes). orjson: about
    9x faster than the standard library on a state message; keys that are not
    strings become strings, as ``json.dumps`` makes them."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS)


def _static_json(table: LiveTable, seat: int | None, lang: str, at: Snapshot) -> bytes:
    """:func:`_static_part` as JSON, cached on the table until it changes.

    Cached encoded, not as a dict: bytes are not followed by the garbage
    collector, while a dict of views and labels for every seat of every table
    (alive about a second, until the next move) made most of the young
    generation, and its collections stalled the event loop (docs/server.md)."""
    key = (at.seq, seat, lang)
    cached = table.cache.get(key)
    if cached is None:
        cached = table.cache[key] = encode(_static_part(table, seat, lang, at))
    return cached


def clock_event(table: LiveTable, seq: int, move: ClockMove, viewer: int | None, lang: str) -> dict[str, Any]:
    """The server's ``clock_ran_out`` event of the move at ``seq`` as
    ``viewer`` reads it (the action only where the viewer may see it)."""
    action = None if viewer in move.hidden_from else move.action
    st = texts.table_style(table.seats, lang)
    lines = [texts.clock_ran_out(table.name, move.seat, action, viewer, st)]
    return {"seq": seq, "kind": CLOCK_RAN_OUT, "seat": move.seat, "action": action, "text": lines,
            "brief": list(lines)}  # one short line already


def _events(table: LiveTable, seat: int | None, lang: str, since: int | None, at: Snapshot) -> list[dict[str, Any]]:
    """The ``events`` field: after ``since`` up to the step ``at`` (``since``
    ``None``: the last :data:`LAST_EVENTS`), with their words, full
    (``text``) and brief (``brief``, :mod:`herna.text.events`).

    A person's only legal move made for them by their ``auto_only_moves``
    is marked as such, as the terminal marks a forced move: on that
    person's own screen, and on everyone's in a game of perfect information
    (Kurník), since elsewhere it would tell the others about a hidden hand."""
    state = at.state
    events = state.events(0, seat)[-LAST_EVENTS:] if since is None else state.events(since, seat)
    st = texts.table_style(table.seats, lang)
    marked: dict[str, set[int]] = {"text": set(), "brief": set()}
    briefs = texts.brief_lines(table.name, events, seat, st)
    for event, brief in zip(events, briefs):
        seq = event["seq"]
        lines = texts.event_lines(table.name, event, seat, st)
        by, actor = table.made_by.get(seq, (None, None))
        if by == "auto" and (seat == actor or table.record.perfect_information):
            for key, said in (("text", lines), ("brief", brief)):
                if said and seq not in marked[key]:
                    said[0] = texts.automatic(said[0], lang)
                    marked[key].add(seq)
        event["text"] = lines
        event["brief"] = brief
    low = (events[0]["seq"] if events else at.seq + 1) if since is None else since + 1
    told = [clock_event(table, seq, move, seat, lang) for seq, move in sorted(table.clock_moves.items())
            if low <= seq <= at.seq]
    if not told:
        return events
    return sorted([*told, *events], key=lambda e: (e["seq"], e["kind"] != CLOCK_RAN_OUT))


def state_message(table: LiveTable, seat: int | None, lang: str, since: int | None = None,
                  at: Snapshot | None = None) -> dict[str, Any]:
    """The state message of ``table`` for ``seat`` in ``lang`` (module
    docstring) at the step ``at`` (default: now). ``since``: the seq of the
    last state this client got (its events after it are sent); ``None``
    for a full message (the last :data:`LAST_EVENTS` events)."""
    at = at or current(table)
    return {**_static_part(table, seat, lang, at), "events": _events(table, seat, lang, since, at),
            "seats": seats_info(table), "clock": clock_info(table), "full": since is None}


class Frame(NamedTuple):
    """A state message encoded for a WebSocket (:func:`state_frame`): ``text``
    the JSON; ``seq``, ``events`` (how many), ``changes`` (what, besides new
    events, makes a state worth sending again: seq, status, seats, rematch,
    clock, the table's settings)."""

    text: str
    seq: int
    events: int
    changes: tuple


def state_frame(table: LiveTable, seat: int | None, lang: str, since: int | None = None,
                at: Snapshot | None = None) -> Frame:
    """:func:`state_message` encoded: the same JSON object, keys in the same
    order, its table-wide part encoded once per step, seat and language."""
    at = at or current(table)
    events = _events(table, seat, lang, since, at)
    seats = encode(seats_info(table))
    clock = clock_info(table)
    static = _static_json(table, seat, lang, at)
    text = b"".join((static[:-1], b',"events":', encode(events), b',"seats":', seats,
                     b',"clock":', encode(clock), b',"full":', b"true" if since is None else b"false", b"}"))
    changes = (at.seq, status_at(table, at), seats, table.rematch, static,
               clock and (clock["seat"], clock["seq"], clock["extensions_left"]))
    return Frame(text.decode(), at.seq, len(events), changes)


def readouts_message(table: LiveTable, seat: int | None, lang: str) -> dict[str, Any]:
    """``{"type": "readouts", "table", "seq", "seat", "lang", "hand", "scores",
    "last"}``: the terminal's ``hand``/``scores``/``last`` commands as plain
    lines for ``seat`` (:func:`herna.server.texts.readouts`), cached until
    the table changes."""
    key = ("readouts", seat, lang)
    cached = table.cache.get(key)
    if cached is None:
        st = texts.table_style(table.seats, lang)
        cached = table.cache[key] = {
            "type": "readouts", "table": table.id, "seq": table.seq, "seat": seat, "lang": lang,
            **texts.readouts(table.name, table.state.view(seat), seat, st),
        }
    return dict(cached)
