"""The ``herna`` command: play, simulate, arena, analyze, bench, scenario, rules, replay."""

from __future__ import annotations

import json
import os
import sys
import time
from contextlib import contextmanager
from importlib import resources
from pathlib import Path
from typing import List, Optional

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from herna.bots import BOT_NAMES
from herna.core import GAMES, FormatError, IllegalActionError, jsonio, load, record
from herna.core.registry import game_class

from .i18n import LANGS, seat_kind, t, winners

try:  # typer 0.2x carries its own copy of click
    from typer._click.exceptions import ClickException as _ClickException, UsageError as _UsageError
except ImportError:  # older typer uses click itself
    from click.exceptions import ClickException as _ClickException, UsageError as _UsageError
from typer.core import TyperGroup

_Abort = typer.Abort


class HernaGroup(TyperGroup):
    """The ``herna`` command group: a wrong command line (an unknown flag, a
    missing argument, a value of the wrong type) is told in one line in
    herna's own style, ``error: ...`` on stderr with exit status 2, not in
    typer's boxes; ``--help`` is unchanged."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        args = bare_ray(list(sys.argv[1:] if args is None else args))
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        try:
            result = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except _UsageError as error:
            if type(error).__name__ == "NoArgsIsHelpError":  # plain ``herna``: the help, as before
                print(error.format_message(), file=sys.stderr)
                sys.exit(2)
            ctx = error.ctx
            where = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
            message = " ".join(str(error.format_message()).split()).rstrip(".")
            err.print(Text.assemble(("error:", "red"), f" {message}{where}"))
            sys.exit(2)
        except _ClickException as error:
            err.print(Text.assemble(("error:", "red"), " " + " ".join(str(error.format_message()).split())))
            sys.exit(error.exit_code)
        except _Abort:
            err.print(Text.assemble(("error:", "red"), " aborted"))
            sys.exit(1)
        sys.exit(result if isinstance(result, int) else 0)


app = typer.Typer(
    cls=HernaGroup,
    add_completion=False,
    no_args_is_help=True,
    help="herna: play, simulate and study Ugo!, Trumfosaur and Plný kurník – Ukradené slepice.",
)


def herna_version() -> str:
    """The installed package's version (package metadata; else ``herna.__version__``)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("herna")
    except PackageNotFoundError:
        from herna import __version__

        return __version__


def _print_version(value: bool) -> None:
    if value:
        print(f"herna {herna_version()}")
        raise typer.Exit(0)


@app.callback()
def _herna(version: bool = typer.Option(False, "--version", callback=_print_version, is_eager=True,
                                        help="Print herna's version and exit.")) -> None:
    pass


def make_console(stderr: bool = False, markup: bool = False) -> Console:
    """A rich console; piped output (a file, a log) is 140 columns wide, so
    tables are not folded at 80 (set COLUMNS to choose).

    Without ``markup`` (herna's own consoles) every string is printed as it
    is: square brackets in user text (a path ``runs/r[x]``, a bot spec, a
    message) are never read as rich markup; styles come from ``Text``."""
    out = Console(stderr=stderr, highlight=False, soft_wrap=stderr, markup=markup)
    if not out.is_terminal and "COLUMNS" not in os.environ:
        out.width = 140
    return out


console = make_console()
err = make_console(stderr=True)

def fail(message: str, code: int = 2) -> None:
    """Print ``error: MESSAGE`` (plain text, never markup) to stderr and exit with ``code``."""
    err.print(Text.assemble(("error:", "red"), " ", str(message)))
    raise typer.Exit(code)


def bold(text: str) -> Text:
    """``text`` in bold, as plain text (no markup)."""
    return Text(str(text), style="bold")


def check_game(name: str) -> str:
    key = name.lower()
    if key not in GAMES:
        fail(f"unknown game {name!r}; the games are: {', '.join(GAMES)}")
    try:
        game_class(key)
    except ValueError as error:
        fail(str(error))
    return key


def check_lang(lang: str) -> str:
    if lang not in LANGS:
        fail(f"unknown language {lang!r}; choose one of: {', '.join(LANGS)}")
    return lang


def game_options(
    players: Optional[int], master: bool, teams: bool, target_score: Optional[int], first_player: Optional[int],
    rounds: Optional[int], rough_thief: bool, dead_rooster: bool, missing_hens: bool, six_six: Optional[str],
    option: Optional[List[str]], game: Optional[str] = None,
) -> dict:
    """Collect the option flags that were given (others keep the game's
    defaults). ``--first-player`` counts seats from 1, as players do (the
    option ``first_player``, and ``-o first_player=``, from 0, as the engine):
    ``error:`` outside 1 to the number of players of ``game``."""
    out: dict = {}
    if first_player is not None:
        seats = players
        if seats is None and game is not None:
            seats = next(spec.default for spec in game_class(game).option_specs if spec.name == "players")
        if first_player < 1 or (seats is not None and first_player > seats):
            upto = f" to {seats}" if seats is not None else ""
            fail(f"--first-player counts seats from 1, as players do: 1{upto}, not {first_player}")
        first_player -= 1
    for key, value in (("players", players), ("target_score", target_score), ("first_player", first_player),
                       ("rounds", rounds), ("six_six", six_six)):
        if value is not None:
            out[key] = value
    for key, value in (("master", master), ("teams", teams), ("rough_thief", rough_thief),
                       ("dead_rooster", dead_rooster), ("missing_hens", missing_hens)):
        if value:
            out[key] = True
    return parse_option_items(option or [], "--option", out)


def parse_option_items(items: List[str], flag: str, out: Optional[dict] = None,
                       game_name: Optional[str] = None) -> dict:
    """``KEY=VALUE`` items (JSON values, else strings) added to ``out``;
    errors name ``flag``. With ``game_name``, a bare name of a yes/no option
    of that game means ``NAME=true``."""
    out = dict(out or {})
    booleans = set()
    if game_name is not None:
        booleans = {spec.name for spec in game_class(game_name).option_specs if spec.kind is bool}
    for item in items:
        item = item.strip()
        if "=" not in item:
            if item in booleans:
                key, parsed = item, True
            else:
                names = f" (a yes/no option alone means true: {', '.join(sorted(booleans))})" if booleans else ""
                fail(f"{flag} wants KEY=VALUE, not {item!r}{names}")
        else:
            key, value = item.split("=", 1)
            key = key.strip()
            try:
                parsed = json.loads(value)
            except json.JSONDecodeError:
                parsed = value.strip()
        if key == "engine":
            fail(f"{flag}: 'engine' is not a game option; use --engine auto|compiled|python")
        if key in out and out[key] != parsed:
            fail(f"{flag}: option {key!r} is given twice with different values ({out[key]!r} and {parsed!r})")
        out[key] = parsed
    return out


def make_game(name: str, options: dict):
    try:
        return load(name, **options)
    except ValueError as error:
        fail(str(error))


