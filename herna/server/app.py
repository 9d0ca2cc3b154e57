"""The web app: the FastAPI application of ``herna serve`` (WEB-API.md, docs/server.md).

``create_app(db_url, ...)`` builds it from its routers, each a room of one
job: :mod:`~herna.server.api_tables` (tables, moves, lists),
:mod:`~herna.server.api_seats` (seats, names, start, settings),
:mod:`~herna.server.chat`, :mod:`~herna.server.replay`,
:mod:`~herna.server.leavers` (votes, the clock), :mod:`~herna.server.hints`,
:mod:`~herna.server.api_games` (games, words), :mod:`~herna.server.pages_rules`
(the rules pages),
:mod:`~herna.server.ws` (the table WebSocket) and
:mod:`~herna.server.pages` (pages, ``/static``); they share
:mod:`~herna.server.deps`. ``create_app_from_env()`` builds it from
``HERNA_*`` environment variables (uvicorn's app factory, ``herna serve``).

Errors are always ``{"error": "...", "code": "..."}`` (never a trace; a
browser asking for a page that does not exist gets a page with the way
back). The HTTP API is described at ``/openapi.json``; there is no
interactive docs page (it would need scripts from outside the server, which
the pages' Content-Security-Policy forbids).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from importlib.metadata import PackageNotFoundError, version
from typing import AsyncIterator

from fastapi import FastAPI, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse
from starlette.exceptions import HTTPException

from . import api_games, api_seats, api_tables, chat, hints, leavers, pages, pages_rules, replay, review, ws
from .botpool import BotPool
from .bus import Bus, LocalBus, check_prefix, default_prefix
from .bus_redis import RedisBus
from .chat import ChatService
from .db import Database, normalise_url
from .errors import ServiceError, error_response
from .gc_tuning import tune_gc
from .hints import HintService
from .leavers import Leavers
from .middleware import MAX_BODY, BodyLimit, SecurityHeaders
from .origin import OriginPolicy
from .serve import die_with_supervisor
from .tables import TableService
from .ws import CONNECT_LIMIT, GOING_AWAY, AddressLimits, Connection, check_connect_limit

log = logging.getLogger("herna.server")

TEST_SEED_ENV = "HERNA_TEST_SEED"
"""Environment variable of the tests' fixed seed (``create_app(seed=...)``); never set it for real play."""
DEFAULT_PUBLIC_URL = "http://127.0.0.1:8000"
"""The public origin of an app made without one (``herna serve`` always gives one)."""
ROUTERS = (api_tables.router, api_seats.router, chat.router, replay.router, review.router, leavers.router,
           hints.router, api_games.router, pages_rules.router, ws.router, pages.router)

_HTTP_CODES = {400: "bad_request", 401: "unauthorized", 403: "forbidden", 404: "not_found",
               405: "method_not_allowed", 409: "conflict", 413: "too_large", 415: "unsupported_media_type",
               422: "invalid", 429: "too_many_requests"}

