"""Errors raised by every herna game (GUIDE.md, "The game API contract")."""

from __future__ import annotations


class HernaError(Exception):
    """Base class of herna's own errors."""


class IllegalActionError(HernaError, ValueError):
    """An action that the rules do not allow now, or a string that names no action.

    The message says what was wrong and, where it helps, what is allowed.
    The state it was raised by is left exactly as it was.

    ``IllegalActionError(template, **fields)``: ``template`` is an English
    catalog message (:mod:`herna.core.catalog`) with ``{name}`` fields;
    ``str(error)`` is the English text, :meth:`translated` the text in
    another language. A plain message (no fields) works too.
    """

    def __init__(self, message: str = "", /, **fields: object) -> None:
        self.template = message
        self.fields = fields
        super().__init__(message.format(**fields) if fields else message)

    def translated(self, lang: str) -> str:
        """The message in ``lang`` (``en``, ``cs``), from the catalogs."""
        from .catalog import text

        return text(lang, self.template, **self.fields)


class InvariantError(HernaError, AssertionError):
    """A state that breaks one of its game's invariants (a card in two
    places, a token lost): a bug in herna, never the user's fault."""


class FormatError(HernaError, ValueError):
    """A saved game, scenario or other file that herna cannot read; the message
    names the file part that is wrong."""