def parse_seats(seats: Optional[str], game_name: str, options: dict, default: str,
                flag: str = "--seats", allow_human: bool = False) -> tuple[list[str], dict]:
    """Seat specs from ``--seats`` (or ``--bots``: ``flag``); sets
    ``players`` from their number when it was not given. A spec that names
    no bot is refused first (before the number of seats is judged)."""
    if seats is None:
        return [], options
    specs = [s.strip().lower() for s in seats.split(",")]
    if not all(specs):
        what = "one bot or 'human'" if allow_human else "one bot"
        fail(f"{flag} {seats!r} has an empty seat; name {what} per seat, separated by commas")
    check_bot_specs(specs, game_name, flag, allow_human)
    if "players" not in options:
        options = {**options, "players": len(specs)}
        try:
            load(game_name, **options)
        except ValueError as error:
            fail(f"{flag} names {len(specs)} seat{'s' if len(specs) != 1 else ''}, so the game would have "
                 f"{len(specs)} player{'s' if len(specs) != 1 else ''}: {error}")
    return specs, options


def check_bot_specs(specs: List[str], game_name: str, flag: str, allow_human: bool = False) -> None:
    """Every spec names a bot that can play ``game_name`` (or is ``human``,
    with ``allow_human``), or a clear exit naming ``flag``."""
    from herna.bots import BOT_NAMES, make_bot

    game = load(game_name)
    for spec in dict.fromkeys(specs):
        if spec == "human" and allow_human:
            continue
        try:
            make_bot(spec, game, 0, 0)
        except ValueError as error:
            if allow_human and "unknown bot" in str(error):
                fail(f"unknown seat {spec!r}; a seat is one of: human, {', '.join(BOT_NAMES)}")
            fail(f"{flag}: {error}")


# Shared option declarations -------------------------------------------------------------
PLAYERS = typer.Option(None, "--players", "-p", help="Number of players.")
MASTER = typer.Option(False, "--master", help="Trumfosaur master version (T-8).")
TEAMS = typer.Option(False, "--teams", help="Trumfosaur teams, 4 players (T-7).")
TARGET = typer.Option(None, "--target-score", help="Trumfosaur target score (T-2.1, default 36).")
FIRST = typer.Option(None, "--first-player", help="Seat that starts, 1 to the number of players (Kurník: "
                     "without it the start is rolled, K-2.1).")
ROUNDS = typer.Option(None, "--rounds", help="Ugo! rounds (U-2.1, default 4).")
ROUGH = typer.Option(False, "--rough-thief", help="Kurník variant K-9.1.")
ROOSTER = typer.Option(False, "--dead-rooster", help="Kurník variant K-9.2.")
MISSING = typer.Option(False, "--missing-hens", help="Kurník variant K-9.3.")
SIXSIX = typer.Option(None, "--six-six", help="Kurník 6-6 rule: announce (default) or fox (K-9.4).")
OPTION = typer.Option(None, "--option", "-o", help="Any game option as KEY=VALUE (repeatable).")
PLAIN = typer.Option(False, "--plain", help="Plain output for screen readers: no progress bar (a line at every "
                     "5% instead).")
ENGINE = typer.Option(None, "--engine", help="The engine that runs the games: auto (the compiled one where it "
                      "is built, the default), compiled or python (the reference; the same games, slower).")
ANALYZE_ENGINE = typer.Option(None, "--engine", help="The engine that runs the games: auto (the compiled one "
                              "where it is built, the default), compiled, python (the reference; the same games, "
                              "slower) or batch (herna.batch, JAX: Trumfosaur, Ugo! and Kurník with bots random and "
                              "greedy; many games at once; no games file, no resume).")
RAY = typer.Option(None, "--ray", metavar="[ADDRESS]",
                   help="Run the games as tasks of a Ray cluster (pip install 'herna[ray]'): a bare --ray starts a "
                        "local one with --jobs CPUs (default: all cores); ADDRESS joins one ('auto', host:port, "
                        "ray://host:10001). Same results as --jobs for the same seed.")
JOBS_HELP = "Worker processes (default 1; with --ray: the local cluster's CPUs)."


def use_engine(engine: Optional[str], game: Optional[str] = None, also: str = "") -> None:
    """Make ``engine`` (``--engine``) the default of ``herna.load`` for this
    command and the worker processes it starts (``HERNA_ENGINE``); ``error:``
    for a name that is no engine (``also``: what else the command takes,
    added to the message), or ``compiled`` where ``game`` has no built
    compiled engine."""
    if engine is None:
        return
    from herna.core import engines

    try:
        chosen = engines.check_engine(engine)
    except ValueError as error:
        fail(f"{error}{also}")
    if chosen == "compiled" and game is not None and game.lower() in GAMES and not engines.available(game.lower()):
        fail(f"the compiled engine of {game.lower()} is not built; reinstall herna with a C compiler "
             "(pip install -e .), or use --engine python")
    os.environ[engines.ENV] = chosen


def bare_ray(args: List[str]) -> List[str]:
    """``--ray`` with no address (the end of the line, another option, or a
    word that is no address, e.g. the game's name after it) is ``--ray
    local``: a click option cannot take an optional value by itself."""
    from herna.arena.cluster import LOCAL

    out = []
    for k, arg in enumerate(args):
        out.append(arg)
        if arg == "--ray":
            following = args[k + 1] if k + 1 < len(args) else None
            if following is None or following.startswith("-") or not (
                    ":" in following or following in ("auto", LOCAL)):
                out.append(LOCAL)
    return out


def ray_workers(ray: Optional[str], jobs: Optional[int]) -> tuple[int, bool]:
    """``(jobs, on_ray)`` of a run: without ``--ray`` the worker processes
    (default 1); with it, joins or starts the cluster and returns its CPUs,
    or exits with the reason in one line."""
    if ray is None:
        return jobs or 1, False
    from herna.arena.cluster import LOCAL, connect

    if ray != LOCAL and jobs is not None:
        fail("--jobs sets the CPUs of a local Ray cluster; a cluster at an address has its own (leave out --jobs)")
    try:
        return connect(ray, jobs), True
    except (RuntimeError, ValueError) as error:
        fail(str(error))
    except KeyboardInterrupt:
        fail("interrupted while joining or starting the Ray cluster; nothing was played", 130)
    raise AssertionError("unreachable")


def jobs_words(jobs: int, on_ray: bool) -> str:
    """How a run was spread, for the summary line: ``4 jobs`` or ``Ray, 4 CPUs``."""
    return f"Ray, {jobs} CPU{'s' if jobs != 1 else ''}" if on_ray else f"{jobs} job{'s' if jobs != 1 else ''}"


