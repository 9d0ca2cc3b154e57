"""A table as one server process holds it: its seats, its live game state, the
recent steps each connection is framed from (WEB-API.md "Players, turns and
presence"), and how a stored log is stepped and replayed.

A **step** is what one state message carries: one seat's move with the chance
outcomes that follow it at once (a card played and the next deal, a roll and
its dice), or chance alone (a new table's deal). The table keeps the states
after its last steps (:attr:`LiveTable.snapshots`, at most :data:`SNAPSHOTS`),
so that every connection is sent every step in a state message of its own,
after the one whose ``to_move`` named that seat, however far behind its
socket is; a step every connection of this process has been sent is dropped
(:meth:`LiveTable.trim`: a new connection starts from a full state).
"""

from __future__ import annotations

import asyncio
import collections
import datetime as dt
import logging
import random
from dataclasses import dataclass, field
from typing import Callable, NamedTuple, Sequence

from herna.core import CHANCE, Game, GameRecord, State

from .db import Row, StoredRow

log = logging.getLogger("herna.server")

HUMAN = "human"
"""The seat kind of a person."""


def seat_is_free(kind: object, name: object, opened: bool, creators: bool) -> bool:
    """Whether anyone may take a seat of a public table ("Sit here"): a
    person's seat (``kind`` ``human``) never ``opened``, not the creator's
    (``creators``: it is the table's first person's seat), and not named by
    the creator (``name`` set: a seat named "Tom" waits for Tom's link)."""
    return kind == HUMAN and not opened and not name and not creators


LEAVER_BOT = "medium"
"""The bot that plays a person's seat (leavers, an out-of-time move), unless the table's settings name another."""
STATUSES = ("waiting", "playing", "finished")
"""A table's status (WEB-API.md): ``waiting`` until every person's seat has been opened once (nothing is
played), then ``playing``, then ``finished``."""
SNAPSHOTS = 64
"""Steps whose states a table keeps for connections behind it (one frame each); a connection further
behind gets a full state."""
MADE_BY = ("bot", "clock", "auto")
"""Who made a move for a person (``actions.made_by``, :mod:`herna.server.db`)."""


@dataclass
class Seat:
    """A seat of a live table. ``kind``: ``human`` or a bot kind; ``opened``:
    its token has been used once; ``settings``: the person's own seat
    settings (``auto_only_moves``)."""

    seat: int
    kind: str
    name: str | None
    token_hash: str | None
    opened: bool = False
    bot_playing: bool = False
    last_seen: dt.datetime | None = None
    clock_extra: float = 0.0
    votes: list[int] = field(default_factory=list)
    settings: dict = field(default_factory=dict)
    stored_seen: dt.datetime | None = None
    """``last_seen`` as last written to the database (the writes are spaced)."""

    @property
    def human(self) -> bool:
        return self.kind == HUMAN

    @property
    def auto_only_moves(self) -> bool:
        return bool(self.settings.get("auto_only_moves", False))


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


class ClockMove(NamedTuple):
    """A move the leaver bot made because a person's clock ran out: ``seat``,
    ``action`` (its string) and the viewers it is hidden from (seats, ``None``
    for spectators): they are told the time ran out, not what was played."""

    seat: int
    action: str
    hidden_from: frozenset


