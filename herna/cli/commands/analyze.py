"""``herna analyze``: the designer's balance report."""

from __future__ import annotations

import json
import os
import re
import signal
import sys
import time
from pathlib import Path
from typing import List, Optional

import typer
from rich.table import Table
from rich.text import Text

from herna.arena.analyze import (NO_CHANGE, SAME_MOVES, build_report, changed_words, check_bots,
                                 default_variants, effect_columns, effect_titles, plot_analysis, position_label,
                                 run_analysis, same_moves, side_label, sides_label, unchanged, variant_label,
                                 variant_lineups, write_html)
from herna.core import load, record

from ..checks import check_game, check_seat_options, make_game, parse_option_items, parse_seats, use_engine
from ..flags import GAME, JOBS_HELP, PLAIN, RAY
from ..gameflags import GAME_FLAGS, GameFlags, with_game_flags
from ..output import bold, err, fail, plain_console
from ..runs import check_out_folder, file_notes, interval, jobs_words, progress, ray_workers


ANALYZE_ENGINE = typer.Option(None, "--engine", help="The engine that runs the games: auto (the compiled one "
                              "where it is built, the default), compiled, python (the reference; the same games, "
                              "slower) or batch (herna.batch, JAX: Trumfosaur, Ugo! and Kurník with bots random, "
                              "greedy, policy and policy:FILE.npz; many games at once; no games file, no resume).")
"""analyze's ``--engine`` (it adds batch to the engines every command takes)."""

_NUMBER = re.compile(r"[+-]?[0-9]+")
DEFAULT_BOT = "greedy+explore"
"""analyze's default seat (:mod:`herna.bots.explore`): plays as ``greedy`` in the base game and takes a
choice a variant adds (each game record's ``option_actions``) at 5% of the decisions where one
is legal, so that a variant whose new choice careful players decline still shows what it does."""
DEFAULT_BATCH_BOT = "greedy"
"""--engine batch's default seat (the batched bots: random, greedy, policy and policy:FILE.npz)."""


