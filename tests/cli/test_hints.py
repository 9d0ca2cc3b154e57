"""The ``hint`` command at the terminal prompt (``rada`` in Czech) and
``herna review SAVE`` (herna/cli/play.py, herna/cli/commands/review.py,
herna/bots/hints.py)."""

from __future__ import annotations

import io
import json
import random
import re

import pytest
from rich.console import Console
from typer.testing import CliRunner

import herna
from herna.bots import hints, make_bot, observe
from herna.bots.hints import shown_loss
from herna.cli.i18n import command_word
from herna.cli.main import app
from herna.cli.play import play
from herna.cli.savefile import write_save
from herna.core import CHANCE

from .prompts import english_words, first_choices

cli = CliRunner()
GAMES = {
    "kurnik": (dict(players=3), ["human", "greedy", "random"]),
    "ugo": (dict(players=3, rounds=1), ["human", "greedy", "greedy"]),
    "trumfosaur": (dict(players=3, target_score=6), ["human", "greedy", "random"]),
}


def invoke(*args):
    return cli.invoke(app, [str(a) for a in args])


def console() -> Console:
    return Console(width=200, color_system=None, record=True, file=io.StringIO())


def run(name, answers, lang="en", save=None, verbosity="full"):
    options, seats = GAMES[name]
    out = console()
    state = play(herna.load(name, **options), seats, 5, lang, save, True, console=out,
                 read=first_choices(answers, limit=len(answers) + 1), hint_iterations=200, verbosity=verbosity)
    return state, out.export_text()


@pytest.mark.parametrize("name", GAMES)
def test_hint_at_the_prompt_numbers_moves_as_the_menu_and_changes_nothing(name, tmp_path):
    answers = ["1", "1", "1", "hint", "2", "quit"]
    with_hint, text = run(name, answers, save=tmp_path / "a.json")
    without, _ = run(name, [a for a in answers if a != "hint"], save=tmp_path / "b.json")
    assert with_hint.history() == without.history()  # the game went on exactly as without the hint
    saved = [json.loads((tmp_path / f).read_text()) for f in ("a.json", "b.json")]
    assert saved[0] == saved[1]
    head = "The strong bot's best moves (it sees only what you see; value: "
    assert head in text
    block = text.split(head, 1)[1].splitlines()[1:]
    menu = text.split(head, 1)[0].rsplit("Your move", 1)[1].splitlines()[1:]
    numbered = {line.split(".")[0].strip(): line.split(".", 1)[1].split("(")[0].strip() for line in menu
                if line.strip()[:1].isdigit()}
    lines = [line for line in block[:3] if line.strip()[:1].isdigit()]
    assert lines and len(lines) == min(3, len(numbered))
    for line in lines:
        number, rest = line.strip().split(". ", 1)
        assert rest.startswith(numbered[number])  # the number of the move in the menu
        assert ("chance to win" if name == "kurnik" else "points") in rest


def test_rada_is_the_czech_word_and_help_lists_it():
    assert command_word("rada") == "hint" and command_word("hint") == "hint"
    _, text = run("kurnik", ["pomoc", "rada", "konec"], lang="cs")
    assert "rada (hint): tři nejlepší tahy silného bota" in text
    assert "Nejlepší tahy silného bota (vidí jen to, co ty; hodnota: tvoje šance vyhrát hru):" in text
    assert "šance na výhru" in text


@pytest.mark.parametrize("name", GAMES)
def test_a_czech_hint_shows_no_english(name):
    """``rada`` in a Czech game: the head, the values and the reasons in
    Czech (action strings and card codes excepted)."""
    _, text = run(name, ["1", "1", "rada", "rada", "konec"], lang="cs")
    block = text.split("Nejlepší tahy silného bota", 1)[1].split("Hra přerušena", 1)[0]
    found = sorted(set(re.findall(r"[A-Za-z]{2,}", block)) & english_words(name))
    assert not found, found


def test_help_lists_hint_in_english():
    _, text = run("ugo", ["help", "quit"])
    assert "hint: the strong bot's three best moves" in text


def test_play_refuses_a_bad_hint_budget():
    for bad in ("0", "-1", "nan", "5000"):
        result = invoke("play", "kurnik", "--hint-seconds", bad)
        assert result.exit_code == 2, result.output
        assert "--hint-seconds" in result.output


@pytest.fixture(scope="module")
def finished(tmp_path_factory):
    """A finished Ugo! game saved as ``herna play --save`` writes it, seat 1 human."""
    options, seats = GAMES["ugo"]
    path = tmp_path_factory.mktemp("review") / "ugo.json"
    state = herna.load("ugo", **options).new_initial_state()
    bots = [make_bot(spec, state.game, s, seed=s) for s, spec in enumerate(["greedy", "greedy", "random"])]
    rng = random.Random(3)
    while not state.is_terminal():
        player = state.current_player()
        bot = bots[player] if player != CHANCE else None
        state.apply_action(bot.choose(observe(state, player)) if bot else state.sample_chance(rng))
    write_save(path, state, seats, 3, [None, None, None], "en", False)
    return path


