"""herna analyze: variants with another player count, unchanged variants, turn order, team wins,
partial folders."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from herna.arena import analyze as analyze_module
from herna.arena.analyze import (build_report, changed_games, played_differently, result_changed, variant_lineups,
                                 variant_stats)
from herna.cli.main import app
from herna.core import record

from .helpers import record_line

cli = CliRunner()


def invoke(*args):
    return cli.invoke(app, [str(a) for a in args])


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
    assert "greedy+explore plays every seat" in result.output
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
    """Plain greedy Kurník bots never buy a rooster (it costs them games,
    herna.bots.explore), so dead_rooster (K-9.2) changes no game with them;
    the start is rolled (K-2.1), so the advantage is by turn order."""
    result = invoke("analyze", "kurnik", "-n", "3", "--variant", "dead_rooster", "--variant", "rough_thief",
                    "--bots", "greedy,greedy,greedy,greedy", "--out", tmp_path)
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
    records = [record_line(i, ["greedy"] * 3, [9, 0, 0] if i < 2 else [0, 9, 0], [0] if i < 2 else [1], first=first,
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
    records = [record_line(0, ["greedy"] * 4, [10, 3, 8, 2], [0, 2], options=team),
               record_line(1, ["greedy"] * 4, [5, 5, 5, 5], [0, 1, 2, 3], options=team),
               record_line(2, ["greedy"] * 4, [10, 3, 8, 2], [0, 2], options={"teams": False})]
    stats = variant_stats(records, 4, side=record("trumfosaur").side)
    assert stats["shared_wins"]["share"] == pytest.approx(2 / 3)  # the tie of both teams, and the plain tie


def test_analyze_says_when_it_uses_part_of_the_folder(tmp_path):
    args = ["analyze", "kurnik", "--variant", "none", "--out", tmp_path]
    assert invoke(*args, "-n", "3").exit_code == 0
    with (tmp_path / "games-base.jsonl").open("a") as handle:
        handle.write("[1]\n")
    result = invoke(*args, "-n", "2")
    assert result.exit_code == 0, result.output
    assert "1 line of" in result.output and "holds 3 games" in result.output and "uses 2" in result.output


def test_a_bot_refused_at_a_default_variant_is_told_of_variant():
    """The learned policy refuses rule variants it was not trained with; analyze without --variant
    compares every rule variant, so the refusal says how to choose the variants it can play."""
    from herna.arena.analyze import VARIANT_HINT, default_variants, run_analysis

    bots = ["policy", "greedy", "greedy", "greedy"]
    with pytest.raises(ValueError, match="variant master: the learned policy of trumfosaur .*master=false") as error:
        run_analysis("trumfosaur", {"players": 4}, bots, 1, default_variants("trumfosaur", {"players": 4}))
    assert str(error.value).endswith(VARIANT_HINT) and "--variant" in VARIANT_HINT
    result = invoke("analyze", "trumfosaur", "-n", "1", "--players", "4", "--bots", ",".join(bots))
    said = " ".join(result.output.split())
    assert result.exit_code == 2 and "variant master:" in said and "use --variant to choose the variants" in said
    with pytest.raises(ValueError) as base:  # a refusal of the base game itself has no variant to leave out
        run_analysis("trumfosaur", {"players": 4, "master": True}, bots, 1, [])
    assert VARIANT_HINT not in str(base.value)


def test_changed_games_tell_moves_from_results(tmp_path):
    """A new user's trial: "changed 193" for teams with target_score 1, though every game's moves were the
    same (teams only count the win otherwise, T-7.2). The report now counts the games played differently
    (moves) apart from those with another result (scores or winners)."""
    base = [record_line(i, ["random"] * 2, [1, 0], [0], digest=f"d{i}", actions=9) for i in range(6)]
    other_result = [dict(r, winners=[0, 1]) if r["index"] < 4 else dict(r) for r in base]
    other_moves = [dict(r, digest="x") if r["index"] == 5 else dict(r) for r in base]
    assert (played_differently(base, other_result), result_changed(base, other_result)) == (0, 4)
    assert (played_differently(base, other_moves), result_changed(base, other_moves)) == (1, 0)
    result = cli.invoke(app, ["analyze", "trumfosaur", "-n", "6", "--target-score", "1", "--players", "4",
                              "--variant", "teams", "--bots", "random,random,random,random", "--plain",
                              "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    teams = json.loads((tmp_path / "report.json").read_text())["variants"][1]
    assert teams["played_differently"] == 0 and teams["result_changed"] == teams["changed_games"] == 6
    row = next(line for line in result.output.splitlines() if line.startswith("variant teams"))
    assert "played differently 0, result differs 6," in row, row
    assert "teams: the bots played every game exactly as in the base; only the result changed" in result.output
    page = (tmp_path / "report.html").read_text()
    assert "<th>games played differently</th><th>games with another result</th>" in page
