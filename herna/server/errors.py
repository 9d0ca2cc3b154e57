"""Refusals of the web server and their JSON answers (WEB-API.md: errors are
``{"error": "...", "code": "..."}`` with a status from 400 to 499, never a
stack trace)."""

from __future__ import annotations

from typing import Any

from fastapi.responses import JSONResponse


class ServiceError(Exception):
    """A refusal: ``status`` (HTTP), ``code`` (a machine word), the message
    (for people) and ``extra`` fields of the answer (the ``seq`` of a 409)."""

    def __init__(self, status: int, code: str, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.extra = extra


def error_response(status: int, code: str, message: str, **extra: Any) -> JSONResponse:
    """The JSON error answer ``{"error", "code", ...extra}``."""
    return JSONResponse({"error": message, "code": code, **extra}, status_code=status)
