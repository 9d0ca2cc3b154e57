"""Seat tokens (WEB-API.md "Seats and tokens").

A seat token is ``secrets.token_urlsafe(24)``: 32 URL-safe characters, 192
random bits. The server stores only its SHA-256 (hex) and compares hashes
with :func:`hmac.compare_digest`. A token reaches the server in the header
``Authorization: Bearer {token}``, in the HttpOnly cookie ``herna_{table}``
(:func:`cookie_name`), or in a WebSocket ``hello`` message.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Iterable, Mapping

TOKEN_BYTES = 24
"""Random bytes in a seat token (192 bits; the contract asks for at least 128)."""
MAX_TOKEN_LENGTH = 128
"""Longer strings are not tokens (and are not hashed)."""


def new_token() -> str:
    """A fresh seat token (URL-safe text)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    """The stored form of ``token``: its SHA-256 as 64 hex digits."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def cookie_name(table_id: str) -> str:
    """The name of the cookie that carries a seat token of ``table_id``."""
    return f"herna_{table_id}"


def bearer(headers: Mapping[str, str]) -> str | None:
    """The token of an ``Authorization: Bearer`` header, or ``None``."""
    value = headers.get("authorization")
    if not value:
        return None
    scheme, _, token = value.partition(" ")
    token = token.strip()
    return token if scheme.lower() == "bearer" and token else None


def seat_of(token: str | None, hashes: Iterable[str | None]) -> int | None:
    """The seat whose stored hash matches ``token`` (``hashes[k]`` is seat
    k's, ``None`` for a bot), or ``None``. Every seat is compared, in
    constant time each, so the answer's timing says nothing."""
    if not token or len(token) > MAX_TOKEN_LENGTH:
        return None
    digest = token_hash(token)
    found = None
    for seat, stored in enumerate(hashes):
        if stored is not None and hmac.compare_digest(digest, stored) and found is None:
            found = seat
    return found
