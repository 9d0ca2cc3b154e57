"""Both engines play exactly the recorded reference games: the Python engine
and the compiled one (where it is built) must give every digest and
``herna simulate`` summary of ``golden_fingerprints.json``, so that a faster
path (chance picked without listing the outcomes, cached legal actions,
cheaper clones, incremental information states, a sampler) changes nothing
a player, a bot or a replay can see.

``golden_fingerprints.json`` holds, recorded with the reference engine
(:mod:`tests.engines.golden`), per option set seeded random games hashed step by
step (legal actions, views, tensors, observations, events, information
states, resamples, sampler draws, returns, JSON), and ``herna simulate``
summaries with ISMCTS, greedy and random seats.
"""

from __future__ import annotations

import json

import pytest

from herna.core import engines

from .golden import FIXTURE, GAMES_PER_SET, OPTION_SETS, SIMULATE_RUNS, game_fingerprint, set_key, simulate_output

GOLDEN = json.loads(FIXTURE.read_text())
ENGINES = pytest.mark.parametrize("engine", ["python", "compiled"])


def needs(name: str, engine: str) -> None:
    if engine == "compiled" and not engines.available(name):
        pytest.skip(f"the compiled engine of {name} is not built here (no C compiler when herna was installed)")


@ENGINES
@pytest.mark.parametrize(("name", "options"), OPTION_SETS, ids=[set_key(n, o) for n, o in OPTION_SETS])
def test_seeded_games_are_unchanged(name: str, options: dict, engine: str) -> None:
    needs(name, engine)
    expected = GOLDEN["games"][set_key(name, options)]
    assert len(expected) == GAMES_PER_SET
    for seed, digest in enumerate(expected):
        assert game_fingerprint(name, options, seed, engine)[0] == digest, f"{name} {options} seed {seed} changed"


@ENGINES
@pytest.mark.parametrize("args", SIMULATE_RUNS, ids=[" ".join(a) for a in SIMULATE_RUNS])
def test_simulate_summaries_are_unchanged(args: list[str], engine: str) -> None:
    needs(args[0], engine)
    assert simulate_output(args, engine) == GOLDEN["simulate"][" ".join(args)]
