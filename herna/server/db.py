"""Persistence of the web server: tables, seats and the action log (SQLAlchemy 2).

Three tables (docs/server.md):

- ``tables``: one row per game table: ``id`` (``secrets.token_urlsafe(9)``,
  12 URL-safe characters), ``game``, ``options`` (JSON object), ``seats``
  (JSON list, per seat ``{"kind": "human" | bot spec, "name": str | null}``),
  ``seed`` (secret 62-bit int: chance draws use ``random.Random(f"{seed}:{seq}")``),
  ``status`` (``waiting``: a person's seat never opened, nothing is played;
  ``playing``; ``finished``), ``seq`` (actions stored),
  ``created_at``/``updated_at`` (UTC), ``rematch_of`` (the table this one is
  a rematch of, or null), ``partly_bot`` (a person's seat was played by a bot
  for a while: handed over or out of time), ``settings`` (JSON object,
  :func:`herna.server.leavers.check_settings`: ``away_after`` and ``clock``
  in seconds or null, ``leaver_bot``, ``pace``), ``public`` (listed in the
  lobby; else only its links reach it).
- ``seats``: ``(table_id, seat)``: ``token_hash`` (sha256 hex of the seat
  token, null for a bot), ``taken`` (the seat's token has been used once: the
  seat is *opened*), ``last_seen`` (UTC: the seat's token was last used, or
  its socket last beat), ``bot_playing`` (a bot took the seat over),
  ``clock_extra`` (seconds of extra turn-clock time the seat asked for in
  this game), ``votes`` (JSON list of the seats that voted to hand this seat
  to a bot), ``settings`` (JSON object: the person's own seat settings,
  ``auto_only_moves``).
- ``actions``: ``(table_id, seq)`` primary key (seq from 1), ``action`` (the
  canonical action string), ``actor`` (seat, or -1 for chance), ``at`` (UTC),
  ``made_by`` (null: the seat itself, or chance; ``bot``: the leaver bot
  playing a person's seat; ``clock``: the leaver bot because the person's
  turn clock ran out; ``auto``: the person's only legal move, made for them
  by their seat setting ``auto_only_moves``).
- ``chat``: ``id`` (ascending), ``table_id``, ``seat`` (null: a spectator),
  ``name`` (the seat's name then), ``text`` (cleaned) or ``phrase`` (a quick
  phrase's key, its text in each reader's language), ``at`` (UTC).

A table is rebuilt by replaying its ``actions`` in seq order (automatic and
chance actions included). Writes go through :meth:`Database.append`, a
compare-and-set on ``tables.seq`` inside one transaction that holds the table
row (``SELECT ... FOR UPDATE`` on PostgreSQL, ``BEGIN IMMEDIATE`` on SQLite),
so several server processes can share one PostgreSQL database.

The engine is synchronous; the server calls these methods in worker threads
(``asyncio.to_thread``). SQLite runs in WAL mode with ``synchronous=NORMAL``
and a busy timeout.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import threading
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator, Sequence, cast

import platformdirs
from alembic import command
from alembic.config import Config
from sqlalchemy import (
    JSON, BigInteger, Boolean, DateTime, Float, ForeignKey, Integer, String, Table, UniqueConstraint, bindparam,
    create_engine, event, func, insert, or_, select, tuple_, update,
)
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

SQLITE_BUSY_TIMEOUT_MS = 10_000
"""How long a SQLite writer waits for another's lock (milliseconds)."""
CHECKPOINT_SECONDS = 2.0
"""How often the write-ahead log of SQLite is checkpointed, off the event loop (:meth:`Database.checkpoint`)."""
TOUCH_CHUNK = 400
"""Seats per ``UPDATE`` of :meth:`Database.touch_seats` (SQLite allows 32,766 bound values; two per seat)."""


class StaleSeq(Exception):
    """The table's stored ``seq`` is not the one the writer expected: someone
    else stored an action first. ``seq`` is the stored one."""

    def __init__(self, seq: int) -> None:
        super().__init__(f"the table is at seq {seq}")
        self.seq = seq


class UnknownTable(Exception):
    """No table has this id."""


def utcnow() -> dt.datetime:
    """The current time, UTC, timezone-aware."""
    return dt.datetime.now(dt.timezone.utc)


def as_utc(value: dt.datetime | None) -> dt.datetime | None:
    """A stored time as UTC (SQLite hands back naive datetimes)."""
    if value is None:
        return None
    return value if value.tzinfo is not None else value.replace(tzinfo=dt.timezone.utc)


