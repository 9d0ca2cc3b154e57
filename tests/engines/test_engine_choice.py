"""Choosing an engine (herna/core/engines.py): herna.load's ``engine``, the
HERNA_ENGINE default, the fallback notice, --engine on the command line, and
what both engines share (random draws, sample_assignment, ISMCTS, horizons)."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

import herna
from herna.bots import observe
from herna.bots.ismcts import ISMCTSBot
from herna.core import FormatError, engines, record
from herna.core.sampling import sample_assignment

COMPILED = [name for name in ("trumfosaur", "ugo", "kurnik") if engines.available(name)]
needs_compiled = pytest.mark.skipif(not COMPILED, reason="the compiled engine is not built here")


def test_load_takes_an_engine_and_refuses_a_bad_one():
    assert herna.load("ugo", engine="python").engine == "python"
    assert herna.load("ugo", engine="auto").engine in ("python", "compiled")
    with pytest.raises(ValueError, match="unknown engine 'fast'; the engines are: auto, compiled, python"):
        herna.load("ugo", engine="fast")
    with pytest.raises(ValueError, match="unknown engine"):
        herna.load("ugo", engine=3)


def test_herna_engine_sets_the_default(monkeypatch):
    monkeypatch.setenv(engines.ENV, "python")
    assert herna.load("kurnik").engine == "python"
    monkeypatch.setenv(engines.ENV, "turbo")
    with pytest.raises(ValueError, match="HERNA_ENGINE='turbo' names no engine"):
        herna.load("kurnik")


def test_engine_is_not_a_game_option():
    saved = herna.load("kurnik", engine="python").new_initial_state().to_json()
    saved["options"]["engine"] = "python"
    with pytest.raises(FormatError, match="'engine' is not a game option"):
        herna.from_json(saved)


def test_auto_without_a_build_says_so_once_on_stderr():
    """Where the compiled engine is missing, auto plays on the Python engine
    and says so once per process (and not again in the processes it starts)."""
    script = ("import herna.core.engines as e; e._missing['x:Y'] = 'not built'; "
              "print(e.state_class('g', int, 'x:Y', 'auto')[0]); print(e.state_class('g', int, 'x:Y', 'auto')[0])")
    env = {k: v for k, v in __import__("os").environ.items() if k != engines._NOTICE_ENV}
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True)
    assert out.stdout.split() == ["python", "python"]
    assert out.stderr.count("the compiled engine is not built") == 1
    with pytest.raises(ValueError, match="is not built"):
        engines.state_class("g", int, "x:Y", "compiled")


def test_the_command_line_takes_engine(tmp_path):
    def herna_cli(*args):
        return subprocess.run([sys.executable, "-m", "herna.cli.main", *args], capture_output=True, text=True)

    out = herna_cli("simulate", "kurnik", "-n", "2", "--engine", "warp")
    assert out.returncode == 2 and "unknown engine 'warp'" in out.stderr
    out = herna_cli("simulate", "kurnik", "-n", "2", "-o", "engine=python")
    assert out.returncode == 2 and "'engine' is not a game option; use --engine" in out.stderr
    out = herna_cli("simulate", "kurnik", "-n", "3", "--engine", "python", "--json", "--seed", "4")
    assert out.returncode == 0, out.stderr
    if engines.available("kurnik"):
        again = herna_cli("simulate", "kurnik", "-n", "3", "--engine", "compiled", "--json", "--seed", "4")
        python_run, compiled_run = json.loads(out.stdout), json.loads(again.stdout)
        assert (python_run.pop("engine"), compiled_run.pop("engine")) == ("python", "compiled")
        strip = lambda run: {k: v for k, v in run.items() if "second" not in k}  # noqa: E731
        assert strip(compiled_run) == strip(python_run)


def test_compiled_draws_are_random_randoms_own():
    """The compiled engine draws from a random.Random exactly as its own
    randrange and random do (checked at import; here again, from outside)."""
    pytest.importorskip("herna.core.compiled")
    from herna.core import compiled

    assert compiled.fast_random() in ("direct", "getrandbits", "methods")
    assert compiled._self_test_random()


def test_compiled_sample_assignment_is_the_python_one():
    """Same deals, same errors, same use of the generator, over random pools
    with tight and loose voids (the sequential fallback included)."""
    compiled = pytest.importorskip("herna.core.compiled")
    rng = random.Random(5)
    for _ in range(3000):
        n = rng.randint(1, 40)
        pool = rng.sample(range(50), n)
        slots = rng.randint(1, 5)
        cuts = sorted(rng.randint(0, n) for _ in range(slots - 1))
        sizes = [b - a for a, b in zip([0] + cuts, cuts + [n])]
        forbidden = [sum(1 << c for c in range(50) if rng.random() < rng.choice([0, 0.2, 0.5])) for _ in range(slots)]
        seed = rng.randrange(10**9)
        results = []
        for fn in (sample_assignment, compiled.sample_assignment):
            generator = random.Random(seed)
            try:
                results.append(("ok", fn(pool, sizes, forbidden, generator), generator.random()))
            except ValueError as error:
                results.append(("error", str(error), generator.random()))
        assert results[0] == results[1], (pool, sizes, forbidden, seed)


@needs_compiled
@pytest.mark.parametrize("name", COMPILED)
def test_ismcts_searches_alike_on_both_engines(name):
    """The compiled search (herna/bots/compiled_search.pyx) grows the same
    tree as the Python one from the same seed: the same root statistics."""
    for seed in range(3):
        rng = random.Random(seed)
        state = herna.load(name, engine="python").new_initial_state()
        for _ in range(40 + 13 * seed):
            if state.is_terminal():
                break
            state.apply_action(state.sample_chance(rng) if state.is_chance_node()
                               else rng.choice(state.legal_actions()))
        if state.is_terminal() or state.is_chance_node():
            continue
        twin = state.on_engine("compiled")
        player = state.current_player()
        stats = [ISMCTSBot(s.game, player, seed=seed, iterations=120).root_statistics(observe(s, player))
                 for s in (state, twin)]
        assert stats[0] == stats[1]


@needs_compiled
@pytest.mark.parametrize("name", COMPILED)
def test_horizon_limits_are_done(name):
    """Each game's Horizon.limits() says what its done() says, at every step of random rollouts."""
    game = herna.load(name, engine="compiled")
    horizon_class = record(name).load("search")
    rng = random.Random(2)
    for _ in range(5):
        state = game.new_initial_state()
        while not state.is_terminal():
            if not state.is_chance_node() and rng.random() < 0.1:
                horizon = horizon_class(state)
                kind, period, at_chance = horizon.limits()
                probe = state.clone()
                while True:
                    fast = (probe.is_terminal() or (at_chance and probe.is_chance_node())
                            or (kind == "same" and probe.period() != period)
                            or (kind == "upto" and probe.period() > period))
                    assert fast == horizon.done(probe)
                    if fast:
                        break
                    probe.push(probe.sample_chance(rng) if probe.is_chance_node()
                               else rng.choice(probe.legal_actions()))
            state.apply_action(state.sample_chance(rng) if state.is_chance_node()
                               else rng.choice(state.legal_actions()))


