"""``herna bench`` and ``herna bench server``: speed of the engines and of the web server."""

from __future__ import annotations

import datetime
import json
import os
import time
from pathlib import Path
from typing import Optional

import typer
from rich import box
from rich.table import Table

from herna.arena.bench import bench_game, bench_games, engine_ratios
from herna.arena.levels import LEVELS, level_specs, markdown, run_levels, write_section
from herna.core import GAMES
from herna.core import engines as engine_module
from herna.server.bench import main as bench_server_main

from ..checks import check_game
from ..output import console, err, fail, make_console
from ..runs import interval, progress


bench_app = typer.Typer(help="Speed: random playouts, determinizations and ISMCTS per game; "
                        "'herna bench server': load and latency of the web server.",
                        subcommand_metavar="[server [OPTIONS]]")


@bench_app.callback(invoke_without_command=True)
def bench(
    ctx: typer.Context,
    games: Optional[str] = typer.Option(None, "--games", help="Comma list of games (default: all three)."),
    seconds: float = typer.Option(2.0, "--seconds", min=0.1, help="Seconds for each measured part (per game: "
                                  "random playouts, determinizations, ISMCTS). With --vs-openspiel: seconds of "
                                  "random play per engine and game; its ISMCTS match is fixed (4 one-deal games "
                                  "at 0.1 s per move)."),
    seed: int = typer.Option(0, "--seed", help="Seed of the random games and positions."),
    as_json: bool = typer.Option(False, "--json", help="Print the numbers as JSON."),
    vs_openspiel: bool = typer.Option(False, "--vs-openspiel", help="Compare with OpenSpiel instead "
                                      "(needs the OpenSpiel extra)."),
    batch: bool = typer.Option(False, "--batch", help="The batched JAX engine (herna.batch, the batch extra): "
                               "Trumfosaur (each observe mode), Ugo! and Kurník decisions/s at batch sizes 1k, 4k "
                               "and 16k, beside Trumfosaur on one state (compiled and Python engines) and "
                               "OpenSpiel's C++ Hearts measured in the same run."),
    engine: Optional[str] = typer.Option(None, "--engine", help="Measure one engine: auto (the one herna.load "
                                         "takes), compiled or python (default: both, with the ratios)."),
) -> None:
    """Speed: random playouts (the reference), determinizations and ISMCTS
    simulations per second for each game, with ratios to the reference.
    'herna bench server --help': the web server's load and latency."""
    if ctx.invoked_subcommand is not None:
        return
    if batch:
        if vs_openspiel or games is not None:
            fail("--batch measures Trumfosaur against fixed references; leave out --vs-openspiel and --games")
        bench_batch(seconds, seed, as_json)
        return
    if vs_openspiel:
        if games is not None or as_json:
            fail("--vs-openspiel compares fixed games and prints tables; leave out --games and --json")
        try:  # deferred: OpenSpiel, the optional openspiel extra
            import pyspiel  # noqa: F401

            from ..bench_openspiel import run_vs_openspiel
        except ImportError as error:
            fail(f"--vs-openspiel needs OpenSpiel: pip install 'herna[openspiel]' ({error})")
        # run_vs_openspiel styles its own lines with rich markup; its text holds no user input.
        run_vs_openspiel(make_console(markup=True), seconds=seconds)
        return
    names = (list(dict.fromkeys(check_game(g.strip()) for g in games.split(",") if g.strip())) if games
             else bench_games())
    if not names:
        fail(f"--games names no game; give a comma list such as {','.join(list(GAMES)[:0:-1])}")
    if engine is not None:
        try:
            wanted = engine_module.check_engine(engine)
        except ValueError as error:
            fail(str(error))
        chosen = ["compiled", "python"] if wanted == "auto" else [wanted]
    else:
        chosen = ["python", "compiled"]
    rows = []
    for name in names:
        for one in chosen:
            if one == "compiled" and not engine_module.available(name):
                if engine is not None:
                    fail(f"the compiled engine of {name} is not built; reinstall herna with a C compiler "
                         "(pip install -e .), or use --engine python")
                continue
            with err.status(f"benchmarking {name} on the {one} engine"):
                rows.append(bench_game(name, seconds=seconds, seed=seed, engine=one))
            if wanted_first(engine):
                break
    ratios = engine_ratios(rows)
    if as_json:
        print(json.dumps({"rows": rows, "compiled_over_python": ratios}, indent=1))
        return
    console.print(bench_table(rows))
    for r in ratios:
        console.print(f"{r['game']}, compiled ÷ python: random actions {r['random_actions_per_s']:.1f}x, sampler "
                      f"{r['sampler_per_s']:.1f}x, state resample {r['resample_per_s']:.1f}x, ISMCTS "
                      f"{r['ismcts_sims_per_s']:.1f}x")
    console.print("sampler draws: determinizations (observation.resampler()) per second; state resample: "
                  "state.resample(), the full-state version. Ratios: per random playout game. ISMCTS: default "
                  "options, 4 players, random rollouts to the horizon, 200 iterations per decision at 12 decisions "
                  "of random games.")


