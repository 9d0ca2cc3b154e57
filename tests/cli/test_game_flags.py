"""The game option flags of play, simulate, arena and analyze are made from
the games' option specs (issue 28 item 2; herna/cli/gameflags.py): every
option of every game has its flag, its help in players' words and its rule
id; a flag given reaches the game; seats count from 1; ``-o`` still works;
``herna options`` and docs/options.md say the same."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import herna
from herna.core import record
from herna.cli.commands.options import markdown
from herna.cli.main import app
from herna.core.catalog import text
from herna.core.registry import GAMES, game_class

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()
SPECS = [(game, spec) for game in GAMES for spec in game_class(game).option_specs]
COMMANDS = ("play", "simulate", "arena", "analyze")


def invoke(*args: str):
    return runner.invoke(app, list(args), env={"COLUMNS": "400"})


def flat(output: str) -> str:
    """Help text with its box drawing and line breaks taken out."""
    return " ".join(output.replace("│", " ").split())


def non_default(spec):
    """``(flag arguments, the option's value in the engine)``: a valid value
    that is not the default."""
    if spec.ask == "yes_no":
        return [spec.flag], not spec.default
    if spec.ask == "seat":
        return [spec.flag, "2"], 1
    if spec.ask == "choice":
        other = next(c for c in spec.choices if c != spec.default)
        return [spec.flag, str(other)], other
    if spec.ask == "numbers":
        value = [spec.maximum] * spec.length
        return [spec.flag, ",".join(map(str, value))], value
    value = spec.minimum + 1 if spec.default is None else (spec.default + 1 if spec.default < spec.maximum
                                                            else spec.default - 1)
    return [spec.flag, str(value)], value


@pytest.mark.parametrize("command", COMMANDS)
def test_every_option_of_every_game_is_a_flag_in_the_help(command):
    result = invoke(command, "--help")
    assert result.exit_code == 0
    shown = flat(result.output)
    for game, spec in SPECS:
        assert spec.flag in shown, (command, spec.flag)
        assert text("en", spec.label) in shown and text("en", spec.doc).rstrip(".") in shown, (command, spec.name)
        if spec.rule:
            assert f"({spec.rule})" in shown, (command, spec.rule)
        assert record(game).title in shown
    assert "-p" in shown and "--option" in shown and "More game options" in shown


@pytest.mark.parametrize("game,spec", SPECS, ids=[f"{g}-{s.name}" for g, s in SPECS])
def test_every_flag_reaches_the_game(game, spec):
    args, value = non_default(spec)
    herna.load(game, **{spec.name: value})  # the value is one the game takes
    result = invoke("simulate", game, "-n", "1", "--seed", "3", "--json", *args)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["options"][spec.name] == value


def test_seats_count_from_one_and_bad_flags_keep_their_messages():
    result = invoke("simulate", "trumfosaur", "-n", "1", "--first-player", "0")
    assert result.exit_code == 2 and "--first-player counts seats from 1, as players do: 1 to 4, not 0" in result.output
    result = invoke("simulate", "kurnik", "-n", "1", "-p", "2", "--first-player", "3")
    assert result.exit_code == 2 and "1 to 2, not 3" in result.output
    result = invoke("simulate", "trumfosaur", "--rounds", "3")
    assert result.exit_code == 2 and "trumfosaur has no option 'rounds'" in result.output
    result = invoke("simulate", "kurnik", "--six-six", "bogus")
    assert result.exit_code == 2 and "must be one of ['announce', 'fox']" in result.output
    result = invoke("simulate", "ugo", "--low-card-farmers", "1,2,3")
    assert result.exit_code == 2 and "must have 2 numbers, not 3" in result.output


def test_option_items_still_work_beside_the_flags():
    result = invoke("simulate", "kurnik", "-n", "1", "--json", "-o", "first_player=1", "-o", "rough_thief=true",
                    "--dead-rooster", "-p", "3")
    assert result.exit_code == 0, result.output
    options = json.loads(result.stdout)["options"]
    assert options["first_player"] == 0 and options["rough_thief"] and options["dead_rooster"]  # seat 1: engine 0
    assert options["players"] == 3
    result = invoke("simulate", "kurnik", "--rough-thief", "-o", "rough_thief=false")
    assert result.exit_code == 2 and "given twice with different values" in result.output


def test_herna_options_says_the_same_in_both_languages():
    english = invoke("options", "kurnik")
    czech = invoke("options", "kurnik", "--lang", "cs")
    assert english.exit_code == 0 and czech.exit_code == 0
    for spec in game_class("kurnik").option_specs:
        assert text("en", spec.label) in english.output and spec.flag in english.output
        assert text("cs", spec.label) in czech.output and text("cs", spec.doc) in czech.output
    assert "More options" in english.output and "Další možnosti" in czech.output
    assert "výchozí 36" in czech.output and "(0 až 1000; výchozí 36; K-1.3)" in czech.output
    every = invoke("options").output
    assert all(record(game).title in every for game in GAMES)
    assert invoke("options", "chess").exit_code == 2


def test_docs_options_md_is_current():
    """docs/options.md is ``herna options --markdown`` (rerun it after changing an option)."""
    assert (ROOT / "docs" / "options.md").read_text(encoding="utf-8") == markdown()
    assert invoke("options", "--markdown").stdout == markdown()


def test_a_switch_that_is_on_by_default_gets_its_off_flag():
    """No game has one yet; a yes/no option on by default would be turned off by --no-NAME."""
    from herna.cli.gameflags import Flag, parameter
    from herna.core import OptionSpec

    on = OptionSpec("lucky_draw", bool, True, "Help.", "K-0", label="Lucky draw")
    param = parameter(Flag("lucky_draw", ((record("kurnik"), on),)))
    assert param.default.default is None and "--lucky-draw/--no-lucky-draw" in param.default.param_decls
    off = OptionSpec("lucky_draw", bool, False, "Help.", "K-0", label="Lucky draw")
    param = parameter(Flag("lucky_draw", ((record("kurnik"), off),)))
    assert param.default.default is False and list(param.default.param_decls) == ["--lucky-draw"]


def test_a_seat_given_with_o_counts_from_1_as_the_flag_does_and_a_list_takes_plain_numbers():
    """``-o first_player=2`` is the second seat, as ``--first-player 2`` (the engine's seat 1), a 0 is refused
    as the flag refuses it; ``-o low_card_farmers=2,2`` is the list [2, 2] (issue 27: the engine's 0-based
    seat showed through, and the natural list form failed in ``--variant``)."""
    flag = json.loads(invoke("simulate", "ugo", "-n", "1", "-p", "3", "--json", "--first-player", "2").stdout)
    item = invoke("simulate", "ugo", "-n", "1", "-p", "3", "--json", "-o", "first_player=2", "-o",
                  "low_card_farmers=2,2")
    assert item.exit_code == 0, item.output
    options = json.loads(item.stdout)["options"]
    assert options["first_player"] == flag["options"]["first_player"] == 1 and options["low_card_farmers"] == [2, 2]
    refused = invoke("simulate", "ugo", "-n", "1", "-o", "first_player=0")
    assert refused.exit_code == 2 and "first_player counts seats from 1, as players do" in refused.output
    same = invoke("simulate", "ugo", "-n", "1", "--first-player", "2", "-o", "first_player=2", "--json")
    assert same.exit_code == 0, same.output  # one seat, said twice alike
    assert "a seat counts from 1" in invoke("simulate", "--help").output


@pytest.mark.parametrize("args", [
    ("arena", "kurnik", "-n", "1", "-o", "first_player=5", "--bots", "random,random,random,random"),
    ("simulate", "kurnik", "-n", "1", "-p", "4", "-o", "first_player=5"),
    ("simulate", "kurnik", "-n", "1", "-o", "first_player=5"),
    ("analyze", "kurnik", "-n", "1", "--bots", "random,random,random,random", "--variant", "first_player=5"),
])
def test_a_seat_past_the_table_given_with_o_or_variant_is_said_from_1_as_the_flag_says_it(args, tmp_path):
    """``-o first_player=5`` at a 4-player Kurník is refused as ``--first-player 5`` is: seats 1 to 4,
    not 5 (the engine's 0-based "a seat 0..3, not 4" showed through)."""
    refused = invoke(*args, *(("--out", str(tmp_path / "a")) if args[0] == "analyze" else ()))
    assert refused.exit_code == 2
    assert "first_player counts seats from 1, as players do: 1 to 4, not 5" in flat(refused.output)
    assert "0..3" not in refused.output
