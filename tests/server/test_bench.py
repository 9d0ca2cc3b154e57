"""``herna bench server`` (herna/server/bench.py): a short run against its own
server reports actions, latencies and no errors, per stage of tables, with a
flood beside them, and the server's memory over time; with PostgreSQL and
Redis, two workers; bad options are refused."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from herna.server.bench import Options, check, format_report, parse_tables
from tests.server.multiworker import REDIS_URL, redis_reachable


@pytest.mark.timeout(180)
def test_bench_server_reports_actions_and_latencies():
    command = [sys.executable, "-m", "herna.cli.main", "bench", "server", "--tables", "5", "--seconds", "2",
               "--think", "0.1", "--json"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=170)
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout)
    assert report["tables"] == 5 and report["sockets"] == 10
    assert report["actions"] > 5 and report["actions_per_s"] > 0
    lat = report["latency_ms"]
    assert report["samples"] >= report["actions"]  # every socket of the table, the mover's included
    assert 0 < lat["p50"] <= lat["p99"] <= lat["max"] < 5000
    assert report["error_count"] == 0, report["errors"]
    assert report["cpu"]["server_s"] is not None
    worst = report["worst_second"]
    assert 0 <= worst["second"] <= 2 and worst["samples"] > 0 and lat["p50"] <= worst["p99_ms"] <= lat["max"]
    text = format_report(report)
    for words in ("tables held: 5", "actions", "p50", "p99", "worst second", "errors: none", "no bots"):
        assert words in text


@pytest.mark.timeout(240)
def test_bench_server_grows_in_stages_floods_and_samples_memory():
    command = [sys.executable, "-m", "herna.cli.main", "bench", "server", "--tables", "2,4", "--seconds", "1.5",
               "--think", "0.1", "--flood", "40", "--sample-every", "0.5", "--connect-limit", "1/0", "--json"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=230)
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout)
    assert [stage["tables"] for stage in report["stages"]] == [2, 4] and report["tables"] == 4
    for stage in report["stages"]:
        assert stage["actions"] > 0 and stage["error_count"] == 0, stage["errors"]
        flood = stage["flood"]
        assert flood["sent"] > 0 and flood["latency_ms"]["p99"] is not None
        assert flood["p99_delta_ms"] == round(flood["latency_ms"]["p99"] - stage["latency_ms"]["p99"], 2)
        assert flood["error_count"] == 0, flood["errors"]  # the others' moves are never refused for it
    # one socket a address and no refill: the flooder's sockets after its first are refused (each of the
    # bench's people connects from an address of its own, so none of theirs is)
    assert report["stages"][-1]["flood"]["answers"].get("connect_refused", 0) > 0
    memory = report["memory"]
    assert len(memory["samples"]) >= 4 and all(s["total_mb"] > 10 for s in memory["samples"])
    assert memory["baseline_mb"] > 0 and memory["growth_pct"] is not None
    (counts,) = report["worker_counts"].values()
    assert counts["tables"] >= 4 and counts["remote_steps"] == 0
    text = format_report(report)
    for words in ("stages", "2 tables", "4 tables", "flood", "memory (RSS", "growth after the warm-up"):
        assert words in text


@pytest.mark.timeout(240)
def test_bench_server_with_two_workers_on_postgresql_and_redis(pg_url: str):
    """Two workers: each applies the other's steps (its counts say so) and the bench's database is dropped."""
    import psycopg

    if not redis_reachable():
        pytest.skip(f"Redis is not reachable at {REDIS_URL}")
    command = [sys.executable, "-m", "herna.cli.main", "bench", "server", "--tables", "6", "--seconds", "2",
               "--think", "0.1", "--workers", "2", "--db", pg_url, "--redis", REDIS_URL, "--json"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=230)
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout)
    assert report["server"] == "own (herna serve, 2 workers, Redis, PostgreSQL)"
    assert report["actions"] > 0 and report["error_count"] == 0, report["errors"]
    assert len(report["memory"]["samples"][-1]["rss_mb"]) == 2
    counts = report["worker_counts"]
    # each table's last seat sits on the worker its first does not (the bench opens it until it does),
    # so every table is held by both and each worker applies the other's steps; how many of them come
    # with a gap (read back) depends on timing: test_replication.py checks that a gap is caught up
    assert len(counts) == 2 and sum(c["tables"] for c in counts.values()) >= 2 * 6, counts
    assert all(c["remote_steps"] > 0 for c in counts.values()), counts
    with psycopg.connect(pg_url) as connection:
        names = [row[0] for row in connection.execute("SELECT datname FROM pg_database WHERE datname LIKE %s",
                                                      (pg_url.rsplit("/", 1)[1] + "_bench_%",))]
    assert names == []


@pytest.mark.parametrize("options, words", [
    (Options(tables=0), "--tables"),
    (Options(seconds=0), "--seconds"),
    (Options(think=-1), "--think"),
    (Options(via="udp"), "--via"),
    (Options(games=("chess",)), "unknown game"),
    (Options(players=9), "players"),
    (Options(url="http://127.0.0.1:1", profile="x"), "own server"),
    (Options(url="http://127.0.0.1:1", workers=2), "own server"),
    (Options(workers=2), "needs --db postgresql"),
    (Options(workers=2, db="postgresql://x/y"), "needs --db postgresql"),
    (Options(stages=(4, 2)), "growing"),
    (Options(flood=-1), "--flood"),
    (Options(sample_every=0), "--sample-every"),
    (Options(url="ftp://x"), "--url"),
    (Options(connect_limit="20"), "--connect-limit"),
    (Options(url="http://127.0.0.1:1", connect_limit="5/1"), "own server"),
])
def test_bad_options_are_refused_in_one_line(options, words):
    with pytest.raises(ValueError, match=words.replace("-", r"\-")):
        check(options)


def test_tables_are_one_number_or_stages():
    assert parse_tables("50") == (50,) and parse_tables("100, 200,400") == (100, 200, 400)
    for bad in ("", "ten", "1,x"):
        with pytest.raises(ValueError, match="--tables"):
            parse_tables(bad)
