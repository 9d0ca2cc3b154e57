"""``herna play``: a game at the terminal against bots (hot-seat for several people)."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Optional

import typer

from herna.bots import BOT_NAMES, FILE_BOT_NAMES, make_bot
from herna.bots.ismcts import check_budget
from herna.core import FormatError, jsonio, record

from ..checks import check_game, check_lang, check_verbosity, make_game, parse_seats, seat_count_note, use_engine
from ..flags import ENGINE, GAME, VERBOSITY
from ..i18n import seat_kind, t
from ..gameflags import GAME_FLAGS, GameFlags, with_game_flags
from ..output import err, fail, plain_console
from ..play import play as run
from ..savefile import parse_names, read_save, write_save


@with_game_flags
def play(
    game: str = GAME,
    seats: Optional[str] = typer.Option(None, "--seats", "-s", help="Comma list, one per seat: human, "
                                        f"{', '.join(BOT_NAMES + FILE_BOT_NAMES)} (their number sets the players "
                                        "unless -p gives it; default: human in seat 1, greedy in the others; "
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
                               "no box drawing, no symbols, one logical line per row, never wrapped."),
    verbosity: str = VERBOSITY,
    hint_seconds: float = typer.Option(1.0, "--hint-seconds", help="Search time of the hint command (rada), "
                                       "0 < s <= 3600 seconds (default 1)."),
    flags: GameFlags = GAME_FLAGS,
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



    name = check_game(game)
    verbosity = check_verbosity(verbosity)
    given_lang = check_lang(lang) if lang is not None else None
    try:
        check_budget(None, hint_seconds)
    except ValueError:
        fail(f"--hint-seconds {hint_seconds}: give a number of seconds, 0 < s <= 3600")
    options = flags.options(name)
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
    counted = seats is not None and "players" not in options and state is None
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
        except ValueError as error:
            if "unknown bot" in str(error):
                fail(f"unknown seat {spec!r}; a seat is one of: human, {', '.join(BOT_NAMES + FILE_BOT_NAMES)}")
            count = len(specs)
            about_count = f"{count} players" in str(error) or f"this table has {count}" in str(error)
            fail(f"--seats: {error}{seat_count_note('--seats', count) if counted and about_count else ''}")
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
        plain_console(plain).print(t("bots_stand_in", lang))
    kinds = [seat_kind(spec, lang) for spec in specs]
    shown = ", ".join(f"{n} ({kind})" if n else kind for n, kind in zip(player_names, kinds))
    sep = ", " if plain else " · "
    plain_console(plain).print(t("table_header", lang, sep=sep, game=record(name).title, seats=shown, seed=seed))
    final = run(g, specs, seed, lang, save, interactive, state=state, names=player_names, plain=plain,
                hint_seconds=hint_seconds, verbosity=verbosity)
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
