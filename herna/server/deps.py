"""What the routes share (FastAPI dependencies): the table of the path, the
seat of the request's token, the request's language, the services.

Tokens come in ``Authorization: Bearer``, else in the cookie ``herna_{id}``
(HttpOnly, SameSite=Lax). A bearer token that opens no seat of the table is
refused (403) even where a spectator needs none; a stale cookie is ignored. A
request that writes with the cookie must come from the server's own pages
(:class:`herna.server.origin.OriginPolicy`), else 403. Every request with a
seat's token opens that seat (the table may start) and shows its person
present (:meth:`herna.server.tables.TableService.seen`).
"""

from __future__ import annotations

from typing import Any

from fastapi import Depends, Request

from herna.core.catalog import LANGS

from . import auth
from .errors import ServiceError
from .live import LiveTable
from .origin import OriginPolicy
from .tables import TableService

READS = ("GET", "HEAD")


def service_of(request: Request) -> TableService:
    """The app's :class:`TableService`."""
    service: TableService = request.app.state.service
    return service


def origins_of(request: Request) -> OriginPolicy:
    """The app's :class:`~herna.server.origin.OriginPolicy`."""
    policy: OriginPolicy = request.app.state.origins
    return policy


def check_lang(lang: str) -> str:
    """``lang`` if herna speaks it; else 422 ``bad_lang`` naming the languages."""
    if lang not in LANGS:
        raise ServiceError(422, "bad_lang", f"unknown language {lang!r}; the languages are: {', '.join(LANGS)}")
    return lang


def lang_of(lang: str = "en") -> str:
    """The ``lang`` query parameter (``en`` or ``cs``), checked."""
    return check_lang(lang)


async def table_of(table_id: str, request: Request) -> LiveTable:
    """The table of the path (404 ``not_found``)."""
    return await service_of(request).get(table_id)


def check_origin(request: Request) -> None:
    """403 for a write from another site's page (the cookie came with it):
    ``Origin`` must be the server's own."""
    if not origins_of(request).allows(request.headers.get("origin")):
        raise ServiceError(403, "forbidden", "a request from another site (or without Origin) cannot use "
                                             "this seat's cookie")


async def token_seat(request: Request, table: LiveTable, required: bool) -> int | None:
    """The seat of the request's token (bearer, else cookie); ``None`` for
    a spectator. 403 for a bearer token that opens no seat here, for a
    cookie write from another site, and when ``required`` and there is no
    seat. The seat's person is seen (module docstring)."""
    service = service_of(request)
    token = auth.bearer(request.headers)
    if token is not None:
        seat = service.seat_of(table, token)
        if seat is None:
            raise ServiceError(403, "forbidden", "this token opens no seat of this table")
    else:
        cookie = request.cookies.get(auth.cookie_name(table.id))
        seat = service.seat_of(table, cookie) if cookie else None
        if seat is not None and request.method not in READS:
            check_origin(request)
    if seat is None:
        if required:
            raise ServiceError(403, "forbidden", "this needs the seat's token (Authorization: Bearer, "
                                                 "or open your join link)")
        return None
    await service.seen(table, seat)
    return seat


async def optional_seat(request: Request, table: LiveTable = Depends(table_of)) -> int | None:
    """The token's seat, or ``None`` (a spectator)."""
    return await token_seat(request, table, False)


async def required_seat(request: Request, table: LiveTable = Depends(table_of)) -> int:
    """The token's seat (403 without one)."""
    seat = await token_seat(request, table, True)
    assert seat is not None
    return seat


def base_url(request: Request) -> str:
    """The start of the links the server hands out: its public origin (never the request's ``Host``)."""
    return origins_of(request).url


def table_links(request: Request, table: LiveTable, tokens: list[str | None]) -> dict[str, Any]:
    """``{"table", "seats": [{"seat", "token", "join_url"} | None], "spectator_url"}``."""
    base = base_url(request)
    return {
        "table": table.id,
        "seats": [None if token is None else {"seat": k, "token": token,
                                              "join_url": f"{base}/t/{table.id}/join#{token}"}
                  for k, token in enumerate(tokens)],
        "spectator_url": f"{base}/t/{table.id}",
    }
