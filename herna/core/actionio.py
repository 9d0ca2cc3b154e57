"""Checking what callers hand to :class:`~herna.core.state.State` as an
action: ids (any integral number type, stored as a plain ``int``) and action
strings (ASCII only, SCENARIOS.md). Shared by every game, so that no game
parser meets a Unicode digit (``'٦'.isdigit()`` is true, ``int('٦') == 6``)
or a Unicode space (``'\\u00a0'.split()`` splits on it).
"""

from __future__ import annotations

import operator
import unicodedata

import numpy as np

from .catalog import N_
from .errors import IllegalActionError

_ENDS = " \t\r\n"


def action_id(value: object) -> int:
    """``value`` as a plain ``int`` action id: any integral type (``int``,
    ``numpy.int64``, anything with ``__index__``) is accepted; ``bool``,
    ``numpy.bool_``, floats, strings and ``None`` raise
    :class:`IllegalActionError` naming what was given. The range is not
    checked here (the game knows its ids)."""
    if type(value) is int:
        return value
    if isinstance(value, (bool, np.bool_)):
        raise IllegalActionError(f"an action id must be an integer, not the bool {value!r}")
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise IllegalActionError(
            f"an action id must be an integer, not {type(value).__name__} {value!r}"
        ) from None


def normalise_action_text(text: str) -> str:
    """``text`` with surrounding ASCII whitespace removed and each run of
    spaces/tabs between words made one space (``"play  SAX6\\n"`` ->
    ``"play SAX6"``). Action strings are ASCII: any other character (a
    Unicode digit such as ``'٦'``, a no-break space, a control character)
    raises :class:`IllegalActionError` naming the character and its code
    point."""
    text = text.strip(_ENDS)
    for char in text:
        if not (" " <= char <= "~" or char == "\t"):
            raise IllegalActionError(
                N_("{text} contains {char} (U+{code}, {name}); action strings use only ASCII letters, "
                   "digits 0-9 and spaces"),
                text=repr(text), char=repr(char), code=f"{ord(char):04X}",
                name=unicodedata.name(char, "a control character"),
            )
    return " ".join(text.split())  # only spaces and tabs are left to split on


def ascii_int(word: str) -> int | None:
    """The value of ``word`` if it is a non-empty run of ASCII digits 0-9,
    else ``None`` (``ascii_int('٦')`` is ``None``, unlike ``int('٦')``)."""
    if word and word.isascii() and word.isdigit():
        return int(word)
    return None