@app.command()
def play(
    game: str = typer.Argument(..., help="trumfosaur, ugo or kurnik"),
    players: Optional[int] = PLAYERS,
    seats: Optional[str] = typer.Option(None, "--seats", "-s", help="Comma list, one per seat: human, "
                                        f"{', '.join(BOT_NAMES)} (default: human in seat 1, greedy in the others; "
                                        "with --resume: the seats of the saved game)."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Seed for the deal and dice and the bots (with "
                                       "--resume: the saved game's seed)."),
    names: Optional[str] = typer.Option(None, "--names", help="Players' names, a comma list with one item per "
                                        "seat, such as Eva,Tom or Eva,,Tom (an empty item: no name; at most "
                                        "20 printable characters each; with --resume: the saved names)."),
    lang: Optional[str] = typer.Option(None, "--lang", help="en or cs (default: en; with --resume: the saved "
                                       "game's language)."),
    save: Optional[Path] = typer.Option(None, "--save", help="Save the game here after every move."),
    resume: Optional[Path] = typer.Option(None, "--resume", help="Continue a game saved with --save (and keep "
                                          "saving to it), with its seats, seed and names; --seats, --seed and "
                                          "--names change them if they fit the saved game."),
    plain: bool = typer.Option(False, "--plain", help="Plain output for screen readers and braille lines: "
                               "no box drawing, no symbols, one line per table row."),
    hint_seconds: float = typer.Option(1.0, "--hint-seconds", help="Search time of the hint command (rada), "
                                       "0 < s <= 3600 seconds (default 1)."),
    master: bool = MASTER, teams: bool = TEAMS, target_score: Optional[int] = TARGET,
    first_player: Optional[int] = FIRST, rounds: Optional[int] = ROUNDS, rough_thief: bool = ROUGH,
    dead_rooster: bool = ROOSTER, missing_hens: bool = MISSING, six_six: Optional[str] = SIXSIX,
    option: Optional[List[str]] = OPTION,
    engine: Optional[str] = ENGINE,
) -> None:
    """Play at the terminal against bots (several humans play hot-seat).

    With --resume the saved game goes on with the seats, seed and names it
    was saved with (a file from an older herna, which did not record them:
    human in seat 1, greedy in the others, unless --seats says otherwise).
    --seats, --seed and --names given with --resume replace the saved ones
    when they fit the game (one seat and one name per player).

    When standard input is not a terminal, every seat is played by a bot for
    this run (a save still records the human seats) and the game is printed
    move by move."""
    use_engine(engine, game)
    from herna.bots import BOT_NAMES, make_bot

    from .play import play as run
    from .savefile import parse_names, read_save, write_save

    from herna.bots.ismcts import check_budget

    name = check_game(game)
    given_lang = check_lang(lang) if lang is not None else None
    try:
        check_budget(None, hint_seconds)
    except ValueError:
        fail(f"--hint-seconds {hint_seconds}: give a number of seconds, 0 < s <= 3600")
    options = game_options(players, master, teams, target_score, first_player, rounds, rough_thief,
                           dead_rooster, missing_hens, six_six, option, game)
    state = None
    saved = None
    if resume is not None:
        if options:
            fail("--resume continues a saved game with its own options; leave out the option flags")
        try:
            saved = read_save(resume)
        except FormatError as error:
            fail(str(error))
        state = saved.state
        if state.game.name != name:
            fail(f"{resume} is a saved {state.game.name} game, not {name}")
        if state.is_terminal():
            fail(f"the game in {resume} is already over (herna replay {resume} shows it)")
        options = dict(state.game.options)
        save = save or resume
        plain = plain or saved.plain
    lang = given_lang or (saved.lang if saved is not None else None) or "en"
    if save is not None:
        check_save_path(save, allow_existing=resume is not None and save.resolve() == resume.resolve())
    specs, options = parse_seats(seats, name, options, "greedy", allow_human=True)
    g = state.game if state is not None else make_game(name, options)
    if saved is not None and saved.seats is None:
        err.print(f"note: {resume} was saved by an older herna that did not record the seats, seed and names: "
                  "human in seat 1, greedy in the others, unless --seats says otherwise")
    if not specs:
        if saved is not None and saved.seats is not None:
            specs = list(saved.seats)
        else:
            specs = ["human"] + ["greedy"] * (g.num_players - 1)
    if len(specs) != g.num_players:
        where = f"the saved game in {resume}" if resume is not None else "the game"
        fail(f"--seats names {len(specs)} seats, but {where} has {g.num_players} players")
    for seat_number, spec in enumerate(specs):
        if spec == "human":
            continue
        try:
            make_bot(spec, g, seat_number)
        except ValueError:
            fail(f"unknown seat {spec!r}; a seat is one of: human, {', '.join(BOT_NAMES)}")
    if names is not None:
        try:
            player_names = parse_names(names, g.num_players)
        except ValueError as error:
            fail(str(error))
    elif saved is not None and saved.names is not None:
        player_names = list(saved.names)
    else:
        player_names = [None] * g.num_players
    if seed is None and saved is not None and saved.seed is not None:
        seed = saved.seed
    if seed is None:
        seed = int(time.time() * 1000) % 1_000_000_007
    interactive = sys.stdin.isatty()
    table_seats = list(specs)
    if not interactive and "human" in specs:
        specs = ["greedy" if s == "human" else s for s in specs]
        console.print(t("bots_stand_in", lang))
    kinds = [seat_kind(spec, lang) for spec in specs]
    shown = ", ".join(f"{n} ({kind})" if n else kind for n, kind in zip(player_names, kinds))
    sep = ", " if plain else " · "
    console.print(t("table_header", lang, sep=sep, game=record(name).title, seats=shown, seed=seed))
    final = run(g, specs, seed, lang, save, interactive, state=state, names=player_names, plain=plain,
                hint_seconds=hint_seconds)
    if save is not None and specs != table_seats and final is not None:
        # The bots stood in for this run only: the save keeps the human seats.
        try:
            write_save(save, final, table_seats, seed, player_names, lang, plain)
        except OSError as error:
            fail(f"cannot write {save}: {error.strerror or error}")


def check_save_path(path: Path, allow_existing: bool) -> None:
    """Refuse a save path that cannot be written, or that would overwrite a
    file that is not a herna saved game."""
    if path.is_dir():
        fail(f"--save {path} is a folder; give a file name")
    if not path.parent.is_dir():
        fail(f"--save {path}: the folder {path.parent} does not exist")
    if path.exists() and not allow_existing:
        try:
            data = jsonio.loads(path.read_text(encoding="utf-8"))
            is_save = isinstance(data, dict) and data.get("format") == "herna-state"
        except (OSError, UnicodeDecodeError, FormatError):
            is_save = False
        if not is_save:
            fail(f"--save {path} exists and is not a herna saved game; choose another name")


@app.command()
def simulate(
    game: str = typer.Argument(..., help="trumfosaur, ugo or kurnik"),
    n: int = typer.Option(1000, "-n", "--games", min=1, help="Number of games."),
    seats: Optional[str] = typer.Option(None, "--seats", "-s", help="Comma list of bots, one per seat: "
                                        f"{', '.join(BOT_NAMES)} (default: greedy in seat 1, random in the "
                                        "others)."),
    seed: int = typer.Option(0, "--seed", help="Run seed; the same seed gives the same numbers (not with time "
                             "budgets such as ismcts:0.2s)."),
    jobs: Optional[int] = typer.Option(None, "--jobs", "-j", min=1, help=JOBS_HELP),
    ray: Optional[str] = RAY,
    as_json: bool = typer.Option(False, "--json", help="Print the summary as JSON."),
    plain: bool = PLAIN,
    players: Optional[int] = PLAYERS, master: bool = MASTER, teams: bool = TEAMS,
    target_score: Optional[int] = TARGET, first_player: Optional[int] = FIRST, rounds: Optional[int] = ROUNDS,
    rough_thief: bool = ROUGH, dead_rooster: bool = ROOSTER, missing_hens: bool = MISSING,
    six_six: Optional[str] = SIXSIX, option: Optional[List[str]] = OPTION,
    engine: Optional[str] = ENGINE,
) -> None:
    """Bots against bots: a progress bar, then score and win share per seat."""
    use_engine(engine, game)
    from herna.arena.simulate import simulate as run

    name = check_game(game)
    options = game_options(players, master, teams, target_score, first_player, rounds, rough_thief,
                           dead_rooster, missing_hens, six_six, option, game)
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
    console.print(Text.assemble(bold(name), f" {json.dumps(g.options)} · {n} games · seed {seed}"))
    q = summary["length_quantiles"]
    console.print(f"{unit} per game: min {q['min']}, p10 {q['p10']}, median {q['median']}, p90 {q['p90']}, "
                  f"p99 {q['p99']}, max {q['max']}")
    console.print(f"{unit} per game: {summary['mean_length']:.2f} (sd {summary['sd_length']:.2f}) · "
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
    console.print(table)


@app.command()
def arena(
    game: str = typer.Argument(..., help="trumfosaur, ugo or kurnik"),
    bots: str = typer.Option(..., "--bots", "-b", help="Comma list of bots, one per seat (rotated through the "
                             f"seats): {', '.join(BOT_NAMES)}."),
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
    players: Optional[int] = PLAYERS, master: bool = MASTER, teams: bool = TEAMS,
    target_score: Optional[int] = TARGET, first_player: Optional[int] = FIRST, rounds: Optional[int] = ROUNDS,
    rough_thief: bool = ROUGH, dead_rooster: bool = ROOSTER, missing_hens: bool = MISSING,
    six_six: Optional[str] = SIXSIX, option: Optional[List[str]] = OPTION,
    engine: Optional[str] = ENGINE,
) -> None:
    """A tournament with seat rotation: mean score, score margin, win share
    (95% intervals), head-to-head, openskill ratings; with --out also every
    game as JSON Lines (resumable: rerun the same command) and plots."""
    use_engine(engine, game)
    from herna.arena.runner import run_tasks
    from herna.arena.tournament import GAMES_FILE, arena_tasks, check_run_file, plot_arena, summarize_arena

    name = check_game(game)
    options = game_options(players, master, teams, target_score, first_player, rounds, rough_thief,
                           dead_rooster, missing_hens, six_six, option, game)
    specs, options = parse_seats(bots, name, options, "greedy", flag="--bots")
    g = make_game(name, options)
    if len(specs) != g.num_players:
        fail(f"--bots names {len(specs)} bots, but the game has {g.num_players} players")
    tasks = arena_tasks(name, g.options, specs, n, seed, duplicate)
    path = None
    if out is not None:
        check_out_folder(out)
        try:
            check_run_file(out, {"game": name, "options": g.options, "bots": specs, "seed": seed,
                                 "duplicate": duplicate, "n": n})
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
    print_arena(summary, name, g.options, out)


def check_out_folder(out: Path) -> None:
    """``--out`` must be a folder (made if missing), or a clear exit."""
    if out.exists() and not out.is_dir():
        fail(f"--out {out} is a file, not a folder; give a folder name (it is made if missing)")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        fail(f"--out {out}: part of the path is a file, not a folder")
    except OSError as error:
        fail(f"--out {out}: cannot make the folder: {error.strerror or error}")


def dropped_note(path, dropped: int, why: str = "") -> str:
    """The note that ``dropped`` lines of ``path`` were left out as not game records."""
    many = dropped != 1
    return (f"note: {dropped} line{'s' if many else ''} of {path} {'are' if many else 'is'} not a game "
            f"record{why} and {'were' if many else 'was'} left out")


def file_notes(path: Optional[Path], report: dict, wanted: int, flag: str, value: int) -> list[str]:
    """One line each: lines of ``path`` left out as damaged, and games in it
    that this run does not use (``report`` from ``run_tasks``)."""
    if path is None or not report:
        return []
    out = []
    dropped = report.get("dropped", 0)
    if dropped:
        out.append(dropped_note(path, dropped, " (damaged or half-written)") + "; "
                   f"{'their' if dropped != 1 else 'its'} games, if part of this run, are played again")
    found, used = report.get("found", 0), report.get("used", 0)
    if found > used:
        out.append(f"note: {path} holds {found} games; this run ({flag} {value}, {wanted} games) uses "
                   f"{used} of them and leaves the other {found - used} out")
    return out


def progress_lines(total: int, plain: bool = False):
    """A progress callback for a log or a screen reader: a line on stderr at
    every 5% of ``total`` games, with the seconds spent."""
    started = time.perf_counter()
    state = {"done": 0, "shown": 0}

    def step(k: int) -> None:
        state["done"] += k
        done = state["done"]
        if done * 20 // total > state["shown"] or done == total:
            state["shown"] = done * 20 // total
            spent = time.perf_counter() - started
            if plain:
                print(f"{done} of {total} games, {spent:.0f} seconds", file=sys.stderr, flush=True)
            else:
                print(f"{done}/{total} games · {spent:.0f} s", file=sys.stderr, flush=True)

    return step


@contextmanager
def progress(label: str, total: int, plain: bool = False, quiet: bool = False):
    """A context giving a progress callback ``advance(k)`` (k more games
    done): a transient bar on a terminal; with ``plain`` (``--plain``) or
    when stderr is not a terminal, :func:`progress_lines`; with ``quiet``
    nothing at all."""
    if quiet:
        yield lambda k: None
    elif plain or not err.is_terminal:
        yield progress_lines(total, plain)
    else:
        with Progress(TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                      console=err, transient=True) as bar:
            task = bar.add_task("games", total=total)
            yield lambda k: bar.advance(task, k)


def print_arena(summary: dict, name: str, options: dict, out: Optional[Path]) -> None:
    unit = summary["unit"]
    count = summary["units"]
    units = f" · {count} {unit}{'s' if count != 1 else ''} (duplicate)" if summary["duplicate"] else ""
    spread = jobs_words(summary.get("jobs", 1), bool(summary.get("ray")))
    console.print(Text.assemble(bold(name), f" {json.dumps(options)} · {summary['games']} games{units} · "
                                f"{summary['seconds_per_game']:.2f} s per game · {spread}"))
    table = Table(show_header=True, header_style="bold", title=f"per bot (95% CI over {unit}s)")
    for col in ("bot", "mean score", "score 95% CI", "margin", "margin 95% CI", "win share", "win 95% CI",
                "rating mu", "mu ± 1.96σ"):
        table.add_column(col, justify="right")
    for b in summary["bots"]:
        r = b["rating"]
        table.add_row(b["bot"], f"{b['score']['mean']:.2f}", _interval(b["score"]["ci95"]),
                      f"{b['margin']['mean']:+.2f}", _interval(b["margin"]["ci95"]), f"{b['win']['mean']:.3f}",
                      _interval(b["win"]["ci95"], 3), f"{r['mu']:.1f}", _interval(r["ci95"], 1))
    console.print(table)
    if summary["pairs"]:
        pairs = Table(show_header=True, header_style="bold",
                      title="head to head: A minus B (score, win share), 95% CI")
        for col in ("A", "B", "score A−B", "95% CI", "win A−B", "95% CI "):
            pairs.add_column(col, justify="right")
        for p in summary["pairs"]:
            pairs.add_row(p["a"], p["b"], f"{p['score_diff']['mean']:+.2f}", _interval(p["score_diff"]["ci95"]),
                          f"{p['win_diff']['mean']:+.3f}", _interval(p["win_diff"]["ci95"], 3))
        console.print(pairs)
    console.print("margin: a bot's score minus the mean score of the other seats in the same game.")
    if out is not None:
        console.print(f"games: {out / 'games.jsonl'} · summary.json · ratings.png/svg · scores.png/svg in {out}")


def _interval(ci, digits: int = 2) -> str:
    return f"{ci[0]:.{digits}f} – {ci[1]:.{digits}f}"


@app.command()
def analyze(
    game: str = typer.Argument(..., help="trumfosaur, ugo or kurnik"),
    n: int = typer.Option(1000, "-n", "--games", min=1, help="Games per variant (and for the base)."),
    bots: Optional[str] = typer.Option(None, "--bots", "-b", help="Comma list of bots, one per seat, rotated "
                                       "(default: greedy in every seat)."),
    variant: Optional[List[str]] = typer.Option(None, "--variant", help="A variant to compare with the base: "
                                                "KEY=VALUE[,KEY=VALUE] (repeatable); 'none' for no variants. "
                                                "Default: each rule variant of the game."),
    seed: int = typer.Option(0, "--seed", help="Run seed."),
    jobs: Optional[int] = typer.Option(None, "--jobs", "-j", min=1, help=JOBS_HELP),
    ray: Optional[str] = RAY,
    out: Optional[Path] = typer.Option(None, "--out", help="Report folder (default: analysis-GAME); games are "
                                       "appended there, so rerunning resumes."),
    plain: bool = PLAIN,
    players: Optional[int] = PLAYERS, master: bool = MASTER, teams: bool = TEAMS,
    target_score: Optional[int] = TARGET, first_player: Optional[int] = FIRST, rounds: Optional[int] = ROUNDS,
    rough_thief: bool = ROUGH, dead_rooster: bool = ROOSTER, missing_hens: bool = MISSING,
    six_six: Optional[str] = SIXSIX, option: Optional[List[str]] = OPTION,
    engine: Optional[str] = ANALYZE_ENGINE,
    batch_size: Optional[int] = typer.Option(None, "--batch-size", min=1, help="With --engine batch: games "
                                             "played at once (default 2048)."),
) -> None:
    """The designer's balance report: advantage by seat, score and length
    distributions, the effect of each rule variant (95% intervals); a table,
    plots and a self-contained report.html. --engine batch plays the games
    in large batches on the batched JAX engine (herna.batch: Trumfosaur,
    Ugo! and Kurník with bots random and greedy)."""
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
    from herna.arena.analyze import build_report, default_variants, run_analysis, variant_label, variant_lineups

    name = check_game(game)
    options = game_options(players, master, teams, target_score, first_player, rounds, rough_thief,
                           dead_rooster, missing_hens, six_six, option, game)
    specs, options = parse_seats(bots, name, options, "greedy", flag="--bots")
    g = make_game(name, options)
    if not specs:
        specs = ["greedy"] * g.num_players
    if len(specs) != g.num_players:
        fail(f"--bots names {len(specs)} bots, but the game has {g.num_players} players")
    if variant is None:
        changes = default_variants(name, g.options)
    elif [v.strip().lower() for v in variant] == ["none"]:
        changes = []
    else:
        changes = []
        for v in variant:
            change = parse_option_items([part for part in v.split(",") if part.strip()], f"--variant {v!r}",
                                        game_name=name)
            if not change:
                fail(f"--variant {v!r} changes nothing; give KEY=VALUE[,KEY=VALUE] or 'none'")
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
            err.print(f"note: variant {variant_label(change)} has {len(lineup)} players: "
                      f"{lineup[0]} plays every seat of it")
    out = out or Path(f"analysis-{name}")
    if batched:
        _analyze_batch(name, g.options, specs, n, changes, seed, out, plain, batch_size)
        return
    check_out_folder(out)
    total = n * (1 + len(changes))
    jobs, on_ray = ray_workers(ray, jobs)
    started = time.perf_counter()
    reports: list = []
    try:
        with progress("simulating", total, plain) as advance:
            results = run_analysis(name, g.options, specs, n, changes, seed=seed, jobs=jobs, out=out,
                                   progress=advance, reports=reports, ray=on_ray)
    except ValueError as error:
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
    _write_analysis(name, report, results, out)


def _write_analysis(name: str, report: dict, results, out: Path) -> None:
    from herna.arena.analyze import plot_analysis, write_html

    svgs = plot_analysis(name, report, results, out)
    (out / "report.json").write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    write_html(report, svgs, out / "report.html")
    print_analysis(report, name)
    console.print(f"report: {out / 'report.html'} · report.json · seats/scores/lengths/effects .png/.svg in {out}")


def _analyze_batch(name: str, options: dict, specs: List[str], n: int, changes: List[dict], seed: int, out: Path,
                   plain: bool, batch_size: Optional[int]) -> None:
    """``analyze --engine batch``: the games on herna.batch with the batched
    bots (herna.batch.analyze); the same report, with ``changed_games``
    null (each variant draws its own deals) and no games file."""
    from herna.arena.analyze import build_report

    try:
        from herna.batch.analyze import DEFAULT_BATCH, check_batch, run_batch_analysis
    except ImportError as error:
        fail(f"--engine batch needs JAX: pip install 'herna[batch]' ({error})")
    try:
        check_batch(name, specs)
    except ValueError as error:
        fail(str(error))
    check_out_folder(out)
    size = batch_size or DEFAULT_BATCH
    started = time.perf_counter()
    try:
        with progress("simulating (batched)", n * (1 + len(changes)), plain) as advance:
            results = run_batch_analysis(name, options, specs, n, changes, seed=seed, batch_size=size,
                                         progress=advance)
    except ValueError as error:
        fail(str(error))
    except KeyboardInterrupt:
        # XLA may be compiling on its own threads: an interpreter shutting down under them can
        # crash (a segfault instead of 130), so the process ends here, its streams flushed
        err.print(Text.assemble(("error:", "red"), " ", "interrupted (--engine batch keeps no games file: "
                                                           "rerun to start again)"))
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(130)
    report = build_report(name, specs, seed, results, paired=False)
    report["wall_seconds"] = time.perf_counter() - started
    report["jobs"] = 1
    report["ray"] = None
    report["engine"] = "batch"
    report["batch_size"] = min(size, n)
    _write_analysis(name, report, results, out)


def print_analysis(report: dict, name: str) -> None:
    from herna.arena.analyze import EFFECT_KEYS, NO_CHANGE, effect_titles, position_label, unchanged

    unit = record(name).length_units
    order = report.get("order", "seat")
    jobs = report.get("jobs", 1)
    console.print(Text.assemble(bold(name), f" balance · bots {', '.join(report['bots'])} · seed {report['seed']} · "
                                f"{jobs_words(jobs, bool(report.get('ray')))}"))
    players = max(len(v["stats"]["seats"]) for v in report["variants"])
    by = "seat" if order == "seat" else "place in turn order"
    table = Table(show_header=True, header_style="bold", title="per variant")
    for col in ("variant", "games", unit, "95% CI", "score", "sd", f"win share per {by} (±95% CI)"):
        table.add_column(col, justify="right")
    for v in report["variants"]:
        st = v["stats"]
        seats = " ".join(f"{s['win_share']:.3f}±{(s['win_ci95'][1] - s['win_ci95'][0]) / 2:.3f}"
                         for s in st["seats"])
        table.add_row(v["label"], str(st["games"]), f"{st['length']['mean']:.2f}", _interval(st["length"]["ci95"]),
                      f"{st['score']['mean']:.2f}", f"{st['score']['sd']:.2f}", seats)
    console.print(table)
    if order == "turn":
        places = ", ".join(position_label(order, s) for s in range(players))
        console.print(f"turn order: the starting player is rolled (or set), so win shares are per place from the "
                      f"player who started ({places}), not per seat number.")
    rows = [v for v in report["variants"] if "effect" in v]
    if rows:
        eff = Table(show_header=True, header_style="bold", title="effect: variant minus base (95% CI)")
        for col in ("variant", *effect_titles(order, unit).values()):
            eff.add_column(col, justify="right")
        for v in rows:
            f = v["effect"]
            eff.add_row(v["label"] + (" *" if unchanged(v) else ""),
                        *(f"{f[k]['diff']:+.3f} ({_interval(f[k]['ci95'], 3)})" for k in EFFECT_KEYS))
        console.print(eff)
        for v in rows:
            if unchanged(v):
                console.print(f"* {v['label']}: {NO_CHANGE} (every game went exactly as in the base).")


bench_app = typer.Typer(help="Speed: random playouts, determinizations and ISMCTS per game; "
                        "'herna bench server': load and latency of the web server.",
                        subcommand_metavar="[server [OPTIONS]]")
app.add_typer(bench_app, name="bench")


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
        try:
            import pyspiel  # noqa: F401

            from herna.interop.bench import run_vs_openspiel
        except ImportError as error:
            fail(f"--vs-openspiel needs OpenSpiel: pip install 'herna[openspiel]' ({error})")
        # The interop module styles its own lines with rich markup; its text holds no user input.
        run_vs_openspiel(make_console(markup=True), seconds=seconds)
        return
    from herna.arena.bench import bench_game, bench_games

    names = (list(dict.fromkeys(check_game(g.strip()) for g in games.split(",") if g.strip())) if games
             else bench_games())
    if not names:
        fail("--games names no game; give a comma list such as kurnik,ugo")
    from herna.arena.bench import engine_ratios
    from herna.core import engines as engine_module

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
    try:
        import jax  # noqa: F401

        from herna.batch.bench import bench_kurnik, bench_trumfosaur, bench_ugo, reference_rows
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
    tables: int = typer.Option(50, "--tables", min=1, help="Tables held open at once (each all human seats, "
                                                           "played by the bench's WebSockets)."),
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
                                                        "temporary SQLite file)."),
    as_json: bool = typer.Option(False, "--json", help="Print the report as JSON."),
) -> None:
    """Load and latency of the web server (herna serve).

    Reports tables held, actions per second, the latency from an action to
    its state on every socket of the table (p50/p99 ms) and errors."""
    from herna.server.bench import main as bench_server_main

    code = bench_server_main(tables=tables, seconds=seconds, url=url, games=games, players=players, think=think,
                             via=via, seed=seed, profile=str(profile) if profile else None, db=db, as_json=as_json)
    raise typer.Exit(code)


