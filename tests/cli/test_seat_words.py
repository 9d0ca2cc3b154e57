"""Seats reach people counted from 1 (a new user's trial): ``simulate --first-player 2`` printed
``first_player 1`` and analyze's report.html showed the base options with the engine's seat; the JSON
keeps the engine's values (documented)."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from herna.arena.analyze import players_options
from herna.cli.main import app

cli = CliRunner()


def test_players_options_count_seats_from_one():
    assert players_options("trumfosaur", {"players": 4, "first_player": 1, "teams": False}) == {
        "players": 4, "first_player": 2, "teams": False}
    assert players_options("ugo", {"first_player": None})["first_player"] is None


def test_simulate_header_counts_the_first_player_from_one():
    result = cli.invoke(app, ["simulate", "trumfosaur", "--first-player", "2", "-n", "2", "--seed", "3",
                              "--target-score", "1", "--plain"])
    assert result.exit_code == 0, result.output
    header = next(line for line in result.output.splitlines() if line.startswith("trumfosaur "))
    assert "first_player 2" in header and "first_player 1" not in header, header
    raw = cli.invoke(app, ["simulate", "trumfosaur", "--first-player", "2", "-n", "2", "--seed", "3",
                           "--target-score", "1", "--json"])
    assert json.loads(raw.stdout[raw.stdout.index("{"):])["options"]["first_player"] == 1  # the engine's seat


def test_analyze_page_shows_base_options_as_players_count(tmp_path):
    result = cli.invoke(app, ["analyze", "trumfosaur", "--first-player", "2", "-n", "2", "--target-score", "1",
                              "--variant", "none", "--bots", "random,random,random,random", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    page = (tmp_path / "report.html").read_text()
    assert "&quot;first_player&quot;: 2" in page and "&quot;first_player&quot;: 1" not in page
    assert json.loads((tmp_path / "report.json").read_text())["variants"][0]["options"]["first_player"] == 1


def test_arena_header_counts_the_first_player_from_one():
    result = cli.invoke(app, ["arena", "trumfosaur", "--first-player", "2", "-n", "2", "--seed", "3",
                              "--target-score", "1", "--bots", "greedy,random", "--plain"])
    assert result.exit_code == 0, result.output
    header = next(line for line in result.output.splitlines() if line.startswith("trumfosaur "))
    assert "first_player 2" in header and "first_player 1" not in header, header


def test_arena_says_when_partners_hold_different_bots():
    """T-7.1: with teams, seats 1+3 and 2+4 win together; greedy,greedy,random,random puts a greedy beside a
    random in every rotation, so the arena says how to pit pairs (A,B,A,B), and says nothing for that order."""
    def run(bots):
        return cli.invoke(app, ["arena", "trumfosaur", "--teams", "--bots", bots, "-n", "1", "--seed", "2",
                                "--target-score", "1", "--plain"])
    mixed, paired = run("greedy,greedy,random,random"), run("greedy,random,greedy,random")
    assert mixed.exit_code == 0 and paired.exit_code == 0, mixed.output + paired.output
    assert "seats 1+3 and 2+4 win together" in mixed.output and "--bots A,B,A,B" in mixed.output
    assert "win together" not in paired.output
    alone = cli.invoke(app, ["arena", "trumfosaur", "--bots", "greedy,greedy,random,random", "-n", "1",
                             "--target-score", "1", "--plain"])
    assert alone.exit_code == 0 and "win together" not in alone.output


def test_simulate_with_partners_gives_team_shares_and_halves_their_intervals():
    """T-7.1: partners win together, so a seat's win share is half its team's and so is its interval (a
    Wilson interval of the half share as its own proportion was about 1.8x too wide: a trial)."""
    result = cli.invoke(app, ["simulate", "trumfosaur", "--teams", "--seats", "greedy,random,greedy,random",
                              "-n", "20", "--target-score", "5", "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout[result.stdout.index("{"):])
    sides = {tuple(side["seats"]): side for side in summary["sides"]}
    assert set(sides) == {(0, 2), (1, 3)}
    assert sum(side["win_share"] for side in sides.values()) == 1.0  # every game has one winning team
    for seat in summary["seats"]:
        team = sides[(0, 2) if seat["seat"] in (0, 2) else (1, 3)]
        assert seat["win_share"] == team["win_share"] / 2
        assert seat["win_ci95"] == [bound / 2 for bound in team["win_ci95"]]
    plain = cli.invoke(app, ["simulate", "trumfosaur", "--teams", "--seats", "greedy,random,greedy,random",
                             "-n", "20", "--target-score", "5", "--plain"])
    assert "win share by team (95% CI): seats 1+3" in plain.output
    alone = cli.invoke(app, ["simulate", "trumfosaur", "-n", "5", "--target-score", "5", "--json"])
    assert json.loads(alone.stdout[alone.stdout.index("{"):])["sides"] is None
