"""The web app: HTTP API, table WebSocket, pages (WEB-API.md, docs/server.md).

``create_app(db_url, ...)`` builds the FastAPI app; ``create_app_from_env()``
builds it from ``HERNA_*`` environment variables (uvicorn's app factory,
``herna serve``).

HTTP (JSON; errors are always ``{"error": "...", "code": "..."}``, never a trace):

- ``POST /api/tables`` 201 ``{"table", "seats": [{"seat", "token",
  "join_url"} | null], "spectator_url"}``; ``GET /api/tables?status=open``;
  ``GET /api/tables/{id}?lang=`` (the state message of the token's seat, or
  the spectator's); ``POST /api/tables/{id}/actions`` ``{"action", "seq"}``
  200 ``{"seq": N+1, "table_seq"}``, 409 ``{"seq"}``, 422, 403;
  ``POST /api/tables/{id}/rematch`` 201; ``POST /api/tables/{id}/claim``
  (sets the seat's cookie) and ``DELETE`` (drops it);
- ``GET /api/games?lang=``, ``GET /api/i18n/{lang}``, ``GET /api/health``;
- ``GET /rules/{game}?lang=`` (HTML), ``/``, ``/t/{id}``, ``/t/{id}/join``,
  ``/help`` (the pages of ``herna/web``), ``/static/...``.

WebSocket ``/ws/tables/{id}?lang=``: :mod:`herna.server.ws`.

Tokens come in ``Authorization: Bearer``, the cookie ``herna_{id}``
(HttpOnly, SameSite=Lax) or a WebSocket ``hello``. A bearer token that
opens no seat of the table is refused (403) even where a spectator needs
none; a stale cookie is ignored. A request authenticated by the cookie with
an ``Origin`` that is not the server's own is refused (403). Bodies over
64 KiB get 413 (by ``Content-Length`` and by counting the streamed body).
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import importlib
import importlib.util
import inspect
import logging
import os
import re
from importlib import resources
from pathlib import Path
from types import ModuleType
from typing import Any, AsyncIterator

from fastapi import Depends, FastAPI, Query, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket

from herna.core import Game, record
from herna.core.catalog import LANGS, text
from herna.core.registry import available_games

from . import auth, texts
from .botpool import BOT_LABELS, BotPool, describe_bots
from .bus import Bus, make_bus
from .db import Database, normalise_url
from .gc_tuning import tune_gc
from .messages import readouts_message, state_message
from .tables import STATUSES, LiveTable, ServiceError, TableService
from .ws import GOING_AWAY, Connection, origin_allowed, serve_socket

log = logging.getLogger("herna.server")

MAX_BODY = 64 * 1024
"""The largest request body (bytes); larger ones get 413."""
WEB_DIR = Path(__file__).resolve().parent.parent / "web"
"""The browser app's files (``herna/web``)."""
TEST_SEED_ENV = "HERNA_TEST_SEED"
"""Environment variable of the tests' fixed seed (``create_app(seed=...)``); never set it for real play."""
COOKIE_DAYS = 30
"""How long a seat cookie lasts (days)."""
PAGE_CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
            "connect-src 'self' ws: wss:; object-src 'none'; base-uri 'none'; form-action 'self'; "
            "frame-ancestors 'none'")
"""The Content-Security-Policy of every HTML answer (no inline scripts)."""


# ----- errors --------------------------------------------------------------------------------------------

def error_response(status: int, code: str, message: str, **extra: Any) -> JSONResponse:
    """The JSON error answer ``{"error", "code", ...extra}``."""
    return JSONResponse({"error": message, "code": code, **extra}, status_code=status)


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


# ----- middleware ----------------------------------------------------------------------------------------

