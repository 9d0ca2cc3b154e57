"""What play and arena say about a learned network in --seats/--bots: the
help names policy:FILE.npz, a number of players that came from the number of
seats is said to, commas split seats, ~ is the home folder, and a network that
does not fit the table is refused under the flag that named it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

import herna
from herna.cli.main import app

SHIPPED = Path(herna.__file__).parent / "data" / "policies"
cli = CliRunner()


def invoke(*args):
    return cli.invoke(app, [str(a) for a in args])


def one_line(result) -> str:
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    return lines[0]


@pytest.mark.parametrize("command, flag", [("play", "--seats"), ("arena", "--bots")])
def test_the_help_names_a_network_file(command, flag):
    result = invoke(command, "--help")
    assert result.exit_code == 0
    assert "policy:FILE.npz" in " ".join(result.output.split())


@pytest.mark.parametrize("command, flag", [("play", "--seats"), ("arena", "--bots")])
def test_players_counted_from_the_seats_are_said_to_be(command, flag):
    line = one_line(invoke(command, "trumfosaur", flag, "policy,greedy", "--seed", "1"))
    assert line.startswith(f"error: {flag}: no learned policy for trumfosaur with 2 players")
    assert line.endswith(f"(the game has 2 players because {flag} names 2 seats; -p/--players sets another number)")


@pytest.mark.parametrize("command, flag", [("play", "--seats"), ("arena", "--bots")])
def test_a_network_that_does_not_fit_is_refused_under_its_flag(command, flag):
    line = one_line(invoke(command, "trumfosaur", flag, "policy,greedy,random,random", "-o", "master",
                           "--seed", "1"))
    assert line.startswith(f"error: {flag}: the learned policy of trumfosaur knows 103 actions, but trumfosaur "
                           "with these options has 1379 (1276 it never learned)")
    assert "only target_score and first_player may differ" in line and "because" not in line
    line = one_line(invoke(command, "trumfosaur", flag, f"policy:{SHIPPED / 'trumfosaur-4.npz'},greedy,random",
                           "--seed", "1"))
    assert line.startswith(f"error: {flag}: ") and "was trained for 4 players; this table has 3" in line
    assert "because " + flag + " names 3 seats" in line


def test_a_comma_in_a_file_name_is_said_to_split_seats():
    line = one_line(invoke("arena", "trumfosaur", "--bots", "policy:a,b.npz,greedy,random", "-n", "1"))
    assert "'a' does not end in .npz; commas separate the seats of --bots" in line


def test_a_network_under_the_home_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    shutil.copy(SHIPPED / "ugo-4.npz", tmp_path / "mine.npz")
    result = invoke("arena", "ugo", "--bots", "policy:~/mine.npz,greedy,random,random", "--rounds", "1", "-n", "1",
                    "--seed", "2", "--json")
    assert result.exit_code == 0, result.output
    assert "policy:~/mine.npz" in result.output
