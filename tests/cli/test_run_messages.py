"""What arena, simulate and bench print: headers, jobs, bot lists, the bench table."""

from __future__ import annotations

import json

import pytest
from rich.console import Console
from typer.testing import CliRunner

from herna.arena.runner import run_tasks
from herna.arena.tournament import arena_tasks
from herna.cli.commands import bench as bench_command
from herna.cli.commands.bench import bench_table
from herna.cli.main import app

cli = CliRunner()


def invoke(*args):
    return cli.invoke(app, [str(a) for a in args])


def test_arena_header_jobs_and_empty_head_to_head():
    result = invoke("arena", "ugo", "--bots", "greedy,greedy", "-n", "1", "-o", "rounds=1", "--jobs", "4")
    assert result.exit_code == 0, result.output
    header = next(line for line in result.output.splitlines() if line.startswith("ugo players "))
    assert header.count("games") == 1 and header.endswith("s per game · 1 job")
    assert "head to head" not in result.output
    result = invoke("arena", "ugo", "--bots", "greedy,random", "-n", "1", "-o", "rounds=1", "--jobs", "4", "--json")
    summary = json.loads(result.output[result.output.index("{"):])
    assert summary["jobs"] == 1
    result = invoke("arena", "ugo", "--bots", "greedy,random", "-n", "1", "-o", "rounds=1", "--duplicate")
    assert "2 games · 1 deal set (duplicate)" in result.output


def test_jobs_are_capped_by_the_work():
    tasks = arena_tasks("ugo", {"players": 2, "rounds": 1}, ["greedy", "random"], 2, seed=1)
    report: dict = {}
    run_tasks(tasks, jobs=8, keep_saved=False, report=report)
    assert report["jobs"] == 2


def test_simulate_help_lists_every_bot_and_the_default():
    result = cli.invoke(app, ["simulate", "--help"], env={"COLUMNS": "200"})
    text = " ".join(result.output.replace("│", " ").split())
    assert "expectimax" in text and "ismcts" in text
    assert "default: greedy in seat 1, random in the others" in text  # seats count from 1


def test_bench_measures_each_game_once_per_engine_and_fits(monkeypatch):
    calls = []

    def fake(name, seconds=2.0, seed=0, engine="python"):
        calls.append((name, engine))
        speed = 10.0 if engine == "compiled" else 1.0
        return {"game": name, "engine": engine, "random_actions_per_s": 234567.0 * speed, "random_games_per_s": 345.6,
                "sampler_per_s": 34567.0 * speed, "resample_per_s": 3456.0 * speed,
                "ismcts_sims_per_s": 3456.0 * speed, "sims_per_playout": 3.45, "draws_per_playout": 34.5,
                "actions_per_game": 10}

    monkeypatch.setattr(bench_command, "bench_game", fake)
    monkeypatch.setattr("herna.core.engines.available", lambda name: True)
    result = invoke("bench", "--games", "kurnik,kurnik, Kurnik", "--json", "--seconds", "0.1")
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert calls == [("kurnik", "python"), ("kurnik", "compiled")] and len(out["rows"]) == 2
    assert out["compiled_over_python"] == [{"game": "kurnik", "random_actions_per_s": 10.0, "sampler_per_s": 10.0,
                                            "resample_per_s": 10.0, "ismcts_sims_per_s": 10.0}]
    calls.clear()
    result = invoke("bench", "--games", "kurnik", "--engine", "python", "--json", "--seconds", "0.1")
    assert result.exit_code == 0 and calls == [("kurnik", "python")]
    assert "unknown engine" in invoke("bench", "--engine", "fast").output
    for width in (100, 120):
        console = Console(width=width, record=True)
        console.print(bench_table([fake("trumfosaur"), fake("kurnik", engine="compiled")]))
        text = console.export_text()
        assert "…" not in text
        for word in ("actions/s", "games/s", "draws/s", "resample/s", "sims/s", "playout", "compiled"):
            assert word in text


def test_bench_vs_openspiel_respects_seconds(monkeypatch):
    pytest.importorskip("herna.interop.bench")
    from herna.cli import bench_openspiel

    seen = {}
    monkeypatch.setattr(bench_openspiel, "run_vs_openspiel", lambda console, **kw: seen.update(kw))
    result = invoke("bench", "--vs-openspiel", "--seconds", "0.3")
    assert result.exit_code == 0, result.output
    assert seen == {"seconds": 0.3}
    help_text = cli.invoke(app, ["bench", "--help"], env={"COLUMNS": "200"}).output
    help_text = " ".join(help_text.replace("│", " ").split())
    assert "--vs-openspiel" in help_text and "ISMCTS match" in help_text
