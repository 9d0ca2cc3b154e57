"""Who is at a table (WEB-API.md "Players, turns and presence").

A seat is **present** while it has an open WebSocket, or has used its token
(any request, a socket's hello, its join page) within the table's
``away_after`` (:data:`DEFAULT_WINDOW` when that setting is off). With several
server processes a seat's socket may be open in another one: each process
writes the ``last_seen`` of its open seats every :data:`HEARTBEAT` seconds,
so there a seat seen within :data:`PRESENT_WITHIN` seconds counts as present
too. A vote to hand a seat to the bot is refused while it is present
(:mod:`herna.server.leavers`).
"""

from __future__ import annotations

import datetime as dt

from .db import utcnow
from .live import LiveTable

DEFAULT_WINDOW = 120.0
"""Seconds without a connection or a request after which a seat counts as absent when the table has no
``away_after`` (votes may then hand it to the bot)."""
HEARTBEAT = 30.0
"""Seconds between the ``last_seen`` writes of the seats with an open WebSocket in a process."""
PRESENT_WITHIN = 2.5 * HEARTBEAT
"""With several processes, a seat seen this recently (seconds) may have a socket in another one."""


def window(table: LiveTable) -> float:
    """Seconds of absence after which ``table``'s seats count as absent."""
    return float(table.settings.get("away_after") or DEFAULT_WINDOW)


def absent_for(table: LiveTable, seat: int, now: dt.datetime | None = None) -> float:
    """Seconds since ``seat``'s person was last here (0 while a socket is open
    here; since the table was made for a seat never seen)."""
    if table.online.get(seat, 0) > 0:
        return 0.0
    seen = table.seats[seat].last_seen or table.created_at
    return max(0.0, ((now or utcnow()) - seen).total_seconds())


def present(table: LiveTable, seat: int, now: dt.datetime | None = None) -> bool:
    """Whether ``seat``'s person is present (module docstring)."""
    if table.online.get(seat, 0) > 0:
        return True
    if table.seats[seat].last_seen is None:
        return False
    away = absent_for(table, seat, now)
    return away < window(table) or (table.shared and away < PRESENT_WITHIN)
