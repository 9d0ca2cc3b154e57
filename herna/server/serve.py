"""``herna serve``: run the web server (docs/server.md).

:func:`main` checks the command line, opens the database and migrates its
schema once, binds the port, then runs uvicorn with the app factory
(:func:`herna.server.app.create_app_from_env`, configured by ``HERNA_*``
environment variables, so that each worker process builds the same app).
When the server accepts connections it prints one line::

    herna is ready: open http://127.0.0.1:8000/

SIGINT/SIGTERM shut it down gracefully: WebSockets are closed with 1001,
bot processes stopped, the database closed. Several workers
(``--workers N``) need PostgreSQL and Redis (a shared database and a bus).
``--public-url`` is the address people open (links, and the pages allowed
to use a seat: :mod:`herna.server.origin`); ``--pace-scale`` multiplies the
pauses between the server's own moves (0: none); ``--redis-prefix`` names the
Redis channels (default: from the database URL); ``--connect-limit BURST/RATE``
limits the new WebSockets of one client address (``0``: no limit; each
worker counts its own).
"""

from __future__ import annotations

import copy
import ctypes
import logging
import os
import signal
import socket
import sys
import time
from pathlib import Path
from typing import Any

import uvicorn
from uvicorn.config import LOGGING_CONFIG
from uvicorn.supervisors import Multiprocess

from .bus import check_prefix, default_prefix
from .db import Database, is_sqlite, normalise_url
from .origin import WILDCARD, OriginPolicy, url_of
from .ws import CONNECT_LIMIT, check_connect_limit

WS_MAX_SIZE = 1024 * 1024
"""Frames over this many bytes close a WebSocket (1009); 64 KiB..1 MiB get an error message.
WebSocket compression (permessage-deflate) is off: state messages are small, and compressing
them cost as much event-loop time as building them (herna bench server)."""
GRACEFUL_SECONDS = 5
"""How long shutting down waits for open requests (seconds)."""
WORKERS_READY_SECONDS = 60.0
"""How long ``--workers N`` waits for each worker's start-up before saying it is ready anyway."""


class ServeError(Exception):
    """A command line or setup ``herna serve`` cannot run with; the message is one line."""


def bind(host: str, port: int) -> socket.socket:
    """A listening TCP socket on ``host:port`` (``port`` 0: a free one).
    :class:`ServeError` if it cannot be had (port in use, unknown host)."""
    try:
        infos = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except OSError as error:
        raise ServeError(f"cannot listen on {host}:{port}: {error.strerror or error}") from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if family == socket.AF_INET6:
            sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
        sock.bind(address)
        sock.listen(2048)
    except OSError as error:
        sock.close()
        raise ServeError(f"cannot listen on {host}:{port}: {error.strerror or error}") from None
    sock.set_inheritable(True)
    return sock


CLIENT_FAULTS = ("Invalid UTF-8 sequence received from client",)
"""Messages uvicorn logs as server errors (with a traceback) for what a client sent."""


class ClientFaults(logging.Filter):
    """Log a client's fault that uvicorn reports as an exception (a text frame
    that is not UTF-8: the connection is closed with 1007, as RFC 6455 asks)
    as a one-line warning: it is no error of the server."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str) and record.msg.startswith(CLIENT_FAULTS):
            record.levelno, record.levelname = logging.WARNING, "WARNING"
            record.exc_info = record.exc_text = None
            record.msg = f"{record.msg.rstrip('.')}: the connection is closed (1007)"
        return True


def log_config(level: str) -> dict[str, Any]:
    """uvicorn's logging set-up, with herna's own logger beside it and
    :class:`ClientFaults` on uvicorn's error log."""
    config = copy.deepcopy(LOGGING_CONFIG)
    config["loggers"]["herna"] = {"handlers": ["default"], "level": level.upper(), "propagate": False}
    config.setdefault("filters", {})["client_faults"] = {"()": ClientFaults}
    config["loggers"]["uvicorn.error"]["filters"] = ["client_faults"]
    return config


SUPERVISOR_ENV = "HERNA_SUPERVISOR_PID"
"""The process id of ``herna serve --workers N``'s supervising process, in its workers' environment."""


def die_with_supervisor() -> None:
    """In a worker of ``--workers N`` (:data:`SUPERVISOR_ENV` set): end it with
    SIGTERM when its supervising process dies, even by ``kill -9`` (Linux's
    ``PR_SET_PDEATHSIG``), so that no orphan keeps the port; a worker whose
    supervisor is already gone ends at once. Elsewhere (another OS, one worker)
    nothing happens."""
    supervisor = os.environ.get(SUPERVISOR_ENV)
    if not supervisor or not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGTERM, 0, 0, 0)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # pragma: no cover - a libc without prctl
        return
    if os.getppid() != int(supervisor):  # it died before the signal was asked for
        os.kill(os.getpid(), signal.SIGTERM)


