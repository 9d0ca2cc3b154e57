"""Errors raised by every herna game (GUIDE.md, "The game API contract")."""

from __future__ import annotations


class HernaError(Exception):
    """Base class of herna's own errors."""


class IllegalActionError(HernaError, ValueError):
    """An action that the rules do not allow now, or a string that names no action.

    The message says what was wrong and, where it helps, what is allowed.
    The state it was raised by is left exactly as it was.
    """


class FormatError(HernaError, ValueError):
    """A saved game, scenario or other file that herna cannot read; the message
    names the file part that is wrong."""
