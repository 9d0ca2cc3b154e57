"""The score sheet of a table: points per deal or round and the running
totals, built from the engine's events (never re-derived from views).

``score_sheet(record, state)`` is the ``score_sheet`` field of a state
message (docs/server.md)::

    {"unit": "deal" | "round" | "turn",
     "rows": [{"period": n, "scores": [per seat], "totals": [per seat]}],
     "totals": [per seat]}

A row comes from each event whose kind is one of the game record's
``summary_events`` (Trumfosaur's ``deal_scored`` T-6, Ugo!'s
``round_scored`` U-6): its ``scores`` (that part's points) and ``totals``
(the running totals), ``period`` its number (the event's field named by the
record's ``length_unit``). A game without such parts (Kurník) gets one row
when it ends, from ``game_over``: its ``scores`` are the result (hens,
K-1.4) and the period the turns played. ``totals`` is the last row's, or
before any row zero per seat. Scoring events are public, so the sheet is
the same for every seat.
"""

from __future__ import annotations

from typing import Any, Sequence

from herna.core import GameRecord, State

GAME_OVER = "game_over"
"""The event kind that ends every game (its ``scores`` are the result)."""


def score_sheet(record: GameRecord, state: State, since: int = 0, rows: Sequence[dict[str, Any]] = ()
                ) -> dict[str, Any]:
    """The score sheet of ``state`` (module docstring). ``since`` and
    ``rows``: the rows of the sheet after action ``since`` (of the same
    game), to which only the later events add."""
    rows = list(rows)
    kinds = set(record.summary_events)
    for event in state.events(since, None):
        kind = event["kind"]
        if kind in kinds:
            scores = list(event.get("scores", ()))
            rows.append({"period": event.get(record.length_unit, len(rows) + 1), "scores": scores,
                         "totals": list(event.get("totals", scores))})
        elif kind == GAME_OVER and not kinds:
            scores = list(event.get("scores", ()))
            rows.append({"period": state.period(), "scores": scores, "totals": scores})
    totals = rows[-1]["totals"] if rows else [0] * state.num_players
    return {"unit": record.length_unit, "rows": rows, "totals": totals}