NOT_FOUND_PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Page not found – herna</title>
<link rel="stylesheet" href="/static/app.css">
</head>
<body>
<main id="main" class="rules">
<h1>Page not found</h1>
<p>There is no page at this address. Check the link, or go back to the <a href="/">lobby</a>.</p>
<p lang="cs">Na této adrese žádná stránka není. Zkontroluj odkaz, nebo se vrať do <a href="/">herny</a>.</p>
</main>
</body>
</html>
"""
"""The answer to a browser asking for a page that does not exist (404)."""


def wants_page(request: Request) -> bool:
    """Whether ``request`` is a browser asking for a page (not the API, the
    socket or a static file): its 404 is a page with the way back, not JSON."""
    path = request.url.path
    return (request.method in ("GET", "HEAD") and not path.startswith(("/api/", "/ws/", "/static/"))
            and "text/html" in request.headers.get("accept", ""))


def _install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(ServiceError)
    async def _service_error(request: Request, error: ServiceError) -> Response:
        if error.status == 404 and wants_page(request):
            return HTMLResponse(NOT_FOUND_PAGE, status_code=404)
        return error_response(error.status, error.code, error.message, **error.extra)

    @app.exception_handler(HTTPException)
    async def _http_error(request: Request, error: HTTPException) -> Response:
        if error.status_code == 404 and wants_page(request):
            return HTMLResponse(NOT_FOUND_PAGE, status_code=404)
        code = _HTTP_CODES.get(error.status_code, "error")
        detail = error.detail if isinstance(error.detail, str) else code.replace("_", " ")
        response = error_response(error.status_code, code, detail)
        if error.headers:
            response.headers.update(error.headers)
        return response

    @app.exception_handler(RequestValidationError)
    async def _validation_error(request: Request, error: RequestValidationError) -> JSONResponse:
        problems = list(error.errors())
        if any(p.get("type") == "json_invalid" for p in problems):
            return error_response(400, "bad_json", "the body is not valid JSON")
        parts = []
        for problem in problems[:5]:
            where = ".".join(str(p) for p in problem.get("loc", ()) if p != "body") or "body"
            parts.append(f"{where}: {problem.get('msg', 'invalid')}")
        return error_response(422, "invalid", "; ".join(parts) or "invalid request")

    @app.exception_handler(Exception)
    async def _internal_error(request: Request, error: Exception) -> JSONResponse:
        log.error("internal error on %s %s", request.method, request.url.path, exc_info=error)
        return error_response(500, "internal", "internal server error")


class Settings:
    """What one app serves (:func:`create_app`'s arguments, checked)."""

    def __init__(self, db_url: str | None = None, redis_url: str | None = None, data_dir: str | None = None,
                 bot_workers: int | None = None, extra_origins: tuple[str, ...] = (), migrate: bool = True,
                 resume: bool = True, bus: Bus | None = None, seed: int | None = None, pace_scale: float = 1.0,
                 public_url: str | None = None, listen_host: str | None = None,
                 redis_prefix: str | None = None, connect_limit: object = CONNECT_LIMIT) -> None:
        self.connect_limit = check_connect_limit(connect_limit)
        self.db_url = normalise_url(db_url, data_dir)
        self.redis_url = redis_url
        self.bot_workers = bot_workers
        self.origins = OriginPolicy(public_url or DEFAULT_PUBLIC_URL, extra_origins, listen_host)
        self.migrate = migrate
        self.resume = resume
        self.bus = bus
        self.seed = seed
        if pace_scale < 0:
            raise ValueError(f"the pace scale must be 0 or more, not {pace_scale}")
        self.pace_scale = pace_scale
        self.redis_prefix = check_prefix(redis_prefix) if redis_prefix else default_prefix(self.db_url)


def make_bus(redis_url: str | None, prefix: str) -> Bus:
    """The bus between server processes: :class:`LocalBus` without
    ``redis_url`` (one process), else the Redis bus on channels named with ``prefix``."""
    return RedisBus(redis_url, prefix=prefix) if redis_url else LocalBus()


def create_app(db_url: str | None = None, redis_url: str | None = None, *, data_dir: str | None = None,
               bot_workers: int | None = None, extra_origins: tuple[str, ...] = (), migrate: bool = True,
               resume: bool = True, bus: Bus | None = None, seed: int | None = None, pace_scale: float = 1.0,
               public_url: str | None = None, listen_host: str | None = None,
               redis_prefix: str | None = None, connect_limit: object = CONNECT_LIMIT) -> FastAPI:
    """The herna web app (module docstring). ``db_url``: ``None`` (SQLite in
    ``data_dir`` or the user data folder), ``sqlite:///PATH`` or
    ``postgresql://...``; ``redis_url`` selects the Redis bus (several
    workers) with channels named by ``redis_prefix`` (default: from the
    database URL, :func:`herna.server.bus.default_prefix`); ``bus``
    overrides the bus (tests). ``public_url``: the server's public origin
    (links, and the pages allowed to use a seat; ``listen_host``: the address
    it listens on, :class:`herna.server.origin.OriginPolicy`);
    ``extra_origins``: other pages allowed. ``pace_scale`` multiplies the
    pauses between the server's moves (0: none). ``seed`` (tests only): the
    tables' secret seeds are derived from it, and from the test's name a
    creation names (:meth:`TableService.new_seed`), so that a failing test
    can be run again with the same games. ``ValueError`` for a bad URL, origin or prefix. The
    database is opened, the schema migrated and unfinished tables resumed
    when the app starts (its lifespan). ``connect_limit``: new WebSockets per
    client address, ``(burst, per_second)`` or ``"BURST/RATE"``, ``None``
    for no limit (:func:`herna.server.ws.check_connect_limit`)."""
    settings = Settings(db_url, redis_url, data_dir, bot_workers, extra_origins, migrate, resume, bus, seed,
                        pace_scale, public_url, listen_host, redis_prefix, connect_limit)
    connections: set[Connection] = set()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        db = await asyncio.to_thread(Database, settings.db_url, settings.migrate)
        service = TableService(db, BotPool(settings.bot_workers),
                               settings.bus or make_bus(settings.redis_url, settings.redis_prefix),
                               seed=settings.seed, pace_scale=settings.pace_scale)
        if settings.seed is not None:
            log.warning("tables are dealt from the fixed test seed %d (%s): not for real play",
                        settings.seed, TEST_SEED_ENV)
        app.state.service = service
        app.state.leavers = Leavers(service)
        app.state.hints = HintService(service)
        app.state.chat = ChatService(service)
        await service.start(resume=settings.resume)
        tune_gc()
        try:
            yield
        finally:
            for connection in list(connections):
                await connection.close(GOING_AWAY, "server shutting down")
            app.state.leavers.close()
            app.state.hints.close()
            await service.close()

    app = FastAPI(title="herna", version=_version(), lifespan=lifespan,
                  description="The authoritative server of herna's browser app (WEB-API.md).",
                  docs_url=None, redoc_url=None, openapi_url="/openapi.json")
    app.state.settings = settings
    app.state.origins = settings.origins
    app.state.connections = connections
    app.state.limits = AddressLimits(settings.connect_limit)
    for router in ROUTERS:
        app.include_router(router)
    app.mount("/static", pages.assets(), name="static")
    app.add_middleware(BodyLimit, limit=MAX_BODY)
    app.add_middleware(SecurityHeaders)
    _install_error_handlers(app)
    return app


def create_app_from_env() -> FastAPI:
    """The app configured by the environment (uvicorn ``factory=True``):
    ``HERNA_DB`` (URL), ``HERNA_DATA_DIR``, ``HERNA_REDIS``,
    ``HERNA_REDIS_PREFIX``, ``HERNA_BOT_WORKERS`` (int), ``HERNA_PUBLIC_URL``,
    ``HERNA_LISTEN_HOST``, ``HERNA_ORIGINS`` (comma-separated extra origins),
    ``HERNA_PACE_SCALE`` (a number), ``HERNA_CONNECT_LIMIT`` (``BURST/RATE``
    or ``0``; unset: :data:`~herna.server.ws.CONNECT_LIMIT`), ``HERNA_MIGRATE`` (``0``: the schema is
    migrated already), :data:`TEST_SEED_ENV` (tests only: an int from which
    the tables' seeds are derived)."""
    die_with_supervisor()  # a worker of --workers N ends with its supervisor, even one killed with -9
    env = os.environ
    workers = env.get("HERNA_BOT_WORKERS")
    test_seed = env.get(TEST_SEED_ENV)
    return create_app(
        env.get("HERNA_DB") or None, env.get("HERNA_REDIS") or None,
        data_dir=env.get("HERNA_DATA_DIR") or None,
        bot_workers=int(workers) if workers not in (None, "") else None,
        extra_origins=tuple(env.get("HERNA_ORIGINS", "").split(",")),
        migrate=env.get("HERNA_MIGRATE", "1") != "0",
        seed=int(test_seed) if test_seed else None,
        pace_scale=float(env.get("HERNA_PACE_SCALE") or 1.0),
        public_url=env.get("HERNA_PUBLIC_URL") or None,
        listen_host=env.get("HERNA_LISTEN_HOST") or None,
        redis_prefix=env.get("HERNA_REDIS_PREFIX") or None,
        connect_limit=env.get("HERNA_CONNECT_LIMIT") or CONNECT_LIMIT,
    )


def _version() -> str:
    try:
        return version("herna")
    except PackageNotFoundError:  # pragma: no cover - a source checkout
        return "0"
