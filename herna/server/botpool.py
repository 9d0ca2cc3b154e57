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
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import multiprocessing
import os
import random
from typing import Any, Callable, TypeVar

from herna.bots import BOT_NAMES, make_bot, observe
from herna.bots.ismcts import parse_spec
from herna.core import Game, available_games, load, record
from herna.core.catalog import N_

log = logging.getLogger("herna.server")

PLAYER_BOTS: dict[str, str] = {"easy": "greedy", "medium": "ismcts:0.3s", "hard": "ismcts:2s"}
"""Bot names for players -> herna bot specs."""
BOT_LABELS: dict[str, str] = {"easy": N_("easy bot"), "medium": N_("medium bot"), "hard": N_("hard bot"),
                              "greedy": N_("greedy bot"), "random": N_("random bot"), "policy": N_("learned bot")}
"""Catalog words of the bot kinds ``GET /api/games`` lists."""
MAX_SECONDS = 10.0
"""The longest time budget a server bot may think per decision (seconds)."""
MAX_ITERATIONS = 100_000
"""The largest iteration budget of a server bot."""
BOT_TIMEOUT = 120.0
"""After this many seconds a bot's move is given up (a random legal move is played)."""


T = TypeVar("T")


def resolve_spec(kind: str) -> str:
    """The herna bot spec of a wire kind (``easy`` -> ``greedy``)."""
    key = kind.strip().lower()
    return PLAYER_BOTS.get(key, key)


def check_kind(kind: object, game: Game, seat: int) -> str:
    """``kind`` (a wire bot kind) checked for ``game``: returns it in lower
    case. ``ValueError`` naming the allowed kinds for an unknown one or a
    budget over the server's cap."""
    allowed = f"human, {', '.join(PLAYER_BOTS)}, {', '.join(BOT_NAMES)}"
    if not isinstance(kind, str) or not kind.strip():
        raise ValueError(f"seat {seat}: a seat is a string; seats are: {allowed}")
    spec = resolve_spec(kind)
    try:
        make_bot(spec, game, seat, 0)
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


def choose(state_json: dict, seat: int, kind: str, seed: int) -> str:
    """The action string the bot ``kind`` plays for ``seat`` in the state
    ``state_json`` (:meth:`herna.core.State.to_json`). Runs in a worker
    process (also callable in-process)."""
    game = load(state_json["game"], **state_json.get("options", {}))
    state = game.from_json(state_json)
    bot = make_bot(resolve_spec(kind), game, seat, seed)
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


class BotPool:
    """Where bot moves are computed. ``workers``: processes (``None``: one per
    CPU); ``0`` runs bots in threads of this process (tests, tiny servers)."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = (os.cpu_count() or 1) if workers is None else workers
        self._executor: concurrent.futures.Executor | None = None

    def _make(self) -> concurrent.futures.Executor:
        if self.workers <= 0:
            return concurrent.futures.ThreadPoolExecutor(max_workers=2, thread_name_prefix="herna-bot")
        method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
        context = multiprocessing.get_context(method)
        if method == "forkserver":
            context.set_forkserver_preload(["herna.server.botpool", "herna.bots"])
        return concurrent.futures.ProcessPoolExecutor(max_workers=self.workers, mp_context=context)

    def start(self) -> None:
        """Make the pool and warm its workers (imports), without waiting."""
        if self._executor is None:
            self._executor = self._make()
            if self.workers > 0:
                for _ in range(self.workers):
                    self._executor.submit(_warm)

    async def choose(self, state_json: dict, seat: int, kind: str, seed: int) -> str:
        """The bot's action string (see :func:`choose`). A bot that fails or
        runs past :data:`BOT_TIMEOUT` is logged and replaced by a random
        legal action, so a table never stalls."""
        self.start()
        loop = asyncio.get_running_loop()
        for attempt in (1, 2):
            assert self._executor is not None
            try:
                future = loop.run_in_executor(self._executor, choose, state_json, seat, kind, seed)
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

    async def call(self, fn: Callable[..., T], *args: Any, timeout: float) -> T:
        """``fn(*args)`` in the pool (``fn`` a module-level function, its
        arguments picklable), at most ``timeout`` seconds
        (``asyncio.TimeoutError``); an error in ``fn`` is raised here. A
        broken pool is replaced and the call tried once more."""
        self.start()
        loop = asyncio.get_running_loop()
        for attempt in (1, 2):
            assert self._executor is not None
            try:
                return await asyncio.wait_for(loop.run_in_executor(self._executor, fn, *args), timeout)
            except concurrent.futures.process.BrokenProcessPool:
                log.error("the bot pool broke; starting a new one")
                self._executor = self._make()
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def close(self) -> None:
        """Stop the workers (running moves are abandoned)."""
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None


def describe_bots() -> list[dict[str, Any]]:
    """The bot kinds offered to players: ``[{"kind", "spec", "label"}]`` (label: catalog id)."""
    return [{"kind": kind, "spec": spec, "label": BOT_LABELS[kind]} for kind, spec in PLAYER_BOTS.items()]
