"""``herna bench server`` (herna/server/bench.py): a short run against its own
server reports actions, latencies and no errors; bad options are refused."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from herna.server.bench import Options, check, format_report


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


@pytest.mark.parametrize("options, words", [
    (Options(tables=0), "--tables"),
    (Options(seconds=0), "--seconds"),
    (Options(think=-1), "--think"),
    (Options(via="udp"), "--via"),
    (Options(games=("chess",)), "unknown game"),
    (Options(players=9), "players"),
    (Options(url="http://127.0.0.1:1", profile="x"), "own server"),
    (Options(url="ftp://x"), "--url"),
])
def test_bad_options_are_refused_in_one_line(options, words):
    with pytest.raises(ValueError, match=words.replace("-", r"\-")):
        check(options)
