"""Speed benchmarks (``herna bench``).

Per game (default options, 4 players), all in one process and one run:

* **random playouts**: whole games with uniformly random moves from the
  initial state (chance drawn with the same rng): actions per second and games
  per second. This is the reference the other numbers are divided by, so the
  ratios compare across machines.
* **determinizations**: ``observation.resampler()`` draws per second at
  decisions spread over random games (and ``state.resample`` for
  comparison).
* **ISMCTS**: simulations (iterations: determinize, select, expand, roll out,
  back up) per second, with an iteration budget at the same decisions and the
  default (random) rollout policy.

Ratios: ISMCTS simulations per random playout game (``sims/s ÷ games/s``)
and determinizations per random playout game. With both engines measured
in one run, :func:`engine_ratios` divides each compiled figure by the Python
engine's.
"""

from __future__ import annotations

import random
import time

from herna.bots import observe
from herna.bots.ismcts import ISMCTSBot
from herna.core import CHANCE, available_games, load


def bench_games() -> list[str]:
    """The games ``herna bench`` measures by default: every game of the
    registry (:func:`herna.core.available_games`)."""
    return available_games()


def _random_game(game, rng: random.Random, keep: list | None = None, every: int = 1) -> int:
    state = game.new_initial_state()
    count = 0
    decisions = 0
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            action = state.sample_chance(rng)
        else:
            legal = state.legal_actions()
            if keep is not None and len(legal) > 1:
                decisions += 1
                if decisions % every == 0:
                    keep.append(state.clone())
            action = rng.choice(legal)
        before = state.num_actions()
        state.apply_action(action)
        count += state.num_actions() - before
    return count


def bench_game(name: str, seconds: float = 2.0, seed: int = 0, iterations: int = 200,
               engine: str | None = None) -> dict:
    """The numbers of the module docstring for one game on ``engine``
    (``herna.load``'s; ``None``: the default); each part runs about
    ``seconds``."""
    game = load(name, engine=engine)
    rng = random.Random(seed)
    started = time.perf_counter()
    games = actions = 0
    while time.perf_counter() - started < seconds or games < 3:
        actions += _random_game(game, rng)
        games += 1
    playout_time = time.perf_counter() - started
    positions: list = []
    while len(positions) < 12:
        _random_game(game, rng, positions, every=5)
    step = max(1, len(positions) // 12)
    positions = positions[::step][:12]

    draws = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds / 2:
        for state in positions:
            draw = observe(state, state.current_player()).resampler()
            for _ in range(10):
                draw(rng)
                draws += 1
    sampler_time = time.perf_counter() - started
    full = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds / 2:
        for state in positions:
            state.resample(state.current_player(), rng)
            full += 1
    resample_time = time.perf_counter() - started

    sims = 0
    started = time.perf_counter()
    rounds = 0
    while time.perf_counter() - started < seconds or rounds == 0:
        for state in positions:
            bot = ISMCTSBot(game, state.current_player(), seed=seed, iterations=iterations)
            bot.choose(observe(state, state.current_player()))
            sims += bot.last_iterations
        rounds += 1
    ismcts_time = time.perf_counter() - started
    games_per_s = games / playout_time
    return {
        "game": name,
        "engine": game.engine,
        "random_actions_per_s": actions / playout_time,
        "random_games_per_s": games_per_s,
        "actions_per_game": actions / games,
        "sampler_per_s": draws / sampler_time,
        "resample_per_s": full / resample_time,
        "ismcts_sims_per_s": sims / ismcts_time,
        "sims_per_playout": (sims / ismcts_time) / games_per_s,
        "draws_per_playout": (draws / sampler_time) / games_per_s,
    }


MEASURES = ("random_actions_per_s", "sampler_per_s", "resample_per_s", "ismcts_sims_per_s")
"""The per-second figures :func:`engine_ratios` compares."""


def engine_ratios(rows: list[dict]) -> list[dict]:
    """Per game measured on both engines: ``{"game", measure: compiled ÷
    python, ...}`` for each of :data:`MEASURES`."""
    by = {(row["game"], row["engine"]): row for row in rows}
    out = []
    for game in dict.fromkeys(row["game"] for row in rows):
        python, compiled = by.get((game, "python")), by.get((game, "compiled"))
        if python and compiled:
            out.append({"game": game, **{m: compiled[m] / python[m] for m in MEASURES}})
    return out
