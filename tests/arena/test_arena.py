"""Arena (duplicate rotation, resume, JSONL replay, ratings and intervals),
analyze (HTML report) and bench."""

from __future__ import annotations

import json
import math
import re

from typer.testing import CliRunner

import herna
from herna.arena import runner as runner_module
from herna.arena.analyze import build_report, default_variants, run_analysis, write_html
from herna.arena.bench import bench_game
from herna.arena.runner import read_records, run_tasks
from herna.arena.tournament import arena_tasks, rotate, summarize_arena
from herna.cli.main import app

cli = CliRunner()
BOTS = ["greedy", "random", "random", "random"]


def test_rotation_and_duplicate_tasks():
    assert rotate(["a", "b", "c", "d"], 1) == ["d", "a", "b", "c"]
    tasks = arena_tasks("trumfosaur", {}, ["a", "b", "c", "d"], 3, seed=2, duplicate=True)
    assert len(tasks) == 12 and [t.index for t in tasks] == list(range(12))
    for j in range(3):
        group = [t for t in tasks if t.extra["set"] == j]
        assert len({t.seed for t in group}) == 1  # one chance seed per deal set
        for seat in range(4):  # every bot sits in every seat once
            assert sorted(t.bots[seat] for t in group) == ["a", "b", "c", "d"]
    plain = arena_tasks("trumfosaur", {}, ["a", "b", "c", "d"], 5, seed=2)
    assert len(plain) == 5 and len({t.seed for t in plain}) == 5


def test_duplicate_games_share_the_deal(tmp_path):
    """Every rotation of a deal set gets the same cards (T-3.2 deal from
    the same chance seed)."""
    tasks = arena_tasks("trumfosaur", {"target_score": 1}, BOTS, 2, seed=1, duplicate=True)
    records = run_tasks(tasks, path=tmp_path / "g.jsonl")
    for j in range(2):
        deals = {tuple(r["saved"]["history"][:40]) for r in records if r["set"] == j}
        assert len(deals) == 1
    assert all(r["saved"]["history"][0].startswith("deal") for r in records)


def test_resume_skips_games_already_played(tmp_path, monkeypatch):
    path = tmp_path / "games.jsonl"
    tasks = arena_tasks("ugo", {"rounds": 1}, BOTS, 3, seed=4)
    first = run_tasks(tasks[:2], path=path)
    with path.open("a") as handle:  # a run killed in the middle of a line
        handle.write('{"index": 2, "sco')
    played = []
    real = runner_module.play_task
    monkeypatch.setattr(runner_module, "play_task", lambda t, keep=True: played.append(t.index) or real(t, keep))
    done = []
    records = run_tasks(tasks, path=path, progress=done.append)
    assert played == [2]
    assert done == [2, 1]
    assert [r["index"] for r in records] == [0, 1, 2]
    assert records[:2] == first
    assert [r["index"] for r in read_records(path)] == [0, 1, 2]


def test_jobs_give_the_same_records(tmp_path):
    tasks = arena_tasks("kurnik", {"players": 4}, BOTS, 6, seed=3, duplicate=False)
    one = run_tasks(tasks, jobs=1, keep_saved=False)
    two = run_tasks(tasks, jobs=2, keep_saved=False)
    strip = [{k: v for k, v in r.items() if k != "seconds"} for r in one]
    assert strip == [{k: v for k, v in r.items() if k != "seconds"} for r in two]


def test_records_replay_to_the_same_result(tmp_path):
    tasks = arena_tasks("trumfosaur", {"target_score": 1}, ["ismcts:10", "greedy", "random", "random"], 1,
                        duplicate=True)
    records = run_tasks(tasks, path=tmp_path / "games.jsonl")
    for record in records:
        state = herna.from_json(record["saved"])
        assert state.is_terminal()
        assert state.view()["scores"] == record["scores"]
        assert record["search"]  # the ISMCTS seat's search counts
    result = cli.invoke(app, ["replay", str(tmp_path / "games.jsonl"), "--game", "2", "--all"])
    assert result.exit_code == 0, result.output
    brief = r"^ +\d+ Deal 1: Seat 1: \d+, Seat 2: \d+, Seat 3: \d+, Seat 4: \d+\.$"
    assert re.search(brief, result.output, re.M)
    result = cli.invoke(app, ["replay", str(tmp_path / "games.jsonl"), "--game", "2", "--all", "--verbosity", "full"])
    assert result.exit_code == 0, result.output
    assert "Deal 1 is over" in result.output
    result = cli.invoke(app, ["replay", str(tmp_path / "games.jsonl"), "--game", "9", "--all"])
    assert result.exit_code != 0 and "no game 9" in result.output


