"""The web app's ASGI middleware: the request body limit (WEB-API.md: bodies
over 64 KiB get 413) and the security headers of every answer."""

from __future__ import annotations

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .errors import error_response

MAX_BODY = 64 * 1024
"""The largest request body (bytes); larger ones get 413."""
PAGE_CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
            "connect-src 'self' ws: wss:; object-src 'none'; base-uri 'none'; form-action 'self'; "
            "frame-ancestors 'none'")
"""The Content-Security-Policy of every HTML answer (no inline scripts)."""


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