class Snapshot(NamedTuple):
    """The table's game after a step: ``start`` (the seq before the step's
    first action), ``seq`` (after its last) and the state (never changed again)."""

    start: int
    seq: int
    state: State


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
    public: bool = False
    settings: dict = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    rematch_lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    listeners: set[Callable[[], None]] = field(default_factory=set)
    """Called on every change (a connection's sender wakes)."""
    chat_listeners: set[Callable[[dict], None]] = field(default_factory=set)
    """Called with each chat message for the table's connections."""
    online: collections.Counter = field(default_factory=collections.Counter)
    driver: asyncio.Task | None = None
    watchdog: asyncio.Task | None = None
    cache: dict = field(default_factory=dict)
    clock: TurnClock | None = None
    timed_out: int | None = None
    """The seq at which the person to move ran out of time: the leaver bot plays that one move."""
    made_by: dict[int, tuple[str, int]] = field(default_factory=dict)
    """``{seq: ("bot" | "clock" | "auto", seat)}``: the moves made for a person (:data:`MADE_BY`)."""
    clock_moves: dict[int, ClockMove] = field(default_factory=dict)
    """``{seq: ClockMove}``: the moves played because a clock ran out."""
    snapshots: collections.deque = field(default_factory=lambda: collections.deque(maxlen=SNAPSHOTS))
    """:class:`Snapshot` after each of the last :data:`SNAPSHOTS` steps, oldest first."""
    stepped_at: float = 0.0
    """When (the service's clock) the last step was shown (the pace counts from it)."""
    last_step_events: tuple[str, ...] = ()
    """The event kinds of the last step (a finished trick earns a longer pause)."""
    score_sheet: tuple[int, dict] = (-1, {})
    """The last score sheet made (:func:`herna.server.messages`), at its seq."""
    shared: bool = False
    """Served by several processes (a Redis bus): presence allows for their heartbeats."""
    refreshed_at: float = float("-inf")
    """When (the service's clock) the table was last read back from the database for a client ahead of it."""
    catching_up: asyncio.Task | None = None
    """That read, while it is due or running (every client ahead waits for the same one)."""
    positions: dict[int, int] = field(default_factory=dict)
    """``{reader: seq}``: the seq each connection of this process was last sent (:meth:`sent`)."""

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

    @property
    def creator_seat(self) -> int | None:
        """The first person's seat (WEB-API.md): it may start a waiting table and set the pace."""
        return next((s.seat for s in self.seats if s.human), None)

    def waiting_for(self) -> list[int]:
        """The people's seats not opened yet while the table waits, else ``[]``."""
        if self.status != "waiting":
            return []
        return [s.seat for s in self.seats if s.human and not s.opened and not s.bot_playing]

    def bot_kind(self, seat: int) -> str | None:
        """The bot that plays ``seat`` now, or ``None`` for a person."""
        info = self.seats[seat]
        if not info.human:
            return info.kind
        if info.bot_playing or (self.timed_out == self.seq and self.state.current_player() == seat):
            return str(self.settings.get("leaver_bot", LEAVER_BOT))
        return None

    def to_move(self, state: State | None = None) -> int | None:
        """The seat to act in ``state`` (default: now), or ``None`` (chance or the end)."""
        player = (state or self.state).current_player()
        return player if player >= 0 else None

    def status_of(self, state: State) -> str:
        """``finished``, ``waiting`` (a person's seat never opened nor
        handed to a bot) or ``playing``, for ``state`` and the seats now."""
        if state.is_terminal():
            return "finished"
        if any(s.human and not s.opened and not s.bot_playing for s in self.seats):
            return "waiting"
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

    def steps_after(self, seq: int) -> list[Snapshot] | None:
        """The snapshots of the steps after ``seq`` (a step boundary a
        connection was sent), oldest first, ``[]`` when there is nothing new;
        ``None`` when the step after ``seq`` is no longer kept."""
        out = [snap for snap in self.snapshots if snap.seq > seq]
        if not out:
            return []
        return out if out[0].start == seq else None

    def note_moves(self, rows: Sequence[Row] | Sequence[StoredRow], before: State) -> None:
        """Before the step ``rows`` is applied to ``before``: remember who
        made its moves for a person, and the move played because a clock ran
        out (what each viewer may be told of it)."""
        start = before.num_actions()
        for offset, row in enumerate(rows):
            action, actor, by = str(row[-3]), int(row[-2] or 0), row[-1]
            if by is None:
                continue
            self.made_by[start + 1 + offset] = (str(by), actor)
            if by == "clock" and offset == 0:
                self.clock_moves[start + 1] = clock_move(before, actor, action)

    def add_snapshot(self, start: int, state: State) -> None:
        """Keep ``state`` (after the step that began after ``start``; never changed again)."""
        self.snapshots.append(Snapshot(start, state.num_actions(), state))
        self.trim()

    def sent(self, reader: int, seq: int) -> None:
        """The connection ``reader`` (any key of its own) was sent the table up to ``seq``."""
        self.positions[reader] = seq
        self.trim()

    def forget(self, reader: int) -> None:
        """The connection ``reader`` closed."""
        self.positions.pop(reader, None)
        self.trim()

    def trim(self) -> None:
        """Drop the snapshots no connection here needs: those at or before
        the lowest seq a connection was sent (all of them without one)."""
        if not self.positions:
            self.snapshots.clear()
            return
        floor = min(self.positions.values())
        while self.snapshots and self.snapshots[0].seq <= floor:
            self.snapshots.popleft()


