"""Storage: migrations, the compare-and-set append, replay, two processes on one database."""

from __future__ import annotations

from pathlib import Path

import uuid

import pytest
from sqlalchemy import inspect, text

import herna
from herna.server.db import Database, StaleSeq, TableRecord, UnknownTable, normalise_url, utcnow
from tests.server.helpers import auth, new_table

pytestmark = pytest.mark.timeout(120)


def test_urls():
    assert normalise_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalise_url("postgres://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalise_url(None, "/x/y") == "sqlite:////x/y/herna.sqlite3"
    assert normalise_url("sqlite:///a.db") == "sqlite:///a.db"
    assert normalise_url("/tmp/a.sqlite3") == "sqlite:////tmp/a.sqlite3"
    with pytest.raises(ValueError, match="unsupported database URL"):
        normalise_url("mysql://x/y")


def test_migrations_make_the_schema_and_run_again_on_an_up_to_date_database(db_url):
    first = Database(db_url)
    first.close()
    second = Database(db_url)  # the same database again: a no-op upgrade
    try:
        names = set(inspect(second.engine).get_table_names())
        assert {"tables", "seats", "actions", "chat", "alembic_version"} <= names
        with second.engine.connect() as connection:
            assert connection.execute(text("select version_num from alembic_version")).scalar_one() == "0003"
            if second.sqlite:
                assert connection.execute(text("pragma journal_mode")).scalar_one() == "wal"
    finally:
        second.close()


def _alembic(engine, target: str) -> None:
    """Migrate ``engine``'s database to revision ``target`` (up or down)."""
    from alembic import command
    from alembic.config import Config

    from herna.server import db as dbmodule

    config = Config(str(Path(dbmodule.__file__).with_name("alembic.ini")))
    config.set_main_option("script_location", str(Path(dbmodule.__file__).with_name("migrations")))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        current = connection.execute(text("select version_num from alembic_version")).scalar_one_or_none() \
            if inspect(connection).has_table("alembic_version") else None
        if current is not None and int(current) > int(target):
            command.downgrade(config, target)
        else:
            command.upgrade(config, target)


def test_a_database_of_the_first_schema_is_upgraded_with_its_tables_kept(tmp_path):
    """0001 -> 0002 adds seats.votes; 0003 renames the statuses (open ->
    waiting, over -> finished), adds tables.public, seats.settings,
    actions.made_by and the chat. Stored tables keep everything they had."""
    from herna.server import db as dbmodule

    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    engine = dbmodule.make_engine(url)
    _alembic(engine, "0001")
    now = utcnow()
    with engine.begin() as connection:
        for table_id, status in (("old", "open"), ("done", "over"), ("mid", "playing")):
            connection.execute(text("insert into tables (id, game, options, seats, seed, status, seq, created_at, "
                                    "updated_at, partly_bot, settings) values (:id, 'ugo', '{}', '[]', 1, :status, "
                                    "0, :now, :now, 0, '{}')"), {"id": table_id, "status": status, "now": now})
        connection.execute(text("insert into seats (table_id, seat, taken, bot_playing, clock_extra) "
                                "values ('old', 0, 1, 0, 0)"))
        connection.execute(text("insert into actions (table_id, seq, action, actor, at) "
                                "values ('mid', 1, 'deal red0', -1, :now)"), {"now": now})
    engine.dispose()
    upgraded = Database(url)
    try:
        stored = upgraded.load("old")
        assert stored.status == "waiting" and stored.public is False
        assert stored.seat_rows[0].taken is True and stored.seat_rows[0].votes == []
        assert stored.seat_rows[0].settings == {}
        assert upgraded.add_vote("old", 0, 1) == [1]
        assert upgraded.load("done").status == "finished" and upgraded.load("mid").status == "playing"
        assert upgraded.load("mid").actions == [(1, "deal red0", -1, None)]
        assert set(upgraded.unfinished()) == {"old", "mid"}
    finally:
        upgraded.close()


def test_the_status_migration_runs_both_ways(db_url):
    """0003 on SQLite and PostgreSQL: stored rows renamed, and back on a downgrade."""
    db = Database(db_url)
    try:
        table_id = f"mig{uuid.uuid4().hex[:8]}"
        db.create_table(_table(table_id, "finished"), [None, None], [])
        _alembic(db.engine, "0002")
        with db.engine.connect() as connection:
            assert connection.execute(text("select status from tables where id = :id"),
                                      {"id": table_id}).scalar_one() == "over"
        _alembic(db.engine, "0003")
        assert db.load(table_id).status == "finished"
    finally:
        db.close()


def _table(table_id: str, status: str = "waiting") -> TableRecord:
    now = utcnow()
    return TableRecord(table_id, "ugo", {"players": 2, "rounds": 1}, [{"kind": "human", "name": None}] * 2, 5,
                       status, 0, now, now, None, False, {})


def test_append_is_a_compare_and_set_on_seq(db_url):
    db = Database(db_url)
    try:
        table_id = f"cas{uuid.uuid4().hex[:8]}"
        db.create_table(_table(table_id), ["a" * 64, None], [("deal red0", -1, None)])
        assert db.append(table_id, 1, [("deal red1", -1, None), ("play red1", 0, "clock")]) == 3
        with pytest.raises(StaleSeq) as stale:
            db.append(table_id, 1, [("deal red3", -1, None)])
        assert stale.value.seq == 3
        stored = db.load(table_id)
        assert [a for _, a, _, _ in stored.actions] == ["deal red0", "deal red1", "play red1"] and stored.seq == 3
        assert db.load(table_id, since=2).actions == [(3, "play red1", 0, "clock")]
        assert stored.seat_rows[0].token_hash == "a" * 64 and stored.seat_rows[1].token_hash is None
        with pytest.raises(UnknownTable):
            db.append("nosuchtable", 0, [])
    finally:
        db.close()


def test_touch_seats_sets_last_seen_of_many_seats_in_one_write(db_url, monkeypatch):
    """The leavers' heartbeat (herna.server.leavers): every listed seat, and
    only those, gets the same ``last_seen``, across several chunks."""
    import herna.server.db as db_module

    monkeypatch.setattr(db_module, "TOUCH_CHUNK", 2)
    db = Database(db_url)
    try:
        ids = [f"touch{uuid.uuid4().hex[:8]}" for _ in range(3)]
        for table_id in ids:
            db.create_table(_table(table_id), ["a" * 64, "b" * 64], [])
        touched = [(ids[0], 0), (ids[0], 1), (ids[1], 1), (ids[2], 0), (ids[2], 1)]
        now = db.touch_seats(touched)
        for table_id in ids:
            for row in db.load(table_id).seat_rows:
                seen = row.last_seen
                if (table_id, row.seat) in touched:
                    assert seen is not None and abs((seen - now).total_seconds()) < 1e-3
                else:
                    assert seen is None
    finally:
        db.close()


def test_a_rebuilt_table_equals_the_played_one_step_by_step(db_url):
    """A table replayed from its stored steps (herna.server.live.replay) is
    the game that was played, with who made each move for a person; replayed
    for a socket that has seen its start, the last steps' snapshots (one state
    message each); for none, no snapshot (nobody would be sent them)."""
    from herna.bots import make_bot, observe
    from herna.server.live import SNAPSHOTS, LiveTable, replay, take_step
    from herna.server.tables import TableService

    game = herna.load("ugo", players=4, rounds=8)
    state = game.new_initial_state().initial_state()
    rows = take_step(state, None, -1, 1)
    bots = [make_bot("greedy", game, s, s) for s in range(4)]
    steps = 1
    while not state.is_terminal():
        player = state.current_player()
        made_by = "auto" if state.forced_action() is not None else None
        action = state.action_to_string(bots[player].choose(observe(state, player)))
        rows += take_step(state, action, player, 1, made_by)
        steps += 1
    db = Database(db_url)
    try:
        table_id = f"long{uuid.uuid4().hex[:8]}"
        now = utcnow()
        db.create_table(TableRecord(table_id, "ugo", dict(game.options), [{"kind": "greedy"}] * 4, 1, "finished",
                                    len(rows), now, now, None, True, {}), [None] * 4, rows)
        stored = db.load(table_id)
        rebuilt = TableService(db)._build(stored)
    finally:
        db.close()
    assert isinstance(rebuilt, LiveTable) and rebuilt.state == state
    assert rebuilt.state.events(0, None) == state.events(0, None)
    forced = {seq for seq, (_, actor, by) in enumerate(rows, 1) if by == "auto"}
    assert set(rebuilt.made_by) == forced and len(forced) >= 8 * 4  # at least the last card of each round
    assert len(rebuilt.snapshots) == 0
    rebuilt.sent(1, 0)  # a socket sent the table's start
    assert replay(game, stored.actions, table=rebuilt) == state
    assert len(rebuilt.snapshots) == min(SNAPSHOTS, steps) and rebuilt.snapshots[-1].seq == len(rows)
    assert all(a.seq == b.start for a, b in zip(rebuilt.snapshots, list(rebuilt.snapshots)[1:]))


def test_two_server_processes_share_one_database(app_factory, tmp_path):
    """Two apps on one database (as two workers without a bus): the one that
    is behind brings its copy of the table up to the stored log when it is
    sent an action at a newer seq, and applies it."""
    from fastapi.testclient import TestClient

    url = f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    with TestClient(app_factory(db_url=url)) as one, TestClient(app_factory(db_url=url, resume=False)) as two:
        table, tokens = new_table(one, "ugo", ["human", "human"])
        two.get(f"/api/tables/{table}")  # the second process holds the table too
        fresh, behind = one, two
        for _ in range(8):
            mover = fresh.get(f"/api/tables/{table}").json()["to_move"]
            mine = fresh.get(f"/api/tables/{table}", headers=auth(tokens[mover])).json()
            answer = behind.post(f"/api/tables/{table}/actions", headers=auth(tokens[mover]),
                                 json={"action": mine["legal"][0], "seq": mine["seq"]})
            assert answer.status_code == 200, answer.text
            stale = fresh.post(f"/api/tables/{table}/actions", headers=auth(tokens[mover]),
                               json={"action": mine["legal"][0], "seq": mine["seq"]})
            assert stale.status_code == 409 and stale.json()["seq"] == answer.json()["table_seq"]
            fresh, behind = behind, fresh