@with_game_flags
def analyze(
    game: str = GAME,
    n: int = typer.Option(1000, "-n", "--games", min=1, help="Games per variant (and for the base)."),
    bots: Optional[str] = typer.Option(None, "--bots", "-b", help="Comma list of bots, one per seat, rotated "
                                       "(default: greedy+explore in every seat: the greedy bot, which now "
                                       "and then takes a choice a variant adds, such as Kurník's rooster; "
                                       "with --engine batch: greedy)."),
    variant: Optional[List[str]] = typer.Option(None, "--variant", help="A variant to compare with the base: "
                                                "KEY=VALUE[,KEY=VALUE] (repeatable); 'none' for no variants. "
                                                "A list value as its numbers with commas (KEY=2,2 or "
                                                "KEY=[2,2]); a seat counted from 1, as players count seats "
                                                "(KEY=2: the second seat). "
                                                "Default: each rule variant of the game."),
    seed: int = typer.Option(0, "--seed", help="Run seed."),
    jobs: Optional[int] = typer.Option(None, "--jobs", "-j", min=1, help=JOBS_HELP),
    ray: Optional[str] = RAY,
    out: Optional[Path] = typer.Option(None, "--out", help="Report folder (default: analysis-GAME); games are "
                                       "appended there, so rerunning resumes."),
    plain: bool = PLAIN,
    flags: GameFlags = GAME_FLAGS,
    engine: Optional[str] = ANALYZE_ENGINE,
    batch_size: Optional[int] = typer.Option(None, "--batch-size", min=1, help="With --engine batch: games "
                                             "played at once (default 2048)."),
) -> None:
    """The designer's balance report: advantage by seat, score and length
    distributions, the effect of each rule variant (95% intervals); a table,
    plots and a self-contained report.html. --engine batch plays the games
    in large batches on the batched JAX engine (herna.batch: Trumfosaur,
    Ugo! and Kurník with bots random, greedy, policy and policy:FILE.npz)."""
    batched = engine is not None and engine.strip().lower() == "batch"
    if batched:
        if ray is not None:
            fail("--engine batch runs the games in one process (batched, JAX); it does not take --ray")
        if jobs is not None:
            fail("--engine batch runs the games in one process (batched, JAX); it does not take --jobs "
                 "(--batch-size sets how many games run at once)")
    else:
        if batch_size is not None:
            fail("--batch-size is for --engine batch")
        use_engine(engine, game, also="; or batch (herna.batch, the batched JAX engine)")
    name = check_game(game)
    options = flags.options(name)
    specs, options = parse_seats(bots, name, options, "greedy", flag="--bots")
    g = make_game(name, options)
    if not specs:
        specs = [DEFAULT_BATCH_BOT if batched else DEFAULT_BOT] * g.num_players
    if len(specs) != g.num_players:
        fail(f"--bots names {len(specs)} bots, but the game has {g.num_players} players")
    if variant is None:
        changes = default_variants(name, g.options)
    elif [v.strip().lower() for v in variant] == ["none"]:
        changes = []
    else:
        changes = []
        for v in variant:
            change = parse_option_items([part for part in split_items(v) if part.strip()], f"--variant {v!r}",
                                        game_name=name)
            if not change:
                fail(f"--variant {v!r} changes nothing; give KEY=VALUE[,KEY=VALUE] or 'none'")
            check_seat_options(name, {**g.options, **change}, f"--variant {v!r}")
            try:
                load(name, **{**g.options, **change})
            except ValueError as error:
                fail(f"--variant {v!r}: {error}")
            changes.append(change)
    try:
        lineups = variant_lineups(name, g.options, specs, changes)
    except ValueError as error:
        fail(str(error).replace("variant ", "--variant ", 1))
    for change, lineup in zip(changes, lineups[1:]):
        if len(lineup) != len(specs):
            err.print(f"note: variant {variant_label(change, name)} has {len(lineup)} players: "
                      f"{lineup[0]} plays every seat of it")
    out = out or Path(f"analysis-{name}")
    if batched:
        _analyze_batch(name, g.options, specs, n, changes, seed, out, plain, batch_size)
        return
    try:  # every bot of every variant before the folder is made: a refused run leaves nothing behind
        check_bots(name, g.options, specs, changes)
    except ValueError as error:
        fail(f"--bots: {error}")
    made = not out.exists()
    check_out_folder(out)
    say_games(n, len(changes))
    total = n * (1 + len(changes))
    jobs, on_ray = ray_workers(ray, jobs)
    started = time.perf_counter()
    reports: list = []
    try:
        with progress("simulating", total, plain) as advance:
            results = run_analysis(name, g.options, specs, n, changes, seed=seed, jobs=jobs, out=out,
                                   progress=advance, reports=reports, ray=on_ray)
    except ValueError as error:
        drop_if_made(out, made)
        fail(str(error))
    except (OSError, UnicodeDecodeError) as error:
        fail(f"{out}: cannot read or write the games there: {getattr(error, 'strerror', None) or error}")
    except KeyboardInterrupt:
        fail(f"interrupted; the games played are in {out}: rerun the same command to resume", 130)
    combined = {key: sum(r.get(key, 0) for r in reports) for key in ("dropped", "found", "used")}
    for line in file_notes(out / "games-*.jsonl", combined, n * len(reports), "-n", n):
        err.print(line)
    report = build_report(name, specs, seed, results)
    report["wall_seconds"] = time.perf_counter() - started
    report["jobs"] = max((r.get("jobs", 1) for r in reports), default=1)
    report["ray"] = ray
    report["engine"] = load(name).engine
    _write_analysis(name, report, results, out, plain)


