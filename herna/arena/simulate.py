"""Bots against bots: many seeded games, then per-seat statistics.

Game ``i`` of a run with seed ``S`` uses seed ``S * 1_000_003 + i`` for chance
and bots, so the numbers do not depend on ``jobs``.
"""

from __future__ import annotations

import math
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict
from typing import Callable, Sequence

from herna.core import load

from .match import GameRecord, make_bots, play_game
from .stats import mean_ci, wilson


def game_seed(seed: int, index: int) -> int:
    return seed * 1_000_003 + index


def _run_chunk(args) -> list[GameRecord]:
    name, options, specs, seed, indices = args
    game = load(name, **options)
    out = []
    for i in indices:
        s = game_seed(seed, i)
        out.append(play_game(game, make_bots(specs, game, s), s))
    return out


def simulate(
    name: str,
    options: dict,
    specs: Sequence[str],
    games: int,
    seed: int = 0,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> list[GameRecord]:
    """Play ``games`` games; ``progress(k)`` is called as k more finish.
    Raises ``ValueError`` for bad game options or bot specs (before any game)."""
    game = load(name, **options)
    make_bots(specs, game, 0)  # validate the specs up front
    chunk = max(1, min(50, games // (jobs * 8) or 1))
    tasks = [(name, game.options, list(specs), seed, range(i, min(i + chunk, games))) for i in range(0, games, chunk)]
    records: list[GameRecord] = []
    if jobs <= 1:
        for task in tasks:
            part = _run_chunk(task)
            records.extend(part)
            if progress:
                progress(len(part))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for part in pool.map(_run_chunk, tasks):
                records.extend(part)
                if progress:
                    progress(len(part))
    return records


def summarize(records: Sequence[GameRecord], specs: Sequence[str], wall_seconds: float) -> dict:
    """Per seat: mean score (sd, 95% CI), win share (95% Wilson CI); overall:
    games, mean game length, seconds per game, games per second."""
    n = len(records)
    seats = []
    for s, spec in enumerate(specs):
        scores = [r.scores[s] for r in records]
        mean, sd, lo, hi = mean_ci(scores)
        wins = sum(1.0 / len(r.winners) for r in records if s in r.winners)
        share, wlo, whi = wilson(wins, n)
        seats.append({"seat": s, "bot": spec, "mean_score": mean, "sd_score": sd, "score_ci95": [lo, hi],
                      "win_share": share, "win_ci95": [wlo, whi]})
    length = mean_ci([r.length for r in records])
    cpu = sum(r.seconds for r in records)
    return {
        "games": n,
        "mean_length": length[0],
        "sd_length": length[1],
        "length_quantiles": quantiles([r.length for r in records]),
        "seconds_per_game": cpu / n if n else None,
        "games_per_second": n / wall_seconds if wall_seconds > 0 else None,
        "wall_seconds": wall_seconds,
        "seats": seats,
    }


def quantiles(values: Sequence[float]) -> dict:
    """min, p10, median, p90, p99 and max of ``values`` (nearest rank)."""
    ordered = sorted(values)
    if not ordered:
        return {}

    def rank(q: float) -> float:
        return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]

    return {"min": ordered[0], "p10": rank(0.10), "median": rank(0.50), "p90": rank(0.90),
            "p99": rank(0.99), "max": ordered[-1]}


def records_json(records: Sequence[GameRecord]) -> list[dict]:
    return [asdict(r) for r in records]


def timed(fn, *args, **kwargs):
    started = time.perf_counter()
    result = fn(*args, **kwargs)
    return result, time.perf_counter() - started
