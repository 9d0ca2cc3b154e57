"""The table service: the authoritative games of the web server (docs/server.md).

:class:`TableService` creates tables, holds the live state of each (rebuilt
by replaying the stored log), applies one **step** at a time
(:mod:`herna.server.live`: one seat's move and the chance outcomes it causes),
stores it before anyone sees it, and drives the table on: chance at once,
bots' moves (chosen or only-legal alike) and the moves made for a person (an
out-of-time move, a seat handed to a bot, the person's own
``auto_only_moves``) one at a time at the table's pace. A person's only legal
move waits for them, as any other move does.

The apply flow of one step, under the table's :class:`asyncio.Lock`:

1. the client's ``seq`` must be the table's (else :class:`ServiceError` 409
   ``stale_seq`` with the current seq), the table must be ``playing`` (422
   ``waiting`` while it waits for its people, ``game_over`` at the end), the
   seat must be the one to move and not handed to a bot (422
   ``not_your_turn``);
2. the action is applied to a copy of the state with
   :meth:`herna.core.State.apply_step` (an illegal one: 422 ``illegal`` with
   the engine's reason, in the client's language), then the chance draws it
   causes, each with ``random.Random(f"{seed}:{seq}")``;
3. the step is stored in one transaction, a compare-and-set on the table's
   seq (:meth:`herna.server.db.Database.append`);
4. only then the copy becomes the table's state (and the step's snapshot,
   :class:`~herna.server.live.Snapshot`), the listeners (WebSockets) are told
   and the bus publishes the step (its stored rows, :data:`~herna.server.bus.Step`);
5. a driver task makes the next server-made move, after the pace's pause.

Several processes (``herna serve --workers N``): a process that hears of
another's step applies its rows to its own copy of the table
(:meth:`TableService._on_step`; the engines are deterministic) and reads the
table back from the database only on a gap (a step that does not follow on
from its copy) or for a change that is not a step (seats, votes). The
process that stored a step drives the table on; the others watch
(:meth:`TableService._arm_watchdog`) and take over if it died. A finished
table nobody in this process watches is dropped from memory
(:meth:`TableService.release`).

Errors are :class:`~herna.server.errors.ServiceError` (HTTP status, a
machine ``code``, a message for people).
"""

from __future__ import annotations

import asyncio
import collections
import datetime as dt
import hashlib
import logging
import random
import secrets
import time
from dataclasses import dataclass
from typing import Any, Awaitable, Callable, Sequence

from herna.bots.ismcts import parse_spec
from herna.core import CHANCE, Game, IllegalActionError, load, record
from herna.core.registry import available_games

from . import auth
from .botpool import MAX_SECONDS, BotPool, check_kind, resolve_spec
from .bus import Bus, LocalBus, Step
from .cleaning import clean_name
from .db import CHECKPOINT_SECONDS, Database, SeatRecord, StaleSeq, TableRecord, UnknownTable, utcnow
from .errors import ServiceError
from .live import HUMAN, LiveTable, Seat, replay, seat_is_free, take_step
from .table_settings import check_seat_settings, check_settings, pause_seconds

log = logging.getLogger("herna.server")

MAX_ACTION = 200
"""The longest action string a client may send (characters)."""
MAX_CACHED = 1000
"""Tables kept in memory without a listener before the least recently used is dropped."""
TABLE_ID_BYTES = 9
"""Random bytes in a table id (12 URL-safe characters)."""
TEST_LABEL_HEADER = "X-Herna-Test"
"""Request header of a table's creation naming the test that makes it
(servers with a test seed only, :meth:`TableService.new_seed`)."""
TEST_LABEL_MAX = 300
"""Characters of a test label kept."""
DRIVER_GRACE = 15.0
"""Seconds (plus the bot's time budget) a process waits, after another process stored a
change, before it drives a table that still waits for a bot or chance (that process should)."""
SEEN_WRITE_EVERY = 15.0
"""A seat's token use is written to the database (``last_seen``) at most this often (seconds)."""
COUNTS = ("loads", "reads", "step_reads", "ahead_reads", "remote_steps", "gaps", "evicted")
"""The keys of :attr:`TableService.counts`."""
REFRESH_EVERY = 0.25
"""A client's move ahead of this process's copy of a table reloads it at most this often (seconds)."""
BUS_WAIT = 0.05
"""Seconds a client's move ahead of this process's copy waits for the steps to come over the bus
before the table is read back (several processes)."""


def check_table(game_name: object, options: object, seats: object, names: object = None
                ) -> tuple[Game, list[tuple[str, str | None]]]:
    """The game and seats of a table request, checked: ``seats`` one entry
    per player (``"human"``, a bot kind, or ``{"kind", "name"}``), ``names``
    optional, one per seat (:func:`herna.server.cleaning.clean_name`). The
    number of seats is the game's ``players`` option.
    :class:`ServiceError` 422 naming what is allowed: an unknown game,
    option, value or bot, a player count the game does not take, a bad name."""
    if not isinstance(game_name, str):
        raise ServiceError(422, "unknown_game", f"'game' must be one of: {', '.join(available_games())}")
    try:
        rec = record(game_name)
    except ValueError as error:
        raise ServiceError(422, "unknown_game", str(error)) from None
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise ServiceError(422, "bad_option", "'options' must be an object of the game's options")
    specs = _seat_specs(seats, names)
    cls: type[Game] = rec.game_class
    if not cls.min_players <= len(specs) <= cls.max_players:
        raise ServiceError(422, "bad_seats", f"{rec.name} takes {cls.min_players} to {cls.max_players} players; "
                                             f"'seats' has {len(specs)}")
    if "engine" in options:
        raise ServiceError(422, "bad_option", "'engine' is not a game option (the server chooses its engine)")
    if "players" in options and options["players"] != len(specs):
        raise ServiceError(422, "bad_option", f"option 'players' ({options['players']!r}) must equal the "
                                              f"number of seats ({len(specs)}), or be left out")
    try:
        game = load(rec.name, **{**options, "players": len(specs)})
    except ValueError as error:
        raise ServiceError(422, "bad_option", str(error)) from None
    for k, (kind, _name) in enumerate(specs):
        if kind != HUMAN:
            try:
                check_kind(kind, game, k)
            except ValueError as error:
                raise ServiceError(422, "unknown_bot", str(error)) from None
    return game, specs


