"""``herna review``: the moves of a saved game that lost the most."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.text import Text

from herna.arena.runner import is_record, scan_records
from herna.bots.hints import DEFAULT_REVIEW_ITERATIONS, MIN_REVIEW_ITERATIONS, REPLICATES
from herna.bots.hints import review as review_game
from herna.bots.ismcts import check_budget
from herna.bots.review_text import review_head, review_text
from herna.core import FormatError, IllegalActionError, State, from_json, jsonio

from ..checks import check_lang, use_engine
from ..flags import ENGINE
from ..i18n import seat_kind, t
from ..output import bold, console, err, fail
from ..runs import dropped_note, games_span, no_games, pick_game, unread_words
from ..savefile import FORMAT_NAME, name_problem, read_save
from ..style import Style


@dataclass
class Source:
    """The game to review: its state, its seats (``human`` or a bot spec;
    ``None`` when not recorded), its players' names, and for a game of an
    arena file its ``index`` there."""

    state: State
    seats: list[str] | None
    names: list[str | None] | None
    index: int | None = None


def review(
    file: Path = typer.Argument(..., help="A game saved with herna play --save, or an arena games.jsonl "
                                "(herna arena --out; with --game when it holds more than one game)."),
    seat: Optional[int] = typer.Option(None, "--seat", help="Review this seat only: 1 to the number of players "
                                       "(default: the save's human seats, or every seat if none was human)."),
    game_index: Optional[int] = typer.Option(None, "--game", help="For an arena file (games.jsonl): the game to "
                                             "review, by its index in the file, as herna replay --game takes "
                                             "it (the records' \"index\", from 0)."),
    seconds: Optional[float] = typer.Option(None, "--seconds", help="Search time per decision, 0 < s <= 3600, "
                                            "instead of iterations (depends on the machine's load: not "
                                            f"reproducible; at least {MIN_REVIEW_ITERATIONS} iterations "
                                            "whatever the time)."),
    iterations: Optional[int] = typer.Option(None, "--iterations", help="Search iterations per decision "
                                             f"(default {DEFAULT_REVIEW_ITERATIONS}, at least "
                                             f"{MIN_REVIEW_ITERATIONS}); the same file, options and seed give "
                                             "the same review."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Seed of the searches (default: one derived from "
                                       "the saved game)."),
    top: int = typer.Option(5, "--top", help="How many decisions to list, those that lost the most (>= 1)."),
    lang: str = typer.Option("en", "--lang", help="en or cs"),
    as_json: bool = typer.Option(False, "--json", help="Print the review as JSON (every reviewed decision, "
                                 "sorted by loss, each with the move it was compared with) for tools."),
    engine: Optional[str] = ENGINE,
) -> None:
    """Mark the moves of a saved game that lost the most expected value
    against the strong bot's choice, with the better move and why.

    Each decision of the reviewed seats is searched from that seat's
    information as it was then (never the other hands). A game not finished
    is reviewed up to its last move (with a note). Values: expected point
    margin at the end of the deal or round (Trumfosaur, Ugo!), or the chance
    to win (Kurník); see docs/hints.md. Deterministic by default (an
    iteration budget, seeded from the file); each line says where the move
    was (deal and trick, round and trick, or turn) and the loss with its
    standard error. The search proposes a better move; fresh paired
    re-evaluations of it and the move played (the same sampled hands and
    dice for both) then measure the loss, and a move is listed only when
    its loss exceeds about twice that standard error, so another seed gives
    the same verdict but on close calls."""
    use_engine(engine)
    lang = check_lang(lang)
    if seconds is not None and iterations is not None:
        fail("give --seconds or --iterations, not both")
    if iterations is not None and iterations < MIN_REVIEW_ITERATIONS:
        fail(f"--iterations {iterations}: a review searches at least {MIN_REVIEW_ITERATIONS} iterations a "
             f"decision (its verdict gives each of the two moves N/{2 * REPLICATES} iterations in each of "
             f"{REPLICATES} paired replicates; with fewer a verdict means nothing); the default is "
             f"{DEFAULT_REVIEW_ITERATIONS}")
    try:
        check_budget(iterations, seconds)
    except ValueError:
        fail(f"--seconds must be 0 < s <= 3600 and --iterations a whole number {MIN_REVIEW_ITERATIONS}..10000000")
    if top < 1:
        fail(f"--top {top}: list at least 1 decision")
    source = read_source(file, game_index)
    state = source.state
    players = state.num_players
    if seat is not None:
        if not 1 <= seat <= players:
            fail(f"--seat {seat}: this game has seats 1 to {players} (the numbers players read)")
        seats = [seat - 1]
    elif source.seats is not None and "human" in source.seats:
        seats = [s for s, spec in enumerate(source.seats) if spec == "human"]
    else:
        seats = list(range(players))
    style = Style.make(lang, names=source.names)
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
        print(json.dumps({"game": state.game.name, "file": str(file),
                          **({"game_index": source.index} if source.index is not None else {}),
                          "finished": finished, "seats": [s + 1 for s in seats], "decisions": len(items),
                          "items": [dict(item.to_dict(), seat=item.seat + 1) for item in items]},
                         ensure_ascii=False, indent=1))
        return
    if source.index is not None:
        where = t("arena_game", lang, index=source.index, file=file)
        kinds = source.seats if source.seats and all(len(k) <= 60 and name_problem(k[:20]) is None
                                                     for k in source.seats) else None
        console.print(Text(t("replay_header", lang, where=where, sep=style.sep, seats=style.sep.join(
            style.seat(s) + (f": {seat_kind(kinds[s], lang)}" if kinds else "") for s in range(players))))
            if kinds else where, soft_wrap=True)
    head = review_head(state.game, items, lang)
    for line in review_text(state.game, items, lang, style.seat, top, finished):
        console.print(bold(line) if line == head else line, soft_wrap=True)  # a line per mistake, never cut


def read_source(file: Path, index: Optional[int]) -> Source:
    """The game to review from ``file``: a saved game (:func:`herna.cli.savefile.read_save`),
    or game ``index`` of an arena JSON Lines file (a ``.jsonl`` name, ``--game`` given, or
    a file whose first line is a game record); exits with one line naming what is wrong."""
    arena = index is not None or file.suffix.lower() == ".jsonl"
    if not arena:
        try:
            saved = read_save(file)
        except FormatError as error:
            if not _first_line_is_record(file):
                fail(str(error))
        else:
            return Source(saved.state, saved.seats, saved.names)
    elif index is not None and _single_saved_game(file):
        fail(f"--game picks one game of an arena file (games.jsonl); {file} is a single saved game: "
             "leave out --game")
    return _arena_source(file, index)


def _arena_source(file: Path, index: Optional[int]) -> Source:
    """Game ``index`` of the arena JSON Lines ``file`` (its records' ``index``; ``None``: the only game)."""
    if not file.exists():
        fail(f"cannot read {file}: no such file")
    try:
        records, dropped = scan_records(file)
    except UnicodeDecodeError:
        fail(f"{file} is not a text file (an arena file is JSON Lines, one game record a line)")
    except OSError as error:
        fail(f"cannot read {file}: {error.strerror or error}")
    if not records:
        no_games(file, dropped)
    numbers = sorted({r["index"] for r in records})
    if index is None:
        if len(numbers) > 1:
            fail(f"{file} holds {games_span(records)}: choose one with --game N (as herna replay --game numbers "
                 f"them){unread_words(file, dropped)}")
        index = numbers[0]
    record = pick_game(records, index, file, dropped)
    if dropped:  # after the checks: an error says it in its own line
        err.print(dropped_note(file, dropped))
    saved = record.get("saved")
    if not isinstance(saved, dict) or not saved:
        fail(f"game {index} of {file} was stored without its moves (no \"saved\" game)")
    try:
        state = from_json(saved)
    except (FormatError, IllegalActionError, TypeError, ValueError, KeyError) as error:
        fail(f"game {index} of {file} is not a herna saved game: {str(error).splitlines()[0] if str(error) else error}")
    bots = record["bots"]
    return Source(state, list(bots) if len(bots) == state.num_players else None, None, index)


def _first_line_is_record(file: Path) -> bool:
    """Whether the first non-empty line of ``file`` is an arena game record (JSON Lines without ``.jsonl``)."""
    try:
        with file.open(encoding="utf-8") as handle:
            for line in handle:
                if line.strip():
                    return is_record(jsonio.loads(line))
    except (OSError, UnicodeDecodeError, ValueError):
        return False
    return False


def _single_saved_game(file: Path) -> bool:
    """Whether ``file`` holds one saved game (a JSON object of ``herna play --save``), not JSON Lines."""
    try:
        data = jsonio.loads(file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return False
    return isinstance(data, dict) and data.get("format") == FORMAT_NAME
