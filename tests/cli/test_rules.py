"""``herna rules GAME`` prints How to play for players (``--lang cs`` in
Czech), ``--spec`` the full numbered rules, ``--rulebook`` the original
Czech rulebook (issue 23 item 9; herna/cli/commands/rules.py)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from herna.cli.main import app
from herna.core import record
from herna.core.registry import GAMES

runner = CliRunner()


def rules(*args: str):
    return runner.invoke(app, ["rules", *args], env={"COLUMNS": "100"})


@pytest.mark.parametrize("game", GAMES)
def test_how_to_play_in_both_languages(game):
    english, czech = rules(game), rules(game, "--lang", "cs")
    assert english.exit_code == 0 and czech.exit_code == 0
    title = record(game).title
    assert f"How to play {title}" in english.output and f"Jak hrát {title}" in czech.output
    assert "Worked example" in english.output and "Příklad" in czech.output
    assert "How herna reads the rules" in english.output and "Jak herna čte pravidla" in czech.output
    for result in (english, czech):
        # the pictures are told by their words; no shortcode or HTML reaches the terminal
        assert "<span" not in result.output and "data-art" not in result.output and "[" in result.output
        assert f"herna rules {game} --spec" in result.output and f"herna rules {game} --rulebook" in result.output
    assert "Full rules, numbered" in english.output and "Úplná číslovaná pravidla" in czech.output


@pytest.mark.parametrize("game", GAMES)
def test_spec_and_rulebook(game):
    spec = rules(game, "--spec")
    prefix = {"trumfosaur": "T", "ugo": "U", "kurnik": "K"}[game]
    assert spec.exit_code == 0 and f"{prefix}-1.1" in spec.output
    assert "../seeds" not in spec.output and f"herna rules {game} --rulebook" in spec.output
    original = rules(game, "--rulebook")
    assert original.exit_code == 0 and "Sdílet s přáteli" not in original.output and "Autor:" not in original.output


def test_ugo_spec_keeps_its_farmer_table_whole():
    """U-1.4's note follows its table as a paragraph, not as more rows."""
    output = rules("ugo", "--spec").output
    note = next(line for line in output.splitlines() if "The 1s and 2s" in line)
    assert "│" not in note and "┃" not in note


def test_bad_rules_lines_are_refused():
    both = rules("ugo", "--spec", "--rulebook")
    assert both.exit_code == 2 and "give --spec or --rulebook, not both" in both.output
    assert rules("ugo", "--lang", "de").exit_code == 2
    assert rules("chess").exit_code == 2