def _seat_specs(seats: object, names: object) -> list[tuple[str, str | None]]:
    """``(kind, name)`` per seat from the request's ``seats`` and ``names``."""
    if not isinstance(seats, list) or not seats:
        raise ServiceError(422, "bad_seats", "'seats' must be a list with one entry per player, "
                                             "each 'human' or a bot kind")
    if names is not None and (not isinstance(names, list) or len(names) != len(seats)):
        raise ServiceError(422, "bad_seats", "'names' must be a list with one name (or null) per seat")
    out = []
    for k, entry in enumerate(seats):
        name = names[k] if isinstance(names, list) else None
        if isinstance(entry, dict):
            name = entry.get("name", name)
            entry = entry.get("kind")
        if not isinstance(entry, str):
            raise ServiceError(422, "bad_seats", f"seat {k}: a seat is 'human' or a bot kind, not {entry!r}")
        out.append((entry.strip().lower(), clean_name(name, f"seat {k}")))
    return out


def bot_budget(kind: str) -> float:
    """Seconds a bot kind may think per move (an ISMCTS time budget; an
    iteration budget counts as :data:`~herna.server.botpool.MAX_SECONDS`); 0 for the others."""
    spec = resolve_spec(kind)
    if not spec.startswith("ismcts"):
        return 0.0
    try:
        budget = parse_spec(spec)
    except ValueError:
        return MAX_SECONDS
    return float(budget.get("seconds", MAX_SECONDS))


def thinking_seconds(kind: str) -> float:
    """How long a bot kind thinks over a move whatever the move: its time
    budget (an ISMCTS ``…s`` spec), else 0 (an iteration budget's time
    follows the position, a rule-based bot's is negligible). A forced move
    of that bot waits as long (:meth:`TableService._drive`)."""
    spec = resolve_spec(kind)
    if not spec.startswith("ismcts"):
        return 0.0
    try:
        return float(parse_spec(spec).get("seconds", 0.0))
    except ValueError:
        return 0.0


def _bot_seed(seed: int, seq: int, seat: int) -> int:
    """The seed of a bot's move at ``seq`` for ``seat`` (derived from the table's secret seed)."""
    return random.Random(f"{seed}:{seq}:bot{seat}").getrandbits(62)


@dataclass
class Move:
    """A move the server makes at ``seq`` (:meth:`TableService.next_move`):
    ``seat`` (``-1``: chance draws due), the ``bot`` kind that chooses it (or
    ``None``: ``action`` is the seat's only legal one), ``made_by`` (``None``
    for a bot's own seat; ``bot``, ``clock`` or ``auto`` for a person's)."""

    seq: int
    seat: int
    bot: str | None
    made_by: str | None
    action: str | None