class Base(DeclarativeBase):
    """Declarative base of the server's models."""


class TableRow(Base):
    """One game table (module docstring)."""

    __tablename__ = "tables"
    __table_args__ = (UniqueConstraint("rematch_of", name="uq_tables_rematch_of"),)

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict] = mapped_column(JSON)
    seats: Mapped[list] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(16), index=True)
    seq: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), index=True)
    rematch_of: Mapped[str | None] = mapped_column(String(32), nullable=True)
    partly_bot: Mapped[bool] = mapped_column(Boolean, default=False)
    settings: Mapped[dict] = mapped_column(JSON, default=dict)
    public: Mapped[bool] = mapped_column(Boolean, default=False)


class SeatRow(Base):
    """One seat of a table (module docstring)."""

    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    taken: Mapped[bool] = mapped_column(Boolean, default=False)
    last_seen: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    bot_playing: Mapped[bool] = mapped_column(Boolean, default=False)
    clock_extra: Mapped[float] = mapped_column(Float, default=0.0)
    votes: Mapped[list] = mapped_column(JSON, default=list)
    settings: Mapped[dict] = mapped_column(JSON, default=dict)


class ActionRow(Base):
    """One stored action: the log a table is replayed from (module docstring)."""

    __tablename__ = "actions"

    table_id: Mapped[str] = mapped_column(String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    action: Mapped[str] = mapped_column(String(200))
    actor: Mapped[int] = mapped_column(Integer)
    at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))
    made_by: Mapped[str | None] = mapped_column(String(8), nullable=True)


class ChatRow(Base):
    """One chat message of a table (module docstring)."""

    __tablename__ = "chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(String(32), ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    name: Mapped[str | None] = mapped_column(String(80), nullable=True)
    text: Mapped[str | None] = mapped_column(String(1200), nullable=True)
    phrase: Mapped[str | None] = mapped_column(String(32), nullable=True)
    at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))


_TABLES, _ACTIONS = cast(Table, TableRow.__table__), cast(Table, ActionRow.__table__)
_ADVANCE = (update(_TABLES).where(_TABLES.c.id == bindparam("tid"), _TABLES.c.seq == bindparam("expected"))
            .values(seq=bindparam("new_seq"), updated_at=bindparam("now")))
_ADVANCE_STATUS = _ADVANCE.values(status=bindparam("status"))
_SEQ_OF = select(_TABLES.c.seq).where(_TABLES.c.id == bindparam("tid"))
_INSERT_ACTIONS = insert(_ACTIONS)
_INSERT_ACTIONS_SQL = "INSERT INTO actions (table_id, seq, action, actor, at, made_by) VALUES (?, ?, ?, ?, ?, ?)"
"""The statements of :meth:`Database.append` (Core, compiled once and cached)."""


# ----- plain records handed to the async side ----------------------------------------------------

@dataclass
class SeatRecord:
    """A seat as stored (:class:`SeatRow` without the session)."""

    seat: int
    token_hash: str | None
    taken: bool
    last_seen: dt.datetime | None
    bot_playing: bool
    clock_extra: float
    votes: list[int] = field(default_factory=list)
    settings: dict = field(default_factory=dict)


Row = tuple[str, int, "str | None"]
"""An action to store: ``(action string, actor, made_by)`` (module docstring)."""
StoredRow = tuple[int, str, int, "str | None"]
"""A stored action: ``(seq, action string, actor, made_by)``."""


@dataclass
class ChatRecord:
    """A stored chat message (:class:`ChatRow` without the session)."""

    id: int
    seat: int | None
    name: str | None
    text: str | None
    phrase: str | None
    at: dt.datetime


@dataclass
class TableRecord:
    """A table as stored, with its seats and (when asked for) its actions
    ``[(seq, action, actor, made_by), ...]`` in seq order."""

    id: str
    game: str
    options: dict
    seats: list[dict]
    seed: int
    status: str
    seq: int
    created_at: dt.datetime
    updated_at: dt.datetime
    rematch_of: str | None
    partly_bot: bool
    settings: dict
    public: bool = False
    seat_rows: list[SeatRecord] = field(default_factory=list)
    actions: list[StoredRow] = field(default_factory=list)