def bench_batch(seconds: float, seed: int, as_json: bool) -> None:
    """``herna bench --batch``: herna.batch's decisions/s with ratios to the references of the same run."""
    try:  # deferred: JAX, the optional batch extra
        import jax  # noqa: F401

        from herna.batch.bench import bench_kurnik, bench_trumfosaur, bench_ugo, kurnik_reference, reference_rows
    except ImportError as error:
        fail(f"--batch needs JAX: pip install 'herna[batch]' ({error})")
    with err.status("measuring the references"):
        references = reference_rows(seconds)
    out = [{"engine": r["engine"], "batch_size": None, "compile_s": None, "actions_per_s": r["actions_per_s"]}
           for r in references]
    for observe in ("none", "current", "all"):
        with err.status(f"compiling and measuring herna.batch Trumfosaur, observe={observe!r} "
                        "(seconds of compiling per batch size)"):
            out += [{"engine": f"herna.batch Trumfosaur (JAX, this CPU), observe={observe!r}",
                     "batch_size": r["batch_size"], "compile_s": r["compile_s"],
                     "actions_per_s": r["actions_per_s"]} for r in bench_trumfosaur(seed=seed, observe=observe)]
    with err.status("compiling and measuring herna.batch Ugo! (seconds of compiling per batch size)"):
        out += [{"engine": "herna.batch Ugo! (JAX, this CPU), every seat's observation",
                 "batch_size": r["batch_size"], "compile_s": r["compile_s"],
                 "actions_per_s": r["actions_per_s"]} for r in bench_ugo(seed=seed)]
    with err.status("measuring Kurník's compiled engine on one state"):
        kurnik = kurnik_reference(seconds)
    if kurnik is not None:  # the batched Kurník's own reference (issue 26: at least this at 16k)
        out.append({"engine": kurnik["engine"], "batch_size": None, "compile_s": None,
                    "actions_per_s": kurnik["actions_per_s"]})
    with err.status("compiling and measuring herna.batch Kurník (seconds of compiling per batch size)"):
        out += [{"engine": "herna.batch Kurník (JAX, this CPU), observe='none'",
                 "batch_size": r["batch_size"], "compile_s": r["compile_s"],
                 "actions_per_s": r["actions_per_s"]} for r in bench_kurnik(seed=seed)]
    base = references[-1]["actions_per_s"]
    for row in out:
        row["ratio"] = round(row["actions_per_s"] / base, 2) if base else None
    if as_json:
        print(json.dumps({"reference": references[-1]["engine"], "rows": out}, indent=1))
        return
    table = Table(show_header=True, header_style="bold", title="players' decisions per second, 4 players")
    for col in ("engine", "batch", "compile s", "decisions/s", f"× {references[-1]['engine']}"):
        table.add_column(col, justify="left" if col == "engine" else "right")
    for row in out:
        table.add_row(row["engine"], str(row["batch_size"] or "-"), str(row["compile_s"] or "-"),
                      f"{row['actions_per_s']:,}", f"{row['ratio']:.2f}")
    console.print(table)
    console.print("Decisions: one per player's choice asked (chance draws and the moves an engine makes by itself "
                  "are not counted), random legal moves, measured in this run.")