class BodyLimit:
    """413 for a request body over ``limit`` bytes: at once by its
    ``Content-Length``, and while it streams in (a chunked body or a lying
    header) by counting what the app reads."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def _refuse(self, send: Send, status: int = 413, message: str | None = None) -> None:
        response = error_response(status, "too_large" if status == 413 else "bad_request",
                                  message or f"the body is over {self.limit} bytes")
        await send({"type": "http.response.start", "status": response.status_code,
                    "headers": response.raw_headers})
        await send({"type": "http.response.body", "body": response.body})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    length = int(value)
                except ValueError:
                    await self._refuse(send, 400, "bad Content-Length")
                    return
                if length > self.limit:
                    await self._refuse(send)
                    return
        received = 0
        started = False

        async def limited_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    raise HTTPException(413, f"the body is over {self.limit} bytes")
            return message

        async def tracking_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, limited_receive, tracking_send)
        except HTTPException as error:
            if started or error.status_code != 413:
                raise
            await self._refuse(send)


class SecurityHeaders:
    """Headers on every HTTP answer: ``nosniff``, no referrer, no framing; a
    Content-Security-Policy on HTML."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                names = {name.lower() for name, _ in headers}
                extra = [(b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer"),
                         (b"x-frame-options", b"DENY")]
                content_type = dict(headers).get(b"content-type", b"")
                if content_type.startswith(b"text/html"):
                    extra.append((b"content-security-policy", PAGE_CSP.encode()))
                headers += [(n, v) for n, v in extra if n not in names]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_headers)


# ----- request bodies ----------------------------------------------------------------------------------

class SeatSpec(BaseModel):
    """A seat given as an object: ``{"kind": "human", "name": "Eva"}``."""

    kind: str
    name: str | None = None


class CreateTable(BaseModel):
    """``POST /api/tables``: ``seats`` one entry per player (``human`` or a bot
    kind: ``easy``, ``medium``, ``hard``, ``greedy``, ``random``,
    ``ismcts:<budget>``); ``options`` the game's (``players`` follows from
    ``seats``); ``names`` optional players' names per seat; ``settings`` the
    leaver settings (:func:`herna.server.leavers.check_settings`: ``away_after``,
    ``clock``, ``leaver_bot``; all off by default)."""

    game: Any = Field(description="ugo, trumfosaur or kurnik")
    options: Any = Field(default_factory=dict)
    seats: Any = Field(description='["human", "greedy", ...] or [{"kind", "name"}, ...]')
    names: Any = None
    settings: Any = Field(default=None, description='{"away_after": seconds, "clock": seconds, "leaver_bot": '
                                                    '"easy" | "medium" | "hard"}; null fields are off')


class ActionBody(BaseModel):
    """``POST /api/tables/{id}/actions``: an action string and the table's seq it answers."""

    action: Any = Field(description="an action string, e.g. 'play red5'")
    seq: Any = Field(description="the table's seq from the last state")


def service_of(request: Request) -> TableService:
    """The app's :class:`TableService`."""
    service: TableService = request.app.state.service
    return service


async def table_of(table_id: str, request: Request) -> LiveTable:
    """The table of the path (404 ``not_found``)."""
    return await service_of(request).get(table_id)


def check_origin(request: Request) -> None:
    """403 for a request from another site (a cookie-authenticated write)."""
    origin = request.headers.get("origin")
    if origin is not None and not origin_allowed(origin, request.headers.get("host"), request.url.scheme,
                                                  request.app.state.settings.extra_origins):
        raise ServiceError(403, "forbidden", "a request from another site cannot use this seat's cookie")


def token_seat(request: Request, table: LiveTable, required: bool) -> int | None:
    """The seat of the request's token (bearer, else cookie); ``None`` for
    a spectator. 403 for a bearer token that opens no seat here, and when
    ``required`` and there is no seat."""
    service = service_of(request)
    token = auth.bearer(request.headers)
    if token is not None:
        seat = service.seat_of(table, token)
        if seat is None:
            raise ServiceError(403, "forbidden", "this token opens no seat of this table")
        return seat
    cookie = request.cookies.get(auth.cookie_name(table.id))
    seat = service.seat_of(table, cookie) if cookie else None
    if seat is not None and request.method not in ("GET", "HEAD"):
        check_origin(request)
    if seat is None and required:
        raise ServiceError(403, "forbidden", "this needs the seat's token (Authorization: Bearer, "
                                             "or open your join link)")
    return seat


async def optional_seat(request: Request, table: LiveTable = Depends(table_of)) -> int | None:
    """The token's seat, or ``None`` (a spectator)."""
    return token_seat(request, table, False)


async def required_seat(request: Request, table: LiveTable = Depends(table_of)) -> int:
    """The token's seat (403 without one)."""
    seat = token_seat(request, table, True)
    assert seat is not None
    return seat


# ----- the app ------------------------------------------------------------------------------------------

