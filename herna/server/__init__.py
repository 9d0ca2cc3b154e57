"""herna's web server: the authoritative tables behind the browser app.

WEB-API.md is the wire contract; docs/server.md explains the design.

- :mod:`herna.server.app`: the FastAPI app (``create_app``), HTTP API and pages;
- :mod:`herna.server.ws`: the table WebSocket;
- :mod:`herna.server.tables`: the table service (create, replay, apply, drive bots);
- :mod:`herna.server.leavers`: seats handed to a bot (away, votes) and the turn clock;
- :mod:`herna.server.messages`: the state message a seat gets;
- :mod:`herna.server.texts`: words for a seat, from the renderers and catalogs;
- :mod:`herna.server.db`: SQLAlchemy models, storage, alembic migrations;
- :mod:`herna.server.botpool`: bots thinking in worker processes;
- :mod:`herna.server.bus`: change notices between server processes;
- :mod:`herna.server.auth`: seat tokens;
- :mod:`herna.server.serve`: the ``herna serve`` command.
"""

from __future__ import annotations

from typing import Any


def create_app(*args: Any, **kwargs: Any) -> Any:
    """:func:`herna.server.app.create_app` (imported on first use)."""
    from .app import create_app as make

    return make(*args, **kwargs)


__all__ = ["create_app"]