def wanted_first(engine: Optional[str]) -> bool:
    """``--engine auto``: only the first engine that is built is measured."""
    return engine is not None and engine.strip().lower() == "auto"


def bench_table(rows: list) -> Table:
    """The bench table; headers on two short lines and no inner borders, so
    it fits 100 columns (80 with up to 6-digit rates)."""
    from rich import box

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


@app.command()
def scenario(paths: List[str] = typer.Argument(..., help="Scenario files or folders."),
             engine: Optional[str] = ENGINE) -> None:
    """Run scenario files (SCENARIOS.md): PASS/FAIL per file; exit 0 only if all pass."""
    use_engine(engine)
    from herna.core.scenario import find_scenarios, run_scenario_file

    try:
        files = find_scenarios(paths)
    except FileNotFoundError as error:
        fail(str(error))
    if not files:
        fail("no scenario files (*.json) found")
    failed = 0
    for path in files:
        ok, line = run_scenario_file(path, engine)
        failed += not ok
        print(line, flush=True)
    raise typer.Exit(1 if failed else 0)


@app.command()
def rules(
    game: str = typer.Argument(..., help="trumfosaur, ugo or kurnik"),
    lang: str = typer.Option("en", "--lang", help="en (herna's numbered rules) or cs (the original rulebook)"),
) -> None:
    """Print the rules: herna's numbered English rules, or the Czech original."""
    name = check_game(game)
    lang = check_lang(lang)
    rec = record(name)
    english, czech = rec.rules, rec.rulebook
    folder = "rules" if lang == "en" else "seeds"
    text = resources.files("herna").joinpath("data", folder, english if lang == "en" else czech).read_text("utf-8")
    if lang == "en":
        console.print(Markdown(text))
    else:
        console.print(text)


