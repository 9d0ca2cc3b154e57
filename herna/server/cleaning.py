"""Text typed by people, made safe to store and show: players' names and chat
(WEB-API.md "Players, turns and presence", "Chat").

Every text is put in Unicode normal form NFC; control characters, format
characters (bidi overrides and isolates such as U+202E, zero-width marks)
and other characters that print nothing are removed; runs of white space
(line breaks included) become one space; the ends are trimmed. The length
limits count characters (code points) of the cleaned text. What a screen
shows is still escaped there (HTML, rich markup): cleaning is not escaping.

>>> clean_text("  Eva\\u202e\\n  Nováková ")
'Eva Nováková'
>>> clean_name("E\\u0301va")
'Éva'
"""

from __future__ import annotations

import unicodedata

from .errors import ServiceError

MAX_NAME = 20
"""The longest player name (characters, after cleaning)."""
MAX_CHAT = 300
"""The longest chat message (characters, after cleaning)."""


def clean_text(raw: str) -> str:
    """``raw`` cleaned (module docstring): NFC, no control, format or other
    non-printing characters, white space runs as one space, trimmed."""
    text = unicodedata.normalize("NFC", raw)
    kept = []
    for char in text:
        if char.isspace():
            kept.append(" ")
        elif char.isprintable():
            kept.append(char)
    return " ".join("".join(kept).split())


def clean_name(raw: object, where: str = "name") -> str | None:
    """A player's name: cleaned, at most :data:`MAX_NAME` characters;
    ``None`` (no name) for ``None``.
    :class:`~herna.server.errors.ServiceError` 422 ``bad_name`` naming
    ``where`` for a value that is not text, is empty after cleaning (only
    spaces, control or bidi characters: refused, so that it never clears a
    name by accident; ``null`` clears one) or is too long."""
    if raw is None:
        return None
    if not isinstance(raw, str):
        raise ServiceError(422, "bad_name", f"{where}: a name must be text (or null), not {type(raw).__name__}")
    name = clean_text(raw)
    if not name:
        raise ServiceError(422, "bad_name", f"{where}: the name is empty after cleaning (nothing printable in "
                                            f"{raw!r}); send null for no name")
    if len(name) > MAX_NAME:
        raise ServiceError(422, "bad_name", f"{where}: a name has at most {MAX_NAME} characters; "
                                            f"{name[:MAX_NAME]!r}... has {len(name)}")
    return name


def clean_chat(raw: object) -> str:
    """A chat message: cleaned, 1 to :data:`MAX_CHAT` characters.
    :class:`~herna.server.errors.ServiceError` 422 ``bad_chat`` saying what
    was wrong."""
    if not isinstance(raw, str):
        raise ServiceError(422, "bad_chat", "a chat message is text ('text') or a quick phrase ('phrase')")
    text = clean_text(raw)
    if not text:
        raise ServiceError(422, "bad_chat", "the chat message is empty (nothing printable in it)")
    if len(text) > MAX_CHAT:
        raise ServiceError(422, "bad_chat", f"a chat message has at most {MAX_CHAT} characters, not {len(text)}")
    return text