@bench_app.command("server")
def bench_server(
    tables: str = typer.Option("50", "--tables", help="Tables held open at once (each all human seats, played by "
                                                      "the bench's WebSockets); growing stages such as 100,200,400 "
                                                      "are measured in turn on the same server."),
    seconds: float = typer.Option(10.0, "--seconds", min=0.1, help="Seconds measured (after setting up)."),
    url: Optional[str] = typer.Option(None, "--url", help="A running server to measure (default: the bench starts "
                                                          "its own herna serve with a temporary SQLite database)."),
    games: Optional[str] = typer.Option(None, "--games", help="Comma list of the tables' games, in turn "
                                                              "(default: every game)."),
    players: int = typer.Option(2, "--players", help="Human seats per table."),
    think: float = typer.Option(1.0, "--think", min=0.0, help="Mean think pause before each move (seconds; "
                                                              "uniform in 0.5..1.5 times it; 0: answer at once)."),
    via: str = typer.Option("ws", "--via", help="Send actions by WebSocket (ws) or HTTP POST (http)."),
    seed: int = typer.Option(0, "--seed", help="Seed of the random moves."),
    profile: Optional[Path] = typer.Option(None, "--profile", help="cProfile the bench's own server into this "
                                                                   "file and print its top functions."),
    db: Optional[str] = typer.Option(None, "--db", help="Database URL of the bench's own server (default: a "
                                                        "temporary SQLite file; postgresql://.../NAME: a fresh "
                                                        "database beside NAME, dropped at the end)."),
    workers: int = typer.Option(1, "--workers", min=1, help="Worker processes of the bench's own server (more than "
                                                            "one needs --db postgresql://... and --redis)."),
    redis: Optional[str] = typer.Option(None, "--redis", help="Redis URL of the bench's own server's workers "
                                                              "(a prefix of the run's own)."),
    flood: float = typer.Option(0.0, "--flood", min=0.0, help="Measure each stage again while one more socket "
                                                              "sends this many moves a second at a future seq."),
    sample_every: float = typer.Option(5.0, "--sample-every", min=0.1, help="Seconds between memory samples (RSS "
                                                                            "of each worker of the own server)."),
    connect_limit: Optional[str] = typer.Option(None, "--connect-limit", help="The own server's limit of new "
                                                                              "sockets per address: BURST/RATE or "
                                                                              "0 (default: herna serve's)."),
    as_json: bool = typer.Option(False, "--json", help="Print the report as JSON."),
) -> None:
    """Load and latency of the web server (herna serve).

    Reports tables held, actions per second, the latency from an action to
    its state on every socket of the table (p50/p99 ms) and errors, per
    stage of tables (and with a flood); the workers' memory over time."""
    code = bench_server_main(tables=tables, seconds=seconds, url=url, games=games, players=players, think=think,
                             via=via, seed=seed, profile=str(profile) if profile else None, db=db, as_json=as_json,
                             workers=workers, redis=redis, flood=flood, sample_every=sample_every,
                             connect_limit=connect_limit)
    raise typer.Exit(code)