class Settings:
    """What one app serves: the database URL, the Redis URL, the bot
    processes (``None``: one per CPU, 0: threads), extra allowed origins,
    whether to migrate the schema and resume tables at start."""

    def __init__(self, db_url: str | None = None, redis_url: str | None = None, data_dir: str | None = None,
                 bot_workers: int | None = None, extra_origins: tuple[str, ...] = (), migrate: bool = True,
                 resume: bool = True, bus: Bus | None = None, seed: int | None = None) -> None:
        self.db_url = normalise_url(db_url, data_dir)
        self.seed = seed
        self.redis_url = redis_url
        self.bot_workers = bot_workers
        self.extra_origins = frozenset(o.strip().rstrip("/") for o in extra_origins if o.strip())
        self.migrate = migrate
        self.resume = resume
        self.bus = bus


def create_app(db_url: str | None = None, redis_url: str | None = None, *, data_dir: str | None = None,
               bot_workers: int | None = None, extra_origins: tuple[str, ...] = (), migrate: bool = True,
               resume: bool = True, bus: Bus | None = None, seed: int | None = None) -> FastAPI:
    """The herna web app (module docstring). ``db_url``: ``None`` (SQLite in
    ``data_dir`` or the user data folder), ``sqlite:///PATH`` or
    ``postgresql://...``; ``redis_url`` selects the Redis bus (several
    workers); ``bus`` overrides the bus (tests). The database is opened, the
    schema migrated and unfinished tables resumed when the app starts
    (its lifespan). ``seed`` (tests only): the tables' secret seeds are
    derived from it in creation order (:meth:`TableService.new_seed`),
    so that a failing test can be run again with the same games."""
    settings = Settings(db_url, redis_url, data_dir, bot_workers, extra_origins, migrate, resume, bus, seed)
    connections: set[Connection] = set()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        db = await asyncio.to_thread(Database, settings.db_url, settings.migrate)
        service = TableService(db, BotPool(settings.bot_workers), settings.bus or make_bus(settings.redis_url),
                               seed=settings.seed)
        if settings.seed is not None:
            log.warning("tables are dealt from the fixed test seed %d (%s): not for real play",
                        settings.seed, TEST_SEED_ENV)
        app.state.service = service
        app.state.extensions = {}
        for module in extensions:
            attach = getattr(module, "attach", None)
            if attach is not None:
                result = attach(service)
                if inspect.isawaitable(result):
                    result = await result
                app.state.extensions[module.__name__] = result
        await service.start(resume=settings.resume)
        tune_gc()
        try:
            yield
        finally:
            for connection in list(connections):
                await connection.close(GOING_AWAY, "server shutting down")
            for part in app.state.extensions.values():
                close = getattr(part, "close", None)
                if close is not None:
                    close()
            await service.close()

    app = FastAPI(title="herna", version=_version(), lifespan=lifespan,
                  description="The authoritative server of herna's browser app (WEB-API.md).",
                  docs_url="/api/docs", redoc_url=None, openapi_url="/openapi.json")
    app.state.settings = settings
    extensions = server_extensions()
    for module in extensions:
        register = getattr(module, "register", None)
        if register is not None:
            register(app)
    app.add_middleware(BodyLimit, limit=MAX_BODY)
    app.add_middleware(SecurityHeaders)
    _install_error_handlers(app)

    def base_url(request: Request) -> str:
        return str(request.base_url).rstrip("/")

    def table_answer(request: Request, table: LiveTable, tokens: list[str | None]) -> dict[str, Any]:
        base = base_url(request)
        return {
            "table": table.id,
            "seats": [None if token is None else {"seat": k, "token": token,
                                                  "join_url": f"{base}/t/{table.id}/join#{token}"}
                      for k, token in enumerate(tokens)],
            "spectator_url": f"{base}/t/{table.id}",
        }

    def check_lang(lang: str) -> str:
        if lang not in LANGS:
            raise ServiceError(422, "bad_lang", f"unknown language {lang!r}; the languages are: {', '.join(LANGS)}")
        return lang

    # ----- tables ----------------------------------------------------------------------------------
    @app.post("/api/tables", status_code=201, tags=["tables"])
    async def create_table(body: CreateTable, request: Request) -> dict[str, Any]:
        """A new table; the answer holds every human seat's token and join link."""
        table, tokens = await service_of(request).create(body.game, body.options, body.seats, body.names,
                                                         settings=body.settings)
        return table_answer(request, table, tokens)

    @app.get("/api/tables", tags=["tables"])
    async def list_tables(request: Request, status: str = Query("open", description="open, playing, over "
                                                                                      "(comma-separated)"),
                          ) -> list[dict[str, Any]]:
        """Tables by status (default: open ones, a human seat free), newest first."""
        wanted = [s.strip() for s in status.split(",") if s.strip()]
        unknown = [s for s in wanted if s not in STATUSES]
        if unknown or not wanted:
            raise ServiceError(422, "invalid", f"unknown status {', '.join(unknown) or status!r}; "
                                               f"statuses are: {', '.join(STATUSES)}")
        out = []
        for stored in await service_of(request).list_tables(wanted):
            taken = {s.seat: s.taken for s in stored.seat_rows}
            out.append({"table": stored.id, "game": stored.game, "title": record(stored.game).title,
                        "options": stored.options, "status": stored.status,
                        "seats": [{"seat": k, "kind": spec.get("kind"), "taken": taken.get(k, False)}
                                  for k, spec in enumerate(stored.seats)],
                        "partly_bot": stored.partly_bot, "updated_at": stored.updated_at.isoformat()})
        return out

    @app.get("/api/tables/{table_id}", tags=["tables"])
    async def get_table(request: Request, table: LiveTable = Depends(table_of),
                        seat: int | None = Depends(optional_seat), lang: str = "en") -> dict[str, Any]:
        """The table as the token's seat sees it (the spectator's view without a token)."""
        check_lang(lang)
        if seat is not None:
            await service_of(request).take(table, seat)
        message = state_message(table, seat, lang)
        message.pop("type", None)
        return message

    @app.get("/api/tables/{table_id}/readouts", tags=["tables"])
    async def get_readouts(request: Request, table: LiveTable = Depends(table_of),
                           seat: int | None = Depends(optional_seat), lang: str = "en") -> dict[str, Any]:
        """The terminal's ``hand``, ``scores`` and ``last`` readouts as plain lines for the seat."""
        return readouts_message(table, seat, check_lang(lang))

    @app.post("/api/tables/{table_id}/actions", tags=["tables"])
    async def post_action(body: ActionBody, request: Request, table: LiveTable = Depends(table_of),
                          seat: int = Depends(required_seat), lang: str = "en") -> dict[str, int]:
        """Apply the seat's action at ``seq``: 200 ``{"seq": seq + 1, "table_seq"}``
        (``table_seq``: after the automatic actions that followed)."""
        check_lang(lang)
        ack, now = await service_of(request).act(table, seat, body.action, body.seq, lang)
        return {"seq": ack, "table_seq": now}

    @app.post("/api/tables/{table_id}/rematch", status_code=201, tags=["tables"])
    async def rematch(request: Request, table: LiveTable = Depends(table_of),
                      seat: int = Depends(required_seat)) -> dict[str, Any]:
        """A new table with the same game, options and seats; the answer
        holds the caller's new token at the same seat (other people get theirs
        by asking for the rematch with their own token)."""
        new, token = await service_of(request).rematch(table, seat)
        tokens: list[str | None] = [None] * len(new.seats)
        tokens[seat] = token
        answer = table_answer(request, new, tokens)
        answer["seats"] = [entry if entry is not None or not new.seats[k].human
                           else {"seat": k, "token": None, "join_url": None}
                           for k, entry in enumerate(answer["seats"])]
        answer.update(seat=seat, token=token, join_url=answer["seats"][seat]["join_url"])
        return answer

    @app.post("/api/tables/{table_id}/claim", tags=["tables"])
    async def claim(request: Request, response: Response, table: LiveTable = Depends(table_of)) -> dict[str, Any]:
        """Trade the bearer token for the seat's HttpOnly, SameSite=Lax cookie
        ``herna_{id}`` (the join page calls it); the seat counts as taken."""
        token = auth.bearer(request.headers)
        if token is None:
            raise ServiceError(403, "forbidden", "send the seat token as Authorization: Bearer")
        check_origin(request)
        seat = token_seat(request, table, True)
        assert seat is not None
        await service_of(request).take(table, seat)
        response.set_cookie(auth.cookie_name(table.id), token, max_age=COOKIE_DAYS * 86400, path="/",
                            httponly=True, samesite="lax", secure=request.url.scheme == "https")
        return {"table": table.id, "seat": seat}

    @app.delete("/api/tables/{table_id}/claim", tags=["tables"])
    async def unclaim(request: Request, response: Response, table_id: str) -> dict[str, Any]:
        """Forget this browser's seat cookie of the table."""
        response.delete_cookie(auth.cookie_name(table_id), path="/", httponly=True, samesite="lax")
        return {"table": table_id}

    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(websocket: WebSocket, table_id: str) -> None:
        """The table's WebSocket (:mod:`herna.server.ws`)."""
        await serve_socket(websocket, websocket.app.state.service, table_id, settings.extra_origins, connections)

    # ----- games, words, rules ----------------------------------------------------------------------
    @app.get("/api/games", tags=["games"])
    async def games(lang: str = "en") -> list[dict[str, Any]]:
        """Every game: its options (name, default, type, bounds, choices, help),
        the bots offered, the player counts and the card names, in ``lang``."""
        return game_list(check_lang(lang))

    @app.get("/api/i18n/{lang}", tags=["games"])
    async def i18n(lang: str) -> dict[str, Any]:
        """``{msgid: translation}`` of every message with context ``web``
        (the browser app's own words); plural messages map to the list of forms."""
        return web_messages(check_lang(lang))

    @app.get("/api/health", tags=["server"])
    async def health(request: Request) -> dict[str, Any]:
        """``{"ok": true, "tables": live tables in this process, "worker": its pid}``."""
        return {"ok": True, "tables": service_of(request).live_tables(), "worker": os.getpid()}

    @app.get("/rules/{game}", response_class=HTMLResponse, tags=["games"])
    async def rules(game: str, lang: str = "en") -> HTMLResponse:
        """The rules as a page: herna's numbered English rules, or the Czech original (``lang=cs``)."""
        check_lang(lang)
        try:
            rec = record(game)
        except ValueError as error:
            raise ServiceError(404, "not_found", str(error)) from None
        return HTMLResponse(rules_page(rec.name, lang))

    # ----- pages and files -----------------------------------------------------------------------------
    def page(name: str) -> FileResponse:
        path = WEB_DIR / name
        if not path.is_file():
            raise ServiceError(404, "not_built", f"the web app is not built yet: herna/web/{name} is missing")
        return FileResponse(path, media_type="text/html", headers={"Cache-Control": "no-cache"})

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return page("index.html")

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return page("table.html")

    @app.get("/t/{table_id}/join", include_in_schema=False)
    async def join_page(table_id: str) -> FileResponse:
        return page("table.html")

    @app.get("/help", include_in_schema=False)
    async def help_page() -> FileResponse:
        return page("help.html")

    app.mount("/static", StaticFiles(directory=WEB_DIR, check_dir=False), name="static")
    return app


