"""Reading JSON text that a user handed to herna (saved games, scenarios,
replays): one place that turns every way such text can be bad into a
one-line :class:`~herna.core.errors.FormatError`, never a stack trace.
"""

from __future__ import annotations

import json
from typing import Any

from .errors import FormatError

MAX_DEPTH = 64
"""Deepest nesting of arrays/objects accepted. herna's own files nest at most
about five levels; anything far deeper is not a herna file, and very deep
nesting would exhaust Python's recursion limit (``"[" * 100000``)."""


def _refuse_constant(name: str) -> Any:
    raise FormatError(f"not JSON: {name} is not a JSON value")


def loads(text: str | bytes | bytearray) -> Any:
    """Parse JSON ``text`` (``str``, or UTF-8/16/32 ``bytes``) into Python
    values (dict, list, str, int, float, bool, None).

    Strict JSON: ``NaN``/``Infinity`` are refused. Raises
    :class:`FormatError` with a one-line reason for text that is not JSON,
    bytes that are not valid Unicode, or nesting deeper than
    :data:`MAX_DEPTH` levels (``"nested too deeply"``), and ``TypeError`` if
    ``text`` is not text at all.
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise TypeError(f"JSON text must be str or bytes, not {type(text).__name__}")
    try:
        data = json.loads(text, parse_constant=_refuse_constant)
    except RecursionError:
        raise FormatError(f"not JSON that herna reads: nested too deeply (more than {MAX_DEPTH} levels)") from None
    except UnicodeDecodeError as error:
        raise FormatError(f"not JSON: the bytes are not valid UTF-8/16/32 text ({error.reason})") from None
    except json.JSONDecodeError as error:
        raise FormatError(f"not JSON: {error}") from None
    check_depth(data)
    return data


def check_depth(data: Any, limit: int = MAX_DEPTH) -> None:
    """Raise :class:`FormatError` if lists/dicts in ``data`` nest more than
    ``limit`` levels deep (a scalar is depth 0, ``[]`` depth 1). Iterative, so
    it is safe on any depth."""
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, (list, dict)):
            depth += 1
            if depth > limit:
                raise FormatError(f"not JSON that herna reads: nested too deeply (more than {limit} levels)")
            children = node.values() if isinstance(node, dict) else node
            stack.extend((child, depth) for child in children if isinstance(child, (list, dict)))
