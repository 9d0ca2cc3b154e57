"""The tables' routes (WEB-API.md "HTTP", docs/server.md):

- ``POST /api/tables`` 201 ``{"table", "seats": [{"seat", "token",
  "join_url"} | null], "spectator_url", "creator_seat"}``;
- ``GET /api/tables?status=`` (public tables by status, default
  ``waiting``), ``GET /api/tables?list=lobby`` (``{"free", "playing"}``);
- ``GET /api/tables/{id}?lang=`` (the state message of the token's seat, or
  the spectator's), ``GET /api/tables/{id}/readouts``;
- ``POST /api/tables/{id}/actions`` ``{"action", "seq"}`` 200 ``{"seq": N+1,
  "table_seq"}``, 409 ``{"seq"}``, 422, 403;
- ``POST /api/tables/{id}/rematch`` 201.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from fastapi import APIRouter, Depends, Query, Request
from pydantic import BaseModel, Field

from herna.core import record
from herna.core.registry import GAMES

from .db import TableRecord, utcnow
from .deps import base_url, lang_of, optional_seat, required_seat, service_of, table_links, table_of
from .errors import ServiceError
from .live import HUMAN, STATUSES, LiveTable, seat_is_free
from .messages import readouts_message, state_message
from .tables import TEST_LABEL_HEADER

LOBBY_QUIET = dt.timedelta(hours=24)
"""A table no person has opened for this long leaves the lobby's lists (its links keep working)."""
LISTS = ("lobby",)


class CreateTable(BaseModel):
    """``POST /api/tables``: ``seats`` one entry per player (``human`` or a bot
    kind: ``easy``, ``medium``, ``hard``, ``greedy``, ``random``,
    ``ismcts:<budget>``); ``options`` the game's (``players`` follows from
    ``seats``); ``names`` optional players' names per seat (at most 20
    printable characters); ``settings`` (:mod:`herna.server.table_settings`:
    ``away_after``, ``clock``, ``leaver_bot``, ``pace``); ``public`` (listed
    in the lobby; default false: only its links reach it)."""

    game: Any = Field(description=" or ".join(GAMES))
    options: Any = Field(default_factory=dict)
    seats: Any = Field(description='["human", "greedy", ...] or [{"kind", "name"}, ...]')
    names: Any = None
    settings: Any = Field(default=None, description='{"away_after": seconds, "clock": seconds, "leaver_bot": '
                                                    '"easy" | "medium" | "hard", "pace": "slow" | "normal" | '
                                                    '"fast"}; null fields are off')
    public: Any = Field(default=False, description="listed in the lobby (true) or reached by its links only")


class ActionBody(BaseModel):
    """``POST /api/tables/{id}/actions``: an action string and the table's seq it answers."""

    action: Any = Field(description="an action string, e.g. 'play red5'")
    seq: Any = Field(description="the table's seq from the last state")


def list_item(stored: TableRecord, base: str, lobby: bool) -> dict[str, Any]:
    """A table in a list (WEB-API.md's item; the lobby's adds ``names``,
    ``created_at`` and ``spectator_url``)."""
    opened = {s.seat: s.taken for s in stored.seat_rows}
    item: dict[str, Any] = {
        "table": stored.id, "game": stored.game, "title": record(stored.game).title, "options": stored.options,
        "status": stored.status,
        "seats": [{"seat": k, "kind": spec.get("kind"), "taken": opened.get(k, False)}
                  for k, spec in enumerate(stored.seats)],
        "partly_bot": stored.partly_bot, "updated_at": stored.updated_at.isoformat()}
    if lobby:
        item.update(names=[spec.get("name") for spec in stored.seats], created_at=stored.created_at.isoformat(),
                    spectator_url=f"{base}/t/{stored.id}")
    return item


def free_seat(stored: TableRecord) -> bool:
    """Whether ``stored`` has a seat anyone may take (:func:`herna.server.live.seat_is_free`)."""
    opened = {s.seat: s.taken for s in stored.seat_rows}
    creator = next((k for k, spec in enumerate(stored.seats) if spec.get("kind") == HUMAN), None)
    return any(seat_is_free(spec.get("kind"), spec.get("name"), opened.get(k, False), k == creator)
               for k, spec in enumerate(stored.seats))


