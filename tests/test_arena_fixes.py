"""Arena, analyze, bench and replay: intervals that stay in range, clear
errors for bad input and damaged files, variants that change the number of
players or nothing at all, turn order, team wins, and messages."""

from __future__ import annotations

import json
import math

import pytest
from rich.console import Console
from typer.testing import CliRunner

from herna.arena import analyze as analyze_module
from herna.arena import bench as bench_module
from herna.arena.analyze import build_report, changed_games, variant_lineups, variant_stats
from herna.arena.runner import is_record, run_tasks, scan_records
from herna.arena.stats import bounded_mean_ci, mean_ci, newcombe, t95, wilson
from herna.arena.tournament import arena_tasks, summarize_arena
from herna.cli.main import app, bench_table

cli = CliRunner()


def invoke(*args):
    return cli.invoke(app, [str(a) for a in args])


# ----- intervals ----------------------------------------------------------------------------
def test_t_quantile_and_small_samples():
    assert t95(1) == pytest.approx(12.7062, abs=1e-4)
    assert t95(10) == pytest.approx(2.2281, abs=1e-4)
    assert t95(40) == pytest.approx(2.0211, abs=1e-4)
    assert t95(1000) == pytest.approx(1.9623, abs=1e-4)
    _, _, lo, hi = mean_ci([1.0, 2.0, 3.0])
    assert hi - lo == pytest.approx(2 * 4.3027 / math.sqrt(3), abs=1e-3)  # t, not normal, with 3 samples


def test_wilson_keeps_the_share_inside_and_is_never_zero_width():
    share, lo, hi = wilson(4, 4)
    assert share == 1.0 and hi == 1.0 and 0.45 < lo < 0.55
    for n in range(1, 40):
        for k in range(n + 1):
            p, lo, hi = wilson(k, n)
            assert 0.0 <= lo <= p <= hi <= 1.0 and hi > lo


def test_bounded_means_are_clamped_and_not_zero_width():
    mean, _, lo, hi = bounded_mean_ci([1.0] * 4, 0.0, 1.0)
    assert mean == 1.0 and hi == 1.0 and lo < 0.6  # 4 units won outright: not "1.000 – 1.000"
    mean, _, lo, hi = bounded_mean_ci([0.25, 0.0, 0.0, 0.0], 0.0, 1.0, pooled=16)
    assert lo >= 0.0 and lo <= mean <= hi <= 1.0  # the t interval alone would go below 0
    mean, _, lo, hi = bounded_mean_ci([1.0] * 4, -1.0, 1.0)
    assert hi == 1.0 and -1.0 <= lo < 0.1
    # many units with spread: the t interval, inside the range
    values = [0.0, 0.25, 0.5, 1.0] * 20
    mean, sd, lo, hi = bounded_mean_ci(values, 0.0, 1.0)
    _, _, tlo, thi = mean_ci(values)
    assert (lo, hi) == pytest.approx((tlo, thi))
    d, lo, hi = newcombe(0, 5, 0, 5)
    assert d == 0.0 and lo < 0 < hi and -1 <= lo and hi <= 1


def _record(index, bots, scores, winners, **extra):
    return {"index": index, "bots": bots, "scores": scores, "winners": winners, "length": 1, "seconds": 0.0, **extra}


def test_arena_win_intervals_stay_in_range():
    # head to head: A wins all 4 games
    records = [_record(i, ["a", "b"] if i % 2 == 0 else ["b", "a"], [9, 0] if i % 2 == 0 else [0, 9],
                       [0] if i % 2 == 0 else [1]) for i in range(4)]
    summary = summarize_arena(records, ["a", "b"], duplicate=False)
    a, b = summary["bots"]
    assert a["win"]["ci95"][1] == 1.0 and a["win"]["ci95"][0] < 1.0
    assert b["win"]["ci95"][0] == 0.0 and b["win"]["ci95"][1] > 0.0
    (pair,) = summary["pairs"]
    assert pair["win_diff"]["mean"] == 1.0
    lo, hi = pair["win_diff"]["ci95"]
    assert -1.0 <= lo < 1.0 and hi == 1.0
    # duplicate: per deal set shares whose normal interval would go below 0
    records = []
    for j in range(4):
        for r in range(2):
            bots = ["a", "b"] if r == 0 else ["b", "a"]
            a_wins = j == 0 and r == 0
            winners = [bots.index("a")] if a_wins else [bots.index("b")]
            scores = [1 if s in winners else 0 for s in range(2)]
            records.append(_record(j * 2 + r, bots, scores, winners, set=j, rotation=r))
    summary = summarize_arena(records, ["a", "b"], duplicate=True)
    for bot in summary["bots"]:
        lo, hi = bot["win"]["ci95"]
        assert 0.0 <= lo <= bot["win"]["mean"] <= hi <= 1.0 and hi > lo
    lo, hi = summary["pairs"][0]["win_diff"]["ci95"]
    assert -1.0 <= lo < hi <= 1.0