class TableService:
    """Every table this process serves (module docstring).

    ``db``: the storage; ``pool``: where bots think; ``bus``: change notices
    between processes; ``seed``: tests only (:meth:`new_seed`);
    ``pace_scale``: multiplies the pace's pauses (0: none, the tests')."""

    def __init__(self, db: Database, pool: BotPool | None = None, bus: Bus | None = None,
                 seed: int | None = None, pace_scale: float = 1.0) -> None:
        self.db = db
        self.pool = pool or BotPool()
        self.bus = bus or LocalBus()
        self.seed = seed
        """``None`` (real play): every table's secret seed comes from
        :mod:`secrets`. An int (tests only): the seeds are derived from it
        (:meth:`new_seed`), so that a failing test is reproduced by running
        it again with the same seed."""
        self._seeds = random.Random(seed) if seed is not None else None
        self._labelled: collections.Counter[str] = collections.Counter()
        """Tables made so far per test label (:meth:`new_seed`)."""
        if pace_scale < 0:
            raise ValueError(f"the pace scale must be 0 or more, not {pace_scale}")
        self.pace_scale = pace_scale
        self.sleep: Callable[[float], Awaitable[None]] = asyncio.sleep
        """How the driver waits out the pace, and a read back its interval (tests record the waits)."""
        self.clock: Callable[[], float] = time.monotonic
        """Seconds, for the pace and the read-back interval (tests may hold it still)."""
        self._tables: collections.OrderedDict[str, LiveTable] = collections.OrderedDict()
        self._loading: dict[str, asyncio.Future] = {}
        self._tasks: set[asyncio.Task] = set()
        self.closing = False
        self.on_change: list[Callable[[LiveTable], None]] = []
        """Hooks ``(table)``: the table was loaded, or changed here or in another process."""
        self.on_presence: list[Callable[[LiveTable, int | None, bool], None]] = []
        """Hooks ``(table, seat, online)``: a seat's (``None``: spectators') WebSocket count changed;
        ``online``: whether it has one now."""
        self.counts: collections.Counter[str] = collections.Counter(dict.fromkeys(COUNTS, 0))
        """What this process did, for tests and ``herna bench server``: ``loads`` (tables read from
        the database whole), ``reads`` (read back since a seq, for any reason), of which
        ``step_reads`` for another process's step (a gap, or a step that did not apply) and
        ``ahead_reads`` for a client's move ahead of the copy; ``remote_steps`` (another process's
        steps applied from the bus), ``gaps`` (steps that did not follow on), ``evicted`` (finished
        tables dropped from memory)."""

    # ----- life cycle -----------------------------------------------------------------------
    async def start(self, resume: bool = True) -> None:
        """Start the bus and the bot pool; resume every unfinished table whose
        next move is not a person's (in the background)."""
        await self.bus.start(self._on_change, self.resync, self._on_chat, self._on_step)
        self.pool.start()
        if self.db.sqlite:
            self.spawn(self._checkpoints())
        if resume:
            self.spawn(self.resume())

    async def _checkpoints(self) -> None:
        """SQLite: checkpoint the write-ahead log every
        :data:`~herna.server.db.CHECKPOINT_SECONDS` in a worker thread (moves
        are stored in the event loop, and a checkpoint there would stall it)."""
        while not self.closing:
            await asyncio.sleep(CHECKPOINT_SECONDS)
            try:
                await asyncio.to_thread(self.db.checkpoint)
            except Exception:  # noqa: BLE001 - the next one tries again; the WAL only grows meanwhile
                log.exception("checkpoint failed")

    async def resume(self) -> int:
        """Load the unfinished tables and drive those a bot or chance must
        move on. Returns how many were started."""
        started = 0
        for table_id in await asyncio.to_thread(self.db.unfinished):
            try:
                table = await self.get(table_id)
            except Exception:  # noqa: BLE001 - one damaged table never stops the others
                log.exception("table %s cannot be resumed", table_id)
                continue
            if self.ensure_driver(table):
                started += 1
        return started

    async def close(self) -> None:
        """Stop the drivers, the bus and the bot pool; close the storage."""
        self.closing = True
        tasks = [t for t in self._tasks if not t.done()]
        tasks += [t.driver for t in self._tables.values() if t.driver is not None and not t.driver.done()]
        tasks += [t.watchdog for t in self._tables.values() if t.watchdog is not None and not t.watchdog.done()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self.bus.close()
        self.pool.close()
        await asyncio.to_thread(self.db.close)

    async def _write(self, method: Callable[..., Any], *args: Any) -> Any:
        """Run a storage write of the hot path: on SQLite in the event loop
        itself (a local commit of about 0.2 ms of Python that would hold the
        GIL in a worker thread anyway, so the thread hop only added to it),
        on PostgreSQL in a worker thread (it waits on the network)."""
        if self.db.sqlite:
            return method(*args)
        return await asyncio.to_thread(method, *args)

    def spawn(self, coroutine: Any) -> asyncio.Task:
        task = asyncio.get_running_loop().create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def live_tables(self) -> int:
        """How many tables this process holds in memory."""
        return len(self._tables)

    # ----- loading ------------------------------------------------------------------------------
    def _build(self, stored: TableRecord) -> LiveTable:
        """A live table from its stored record (replays the log)."""
        rec = record(stored.game)
        game = load(stored.game, **stored.options)
        seats = [Seat(k, str(spec.get("kind", HUMAN)), spec.get("name"), None) for k, spec in enumerate(stored.seats)]
        table = LiveTable(id=stored.id, game=game, record=rec, seats=seats, seed=stored.seed, status=stored.status,
                          state=game.new_initial_state().initial_state(), created_at=stored.created_at,
                          rematch_of=stored.rematch_of, partly_bot=stored.partly_bot, settings=stored.settings,
                          public=stored.public)
        table.state = replay(game, stored.actions, table=table)
        self._apply_seat_rows(table, stored.seat_rows)
        return table

    @staticmethod
    def _apply_seat_rows(table: LiveTable, rows: Sequence[SeatRecord]) -> None:
        for row in rows:
            if 0 <= row.seat < len(table.seats):
                seat = table.seats[row.seat]
                seat.token_hash, seat.opened, seat.bot_playing = row.token_hash, row.taken, row.bot_playing
                seat.clock_extra, seat.votes, seat.settings = row.clock_extra, list(row.votes), dict(row.settings)
                if row.last_seen is not None and (seat.last_seen is None or row.last_seen > seat.last_seen):
                    seat.last_seen = row.last_seen
                seat.stored_seen = row.last_seen

    def _load_sync(self, table_id: str) -> tuple[LiveTable, str | None]:
        self.counts["loads"] += 1
        stored = self.db.load(table_id)
        return self._build(stored), self.db.rematch_of(table_id)

    async def get(self, table_id: str) -> LiveTable:
        """The live table ``table_id`` (loaded and replayed on first use).
        :class:`ServiceError` 404 ``not_found`` if there is none."""
        table = self._tables.get(table_id)
        if table is not None:
            self._tables.move_to_end(table_id)
            return table
        if not isinstance(table_id, str) or not 1 <= len(table_id) <= 32:
            raise ServiceError(404, "not_found", "no such table")
        pending = self._loading.get(table_id)
        if pending is None:
            pending = asyncio.get_running_loop().create_future()
            self._loading[table_id] = pending
            try:
                loaded, rematch = await asyncio.to_thread(self._load_sync, table_id)
            except UnknownTable:
                pending.set_exception(ServiceError(404, "not_found", f"no table {table_id!r}"))
            except BaseException as error:
                log.exception("table %s cannot be loaded", table_id)
                pending.set_exception(ServiceError(500, "internal", "the table cannot be loaded"))
                if not isinstance(error, Exception):
                    raise
            else:
                loaded.rematch = rematch
                self._remember(loaded)
                pending.set_result(loaded)
            finally:
                self._loading.pop(table_id, None)
        return await asyncio.shield(pending)

    def _remember(self, table: LiveTable) -> None:
        table.shared = not isinstance(self.bus, LocalBus)
        self._tables[table.id] = table
        self._tables.move_to_end(table.id)
        self._after_change(table)
        if len(self._tables) > MAX_CACHED:
            for key in list(self._tables):
                if len(self._tables) <= MAX_CACHED:
                    break
                if not self._busy(self._tables[key]):
                    del self._tables[key]

    @staticmethod
    def _busy(table: LiveTable) -> bool:
        """Whether ``table`` is in use here: a connection, a held lock, a driver, a read under way."""
        return bool(table.listeners or table.lock.locked() or (table.driver is not None and not table.driver.done())
                    or (table.catching_up is not None and not table.catching_up.done()))

    def release(self, table: LiveTable) -> bool:
        """Drop ``table`` from memory if it is finished and nothing here uses
        it (its last connection left, or it ended with none): a finished
        table only changes by its seats, and is read again if asked for.
        Returns whether it was dropped."""
        if table.status != "finished" or self._busy(table) or self._tables.get(table.id) is not table:
            return False
        if table.watchdog is not None and not table.watchdog.done():
            table.watchdog.cancel()
        del self._tables[table.id]
        self.counts["evicted"] += 1
        return True

    async def refresh(self, table: LiveTable) -> None:
        """Bring ``table`` up to the stored log and seats (another process
        stored something), then tell its listeners. Call it holding the lock.
        Each step read back gets its own snapshot (one frame each)."""
        self.counts["reads"] += 1
        stored = await asyncio.to_thread(self.db.load, table.id, table.seq)
        if stored.actions:
            state = replay(table.game, stored.actions, table.state.clone(), table=table)
            table.set_state(state, stored.status)
            table.stepped_at = self.clock()
        table.status = stored.status
        table.partly_bot = stored.partly_bot
        table.settings = stored.settings
        for seat, spec in zip(table.seats, stored.seats):
            seat.name = spec.get("name")
        self._apply_seat_rows(table, stored.seat_rows)
        table.changed()
        self._after_change(table)

    async def catch_up(self, table: LiveTable, seq: int) -> None:
        """A client sent a move at ``seq``, ahead of this process's copy
        (another process stored moves it has not heard of yet): wait up to
        :data:`BUS_WAIT` seconds for their steps to come over the bus
        (several processes), then read the table back from the database, at
        most once every :data:`REFRESH_EVERY` seconds however many such
        moves come (they wait for the same read). Call it without holding
        the lock. A table this process alone serves (no other process
        stores moves) is never behind: nothing to read."""
        if seq <= table.seq or not table.shared:
            return
        arrived = asyncio.Event()

        def poke() -> None:
            if table.seq >= seq:
                arrived.set()

        table.listeners.add(poke)
        try:
            await asyncio.wait_for(arrived.wait(), BUS_WAIT)
        except asyncio.TimeoutError:
            pass
        finally:
            table.listeners.discard(poke)
        if seq <= table.seq:
            return
        task = table.catching_up
        if task is None or task.done():
            delay = max(0.0, table.refreshed_at + REFRESH_EVERY - self.clock())
            task = table.catching_up = asyncio.get_running_loop().create_task(self._refresh_after(table, delay))
        await asyncio.shield(task)

    async def _refresh_after(self, table: LiveTable, delay: float) -> None:
        if delay > 0:
            await self.sleep(delay)
        table.refreshed_at = self.clock()
        self.counts["ahead_reads"] += 1
        try:
            async with table.lock:
                await self.refresh(table)
        except Exception:  # noqa: BLE001 - the move is refused as stale; the next one tries again
            log.exception("reading table %s back failed", table.id)

    async def _on_change(self, table_id: str, seq: int) -> None:
        """A bus notice: another process changed ``table_id`` (now at ``seq``).
        That process drives the table on; this one only watches
        (:meth:`_arm_watchdog`)."""
        table = self._tables.get(table_id)
        if table is None:
            return
        async with table.lock:
            await self.refresh(table)
        self._arm_watchdog(table)

    async def _on_step(self, table_id: str, seq: int, step: Step) -> None:
        """A bus notice: another process stored ``step`` of ``table_id``
        (now at ``seq``). Applied to this process's copy if it follows on
        from it (no database read), else the table is read back (a gap);
        nothing to do for a table this process does not hold, or holds at
        ``seq`` already. That process drives the table on; this one watches."""
        table = self._tables.get(table_id)
        if table is None:
            return
        async with table.lock:
            if table.seq >= seq:
                return
            if table.seq == step["start"]:
                try:
                    self._apply_step(table, step)
                except Exception:  # noqa: BLE001 - never trust a copy that went wrong: read it back
                    log.exception("table %s: another process's step at seq %d did not apply; reading it back",
                                  table.id, step["start"])
                    self.counts["step_reads"] += 1
                    await self.refresh(table)
            else:
                self.counts["gaps"] += 1
                self.counts["step_reads"] += 1
                log.debug("table %s: a step from seq %d reached its copy at seq %d; reading it back",
                          table.id, step["start"], table.seq)
                await self.refresh(table)
        self._arm_watchdog(table)
        if table.status == "finished":
            self.release(table)

    def _apply_step(self, table: LiveTable, step: Step) -> None:
        """Apply another process's stored ``step`` to ``table`` (at its
        ``start``; holding the lock), as that process did: the same rows
        on the same state give the same state. Tells the listeners."""
        start = step["start"]
        rows = [(start + i + 1, str(action), int(actor), by) for i, (action, actor, by) in enumerate(step["rows"])]
        state = replay(table.game, rows, table.state.clone(), table=table)
        table.set_state(state, str(step["status"]))
        table.last_step_events = tuple(e["kind"] for e in state.events(start, None))
        table.stepped_at = self.clock()
        self.counts["remote_steps"] += 1
        table.changed()
        self._after_change(table)

    async def _on_chat(self, table_id: str, message: dict) -> None:
        """A bus notice: a chat message of ``table_id`` from another process."""
        table = self._tables.get(table_id)
        if table is not None:
            self.tell_chat(table, message)

    def tell_chat(self, table: LiveTable, message: dict) -> None:
        """Hand a chat message to this process's connections of ``table``."""
        for listener in list(table.chat_listeners):
            try:
                listener(message)
            except Exception:  # noqa: BLE001 - one broken connection never stops the others
                log.exception("chat listener of table %s failed", table.id)

    async def resync(self) -> None:
        """Catch up on every table this process serves (the bus may have lost
        notices): refresh those with listeners or a driver, and watch them."""
        for table in list(self._tables.values()):
            if not table.listeners and (table.driver is None or table.driver.done()):
                continue
            try:
                async with table.lock:
                    await self.refresh(table)
            except Exception:  # noqa: BLE001 - one table never stops the others
                log.exception("resync of table %s failed", table.id)
                continue
            self._arm_watchdog(table)

    def _arm_watchdog(self, table: LiveTable) -> None:
        """If ``table`` waits for a move the server makes that another
        process should make, make it here after :data:`DRIVER_GRACE` seconds
        plus the bot's budget and the pace if it is still waiting at the same
        seq (the seq compare-and-set makes a second driver harmless)."""
        if table.watchdog is not None and not table.watchdog.done():
            table.watchdog.cancel()
        table.watchdog = None
        move = self.next_move(table)
        if self.closing or move is None:
            return
        if table.driver is not None and not table.driver.done():
            return
        grace = DRIVER_GRACE + bot_budget(move.bot or "") + pause_seconds(table.settings, (), self.pace_scale)
        table.watchdog = asyncio.get_running_loop().create_task(self._watch(table, table.seq, grace))

    async def _watch(self, table: LiveTable, seq: int, grace: float) -> None:
        await asyncio.sleep(grace)
        if table.seq != seq:
            return
        async with table.lock:
            await self.refresh(table)
        if table.seq == seq:
            log.warning("table %s waited %.0f s at seq %d for another process; driving it here",
                        table.id, grace, seq)
            self.ensure_driver(table)
        else:
            self._arm_watchdog(table)

    def _after_change(self, table: LiveTable) -> None:
        """Run the ``on_change`` hooks."""
        for hook in list(self.on_change):
            try:
                hook(table)
            except Exception:  # noqa: BLE001 - a hook never breaks a game
                log.exception("on_change hook of table %s failed", table.id)

    async def _published(self, table: LiveTable, step: Step | None = None) -> None:
        """Tell this process's listeners and hooks, and the other processes
        (by ``step``, the stored step that changed the table, else a plain
        notice that they read back), that ``table`` changed."""
        table.changed()
        self._after_change(table)
        seq = table.seq if step is None else step["start"] + len(step["rows"])
        try:
            await self.bus.publish(table.id, seq, step)
        except Exception:  # noqa: BLE001 - the change is stored; a lost notice only delays others
            log.exception("publishing table %s failed", table.id)
        if table.status == "finished":
            self.release(table)

    async def announce(self, table: LiveTable) -> None:
        """Tell this process's listeners, the hooks and the other processes
        that ``table`` changed without a new action (seats, votes, the clock)."""
        await self._published(table)

    # ----- creating ---------------------------------------------------------------------------
    def new_seed(self, test_label: str | None = None) -> int:
        """A new table's secret seed (62 bits): from :mod:`secrets`; or, with
        a test seed (:attr:`seed`), the ``n``-th table of ``test_label`` (the
        test that made it, :data:`TEST_LABEL_HEADER`) gets one hashed from
        the seed, the label and ``n``, whatever other tests made before or
        beside it on the same server; without a label, the next of
        ``random.Random(seed)``, in creation order. A label is ignored in
        real play."""
        if self._seeds is None:
            return secrets.randbits(62)
        if not test_label:
            return self._seeds.getrandbits(62)
        label = test_label[:TEST_LABEL_MAX]
        n = self._labelled[label]
        self._labelled[label] += 1
        digest = hashlib.sha256(f"{self.seed}\0{label}\0{n}".encode()).digest()
        return int.from_bytes(digest[:8], "big") >> 2

    async def create(self, game_name: object, options: object, seats: object, names: object = None,
                     rematch_of: str | None = None, settings: object = None, public: object = False,
                     test_label: str | None = None) -> tuple[LiveTable, list[str | None]]:
        """A new table (see :func:`check_table` for the checks; ``settings``:
        :func:`herna.server.table_settings.check_settings`; ``public``: listed
        in the lobby; ``test_label``: :meth:`new_seed`): returns it and per
        seat its token (``None`` for a bot).
        The first chance draws (the deal) are made and stored with it. It
        waits for its people (status ``waiting``) unless it has none."""
        game, specs = check_table(game_name, options, seats, names)
        checked = check_settings(settings)
        if not isinstance(public, bool):
            raise ServiceError(422, "bad_setting", f"'public' must be true or false, not {public!r}")
        tokens = [auth.new_token() if kind == HUMAN else None for kind, _ in specs]
        table_id, seed = secrets.token_urlsafe(TABLE_ID_BYTES), self.new_seed(test_label)
        state = game.new_initial_state().initial_state()
        rows = take_step(state, None, CHANCE, seed)
        table = LiveTable(
            id=table_id, game=game, record=record(game.name),
            seats=[Seat(k, kind, name, auth.token_hash(tok) if tok else None)
                   for k, ((kind, name), tok) in enumerate(zip(specs, tokens))],
            seed=seed, status="waiting", state=state, created_at=utcnow(), rematch_of=rematch_of,
            settings=checked, public=public,
        )
        table.status = table.status_of(state)
        table.add_snapshot(0, state)
        stored = TableRecord(
            id=table.id, game=game.name, options=dict(game.options),
            seats=[{"kind": s.kind, "name": s.name} for s in table.seats], seed=seed, status=table.status,
            seq=len(rows), created_at=table.created_at, updated_at=table.created_at, rematch_of=rematch_of,
            partly_bot=False, settings=table.settings, public=public,
        )
        await asyncio.to_thread(self.db.create_table, stored, table.hashes(), rows)
        table.stepped_at = self.clock()
        self._remember(table)
        self.ensure_driver(table)
        return table, tokens

    # ----- seats ----------------------------------------------------------------------------------
    def seat_of(self, table: LiveTable, token: str | None) -> int | None:
        """The seat ``token`` opens at ``table``, or ``None``."""
        return auth.seat_of(token, table.hashes())

    async def seen(self, table: LiveTable, seat: int) -> None:
        """``seat``'s token was used (a request, a join page, a socket's
        hello): the seat is opened (stored once; the table may start), taken
        back from a bot and its votes forgotten; its person is present now
        (``last_seen``, written at most every :data:`SEEN_WRITE_EVERY` s)."""
        info = table.seats[seat]
        now = utcnow()
        info.last_seen = now
        if info.bot_playing:
            await self.set_bot_playing(table, seat, False)
        elif info.votes:
            async with table.lock:
                await asyncio.to_thread(self.db.clear_votes, table.id, seat)
                info.votes = []
            await self._published(table)
        if not info.opened:
            async with table.lock:
                if not info.opened:
                    # the database decides whether the table starts (another process may open a seat now)
                    status = await asyncio.to_thread(self.db.open_seat, table.id, seat)
                    if status == "playing" and any(s.human and not s.opened and not s.bot_playing
                                                   for s in table.seats if s.seat != seat):
                        await self.refresh(table)  # another process opened the other seats: take their marks
                    info.opened, info.stored_seen, table.status = True, now, status
            await self._published(table)
            self.ensure_driver(table)
        elif info.stored_seen is None or (now - info.stored_seen).total_seconds() >= SEEN_WRITE_EVERY:
            info.stored_seen = now
            self.spawn(self.touch_many([(table, seat)]))

    async def start_table(self, table: LiveTable, seat: int) -> dict[str, Any]:
        """The creator (``seat``) starts a waiting table now: the people's
        seats never opened are handed to the leaver bot (the table is
        ``partly_bot``). Returns ``{"table", "status", "handed"}``.
        :class:`ServiceError` 403 ``not_creator``, 409 ``not_waiting``."""
        if seat != table.creator_seat:
            raise ServiceError(403, "not_creator", "only the table's creator (the first person's seat) "
                                                   "can start it")
        async with table.lock:
            if table.status != "waiting":
                raise ServiceError(409, "not_waiting", f"the table is {table.status}, not waiting", seq=table.seq)
            handed = table.waiting_for()
            for k in handed:
                table.seats[k].bot_playing = True
            status = table.status_of(table.state)
            for k in handed:
                table.seats[k].bot_playing = False
            await asyncio.to_thread(self.db.start, table.id, handed, status)
            for k in handed:
                table.seats[k].bot_playing, table.seats[k].votes = True, []
            table.status = status
            table.partly_bot = table.partly_bot or bool(handed)
        log.info("table %s started by seat %d; seats %s handed to the bot", table.id, seat, handed)
        await self._published(table)
        self.ensure_driver(table)
        return {"table": table.id, "status": table.status, "handed": handed}

    async def set_name(self, table: LiveTable, seat: int, raw: object) -> str | None:
        """Set ``seat``'s player name (:func:`~herna.server.cleaning.clean_name`); returns it."""
        name = clean_name(raw)
        async with table.lock:
            await asyncio.to_thread(self.db.set_name, table.id, seat, name)
            table.seats[seat].name = name
        await self._published(table)
        return name

    async def sit(self, table: LiveTable, seat: object, raw_name: object) -> str:
        """Sit at a public table's free ``seat`` (a person's, never opened)
        with the name ``raw_name``: returns the seat's new token (an old
        link to it stops working). :class:`ServiceError` 403 ``private``,
        409 ``taken`` or ``finished``, 422 ``bad_seat`` / ``bad_name``."""
        if not table.public:
            raise ServiceError(403, "private", "this table is not public; only its invitation links reach it")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(table.seats):
            raise ServiceError(422, "bad_seat", f"'seat' must be a seat number from 0 to {len(table.seats) - 1}")
        name = clean_name(raw_name)
        token = auth.new_token()
        async with table.lock:
            info = table.seats[seat]
            if table.status == "finished":
                raise ServiceError(409, "finished", "the game is over; start a new table")
            if not info.human or info.opened:
                raise ServiceError(409, "taken", f"seat {seat} is taken; choose a free seat")
            if not seat_is_free(info.kind, info.name, info.opened, seat == table.creator_seat):
                raise ServiceError(409, "reserved", f"seat {seat} waits for the person it was made for "
                                                    "(its creator named them); choose a free seat")
            info.opened = True
            bot_playing, info.bot_playing = info.bot_playing, False
            status = table.status_of(table.state)
            info.opened, info.bot_playing = False, bot_playing
            if not await asyncio.to_thread(self.db.sit, table.id, seat, auth.token_hash(token), name,
                                           status if status != table.status else None):
                await self.refresh(table)
                raise ServiceError(409, "taken", f"seat {seat} is taken; choose a free seat")
            info.token_hash, info.name, info.opened, info.bot_playing, info.votes = \
                auth.token_hash(token), name, True, False, []
            info.last_seen = info.stored_seen = utcnow()
            table.status = status
        await self._published(table)
        self.ensure_driver(table)
        return token

    async def set_seat_settings(self, table: LiveTable, seat: int, raw: object) -> dict[str, Any]:
        """Set ``seat``'s own settings (:func:`~herna.server.table_settings.check_seat_settings`); returns them."""
        settings = check_seat_settings(raw, table.seats[seat].settings)
        async with table.lock:
            await asyncio.to_thread(self.db.set_seat_settings, table.id, seat, settings)
            table.seats[seat].settings = settings
        await self._published(table)
        self.ensure_driver(table)
        return settings

    async def set_settings(self, table: LiveTable, seat: int, raw: object) -> dict[str, Any]:
        """The creator (``seat``) changes the table's settings (the ``pace``
        only: the leaver settings are fixed when the table is made).
        :class:`ServiceError` 403 ``not_creator``, 422 ``bad_setting``."""
        if seat != table.creator_seat:
            raise ServiceError(403, "not_creator", "only the table's creator can change its settings")
        if not isinstance(raw, dict) or set(raw) - {"pace"} or not raw:
            raise ServiceError(422, "bad_setting", "only the pace can change during a game: "
                                                   '{"pace": "slow" | "normal" | "fast"}')
        settings = check_settings({**table.settings, **raw})
        async with table.lock:
            await asyncio.to_thread(self.db.set_settings, table.id, settings)
            table.settings = settings
        await self._published(table)
        return settings

    async def set_online(self, table: LiveTable, seat: int | None, delta: int) -> None:
        """Count a WebSocket of ``seat`` (``None``: a spectator) in or out,
        and tell the others when a seat comes online or goes away."""
        before = table.online[seat] > 0
        table.online[seat] += delta
        if table.online[seat] <= 0:
            del table.online[seat]
        after = table.online[seat] > 0
        for hook in list(self.on_presence):
            try:
                hook(table, seat, after)
            except Exception:  # noqa: BLE001 - a hook never breaks a connection
                log.exception("on_presence hook of table %s failed", table.id)
        if seat is not None:
            table.seats[seat].last_seen = utcnow()
            table.changed()  # the seats' online flags and connection counts
            if before != after:
                self.spawn(self.touch_many([(table, seat)]))

    async def touch_many(self, seats: list[tuple[LiveTable, int]]) -> None:
        """Store that the people of ``seats`` are here now (``last_seen``), in
        one write (the leavers' heartbeat); a failed write is logged
        (``last_seen`` is refreshed again soon)."""
        try:
            now = await asyncio.to_thread(self.db.touch_seats, [(table.id, seat) for table, seat in seats])
        except Exception:  # noqa: BLE001 - see the docstring
            log.exception("last_seen of %d seats", len(seats))
            return
        for table, seat in seats:
            info = table.seats[seat]
            info.stored_seen = now
            if info.last_seen is None or now > info.last_seen:
                info.last_seen = now

    async def set_bot_playing(self, table: LiveTable, seat: int, on: bool) -> None:
        """Hand a person's ``seat`` to the table's leaver bot (``on``; the
        table becomes ``partly_bot``) or give it back to them; its votes are
        forgotten. Stored, then told and driven on."""
        async with table.lock:
            info = table.seats[seat]
            if info.bot_playing == on or not info.human:
                return
            info.bot_playing = on
            status = table.status_of(table.state)
            info.bot_playing = not on
            await asyncio.to_thread(self.db.set_bot_playing, table.id, seat, on,
                                    status if status != table.status else None)
            info.bot_playing, info.votes, table.status = on, [], status
            if on:
                table.partly_bot = True
            table.cache.clear()
        log.info("table %s seat %d %s", table.id, seat, "handed to a bot" if on else "taken back")
        await self._published(table)
        self.ensure_driver(table)

    async def time_out(self, table: LiveTable, seat: int, seq: int) -> bool:
        """The person at ``seat`` ran out of time at ``seq``: the leaver bot
        plays this one move for them (the table becomes ``partly_bot``; the
        move is stored as made by the clock). ``False`` if the table moved on."""
        async with table.lock:
            if table.seq != seq or table.to_move() != seat or table.bot_kind(seat) is not None:
                return False
            if not table.partly_bot:
                await asyncio.to_thread(self.db.mark_partly_bot, table.id)
                table.partly_bot = True
            table.timed_out = seq
            table.cache.clear()
        log.info("table %s seat %d ran out of time at seq %d", table.id, seat, seq)
        await self._published(table)
        self.ensure_driver(table)
        return True

    # ----- acting -------------------------------------------------------------------------------
    async def act(self, table: LiveTable, seat: int, action: object, seq: object, lang: str = "en") -> tuple[int, int]:
        """Apply ``action`` (an action string) of ``seat`` at ``seq``: one
        step. Returns ``(seq + 1, the table's seq after the chance draws it
        caused)``. :class:`ServiceError`: 409 ``stale_seq`` (with ``seq``),
        422 ``bad_action``, ``waiting``, ``not_your_turn``, ``game_over`` or
        ``illegal`` (the engine's reason in ``lang``). Nothing changes on an
        error."""
        if not isinstance(action, str) or not action.strip() or len(action) > MAX_ACTION:
            raise ServiceError(422, "bad_action", f"'action' must be an action string of at most {MAX_ACTION} "
                                                  "characters, such as 'play red5'")
        if not isinstance(seq, int) or isinstance(seq, bool) or seq < 0:
            raise ServiceError(422, "bad_action", "'seq' must be the table's seq (a whole number) "
                                                  "from the last state you got")
        await self.catch_up(table, seq)
        async with table.lock:
            if seq != table.seq:
                raise ServiceError(409, "stale_seq", f"the table is at seq {table.seq}, not {seq}", seq=table.seq)
            state = table.state
            if state.is_terminal():
                raise ServiceError(422, "game_over", "the game is over", seq=table.seq)
            if table.status == "waiting":
                raise ServiceError(422, "waiting", "the table waits for its players; nothing is played until "
                                                   "every seat is opened or the creator starts it", seq=table.seq)
            if state.current_player() != seat or table.bot_kind(seat) is not None:
                raise ServiceError(422, "not_your_turn", "it is not your turn", seq=table.seq)
            try:
                step = await self._step(table, action, seat, None)
            except IllegalActionError as error:
                raise ServiceError(422, "illegal", error.translated(lang), seq=table.seq) from None
        await self._published(table, step)
        self.ensure_driver(table)
        return seq + 1, table.seq

    async def _step(self, table: LiveTable, action: str | None, actor: int, made_by: str | None) -> Step:
        """Apply and store one step at ``table`` (holding its lock; the
        caller publishes what it returns: the stored step, for the other
        processes). ``IllegalActionError`` (nothing changed) for an illegal
        action; a stale seq refreshes the table and raises 409."""
        before = table.state
        work = before.clone()
        rows = take_step(work, action, actor, table.seed, made_by)
        status = table.status_of(work)
        try:
            await self._write(self.db.append, table.id, table.seq, rows, status if status != table.status else None)
        except StaleSeq:
            await self.refresh(table)
            raise ServiceError(409, "stale_seq", f"the table is at seq {table.seq}", seq=table.seq) from None
        table.note_moves(rows, before)
        table.add_snapshot(before.num_actions(), work)
        table.last_step_events = tuple(e["kind"] for e in work.events(before.num_actions(), None))
        table.set_state(work, status)
        table.stepped_at = self.clock()
        return {"start": before.num_actions(), "rows": [list(row) for row in rows], "status": status}

    # ----- driving ----------------------------------------------------------------------------------
    def next_move(self, table: LiveTable) -> Move | None:
        """The move the server makes next at ``table``, or ``None`` (a person
        must decide, the table waits for its people, or the game is over)."""
        state = table.state
        if table.status != "playing" or state.is_terminal():
            return None
        player = state.current_player()
        if player == CHANCE:
            return Move(table.seq, -1, None, None, None)
        info = table.seats[player]
        kind = table.bot_kind(player)
        forced = state.forced_action()
        only = state.action_to_string(forced) if forced is not None else None
        if kind is not None:
            made_by = None if not info.human else "bot" if info.bot_playing else "clock"
            return Move(table.seq, player, kind, made_by, only)
        if info.auto_only_moves and only is not None:
            return Move(table.seq, player, None, "auto", only)
        return None

    def ensure_driver(self, table: LiveTable) -> bool:
        """Start the table's driver if the server must move next and none runs."""
        if self.closing or self.next_move(table) is None:
            return False
        if table.driver is not None and not table.driver.done():
            return False
        table.driver = asyncio.get_running_loop().create_task(self._drive(table))
        return True

    def pause(self, table: LiveTable) -> float:
        """Seconds between the last step shown and a move the server makes
        (:func:`herna.server.table_settings.pause_seconds`)."""
        return pause_seconds(table.settings, table.last_step_events, self.pace_scale)

    async def _drive(self, table: LiveTable) -> None:
        """Make the server's moves at ``table``, one step at a time, until a
        person must act, the table waits or the game ends: chance at once;
        every other move at least :meth:`pause` after the previous step was
        shown, a bot thinking meanwhile. A bot's only legal move is not
        asked of it, but waits as long as its thinking would (its time
        budget): a forced move looks like a chosen one in time too."""
        try:
            while not self.closing:
                async with table.lock:
                    move = self.next_move(table)
                    if move is None:
                        if table.status == "finished":  # dropped once this driver is done, if unwatched
                            asyncio.get_running_loop().call_soon(self.release, table)
                        return
                    step: Step | None = None
                    if move.seat == CHANCE:  # a table stored mid-draw (resumed)
                        step = await self._step(table, None, CHANCE, None)
                        job = None
                    else:
                        job = (table.state.to_json() if move.action is None else None,
                               _bot_seed(table.seed, table.seq, move.seat))
                        wait = max(0.0, table.stepped_at + self.pause(table) - self.clock())
                if job is None:
                    await self._published(table, step)
                    continue
                state_json, seed = job
                if move.action is not None:
                    thinking = thinking_seconds(move.bot) if move.bot else 0.0
                    await self.sleep(max(wait, thinking))
                    action = move.action
                else:
                    assert move.bot is not None and state_json is not None
                    action, _ = await asyncio.gather(self.pool.choose(state_json, move.seat, move.bot, seed),
                                                     self.sleep(wait))
                async with table.lock:
                    if table.seq != move.seq or self.next_move(table) != move:
                        continue  # moved on meanwhile (another process, a seat given back, a person's move)
                    try:
                        step = await self._step(table, action, move.seat, move.made_by)
                    except IllegalActionError:
                        log.error("bot %s at table %s played an illegal %r; playing a random move",
                                  move.bot, table.id, action)
                        legal = table.state.legal_action_strings()
                        step = await self._step(table, random.Random(seed).choice(legal), move.seat,
                                                move.made_by)
                    except ServiceError:
                        continue
                await self._published(table, step)
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001 - logged; the next change restarts the driver
            log.exception("driver of table %s failed", table.id)

    # ----- rematch ------------------------------------------------------------------------------------
    async def rematch(self, table: LiveTable, seat: int) -> tuple[LiveTable, str]:
        """A new table with ``table``'s game, options, seat kinds, names and
        settings, for the person at ``seat``: returns it and that seat's new
        token. The first caller makes the table; the other people of
        ``table`` calling it later get a token for their own seat there (409
        ``seat_taken`` if that seat's link was opened already). 409
        ``not_finished`` (nothing made) while the game is not over."""
        if table.status != "finished":
            raise ServiceError(409, "not_finished", f"the game is still {table.status}; a rematch is made "
                                                    "once it is finished")
        async with table.rematch_lock:
            if table.rematch is None:
                table.rematch = await asyncio.to_thread(self.db.rematch_of, table.id)
            if table.rematch is None:
                kinds = [{"kind": s.kind, "name": s.name} for s in table.seats]
                try:
                    new, tokens = await self.create(table.name, table.options, kinds, rematch_of=table.id,
                                                    settings=dict(table.settings), public=table.public)
                except Exception:
                    table.rematch = await asyncio.to_thread(self.db.rematch_of, table.id)
                    if table.rematch is None:
                        raise
                else:
                    table.rematch = new.id
                    token = tokens[seat]
                    assert token is not None
                    await self._published(table)
                    return new, token
            new = await self.get(table.rematch)
        if new.seats[seat].opened:
            raise ServiceError(409, "seat_taken", "your seat at the rematch is taken already; open your "
                                                  "rematch link", table=new.id)
        token = auth.new_token()
        async with new.lock:
            await asyncio.to_thread(self.db.set_token, new.id, seat, auth.token_hash(token))
            new.seats[seat].token_hash = auth.token_hash(token)
        return new, token

    # ----- lists ----------------------------------------------------------------------------------------
    async def list_tables(self, statuses: Sequence[str], limit: int = 100,
                          active_since: dt.datetime | None = None) -> list[TableRecord]:
        """Stored public tables by status, newest change first (``active_since``:
        only those made or opened by a person since then)."""
        return await asyncio.to_thread(self.db.list_tables, statuses, limit, True, active_since)