def test_summary_has_ratings_and_intervals():
    tasks = arena_tasks("ugo", {"rounds": 1}, ["greedy", "random", "greedy", "random"], 6, duplicate=True)
    records = run_tasks(tasks, keep_saved=False)
    summary = summarize_arena(records, ["greedy", "random", "greedy", "random"], duplicate=True)
    assert summary["games"] == 24 and summary["units"] == 6
    names = [b["bot"] for b in summary["bots"]]
    assert names == ["greedy", "random"]
    for b in summary["bots"]:
        for key in ("score", "margin", "win"):
            lo, hi = b[key]["ci95"]
            assert lo <= b[key]["mean"] <= hi and math.isfinite(lo)
        assert b["rating"]["sigma"] < 25 / 3  # the rating learned something
    greedy, rand = summary["bots"]
    assert greedy["rating"]["mu"] > rand["rating"]["mu"]
    assert abs(greedy["margin"]["mean"] + rand["margin"]["mean"]) < 1e-9  # two bots: margins mirror
    (pair,) = summary["pairs"]
    assert pair["a"] == "greedy" and pair["score_diff"]["mean"] > 0


def test_arena_command_writes_results_and_resumes(tmp_path):
    out = tmp_path / "run"
    args = ["arena", "kurnik", "--bots", "greedy,random,random,random", "-n", "2", "--duplicate", "--out", str(out)]
    result = cli.invoke(app, args)
    assert result.exit_code == 0, result.output
    for name in ("games.jsonl", "summary.json", "ratings.png", "ratings.svg", "scores.png", "scores.svg"):
        assert (out / name).exists(), name
    assert len(read_records(out / "games.jsonl")) == 8
    result = cli.invoke(app, args[:5] + ["3"] + args[6:] + ["--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output[result.output.index("{"):])["games"] == 12
    assert len(read_records(out / "games.jsonl")) == 12
    result = cli.invoke(app, ["arena", "kurnik", "--bots", "random,random,random,greedy", "-n", "2", "--out", str(out)])
    assert result.exit_code != 0 and "bots" in result.output
    result = cli.invoke(app, ["arena", "kurnik", "--bots", "random,random,wizard,greedy", "-n", "1"])
    assert result.exit_code != 0 and "unknown bot" in result.output


def test_analyze_writes_an_html_report(tmp_path):
    assert default_variants("trumfosaur", herna.load("trumfosaur").options) == [{"master": True}, {"teams": True}]
    assert default_variants("trumfosaur", herna.load("trumfosaur", players=5).options) == []
    results = run_analysis("ugo", {"rounds": 1, "players": 3}, ["greedy", "random", "random"], 6,
                           [{"low_card_farmers": [0, 0]}], out=tmp_path)
    report = build_report("ugo", ["greedy", "random", "random"], 0, results)
    base, variant = report["variants"]
    assert base["label"] == "base" and len(base["stats"]["seats"]) == 3
    lo, hi = variant["effect"]["score"]["ci95"]
    assert lo <= variant["effect"]["score"]["diff"] <= hi
    write_html(report, {}, tmp_path / "report.html")
    assert "Advantage by seat" in (tmp_path / "report.html").read_text()
    result = cli.invoke(app, ["analyze", "kurnik", "-n", "4", "--players", "3", "--out", str(tmp_path / "k"),
                              "--variant", "rough_thief=true", "--variant", "six_six=fox,missing_hens=true"])
    assert result.exit_code == 0, result.output
    page = (tmp_path / "k" / "report.html").read_text()
    assert "<svg" in page and "six_six" in page and "rough_thief" in page
    for name in ("seats", "scores", "lengths", "effects"):
        assert (tmp_path / "k" / f"{name}.png").exists() and (tmp_path / "k" / f"{name}.svg").exists()
    result = cli.invoke(app, ["analyze", "kurnik", "-n", "2", "--variant", "colour=red", "--out", str(tmp_path / "x")])
    assert result.exit_code != 0 and "colour" in result.output


def test_bench_reports_simulations_per_second():
    row = bench_game("kurnik", seconds=0.2, iterations=20)
    assert row["ismcts_sims_per_s"] > 0 and row["random_actions_per_s"] > 0 and row["sims_per_playout"] > 0
