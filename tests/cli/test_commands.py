"""The herna command: scenario, simulate, play, replay, rules, and clear
errors for bad input."""

from __future__ import annotations

import json
import shutil
import signal
import sys
from pathlib import Path

import pexpect
import pytest
from typer.testing import CliRunner

from herna.cli.main import app

from ..helpers import SHARED

runner = CliRunner()
HERNA = shutil.which("herna", path=str(Path(sys.executable).parent)) or shutil.which("herna")


def run(*args, input=None):
    return runner.invoke(app, list(args), input=input)


def test_scenario_command(tmp_path):
    result = run("scenario", str(SHARED / "scenarios" / "trumfosaur"))
    assert result.exit_code == 0, result.output
    assert result.output.count("PASS") == 2
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"game": "trumfosaur", "options": {"players": 2}, "steps": [{"expect": {"players": 3}}]}))
    result = run("scenario", str(bad))
    assert result.exit_code == 1 and result.output.startswith(f"FAIL {bad}: step 1: players is 2")
    result = run("scenario", str(tmp_path / "missing"))
    assert result.exit_code == 2 and "no such file" in result.output


def test_simulate_is_reproducible():
    args = ["simulate", "trumfosaur", "-n", "12", "--seed", "5", "--json", "--seats", "greedy,random,random"]
    first = json.loads(run(*args).stdout)
    second = json.loads(run(*args).stdout)
    for key in ("games", "mean_length"):
        assert first[key] == second[key]
    assert [s["mean_score"] for s in first["seats"]] == [s["mean_score"] for s in second["seats"]]
    assert first["games"] == 12 and len(first["seats"]) == 3
    assert 0 <= first["seats"][0]["win_share"] <= 1


def test_simulate_jobs_give_same_numbers():
    base = ["simulate", "trumfosaur", "-n", "8", "--seed", "2", "--json", "--players", "2", "--target-score", "10"]
    one = json.loads(run(*base).stdout)
    two = json.loads(run(*base, "--jobs", "2").stdout)
    assert [s["mean_score"] for s in one["seats"]] == [s["mean_score"] for s in two["seats"]]


def test_simulate_table():
    result = run("simulate", "trumfosaur", "-n", "5", "--players", "2")
    assert result.exit_code == 0
    assert "win share" in result.output and "deals per game" in result.output


@pytest.mark.parametrize("args,message", [
    (["simulate", "chess"], "unknown game"),
    (["simulate", "trumfosaur", "--rounds", "3"], "no option 'rounds'"),
    (["simulate", "trumfosaur", "--players", "7"], "at most 5"),
    (["simulate", "trumfosaur", "--seats", "greedy,smart"], "unknown bot"),
    (["play", "trumfosaur", "--seats", "human,alien"], "unknown seat"),
    (["play", "trumfosaur", "--players", "3", "--seats", "human,greedy"], "names 2 seats"),
    (["play", "trumfosaur", "--lang", "de"], "unknown language"),
    (["simulate", "trumfosaur", "-o", "target_score"], "KEY=VALUE"),  # a bare yes/no option means true
])
def test_bad_input_is_explained(args, message):
    result = run(*args)
    assert result.exit_code == 2
    assert message in result.output


def test_play_without_terminal_prints_moves_and_saves(tmp_path):
    save = tmp_path / "game.json"
    result = run("play", "trumfosaur", "--seed", "4", "--players", "3", "--save", str(save), "--lang", "cs")
    assert result.exit_code == 0, result.output
    assert "Konec hry" in result.output and "bere štych" in result.output
    data = json.loads(save.read_text())
    assert data["game"] == "trumfosaur" and data["history"]
    replay = run("replay", str(save), "--all", "--seat", "1")
    assert replay.exit_code == 0 and "takes the trick" in replay.output and "wins the trick" not in replay.output
    replay = run("replay", str(save), "--all", "--seat", "1", "--verbosity", "full")
    assert replay.exit_code == 0 and "wins the trick" in replay.output
    save.write_text("{")
    assert run("replay", str(save)).exit_code == 2


def test_rules_command():
    assert "How to play Trumfosaur" in run("rules", "trumfosaur").output
    assert "Jak hrát Trumfosaur" in run("rules", "trumfosaur", "--lang", "cs").output
    assert "T-4.5" in run("rules", "trumfosaur", "--spec").output
    assert "Trumfosaur" in run("rules", "trumfosaur", "--rulebook").output