# ----- damaged files ------------------------------------------------------------------------
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


# ----- analyze ------------------------------------------------------------------------------
def test_variant_with_another_player_count():
    with pytest.raises(ValueError, match="lineup for 4"):
        variant_lineups("kurnik", {"players": 4}, ["greedy", "random", "greedy", "random"], [{"players": 3}])
    assert variant_lineups("kurnik", {"players": 4}, ["greedy"] * 4, [{"players": 3}, {}]) == [
        ["greedy"] * 4, ["greedy"] * 3, ["greedy"] * 4]
    result = invoke("analyze", "kurnik", "-n", "1", "--bots", "greedy,random,greedy,random",
                    "--variant", "players=3")
    assert result.exit_code == 2 and "--variant players=3 has 3 players" in result.output


def test_variant_with_another_player_count_and_one_bot(tmp_path):
    result = invoke("analyze", "kurnik", "-n", "2", "--variant", "players=3", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    assert "greedy plays every seat" in result.output
    report = json.loads((tmp_path / "report.json").read_text())
    assert [len(v["stats"]["seats"]) for v in report["variants"]] == [4, 3]
    for line in (tmp_path / "games-players_3.jsonl").read_text().splitlines():
        assert len(json.loads(line)["bots"]) == 3


@pytest.mark.parametrize("variant,message", [
    ("players", "--variant 'players' wants KEY=VALUE"),
    ("master=1,master=2", "--variant 'master=1,master=2': option 'master' is given twice"),
    ("colour=red", "--variant 'colour=red'"),
])
def test_variant_errors_name_the_variant_flag(variant, message):
    result = invoke("analyze", "trumfosaur", "-n", "1", "--variant", variant)
    assert result.exit_code == 2 and message in result.output
    assert "--option" not in result.output


def test_bare_boolean_variant_and_bot_errors(tmp_path):
    result = invoke("analyze", "trumfosaur", "-n", "1", "--target-score", "1", "--variant", "master",
                    "--out", tmp_path)
    assert result.exit_code == 0, result.output
    assert json.loads((tmp_path / "report.json").read_text())["variants"][1]["change"] == {"master": True}
    result = invoke("analyze", "ugo", "--bots", "ismcts:fast", "-n", "1")
    assert result.exit_code == 2 and "ismcts:fast" in result.output and "at least 2" not in result.output
    result = invoke("analyze", "ugo", "--bots", "greedy", "-n", "1")
    assert result.exit_code == 2 and "--bots names 1 seat" in result.output


def test_unchanged_variant_and_turn_order(tmp_path):
    """Greedy Kurník bots never buy a rooster, so dead_rooster (K-9.2)
    changes no game; the start is rolled (K-2.1), so the advantage is by
    turn order."""
    result = invoke("analyze", "kurnik", "-n", "3", "--variant", "dead_rooster", "--variant", "rough_thief",
                    "--out", tmp_path)
    assert result.exit_code == 0, result.output
    assert "dead_rooster: no game changed under this variant with these bots" in result.output
    assert "rough_thief: no game" not in result.output
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["order"] == "turn"
    base, rooster, thief = report["variants"]
    assert rooster["changed_games"] == 0 and thief["changed_games"] > 0
    assert "Δ starter win" in result.output and "turn order" in result.output
    page = (tmp_path / "report.html").read_text()
    assert "no game changed" in page and "Advantage by turn order" in page and "starter+1" in page


def test_turn_order_counts_from_the_starter():
    records = [_record(i, ["greedy"] * 3, [9, 0, 0] if i < 2 else [0, 9, 0], [0] if i < 2 else [1], first=first,
                       digest="x") for i, first in enumerate([0, 0, 1, 1])]
    results = [({}, {"players": 3}, records)]
    assert analyze_module.order_of(results) == "turn"
    stats = variant_stats(records, 3, "turn")
    assert [s["win_share"] for s in stats["seats"]] == [1.0, 0.0, 0.0]  # whoever started won
    assert [s["win_share"] for s in variant_stats(records, 3, "seat")["seats"]] == [0.5, 0.5, 0.0]
    report = build_report("kurnik", ["greedy"] * 3, 0, results)
    assert report["order"] == "turn"
    changed = [dict(r, digest="y") if r["index"] == 3 else r for r in records]
    assert changed_games(records, changed) == 1 and changed_games(records, records) == 0


def test_a_team_win_is_not_a_shared_win():
    team = {"teams": True}
    records = [_record(0, ["greedy"] * 4, [10, 3, 8, 2], [0, 2], options=team),
               _record(1, ["greedy"] * 4, [5, 5, 5, 5], [0, 1, 2, 3], options=team),
               _record(2, ["greedy"] * 4, [10, 3, 8, 2], [0, 2], options={"teams": False})]
    stats = variant_stats(records, 4)
    assert stats["shared_wins"]["share"] == pytest.approx(2 / 3)  # the tie of both teams, and the plain tie


# ----- messages -----------------------------------------------------------------------------
def test_arena_header_jobs_and_empty_head_to_head():
    result = invoke("arena", "ugo", "--bots", "greedy,greedy", "-n", "1", "-o", "rounds=1", "--jobs", "4")
    assert result.exit_code == 0, result.output
    header = next(line for line in result.output.splitlines() if line.startswith("ugo {"))
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


def test_bench_measures_each_game_once_and_fits(monkeypatch):
    calls = []

    def fake(name, seconds=2.0, seed=0):
        calls.append(name)
        return {"game": name, "random_actions_per_s": 234567.0, "random_games_per_s": 345.6,
                "sampler_per_s": 34567.0, "resample_per_s": 3456.0, "ismcts_sims_per_s": 3456.0,
                "sims_per_playout": 3.45, "draws_per_playout": 34.5, "actions_per_game": 10}

    monkeypatch.setattr(bench_module, "bench_game", fake)
    result = invoke("bench", "--games", "kurnik,kurnik, Kurnik", "--json", "--seconds", "0.1")
    assert result.exit_code == 0, result.output
    assert calls == ["kurnik"] and len(json.loads(result.output)) == 1
    for width in (100, 120):
        console = Console(width=width, record=True)
        console.print(bench_table([fake("trumfosaur"), fake("kurnik")]))
        text = console.export_text()
        assert "…" not in text
        for word in ("actions/s", "games/s", "draws/s", "resample/s", "sims/s", "playout"):
            assert word in text


def test_bench_vs_openspiel_respects_seconds(monkeypatch):
    pytest.importorskip("herna.interop.bench")
    from herna.interop import bench as interop_bench

    seen = {}
    monkeypatch.setattr(interop_bench, "run_vs_openspiel", lambda console, **kw: seen.update(kw))
    result = invoke("bench", "--vs-openspiel", "--seconds", "0.3")
    assert result.exit_code == 0, result.output
    assert seen == {"seconds": 0.3}
    help_text = cli.invoke(app, ["bench", "--help"], env={"COLUMNS": "200"}).output
    help_text = " ".join(help_text.replace("│", " ").split())
    assert "--vs-openspiel" in help_text and "ISMCTS match" in help_text


def test_replay_shows_the_seat_s_hand_at_each_round(tmp_path):
    out = tmp_path / "run"
    result = invoke("arena", "ugo", "--bots", "greedy,random", "-n", "1", "-o", "rounds=2", "--out", out)
    assert result.exit_code == 0, result.output
    result = invoke("replay", out / "games.jsonl", "--seat", "2", "--all")  # seats count from 1
    assert result.exit_code == 0, result.output
    assert "seats: Seat 1: greedy · Seat 2 (you): random" in result.output
    hands = [line for line in result.output.splitlines() if line.startswith("Your hand:")]
    assert len(hands) == 3  # the start of round 1, of round 2, and the end
    assert hands[0] != "Your hand: —" and hands[1] != "Your hand: —"
    spectator = invoke("replay", out / "games.jsonl", "--all")
    assert "Your hand" not in spectator.output


def test_analyze_says_when_it_uses_part_of_the_folder(tmp_path):
    args = ["analyze", "kurnik", "--variant", "none", "--out", tmp_path]
    assert invoke(*args, "-n", "3").exit_code == 0
    with (tmp_path / "games-base.jsonl").open("a") as handle:
        handle.write("[1]\n")
    result = invoke(*args, "-n", "2")
    assert result.exit_code == 0, result.output
    assert "1 line of" in result.output and "holds 3 games" in result.output and "uses 2" in result.output
