"""The seats' routes (WEB-API.md "Players, turns and presence", docs/server.md):

- ``POST /api/tables/{id}/claim`` (bearer token: sets the seat's HttpOnly,
  SameSite=Lax cookie ``herna_{id}``; the join page calls it) and ``DELETE``;
- ``POST /api/tables/{id}/start`` (the creator's token): hand the people's
  seats never opened to the bot and play; 403 ``not_creator``, 409
  ``not_waiting``;
- ``POST /api/tables/{id}/name`` ``{"name"}`` (token): the seat's name;
- ``POST /api/tables/{id}/sit`` ``{"seat", "name"}`` (no token; public
  tables): 201 ``{"seat", "token", "join_url"}``, 409 ``taken``, 403 ``private``;
- ``POST /api/tables/{id}/seat-settings`` ``{"auto_only_moves"}`` (token);
- ``POST /api/tables/{id}/settings`` ``{"pace"}`` (the creator's token).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Body, Depends, Request, Response
from pydantic import BaseModel, Field

from . import auth
from .deps import base_url, check_origin, required_seat, service_of, table_of, token_seat
from .errors import ServiceError
from .live import LiveTable

COOKIE_DAYS = 30
"""How long a seat cookie lasts (days)."""


class NameBody(BaseModel):
    """``POST /api/tables/{id}/name``."""

    name: Any = Field(description="the player's name: at most 20 printable characters (null: none)")


class SitBody(BaseModel):
    """``POST /api/tables/{id}/sit``."""

    seat: Any = Field(description="a free seat of a public table (from 0)")
    name: Any = Field(default=None, description="the player's name: at most 20 printable characters")


router = APIRouter(tags=["seats"])


@router.post("/api/tables/{table_id}/claim")
async def claim(request: Request, response: Response, table: LiveTable = Depends(table_of)) -> dict[str, Any]:
    """Trade the bearer token for the seat's HttpOnly, SameSite=Lax cookie
    ``herna_{id}`` (the join page calls it, from the server's own page); the
    seat is opened."""
    token = auth.bearer(request.headers)
    if token is None:
        raise ServiceError(403, "forbidden", "send the seat token as Authorization: Bearer")
    check_origin(request)
    seat = await token_seat(request, table, True)
    response.set_cookie(auth.cookie_name(table.id), token, max_age=COOKIE_DAYS * 86400, path="/",
                        httponly=True, samesite="lax", secure=base_url(request).startswith("https:"))
    return {"table": table.id, "seat": seat}


@router.delete("/api/tables/{table_id}/claim")
async def unclaim(response: Response, table_id: str) -> dict[str, Any]:
    """Forget this browser's seat cookie of the table."""
    response.delete_cookie(auth.cookie_name(table_id), path="/", httponly=True, samesite="lax")
    return {"table": table_id}


@router.post("/api/tables/{table_id}/start")
async def start(request: Request, table: LiveTable = Depends(table_of),
                seat: int = Depends(required_seat)) -> dict[str, Any]:
    """The creator starts a waiting table now, handing the seats never
    opened to the bot: ``{"table", "status", "handed"}``."""
    return await service_of(request).start_table(table, seat)


@router.post("/api/tables/{table_id}/name")
async def set_name(body: NameBody, request: Request, table: LiveTable = Depends(table_of),
                   seat: int = Depends(required_seat)) -> dict[str, Any]:
    """Set the seat's player name (cleaned: NFC, no control or bidi
    characters): ``{"seat", "name"}``; 422 ``bad_name``."""
    return {"seat": seat, "name": await service_of(request).set_name(table, seat, body.name)}


@router.post("/api/tables/{table_id}/sit", status_code=201)
async def sit(body: SitBody, request: Request, table: LiveTable = Depends(table_of)) -> dict[str, Any]:
    """Take a free seat of a public table: ``{"seat", "token", "join_url"}``."""
    token = await service_of(request).sit(table, body.seat, body.name)
    return {"seat": body.seat, "token": token, "join_url": f"{base_url(request)}/t/{table.id}/join#{token}"}


@router.post("/api/tables/{table_id}/seat-settings")
async def seat_settings(request: Request, body: Any = Body(..., examples=[{"auto_only_moves": True}]),
                        table: LiveTable = Depends(table_of), seat: int = Depends(required_seat)) -> dict[str, Any]:
    """The seat's own settings: ``{"seat_settings": {"auto_only_moves": bool}}``
    (on: the person's only legal moves are made for them)."""
    return {"seat_settings": await service_of(request).set_seat_settings(table, seat, body)}


@router.post("/api/tables/{table_id}/settings")
async def table_settings(request: Request, body: Any = Body(..., examples=[{"pace": "fast"}]),
                         table: LiveTable = Depends(table_of), seat: int = Depends(required_seat)) -> dict[str, Any]:
    """The creator changes the table's pace: ``{"settings": {...}}``."""
    return {"settings": await service_of(request).set_settings(table, seat, body)}
