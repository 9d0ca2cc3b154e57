"""Bots against bots: many seeded games, then per-seat statistics.

Game ``i`` of a run with seed ``S`` uses seed ``S * 1_000_003 + i`` for chance
and bots, so the numbers do not depend on ``jobs``.

The run is streamed: game indices are generated lazily in chunks, at most a
few chunks are in flight (:func:`herna.arena.pool.bounded_map`), and each
finished game is folded into a :class:`Summary` of running sums and counts,
so memory is flat in the number of games (``-n 100000000`` starts at once).
Chunks are folded in game order, so the floating-point sums are the same
for any ``jobs``.
"""

from __future__ import annotations

from collections import Counter
from typing import Callable, Iterator, Sequence

from herna.core import load

from .match import make_bots, play_game
from .pool import bounded_map
from .stats import RunningMean, counter_quantiles, wilson
from .tournament import partner_sides
from .tournament import deal_seed as game_seed

__all__ = ["Summary", "chunks", "game_seed", "simulate"]


Outcome = tuple
"""One game as folded into a summary: ``(scores, winners, length, seconds)``."""


def _run_chunk(args) -> list[Outcome]:
    """Play games ``start .. stop - 1`` of a run; their outcomes in order."""
    name, options, specs, seed, start, stop = args
    game = load(name, **options)
    out = []
    for i in range(start, stop):
        s = game_seed(seed, i)
        r = play_game(game, make_bots(specs, game, s), s)
        out.append((r.scores, r.winners, r.length, r.seconds))
    return out


class Summary:
    """Running statistics of a simulation: per seat the score (exact sums,
    :class:`~herna.arena.stats.RunningMean`) and the wins (a shared win
    counts ``1/w``, summed in game order); the game lengths as a
    :class:`~collections.Counter` (small integers: exact quantiles); the
    CPU seconds spent in games. Memory does not grow with the games.
    ``sides``: seats that win together (:func:`~herna.arena.tournament.partner_sides`),
    or ``None``."""

    def __init__(self, specs: Sequence[str], sides: list[list[int]] | None = None) -> None:
        self.specs = list(specs)
        self.sides = sides
        self.games = 0
        self.scores = [RunningMean() for _ in self.specs]
        self.wins = [0.0 for _ in self.specs]
        self.length = RunningMean()
        self.lengths: Counter = Counter()
        self.seconds = 0.0

    def add(self, outcome: Outcome) -> None:
        """Fold in one game ``(scores, winners, length, seconds)``."""
        scores, winners, length, seconds = outcome
        self.games += 1
        for s, score in enumerate(scores):
            self.scores[s].add(score)
        for s in winners:
            self.wins[s] += 1.0 / len(winners)
        self.length.add(length)
        self.lengths[length] += 1
        self.seconds += seconds

    def to_dict(self, wall_seconds: float) -> dict:
        """Per seat: mean score (sd, 95% CI), win share (95% Wilson CI);
        overall: games, mean game length (sd) and its quantiles, seconds per
        game (CPU, in the games), games per second (wall clock). With
        :attr:`sides` (partners win together), ``sides`` lists each side's
        ``seats`` (0-based), ``win_share`` (the share of games it won) and
        its Wilson ``win_ci95``, and a seat's share and interval are its
        side's divided by the side's seats (a team's win counts half for
        each partner); else ``sides`` is ``None``."""
        n = self.games
        side_of = {seat: group for group in self.sides or [] for seat in group}
        sides = []
        for group in self.sides or []:
            share, wlo, whi = wilson(sum(self.wins[s] for s in group), n)
            sides.append({"seats": group, "win_share": share, "win_ci95": [wlo, whi]})
        seats = []
        for s, spec in enumerate(self.specs):
            mean, sd, lo, hi = self.scores[s].mean_ci()
            group = side_of.get(s, [s])
            share, wlo, whi = wilson(sum(self.wins[t] for t in group), n)
            k = len(group)
            seats.append({"seat": s, "bot": spec, "mean_score": mean, "sd_score": sd, "score_ci95": [lo, hi],
                          "win_share": share / k, "win_ci95": [wlo / k, whi / k]})
        length = self.length.mean_ci()
        return {
            "sides": sides or None,
            "games": n,
            "mean_length": length[0],
            "sd_length": length[1],
            "length_quantiles": counter_quantiles(self.lengths),
            "seconds_per_game": self.seconds / n if n else None,
            "games_per_second": n / wall_seconds if wall_seconds > 0 else None,
            "wall_seconds": wall_seconds,
            "seats": seats,
        }


def chunks(name: str, options: dict, specs: Sequence[str], games: int, seed: int, size: int) -> Iterator[tuple]:
    """The work of a run, lazily: ``(name, options, specs, seed, start, stop)``
    for consecutive blocks of ``size`` game indices."""
    for start in range(0, games, size):
        yield (name, options, list(specs), seed, start, min(start + size, games))


def simulate(
    name: str,
    options: dict,
    specs: Sequence[str],
    games: int,
    seed: int = 0,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    ray: bool = False,
) -> Summary:
    """Play ``games`` games on ``jobs`` processes and return their
    :class:`Summary` (call ``to_dict(wall_seconds)`` for the numbers);
    ``progress(k)`` is called as k more finish. Raises ``ValueError`` for
    bad game options or bot specs (before any game). A
    ``KeyboardInterrupt`` stops the workers and propagates. ``ray``: the
    chunks run as tasks of the Ray cluster joined by
    :func:`herna.arena.cluster.connect` (``jobs``: its CPUs); the numbers
    are the same."""
    game = load(name, **options)
    make_bots(specs, game, 0)  # validate the specs up front
    size = max(1, min(50, games // (max(1, jobs) * 8) or 1))
    summary = Summary(specs, partner_sides(name, game.options, game.num_players))
    work = chunks(name, game.options, specs, games, seed, size)
    for part in bounded_map(_run_chunk, work, jobs, ray=ray):
        for outcome in part:
            summary.add(outcome)
        if progress:
            progress(len(part))
    return summary