router = APIRouter(tags=["tables"])


@router.post("/api/tables", status_code=201)
async def create_table(body: CreateTable, request: Request) -> dict[str, Any]:
    """A new table; the answer holds every person's seat's token and join
    link, and the creator's seat (the first person's)."""
    table, tokens = await service_of(request).create(body.game, body.options, body.seats, body.names,
                                                     settings=body.settings, public=body.public,
                                                     test_label=request.headers.get(TEST_LABEL_HEADER))
    return {**table_links(request, table, tokens), "creator_seat": table.creator_seat}


@router.get("/api/tables")
async def list_tables(request: Request,
                      status: str = Query("waiting", description="waiting, playing, finished (comma-separated)"),
                      list_: str | None = Query(None, alias="list", description="lobby: the lobby's two lists"),
                      ) -> Any:
    """Public tables by status (default: waiting), newest first; with
    ``list=lobby`` the lobby's view ``{"free": [...], "playing": [...]}``:
    waiting tables with a free seat, and tables in play to watch, leaving
    out those no person has opened for 24 hours."""
    service = service_of(request)
    base = base_url(request)
    if list_ is not None:
        if list_ not in LISTS:
            raise ServiceError(422, "invalid", f"unknown list {list_!r}; the lists are: {', '.join(LISTS)}")
        stored = await service.list_tables(("waiting", "playing"), active_since=utcnow() - LOBBY_QUIET)
        return {"free": [list_item(t, base, True) for t in stored if t.status == "waiting" and free_seat(t)],
                "playing": [list_item(t, base, True) for t in stored if t.status == "playing"]}
    wanted = [s.strip() for s in status.split(",") if s.strip()]
    unknown = [s for s in wanted if s not in STATUSES]
    if unknown or not wanted:
        raise ServiceError(422, "invalid", f"unknown status {', '.join(unknown) or status!r}; "
                                           f"statuses are: {', '.join(STATUSES)}")
    return [list_item(t, base, False) for t in await service.list_tables(wanted)]


@router.get("/api/tables/{table_id}")
async def get_table(table: LiveTable = Depends(table_of), seat: int | None = Depends(optional_seat),
                    lang: str = Depends(lang_of)) -> dict[str, Any]:
    """The table as the token's seat sees it (the spectator's view without a token)."""
    message = state_message(table, seat, lang)
    message.pop("type", None)
    return message


@router.get("/api/tables/{table_id}/readouts")
async def get_readouts(table: LiveTable = Depends(table_of), seat: int | None = Depends(optional_seat),
                       lang: str = Depends(lang_of)) -> dict[str, Any]:
    """The terminal's ``hand``, ``scores`` and ``last`` readouts as plain lines for the seat."""
    return readouts_message(table, seat, lang)


@router.post("/api/tables/{table_id}/actions")
async def post_action(body: ActionBody, request: Request, table: LiveTable = Depends(table_of),
                      seat: int = Depends(required_seat), lang: str = Depends(lang_of)) -> dict[str, int]:
    """Apply the seat's action at ``seq``: 200 ``{"seq": seq + 1, "table_seq"}``
    (``table_seq``: after the chance draws it caused)."""
    ack, now = await service_of(request).act(table, seat, body.action, body.seq, lang)
    return {"seq": ack, "table_seq": now}


@router.post("/api/tables/{table_id}/rematch", status_code=201)
async def rematch(request: Request, table: LiveTable = Depends(table_of),
                  seat: int = Depends(required_seat)) -> dict[str, Any]:
    """A new table with the same game, options, seats and settings; the
    answer holds the caller's new token at the same seat (other people get
    theirs by asking for the rematch with their own token)."""
    new, token = await service_of(request).rematch(table, seat)
    tokens: list[str | None] = [None] * len(new.seats)
    tokens[seat] = token
    answer = table_links(request, new, tokens)
    answer["seats"] = [entry if entry is not None or not new.seats[k].human
                       else {"seat": k, "token": None, "join_url": None}
                       for k, entry in enumerate(answer["seats"])]
    answer.update(seat=seat, token=token, join_url=answer["seats"][seat]["join_url"],
                  creator_seat=new.creator_seat)
    return answer
