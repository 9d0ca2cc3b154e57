"""Change notices between server processes (docs/server.md).

After a process stores a **step** of a table (one seat's move and the chance
draws it caused, :mod:`herna.server.live`) it calls ``bus.publish(table_id,
seq, step)``, ``step`` a :data:`Step`: the stored rows themselves. Every
other process gets ``on_step(table_id, seq, step)`` and applies the rows to
its cached copy of the table (the engines are deterministic: the same state
and the same actions give the same state), then sends the new state to its
own WebSockets; it reads the database only when the step does not follow on
from its copy (a gap: a lost or reordered notice). The database stays the
only truth: a step is published only after its transaction committed, so a
lost notice delays an update but never corrupts one. A change that is not a
step (seats, votes, settings) is published without one, ``on_change(table_id,
seq)``, and read back from the database. A chat message (public to the
table's connections anyway) travels whole: ``bus.publish_chat(table_id,
message)`` -> ``on_chat(table_id, message)``.

:class:`LocalBus` serves one process; the Redis bus
(:mod:`herna.server.bus_redis`) several, on channels named with a prefix
(:func:`default_prefix`: two deployments sharing one Redis never hear each other).
"""

from __future__ import annotations

import hashlib
import logging
import re
from typing import Any, Awaitable, Callable

from sqlalchemy.engine import URL, make_url

OnChange = Callable[[str, int], Awaitable[None]]
"""``on_change(table_id, seq)``: a table changed; ``seq`` is its seq after the change."""
OnResync = Callable[[], Awaitable[None]]
"""``on_resync()``: notices may have been lost (the bus was cut off); catch up on every table served."""
OnChat = Callable[[str, dict], Awaitable[None]]
"""``on_chat(table_id, message)``: a chat message of a table, from another process."""
Step = dict[str, Any]
"""A stored step as it travels between processes: ``{"start": int, "rows": [[action, actor, made_by], ...],
"status": str}``: the table's seq before the step, its stored rows in order (action string, the acting seat or
``-1`` for chance, who made a person's move or ``None``) and the table's status after it."""
OnStep = Callable[[str, int, Step], Awaitable[None]]
"""``on_step(table_id, seq, step)``: another process stored ``step`` of a table, which is now at ``seq``."""


def check_step(step: object, seq: int) -> Step:
    """``step`` if it is a well-formed :data:`Step` ending at ``seq``, else ``ValueError``."""
    if not isinstance(step, dict):
        raise ValueError("a step is an object")
    start, rows, status = step.get("start"), step.get("rows"), step.get("status")
    if not isinstance(start, int) or not isinstance(rows, list) or not rows or start + len(rows) != seq:
        raise ValueError(f"a step's start and rows must end at its seq {seq}")
    if not isinstance(status, str):
        raise ValueError("a step's status is a string")
    for row in rows:
        if not (isinstance(row, list) and len(row) == 3 and isinstance(row[0], str) and isinstance(row[1], int)
                and (row[2] is None or isinstance(row[2], str))):
            raise ValueError(f"a step's row is [action, actor, made_by], not {row!r:.80}")
    return step
PREFIX = re.compile(r"[A-Za-z0-9_.:-]{1,64}")
"""What a Redis channel prefix may be."""


def default_prefix(db_url: str) -> str:
    """The Redis channel prefix of a deployment: ``herna-`` and 12 hex digits
    of a hash of its database URL (without a password): the processes of one
    deployment share it, two deployments on one Redis do not."""
    try:
        parts = make_url(db_url)
        url = URL.create(parts.drivername, parts.username, None, parts.host, parts.port, parts.database,
                         parts.query).render_as_string(hide_password=False)
    except Exception:  # noqa: BLE001 - any string names a deployment
        url = db_url
    return "herna-" + hashlib.sha256(url.encode("utf-8")).hexdigest()[:12]


def check_prefix(prefix: str) -> str:
    """``prefix`` if it may name Redis channels (:data:`PREFIX`), else ``ValueError``."""
    if not isinstance(prefix, str) or not PREFIX.fullmatch(prefix):
        raise ValueError(f"a Redis prefix is 1 to 64 letters, digits and '_.:-', not {prefix!r}")
    return prefix

log = logging.getLogger("herna.server")


class Bus:
    """Broadcast of table changes between server processes."""

    async def start(self, on_change: OnChange, on_resync: OnResync | None = None,
                    on_chat: OnChat | None = None, on_step: OnStep | None = None) -> None:
        """Begin delivering notices to ``on_change`` (steps to ``on_step``,
        or as plain notices to ``on_change`` without one; chat messages to
        ``on_chat``); a bus that may lose notices (a connection cut) calls
        ``on_resync()`` when it is back."""
        raise NotImplementedError

    async def publish(self, table_id: str, seq: int, step: Step | None = None) -> None:
        """Tell every process that ``table_id`` changed and is now at ``seq``:
        by the ``step`` that brought it there, or (``None``) a change of
        seats or settings (seat changes publish the same seq again)."""
        raise NotImplementedError

    async def publish_chat(self, table_id: str, message: dict[str, Any]) -> None:
        """Hand a chat message of ``table_id`` to the other processes."""
        raise NotImplementedError

    async def close(self) -> None:
        """Stop delivering; release connections."""
        raise NotImplementedError


class LocalBus(Bus):
    """The bus of a single process: the process that stored a change already
    holds it, so a notice has nowhere else to go. ``echo=True`` delivers each
    notice back to ``on_change`` (as a remote bus would; for tests)."""

    def __init__(self, echo: bool = False) -> None:
        self.echo = echo
        self._on_change: OnChange | None = None

    async def start(self, on_change: OnChange, on_resync: OnResync | None = None,
                    on_chat: OnChat | None = None, on_step: OnStep | None = None) -> None:
        self._on_change = on_change

    async def publish_chat(self, table_id: str, message: dict[str, Any]) -> None:
        """Nothing to do: this process told its own connections already."""

    async def publish(self, table_id: str, seq: int, step: Step | None = None) -> None:
        if self.echo and self._on_change is not None:
            try:
                await self._on_change(table_id, seq)
            except Exception:  # noqa: BLE001 - a notice never breaks the publisher
                log.exception("bus notice for table %s failed", table_id)

    async def close(self) -> None:
        self._on_change = None
