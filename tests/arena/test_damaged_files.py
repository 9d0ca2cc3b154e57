"""Damaged run files: wrong-shaped lines are left out and said so; files that are not games are refused
with a reason."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from herna.arena.runner import is_record, run_tasks, scan_records
from herna.arena.tournament import arena_tasks, summarize_arena
from herna.cli.main import app


cli = CliRunner()


def invoke(*args):
    return cli.invoke(app, [str(a) for a in args])


def test_wrong_shaped_lines_are_left_out_and_replayed(tmp_path):
    path = tmp_path / "games.jsonl"
    tasks = arena_tasks("ugo", {"players": 2, "rounds": 1}, ["greedy", "random"], 3, seed=1)
    run_tasks(tasks[:2], path=path)
    with path.open("a") as handle:
        handle.write('{"index": 2, "scores": "oops"}\n[1,2,3]\n"text"\n{"index": true}\n')
    assert not is_record({"index": 2, "scores": "oops"}) and not is_record([1, 2, 3])
    records, dropped = scan_records(path)
    assert [r["index"] for r in records] == [0, 1] and dropped == 4
    report: dict = {}
    records = run_tasks(tasks, path=path, report=report)
    assert [r["index"] for r in records] == [0, 1, 2]
    assert report["dropped"] == 4 and report["used"] == 2 and report["played"] == 1
    summarize_arena(records, ["greedy", "random"], duplicate=False)


def test_arena_reports_damaged_lines_partial_use_and_bad_run_file(tmp_path):
    out = tmp_path / "run"
    base = ["arena", "ugo", "--bots", "greedy,random", "-o", "rounds=1", "--out", out]
    assert invoke(*base, "-n", "3").exit_code == 0
    with (out / "games.jsonl").open("a") as handle:
        handle.write('{"index": 5, "scores": "oops"}\n[1,2,3]\n')
    result = invoke(*base, "-n", "2")
    assert result.exit_code == 0, result.output
    assert "2 lines of" in result.output and "not a game record" in result.output
    assert "holds 3 games" in result.output and "uses 2" in result.output
    result = invoke("replay", out / "games.jsonl", "--game", "1", "--all")
    assert result.exit_code == 0, result.output
    assert "seats: Seat 1: random · Seat 2: greedy" in result.output  # rotation 1 (seats count from 1)
    (out / "run.json").write_text("{")
    result = invoke(*base, "-n", "2")
    assert result.exit_code == 2 and "run.json" in result.output and "Traceback" not in result.output


@pytest.mark.parametrize("command", ["arena", "analyze"])
def test_out_must_be_a_folder(tmp_path, command):
    plain = tmp_path / "plain"
    plain.write_text("keep me")
    args = [command, "kurnik", "-n", "1", "--bots", "greedy,random"]
    for out, message in ((plain, "is a file"), (plain / "sub", "is a file, not a folder")):
        result = invoke(*args, "--out", out)
        assert result.exit_code == 2, result.output
        assert message in result.output and result.output.startswith("error:")
    assert plain.read_text() == "keep me"


def test_replay_and_resume_of_files_that_are_not_games(tmp_path):
    binary = tmp_path / "game.json"
    binary.write_bytes(bytes(range(256)))
    for args in (["replay", binary], ["play", "ugo", "--resume", binary]):
        result = invoke(*args)
        assert result.exit_code == 2 and "not a text file" in result.output
    lines = tmp_path / "games.jsonl"
    lines.write_text("[1,2,3]\n")
    result = invoke("replay", lines, "--game", "0")
    assert result.exit_code == 2 and "holds no games" in result.output
    odd = tmp_path / "odd.json"
    odd.write_text(json.dumps({"format": "herna-state", "game": "ugo", "history": [None]}))
    result = invoke("replay", odd)
    assert result.exit_code == 2 and "not a herna saved game" in result.output


def test_analyze_names_a_damaged_analysis_file(tmp_path):
    (tmp_path / "analysis.json").write_text("[1]")
    result = invoke("analyze", "kurnik", "-n", "1", "--variant", "none", "--out", tmp_path)
    assert result.exit_code == 2 and "analysis.json" in result.output and "damaged" in result.output
