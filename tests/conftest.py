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


@pytest.fixture
def shared() -> Path:
    if not SHARED.is_dir():
        pytest.skip("../shared is not beside this checkout")
    return SHARED