EXTENSIONS = ("herna.server.leavers", "herna.server.hints")
"""Optional modules that add to the app, if installed: ``register(app)`` when
the app is made (routes), ``attach(service)`` (may be async) when it starts,
before tables are resumed (hooks: :attr:`TableService.on_change`,
:attr:`TableService.on_presence`); what ``attach`` returns is kept in
``app.state.extensions[module name]`` and its ``close()`` called at shutdown."""


def server_extensions() -> list[ModuleType]:
    """The :data:`EXTENSIONS` this installation has."""
    return [importlib.import_module(name) for name in EXTENSIONS if importlib.util.find_spec(name) is not None]


def create_app_from_env() -> FastAPI:
    """The app configured by the environment (uvicorn ``factory=True``):
    ``HERNA_DB`` (URL), ``HERNA_DATA_DIR``, ``HERNA_REDIS``,
    ``HERNA_BOT_WORKERS`` (int), ``HERNA_ORIGINS`` (comma-separated extra
    origins), ``HERNA_MIGRATE`` (``0``: the schema is migrated already),
    :data:`TEST_SEED_ENV` (tests only: an int from which the tables' seeds are
    derived)."""
    workers = os.environ.get("HERNA_BOT_WORKERS")
    test_seed = os.environ.get(TEST_SEED_ENV)
    return create_app(
        os.environ.get("HERNA_DB") or None, os.environ.get("HERNA_REDIS") or None,
        data_dir=os.environ.get("HERNA_DATA_DIR") or None,
        bot_workers=int(workers) if workers not in (None, "") else None,
        extra_origins=tuple(os.environ.get("HERNA_ORIGINS", "").split(",")),
        migrate=os.environ.get("HERNA_MIGRATE", "1") != "0",
        seed=int(test_seed) if test_seed else None,
    )


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("herna")
    except PackageNotFoundError:  # pragma: no cover - a source checkout
        return "0"


