"""The browser app's pages and files (``herna/web``): ``/``, ``/t/{id}``,
``/t/{id}/join``, ``/help`` (HTML, never cached) and ``/static/...``.

Only the web assets are served under ``/static`` (:data:`ASSET_TYPES`: scripts,
styles, pictures, fonts): never the package's Python files, its catalogs or
anything hidden, whatever the path says (404 for those).
"""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException
from starlette.responses import Response
from starlette.types import Scope

from .errors import ServiceError

WEB_DIR = Path(__file__).resolve().parent.parent / "web"
"""The browser app's files (``herna/web``)."""
ASSET_TYPES = frozenset({".js", ".mjs", ".css", ".svg", ".png", ".jpg", ".webp", ".ico", ".woff2", ".json",
                         ".webmanifest", ".html"})
"""File name endings served under ``/static``."""


class WebAssets(StaticFiles):
    """:class:`StaticFiles` of :data:`WEB_DIR` that serves only web assets (module docstring)."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        parts = Path(path).parts
        if Path(path).suffix.lower() not in ASSET_TYPES or any(p.startswith((".", "__")) for p in parts):
            raise HTTPException(404, "no such file")
        return await super().get_response(path, scope)


def page(name: str) -> FileResponse:
    """A page of the web app; 404 ``not_built`` if it is missing."""
    path = WEB_DIR / name
    if not path.is_file():
        raise ServiceError(404, "not_built", f"the web app is not built yet: herna/web/{name} is missing")
    return FileResponse(path, media_type="text/html", headers={"Cache-Control": "no-cache"})


router = APIRouter(include_in_schema=False)


@router.get("/")
async def index() -> FileResponse:
    return page("index.html")


@router.get("/t/{table_id}")
async def table_page(table_id: str) -> FileResponse:
    return page("table.html")


@router.get("/t/{table_id}/join")
async def join_page(table_id: str) -> FileResponse:
    return page("table.html")


@router.get("/help")
async def help_page() -> FileResponse:
    return page("help.html")


def assets() -> WebAssets:
    """The ``/static`` app (mounted by :func:`herna.server.app.create_app`)."""
    return WebAssets(directory=WEB_DIR, check_dir=False)
