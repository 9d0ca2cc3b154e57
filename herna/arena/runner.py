"""Resumable parallel runs of many seeded games, one JSON line per game.

A run is a list of :class:`GameTask` (game, options, a bot spec per seat, a
chance seed and a bot seed, and an ``index`` unique in the run). Results are
appended to a JSON Lines file as they finish, so an interrupted run keeps what
it did; running the same tasks again skips every index already in the file.
A half-written last line (a run killed mid-write) is cut off before appending.

Each line: ``index``, ``seed`` (the chance seed: see
:func:`herna.arena.match.play_game`), ``bot_seed`` (seat ``s`` gets
``bot_seed * 1000 + s``), ``game``, ``options``, ``bots`` (spec per seat), ``scores``,
``returns``, ``winners``, ``length``, ``actions``, ``seconds``, ``first``
(the seat that started), ``digest`` (a hash of the history), any ``extra``
keys of the task, ``search`` (per searching seat: decisions searched,
iterations, seconds), and (``keep_saved``) ``saved``: ``State.to_json()``, which
``herna replay FILE.jsonl --game INDEX`` steps through.

Reading a file back (:func:`scan_records`), a line that is not JSON, or is
JSON without the shape of a record (:func:`is_record`), is left out and
counted, so a damaged file neither crashes a resumed run nor hides a game:
its index is played again and appended.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from herna.bots import make_bot
from herna.core import jsonio, load

from .match import play_game
from .pool import bounded_map


@dataclass
class GameTask:
    """One game to play (see the module docstring)."""

    index: int
    game: str
    options: dict
    bots: list
    seed: int
    bot_seed: int
    extra: dict = field(default_factory=dict)


_GAMES: dict = {}


def play_task(task: GameTask, keep_saved: bool = True) -> dict:
    """Play ``task`` and return its JSON-ready record."""
    key = (task.game, json.dumps(task.options, sort_keys=True))
    game = _GAMES.get(key)
    if game is None:
        game = _GAMES[key] = load(task.game, **task.options)
    bots: list[Any] = [make_bot(spec, game, seat, seed=task.bot_seed * 1000 + seat)  # a searching bot: its counts
                       for seat, spec in enumerate(task.bots)]
    record = play_game(game, bots, task.seed, keep_history=keep_saved)
    search = {str(seat): [bot.searches, bot.total_iterations, round(bot.total_seconds, 3)]
              for seat, bot in enumerate(bots) if getattr(bot, "searches", 0)}
    out = {"index": task.index, **task.extra, "seed": task.seed, "bot_seed": task.bot_seed, "game": task.game,
           "options": game.options, "bots": list(task.bots), "scores": record.scores, "returns": record.returns,
           "winners": record.winners, "length": record.length, "actions": record.actions,
           "seconds": round(record.seconds, 4), "first": record.first, "digest": record.digest}
    if search:
        out["search"] = search
    if keep_saved:
        out["saved"] = record.saved
    return out


def _play_chunk(args) -> list[dict]:
    tasks, keep_saved = args
    return [play_task(t, keep_saved) for t in tasks]


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def is_record(record) -> bool:
    """Whether ``record`` has the shape of a game record (module docstring):
    an object with an integer ``index``, ``scores`` a list of numbers,
    ``winners`` a list of seats, ``bots`` a list of specs, one per score (at
    least two), and ``set`` and ``length``, when present, integers."""
    if not isinstance(record, dict) or not _is_int(record.get("index")):
        return False
    scores, winners, bots = record.get("scores"), record.get("winners"), record.get("bots")
    if not (isinstance(scores, list) and isinstance(winners, list) and isinstance(bots, list)):
        return False
    n = len(scores)
    return (n > 1 and len(bots) == n and _is_int(record.get("set", 0))
            and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in scores)
            and all(_is_int(w) and 0 <= w < n for w in winners)
            and all(isinstance(b, str) for b in bots)
            and _is_int(record.get("length", 0)))


def scan_records(path: Path | str) -> tuple[list[dict], int]:
    """``(records, dropped)``: every record of a JSON Lines file, and the
    number of non-empty lines left out (not JSON, or not shaped as a record,
    see :func:`is_record`); ``([], 0)`` if the file does not exist.
    ``OSError`` / ``UnicodeDecodeError`` if it cannot be read as text."""
    path = Path(path)
    if not path.exists():
        return [], 0
    out = []
    dropped = 0
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            line = line.strip()
            if not line:
                continue
            try:
                record = jsonio.loads(line)  # never RecursionError: deep nesting is a FormatError
            except ValueError:
                dropped += 1
                continue
            if is_record(record):
                out.append(record)
            else:
                dropped += 1
    return out, dropped


def read_records(path: Path | str) -> list[dict]:
    """Every record in a JSON Lines file (lines that are not records, such
    as a broken last line, are ignored); ``[]`` if the file does not exist."""
    return scan_records(path)[0]


def _cut_partial_line(path: Path) -> None:
    if not path.exists() or path.stat().st_size == 0:
        return
    with path.open("rb+") as handle:
        data = handle.read()
        if data.endswith(b"\n"):
            return
        handle.truncate(data.rfind(b"\n") + 1)


def run_tasks(
    tasks: Sequence[GameTask],
    jobs: int = 1,
    path: Path | str | None = None,
    keep_saved: bool = True,
    progress: Callable[[int], None] | None = None,
    report: dict | None = None,
    ray: bool = False,
) -> list[dict]:
    """Play every task whose index is not yet in ``path`` (when given),
    appending each record as it finishes; return all records of ``tasks``
    (old and new), sorted by index. ``progress(k)`` is called with the
    number of games just done (first with those found in the file).
    Bot specs are checked before any game (``ValueError``).

    ``report`` (a dict), when given, is filled with ``found`` (records read
    from ``path``), ``used`` (those that are games of ``tasks``),
    ``dropped`` (lines of ``path`` that are not records), ``played`` (games
    played now) and ``jobs`` (worker processes actually used: never more
    than there are batches of games to play). ``ray``: the batches run as
    tasks of the Ray cluster joined by :func:`herna.arena.cluster.connect`
    (``jobs``: its CPUs); the records are the same."""
    for task in tasks[:1]:
        game = load(task.game, **task.options)
        for seat, spec in enumerate(task.bots):
            make_bot(spec, game, seat, 0)
    wanted = {t.index for t in tasks}
    done: dict[int, dict] = {}
    handle = None
    if path is not None:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        found, dropped = scan_records(path)
        for record in found:
            if record["index"] in wanted:
                done[record["index"]] = record
        if report is not None:
            report.update(found=len(found), dropped=dropped)
        _cut_partial_line(path)
        handle = path.open("a", encoding="utf-8")
    if progress and done:
        progress(len(done))
    todo = [t for t in tasks if t.index not in done]
    if report is not None:
        report.setdefault("found", 0)
        report.setdefault("dropped", 0)
        report.update(used=len(done), played=len(todo), jobs=1)

    def keep(records: Iterable[dict]) -> None:
        count = 0
        for record in records:
            done[record["index"]] = record
            count += 1
            if handle is not None:
                handle.write(json.dumps(record, separators=(",", ":")) + "\n")
        if handle is not None:
            handle.flush()
            os.fsync(handle.fileno())
        if progress and count:
            progress(count)

    try:
        if (jobs <= 1 and not ray) or len(todo) <= 1:
            for task in todo:
                keep([play_task(task, keep_saved)])
        else:
            size = max(1, min(25, len(todo) // (jobs * 8)))
            chunks = [todo[i:i + size] for i in range(0, len(todo), size)]
            jobs = min(jobs, len(chunks))
            if report is not None:
                report["jobs"] = jobs
            for records in bounded_map(_play_chunk, ((chunk, keep_saved) for chunk in chunks), jobs, ray=ray):
                keep(records)
    finally:
        if handle is not None:
            handle.close()
    return [done[i] for i in sorted(done)]