# ----- /api/games, /api/i18n, /rules ------------------------------------------------------------------------

def game_list(lang: str) -> list[dict[str, Any]]:
    """The body of ``GET /api/games`` in ``lang``."""
    out = []
    for name in available_games():
        rec = record(name)
        cls: type[Game] = rec.game_class
        options = []
        for spec in cls.option_specs:
            if spec.name == "players":
                continue
            options.append({
                "name": spec.name, "default": spec.default, "type": spec.kind.__name__,
                "min": spec.minimum, "max": spec.maximum,
                "choices": list(spec.choices) if spec.choices is not None else None,
                "help": text(lang, spec.doc) if spec.doc else "", "rule": spec.rule,
            })
        bots = [{"kind": b["kind"], "spec": b["spec"], "label": text(lang, b["label"])} for b in describe_bots()]
        bots += [{"kind": kind, "spec": kind, "label": text(lang, BOT_LABELS[kind])} for kind in ("greedy", "random")]
        out.append({"name": name, "title": rec.title, "options": options, "bots": bots,
                    "min_players": cls.min_players, "max_players": cls.max_players,
                    "length_unit": rec.length_unit, "perfect_information": rec.perfect_information,
                    "card_names": texts.card_names(name, lang)})
    return out


def web_messages(lang: str) -> dict[str, Any]:
    """``{msgid: translation}`` of the messages with context ``web`` in the
    catalog files of ``lang`` (:func:`herna.core.catalog.po_files`); English
    maps each message id (from the Czech files) to itself."""
    from babel.messages.pofile import read_po

    from herna.core.catalog import po_files

    out: dict[str, Any] = {}
    for path in po_files("cs"):
        with path.open("rb") as fh:
            catalog = read_po(fh, locale="cs")
        for message in catalog:
            if message.context != "web" or not message.id:
                continue
            ids = [message.id] if isinstance(message.id, str) else list(message.id)
            strings = [message.string] if isinstance(message.string, str) else list(message.string or ())
            if lang != "cs":
                strings = ids
            forms = [form or ids[min(i, len(ids) - 1)] for i, form in enumerate(strings)] or ids
            out[ids[0]] = forms[0] if isinstance(message.id, str) else forms
    return out


