"""Bots of the web server, thinking in other processes (docs/server.md).

A bot move runs in a :class:`concurrent.futures.ProcessPoolExecutor`: the
worker gets the table's ``state.to_json()`` (options and the action history;
no seed), the seat, the bot spec and a seed; it rebuilds the state, builds
the bot with :func:`herna.bots.make_bot`, lets it choose from the seat's
:func:`~herna.bots.observe` (a bot reads only its seat's information) and
returns the action string. So a thinking bot never blocks the server's event
loop or another table.

Bot kinds on the wire: herna's specs ``greedy``, ``random``,
``ismcts:<budget>`` (``expectimax`` for Kurník), and the player names
``easy`` (= ``greedy``), ``medium`` (= ``ismcts:0.3s``), ``hard``
(= ``ismcts:2s``). The server caps search budgets at
:data:`MAX_SECONDS` seconds and :data:`MAX_ITERATIONS` iterations.

A move's time counts from when the table asked for it: a time-budget bot
that waited for a worker longer than :data:`QUEUE_ALLOWANCE` searches that
much less (never under :data:`MIN_SEARCH_SECONDS`), so the hard bot's move
takes about its 2 s plus the allowance whatever the queue. Hints run in a
lane of their own (one more worker, :meth:`BotPool.call` with
``lane="hints"``), so a hint never waits behind the bots' moves.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import multiprocessing
import os
import random
import re
import time
from typing import Any, Callable, TypeVar

from herna.bots import BOT_NAMES, make_bot, observe
from herna.bots.ismcts import parse_spec
from herna.core import CHANCE, Game, available_games, load, record

from .texts import BOT_LABELS

log = logging.getLogger("herna.server")

PLAYER_BOTS: dict[str, str] = {"easy": "greedy", "medium": "ismcts:0.3s", "hard": "ismcts:2s"}
"""Bot names for players -> herna bot specs."""
MAX_SECONDS = 10.0
"""The longest time budget a server bot may think per decision (seconds)."""
MAX_ITERATIONS = 100_000
"""The largest iteration budget of a server bot."""
BOT_TIMEOUT = 120.0
"""After this many seconds a bot's move is given up (a random legal move is played)."""


QUEUE_ALLOWANCE = 0.5
"""Seconds a move may wait for a worker before its search is shortened."""
MIN_SEARCH_SECONDS = 0.1
"""A time-budget bot searches at least this long, however long it waited."""
LANES = ("bots", "hints")
"""The pool's lanes: bot moves and reviews, and hints (a worker of their own)."""

T = TypeVar("T")
_SECONDS_PART = re.compile(r"^(\d+(?:\.\d+)?)s$")


def shortened(spec: str, waited: float) -> str:
    """``spec`` with its time budget cut by what ``waited`` (seconds) exceeds
    :data:`QUEUE_ALLOWANCE` (at least :data:`MIN_SEARCH_SECONDS` left);
    any other spec unchanged: ``shortened("ismcts:2s", 1.0)`` is
    ``"ismcts:1.500s"``."""
    parts = spec.split(":")
    for i, part in enumerate(parts):
        found = _SECONDS_PART.match(part)
        if found and i:
            budget = float(found.group(1))
            left = max(MIN_SEARCH_SECONDS, min(budget, budget + QUEUE_ALLOWANCE - max(0.0, waited)))
            if left < budget:
                parts[i] = f"{left:.3f}s"
            return ":".join(parts)
    return spec


def resolve_spec(kind: str) -> str:
    """The herna bot spec of a wire kind (``easy`` -> ``greedy``)."""
    key = kind.strip().lower()
    return PLAYER_BOTS.get(key, key)


def check_kind(kind: object, game: Game, seat: int) -> str:
    """``kind`` (a wire bot kind) checked for ``game``: returns it in lower
    case. ``ValueError`` naming the allowed kinds for an unknown one (also
    ``policy:FILE.npz``: the server reads no file a request names) or a
    budget over the server's cap."""
    allowed = f"human, {', '.join(PLAYER_BOTS)}, {', '.join(BOT_NAMES)}"
    if not isinstance(kind, str) or not kind.strip():
        raise ValueError(f"seat {seat}: a seat is a string; seats are: {allowed}")
    spec = resolve_spec(kind)
    try:
        make_bot(spec, game, seat, 0, files=False)  # never a network file (policy:PATH): the server reads none
    except ValueError as error:
        if str(error).startswith("unknown bot"):
            raise ValueError(f"seat {seat}: unknown seat kind {kind!r}; seats are: {allowed}") from None
        raise ValueError(f"seat {seat}: {error}") from None
    if spec.startswith("ismcts"):
        budget = parse_spec(spec)
        if budget.get("seconds", 0) > MAX_SECONDS or budget.get("iterations", 0) > MAX_ITERATIONS:
            raise ValueError(f"seat {seat}: {kind!r} thinks too long for this server; at most "
                             f"ismcts:{MAX_SECONDS:g}s or ismcts:{MAX_ITERATIONS}")
    return kind.strip().lower()


def choose(state_json: dict, seat: int, kind: str, seed: int, requested_at: float | None = None) -> str:
    """The action string the bot ``kind`` plays for ``seat`` in the state
    ``state_json`` (:meth:`herna.core.State.to_json`). Runs in a worker
    process (also callable in-process). ``requested_at``: when the move
    was asked for (``time.time()``), to shorten a time budget by the wait
    (:func:`shortened`)."""
    spec = resolve_spec(kind)
    if requested_at is not None:
        spec = shortened(spec, time.time() - requested_at)
    game = load(state_json["game"], **state_json.get("options", {}))
    state = game.from_json(state_json)
    bot = make_bot(spec, game, seat, seed, files=False)
    action = bot.choose(observe(state, seat))
    return state.action_to_string(action)


