"""Chat at a table (WEB-API.md "Chat"): free text or quick phrases, stored with
the table, told to every connection of it (in every server process).

- On the table's WebSocket a client sends ``{"type": "chat", "text": T}``
  (cleaned: :func:`herna.server.cleaning.clean_chat`, at most 300 characters)
  or ``{"type": "chat", "phrase": K}`` (a key of :data:`PHRASES`); the
  socket's own rate limit refuses too many (``rate_limited``,
  :mod:`herna.server.ws`).
- Every connection of the table gets ``{"type": "chat", "id", "seat",
  "name", "text", "time"}`` (``seat`` and ``name`` null for a spectator;
  ``text`` a phrase's words in that connection's language, with ``phrase``
  its key; ``time`` ISO 8601 UTC).
- ``GET /api/phrases?lang=`` lists the phrases, ``GET
  /api/tables/{id}/chat?lang=`` the last :data:`HISTORY` messages.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
from typing import Any

from fastapi import APIRouter, Depends, Request

from herna.core.catalog import N_, text

from .cleaning import clean_chat
from .db import ChatRecord
from .deps import lang_of, table_of
from .errors import ServiceError
from .live import LiveTable
from .tables import TableService

log = logging.getLogger("herna.server")

PHRASES: dict[str, str] = {
    "hi": N_("Hello!"),
    "gg": N_("Good game"),
    "wp": N_("Well played"),
    "nice": N_("Nice move"),
    "luck": N_("Good luck"),
    "thanks": N_("Thank you"),
    "oops": N_("Oops"),
    "wait": N_("One moment, please"),
    "again": N_("Another game?"),
    "bye": N_("Bye"),
}
"""Quick phrases: key -> catalog message (Czech in ``herna/server/locale/cs.po``)."""
HISTORY = 100
"""Messages ``GET /api/tables/{id}/chat`` returns (the last ones)."""


def iso_time(at: dt.datetime) -> str:
    """``at`` as ISO 8601 UTC to the millisecond: ``2026-12-03T17:05:09.123Z``."""
    return at.astimezone(dt.timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def phrases(lang: str) -> list[dict[str, str]]:
    """``[{"key", "text"}]``: the quick phrases in ``lang``."""
    return [{"key": key, "text": text(lang, message)} for key, message in PHRASES.items()]


def for_reader(message: dict[str, Any], lang: str) -> dict[str, Any]:
    """A chat message as a connection in ``lang`` reads it (a phrase in its words)."""
    phrase = message.get("phrase")
    if phrase is None:
        return message
    return {**message, "text": text(lang, PHRASES.get(phrase, phrase))}


def as_message(record: ChatRecord) -> dict[str, Any]:
    """A stored message in the wire's form (a phrase's ``text`` not yet in a language)."""
    out: dict[str, Any] = {"type": "chat", "id": record.id, "seat": record.seat, "name": record.name,
                           "text": record.text, "time": iso_time(record.at)}
    if record.phrase is not None:
        out["phrase"] = record.phrase
    return out


class ChatService:
    """The chat of one :class:`TableService`'s tables (module docstring)."""

    def __init__(self, service: TableService) -> None:
        self.service = service

    async def post(self, table: LiveTable, seat: int | None, raw_text: object = None,
                   phrase: object = None) -> dict[str, Any]:
        """Store a message of ``seat`` (``None``: a spectator) and tell it to
        every connection of ``table``; returns it (:func:`as_message`).
        :class:`ServiceError` 422 ``bad_chat`` for an empty or too long text,
        an unknown phrase, or both or neither given."""
        if (raw_text is None) == (phrase is None):
            raise ServiceError(422, "bad_chat", "a chat message has a 'text' or a 'phrase' (one of them)")
        if phrase is not None and phrase not in PHRASES:
            raise ServiceError(422, "bad_chat", f"unknown phrase {phrase!r}; the phrases are: {', '.join(PHRASES)}")
        words = clean_chat(raw_text) if raw_text is not None else None
        name = table.seats[seat].name if seat is not None else None
        record = await asyncio.to_thread(self.service.db.add_chat, table.id, seat, name, words,
                                         phrase if isinstance(phrase, str) else None)
        message = as_message(record)
        self.service.tell_chat(table, message)
        try:
            await self.service.bus.publish_chat(table.id, message)
        except Exception:  # noqa: BLE001 - stored and told here; the others read it in the history
            log.exception("publishing a chat message of table %s failed", table.id)
        return message

    async def history(self, table: LiveTable, lang: str) -> list[dict[str, Any]]:
        """The last :data:`HISTORY` messages of ``table``, oldest first, in ``lang``."""
        records = await asyncio.to_thread(self.service.db.chat, table.id, HISTORY)
        return [for_reader(as_message(r), lang) for r in records]


def chat_of(request: Request) -> ChatService:
    """The app's chat."""
    chat: ChatService = request.app.state.chat
    return chat


router = APIRouter(tags=["chat"])


@router.get("/api/phrases")
async def get_phrases(lang: str = Depends(lang_of)) -> list[dict[str, str]]:
    """The quick phrases of the chat in ``lang``: ``[{"key", "text"}]``."""
    return phrases(lang)


@router.get("/api/tables/{table_id}/chat")
async def get_chat(request: Request, table: LiveTable = Depends(table_of),
                   lang: str = Depends(lang_of)) -> list[dict[str, Any]]:
    """The table's last 100 chat messages, oldest first: ``[{"seat", "name", "text", "time", ...}]``."""
    return await chat_of(request).history(table, lang)