@app.command()
def replay(
    file: Path = typer.Argument(..., help="A game saved with --save, or an arena games.jsonl (with --game)."),
    seat: Optional[int] = typer.Option(None, "--seat", help="Show the game as this seat saw it (its hand): the "
                                       "seat number players read, 1 to the number of players."),
    lang: str = typer.Option("en", "--lang", help="en or cs"),
    all_at_once: bool = typer.Option(False, "--all", help="Print every step without pausing."),
    all_cards: bool = typer.Option(False, "--all-cards", help="Show everything: every seat's hand at the start "
                                   "of each deal or round and at 't', and the hidden choices (Trumfosaur "
                                   "invitations) as they are made."),
    game_index: Optional[int] = typer.Option(None, "--game", help="Only for an arena JSON Lines file "
                                             "(games.jsonl): the index of the game to replay (default: the "
                                             "first)."),
    plain: bool = typer.Option(False, "--plain", help="Plain output for screen readers: no box drawing, no "
                               "symbols, one line per table row."),
    engine: Optional[str] = ENGINE,
) -> None:
    """Step through a saved game, one action at a time (Enter: next, b:
    back, t: the table now, q: quit)."""
    use_engine(engine)
    from herna.core import from_json

    from .games import renderer
    from .play import takes_keyword
    from .style import Style

    lang = check_lang(lang)
    labels = None
    names = None
    arena = file.suffix == ".jsonl" or game_index is not None
    try:
        if arena:
            if file.suffix != ".jsonl" and _single_saved_game(file):
                fail(f"--game picks one game of an arena file (games.jsonl); {file} is a single saved game: "
                     "leave out --game")
            game = _arena_game(file, game_index)
            data = game["saved"]
            labels = list(game["bots"])
        else:
            data = jsonio.loads(file.read_text(encoding="utf-8"))
            labels, names = _table_of(data)
        final = from_json(data)
    except UnicodeDecodeError:
        fail(f"{file} is not a text file (a saved game is JSON text)")
    except OSError as error:
        fail(f"cannot read {file}: {error.strerror or error}")
    except (FormatError, IllegalActionError, TypeError, ValueError, KeyError) as error:
        fail(f"{file} is not a herna saved game: {error}")
    players = final.num_players
    if labels is not None and len(labels) != players:
        labels = None
    if names is not None and len(names) != players:
        names = None
    if seat is not None:
        if not 1 <= seat <= players:
            fail(f"--seat {seat}: this game has seats 1 to {players} (the numbers players read)")
        seat -= 1
    style = Style.make(lang, plain=plain, names=names)
    module = renderer(final.game.name)

    def show(renderable) -> None:
        style.emit(console, renderable)

    kinds = [seat_kind(label, lang) for label in labels] if labels else None
    own_words = takes_keyword(module.hand_lines, "mine")

    def show_hands(state) -> None:
        """Every seat's hand, each line naming its seat (``Seat 2's hand``)."""
        for s in range(players):
            if not own_words:
                show(Text(style.seat(s, seat, kinds[s] if kinds else None) + ":", style="bold"))
            lines = (module.hand_lines(state.view(s), s, style, mine=s == seat) if own_words
                     else module.hand_lines(state.view(s), s, style))
            for line in lines:
                show(line)

    if labels or names:
        where = t("arena_game", lang, index=game["index"], file=file) if arena else str(file)
        show(t("replay_header", lang, where=where, sep=style.sep, seats=style.sep.join(
            style.seat(s, seat) + (f": {kinds[s]}" if kinds else "") for s in range(players))))
    steps = replay_steps(final, seat, lang, style, all_cards)
    pause = sys.stdin.isatty() and not all_at_once
    position = 0
    fresh = True
    while position < len(steps):
        index, lines, state, starts = steps[position]
        if fresh:
            for line in lines:
                show(Text.assemble((f"{index:>4}", "dim"), " ", str(line)))
            if starts and seat is not None:
                show(module.render(state.view(seat), seat, lang, kinds, style=style))
            if starts and all_cards:
                show_hands(state)
        fresh = True
        if not pause:
            position += 1
            continue
        try:
            answer = input(t("replay_prompt", lang)).strip().lower()
        except (EOFError, KeyboardInterrupt):
            answer = "q"
        if answer == "q":
            return
        if answer == "t":
            show(module.render(state.view(seat), seat, lang, kinds, style=style))
            if all_cards:
                show_hands(state)
            fresh = False
        elif answer == "b":
            position = max(0, position - 1)
        elif answer == "":
            position += 1
        else:
            show(t("replay_keys", lang))
            fresh = False
    show(module.render(final.view(seat), seat, lang, kinds, style=style))
    if all_cards:
        show_hands(final)
    view = final.view()
    if view["terminal"]:
        show(Text.assemble(bold(t("game_over", lang)), " ", winners(lang, [style.seat(s, seat)
                                                                            for s in view["winners"]])))


