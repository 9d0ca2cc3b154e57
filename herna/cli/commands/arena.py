"""``herna arena``: a tournament with seat rotation, ratings and plots."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Optional

import typer
from rich.table import Table
from rich.text import Text

from herna.arena.analyze import players_options
from herna.arena.runner import run_tasks
from herna.arena.tournament import (GAMES_FILE, NETWORKS, arena_tasks, check_run_file, mixed_partners,
                                     network_digests, plot_arena, summarize_arena)
from herna.bots import BOT_NAMES, FILE_BOT_NAMES

from ..checks import check_game, check_seat_bots, make_game, parse_seats, use_engine
from ..flags import ENGINE, GAME, JOBS_HELP, PLAIN, RAY
from ..gameflags import GAME_FLAGS, GameFlags, with_game_flags
from ..output import bold, err, fail, options_text, plain_console
from ..runs import check_out_folder, file_notes, interval, jobs_words, number, progress, ray_workers


@with_game_flags
def arena(
    game: str = GAME,
    bots: str = typer.Option(..., "--bots", "-b", help="Comma list of bots, one per seat (rotated through the "
                             f"seats; their number sets the players unless -p gives it): "
                             f"{', '.join(BOT_NAMES + FILE_BOT_NAMES)}."),
    n: int = typer.Option(100, "-n", "--games", min=1, help="Games; with --duplicate: deal sets (each played "
                          "once per rotation)."),
    duplicate: bool = typer.Option(False, "--duplicate", help="Play each deal set once per rotation of the bots."),
    seed: int = typer.Option(0, "--seed", help="Run seed (chance seeds derive from it)."),
    jobs: Optional[int] = typer.Option(None, "--jobs", "-j", min=1, help=JOBS_HELP),
    ray: Optional[str] = RAY,
    out: Optional[Path] = typer.Option(None, "--out", help="Folder for games.jsonl (appended, resumable), "
                                       "summary.json and plots."),
    as_json: bool = typer.Option(False, "--json", help="Print the summary as JSON."),
    plain: bool = PLAIN,
    flags: GameFlags = GAME_FLAGS,
    engine: Optional[str] = ENGINE,
) -> None:
    """A tournament with seat rotation: mean score, score margin, win share
    (95% intervals), head-to-head, openskill ratings; with --out also every
    game as JSON Lines (resumable: rerun the same command) and plots."""
    use_engine(engine, game)
    name = check_game(game)
    options = flags.options(name)
    counted = "players" not in options
    specs, options = parse_seats(bots, name, options, "greedy", flag="--bots")
    g = make_game(name, options)
    if len(specs) != g.num_players:
        fail(f"--bots names {len(specs)} bots, but the game has {g.num_players} players")
    check_seat_bots(specs, g, "--bots", counted)
    sides = mixed_partners(name, g.options, specs)
    if sides is not None:
        together = " and ".join("+".join(str(s + 1) for s in group) for group in sides)
        err.print(f"note: seats {together} win together, and in some rotations partners hold different bots, "
                  "so each bot's win share mixes in its partner's play; to pit one bot's pair against another's, "
                  "list them alternately (--bots A,B,A,B)")
    tasks = arena_tasks(name, g.options, specs, n, seed, duplicate)
    path = None
    if out is not None:
        check_out_folder(out)
        try:
            networks = network_digests(specs)
            check_run_file(out, {"game": name, "options": g.options, "bots": specs, "seed": seed,
                                 "duplicate": duplicate, "n": n, NETWORKS: networks})
        except ValueError as error:
            fail(str(error))
        except OSError as error:
            fail(f"--out {out}: cannot write there: {error.strerror or error}")
        path = out / GAMES_FILE
    jobs, on_ray = ray_workers(ray, jobs)
    started = time.perf_counter()
    run_report: dict = {}
    try:
        with progress("playing", len(tasks), plain) as advance:
            records = run_tasks(tasks, jobs=jobs, path=path, keep_saved=out is not None, progress=advance,
                                report=run_report, ray=on_ray)
    except ValueError as error:
        fail(str(error))
    except (OSError, UnicodeDecodeError) as error:
        fail(f"{path}: cannot read or append the games: {getattr(error, 'strerror', None) or error}")
    except KeyboardInterrupt:
        where = f"; the games played are in {path}: rerun the same command to resume" if path else ""
        fail(f"interrupted{where}", 130)
    for line in file_notes(path, run_report, len(tasks), "-n", n):
        err.print(line)
    summary = summarize_arena(records, specs, duplicate)
    summary.update({"game": name, "options": g.options, "seed": seed, "jobs": run_report.get("jobs", 1), "ray": ray,
                    "engine": g.engine,
                    "wall_seconds": time.perf_counter() - started})
    if out is not None:
        (out / "summary.json").write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
        plot_arena(records, summary, out, f"{name} arena")
    if as_json:
        print(json.dumps(summary, indent=1))
        return
    print_arena(summary, name, g.options, out, plain)


def print_arena(summary: dict, name: str, options: dict, out: Optional[Path], plain: bool = False) -> None:
    screen = plain_console(plain)
    unit = summary["unit"]
    count = summary["units"]
    units = f" · {count} {unit}{'s' if count != 1 else ''} (duplicate)" if summary["duplicate"] else ""
    spread = jobs_words(summary.get("jobs", 1), bool(summary.get("ray")))
    shown = options_text(players_options(name, options))  # seats from 1, as players count them
    screen.print(Text.assemble(bold(name), f" {shown} · {summary['games']} games{units} · "
                               f"{summary['seconds_per_game']:.2f} s per game · {spread}"))
    table = Table(show_header=True, header_style="bold", title=f"per bot (95% CI over {unit}s)")
    for col in ("bot", "mean score", "score 95% CI", "margin", "margin 95% CI", "win share", "win 95% CI",
                "rating mu", "mu ± 1.96σ"):
        table.add_column(col, justify="right")
    for b in summary["bots"]:
        r = b["rating"]
        table.add_row(b["bot"], number(b['score']['mean']), interval(b["score"]["ci95"]),
                      number(b['margin']['mean'], 2, True), interval(b["margin"]["ci95"]), f"{b['win']['mean']:.3f}",
                      interval(b["win"]["ci95"], 3), f"{r['mu']:.1f}", interval(r["ci95"], 1))
    screen.print(table)
    if summary["pairs"]:
        pairs = Table(show_header=True, header_style="bold",
                      title="head to head: A minus B (score, win share), 95% CI")
        for col in ("A", "B", "score A−B", "95% CI", "win A−B", "95% CI "):
            pairs.add_column(col, justify="right")
        for p in summary["pairs"]:
            pairs.add_row(p["a"], p["b"], number(p['score_diff']['mean'], 2, True), interval(p["score_diff"]["ci95"]),
                          number(p['win_diff']['mean'], 3, True), interval(p["win_diff"]["ci95"], 3))
        screen.print(pairs)
    screen.print("margin: a bot's score minus the mean score of the other seats in the same game.")
    if out is not None:
        screen.print(f"games: {out / 'games.jsonl'} · summary.json · ratings.png/svg · scores.png/svg in {out}")
