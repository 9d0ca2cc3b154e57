"""Engine events: what happened, in order, and who may see it (GUIDE.md).

Applying an action makes the game record zero or more events (a card played,
a trick won, farmers paid, a die resolved, ...). Every screen (terminal, web,
screen reader) turns events into words from the message catalogs
(:mod:`herna.core.catalog`); no screen re-derives what happened from views.

An event is stored once, with the seats that see all of it:

- ``seen_by=None``: public, everyone sees every field;
- ``seen_by=(k, ...)`` and ``secret=()``: only those seats see it at all
  (a dealt card: its owner);
- ``seen_by=(k, ...)`` and ``secret=("card",)``: those seats see every field,
  everyone else (the spectator included) sees the event without the secret
  fields (an invitation chosen: all see *that* seat 2 chose, only seat 2
  sees *which* card).

:meth:`herna.core.State.events` returns the events a seat may see as
JSON-ready dicts ``{"seq": N, "kind": K, ...fields}``; ``seq`` is the number
of actions applied when the event happened (the 1-based index in the history
of the action that made it), as in WEB-API.md.
"""

from __future__ import annotations

from typing import Any, NamedTuple


class Event(NamedTuple):
    """One engine event (immutable). ``fields`` must be JSON-ready (ints,
    strings, lists, dicts, ``None``); seats in fields are 0-based."""

    seq: int
    kind: str
    fields: dict[str, Any]
    seen_by: tuple[int, ...] | None = None
    secret: tuple[str, ...] = ()

    def as_seen_by(self, seat: int | None) -> dict[str, Any] | None:
        """The event as ``seat`` sees it: ``{"seq", "kind", ...fields}``
        without the fields it may not know, or ``None`` if it sees nothing."""
        if self.seen_by is None or (seat is not None and seat in self.seen_by):
            return {"seq": self.seq, "kind": self.kind, **self.fields}
        if not self.secret:
            return None
        return {"seq": self.seq, "kind": self.kind,
                **{k: v for k, v in self.fields.items() if k not in self.secret}}


def select(events: list[Event], since: int, seat: int | None) -> list[dict[str, Any]]:
    """The events after action ``since`` (``seq > since``) as ``seat`` sees
    them, in order. ``events`` is in seq order."""
    lo, hi = 0, len(events)
    while lo < hi:  # first event with seq > since
        mid = (lo + hi) // 2
        if events[mid].seq <= since:
            lo = mid + 1
        else:
            hi = mid
    out = []
    for event in events[lo:]:
        seen = event.as_seen_by(seat)
        if seen is not None:
            out.append(seen)
    return out
