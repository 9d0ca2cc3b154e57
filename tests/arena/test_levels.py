"""herna bench bots (herna.arena.levels): the round-robin duplicate arena of the bot levels, written as the
levels section of docs/bot-strength.md."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from herna.arena.levels import BEGIN, END, LEVELS, level_specs, scaled, write_section
from herna.cli.main import app
from herna.server.botpool import PLAYER_BOTS

cli = CliRunner()


def test_the_levels_are_the_web_s():
    assert {k: v for k, v in LEVELS.items() if k != "random"} == PLAYER_BOTS


def test_scaled_budgets():
    assert scaled("ismcts:2s", 0.1) == "ismcts:0.2s" and scaled("ismcts:0.3s:greedy", 0.5) == "ismcts:0.15s:greedy"
    assert scaled("greedy", 0.1) == "greedy" and scaled("ismcts:400", 0.1) == "ismcts:400"
    assert level_specs(1.0) == LEVELS
    with pytest.raises(ValueError, match="at most 1"):
        level_specs(2)


def test_bench_bots_plays_a_round_robin_and_writes_the_section(tmp_path):
    doc = tmp_path / "strength.md"
    doc.write_text(f"# Strength\n\nkept\n\n{BEGIN}\nold\n{END}\n\nafter\n")
    result = cli.invoke(app, ["bench", "bots", "--games", "kurnik", "-n", "1", "--scale", "0.01", "--doc",
                              str(doc), "--plain"])
    assert result.exit_code == 0, result.output
    text = doc.read_text()
    assert text.startswith("# Strength\n\nkept\n\n") and text.rstrip().endswith("after") and "old" not in text
    assert text.count(BEGIN) == 1 and "1 deal sets, 4 games; search budgets × 0.01" in text
    for level in LEVELS:
        assert f"| {level} |" in text
    assert "hard − medium" in text and "herna bench bots --games kurnik -n 1 --scale 0.01" in text


def test_write_section_appends_when_missing(tmp_path):
    doc = tmp_path / "new.md"
    write_section(doc, f"{BEGIN}\nx\n{END}")
    assert doc.read_text().strip() == f"{BEGIN}\nx\n{END}"
    result = cli.invoke(app, ["bench", "bots", "--scale", "0", "-n", "1"])
    assert result.exit_code == 2 and "--scale" in result.output