def fallback(state_json: dict, seed: int) -> str:
    """A random legal action (when a bot failed)."""
    game = load(state_json["game"], **state_json.get("options", {}))
    state = game.from_json(state_json)
    return random.Random(seed).choice(state.legal_action_strings())


def _warm() -> int:
    """Import the games' bots in a new worker (no game played)."""
    for name in available_games():
        record(name).load("greedy")
    return os.getpid()


def _warm_hints() -> int:
    """Warm a new hint worker: one small hint per game through the server's
    own :func:`herna.server.hints.hint_answer` (imports, catalogs, the
    search's tables, the menu's labels), so the first player's hint is not
    the one that pays. Importing ``herna.server.hints`` (FastAPI, the
    database layer) alone took 1-2 s on a loaded 2-core machine: a first
    hint 30 s after the start took 1.3 s, the next ones 0.8 s (2026-12-04)."""
    from herna.server.hints import hint_answer  # here: herna.server.hints imports this module

    for name in available_games():
        state = load(name).new_initial_state()
        rng = random.Random(0)
        while not state.is_terminal() and (state.current_player() == CHANCE or len(state.legal_actions()) < 2):
            state.apply_action(state.sample_chance(rng) if state.current_player() == CHANCE
                               else state.legal_actions()[0])
        if not state.is_terminal():
            hint_answer(state.to_json(), state.current_player(), "en", 0, None, None, 40)
    return os.getpid()


class BotPool:
    """Where bot moves are computed. ``workers``: processes (``None``: one per
    CPU); ``0`` runs bots in threads of this process (tests, tiny servers)."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = (os.cpu_count() or 1) if workers is None else workers
        self._executor: concurrent.futures.Executor | None = None
        self._hints: concurrent.futures.Executor | None = None

    def _make(self, workers: int | None = None) -> concurrent.futures.Executor:
        if self.workers <= 0:
            return concurrent.futures.ThreadPoolExecutor(max_workers=2, thread_name_prefix="herna-bot")
        method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
        context = multiprocessing.get_context(method)
        if method == "forkserver":
            # the hint's and the review's modules too: their first call would import FastAPI and the database layer
            context.set_forkserver_preload(["herna.server.botpool", "herna.bots", "herna.server.hints",
                                            "herna.server.review"])
        return concurrent.futures.ProcessPoolExecutor(max_workers=workers or self.workers, mp_context=context)

    def _lane(self, lane: str) -> concurrent.futures.Executor:
        if lane not in LANES:
            raise ValueError(f"unknown lane {lane!r}; the lanes are: {', '.join(LANES)}")
        self.start()
        if lane == "bots" or self._hints is None:
            assert self._executor is not None
            return self._executor
        return self._hints

    def start(self) -> None:
        """Make the pool and its hint lane and warm their workers (imports),
        without waiting."""
        if self._executor is None:
            self._executor = self._make()
            if self.workers > 0:
                for _ in range(self.workers):
                    self._executor.submit(_warm)
        if self._hints is None and self.workers > 0:
            self._hints = self._make(1)
            self._hints.submit(_warm_hints)

    async def choose(self, state_json: dict, seat: int, kind: str, seed: int) -> str:
        """The bot's action string (see :func:`choose`). A bot that fails or
        runs past :data:`BOT_TIMEOUT` is logged and replaced by a random
        legal action, so a table never stalls."""
        self.start()
        loop = asyncio.get_running_loop()
        for attempt in (1, 2):
            assert self._executor is not None
            try:
                future = loop.run_in_executor(self._executor, choose, state_json, seat, kind, seed, time.time())
                return await asyncio.wait_for(future, BOT_TIMEOUT)
            except concurrent.futures.process.BrokenProcessPool:
                log.error("the bot pool broke; starting a new one")
                self._executor = self._make()
                if attempt == 2:
                    break
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - a failing bot must not stop the table
                log.exception("bot %s at seat %d failed; playing a random move", kind, seat)
                break
        return await asyncio.to_thread(fallback, state_json, seed)

    async def call(self, fn: Callable[..., T], *args: Any, timeout: float, lane: str = "bots") -> T:
        """``fn(*args)`` in the pool (``fn`` a module-level function, its
        arguments picklable), at most ``timeout`` seconds
        (``asyncio.TimeoutError``); an error in ``fn`` is raised here. A
        broken pool is replaced and the call tried once more. ``lane``:
        ``"bots"`` (the bots' workers) or ``"hints"`` (a worker of its own,
        :data:`LANES`)."""
        loop = asyncio.get_running_loop()
        for attempt in (1, 2):
            executor = self._lane(lane)
            try:
                return await asyncio.wait_for(loop.run_in_executor(executor, fn, *args), timeout)
            except concurrent.futures.process.BrokenProcessPool:
                log.error("the bot pool broke; starting a new one")
                if executor is self._hints:
                    self._hints = None
                else:
                    self._executor = self._make()
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def close(self) -> None:
        """Stop the workers (running moves are abandoned)."""
        for executor in (self._executor, self._hints):
            if executor is not None:
                executor.shutdown(wait=False, cancel_futures=True)
        self._executor = self._hints = None


def describe_bots() -> list[dict[str, Any]]:
    """The bot kinds offered to players: ``[{"kind", "spec", "label"}]`` (label: catalog id)."""
    return [{"kind": kind, "spec": spec, "label": BOT_LABELS[kind]} for kind, spec in PLAYER_BOTS.items()]