def clock_move(before: State, seat: int, action: str) -> ClockMove:
    """The :class:`ClockMove` of ``action`` played for ``seat`` on ``before``."""
    code = before.string_to_action(action)
    viewers: list[int | None] = [None, *range(before.num_players)]
    hidden = frozenset(v for v in viewers if v != seat and before.is_hidden_from(v, code))
    return ClockMove(seat, action, hidden)


# ----- stepping and replaying ------------------------------------------------------------------------

def chance_rng(seed: int, seq: int) -> random.Random:
    """The generator of the chance draw after ``seq`` actions (from the table's secret seed)."""
    return random.Random(f"{seed}:{seq}")


def take_step(state: State, action: str | int | None, actor: int, seed: int, made_by: str | None = None
              ) -> list[Row]:
    """Apply one step to ``state``: ``action`` of ``actor`` (checked with
    :meth:`State.apply_step`; ``None``: none, chance only), then every chance
    outcome due at once (drawn with :func:`chance_rng`), stopping where a
    seat must decide (even with one legal action) or at the end. Returns the
    :data:`~herna.server.db.Row` s to store. ``IllegalActionError`` (the state
    untouched) for an illegal action."""
    rows: list[Row] = []

    def record(who: int, code: int) -> None:
        rows.append((state.action_to_string(code), who, made_by if who >= 0 else None))

    if action is not None:
        state.apply_step(action, on_step=record)
    while state.current_player() == CHANCE:
        state.apply_step(state.sample_chance(chance_rng(seed, state.num_actions())), on_step=record)
    return rows


def split_steps(rows: Sequence[StoredRow]) -> list[list[StoredRow]]:
    """Stored rows grouped into steps (module docstring): a new step begins
    at each seat's move; chance rows belong to the move before them."""
    steps: list[list[StoredRow]] = []
    for row in rows:
        if row[2] >= 0 or not steps:
            steps.append([row])
        else:
            steps[-1].append(row)
    return steps


def replay(game: Game, actions: Sequence[StoredRow], state: State | None = None,
           table: LiveTable | None = None) -> State:
    """``state`` (default: a new game with no action applied) with the stored
    ``actions`` (:data:`~herna.server.db.StoredRow`) stepped on, in order
    (the log lists every action, chance and forced ones included). With
    ``table``, each step (:func:`split_steps`) is noted there
    (:meth:`LiveTable.note_moves`) and, if a socket of this process reads
    it, the last :data:`SNAPSHOTS` are kept for it (:meth:`LiveTable.add_snapshot`).
    ``ValueError`` if the seqs do not follow on."""
    state = state if state is not None else game.new_initial_state().initial_state()
    steps = split_steps(actions)
    for index, rows in enumerate(steps):
        start = state.num_actions()
        if table is not None:
            table.note_moves(rows, state)
        for seq, action, _actor, _by in rows:
            if seq != state.num_actions() + 1:
                raise ValueError(f"stored action {seq} does not follow action {state.num_actions()}")
            state.step(state.string_to_action(action))
        if table is not None and table.positions and index >= len(steps) - SNAPSHOTS:
            table.add_snapshot(start, state.clone())
    return state