@app.command()
def review(
    file: Path = typer.Argument(..., help="A game saved with herna play --save."),
    seat: Optional[int] = typer.Option(None, "--seat", help="Review this seat only: 1 to the number of players "
                                       "(default: the save's human seats, or every seat if none was human)."),
    seconds: Optional[float] = typer.Option(None, "--seconds", help="Search time per decision, 0 < s <= 3600 "
                                            "(default 0.2)."),
    iterations: Optional[int] = typer.Option(None, "--iterations", help="Search iterations per decision "
                                             "instead of a time (reproducible with --seed)."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Seed of the searches."),
    top: int = typer.Option(5, "--top", help="How many decisions to list, those that lost the most (>= 1)."),
    lang: str = typer.Option("en", "--lang", help="en or cs"),
    as_json: bool = typer.Option(False, "--json", help="Print the review as JSON (every reviewed decision, "
                                 "sorted by loss) for tools."),
    engine: Optional[str] = ENGINE,
) -> None:
    """Mark the moves of a saved game that lost the most expected value
    against the strong bot's choice, with the better move and why.

    Each decision of the reviewed seats is searched from that seat's
    information as it was then (never the other hands). A game not finished
    is reviewed up to its last move (with a note). Values: expected point
    margin at the end of the deal or round (Trumfosaur, Ugo!), or the chance
    to win (Kurník); see docs/hints.md."""
    use_engine(engine)
    from herna.bots.hints import review as review_game
    from herna.bots.hints import loss_words, shown_gap, value_words
    from herna.bots.ismcts import check_budget

    from .play import value_meaning
    from .savefile import read_save
    from .style import Style

    lang = check_lang(lang)
    if seconds is not None and iterations is not None:
        fail("give --seconds or --iterations, not both")
    try:
        check_budget(iterations, seconds)
    except ValueError:
        fail("--seconds must be 0 < s <= 3600 and --iterations a whole number 1..10000000")
    if top < 1:
        fail(f"--top {top}: list at least 1 decision")
    try:
        saved = read_save(file)
    except FormatError as error:
        fail(str(error))
    state = saved.state
    players = state.num_players
    if seat is not None:
        if not 1 <= seat <= players:
            fail(f"--seat {seat}: this game has seats 1 to {players} (the numbers players read)")
        seats = [seat - 1]
    elif saved.seats is not None and "human" in saved.seats:
        seats = [s for s, spec in enumerate(saved.seats) if spec == "human"]
    else:
        seats = list(range(players))
    style = Style.make(lang, names=saved.names)
    finished = state.is_terminal()
    try:
        if err.is_terminal and not as_json:
            with Progress(TextColumn("reviewing"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                          console=err, transient=True) as bar:
                task = bar.add_task("decisions", total=None)
                items = review_game(state, seats, seconds=seconds, iterations=iterations, seed=seed, lang=lang,
                                    progress=lambda done, total: bar.update(task, completed=done, total=total))
        else:
            items = review_game(state, seats, seconds=seconds, iterations=iterations, seed=seed, lang=lang)
    except KeyboardInterrupt:
        fail("interrupted: nothing was reviewed", 130)
    if as_json:
        print(json.dumps({"game": state.game.name, "file": str(file), "finished": finished,
                          "seats": [s + 1 for s in seats], "decisions": len(items),
                          "items": [dict(item.to_dict(), seat=item.seat + 1) for item in items]},
                         ensure_ascii=False, indent=1))
        return
    if not finished:
        console.print(t("review_unfinished", lang))
    if not items:
        console.print(t("review_none", lang))
        return
    kind = items[0].value_kind
    console.print(bold(t("review_head", lang, value=value_meaning(state.game, kind, lang))))
    shown = 0
    for item in items:
        if shown >= top:
            break
        if shown_gap(item.best_value, item.played_value, kind) == 0:
            continue  # it lost nothing that shows at the printed precision
        shown += 1
        played = item.played_string + (f" ({item.played_label})" if item.played_label != item.played_string else "")
        best = item.best_string + (f" ({item.best_label})" if item.best_label != item.best_string else "")
        loss = loss_words(item.best_value, item.played_value, kind, lang)
        console.print(t("review_line", lang, seq=item.seq, who=style.seat(item.seat), played=played,
                        played_value=value_words(item.played_value, kind, lang), best=best,
                        best_value=value_words(item.best_value, kind, lang), loss=loss))
        if item.reason:
            console.print(f"    {item.reason}")
    if not shown:
        console.print(t("review_no_loss", lang))
    same = sum(1 for item in items if item.best == item.played)
    console.print(t("review_summary", lang, n=len(items), m=same))


def _single_saved_game(file: Path) -> bool:
    """Whether ``file`` holds one saved game (a JSON object), not JSON Lines."""
    try:
        data = jsonio.loads(file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, FormatError):
        return False
    return isinstance(data, dict) and "history" in data


def _table_of(data) -> tuple[Optional[list], Optional[list]]:
    """``(seat kinds, names)`` from a ``herna play`` save's ``table`` (see
    :mod:`herna.cli.savefile`), each ``None`` when absent, not lists of text,
    or holding text that may not reach a terminal (control characters,
    escape sequences, over-long names: :func:`herna.cli.savefile.name_problem`)."""
    from .savefile import name_problem

    table = data.get("table") if isinstance(data, dict) else None
    if not isinstance(table, dict):
        return None, None
    seats, names = table.get("seats"), table.get("names")
    seats = seats if isinstance(seats, list) and all(
        isinstance(x, str) and len(x) <= 60 and name_problem(x[:20]) is None for x in seats) else None
    names = names if isinstance(names, list) and all(
        x is None or (isinstance(x, str) and name_problem(x) is None) for x in names) else None
    return seats, names


def _arena_game(file: Path, index: Optional[int]) -> dict:
    """The record of game ``index`` (default: the first) of an arena JSON
    Lines file, with its ``saved`` game; says so in one line when damaged
    lines were left out."""
    from herna.arena.runner import scan_records

    if not file.exists():
        raise OSError(f"no such file {file}")
    records, dropped = scan_records(file)
    if dropped:
        err.print(dropped_note(file, dropped))
    if not records:
        fail(f"{file} holds no games (JSON Lines, one game per line)")
    if index is None:
        record = min(records, key=lambda r: r["index"])
    else:
        found = [r for r in records if r["index"] == index]
        if not found:
            indices = sorted(r["index"] for r in records)
            fail(f"{file} has no game {index}; games are {indices[0]}..{indices[-1]} ({len(indices)} games)")
        record = found[0]
    if not isinstance(record.get("saved"), dict) or not record["saved"]:
        fail(f"game {record['index']} of {file} was stored without its moves")
    return record


def replay_steps(final, seat, lang, style=None, all_cards: bool = False) -> list:
    """``(action number, sentences, state after, starts)`` for every action
    that has something to say, as ``seat`` (``None``: a spectator) saw it;
    with ``all_cards`` a player's hidden choice is told as its player saw
    it (a Trumfosaur invitation: T-10.2 keeps it hidden at the table, a
    replay is for after the game). ``starts`` is true at the first decision
    of each deal or round of a game with hidden information (the hands are
    dealt, :meth:`State.period` moved on), where a replay for a seat shows
    its table.

    Each action is told by its engine events (:meth:`State.events`,
    those of one ``seq`` together) through the renderer's ``describe_event``."""
    from .games import renderer
    from .style import Style

    style = style or Style.make(lang)
    module = renderer(final.game.name)
    hidden = not record(final.game.name).perfect_information
    walker = final.initial_state()
    out = []
    shown = None
    pending = False
    for index, action in enumerate(final.history(), start=1):
        actor = walker.current_player()
        viewer = actor if all_cards and actor >= 0 else seat
        walker.step(action)
        lines = [line for event in walker.events(since=index - 1, seat=viewer)
                 for line in module.describe_event(event, seat, style)]
        if hidden and not walker.is_terminal() and walker.current_player() >= 0 and walker.period() != shown:
            shown = walker.period()
            pending = True
        if lines or pending:
            out.append((index, lines, walker.clone(), pending))
            pending = False
    return out


# ----- herna serve: the web server (herna/server, docs/server.md) ------------------------------------------

@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on (0.0.0.0: every interface)."),
    port: int = typer.Option(8000, "--port", help="Port to listen on (0: a free one)."),
    db: Optional[str] = typer.Option(None, "--db", help="Database URL: sqlite:///PATH or postgresql://USER@HOST/DB "
                                                        "(default: SQLite in the data folder)."),
    workers: int = typer.Option(1, "--workers", help="Server processes (more than 1 needs PostgreSQL and Redis)."),
    redis: Optional[str] = typer.Option(None, "--redis", help="Redis URL of the bus between workers."),
    data_dir: Optional[Path] = typer.Option(None, "--data-dir", help="Folder of the default SQLite database "
                                                                      "(default: the user data folder)."),
    bot_workers: Optional[int] = typer.Option(None, "--bot-workers", help="Processes for bots (default: one per "
                                                                           "CPU; 0: threads)."),
    origin: Optional[List[str]] = typer.Option(None, "--origin", help="Another origin the pages are served from "
                                                                       "(behind a proxy), e.g. https://herna.example."),
    public_url: Optional[str] = typer.Option(None, "--public-url", help="The address people open, e.g. "
                                                                        "https://herna.example (links, and the pages "
                                                                        "allowed to use a seat; default: "
                                                                        "http://HOST:PORT)."),
    pace_scale: float = typer.Option(1.0, "--pace-scale", help="Multiplies the pauses between the bots' moves "
                                                               "(0: no pause)."),
    redis_prefix: Optional[str] = typer.Option(None, "--redis-prefix", help="Names the Redis channels of this "
                                                                            "server (default: from the database "
                                                                            "URL)."),
) -> None:
    """Run the web server: play in a browser with friends and bots."""
    from herna.server.serve import ServeError, main as serve_main

    try:
        code = serve_main(host=host, port=port, db=db, workers=workers, redis=redis, data_dir=data_dir,
                          bot_workers=bot_workers, origins=tuple(origin or ()), public_url=public_url,
                          pace_scale=pace_scale, redis_prefix=redis_prefix)
    except ServeError as error:
        fail(str(error))
        return
    raise typer.Exit(code)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