def split_items(text: str) -> list[str]:
    """``KEY=VALUE,KEY=VALUE`` split at the commas outside brackets, so a
    list value stays whole: ``low_card_farmers=[0,0],rounds=2``; a list
    may also be written plainly, its numbers after the key's ``=``
    (``low_card_farmers=2,2,rounds=2``): a part that is a number alone
    belongs to the item before it (a yes/no option alone is a name, never
    a number)."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += {"[": 1, "]": -1}.get(ch, 0)
        if ch == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    out: list[str] = []
    for part in parts:
        if out and "=" in out[-1] and _NUMBER.fullmatch(part.strip()):
            out[-1] += "," + part
        else:
            out.append(part)
    return out


def drop_if_made(out: Path, made: bool) -> None:
    """Remove the ``--out`` folder this run ``made`` if it is still empty
    (a run refused before any game leaves no folder behind)."""
    if made:
        try:
            out.rmdir()  # only an empty folder: games already written stay
        except OSError:
            pass


def games_words(n: int, variants: int) -> str:
    """That ``-n`` counts games per variant, and the games in all, said
    right for no variant, one and several."""
    games = f"{n} game{'s' if n != 1 else ''}"
    if variants == 0:
        return f"-n {n}: {games} of the base game (no variants)"
    if variants == 1:
        return f"-n {n} is per variant: {games} for the base and {games} for the variant, {2 * n} games in all"
    return (f"-n {n} is per variant: {games} for the base and for each of the {variants} variants, "
            f"{n * (1 + variants)} games in all")


def say_games(n: int, variants: int) -> None:
    """Say :func:`games_words` on stderr."""
    err.print(games_words(n, variants))


def _write_analysis(name: str, report: dict, results, out: Path, plain: bool = False) -> None:

    svgs = plot_analysis(name, report, results, out)
    (out / "report.json").write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    write_html(report, svgs, out / "report.html")
    print_analysis(report, name, plain)
    plain_console(plain).print(f"report: {out / 'report.html'} · report.json · seats/scores/lengths/effects "
                               f".png/.svg in {out}")


def _analyze_batch(name: str, options: dict, specs: List[str], n: int, changes: List[dict], seed: int, out: Path,
                   plain: bool, batch_size: Optional[int]) -> None:
    """``analyze --engine batch``: the games on herna.batch with the batched
    bots (herna.batch.analyze); the same report, with ``changed_games``
    null (each variant draws its own deals) and no games file."""
    try:  # deferred: herna.batch needs JAX, the optional batch extra
        from herna.batch.analyze import DEFAULT_BATCH, check_batch, run_batch_analysis
    except ImportError as error:
        fail(f"--engine batch needs JAX: pip install 'herna[batch]' ({error})")
    try:
        check_batch(name, specs, options, changes)
    except ValueError as error:
        fail(str(error))
    made = not out.exists()
    check_out_folder(out)
    say_games(n, len(changes))
    size = batch_size or DEFAULT_BATCH
    started = time.perf_counter()
    asked: list[int] = []

    def on_interrupt(signum: int, frame) -> None:
        # JAX may run a callback of its own (the XLA garbage collection hook) when this lands, and that
        # swallows the KeyboardInterrupt: the flag makes the next progress report raise it again
        asked.append(signum)
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGINT, on_interrupt)
    try:
        with progress("simulating (batched)", n * (1 + len(changes)), plain) as advance:
            def advance_or_stop(k: int) -> None:
                if asked:
                    raise KeyboardInterrupt
                advance(k)

            results = run_batch_analysis(name, options, specs, n, changes, seed=seed, batch_size=size,
                                         progress=advance_or_stop)
    except ValueError as error:
        drop_if_made(out, made)
        fail(str(error))
    except KeyboardInterrupt:
        # XLA may be compiling on its own threads: an interpreter shutting down under them can
        # crash (a segfault instead of 130), so the process ends here, its streams flushed
        err.print(Text.assemble(("error:", "red"), " ", "interrupted (--engine batch keeps no games file: "
                                                           "rerun to start again)"))
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(130)
    finally:
        signal.signal(signal.SIGINT, previous)
    report = build_report(name, specs, seed, results, paired=False)
    report["wall_seconds"] = time.perf_counter() - started
    report["jobs"] = 1
    report["ray"] = None
    report["engine"] = "batch"
    report["batch_size"] = min(size, n)
    _write_analysis(name, report, results, out, plain)


def print_analysis(report: dict, name: str, plain: bool = False) -> None:
    screen = plain_console(plain)

    unit = record(name).length_units
    order = report.get("order", "seat")
    jobs = report.get("jobs", 1)
    games = report["variants"][0]["stats"]["games"] if report["variants"] else 0
    total = report.get("total_games", games * len(report["variants"]))
    screen.print(Text.assemble(bold(name), f" balance · {games} games per variant (-n), {total} in all · "
                               f"bots {', '.join(report['bots'])} · "
                               f"seed {report['seed']} · {jobs_words(jobs, bool(report.get('ray')))}"))
    players = max(len(v["stats"]["seats"]) for v in report["variants"])
    by = "seat" if order == "seat" else "place in turn order"
    table = Table(show_header=True, header_style="bold", title="per variant")
    # a game whose options fix its length (every game of every variant as long: Ugo!'s rounds) has no
    # length to show, as its effect table has none
    lengths = "length" in effect_columns(report)
    # where partners win together (teams) a variant's shares and imbalance are its sides', named by seats
    teams = any(v["stats"].get("sides") for v in report["variants"])
    for col in ("variant", "games", "played differently", "result differs",
                *((unit, "95% CI") if lengths else ()), "score", "sd",
                f"win share per {by}" + (" (per team where partners win together)" if teams else "")
                + " (95% CI)",
                ("seat or team imbalance" if teams else "seat imbalance") + " (95% CI; p of equal shares)"):
        table.add_column(col, justify="right")
    for v in report["variants"]:
        st = v["stats"]
        # a Wilson interval is not symmetric: said as an interval, never as plus or minus
        if st.get("sides"):
            seats = ", ".join(f"{side_label(order, t['positions'])} {t['win_share']:.3f} "
                              f"({interval(t['win_ci95'], 3)})" for t in st["sides"])
        else:
            seats = " ".join(f"{s['win_share']:.3f} ({interval(s['win_ci95'], 3)})" for s in st["seats"])
        imbalance = st["seat_imbalance"]
        p = imbalance.get("equal_shares_p")
        table.add_row(v["label"], str(st["games"]),
                      *(changed_words(report, v, key) if v.get(key) is None else str(v[key])
                        for key in ("played_differently", "result_changed")),
                      *((f"{st['length']['mean']:.2f}", interval(st["length"]["ci95"])) if lengths else ()),
                      f"{st['score']['mean']:.2f}", f"{st['score']['sd']:.2f}", seats,
                      f"{imbalance['value']:.3f} ({interval(imbalance['ci95'], 3)})"
                      + (f", p {p:.3f}" if isinstance(p, float) and p == p else "")
                      + (f", by team: {sides_label(order, imbalance['sides'])}" if imbalance.get("sides") else ""))
    screen.print(table)
    counted = [v for v in report["variants"] if v.get("played_differently") is not None]
    if counted:
        screen.print("played differently: games whose moves differ from the base game on the same chance seed; "
                     "result differs: games whose scores or winners differ (with the same moves or not).")
    for v in counted:
        if same_moves(v):
            screen.print(f"{v['label']}: {SAME_MOVES}.")
    if order == "turn":
        places = ", ".join(position_label(order, s) for s in range(players))
        screen.print(f"turn order: the starting player is rolled (or set), so win shares are per place from the "
                     f"player who started ({places}), not per seat number.")
    rows = [v for v in report["variants"] if "effect" in v]
    if rows:
        paired = all(v["effect"]["length"].get("method") == "paired" for v in rows)
        title = "effect: variant minus base (95% CI" + (", paired by chance seed)" if paired else ")")
        eff = Table(show_header=True, header_style="bold", title=title)
        columns = effect_columns(report)
        titles = effect_titles(order, unit)
        for col in ("variant", *(titles[k] for k in columns)):
            eff.add_column(col, justify="right")
        for v in rows:
            f = v["effect"]
            eff.add_row(v["label"] + (" *" if unchanged(v) else ""),
                        *(f"{f[k]['diff']:+.3f} ({interval(f[k]['ci95'], 3)})" for k in columns))
        screen.print(eff)
        for v in rows:
            if unchanged(v):
                screen.print(f"* {v['label']}: {NO_CHANGE} (every game went exactly as in the base), so its "
                             "effects are exactly 0.")
