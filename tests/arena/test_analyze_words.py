"""herna analyze says what it measures (issue 27's trial): a Wilson interval as an interval (never "plus or
minus", which --plain made of a symmetric-looking "±"), no column of a length the options fix (Ugo!'s
rounds), a list variant typed plainly (``low_card_farmers=2,2``) and a seat counted from 1
(``first_player=2``), as everything else the user sees counts seats."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from herna.cli.main import app

cli = CliRunner()


def test_ugo_plain_report_intervals_columns_lists_and_seats(tmp_path):
    result = cli.invoke(app, ["analyze", "ugo", "-n", "2", "--rounds", "1", "--plain", "--variant",
                              "low_card_farmers=2,2", "--variant", "first_player=2", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    report = json.loads((tmp_path / "report.json").read_text())
    base, farmers, first = report["variants"]
    assert farmers["change"] == {"low_card_farmers": [2, 2]} and farmers["label"] == "low_card_farmers=[2,2]"
    assert first["change"] == {"first_player": 1} and first["label"] == "first_player=2"  # the engine's seat 1
    assert first["options"]["first_player"] == 1
    rows = [line for line in result.output.splitlines() if line.startswith("variant ")]
    assert rows and not any("plus or minus" in line for line in rows), rows
    assert all("win share per place in turn order (95% CI) " in line and " to " in line for line in rows[:3]), rows
    assert not any("rounds" in line for line in rows), rows  # every game is one round: no length column
    assert "length" not in report["columns"]
    page = (tmp_path / "report.html").read_text()
    assert "rounds per game" not in page and "Δ rounds" not in page
    refused = cli.invoke(app, ["analyze", "ugo", "-n", "1", "--variant", "first_player=0"])
    assert refused.exit_code == 2 and "counts seats from 1" in refused.output
    assert "KEY=2,2" in " ".join(cli.invoke(app, ["analyze", "--help"]).output.split())


def test_a_game_whose_length_varies_keeps_its_length_column(tmp_path):
    result = cli.invoke(app, ["analyze", "kurnik", "-n", "3", "--variant", "none", "--plain", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "length" in json.loads((tmp_path / "report.json").read_text())["columns"]  # seeded games of 3 lengths
    row = next(line for line in result.output.splitlines() if line.startswith("variant base"))
    assert "turns " in row and "turns per game" in (tmp_path / "report.html").read_text()


def test_unpaired_changes_are_said_not_counted_never_none(capsys, tmp_path):
    """A new user's trial: ``--plain`` read "changed none" for ``--engine batch``, whose variants are not
    paired (``changed_games`` null): a screen reader must not hear "none" where nothing was counted."""
    from herna.arena.analyze import build_report, write_html
    from herna.cli.commands.analyze import print_analysis

    from .helpers import record_line

    base = [record_line(i, ["greedy"] * 2, [i % 3, 1], [i % 2], length=5 + i % 3, first=0) for i in range(10)]
    results = [({}, {"players": 2}, base), ({"rough_thief": True}, {"players": 2, "rough_thief": True}, base)]
    report = build_report("kurnik", ["greedy"] * 2, 0, results, paired=False)
    report["engine"] = "batch"
    print_analysis(report, "kurnik", plain=True)
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("variant ")][:2]
    assert rows[0].startswith("variant base"), rows
    assert not any(" none" in row or " nothing" in row for row in rows), rows
    assert ("played differently not counted (batch engine: variants not paired), result differs not counted "
            "(batch engine: variants not paired)") in rows[1], rows
    write_html(report, {}, tmp_path / "report.html")
    page = (tmp_path / "report.html").read_text()
    assert "<td>not counted (batch engine: variants not paired)</td>" in page and "<td>—</td>" not in page
    assert report["variants"][1]["played_differently"] is report["variants"][1]["result_changed"] is None
    # the summary's first words say so too, not "against the base game on the same chance seed"
    assert "The variants were not paired" in page and "on the same chance seed" not in page
    write_html(build_report("kurnik", ["greedy"] * 2, 0, results), {}, tmp_path / "paired.html")
    paired = (tmp_path / "paired.html").read_text()
    assert "Against the base game on the same chance seed" in paired and "were not paired" not in paired


def test_games_are_counted_right_for_no_one_and_several_variants():
    from herna.cli.commands.analyze import games_words

    assert games_words(10, 0) == "-n 10: 10 games of the base game (no variants)"
    assert games_words(1, 1) == "-n 1 is per variant: 1 game for the base and 1 game for the variant, 2 games in all"
    assert games_words(5, 2) == ("-n 5 is per variant: 5 games for the base and for each of the 2 variants, "
                                 "15 games in all")


def test_a_refused_network_blames_bots_and_leaves_no_folder(tmp_path):
    """A new user's trial: a learned network that does not fit a variant was refused without naming a flag
    (and --engine batch blamed the engine), and the refused run left an empty --out folder behind."""
    out = tmp_path / "never"
    result = cli.invoke(app, ["analyze", "trumfosaur", "-n", "2", "--bots", "policy,policy,policy,policy",
                              "--variant", "master", "--out", str(out)])
    assert result.exit_code == 2 and "error: --bots: variant master: the learned policy" in result.output, \
        result.output
    assert not out.exists()
    assert "policy and policy:FILE.npz" in " ".join(cli.invoke(app, ["analyze", "--help"]).output.split())