SEED_LEFTOVERS = re.compile(r"^(Autor: .*\|.*|Sdílet s přáteli:?|.* v PDF zde)$")
"""Lines of the stored Czech rulebooks that are leftovers of the web pages they were copied
from (an article's byline, a share button, a PDF link), not rules."""


def rulebook_lines(source: str) -> list[str]:
    """The lines of a Czech rulebook worth showing: stripped, not empty, no web leftovers."""
    return [line for line in (raw.strip() for raw in source.splitlines())
            if line and not SEED_LEFTOVERS.match(line)]


def rules_page(game: str, lang: str) -> str:
    """The rules of ``game`` as a simple page: the numbered English rules
    (markdown rendered with markdown-it-py) or the Czech original (paragraphs)."""
    rec = record(game)
    if lang == "cs":
        source = resources.files("herna").joinpath("data", "seeds", rec.rulebook).read_text("utf-8")
        body = "\n".join(f"<p>{html.escape(line)}</p>" for line in rulebook_lines(source))
        title = f"{rec.title} – pravidla"
    else:
        from markdown_it import MarkdownIt

        source = resources.files("herna").joinpath("data", "rules", rec.rules).read_text("utf-8")
        body = MarkdownIt("commonmark", {"html": False}).enable("table").render(source)
        title = f"{rec.title} – rules"
    back = "Zpět do herny" if lang == "cs" else "Back to the lobby"
    heading = f"<h1>{html.escape(title)}</h1>\n" if lang == "cs" else ""
    return (f'<!doctype html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{html.escape(title)}</title>\n"
            f'<link rel="stylesheet" href="/static/app.css">\n</head>\n<body>\n'
            f'<nav class="rules-nav"><a href="/">{back}</a></nav>\n'
            f'<main id="main" class="rules">\n{heading}{body}\n</main>\n</body>\n</html>\n')