class Workers(Multiprocess):
    """uvicorn's worker processes, saying ``ready`` once every worker has
    started (its app's start-up done) or :data:`WORKERS_READY_SECONDS` passed."""

    def __init__(self, config: uvicorn.Config, sockets: list[socket.socket], ready: str) -> None:
        super().__init__(config, sockets=sockets)
        self.ready = ready

    def init_processes(self) -> None:
        super().init_processes()
        deadline = time.monotonic() + WORKERS_READY_SECONDS
        for process in self.processes:
            wait = getattr(process, "wait_until_ready", None)  # uvicorn 0.37+; before it, ready at once
            if wait is not None:
                wait(max(0.0, deadline - time.monotonic()), self.should_exit)
        print(self.ready, flush=True)


def check(db_url: str, workers: int, redis: str | None) -> None:
    """:class:`ServeError` for a set-up that cannot work (several workers on
    SQLite or without Redis)."""
    if workers < 1:
        raise ServeError(f"--workers must be at least 1, not {workers}")
    if workers > 1 and (is_sqlite(db_url) or not redis):
        raise ServeError(f"--workers {workers} needs PostgreSQL (--db postgresql://...) and Redis "
                         "(--redis redis://...); with SQLite herna serves one worker")


def main(host: str = "127.0.0.1", port: int = 8000, db: str | None = None, workers: int = 1,
         redis: str | None = None, data_dir: str | Path | None = None, bot_workers: int | None = None,
         origins: tuple[str, ...] = (), log_level: str = "info", public_url: str | None = None,
         pace_scale: float = 1.0, redis_prefix: str | None = None, connect_limit: str | None = None) -> int:
    """Run the server until it is stopped; returns the exit status (module docstring).
    :class:`ServeError` (one line) for a bad set-up."""
    try:
        db_url = normalise_url(db, data_dir)
    except ValueError as error:
        raise ServeError(str(error)) from None
    check(db_url, workers, redis)
    if not 0 <= port <= 65535:
        raise ServeError(f"--port must be 0..65535, not {port}")
    if not pace_scale >= 0:
        raise ServeError(f"--pace-scale must be 0 or more, not {pace_scale}")
    try:
        prefix = check_prefix(redis_prefix) if redis_prefix else default_prefix(db_url)
    except ValueError as error:
        raise ServeError(f"--redis-prefix: {error}") from None
    try:
        limit = check_connect_limit(CONNECT_LIMIT if connect_limit is None else connect_limit)
    except ValueError as error:
        raise ServeError(f"--connect-limit: {error}") from None
    try:
        OriginPolicy(public_url or "http://127.0.0.1", origins)
    except ValueError as error:
        raise ServeError(f"--public-url or --origin: {error}") from None
    try:
        Database(db_url, migrate=True).close()
    except Exception as error:  # noqa: BLE001 - any driver error, told in one line
        raise ServeError(f"cannot open the database: {' '.join(str(error).split())[:300]}") from None
    sock = bind(host, port)
    port = sock.getsockname()[1]
    public = public_url or url_of(host, port)
    if public_url is None and host in WILDCARD:
        print(f"herna listens on every interface; its links start with {public}: give --public-url "
              "http://ADDRESS:PORT so that they reach other machines", file=sys.stderr, flush=True)
    os.environ.update({"HERNA_DB": db_url, "HERNA_MIGRATE": "0", "HERNA_REDIS": redis or "",
                       "HERNA_REDIS_PREFIX": prefix, "HERNA_PUBLIC_URL": public, "HERNA_LISTEN_HOST": host,
                       "HERNA_PACE_SCALE": repr(float(pace_scale)),
                       "HERNA_CONNECT_LIMIT": "0" if limit is None else f"{limit[0]}/{limit[1]:g}",
                       "HERNA_BOT_WORKERS": "" if bot_workers is None else str(bot_workers),
                       "HERNA_ORIGINS": ",".join(origins), "HERNA_DATA_DIR": str(data_dir or "")})
    config = uvicorn.Config("herna.server.app:create_app_from_env", factory=True, host=host, port=port,
                            workers=workers, ws_max_size=WS_MAX_SIZE, ws_per_message_deflate=False,
                            timeout_graceful_shutdown=GRACEFUL_SECONDS,
                            log_config=log_config(log_level), log_level=log_level, lifespan="on")
    ready = f"herna is ready: open {public}/"
    if workers > 1:
        os.environ[SUPERVISOR_ENV] = str(os.getpid())  # each worker ends with this process (die_with_supervisor)
        Workers(config, sockets=[sock], ready=ready).run()
        return 0

    class Server(uvicorn.Server):
        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets)
            if self.started and not self.should_exit:
                print(ready, flush=True)

    try:
        Server(config).run(sockets=[sock])
    except SystemExit as stop:
        return int(stop.code) if isinstance(stop.code, int) else 1
    finally:
        sock.close()
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
