"""The herna command and what people type: square brackets are never rich
markup, command-line mistakes are one line, saves keep their table (seats,
seed, names), replays of whole tables, and files nested too deeply."""

from __future__ import annotations

import io
import json
import random
import shutil
import signal
import sys
from importlib.metadata import version
from pathlib import Path

import pexpect
import pytest
from rich.console import Console
from typer.testing import CliRunner

import herna
from herna.cli import output, runs
from herna.cli.commands.arena import print_arena
from herna.cli.main import app
from herna.cli.savefile import parse_names, read_save, write_save
from herna.core import FormatError

runner = CliRunner()
HERNA = shutil.which("herna", path=str(Path(sys.executable).parent)) or shutil.which("herna")


def run(*args, input=None):
    return runner.invoke(app, [str(a) for a in args], input=input)


def one_error_line(result, code: int = 2) -> str:
    """The single ``error: ...`` line of a failed command (and nothing else)."""
    assert result.exit_code == code, result.output
    assert not isinstance(result.exception, (RecursionError,)) and "Traceback" not in result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output
    return lines[0]


def partial_save(path: Path, seats, seed, names, actions: int = 0, players: int = 2, lang=None, plain=False) -> None:
    """A Trumfosaur save a few random actions into the game."""
    state = herna.load("trumfosaur", players=players).new_initial_state()
    rng = random.Random(1)
    for _ in range(actions):
        state.apply_action(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    write_save(path, state, seats, seed, names, lang, plain)


# ----- 1. square brackets are text, never markup -------------------------------------------------
def test_brackets_in_a_game_name_seat_spec_or_path_are_echoed_as_typed(tmp_path):
    assert one_error_line(run("play", "[/]")) == \
        "error: unknown game '[/]'; the games are: trumfosaur, ugo, kurnik"
    assert "unknown seat 'gr[/]x'" in one_error_line(run("play", "trumfosaur", "--seats", "gr[/]x,random"))
    missing = tmp_path / "a[/]b.json"
    assert one_error_line(run("play", "trumfosaur", "--resume", missing)) == \
        f"error: cannot read {missing}: No such file or directory"
    line = one_error_line(run("arena", "ugo", "--bots", "greedy,[bold]x"))
    assert "unknown bot '[bold]x'" in line and "ismcts[:0.2s|:2000][:random|:greedy]" in line


def test_an_out_folder_with_brackets_is_reported_whole(tmp_path):
    out = tmp_path / "r[x]"
    result = run("arena", "ugo", "--bots", "greedy,random", "-n", "1", "-o", "rounds=1", "--out", out)
    assert result.exit_code == 0, result.output
    assert f"games: {out / 'games.jsonl'}" in result.output
    assert (out / "games.jsonl").exists()


def test_bench_vs_openspiel_names_the_extra_when_it_is_missing(monkeypatch):
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # import pyspiel raises ImportError
    line = one_error_line(run("bench", "--vs-openspiel"))
    assert "pip install 'herna[openspiel]'" in line


def test_tables_print_user_text_as_it_is():
    buffer = io.StringIO()
    output.console.file = buffer
    try:
        summary = {"unit": "game", "units": 2, "duplicate": False, "games": 2, "seconds_per_game": 0.1, "jobs": 1,
                   "pairs": [], "bots": [{"bot": "[bold]x[/bold]", "score": {"mean": 1, "ci95": [0, 2]},
                                          "margin": {"mean": 0, "ci95": [-1, 1]},
                                          "win": {"mean": 0.5, "ci95": [0.1, 0.9]},
                                          "rating": {"mu": 25, "ci95": [20, 30]}}]}
        print_arena(summary, "ugo", {"note": "[red]"}, None)
    finally:
        output.console.file = None
    text = buffer.getvalue()
    assert "[bold]x[/bold]" in text and "note [red]" in text  # markup in user text is printed, not applied


# ----- 5. command-line mistakes: one line, exit 2 -------------------------------------------------
@pytest.mark.parametrize("args,words", [
    (["play", "ugo", "--players", "abc"], "'--players'"),
    (["simulate", "ugo", "-n", "0"], "greater than or equal to 1"),
    (["simulate", "ugo", "--bogus"], "No such option: --bogus"),
    (["simulate"], "Missing argument 'game'"),
    (["nosuchcommand"], "No such command"),
])
def test_typer_errors_are_one_line_in_herna_style(args, words):
    line = one_error_line(run(*args))
    assert words in line and "╭" not in line and "--help" in line


def test_help_and_version_still_work():
    result = run("simulate", "--help")
    assert result.exit_code == 0 and "Usage" in result.output and "--plain" in result.output
    result = run("--version")
    assert result.exit_code == 0 and result.output.strip() == f"herna {version('herna')}"


# ----- 3. saves keep the table -----------------------------------------------------------------
def test_save_records_the_human_seats_seed_and_names_even_when_bots_stood_in(tmp_path):
    save = tmp_path / "g.json"
    result = run("play", "trumfosaur", "--players", "2", "--target-score", "3", "--seed", "5",
                 "--seats", "greedy,human", "--names", ",Tom", "--save", save)
    assert result.exit_code == 0, result.output
    assert "for this run" in result.output
    saved = read_save(save)
    assert saved.seats == ["greedy", "human"] and saved.seed == 5 and saved.names == [None, "Tom"]


def test_resume_restores_seats_seed_and_names(tmp_path):
    save = tmp_path / "g.json"
    partial_save(save, ["random", "human", "greedy"], 77, ["Ann", None, "Bo"], actions=40, players=3)
    result = run("play", "trumfosaur", "--resume", save)
    assert result.exit_code == 0, result.output
    assert "seats: Ann (random), greedy, Bo (greedy) · seed 77" in result.output
    after = read_save(save)
    assert after.seats == ["random", "human", "greedy"] and after.seed == 77 and after.names == ["Ann", None, "Bo"]
    assert after.state.is_terminal()


def test_resume_goes_on_in_the_saved_language_and_mode(tmp_path):
    save = tmp_path / "g.json"
    partial_save(save, ["human", "greedy"], 5, [None, None], actions=10, lang="cs", plain=True)
    assert read_save(save).lang == "cs" and read_save(save).plain is True
    result = run("play", "trumfosaur", "--resume", save)
    assert result.exit_code == 0, result.output
    assert "Konec hry" in result.output and "Game over" not in result.output
    assert "·" not in result.output  # plain: no symbols
    assert read_save(save).lang == "cs"
    partial_save(save, ["human", "greedy"], 5, [None, None], actions=10, lang="cs")
    english = run("play", "trumfosaur", "--resume", save, "--lang", "en")
    assert "Game over" in english.output  # --lang given wins


def test_a_save_with_a_bad_language_is_refused(tmp_path):
    save = tmp_path / "g.json"
    partial_save(save, ["human", "greedy"], 5, [None, None], actions=4)
    data = json.loads(save.read_text())
    data["table"]["lang"] = "xx"
    save.write_text(json.dumps(data))
    line = one_error_line(run("play", "trumfosaur", "--resume", save))
    assert "unknown language 'xx'" in line


def test_resume_flags_replace_the_saved_ones_only_when_they_fit(tmp_path):
    save = tmp_path / "g.json"
    partial_save(save, ["human", "greedy"], 3, [None, None], actions=10)
    before = save.read_text()
    line = one_error_line(run("play", "trumfosaur", "--resume", save, "--seats", "greedy,greedy,greedy"))
    assert "--seats names 3 seats, but the saved game in" in line and "has 2 players" in line
    assert "--names gives 3 names" in one_error_line(run("play", "trumfosaur", "--resume", save, "--names", "A,B,C"))
    assert save.read_text() == before  # a refused resume leaves the file as it was
    result = run("play", "trumfosaur", "--resume", save, "--seats", "random,greedy", "--seed", "9",
                 "--names", "Eva,")
    assert result.exit_code == 0, result.output
    assert "seats: Eva (random), greedy · seed 9" in result.output
    assert read_save(save).seats == ["random", "greedy"]


def test_a_save_from_an_older_herna_resumes_as_before_with_a_note(tmp_path):
    save = tmp_path / "old.json"
    state = herna.load("trumfosaur", players=2, target_score=3).new_initial_state()
    save.write_text(json.dumps(state.to_json()))
    assert read_save(save).seats is None
    result = run("play", "trumfosaur", "--resume", save, "--seed", "2")
    assert result.exit_code == 0, result.output
    notes = [line for line in result.output.splitlines() if line.startswith("note:")]
    assert len(notes) == 1 and "older herna" in notes[0] and "human in seat 1" in notes[0]
    assert read_save(save).seats == ["human", "greedy"]


@pytest.mark.parametrize("content,words", [
    (b"\xff\xfe\x00binary", "not a text file"),
    (b"{oops", "not JSON"),
    (b"[" * 100000, "nested too deeply"),
    (b'{"some": "json"}', "not a herna saved game"),
])
def test_read_save_refuses_files_that_are_not_saves(tmp_path, content, words):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(FormatError, match=words):
        read_save(path)
    assert words in one_error_line(run("play", "trumfosaur", "--resume", path))


@pytest.mark.parametrize("table,words", [
    ({"seats": ["human"], "seed": 1, "names": [None]}, "must list 2 seats"),
    ({"seats": ["human", "chess"], "seed": 1}, "unknown seat 'chess'"),
    ({"seats": ["human", "expectimax"], "seed": 1}, "seat 2 ('expectimax') cannot play: the expectimax bot plays"),
    ({"seats": ["human", "policy:gone.npz"], "seed": 1}, "seat 2 ('policy:gone.npz') cannot play:"),
    ({"seats": ["human", "greedy"], "seed": "x"}, "seed that is not an integer"),
    ({"seats": ["human", "greedy"], "seed": 1, "names": ["A\x1b[2J", None]}, "non-printing"),
    ({"seats": ["human", "greedy"], "seed": 1, "names": ["A" * 21, None]}, "at most 20"),
    ("human", "must be an object"),
])
def test_read_save_refuses_a_table_that_does_not_fit(tmp_path, table, words):
    path = tmp_path / "bad.json"
    data = herna.load("trumfosaur", players=2).new_initial_state().to_json()
    data["table"] = table
    path.write_text(json.dumps(data))
    with pytest.raises(FormatError, match="the \"table\" of the save"):
        read_save(path)
    assert words in one_error_line(run("play", "trumfosaur", "--resume", path))


def test_names_are_checked():
    assert parse_names("Eva, ,Tom", 3) == ["Eva", None, "Tom"]
    assert parse_names("Éva Nováková,", 2) == ["Éva Nováková", None]
    for text, words in (("Eva", "gives 1 name"), ("Eva,T\nom", "non-printing"), ("Eva,\x07", "non-printing"),
                        ("Eva," + "x" * 21, "at most 20")):
        with pytest.raises(ValueError, match=words):
            parse_names(text, 2)
    assert "gives 1 name" in one_error_line(run("play", "trumfosaur", "--players", "2", "--names", "Eva"))


@pytest.mark.skipif(HERNA is None, reason="the herna command is not installed")
def test_resumed_game_gives_the_human_seat_back(tmp_path):
    """The human sat in seat 2; resuming used to give seat 1 to a human and seat 2 to a bot."""
    save = tmp_path / "g.json"
    partial_save(save, ["greedy", "human"], 11, [None, "Tom"])
    child = pexpect.spawn(HERNA, ["play", "trumfosaur", "--resume", str(save)], encoding="utf-8", timeout=120,
                          dimensions=(50, 160), preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    child.expect("Choose a number")
    assert "You are Tom (seat 2)." in child.before
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    saved = read_save(save)
    assert saved.seats == ["greedy", "human"] and saved.names == [None, "Tom"] and saved.seed == 11


# ----- 4. replay -------------------------------------------------------------------------------
def test_replay_game_flag_is_for_arena_files(tmp_path):
    save = tmp_path / "g.json"
    partial_save(save, ["human", "greedy"], 1, None, actions=50)
    line = one_error_line(run("replay", save, "--game", "2"))
    assert "--game picks one game of an arena file (games.jsonl)" in line and "lines" not in line


def test_replay_all_cards_shows_every_hand_and_the_hidden_invitations(tmp_path):
    """T-10.2 keeps invitations hidden at the table; a replay with --all-cards shows them."""
    save = tmp_path / "g.json"
    result = run("play", "trumfosaur", "--players", "3", "--target-score", "3", "--seed", "4", "--save", save)
    assert result.exit_code == 0, result.output
    hidden = run("replay", save, "--all")
    assert "chooses the invitation" not in hidden.output and "Your hand" not in hidden.output
    hidden = run("replay", save, "--all", "--verbosity", "full")
    assert "chooses an invitation face down" in hidden.output and "Your hand" not in hidden.output
    shown = run("replay", save, "--all", "--all-cards")
    assert shown.exit_code == 0, shown.output
    assert "chooses an invitation face down" not in shown.output
    assert "chooses the invitation" in shown.output
    deals = read_save(save).state.view()["deal_number"]
    # every seat's hand at the start of each deal and once more at the end, each named by its seat
    assert "Your hand" not in shown.output
    for seat in (1, 2, 3):
        assert shown.output.count(f"Seat {seat}'s hand:") == deals + 1
        assert shown.output.count(f"Seat {seat}'s invitation:") == deals + 1
    as_seat = run("replay", save, "--all", "--all-cards", "--seat", "2", "--lang", "cs")
    assert as_seat.exit_code == 0, as_seat.output
    assert "Karty hráče 1: " in as_seat.output and "Karty hráče 3: " in as_seat.output
    assert "Karty hráče 2" not in as_seat.output and "Tvoje karty: " in as_seat.output  # the seat's own


def test_replay_seat_is_the_number_players_read(tmp_path):
    save = tmp_path / "g.json"
    partial_save(save, ["human", "greedy"], 1, None, actions=50)
    assert "seats 1 to 2" in one_error_line(run("replay", save, "--seat", "0"))
    assert "seats 1 to 2" in one_error_line(run("replay", save, "--seat", "3"))
    result = run("replay", save, "--seat", "2", "--all")
    assert result.exit_code == 0 and "Your hand" in result.output


# ----- 6. files nested too deeply ------------------------------------------------------------------
def test_deeply_nested_json_is_one_line_everywhere(tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100000)
    assert "nested too deeply" in one_error_line(run("replay", deep))
    assert "nested too deeply" in one_error_line(run("play", "ugo", "--resume", deep))
    assert "exists and is not a herna saved game" in one_error_line(run("play", "ugo", "--save", deep))
    lines = tmp_path / "deep.jsonl"
    lines.write_text("[" * 100000 + "\n")
    result = run("replay", lines)
    assert result.exit_code == 2 and "holds no games" in result.output and "Traceback" not in result.output
    result = run("scenario", deep)
    assert result.exit_code == 1 and "nested too deeply" in result.output
    assert len(result.output.strip().splitlines()) == 1


# ----- --plain: no progress bar --------------------------------------------------------------------
def test_plain_progress_has_no_bar_even_at_a_terminal(monkeypatch):
    buffer = io.StringIO()
    monkeypatch.setattr(runs, "err", Console(file=buffer, force_terminal=True, width=80))
    lines = io.StringIO()
    monkeypatch.setattr(sys, "stderr", lines)
    with runs.progress("simulating", 4, plain=True) as advance:
        for _ in range(4):
            advance(1)
    assert buffer.getvalue() == ""
    assert lines.getvalue().splitlines()[-1].startswith("4 of 4 games, ")
    with runs.progress("simulating", 4, plain=False) as advance:
        advance(4)
    assert "simulating" in buffer.getvalue()  # the bar, at a terminal without --plain


def test_plain_flags_are_accepted():
    for command in ("play", "replay", "simulate", "arena", "analyze"):
        result = run(command, "--help")
        assert "--plain" in result.output, command
