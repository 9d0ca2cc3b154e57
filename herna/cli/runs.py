"""What the commands that run many games share: Ray or worker processes,
progress, the ``--out`` folder and notes on the games file."""

from __future__ import annotations


import sys
import time
from contextlib import contextmanager
from pathlib import Path
from typing import List, NoReturn, Optional

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn


from herna.arena.cluster import LOCAL, connect
from herna.arena.runner import is_record
from herna.core import jsonio

from .output import err, fail


def bare_ray(args: List[str]) -> List[str]:
    """``--ray`` with no address (the end of the line, another option, or a
    word that is no address, e.g. the game's name after it) is ``--ray
    local``: a click option cannot take an optional value by itself."""
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


def games_span(records: list) -> str:
    """The games of a run file in words: ``5 games, numbered 0 to 4`` (``one
    game, numbered 3``); numbers with gaps are listed when there are at most
    five (``2 games, numbered 0 and 2``), else ``numbered 0 to 9, with gaps``."""
    numbers = sorted({r["index"] for r in records})
    if len(numbers) == 1:
        return f"one game, numbered {numbers[0]}"
    if numbers[-1] - numbers[0] + 1 == len(numbers):
        return f"{len(numbers)} games, numbered {numbers[0]} to {numbers[-1]}"
    if len(numbers) <= 5:
        return f"{len(numbers)} games, numbered {', '.join(map(str, numbers[:-1]))} and {numbers[-1]}"
    return f"{len(numbers)} games, numbered {numbers[0]} to {numbers[-1]}, with gaps"


def unreadable_lines(file) -> list[int]:
    """The numbers (from 1, as an editor counts them) of the non-empty lines
    of the JSON Lines ``file`` that are not game records: the lines
    :func:`herna.arena.runner.scan_records` leaves out (not JSON, or not
    shaped as a record, :func:`herna.arena.runner.is_record`); ``[]`` if the
    file cannot be read as text."""
    numbers = []
    try:
        with Path(file).open(encoding="utf-8") as handle:
            for number, line in enumerate(handle, 1):
                line = line.strip()
                if not line:
                    continue
                try:
                    record = jsonio.loads(line)
                except ValueError:  # not JSON (deep nesting is a FormatError, a ValueError)
                    numbers.append(number)
                    continue
                if not is_record(record):
                    numbers.append(number)
    except (OSError, UnicodeDecodeError):
        return []
    return numbers


def unread_words(file, dropped: int) -> str:
    """What an error on a games file adds when ``dropped`` of its lines were
    left out as not game records: ``; 1 line could not be read as a game
    record (line 2)`` (the first five line numbers, :func:`unreadable_lines`);
    ``""`` when none was."""
    if not dropped:
        return ""
    numbers = unreadable_lines(file)
    many = dropped != 1
    listed = ", ".join(map(str, numbers[:5])) + (", …" if len(numbers) > 5 else "")
    where = f" (line{'s' if len(numbers) != 1 else ''} {listed})" if numbers else ""
    return (f"; {dropped} line{'s' if many else ''} could not be read as "
            f"{'game records' if many else 'a game record'}{where}")


def no_games(file, dropped: int = 0) -> NoReturn:
    """``error:`` in one line, alike in ``review`` and ``replay``: the JSON
    Lines ``file`` holds no game record (empty, or ``dropped`` lines that are
    none, :func:`unread_words`)."""
    fail(f"{file} holds no games (an arena file is JSON Lines, one game record a line, as herna arena --out "
         f"writes it){unread_words(file, dropped)}")


def pick_game(records: list, index: int, file, dropped: int = 0) -> dict:
    """The record of game ``index`` (``--game``) among the ``records`` of
    ``file``, or ``error:`` in one line that ``review`` and ``replay`` say
    alike: no such game (naming the games the file holds,
    :func:`games_span`, and the ``dropped`` lines that could not be read,
    :func:`unread_words`: the game may have been on one), or two different
    records numbered ``index`` (two runs appended to one file: which one is
    meant cannot be told; copies of one record are one game)."""
    found = [r for r in records if r["index"] == index]
    if not found:
        fail(f"--game {index}: {file} has no game {index}; it holds {games_span(records)}"
             f"{unread_words(file, dropped)}")
    if any(r != found[0] for r in found[1:]):
        fail(f"--game {index}: {file} holds {len(found)} different games numbered {index} (two runs written "
             "to one file?), so which one is meant cannot be told; keep one run per file")
    return found[0]


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
                seconds = round(spent)
                print(f"{done} of {total} games, {seconds} second{'s' if seconds != 1 else ''}", file=sys.stderr,
                      flush=True)
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


def number(value: float, digits: int = 2, sign: bool = False) -> str:
    """``value`` with ``digits`` decimals (``sign``: ``+`` before a positive
    one), never a negative zero: ``-0.001`` is ``0.00`` (``+0.00``), not ``-0.00``."""
    text = f"{value:+.{digits}f}" if sign else f"{value:.{digits}f}"
    if text.startswith("-") and float(text) == 0:
        text = ("+" if sign else "") + text[1:]
    return text


def interval(ci, digits: int = 2) -> str:
    """A 95% interval ``lo – hi`` (:func:`number`: no negative zero)."""
    return f"{number(ci[0], digits)} – {number(ci[1], digits)}"
