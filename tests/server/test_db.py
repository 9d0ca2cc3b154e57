"""Storage: migrations, the compare-and-set append, replay, two processes on one database."""

from __future__ import annotations

from pathlib import Path

import random
import time

import pytest
from sqlalchemy import inspect, text

import herna
from herna.server.db import Database, StaleSeq, TableRecord, UnknownTable, normalise_url, utcnow
from herna.server.tables import replay
from tests.server.helpers import auth

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
        assert {"tables", "seats", "actions", "alembic_version"} <= names
        with second.engine.connect() as connection:
            assert connection.execute(text("select version_num from alembic_version")).scalar_one() == "0002"
            if second.sqlite:
                assert connection.execute(text("pragma journal_mode")).scalar_one() == "wal"
    finally:
        second.close()


def test_a_database_of_the_first_schema_is_upgraded_with_its_tables_kept(tmp_path):
    # 0001 -> 0002 adds seats.votes; a table stored before keeps its seats, with no votes.
    from alembic import command
    from alembic.config import Config

    from herna.server import db as dbmodule

    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    engine = dbmodule.make_engine(url)
    config = Config(str(Path(dbmodule.__file__).with_name("alembic.ini")))
    config.set_main_option("script_location", str(Path(dbmodule.__file__).with_name("migrations")))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0001")
        now = utcnow()
        connection.execute(text("insert into tables (id, game, options, seats, seed, status, seq, created_at, "
                                "updated_at, partly_bot, settings) values ('old', 'ugo', '{}', '[]', 1, 'open', 0, "
                                ":now, :now, 0, '{}')"), {"now": now})
        connection.execute(text("insert into seats (table_id, seat, taken, bot_playing, clock_extra) "
                                "values ('old', 0, 1, 0, 0)"))
    engine.dispose()
    upgraded = Database(url)
    try:
        stored = upgraded.load("old")
        assert stored.seat_rows[0].taken is True and stored.seat_rows[0].votes == []
        assert upgraded.add_vote("old", 0, 1) == [1]
    finally:
        upgraded.close()


def _table(table_id: str) -> TableRecord:
    now = utcnow()
    return TableRecord(table_id, "ugo", {"players": 2, "rounds": 1}, [{"kind": "human", "name": None}] * 2, 5,
                       "open", 0, now, now, None, False, {})


def test_append_is_a_compare_and_set_on_seq(db_url):
    db = Database(db_url)
    try:
        table_id = f"cas{random.getrandbits(30)}"
        db.create_table(_table(table_id), ["a" * 64, None], [("deal red0", -1)])
        assert db.append(table_id, 1, [("deal red1", -1), ("deal red2", -1)]) == 3
        with pytest.raises(StaleSeq) as stale:
            db.append(table_id, 1, [("deal red3", -1)])
        assert stale.value.seq == 3
        stored = db.load(table_id)
        assert [a for _, a, _ in stored.actions] == ["deal red0", "deal red1", "deal red2"] and stored.seq == 3
        assert db.load(table_id, since=2).actions == [(3, "deal red2", -1)]
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
        ids = [f"touch{random.getrandbits(30)}" for _ in range(3)]
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


def test_a_rebuilt_table_equals_the_played_one_and_replays_fast(db_url):
    """Replay time of a long game (docs/server.md): well under 20 ms per
    game of the default length on a quiet machine; here a generous bound."""
    from herna.bots import make_bot, observe
    from herna.server.tables import Steps, _recorder, run_automatic

    game = herna.load("ugo", players=4, rounds=8)
    state = game.new_initial_state()
    steps = Steps()
    run_automatic(state, 1, steps)
    bots = [make_bot("greedy", game, s, s) for s in range(4)]
    while not state.is_terminal():
        player = state.current_player()
        state.apply_action(bots[player].choose(observe(state, player)), on_step=_recorder(state, steps))
        run_automatic(state, 1, steps)
    db = Database(db_url)
    try:
        table_id = f"long{random.getrandbits(30)}"
        now = utcnow()
        db.create_table(TableRecord(table_id, "ugo", dict(game.options), [{"kind": "greedy"}] * 4, 1, "over",
                                    len(steps), now, now, None, True, {}), [None] * 4, steps)
        started = time.perf_counter()
        forced: dict[int, int] = {}
        rebuilt = replay(game, db.load(table_id).actions, forced=forced)
        took = time.perf_counter() - started
    finally:
        db.close()
    assert rebuilt == state and rebuilt.events(0, None) == state.events(0, None)
    assert forced == steps.forced and len(forced) >= 8 * 4  # at least the last card of each round
    print(f"{len(steps)} actions loaded and replayed in {took * 1000:.1f} ms")
    assert took < 1.0


def test_two_server_processes_share_one_database(app_factory, tmp_path):
    """Two apps on one database (as two workers without a bus): the one that
    is behind brings its copy of the table up to the stored log when it is
    sent an action at a newer seq, and applies it."""
    from fastapi.testclient import TestClient

    url = f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    with TestClient(app_factory(db_url=url)) as one, TestClient(app_factory(db_url=url, resume=False)) as two:
        body = one.post("/api/tables", json={"game": "ugo", "options": {"rounds": 1},
                                             "seats": ["human", "human"]}).json()
        table, tokens = body["table"], [s["token"] for s in body["seats"]]
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
