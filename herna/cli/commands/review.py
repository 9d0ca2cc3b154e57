"""``herna review``: the moves of a saved game that lost the most."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from herna.bots.hints import DEFAULT_REVIEW_ITERATIONS
from herna.bots.hints import review as review_game
from herna.bots.ismcts import check_budget
from herna.core import FormatError
from herna.bots.review_text import review_head, review_text

from ..checks import check_lang, use_engine
from ..flags import ENGINE
from ..output import bold, console, err, fail
from ..savefile import read_save
from ..style import Style


def review(
    file: Path = typer.Argument(..., help="A game saved with herna play --save."),
    seat: Optional[int] = typer.Option(None, "--seat", help="Review this seat only: 1 to the number of players "
                                       "(default: the save's human seats, or every seat if none was human)."),
    seconds: Optional[float] = typer.Option(None, "--seconds", help="Search time per decision, 0 < s <= 3600, "
                                            "instead of iterations (depends on the machine's load: not "
                                            "reproducible)."),
    iterations: Optional[int] = typer.Option(None, "--iterations", help="Search iterations per decision "
                                             f"(default {DEFAULT_REVIEW_ITERATIONS}); the same file, options "
                                             "and seed give the same review."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Seed of the searches (default: one derived from "
                                       "the saved game)."),
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
    head = review_head(state.game, items, lang)
    for line in review_text(state.game, items, lang, style.seat, top, finished):
        console.print(bold(line) if line == head else line, soft_wrap=True)  # a line per mistake, never cut
