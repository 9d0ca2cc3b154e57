"""``herna replay``: step through a saved game."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import typer
from rich.text import Text

from herna.arena.runner import scan_records
from herna.core import FormatError, IllegalActionError, from_json, jsonio, record
from herna.text.events import said

from ..checks import check_lang, check_verbosity, use_engine
from ..flags import ENGINE, VERBOSITY
from ..games import renderer
from ..i18n import seat_kind, t, winners
from ..output import bold, console, err, fail
from ..play import takes_keyword
from ..runs import dropped_note, no_games, pick_game
from ..savefile import name_problem
from ..style import Style


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
                               "symbols, one logical line per row, never wrapped."),
    verbosity: str = VERBOSITY,
    engine: Optional[str] = ENGINE,
) -> None:
    """Step through a saved game, one action at a time (Enter: next, b: back, t: the table now, q: quit)."""
    use_engine(engine)
    lang = check_lang(lang)
    verbosity = check_verbosity(verbosity)
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
    steps = replay_steps(final, seat, lang, style, all_cards, verbosity)
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
    if not file.exists():
        raise OSError(f"no such file {file}")
    records, dropped = scan_records(file)
    if not records:
        no_games(file, dropped)
    record = pick_game(records, min(r["index"] for r in records) if index is None else index, file, dropped)
    if dropped:  # after the checks: an error says it in its own line
        err.print(dropped_note(file, dropped))
    if not isinstance(record.get("saved"), dict) or not record["saved"]:
        fail(f"game {record['index']} of {file} was stored without its moves")
    return record


def replay_steps(final, seat, lang, style=None, all_cards: bool = False, verbosity: str = "full") -> list:
    """``(action number, sentences, state after, starts)`` for every action
    that has something to say, as ``seat`` (``None``: a spectator) saw it;
    with ``all_cards`` a player's hidden choice is told as its player saw
    it (a Trumfosaur invitation: T-10.2 keeps it hidden at the table, a
    replay is for after the game). ``starts`` is true at the first decision
    of each deal or round of a game with hidden information (the hands are
    dealt, :meth:`State.period` moved on), where a replay for a seat shows
    its table.

    Each action is told by its engine events (:meth:`State.events`,
    those of one ``seq`` together) in ``verbosity`` (``brief`` or ``full``,
    :func:`herna.text.events.said`)."""
    style = style or Style.make(lang)
    hidden = not record(final.game.name).perfect_information
    walker = final.initial_state()
    out = []
    shown = None
    pending = False
    for index, action in enumerate(final.history(), start=1):
        actor = walker.current_player()
        viewer = actor if all_cards and actor >= 0 else seat
        walker.step(action)
        lines = [line for item in said(final.game.name, walker.events(since=index - 1, seat=viewer), seat, style)
                 for line in item.lines(verbosity)]
        if hidden and not walker.is_terminal() and walker.current_player() >= 0 and walker.period() != shown:
            shown = walker.period()
            pending = True
        if lines or pending:
            out.append((index, lines, walker.clone(), pending))
            pending = False
    return out