def _record(row: TableRow, seats: Sequence[SeatRow], actions: Sequence[StoredRow] = ()) -> TableRecord:
    created = as_utc(row.created_at)
    updated = as_utc(row.updated_at)
    assert created is not None and updated is not None
    return TableRecord(
        id=row.id, game=row.game, options=dict(row.options), seats=list(row.seats), seed=row.seed,
        status=row.status, seq=row.seq, created_at=created, updated_at=updated,
        rematch_of=row.rematch_of, partly_bot=row.partly_bot, settings=dict(row.settings or {}),
        public=bool(row.public),
        seat_rows=[SeatRecord(s.seat, s.token_hash, s.taken, as_utc(s.last_seen), s.bot_playing, s.clock_extra,
                              sorted(int(v) for v in s.votes or ()), dict(s.settings or {}))
                   for s in sorted(seats, key=lambda s: s.seat)],
        actions=list(actions),
    )


# ----- URLs and engines ------------------------------------------------------------------------------

def default_data_dir() -> Path:
    """Where the default SQLite database lives: ``platformdirs.user_data_dir("herna")``."""
    return Path(platformdirs.user_data_dir("herna"))


def normalise_url(url: str | None, data_dir: str | Path | None = None) -> str:
    """A SQLAlchemy URL from what a user types: ``None`` is the default SQLite
    file ``herna.sqlite3`` in ``data_dir`` (default :func:`default_data_dir`);
    ``postgresql://`` and ``postgres://`` use psycopg 3
    (``postgresql+psycopg://``); ``sqlite:///path`` as is; a bare path is a
    SQLite file. ``ValueError`` for another kind of database."""
    if not url:
        folder = Path(data_dir) if data_dir else default_data_dir()
        return f"sqlite:///{folder / 'herna.sqlite3'}"
    if url.startswith("postgres://"):
        url = "postgresql://" + url[len("postgres://"):]
    if url.startswith("postgresql://"):
        return "postgresql+psycopg://" + url[len("postgresql://"):]
    if url.startswith(("postgresql+psycopg://", "sqlite:")):
        return url
    if "://" in url:
        raise ValueError(f"unsupported database URL {url.split('://')[0]}://...; use sqlite:///PATH "
                         "or postgresql://USER@HOST/DB")
    return f"sqlite:///{Path(url).expanduser().resolve()}"


def is_sqlite(url: str) -> bool:
    """Whether ``url`` (normalised) names a SQLite database."""
    return make_url(url).get_backend_name() == "sqlite"


def make_engine(url: str) -> Engine:
    """A SQLAlchemy engine for ``url`` (normalised). SQLite: the folder is
    made, WAL mode, ``synchronous=NORMAL``, foreign keys, a busy timeout, and
    transactions begin ``IMMEDIATE`` when the session asks for it (writers)
    so two writers never deadlock on a lock upgrade."""
    if not is_sqlite(url):
        return create_engine(url, pool_pre_ping=True, pool_size=10, max_overflow=10)
    database = make_url(url).database
    if database and database != ":memory:":
        Path(database).parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(url, connect_args={"timeout": SQLITE_BUSY_TIMEOUT_MS / 1000, "check_same_thread": False})

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # we emit BEGIN ourselves (below)
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        # no checkpoint inside a commit (it would stall the event loop, where
        # moves are stored): TableService checkpoints in a thread instead
        cursor.execute("PRAGMA wal_autocheckpoint=0")
        cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Any) -> None:
        immediate = connection.get_execution_options().get("sqlite_immediate", False)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")

    return engine


def upgrade(engine: Engine) -> None:
    """Bring the schema to the newest revision with alembic
    (``herna/server/migrations``); a no-op on an up-to-date database. On
    SQLite the foreign keys are off meanwhile: a migration that copies a
    table (alembic's batch mode) must not cascade its drop to the rows that
    point to it."""
    config = Config(str(Path(__file__).with_name("alembic.ini")))
    config.set_main_option("script_location", str(Path(__file__).with_name("migrations")))
    with engine.connect() as connection:
        raw = connection.connection.dbapi_connection if is_sqlite(str(engine.url)) else None
        if raw is not None:
            raw.execute("PRAGMA foreign_keys=OFF")  # outside any transaction (it has no effect inside one)
        try:
            with connection.begin():
                config.attributes["connection"] = connection
                command.upgrade(config, "head")
        finally:
            if raw is not None:
                raw.execute("PRAGMA foreign_keys=ON")


