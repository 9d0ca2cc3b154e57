"""The table service: the authoritative games of the web server (docs/server.md).

:class:`TableService` creates tables, holds the live state of each (rebuilt
by replaying the stored log), applies a seat's action (seq check, legality,
stored before anyone sees it), then drives the table on (chance draws,
automatic moves, bots) until a human must decide or the game is over.

The apply flow of one action, under the table's :class:`asyncio.Lock`:

1. the client's ``seq`` must be the table's (else :class:`ServiceError` 409
   ``stale_seq`` with the current seq), the seat must be the one to move and
   not handed to a bot (422 ``not_your_turn``), the game must not be over
   (422 ``game_over``);
2. the action is applied to a copy of the state (an illegal one: 422
   ``illegal`` with the engine's reason, in the client's language), with every
   automatic action after it (a decision with one legal action, a fixed
   outcome, chance draws with ``random.Random(f"{seed}:{seq}")``);
3. every step is stored in one transaction, a compare-and-set on the table's
   seq (:meth:`herna.server.db.Database.append`);
4. only then the copy becomes the table's state, the listeners (WebSockets)
   are told and the bus publishes the change;
5. a driver task plays the bots' moves, each computed in the
   :class:`~herna.server.botpool.BotPool` and applied the same way.

Errors are :class:`ServiceError` (HTTP status, a machine ``code``, a message
for people).
"""

from __future__ import annotations

import asyncio
import collections
import datetime as dt
import logging
import random
import secrets
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from herna.core import CHANCE, Game, GameRecord, IllegalActionError, State, load, record
from herna.core.registry import available_games

from . import auth
from .botpool import BotPool, check_kind
from .bus import Bus, LocalBus
from .db import Database, SeatRecord, StaleSeq, TableRecord, UnknownTable

log = logging.getLogger("herna.server")

HUMAN = "human"
"""The seat kind of a person."""
LEAVER_BOT = "medium"
"""The bot that plays a seat handed to a bot (leavers), unless the table's settings name another."""
MAX_NAME = 40
"""The longest player name (characters)."""
MAX_ACTION = 200
"""The longest action string a client may send (characters)."""
TABLE_ID_BYTES = 9
"""Random bytes in a table id (12 URL-safe characters)."""
MAX_CACHED = 1000
"""Tables kept in memory without a listener before the least recently used is dropped."""
DRIVER_GRACE = 15.0
"""Seconds (plus the bot's time budget) a process waits, after another process stored a
change, before it drives a table that still waits for a bot or chance (that process should)."""
STATUSES = ("open", "playing", "over")


