"""``herna serve``: the web server (herna/server, docs/server.md)."""

from __future__ import annotations

import signal
from pathlib import Path
from typing import List, Optional

import typer

from herna.server.serve import ServeError, main as serve_main

from ..output import fail


def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on (0.0.0.0: every interface)."),
    port: int = typer.Option(8000, "--port", help="Port to listen on (0: a free one)."),
    db: Optional[str] = typer.Option(None, "--db", help="Database URL: sqlite:///PATH or postgresql://USER@HOST/DB "
                                                        "(default: SQLite in the data folder)."),
    workers: int = typer.Option(1, "--workers", help="Server processes (more than 1 needs PostgreSQL and Redis)."),
    redis: Optional[str] = typer.Option(None, "--redis", help="Redis URL of the bus between workers."),
    data_dir: Optional[Path] = typer.Option(None, "--data-dir", help="Folder of the default SQLite database "
                                                                      "(default: the user data folder)."),
    bot_workers: Optional[int] = typer.Option(None, "--bot-workers", help="Processes for bots (default: one per "
                                                                           "CPU; 0: threads)."),
    origin: Optional[List[str]] = typer.Option(None, "--origin", help="Another origin the pages are served from "
                                                                       "(behind a proxy), e.g. https://herna.example."),
    public_url: Optional[str] = typer.Option(None, "--public-url", help="The address people open, e.g. "
                                                                        "https://herna.example (links, and the pages "
                                                                        "allowed to use a seat; default: "
                                                                        "http://HOST:PORT)."),
    pace_scale: float = typer.Option(1.0, "--pace-scale", help="Multiplies the pauses between the bots' moves "
                                                               "(0: no pause)."),
    redis_prefix: Optional[str] = typer.Option(None, "--redis-prefix", help="Names the Redis channels of this "
                                                                            "server (default: from the database "
                                                                            "URL)."),
    connect_limit: Optional[str] = typer.Option(None, "--connect-limit", help="New WebSockets one client address "
                                                                              "may open: BURST/RATE (default 20/1: "
                                                                              "20 at once, then one a second; 0: "
                                                                              "no limit)."),
) -> None:
    """Run the web server: play in a browser with friends and bots."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # the server shuts down on SIGTERM by itself (uvicorn)
    try:
        code = serve_main(host=host, port=port, db=db, workers=workers, redis=redis, data_dir=data_dir,
                          bot_workers=bot_workers, origins=tuple(origin or ()), public_url=public_url,
                          pace_scale=pace_scale, redis_prefix=redis_prefix, connect_limit=connect_limit)
    except ServeError as error:
        fail(str(error))
        return
    raise typer.Exit(code)