class Database:
    """The server's storage. Every method is synchronous (run it in a worker
    thread from async code) and opens its own transaction."""

    def __init__(self, url: str, migrate: bool = True) -> None:
        self.url = url
        self.engine = make_engine(url)
        self.sqlite = is_sqlite(url)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        self._writer: contextlib.AbstractContextManager = threading.Lock() if self.sqlite else contextlib.nullcontext()
        self._datetime_bind = DateTime(timezone=True).dialect_impl(self.engine.dialect).bind_processor(
            self.engine.dialect) or (lambda value: value)
        if migrate:
            upgrade(self.engine)

    def close(self) -> None:
        """Close every pooled connection (SQLite: after a last checkpoint)."""
        if self.sqlite:
            try:
                self.checkpoint("TRUNCATE")
            except Exception:  # noqa: BLE001 - the WAL is kept and read back next time
                pass
        self.engine.dispose()

    def checkpoint(self, mode: str = "PASSIVE") -> None:
        """SQLite: copy the write-ahead log into the database file
        (``PRAGMA wal_checkpoint(mode)``; PASSIVE never waits for writers).
        Commits never checkpoint (``wal_autocheckpoint=0``): the service calls
        this every :data:`CHECKPOINT_SECONDS` from a worker thread. A no-op on
        PostgreSQL."""
        if not self.sqlite:
            return
        if mode not in ("PASSIVE", "TRUNCATE"):
            raise ValueError(f"unknown checkpoint mode {mode!r}")
        connection = self.engine.raw_connection()
        try:
            connection.cursor().execute(f"PRAGMA wal_checkpoint({mode})")
        finally:
            connection.close()

    @contextmanager
    def _write(self) -> Iterator[Session]:
        """A session in a write transaction. SQLite: ``BEGIN IMMEDIATE``, one
        writer at a time in this process (a thread lock: waiting on it costs
        nothing, while SQLite's own busy handler sleeps 1..100 ms between
        retries)."""
        with self._writer:
            connection = self.engine.connect()
            if self.sqlite:
                connection = connection.execution_options(sqlite_immediate=True)
            try:
                with Session(bind=connection, expire_on_commit=False) as session, session.begin():
                    yield session
            finally:
                connection.close()

    def _lock_table(self, session: Session, table_id: str) -> TableRow:
        row = session.execute(select(TableRow).where(TableRow.id == table_id).with_for_update()).scalar_one_or_none()
        if row is None:
            raise UnknownTable(table_id)
        return row

    # ----- writes -----------------------------------------------------------------------------
    def create_table(self, record: TableRecord, token_hashes: Sequence[str | None],
                     actions: Sequence[Row] = ()) -> None:
        """Store a new table, its seats (``token_hashes[k]`` for seat k, None
        for a bot) and its first ``actions`` (:data:`Row`, the chance draws a
        new game starts with); ``record.seq`` must be ``len(actions)``."""
        now = utcnow()
        with self._write() as session:
            session.add(TableRow(
                id=record.id, game=record.game, options=record.options, seats=record.seats, seed=record.seed,
                status=record.status, seq=len(actions), created_at=now, updated_at=now,
                rematch_of=record.rematch_of, partly_bot=record.partly_bot, settings=record.settings,
                public=record.public,
            ))
            session.flush()
            session.add_all([SeatRow(table_id=record.id, seat=k, token_hash=h, taken=False, bot_playing=False,
                                     clock_extra=0.0, votes=[], settings={}) for k, h in enumerate(token_hashes)])
            session.add_all([ActionRow(table_id=record.id, seq=i + 1, action=a, actor=actor, at=now, made_by=by)
                             for i, (a, actor, by) in enumerate(actions)])

    def append(self, table_id: str, expected_seq: int, steps: Sequence[Row], status: str | None = None) -> int:
        """Store ``steps`` (:data:`Row`) as seq ``expected_seq + 1 ...`` if
        the table is still at ``expected_seq``, else raise :class:`StaleSeq`
        with the stored seq (nothing stored). ``status``: the table's new
        status, if it changes. Returns the new seq. ``UnknownTable`` if the
        table is gone.

        One transaction: ``UPDATE tables SET seq = new ... WHERE id = ? AND
        seq = expected`` (a compare-and-set that holds the table row's lock
        until the commit, as ``SELECT ... FOR UPDATE`` would; SQLite: the
        database's write lock), then one multi-row ``INSERT INTO actions``
        (whose primary key ``(table_id, seq)`` would refuse a second writer
        anyway). This runs for every move: on SQLite through the driver
        connection (:meth:`_append_sqlite`), on PostgreSQL as SQLAlchemy Core
        statements built once (the ORM took 0.9 ms of CPU a move)."""
        now = utcnow()
        if self.sqlite:
            return self._append_sqlite(table_id, expected_seq, steps, status, now)
        new_seq = expected_seq + len(steps)
        values: dict[str, Any] = {"tid": table_id, "expected": expected_seq, "new_seq": new_seq, "now": now}
        statement = _ADVANCE
        if status is not None:
            values["status"] = status
            statement = _ADVANCE_STATUS
        with self.engine.begin() as connection:
            done = connection.execute(statement, values)
            if done.rowcount != 1:
                stored = connection.execute(_SEQ_OF, {"tid": table_id}).scalar_one_or_none()
                if stored is None:
                    raise UnknownTable(table_id)
                raise StaleSeq(stored)
            if steps:
                connection.execute(_INSERT_ACTIONS, [
                    {"table_id": table_id, "seq": expected_seq + i + 1, "action": a, "actor": actor, "at": now,
                     "made_by": by}
                    for i, (a, actor, by) in enumerate(steps)])
            return new_seq

    def _append_sqlite(self, table_id: str, expected_seq: int, steps: Sequence[Row], status: str | None,
                       now: dt.datetime) -> int:
        """:meth:`append` on SQLite through the pooled driver connection: the
        same two statements in one ``BEGIN IMMEDIATE`` transaction, the time
        stored as SQLAlchemy stores it (its own ``DateTime`` bind processor).
        About 0.05 ms of CPU where SQLAlchemy Core took 0.25 ms: this runs for
        every move, in the event loop."""
        at = self._datetime_bind(now)
        new_seq = expected_seq + len(steps)
        with self._writer:
            connection = self.engine.raw_connection()
            try:
                cursor = connection.cursor()
                cursor.execute("BEGIN IMMEDIATE")
                try:
                    if status is None:
                        cursor.execute("UPDATE tables SET seq = ?, updated_at = ? WHERE id = ? AND seq = ?",
                                       (new_seq, at, table_id, expected_seq))
                    else:
                        cursor.execute("UPDATE tables SET seq = ?, updated_at = ?, status = ? WHERE id = ? AND seq = ?",
                                       (new_seq, at, status, table_id, expected_seq))
                    if cursor.rowcount != 1:
                        stored = cursor.execute("SELECT seq FROM tables WHERE id = ?", (table_id,)).fetchone()
                        if stored is None:
                            raise UnknownTable(table_id)
                        raise StaleSeq(int(stored[0]))
                    if steps:
                        cursor.executemany(_INSERT_ACTIONS_SQL, [(table_id, expected_seq + i + 1, a, actor, at, by)
                                                                 for i, (a, actor, by) in enumerate(steps)])
                    cursor.execute("COMMIT")
                except BaseException:
                    cursor.execute("ROLLBACK")
                    raise
            finally:
                connection.close()
        return new_seq

    def _seat_update(self, session: Session, table_id: str, seat: int, **values: Any) -> None:
        session.execute(update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                        .values(**values).execution_options(synchronize_session=False))

    def _table_update(self, session: Session, table_id: str, **values: Any) -> None:
        session.execute(update(TableRow).where(TableRow.id == table_id).values(**values)
                        .execution_options(synchronize_session=False))

    def open_seat(self, table_id: str, seat: int) -> str:
        """Mark ``seat`` opened (its token used) and seen now; returns the
        table's status after. A ``waiting`` table becomes ``playing`` here,
        under the table row's lock, once no person's seat is left unopened
        (nor handed to a bot): two processes opening the last two seats at
        once then agree, whichever commits second starts the table."""
        now = utcnow()
        with self._write() as session:
            row = self._lock_table(session, table_id)
            self._seat_update(session, table_id, seat, taken=True, last_seen=now)
            if row.status == "waiting":
                seats = session.execute(select(SeatRow.seat, SeatRow.taken, SeatRow.bot_playing)
                                        .where(SeatRow.table_id == table_id)).all()
                kinds = [str(entry.get("kind", "human")) for entry in row.seats]
                if all(kinds[k] != "human" or taken or bot for k, taken, bot in seats if 0 <= k < len(kinds)):
                    row.status = "playing"
            return str(row.status)

    def sit(self, table_id: str, seat: int, token_hash: str, name: str | None, status: str | None = None) -> bool:
        """Give ``seat`` (a person's, never opened) a new token and ``name``
        and mark it opened, if no one opened it meanwhile (a compare-and-set
        on ``taken``); ``False`` (nothing changed) if someone did."""
        now = utcnow()
        with self._write() as session:
            row = self._lock_table(session, table_id)
            done = session.execute(update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == seat,
                                                         SeatRow.taken.is_(False))
                                   .values(token_hash=token_hash, taken=True, last_seen=now, bot_playing=False,
                                           votes=[])
                                   .execution_options(synchronize_session=False))
            if cast(Any, done).rowcount != 1:
                return False
            seats = [dict(entry) for entry in row.seats]
            seats[seat]["name"] = name
            row.seats = seats
            if status is not None:
                row.status = status
            return True

    def set_name(self, table_id: str, seat: int, name: str | None) -> None:
        """Store ``seat``'s player name (in the table's ``seats`` list)."""
        with self._write() as session:
            row = self._lock_table(session, table_id)
            seats = [dict(entry) for entry in row.seats]
            seats[seat]["name"] = name
            row.seats = seats

    def set_seat_settings(self, table_id: str, seat: int, settings: dict) -> None:
        """Store ``seat``'s own settings (``{"auto_only_moves": bool}``)."""
        with self._write() as session:
            self._seat_update(session, table_id, seat, settings=settings)

    def set_settings(self, table_id: str, settings: dict) -> None:
        """Store the table's settings (the creator changed the pace)."""
        with self._write() as session:
            self._table_update(session, table_id, settings=settings)

    def start(self, table_id: str, handed: Sequence[int], status: str) -> None:
        """The creator starts a waiting table: the ``handed`` seats (people's
        seats never opened) are played by the leaver bot, the table marked
        ``partly_bot`` if any, and its status set."""
        with self._write() as session:
            row = self._lock_table(session, table_id)
            row.status = status
            if handed:
                row.partly_bot = True
                session.execute(update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat.in_(list(handed)))
                                .values(bot_playing=True, votes=[]).execution_options(synchronize_session=False))

    def touch_seats(self, seats: list[tuple[str, int]], at: dt.datetime | None = None) -> dt.datetime:
        """Set ``last_seen`` of many seats, ``[(table_id, seat), ...]``, to
        ``at`` (default now) in one transaction; returns it."""
        now = at or utcnow()
        with self._write() as session:
            for start in range(0, len(seats), TOUCH_CHUNK):
                chunk = seats[start:start + TOUCH_CHUNK]
                session.execute(update(SeatRow).where(tuple_(SeatRow.table_id, SeatRow.seat).in_(chunk))
                                .values(last_seen=now).execution_options(synchronize_session=False))
        return now

    def set_token(self, table_id: str, seat: int, token_hash: str) -> None:
        """Give ``seat`` a new token (its hash)."""
        with self._write() as session:
            self._seat_update(session, table_id, seat, token_hash=token_hash)

    def set_bot_playing(self, table_id: str, seat: int, on: bool, status: str | None = None) -> None:
        """Let a bot take a seat over (``on``: the table is marked
        ``partly_bot``) or give it back (leavers); the seat's votes are
        cleared either way. ``status``: the table's new one, if it changes."""
        with self._write() as session:
            row = self._lock_table(session, table_id)
            if on:
                row.partly_bot = True
            if status is not None:
                row.status = status
            self._seat_update(session, table_id, seat, bot_playing=on, votes=[])

    def mark_partly_bot(self, table_id: str) -> None:
        """Mark the table as played partly by a bot (a move played for a person out of time)."""
        with self._write() as session:
            self._lock_table(session, table_id).partly_bot = True

    def _locked_seat(self, session: Session, table_id: str, seat: int) -> SeatRow:
        """``seat``'s row, under the lock of its table's row."""
        self._lock_table(session, table_id)
        return session.execute(select(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == seat)).scalar_one()

    def add_vote(self, table_id: str, seat: int, voter: int) -> list[int]:
        """Record ``voter``'s vote to hand ``seat`` to a bot; returns the seat's voters."""
        with self._write() as session:
            row = self._locked_seat(session, table_id, seat)
            votes = sorted({int(v) for v in row.votes or ()} | {voter})
            row.votes = votes
            return votes

    def clear_votes(self, table_id: str, seat: int) -> None:
        """Forget the votes against ``seat`` (its player is back)."""
        with self._write() as session:
            self._seat_update(session, table_id, seat, votes=[])

    def add_clock_extra(self, table_id: str, seat: int, seconds: float) -> float:
        """Give ``seat`` ``seconds`` more on the turn clock; returns its total extra time."""
        with self._write() as session:
            row = self._locked_seat(session, table_id, seat)
            row.clock_extra = float(row.clock_extra or 0.0) + seconds
            return row.clock_extra

    def add_chat(self, table_id: str, seat: int | None, name: str | None, text: str | None,
                 phrase: str | None) -> ChatRecord:
        """Store a chat message (``text`` cleaned, or a ``phrase`` key); returns it as stored."""
        now = utcnow()
        with self._write() as session:
            row = ChatRow(table_id=table_id, seat=seat, name=name, text=text, phrase=phrase, at=now)
            session.add(row)
            session.flush()
            return ChatRecord(row.id, seat, name, text, phrase, now)

    # ----- reads ------------------------------------------------------------------------------
    def load(self, table_id: str, since: int | None = 0) -> TableRecord:
        """The table with its seats and its actions after ``since`` (``None``:
        no actions). ``UnknownTable`` if there is none."""
        with self._sessions() as session:
            row = session.get(TableRow, table_id)
            if row is None:
                raise UnknownTable(table_id)
            seats = session.execute(select(SeatRow).where(SeatRow.table_id == table_id)).scalars().all()
            actions: list[StoredRow] = []
            if since is not None:
                actions = [(r.seq, r.action, r.actor, r.made_by) for r in session.execute(
                    select(ActionRow).where(ActionRow.table_id == table_id, ActionRow.seq > since)
                    .order_by(ActionRow.seq)).scalars()]
            return _record(row, seats, actions)

    def list_tables(self, statuses: Sequence[str], limit: int = 100, public_only: bool = True,
                    active_since: dt.datetime | None = None) -> list[TableRecord]:
        """Tables whose status is in ``statuses``, newest change first, with
        seats: only public ones (``public_only``), and with ``active_since``
        only those made or opened by a person (a seat's ``last_seen``) since then."""
        with self._sessions() as session:
            query = select(TableRow).where(TableRow.status.in_(list(statuses)))
            if public_only:
                query = query.where(TableRow.public.is_(True))
            if active_since is not None:
                seen = select(SeatRow.table_id).where(SeatRow.table_id == TableRow.id,
                                                      SeatRow.last_seen >= active_since).exists()
                query = query.where(or_(TableRow.created_at >= active_since, seen))
            rows = session.execute(query.order_by(TableRow.updated_at.desc()).limit(limit)).scalars().all()
            if not rows:
                return []
            seats = session.execute(select(SeatRow).where(SeatRow.table_id.in_([r.id for r in rows]))).scalars().all()
            by_table: dict[str, list[SeatRow]] = {}
            for seat in seats:
                by_table.setdefault(seat.table_id, []).append(seat)
            return [_record(r, by_table.get(r.id, [])) for r in rows]

    def unfinished(self) -> list[str]:
        """Ids of every table not finished (to resume at start-up)."""
        with self._sessions() as session:
            return list(session.execute(select(TableRow.id).where(TableRow.status != "finished")).scalars())

    def chat(self, table_id: str, limit: int = 100) -> list[ChatRecord]:
        """The table's last ``limit`` chat messages, oldest first."""
        with self._sessions() as session:
            rows = session.execute(select(ChatRow).where(ChatRow.table_id == table_id)
                                   .order_by(ChatRow.id.desc()).limit(limit)).scalars().all()
            return [ChatRecord(r.id, r.seat, r.name, r.text, r.phrase, as_utc(r.at) or r.at) for r in reversed(rows)]

    def rematch_of(self, table_id: str) -> str | None:
        """The id of the rematch table made from ``table_id``, if any."""
        with self._sessions() as session:
            return session.execute(select(TableRow.id).where(TableRow.rematch_of == table_id)
                                   .order_by(TableRow.created_at).limit(1)).scalar_one_or_none()

    def count(self) -> int:
        """How many tables there are."""
        with self._sessions() as session:
            return int(session.execute(select(func.count()).select_from(TableRow)).scalar_one())
