"""Shared test helpers, and the suite's Hypothesis profile.

The ``herna`` profile (the default) makes property tests reproducible: the
examples are derived from each test's name (``derandomize``), nothing is
read from or written to an example database, no test fails for being slow
on a loaded machine (``deadline=None``), and a failure prints the blob that
replays it (``@reproduce_failure``). ``HYPOTHESIS_PROFILE=explore pytest``
draws fresh random examples instead, to look for new failures.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from tests.helpers import SHARED

settings.register_profile("herna", derandomize=True, database=None, deadline=None, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("explore", deadline=None, print_blob=True, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "herna"))

if os.environ.get("PYTEST_XDIST_WORKER"):
    # A pytest-xdist worker starts with COLUMNS=80 and LINES=24 in its
    # environment (no terminal of its own), which herna's consoles and the
    # terminals the tests spawn would take as the user's size
    # (herna/cli/output.py): without them, as in a plain run, piped output is
    # 140 columns wide and each test sets COLUMNS where it matters.
    os.environ.pop("COLUMNS", None)
    os.environ.pop("LINES", None)


@pytest.fixture
def shared() -> Path:
    if not SHARED.is_dir():
        pytest.skip("../shared is not beside this checkout")
    return SHARED


KEPT_TOGETHER = {"test_a11y_announcements.py", "test_ray.py"}
"""Modules kept on one xdist worker as a whole: the announcements' tests add
to one report file under test-artifacts/ (read, update, write: no entry may
be lost), and the Ray tests start local Ray clusters (one at a time).
Every module of tests/batch too: JAX compiles a module's batched functions
(seconds each) in each worker process that runs one of its tests."""


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under ``pytest -n N --dist loadgroup`` (the README's test command),
    keep a module's tests on one worker where they share something costly or
    written: a module-scoped fixture (a live server, a Ray cluster, a finished
    game) would otherwise be made again on each worker, and the modules of
    :data:`KEPT_TOGETHER` and of tests/batch share a file, a cluster or
    JAX's compiled code. Session-scoped fixtures (the browser, a session's
    server, the PostgreSQL database) are made once per worker, each its own
    (free port, own database name, own temporary folder). Without xdist the
    mark is unused."""
    for item in items:
        fixtures = getattr(item, "_fixtureinfo", None)
        module_scoped = fixtures is not None and any(
            definition.scope == "module" for definitions in fixtures.name2fixturedefs.values()
            for definition in definitions)
        if module_scoped or item.path.name in KEPT_TOGETHER or item.path.parent.name == "batch":
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::", 1)[0]))