@bench_app.command("bots")
def bench_bots(
    games: Optional[str] = typer.Option(None, "--games", help="Comma list of games (default: all three)."),
    n: int = typer.Option(10, "-n", "--sets", min=1, help="Deal sets per game; each is played in 4 rotations "
                                                          "(4 games)."),
    scale: float = typer.Option(1.0, "--scale", help="Multiply every search time budget by this (0 < s <= 1; "
                                                     "0.1: hard searches 0.2 s a move, for a quick run)."),
    seed: int = typer.Option(0, "--seed", help="Run seed (the deal sets' chance)."),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, help="Worker processes."),
    out: Optional[Path] = typer.Option(None, "--out", help="Folder for the games (rerunning resumes)."),
    doc: Optional[Path] = typer.Option(None, "--doc", help="Write the results as the levels section of this "
                                                           "Markdown file (e.g. docs/bot-strength.md)."),
    plain: bool = typer.Option(False, "--plain", help="Progress as lines (logs, screen readers)."),
) -> None:
    """How strong the bot levels are: per game, a round-robin duplicate
    arena of random, easy (greedy), medium (ismcts:0.3s) and hard
    (ismcts:2s), with win shares, ratings and 95% intervals
    (herna.arena.levels)."""
    names = [check_game(g) for g in games.split(",")] if games else list(GAMES)
    try:
        level_specs(scale)
    except ValueError as error:
        fail(f"--scale: {error}")
    summaries = []
    started = time.perf_counter()
    for name in names:
        with progress(f"{name}: levels", n * len(LEVELS), plain) as advance:
            summaries.append(run_levels(name, n, scale, seed=seed, jobs=jobs, out=out, progress=advance))
        s = summaries[-1]
        table = Table(show_header=True, header_style="bold", box=box.SIMPLE_HEAD,
                      title=f"{name}: {s['n']} deal sets, {s['games']} games, budgets x {scale:g}")
        for col in ("level", "bot", "win share", "95% CI", "rating mu", "95% CI"):
            table.add_column(col, justify="right")
        by_spec = {b["bot"]: b for b in s["bots"]}
        for level, spec in s["levels"].items():
            b = by_spec[spec]
            table.add_row(level, spec, f"{b['win']['mean']:.3f}", interval(b["win"]["ci95"], 3),
                          f"{b['rating']['mu']:.1f}", interval(b["rating"]["ci95"], 1))
        console.print(table)
    if doc is not None:
        command = "herna bench bots" + (f" --games {games}" if games else "") + f" -n {n}" \
            + (f" --scale {scale:g}" if scale != 1 else "") + f" --seed {seed} --doc {doc}"
        when = datetime.date.today().isoformat()
        minutes = (time.perf_counter() - started) / 60
        section = markdown(summaries, command, when, f"{minutes:.0f} minutes with {jobs} job(s) on "
                                                      f"{os.cpu_count()} cores")
        write_section(doc, section)
        err.print(f"wrote the levels section of {doc}")


def wanted_first(engine: Optional[str]) -> bool:
    """``--engine auto``: only the first engine that is built is measured."""
    return engine is not None and engine.strip().lower() == "auto"


def bench_table(rows: list) -> Table:
    """The bench table; headers on two short lines and no inner borders, so
    it fits 100 columns (80 with up to 6-digit rates)."""
    table = Table(show_header=True, header_style="bold", box=box.SIMPLE_HEAD, pad_edge=False,
                  title="speed per second (one process); ratios per random playout game")
    for col in ("game", "engine", "random\nactions/s", "random\ngames/s", "sampler\ndraws/s", "state\nresample/s",
                "ISMCTS\nsims/s", "sims per\nplayout", "draws per\nplayout"):
        table.add_column(col, justify="left" if col in ("game", "engine") else "right")
    for r in rows:
        table.add_row(r["game"], r["engine"], f"{r['random_actions_per_s']:,.0f}", f"{r['random_games_per_s']:,.1f}",
                      f"{r['sampler_per_s']:,.0f}", f"{r['resample_per_s']:,.0f}", f"{r['ismcts_sims_per_s']:,.0f}",
                      f"{r['sims_per_playout']:.2f}", f"{r['draws_per_playout']:.1f}")
    return table