class ServiceError(Exception):
    """A refusal: ``status`` (HTTP), ``code`` (machine word), message (for
    people), ``extra`` fields for the answer (``seq`` of a 409)."""

    def __init__(self, status: int, code: str, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.extra = extra


@dataclass
class Seat:
    """A seat of a live table. ``kind``: ``human`` or a bot kind."""

    seat: int
    kind: str
    name: str | None
    token_hash: str | None
    taken: bool = False
    bot_playing: bool = False
    last_seen: dt.datetime | None = None
    clock_extra: float = 0.0
    votes: list[int] = field(default_factory=list)

    @property
    def human(self) -> bool:
        return self.kind == HUMAN


@dataclass
class TurnClock:
    """The turn clock of the person to move (:mod:`herna.server.leavers`):
    ``seat`` must act at ``seq`` by ``started + limit + extra`` (seconds,
    ``time.time()``); ``extra_base``: the seat's ``clock_extra`` when the
    turn began (what it asks for later lengthens this turn)."""

    seat: int
    seq: int
    started: float
    limit: float
    extra_base: float

    def deadline(self, clock_extra: float) -> float:
        """When the turn runs out, given the seat's ``clock_extra`` now."""
        return self.started + self.limit + max(0.0, clock_extra - self.extra_base)


@dataclass(eq=False)
class LiveTable:
    """A table in this process: its stored facts and the live state."""

    id: str
    game: Game
    record: GameRecord
    seats: list[Seat]
    seed: int
    status: str
    state: State
    created_at: dt.datetime
    rematch_of: str | None = None
    rematch: str | None = None
    partly_bot: bool = False
    settings: dict = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    rematch_lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    listeners: set[Callable[[], None]] = field(default_factory=set)
    online: collections.Counter = field(default_factory=collections.Counter)
    driver: asyncio.Task | None = None
    watchdog: asyncio.Task | None = None
    cache: dict = field(default_factory=dict)
    clock: TurnClock | None = None
    timed_out: int | None = None
    """The seq at which the person to move ran out of time: the leaver bot plays that one move."""
    forced: dict[int, int] = field(default_factory=dict)
    """``{seq: seat}``: the players' moves the engine made because they were the only legal one."""

    @property
    def seq(self) -> int:
        """Actions applied (and stored) so far."""
        return self.state.num_actions()

    @property
    def name(self) -> str:
        return self.record.name

    @property
    def options(self) -> dict:
        return dict(self.game.options)

    def hashes(self) -> list[str | None]:
        return [s.token_hash for s in self.seats]

    def bot_kind(self, seat: int) -> str | None:
        """The bot that plays ``seat`` now, or ``None`` for a person."""
        info = self.seats[seat]
        if not info.human:
            return info.kind
        if info.bot_playing or (self.timed_out == self.seq and self.state.current_player() == seat):
            return str(self.settings.get("leaver_bot", LEAVER_BOT))
        return None

    def to_move(self) -> int | None:
        """The seat to act, or ``None`` (chance or the end)."""
        player = self.state.current_player()
        return player if player >= 0 else None

    def status_of(self, state: State) -> str:
        """``over``, ``open`` (a human seat not yet taken) or ``playing``."""
        if state.is_terminal():
            return "over"
        if any(s.human and not s.taken and not s.bot_playing for s in self.seats):
            return "open"
        return "playing"

    def set_state(self, state: State, status: str) -> None:
        self.state = state
        self.status = status
        self.cache.clear()

    def changed(self) -> None:
        """Tell every listener (a WebSocket's sender) that the table changed."""
        self.cache.clear()
        for listener in list(self.listeners):
            try:
                listener()
            except Exception:  # noqa: BLE001 - one broken listener never stops the others
                log.exception("listener of table %s failed", self.id)


class Steps(list):
    """The actions of one change of a table, ``[(action string, actor), ...]``
    (stored as they are), and ``forced``: ``{seq: seat}`` of those a player
    did not choose, the engine making their only legal move."""

    def __init__(self) -> None:
        super().__init__()
        self.forced: dict[int, int] = {}


def _note_forced(state: State, actor: int, forced: dict[int, int]) -> None:
    """Before a player's action on ``state``: note it in ``forced`` if it is the only legal one."""
    if actor >= 0 and state.forced_action() is not None:
        forced[state.num_actions() + 1] = actor


def _recorder(state: State, steps: Steps) -> Callable[[int, int], None]:
    """An ``on_step`` that records ``(action string, actor)`` of each action
    applied to ``state``, and the forced ones (called before the action, so
    the string is right)."""

    def on_step(actor: int, action: int) -> None:
        _note_forced(state, actor, steps.forced)
        steps.append((state.action_to_string(action), actor))

    return on_step


def run_automatic(state: State, seed: int, steps: Steps) -> None:
    """Draw every chance outcome due now (``random.Random(f"{seed}:{seq}")``,
    ``seq`` the actions applied before the draw), with the automatic actions
    that follow, until a player must decide or the game is over."""
    on_step = _recorder(state, steps)
    while state.current_player() == CHANCE:
        rng = random.Random(f"{seed}:{state.num_actions()}")
        state.apply_action(state.sample_chance(rng), on_step=on_step)


def replay(game: Game, actions: Sequence[tuple[int, str, int]], state: State | None = None,
           forced: dict[int, int] | None = None) -> State:
    """``state`` (default: a new game with no action applied) with the stored
    ``actions`` ``[(seq, action, actor), ...]`` stepped on, in order. The log
    lists every action (automatic and chance ones included). ``forced``, if
    given, gets ``{seq: seat}`` of the players' forced moves (:class:`Steps`).
    ``ValueError`` if the seqs do not follow on."""
    state = state if state is not None else game.new_initial_state().initial_state()
    for seq, action, actor in actions:
        if seq != state.num_actions() + 1:
            raise ValueError(f"stored action {seq} does not follow action {state.num_actions()}")
        if forced is not None:
            _note_forced(state, actor, forced)
        state.step(state.string_to_action(action))
    return state


def _seat_specs(seats: object, names: object) -> list[tuple[str, str | None]]:
    """``(kind, name)`` per seat from the request's ``seats`` (strings or
    ``{"kind", "name"}`` objects) and optional ``names``."""
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
        if name is not None and not isinstance(name, str):
            raise ServiceError(422, "bad_seats", f"seat {k}: a name must be a string")
        name = " ".join(name.split())[:MAX_NAME] or None if isinstance(name, str) else None
        if not isinstance(entry, str):
            raise ServiceError(422, "bad_seats", f"seat {k}: a seat is 'human' or a bot kind, not {entry!r}")
        out.append((entry.strip().lower(), name))
    return out


def check_table(game_name: object, options: object, seats: object, names: object = None
                ) -> tuple[Game, list[tuple[str, str | None]]]:
    """The game and seats of a table request, checked. The number of seats
    is the game's ``players`` option. :class:`ServiceError` 422 naming what
    is allowed: an unknown game, option, value or bot, a player count the
    game does not take."""
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


def bot_budget(kind: str) -> float:
    """Seconds a bot kind may think per move (an ISMCTS time budget; an
    iteration budget counts as :data:`~herna.server.botpool.MAX_SECONDS`); 0 for the others."""
    from .botpool import MAX_SECONDS, resolve_spec

    spec = resolve_spec(kind)
    if not spec.startswith("ismcts"):
        return 0.0
    from herna.bots.ismcts import parse_spec

    try:
        budget = parse_spec(spec)
    except ValueError:
        return MAX_SECONDS
    return float(budget.get("seconds", MAX_SECONDS))


def _bot_seed(seed: int, seq: int, seat: int) -> int:
    """The seed of a bot's move at ``seq`` for ``seat`` (derived from the table's secret seed)."""
    return random.Random(f"{seed}:{seq}:bot{seat}").getrandbits(62)


class TableService:
    """Every table this process serves (module docstring).

    ``db``: the storage; ``pool``: where bots think; ``bus``: change notices
    between processes."""

    def __init__(self, db: Database, pool: BotPool | None = None, bus: Bus | None = None,
                 seed: int | None = None) -> None:
        self.db = db
        self.pool = pool or BotPool()
        self.bus = bus or LocalBus()
        self.seed = seed
        """``None`` (real play): every table's secret seed comes from
        :mod:`secrets`. An int (tests only): the seeds come, in creation
        order, from ``random.Random(seed)`` (:meth:`new_seed`), so that a
        failing test is reproduced by running it again with the same seed."""
        self._seeds = random.Random(seed) if seed is not None else None
        self._tables: collections.OrderedDict[str, LiveTable] = collections.OrderedDict()
        self._loading: dict[str, asyncio.Future] = {}
        self._tasks: set[asyncio.Task] = set()
        self.closing = False
        self.on_change: list[Callable[[LiveTable], None]] = []
        """Hooks ``(table)``: the table was loaded, or changed here or in another process."""
        self.on_presence: list[Callable[[LiveTable, int | None, bool], None]] = []
        """Hooks ``(table, seat, online)``: a seat's (``None``: spectators') WebSocket count changed;
        ``online``: whether it has one now."""

    # ----- life cycle -----------------------------------------------------------------------
    async def start(self, resume: bool = True) -> None:
        """Start the bus and the bot pool; resume every unfinished table whose
        next move is not a person's (in the background)."""
        await self.bus.start(self._on_change, self.resync)
        self.pool.start()
        if self.db.sqlite:
            self.spawn(self._checkpoints())
        if resume:
            self.spawn(self.resume())

    async def _checkpoints(self) -> None:
        """SQLite: checkpoint the write-ahead log every
        :data:`~herna.server.db.CHECKPOINT_SECONDS` in a worker thread (moves
        are stored in the event loop, and a checkpoint there would stall it)."""
        from .db import CHECKPOINT_SECONDS

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
        forced: dict[int, int] = {}
        state = replay(game, stored.actions, forced=forced)
        seats = [Seat(k, str(spec.get("kind", HUMAN)), spec.get("name"), None) for k, spec in enumerate(stored.seats)]
        table = LiveTable(id=stored.id, game=game, record=rec, seats=seats, seed=stored.seed, status=stored.status,
                          state=state, created_at=stored.created_at, rematch_of=stored.rematch_of,
                          partly_bot=stored.partly_bot, settings=stored.settings, forced=forced)
        self._apply_seat_rows(table, stored.seat_rows)
        return table

    @staticmethod
    def _apply_seat_rows(table: LiveTable, rows: Sequence[SeatRecord]) -> None:
        for row in rows:
            if 0 <= row.seat < len(table.seats):
                seat = table.seats[row.seat]
                seat.token_hash, seat.taken, seat.bot_playing = row.token_hash, row.taken, row.bot_playing
                seat.last_seen, seat.clock_extra, seat.votes = row.last_seen, row.clock_extra, list(row.votes)

    def _load_sync(self, table_id: str) -> tuple[LiveTable, str | None]:
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
        self._tables[table.id] = table
        self._tables.move_to_end(table.id)
        self._after_change(table)
        if len(self._tables) > MAX_CACHED:
            for key in list(self._tables):
                if len(self._tables) <= MAX_CACHED:
                    break
                old = self._tables[key]
                busy = old.listeners or old.lock.locked() or (old.driver is not None and not old.driver.done())
                if not busy:
                    del self._tables[key]

    async def refresh(self, table: LiveTable) -> None:
        """Bring ``table`` up to the stored log and seats (another process
        stored something), then tell its listeners. Call it holding the lock."""
        stored = await asyncio.to_thread(self.db.load, table.id, table.seq)
        if stored.actions:
            state = replay(table.game, stored.actions, table.state.clone(), table.forced)
            table.set_state(state, stored.status)
        table.status = stored.status
        table.partly_bot = stored.partly_bot
        self._apply_seat_rows(table, stored.seat_rows)
        table.changed()
        self._after_change(table)

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
        """If ``table`` waits for a bot or chance that another process should
        play, drive it here after :data:`DRIVER_GRACE` seconds plus the bot's
        budget if it is still waiting at the same seq (the seq compare-and-set
        makes a second driver harmless)."""
        if table.watchdog is not None and not table.watchdog.done():
            table.watchdog.cancel()
        table.watchdog = None
        if self.closing or not self.needs_driver(table):
            return
        if table.driver is not None and not table.driver.done():
            return
        player = table.state.current_player()
        grace = DRIVER_GRACE + (bot_budget(table.bot_kind(player) or "") if player >= 0 else 0.0)
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

    async def _published(self, table: LiveTable) -> None:
        table.changed()
        self._after_change(table)
        try:
            await self.bus.publish(table.id, table.seq)
        except Exception:  # noqa: BLE001 - the change is stored; a lost notice only delays others
            log.exception("publishing table %s failed", table.id)

    # ----- creating ---------------------------------------------------------------------------
    def new_seed(self) -> int:
        """A new table's secret seed (62 bits): from :mod:`secrets`, or from
        the service's test seed (:attr:`seed`), in creation order."""
        if self._seeds is None:
            return secrets.randbits(62)
        return self._seeds.getrandbits(62)

    async def create(self, game_name: object, options: object, seats: object, names: object = None,
                     rematch_of: str | None = None, settings: object = None,
                     ) -> tuple[LiveTable, list[str | None]]:
        """A new table (see :func:`check_table` for the checks; ``settings``:
        :func:`herna.server.leavers.check_settings`): returns it and per seat
        its token (``None`` for a bot). The first chance draws (the deal) are
        made and stored with it; then the driver starts."""
        from .leavers import check_settings

        game, specs = check_table(game_name, options, seats, names)
        settings = check_settings(settings)
        tokens = [auth.new_token() if kind == HUMAN else None for kind, _ in specs]
        table_id, seed = secrets.token_urlsafe(TABLE_ID_BYTES), self.new_seed()
        state = game.new_initial_state()
        steps = Steps()
        walker = state.initial_state()
        for action in state.history():
            _note_forced(walker, walker.current_player(), steps.forced)
            steps.append((walker.action_to_string(action), walker.current_player()))
            walker.step(action)
        run_automatic(state, seed, steps)
        rec = record(game.name)
        table = LiveTable(
            id=table_id, game=game, record=rec,
            seats=[Seat(k, kind, name, auth.token_hash(tok) if tok else None)
                   for k, ((kind, name), tok) in enumerate(zip(specs, tokens))],
            seed=seed, status="open", state=state, created_at=dt.datetime.now(dt.timezone.utc),
            rematch_of=rematch_of, settings=settings or {}, forced=steps.forced,
        )
        table.status = table.status_of(state)
        stored = TableRecord(
            id=table.id, game=game.name, options=dict(game.options),
            seats=[{"kind": s.kind, "name": s.name} for s in table.seats], seed=seed, status=table.status,
            seq=len(steps), created_at=table.created_at, updated_at=table.created_at, rematch_of=rematch_of,
            partly_bot=table.partly_bot, settings=table.settings,
        )
        await asyncio.to_thread(self.db.create_table, stored, table.hashes(), steps)
        self._remember(table)
        self.ensure_driver(table)
        return table, tokens

    # ----- seats ----------------------------------------------------------------------------------
    def seat_of(self, table: LiveTable, token: str | None) -> int | None:
        """The seat ``token`` opens at ``table``, or ``None``."""
        return auth.seat_of(token, table.hashes())

    async def take(self, table: LiveTable, seat: int) -> None:
        """Its person opened ``seat``'s link: mark it taken and store it
        (once); take it back from a bot and forget votes against it."""
        info = table.seats[seat]
        if info.bot_playing:
            await self.set_bot_playing(table, seat, False)
        elif info.votes:
            async with table.lock:
                await asyncio.to_thread(self.db.clear_votes, table.id, seat)
                info.votes = []
            await self._published(table)
        if table.seats[seat].taken:
            return
        async with table.lock:
            if table.seats[seat].taken:
                return
            table.seats[seat].taken = True
            status = table.status_of(table.state)
            table.seats[seat].taken = False
            await asyncio.to_thread(self.db.take_seat, table.id, seat, status if status != table.status else None)
            table.seats[seat].taken = True
            table.status = status
        await self._published(table)

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
            table.changed()  # the seats' online flags and connection counts
            if before != after:
                self.spawn(self.touch(table, seat))

    async def touch(self, table: LiveTable, seat: int) -> None:
        """Store that ``seat``'s person is here now (``last_seen``), here and in the database."""
        await self.touch_many([(table, seat)])

    async def touch_many(self, seats: list[tuple[LiveTable, int]]) -> None:
        """:meth:`touch` for many seats in one write (the leavers' heartbeat);
        a failed write is logged (``last_seen`` is a nicety; the next beat tries again)."""
        try:
            now = await asyncio.to_thread(self.db.touch_seats, [(table.id, seat) for table, seat in seats])
        except Exception:  # noqa: BLE001 - see the docstring
            log.exception("last_seen of %d seats", len(seats))
            return
        for table, seat in seats:
            table.seats[seat].last_seen = now

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
        plays this one move for them (the table becomes ``partly_bot``).
        ``False`` if the table moved on meanwhile."""
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

    async def announce(self, table: LiveTable) -> None:
        """Tell this process's listeners, the hooks and the other processes
        that ``table`` changed without a new action (seats, votes, the clock)."""
        await self._published(table)

    # ----- acting -------------------------------------------------------------------------------
    async def act(self, table: LiveTable, seat: int, action: object, seq: object, lang: str = "en") -> tuple[int, int]:
        """Apply ``action`` (an action string) of ``seat`` at ``seq``. Returns
        ``(seq + 1, the table's seq after the automatic actions that
        followed)``. :class:`ServiceError`: 409 ``stale_seq`` (with ``seq``),
        422 ``bad_action``, ``not_your_turn``, ``game_over`` or ``illegal``
        (the engine's reason in ``lang``). Nothing changes on an error."""
        if not isinstance(action, str) or not action.strip() or len(action) > MAX_ACTION:
            raise ServiceError(422, "bad_action", f"'action' must be an action string of at most {MAX_ACTION} "
                                                  "characters, such as 'play red5'")
        if not isinstance(seq, int) or isinstance(seq, bool) or seq < 0:
            raise ServiceError(422, "bad_action", "'seq' must be the table's seq (a whole number) "
                                                  "from the last state you got")
        async with table.lock:
            if seq > table.seq:  # another process may be ahead of this one
                await self.refresh(table)
            if seq != table.seq:
                raise ServiceError(409, "stale_seq", f"the table is at seq {table.seq}, not {seq}", seq=table.seq)
            state = table.state
            if state.is_terminal():
                raise ServiceError(422, "game_over", "the game is over", seq=table.seq)
            if state.current_player() != seat or table.bot_kind(seat) is not None:
                raise ServiceError(422, "not_your_turn", "it is not your turn", seq=table.seq)
            work = state.clone()
            steps = Steps()
            try:
                work.apply_action(action, on_step=_recorder(work, steps))
            except IllegalActionError as error:
                raise ServiceError(422, "illegal", error.translated(lang), seq=table.seq) from None
            run_automatic(work, table.seed, steps)
            await self._commit(table, work, steps)
        await self._published(table)
        self.ensure_driver(table)
        return seq + 1, table.seq

    async def _commit(self, table: LiveTable, work: State, steps: Steps) -> None:
        """Store ``steps`` (made on ``work``, a copy of the table's state) and
        make ``work`` the table's state. Holding the lock. On a stale seq the
        table is refreshed and 409 raised."""
        status = table.status_of(work)
        try:
            await self._write(self.db.append, table.id, table.seq, steps, status if status != table.status else None)
        except StaleSeq:
            await self.refresh(table)
            raise ServiceError(409, "stale_seq", f"the table is at seq {table.seq}", seq=table.seq) from None
        table.forced.update(steps.forced)
        table.set_state(work, status)

    # ----- driving ----------------------------------------------------------------------------------
    def needs_driver(self, table: LiveTable) -> bool:
        """Whether chance or a bot must move next."""
        state = table.state
        if state.is_terminal():
            return False
        player = state.current_player()
        return player == CHANCE or table.bot_kind(player) is not None

    def ensure_driver(self, table: LiveTable) -> bool:
        """Start the table's driver if a bot or chance must move and none runs."""
        if self.closing or not self.needs_driver(table):
            return False
        if table.driver is not None and not table.driver.done():
            return False
        table.driver = asyncio.get_running_loop().create_task(self._drive(table))
        return True

    async def _drive(self, table: LiveTable) -> None:
        """Play chance and bots at ``table`` until a person must act or the game ends."""
        try:
            while not self.closing:
                async with table.lock:
                    state = table.state
                    if state.is_terminal():
                        return
                    player = state.current_player()
                    if player == CHANCE:  # a table stored mid-draw (resumed)
                        work = state.clone()
                        steps = Steps()
                        run_automatic(work, table.seed, steps)
                        await self._commit(table, work, steps)
                        job = None
                    else:
                        kind = table.bot_kind(player)
                        if kind is None:
                            return
                        job = (state.to_json(), player, kind, _bot_seed(table.seed, table.seq, player), table.seq)
                if job is None:
                    await self._published(table)
                    continue
                state_json, seat, kind, seed, at = job
                action = await self.pool.choose(state_json, seat, kind, seed)
                async with table.lock:
                    if table.seq != at or table.bot_kind(seat) is None:
                        continue  # moved on meanwhile (another process, a seat given back)
                    work = table.state.clone()
                    steps = Steps()
                    try:
                        work.apply_action(action, on_step=_recorder(work, steps))
                    except IllegalActionError:
                        log.error("bot %s at table %s played an illegal %r; playing a random move",
                                  kind, table.id, action)
                        work, steps = table.state.clone(), Steps()
                        legal = work.legal_action_strings()
                        work.apply_action(random.Random(seed).choice(legal), on_step=_recorder(work, steps))
                    run_automatic(work, table.seed, steps)
                    try:
                        await self._commit(table, work, steps)
                    except ServiceError:
                        continue
                await self._published(table)
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001 - logged; the next change restarts the driver
            log.exception("driver of table %s failed", table.id)

    # ----- rematch ------------------------------------------------------------------------------------
    async def rematch(self, table: LiveTable, seat: int) -> tuple[LiveTable, str]:
        """A new table with ``table``'s game, options, seat kinds and names,
        for the person at ``seat``: returns it and that seat's new token. The
        first caller makes the table; the other people of ``table`` calling
        it later get a token for their own seat there (409 ``seat_taken`` if
        that seat's link was opened already)."""
        async with table.rematch_lock:
            if table.rematch is None:
                table.rematch = await asyncio.to_thread(self.db.rematch_of, table.id)
            if table.rematch is None:
                kinds = [{"kind": s.kind, "name": s.name} for s in table.seats]
                try:
                    new, tokens = await self.create(table.name, table.options, kinds, rematch_of=table.id,
                                                    settings=dict(table.settings))
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
        if new.seats[seat].taken:
            raise ServiceError(409, "seat_taken", "your seat at the rematch is taken already; open your "
                                                  "rematch link", table=new.id)
        token = auth.new_token()
        async with new.lock:
            await asyncio.to_thread(self.db.set_token, new.id, seat, auth.token_hash(token))
            new.seats[seat].token_hash = auth.token_hash(token)
        return new, token

    # ----- lists ----------------------------------------------------------------------------------------
    async def list_tables(self, statuses: Sequence[str] = ("open",), limit: int = 100) -> list[TableRecord]:
        """Stored tables by status, newest first."""
        return await asyncio.to_thread(self.db.list_tables, statuses, limit)