def test_review_prints_the_moves_that_lost_the_most(finished):
    before = finished.read_bytes()
    result = invoke("review", finished, "--iterations", "320", "--seed", "1", "--top", "3")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "The moves that lost the most (value: your expected point margin over the others at the end of this " \
           "round):" in out
    lines = [line for line in out.splitlines() if line.startswith("Round ")]
    assert 1 <= len(lines) <= 3
    # where (round and trick), what was played by name (no action codes), the better move, the loss with its noise
    assert all(re.match(r"Round 1, (after )?trick \d+, Seat 1: played ", line) for line in lines), lines
    assert all("; better " in line and "; lost " in line and "(± " in line for line in lines)
    assert not any(re.search(r"\b(play|farm|open) [a-z]*\d|#\d", line) for line in lines), lines
    assert "Decisions reviewed: " in out and "standard error" in out
    # one line per mistake and one per reason, never cut at the pipe's width (a trial found "...opens field" / "A")
    reasons = [line for line in out.splitlines() if line.startswith("    ")]
    assert len(reasons) == len(lines) and all(line.rstrip().endswith("move played") for line in reasons), out
    # each says what the move played did too, not only the better move (a trial: the biggest loss unexplained)
    assert all("; the move played: " in line for line in reasons), reasons
    assert finished.read_bytes() == before
    again = invoke("review", finished, "--iterations", "320", "--seed", "1", "--top", "3")
    assert again.output == out  # reproducible
    cs = invoke("review", finished, "--iterations", "320", "--seed", "1", "--lang", "cs")
    assert cs.exit_code == 0 and "Tahy, které ztratily nejvíc" in cs.output and "zahráno" in cs.output
    assert "Kolo 1, " in cs.output or "kolo 1, " in cs.output.lower()


def test_review_is_the_same_on_every_run_by_default(finished, monkeypatch):
    """No budget and no seed given: an iteration budget, seeded from the file (the issue's five runs gave five
    lists), sorted by the loss as printed. The default's size (4,000 a decision, docs/hints.md) is lowered
    here to keep the test short: what is checked is that no budget given means an iteration budget."""
    monkeypatch.setattr(hints, "DEFAULT_REVIEW_ITERATIONS", 1200)
    runs = [invoke("review", finished, "--json") for _ in range(2)]
    assert all(r.exit_code == 0 for r in runs), runs[0].output
    assert runs[0].output == runs[1].output
    items = json.loads(runs[0].output)["items"]
    gaps = [shown_loss(i["loss"], i["value_kind"]) for i in items]
    assert gaps == sorted(gaps, reverse=True)
    assert all(i["where"].startswith("round 1, ") for i in items)
    # a loss is listed only beyond the noise: twice the standard error of the difference
    assert all(i["loss"] == 0 or i["loss"] > 2 * i["loss_se"] - 1e-9 for i in items)
    assert any(i["loss"] > 0 for i in items)


def test_review_json(finished):
    result = invoke("review", finished, "--iterations", "320", "--seed", "1", "--seat", "2", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["game"] == "ugo" and data["finished"] is True and data["seats"] == [2]
    items = data["items"]
    assert items and data["decisions"] == len(items)
    assert [i["loss"] for i in items] == sorted((i["loss"] for i in items), reverse=True)
    assert {i["seat"] for i in items} == {2}
    assert set(items[0]) >= {"seq", "seat", "played", "played_label", "played_value", "best", "best_label",
                             "best_value", "loss", "value_kind", "reason", "where", "loss_se"}
    assert items[0]["value_kind"] == "points"


def test_review_of_an_unfinished_game_reviews_the_moves_so_far(tmp_path):
    path = tmp_path / "k.json"
    run("kurnik", ["1", "1", "1", "1", "quit"], save=path)
    result = invoke("review", path, "--iterations", "320", "--seed", "1")
    assert result.exit_code == 0, result.output
    assert "The game is not finished: the moves so far are reviewed." in result.output
    assert "Decisions reviewed: " in result.output


def test_review_refuses_bad_input_and_changes_nothing(finished, tmp_path):
    before = finished.read_bytes()
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    cases = [
        ((tmp_path / "missing.json",), "cannot read"),
        ((bad,), "is not a herna saved game"),
        ((finished, "--seat", "4"), "--seat 4: this game has seats 1 to 3"),
        ((finished, "--seat", "0"), "--seat 0"),
        ((finished, "--seconds", "1", "--iterations", "5"), "not both"),
        ((finished, "--iterations", "0"), "--iterations"),
        ((finished, "--iterations", "1"), "--iterations 1: a review searches at least 320 iterations a decision"),
        ((finished, "--iterations", "319"), "with fewer a verdict means nothing); the default is 4000"),
        ((finished, "--seconds", "-2"), "--seconds"),
        ((finished, "--top", "0"), "--top 0"),
        ((finished, "--lang", "de"), "unknown language"),
    ]
    for args, message in cases:
        result = invoke("review", *args)
        assert result.exit_code == 2, (args, result.output)
        assert message in result.output, (args, result.output)
        assert len([line for line in result.output.splitlines() if line.strip()]) == 1, result.output
    assert finished.read_bytes() == before
    assert bad.read_text() == "{not json"
