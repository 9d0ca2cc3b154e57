"""Issue 24 item 7 beyond ``herna play``: ``--plain`` of simulate, arena and
analyze (tables one logical line per row, no box drawing, dashes or die
faces), their progress lines ("1 second"), Kurník's rooster shown only with
its variant (K-9.2), and help lines that never cut a word at 80 columns."""

from __future__ import annotations

import io
import re
import signal
import subprocess
import sys

import pytest
from rich.console import Console
from typer.testing import CliRunner

import herna
from herna.cli import runs
from herna.cli.main import COMMANDS, SHORT_HELP, app
from herna.cli.play import play

from .prompts import Reader

cli = CliRunner()

SYMBOLS = re.compile("[—–−±σ·→…⚀⚁⚂⚃⚄⚅\u2500-\u257f{}]")
"""What plain mode never prints: dashes (em, en, minus), the middle dot, arrows, ellipses, plus-minus, sigma, die
faces, box drawing, braces (the options in words, not JSON)."""


def plain_run(*args: str) -> list[str]:
    """The lines ``herna ARGS --plain`` printed (stdout and stderr), checked to have none of :data:`SYMBOLS`,
    no leading spaces and no columns lined up with spaces."""
    result = cli.invoke(app, [*args, "--plain"], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    assert not SYMBOLS.findall(result.output), SYMBOLS.findall(result.output)
    lines = [line for line in result.output.splitlines() if line]
    assert not [line for line in lines if line.startswith(" ")], result.output
    assert not [line for line in lines if re.search(r"\S {2,}\S", line)], result.output
    return lines


def rows(lines: list[str], start: str) -> list[str]:
    return [line for line in lines if line.startswith(start)]


def test_simulate_plain_is_one_line_per_seat():
    lines = plain_run("simulate", "kurnik", "-n", "6", "--players", "2", "--seats", "random,random")
    seats = rows(lines, "seat ")
    assert [line.split(":")[0] for line in seats] == ["seat 1", "seat 2"], lines
    for line in seats:  # every column of the row on its line, an interval in words
        assert re.search(r"mean score .+, score 95% CI -?[\d.]+ to -?[\d.]+, win share .+, win 95% CI [\d.]+ to "
                         r"[\d.]+$", line), line
    assert max(map(len, seats)) > 80  # not wrapped at the terminal's 80 columns


def test_arena_plain_is_one_line_per_bot_and_pair():
    lines = plain_run("arena", "ugo", "--bots", "greedy,random", "-n", "2", "-o", "rounds=1")
    bots = rows(lines, "bot ")
    assert [line.split(":")[0] for line in bots] == ["bot greedy", "bot random"], lines
    assert all("rating mu" in line and "plus or minus 1.96 sigma" in line for line in bots), bots
    assert rows(lines, "ugo players 2, rounds 1, "), lines  # the header: the options in words
    assert len(rows(lines, "A greedy: B random, score A-B ")) == 1, lines
    assert max(map(len, bots)) > 80


def test_analyze_plain_is_one_line_per_variant(tmp_path):
    lines = plain_run("analyze", "kurnik", "-n", "4", "--players", "2", "--bots", "random,random",
                      "--variant", "rough_thief=true", "--out", str(tmp_path / "report"))
    assert "-n 4 is per variant: 4 games for the base and 4 games for the variant, 8 games in all" in lines
    variants = rows(lines, "variant ")
    assert [line.split(":")[0] for line in variants] == ["variant base", "variant rough_thief", "variant rough_thief"]
    assert all(re.search(r"\(-?[\d.]+ to -?[\d.]+\)", line) for line in variants), variants
    assert max(map(len, variants)) > 80


def test_plain_progress_says_1_second(monkeypatch, capsys):
    """The progress lines count seconds in words, singular for 1 (a clock set by the test, not the wall)."""
    clock = iter([10.0, 11.2, 12.4, 12.6])
    monkeypatch.setattr(runs.time, "perf_counter", lambda: next(clock))
    step = runs.progress_lines(3, plain=True)
    for _ in range(3):
        step(1)
    assert capsys.readouterr().err.splitlines() == ["1 of 3 games, 1 second", "2 of 3 games, 2 seconds",
                                                     "3 of 3 games, 3 seconds"]


@pytest.mark.parametrize("lang,word", [("en", "rooster"), ("cs", "kohout")])
def test_kurnik_shows_the_rooster_only_with_its_variant(lang, word):
    """K-9.2: without the dead-rooster variant, the table, the hand and the supply say nothing of roosters
    ("rooster none" in every coop was noise); with it, each coop's rooster is told."""
    said = {}
    for dead in (False, True):
        out = Console(width=120, color_system=None, record=True, file=io.StringIO())
        read = Reader(["table", "hand", "coops"], then="1", limit=5)
        play(herna.load("kurnik", players=3, dead_rooster=dead), ["human", "random", "random"], 2, lang, None, True,
             out, read, plain=True)
        said[dead] = out.export_text().lower()
    assert word not in said[False], said[False]
    assert said[True].count(word) >= 3, said[True]  # each seat's coop in the table


def test_help_lines_at_80_columns_keep_sentences_and_words_whole():
    """``herna --help``: each command's line whole; an option's help wrapped at spaces only (click cut
    ``ismcts[...]``, ``openspiel-ismcts`` and ``--vs-openspiel`` in two at 80 columns)."""
    result = cli.invoke(app, ["--help"], env={"COLUMNS": "80"})
    assert result.exit_code == 0
    for name in COMMANDS:
        assert re.search(rf"^  {name} +{re.escape(SHORT_HELP[name])}$", result.output, re.M), name
    for command in ("simulate", "play"):
        result = cli.invoke(app, [command, "--help"], env={"COLUMNS": "80"})
        assert result.exit_code == 0
        words = result.output.split()
        assert "ismcts[:0.2s|:2000][:random|:greedy][:python|:compiled]," in words, result.output
        assert "openspiel-ismcts[:0.2s|:500]" in words and "perfect-information" in result.output
    result = cli.invoke(app, ["bench", "--help"], env={"COLUMNS": "80"})  # a command with subcommands too
    assert result.exit_code == 0 and "--vs-openspiel:" in result.output.split(), result.output


@pytest.mark.parametrize("game,options", [("trumfosaur", ["--target-score", "8"]), ("ugo", ["--rounds", "1"]),
                                          ("kurnik", ["-p", "3", "--dead-rooster", "--rough-thief"])])
def test_replay_plain_of_a_whole_game(game, options, tmp_path):
    """``herna replay --plain`` of a game played by bots (standard input is no terminal): every step, each
    deal's table for seat 1 and every hand, in both languages, without symbols or leading spaces."""
    save = tmp_path / "game.json"
    result = cli.invoke(app, ["play", game, *options, "--seed", "3", "--save", str(save)])
    assert result.exit_code == 0 and save.exists(), result.output
    for lang in ("en", "cs"):
        lines = plain_run("replay", str(save), "--seat", "1", "--all-cards", "--lang", lang)
        assert len(lines) > 20 and re.match(r"\d+ \S", lines[1]), lines[:3]  # "4 Seat 2 ...": the step, no column


@pytest.mark.parametrize("args,last", [
    (["arena", "kurnik", "--bots", "random,random"], "error: interrupted"),
    (["analyze", "kurnik", "-p", "2", "--bots", "random,random", "--variant", "rough_thief=true"],
     "error: interrupted; the games played are in {out}: rerun the same command to resume"),
])
def test_sigterm_stops_arena_and_analyze_without_worker_noise(args, last, tmp_path):
    """As ``simulate``'s test in test_commands.py: SIGTERM once the first progress line is out (a condition,
    not a time), then one ``error:`` line, exit status 143, no traceback, broken pipe or leaked semaphore."""
    out = tmp_path / "report"
    extra = ["--out", str(out)] if args[0] == "analyze" else []
    command = [sys.executable, "-c", "from herna.cli.main import main; main()", *args, *extra, "-n", "100000",
               "--jobs", "2", "--plain"]
    process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True)
    assert process.stderr is not None
    line = process.stderr.readline()
    while line and " games, " not in line:  # analyze says first that -n counts per variant
        line = process.stderr.readline()
    assert re.match(r"\d+ of \d+ games, \d+ seconds?$", line), line
    process.send_signal(signal.SIGTERM)
    stdout, stderr = process.communicate(timeout=120)
    assert process.returncode == 143, stderr
    lines = [line for line in stderr.splitlines() if line.strip()]
    assert lines[-1] == last.format(out=out), stderr
    for noise in ("Traceback", "BrokenPipe", "leaked", "resource_tracker"):
        assert noise not in stderr
    assert stdout == ""