@needs_compiled
@pytest.mark.parametrize("name", COMPILED)
def test_on_engine_replays_the_same_state(name):
    rng = random.Random(1)
    state = herna.load(name, engine="compiled").new_initial_state()
    for _ in range(60):
        if state.is_terminal():
            break
        state.apply_action(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    twin = state.on_engine("python")
    assert twin.game.engine == "python" and twin.history() == state.history()
    assert twin.view(0) == state.view(0) and twin.events() == state.events()
    assert twin.on_engine("compiled") == state
    assert state.clone_silent().on_engine("python").events() == []


@pytest.mark.skipif(not engines.available("kurnik"), reason="the compiled engine of kurnik is not built here")
@pytest.mark.parametrize("options", [{}, {"players": 2}, {"players": 5, "six_six": "fox"},
                                     {"dead_rooster": True, "players": 3}])
def test_kurnik_leaf_value_is_the_same_in_c(options):
    """race_win_probabilities on the compiled engine (its own C path) gives
    exactly the numbers of the field-reading Python path, at every state of
    seeded random games (live roosters included: they take the Python path)."""
    from herna.games.kurnik.race import race_of_fields, race_win_probabilities

    game = herna.load("kurnik", engine="compiled", **options)
    rng = random.Random(11)
    for _ in range(8):
        state = game.new_initial_state()
        while True:
            assert race_win_probabilities(state) == race_of_fields(state) == race_of_fields(state.on_engine("python"))
            if state.is_terminal():
                break
            chance = state.is_chance_node()
            state.apply_action(state.sample_chance(rng) if chance else rng.choice(state.legal_actions()))
