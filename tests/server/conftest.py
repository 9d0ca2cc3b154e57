"""Fixtures of the web server's tests (and the browser tests in tests/web).

- ``live_server``: a factory that starts ``herna serve`` as a real subprocess
  on a free port and returns a :class:`LiveServer` once it prints that it is
  ready (``server.url`` is the base URL, ``str(server)`` too); every server
  it started is stopped at teardown. ``live_server(db_url=...)`` picks the
  database (default: a SQLite file in the test's temporary folder);
  ``server.kill()`` is ``kill -9``, ``server.start()`` starts it again on the
  same port and database.
- ``session_live_server``: one server for a whole test session (SQLite).
- ``client``: an in-process :class:`fastapi.testclient.TestClient` of a fresh
  app (SQLite in a temporary folder, bots in threads, no pause between the
  bots' moves, the public origin ``http://testserver``, no limit of new
  sockets per address); ``db_client``: the
  same, parametrized over SQLite and a fresh PostgreSQL database.
- ``pg_url``: a fresh PostgreSQL database for this test run on
  127.0.0.1:5432 (user postgres, db test); skipped when there is none;
  ``fresh_pg_url``: one for a single test.
- ``db_url``: parametrized over SQLite and a PostgreSQL database of the test's own.

Every table a test makes is reproducible: the apps and servers started here
deal from :data:`TEST_SEED` (``create_app(seed=...)``, the environment
variable ``HERNA_TEST_SEED`` for ``herna serve``), from which each new
table's secret seed is drawn in creation order, or, for a table made with
``tests.server.live.label_headers()`` (the running test's name), from the
seed and that name alone (the shared servers' tables do not depend on the
tests run before). A failed test's report says
the seed; ``HERNA_TEST_SEED=N pytest ...`` runs the same games again, and
another value explores others.

Import them in another folder's conftest.py with
``from tests.server.conftest import live_server, session_live_server  # noqa: F401``;
:class:`LiveServer` and :data:`TEST_SEED` live in ``tests/server/live.py``.
"""

from __future__ import annotations

import contextlib
import os
import uuid
import warnings
from pathlib import Path
from typing import Callable, Iterator

import pytest

from tests.server.live import TEST_SEED, LiveServer

with warnings.catch_warnings():  # starlette's TestClient on httpx: said once at import, not per test
    warnings.simplefilter("ignore")
    import fastapi.testclient  # noqa: F401

PG_ADMIN = "postgresql://postgres@127.0.0.1:5432/test"


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> Iterator:
    """A failed test's report says the seed its servers dealt from (module docstring)."""
    report = yield
    if report.failed:
        report.sections.append(("herna test seed", f"tables dealt from HERNA_TEST_SEED={TEST_SEED} and the "
                                                   f"test's name; run it again (alone will do) with "
                                                   f"HERNA_TEST_SEED={TEST_SEED} to replay them"))
    return report


@pytest.fixture
def live_server(tmp_path: Path) -> Iterator[Callable[..., LiveServer]]:
    """Factory: ``live_server(db_url=None, args=(), env=None) -> LiveServer`` (started)."""
    servers: list[LiveServer] = []

    def start(db_url: str | None = None, args: tuple[str, ...] = (), env: dict[str, str] | None = None,
              ) -> LiveServer:
        server = LiveServer(db_url or f"sqlite:///{tmp_path / 'herna.sqlite3'}", args=args, env=env)
        servers.append(server)
        return server.start()

    yield start
    for server in servers:
        server.stop()


@pytest.fixture(scope="session")
def session_live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """One ``herna serve`` for the whole session (SQLite in a temporary folder)."""
    folder = tmp_path_factory.mktemp("herna-live")
    server = LiveServer(f"sqlite:///{folder / 'herna.sqlite3'}").start()
    yield server
    server.stop()


@pytest.fixture
def app_factory(tmp_path: Path) -> Callable:
    """Factory of in-process apps on a SQLite file in ``tmp_path`` (bots in threads)."""
    from herna.server.app import create_app

    def make(**kwargs):  # type: ignore[no-untyped-def]
        kwargs.setdefault("bot_workers", 0)
        kwargs.setdefault("seed", TEST_SEED)
        kwargs.setdefault("pace_scale", 0)
        kwargs.setdefault("public_url", "http://testserver")
        kwargs.setdefault("connect_limit", None)  # the tests open sockets fast; test_hardening sets one
        return create_app(kwargs.pop("db_url", f"sqlite:///{tmp_path / 'app.sqlite3'}"), **kwargs)

    return make


@pytest.fixture
def client(app_factory: Callable) -> Iterator:
    """A TestClient of a fresh app (lifespan run)."""
    from fastapi.testclient import TestClient

    with TestClient(app_factory(), raise_server_exceptions=False) as test_client:
        yield test_client


@pytest.fixture(params=["sqlite", "postgresql"])
def db_client(request: pytest.FixtureRequest, app_factory: Callable) -> Iterator:
    """``client``, on SQLite and on a PostgreSQL database of the test's own
    (skipped without PostgreSQL): the findings of issue 25 hold on both."""
    from fastapi.testclient import TestClient

    kwargs = {"db_url": request.getfixturevalue("fresh_pg_url")} if request.param == "postgresql" else {}
    with TestClient(app_factory(**kwargs), raise_server_exceptions=False) as test_client:
        yield test_client


def _pg_reachable() -> str | None:
    try:
        import psycopg
    except ImportError:
        return "psycopg is not installed"
    try:
        with psycopg.connect(PG_ADMIN, connect_timeout=2):
            return None
    except Exception as error:  # noqa: BLE001 - any reason to skip
        return f"PostgreSQL is not reachable at {PG_ADMIN}: {' '.join(str(error).split())[:200]}"


@contextlib.contextmanager
def _pg_database(name: str) -> Iterator[str]:
    """A new PostgreSQL database ``name`` (its URL), dropped afterwards."""
    import psycopg

    with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield f"postgresql://postgres@127.0.0.1:5432/{name}"
    finally:
        with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(scope="session")
def pg_url() -> Iterator[str]:
    """A fresh PostgreSQL database for this run (dropped at the end)."""
    why = _pg_reachable()
    if why:
        pytest.skip(why)
    with _pg_database(f"herna_test_{os.getpid()}_{uuid.uuid4().hex[:8]}") as url:
        yield url


@pytest.fixture
def fresh_pg_url(pg_url: str) -> Iterator[str]:
    """A PostgreSQL database of this test alone (the run's is shared by the
    tests, and a server resumes every unfinished table it finds there)."""
    with _pg_database(f"{pg_url.rsplit('/', 1)[1]}_{uuid.uuid4().hex[:8]}") as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A database URL: a SQLite file, or a PostgreSQL database of the test's
    own (a server resumes every unfinished table it finds: in a database
    shared by the run it would take up other tests' tables, as many as ran
    before)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'herna.sqlite3'}"
    return request.getfixturevalue("fresh_pg_url")