@pytest.mark.skipif(HERNA is None, reason="the herna command is not installed")
def test_human_plays_a_whole_game_at_a_terminal(tmp_path):
    """A human at a real (pseudo) terminal: numbered menu, a typed action, a bad answer, to the end."""
    save = tmp_path / "human.json"
    child = pexpect.spawn(HERNA, ["play", "trumfosaur", "--players", "2", "--target-score", "3",
                                    "--seed", "9", "--save", str(save)], encoding="utf-8", timeout=120,
                          dimensions=(50, 160))
    child.expect("Choose a number")
    child.sendline("99")
    child.expect("error: there is no choice 99")  # every error starts "error:"
    child.sendline("play SAX1")  # not the phase for playing
    child.expect("error: not allowed")
    moves = 0
    while True:
        index = child.expect(["Choose a number", "Game over", pexpect.EOF])
        if index != 0:
            break
        child.sendline("1")
        moves += 1
    assert index == 1 and moves >= 10
    child.expect(pexpect.EOF)
    assert json.loads(save.read_text())["history"]


@pytest.mark.skipif(HERNA is None, reason="the herna command is not installed")
def test_ctrl_c_leaves_cleanly_and_keeps_the_game(tmp_path):
    save = tmp_path / "left.json"
    child = pexpect.spawn(HERNA, ["play", "trumfosaur", "--seed", "3", "--save", str(save)],
                          encoding="utf-8", timeout=120, dimensions=(50, 160),
                          preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    child.expect("Choose a number")
    child.sendline("1")
    child.expect("Choose a number")
    child.sendintr()
    child.expect("Game left")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    left = json.loads(save.read_text())["history"]
    assert len(left) > 40
    resumed = run("play", "trumfosaur", "--resume", str(save))  # not a terminal: bots finish it
    assert resumed.exit_code == 0 and "Game over" in resumed.output
    finished = json.loads(save.read_text())["history"]
    assert finished[:len(left)] == left and len(finished) > len(left)
    again = run("play", "trumfosaur", "--resume", str(save))
    assert again.exit_code == 2 and "already over" in again.output


def test_save_path_is_checked(tmp_path):
    precious = tmp_path / "notes.txt"
    precious.write_text("keep me")
    result = run("play", "trumfosaur", "--save", str(precious))
    assert result.exit_code == 2 and "not a herna saved game" in result.output
    assert precious.read_text() == "keep me"
    assert "does not exist" in run("play", "trumfosaur", "--save", str(tmp_path / "no" / "g.json")).output
    assert "is a folder" in run("play", "trumfosaur", "--save", str(tmp_path)).output
    assert "not a herna saved game" in run("play", "trumfosaur", "--resume", str(precious)).output


def test_help_text_gets_the_legal_strings_where_it_takes_them():
    """Renderers gain a ``legal`` keyword for ``help_text``; older ones still work."""
    from herna.cli.play import takes_keyword

    def old(view, lang, style=None):
        return "old"

    def new(view, lang, style=None, legal=None):
        return "new"

    def loose(view, lang, **kwargs):
        return "loose"

    assert not takes_keyword(old, "legal")
    assert takes_keyword(new, "legal") and takes_keyword(loose, "legal")


def test_sigterm_stops_a_run_in_one_line_without_worker_noise():
    """Issue 24 item 7: SIGTERM ends ``simulate --jobs 2`` as Ctrl-C does: the workers stop, one
    ``error:`` line, exit status 143; no traceback, broken pipe or leaked semaphore from the workers.
    The signal is sent once the run has reported progress (a line on stderr), not after a fixed time."""
    import subprocess

    command = [sys.executable, "-c", "from herna.cli.main import main; main()", "simulate", "kurnik", "-n", "100000",
               "--seats", "random,random", "--jobs", "2", "--plain"]
    process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True)
    first = process.stderr.readline()
    assert first.startswith("5000 of 100000 games, "), first
    process.send_signal(signal.SIGTERM)
    out, err = process.communicate(timeout=120)
    assert process.returncode == 143, err
    lines = [line for line in err.splitlines() if line.strip()]
    assert lines[-1] == "error: interrupted: the run was stopped and nothing is summarised", err
    assert all(line.endswith(("second", "seconds")) for line in lines[:-1]), err  # progress lines only
    for noise in ("Traceback", "BrokenPipe", "leaked", "resource_tracker"):
        assert noise not in err
    assert out == ""


@pytest.mark.skipif(HERNA is None, reason="the herna command is not installed")
def test_sigterm_leaves_a_game_saved(tmp_path):
    save = tmp_path / "left.json"
    child = pexpect.spawn(HERNA, ["play", "ugo", "--seed", "3", "--rounds", "1", "--save", str(save)],
                          encoding="utf-8", timeout=120, dimensions=(50, 160))
    child.expect("Choose a number")
    child.kill(signal.SIGTERM)
    child.expect("Game left")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 143 and "Traceback" not in child.before
    assert json.loads(save.read_text())["history"]
