"""``herna simulate``: bots against bots, score and win share per seat."""

from __future__ import annotations

import json
import time
from typing import Optional

import typer
from rich.table import Table
from rich.text import Text

from herna.arena.analyze import players_options
from herna.arena.simulate import simulate as run
from herna.bots import BOT_NAMES
from herna.core import record

from ..checks import check_game, make_game, parse_seats, use_engine
from ..flags import ENGINE, GAME, JOBS_HELP, PLAIN, RAY
from ..gameflags import GAME_FLAGS, GameFlags, with_game_flags
from ..output import bold, err, fail, options_text, plain_console
from ..runs import jobs_words, progress, ray_workers


@with_game_flags
def simulate(
    game: str = GAME,
    n: int = typer.Option(1000, "-n", "--games", min=1, help="Number of games."),
    seats: Optional[str] = typer.Option(None, "--seats", "-s", help="Comma list of bots, one per seat: "
                                        f"{', '.join(BOT_NAMES)} (default: greedy in seat 1, random in the "
                                        "others)."),
    seed: int = typer.Option(0, "--seed", help="Run seed; the same seed gives the same numbers (not with time "
                             "budgets such as ismcts:0.2s)."),
    jobs: Optional[int] = typer.Option(None, "--jobs", "-j", min=1, help=JOBS_HELP),
    ray: Optional[str] = RAY,
    as_json: bool = typer.Option(False, "--json", help="Print the summary as JSON (the engine's values: seats, "
                                 "and seat options such as the first player, counted from 0)."),
    plain: bool = PLAIN,
    flags: GameFlags = GAME_FLAGS,
    engine: Optional[str] = ENGINE,
) -> None:
    """Bots against bots: a progress bar, then score and win share per seat."""
    use_engine(engine, game)
    name = check_game(game)
    options = flags.options(name)
    specs, options = parse_seats(seats, name, options, "greedy")
    g = make_game(name, options)
    if not specs:
        specs = ["greedy"] + ["random"] * (g.num_players - 1)
    if len(specs) != g.num_players:
        fail(f"--seats names {len(specs)} bots, but the game has {g.num_players} players")
    jobs, on_ray = ray_workers(ray, jobs)
    if not on_ray:
        jobs = min(jobs, n)
    started = time.perf_counter()
    try:
        with progress("simulating", n, plain, quiet=as_json and not err.is_terminal) as advance:
            result = run(name, g.options, specs, n, seed=seed, jobs=jobs, progress=advance, ray=on_ray)
    except ValueError as error:
        fail(str(error))
    except KeyboardInterrupt:
        fail("interrupted: the run was stopped and nothing is summarised", 130)
    summary = result.to_dict(time.perf_counter() - started)
    summary.update({"game": name, "options": g.options, "seed": seed, "jobs": jobs, "ray": ray, "engine": g.engine})
    if as_json:
        print(json.dumps(summary, indent=1))
        return
    unit = record(name).length_units
    out = plain_console(plain)
    # options in players' words (a seat counts from 1, as --first-player takes it); --json keeps the engine's
    out.print(Text.assemble(bold(name), f" {options_text(players_options(name, g.options))} · {n} games · "
                            f"seed {seed}"))
    q = summary["length_quantiles"]
    out.print(f"{unit} per game: min {q['min']}, p10 {q['p10']}, median {q['median']}, p90 {q['p90']}, "
              f"p99 {q['p99']}, max {q['max']}")
    out.print(f"{unit} per game: {summary['mean_length']:.2f} (sd {summary['sd_length']:.2f}) · "
              f"{summary['seconds_per_game'] * 1000:.2f} ms per game · "
              f"{summary['games_per_second']:.1f} games/s ({jobs_words(jobs, on_ray)})")
    table = Table(show_header=True, header_style="bold")
    for col in ("seat", "bot", "mean score", "sd", "score 95% CI", "win share", "win 95% CI"):
        table.add_column(col, justify="right")
    for row in summary["seats"]:
        # seats as players count them, from 1 (the JSON keeps the engine's 0-based seat)
        table.add_row(str(row["seat"] + 1), row["bot"], f"{row['mean_score']:.2f}", f"{row['sd_score']:.2f}",
                      f"{row['score_ci95'][0]:.2f}–{row['score_ci95'][1]:.2f}", f"{row['win_share']:.3f}",
                      f"{row['win_ci95'][0]:.3f}–{row['win_ci95'][1]:.3f}")
    out.print(table)
    if summary["sides"]:
        teams = ", ".join(f"seats {'+'.join(str(s + 1) for s in side['seats'])} {side['win_share']:.3f} "
                          f"({side['win_ci95'][0]:.3f}–{side['win_ci95'][1]:.3f})" for side in summary["sides"])
        out.print(f"partners win together: a seat's win share is half its team's; win share by team (95% CI): "
                  f"{teams}")
