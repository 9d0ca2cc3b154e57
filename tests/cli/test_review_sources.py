"""``herna review`` of an arena file (games.jsonl, ``--game N`` as ``herna
replay`` takes it), its budget's minimum, what ``--json`` says of every
decision (the move the verdict compared with the one played), and the loss
printed from its unrounded value in the terminal's line and the web's words
alike (herna/cli/commands/review.py, herna/bots/hints.py,
herna/bots/review_text.py, herna/server/review.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from herna.bots.hints import MIN_LOSS, MIN_REVIEW_ITERATIONS, NOISE, ReviewItem, loss_words, shown_loss
from herna.bots.review_text import mistake_line, mistakes
from herna.cli.main import app

runner = CliRunner()
REVIEW = ("--iterations", str(MIN_REVIEW_ITERATIONS), "--seed", "1")


def invoke(*args):
    return runner.invoke(app, [str(a) for a in args])


def one_error_line(result) -> str:
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output
    return lines[0]


@pytest.fixture(scope="module")
def arena(tmp_path_factory) -> Path:
    """An arena's games.jsonl of two seeded one-round Ugo! games (indices 0 and 1)."""
    out = tmp_path_factory.mktemp("arena") / "run"
    result = invoke("arena", "ugo", "-n", "2", "--bots", "greedy,random", "-o", "rounds=1", "--seed", "3",
                    "--out", out, "--json")
    assert result.exit_code == 0, result.output
    path = out / "games.jsonl"
    assert [json.loads(line)["index"] for line in path.read_text().splitlines()] == [0, 1]
    return path


def test_an_arena_game_is_reviewed_as_the_same_game_saved(arena, tmp_path):
    record = json.loads(arena.read_text().splitlines()[1])
    saved = tmp_path / "game1.json"
    saved.write_text(json.dumps(record["saved"]))
    from_arena = invoke("review", arena, "--game", 1, "--seat", 2, "--json", *REVIEW)
    assert from_arena.exit_code == 0, from_arena.output
    from_save = invoke("review", saved, "--seat", 2, "--json", *REVIEW)
    assert from_save.exit_code == 0, from_save.output
    one, two = json.loads(from_arena.output), json.loads(from_save.output)
    assert one["game_index"] == 1 and "game_index" not in two
    assert one["items"] == two["items"] and one["items"] and one["seats"] == [2]
    # the text says which game and who sat where, as herna replay --game does
    text = invoke("review", arena, "--game", 1, "--seat", 2, "--top", 2, *REVIEW)
    assert text.exit_code == 0, text.output
    first = text.output.splitlines()[0]
    assert first.startswith(f"game 1 of {arena}") and "Seat 1: " in first and "Seat 2: " in first
    # a file of one game needs no --game, whatever its name
    only = tmp_path / "one-game.txt"
    only.write_text(arena.read_text().splitlines()[1] + "\n")
    alone = invoke("review", only, "--seat", 2, "--json", *REVIEW)
    assert alone.exit_code == 0, alone.output
    assert json.loads(alone.output)["items"] == one["items"]


def test_every_decision_says_what_it_was_compared_with(arena):
    result = invoke("review", arena, "--game", 0, "--json", *REVIEW)
    assert result.exit_code == 0, result.output
    items = json.loads(result.output)["items"]
    assert items and any(i["loss"] == 0 for i in items)
    for item in items:
        assert item["proposed"] is not None and item["proposed"] != item["played"]
        assert item["proposed_label"] and item["proposed_string"]
        assert item["paired_loss"] == pytest.approx(item["proposed_value"] - item["played_value"], abs=1e-9)
        if item["loss"] > 0:  # a mistake: the proposal is the better move and the paired loss the loss
            assert item["best"] == item["proposed"] and item["paired_loss"] == pytest.approx(item["loss"])
            assert item["loss"] > NOISE * item["loss_se"]
        else:  # none: what was checked, and why it did not count
            assert item["best"] == item["played"]
            assert item["paired_loss"] <= NOISE * item["loss_se"] + 1e-12 or item["paired_loss"] < MIN_LOSS["points"]


def test_an_arena_file_s_mistakes_are_told_in_one_line(arena, tmp_path):
    garbage = tmp_path / "garbage.jsonl"
    garbage.write_text("not json\n{\"index\": 0}\n")
    bare = tmp_path / "bare.jsonl"
    record = json.loads(arena.read_text().splitlines()[0])
    bare.write_text(json.dumps({k: v for k, v in record.items() if k != "saved"}) + "\n")
    broken = tmp_path / "broken.jsonl"
    broken.write_text(json.dumps({**record, "saved": {**record["saved"], "history": [999999]}}) + "\n")
    binary = tmp_path / "binary.jsonl"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    two = tmp_path / "games.txt"  # JSON Lines without the .jsonl name: told by its first line
    two.write_text(arena.read_text())
    save = tmp_path / "save.json"
    save.write_text(json.dumps(record["saved"]))
    cases = [
        ((arena,), f"{arena} holds 2 games, numbered 0 to 1: choose one with --game N"),
        ((two,), f"{two} holds 2 games, numbered 0 to 1: choose one with --game N"),
        ((arena, "--game", 2), f"--game 2: {arena} has no game 2; it holds 2 games, numbered 0 to 1"),
        ((arena, "--game", -1), f"--game -1: {arena} has no game -1"),
        ((garbage,), f"{garbage} holds no games (an arena file is JSON Lines"),
        ((bare,), f"game 0 of {bare} was stored without its moves"),
        ((broken,), f"game 0 of {broken} is not a herna saved game: "),
        ((binary,), f"{binary} is not a text file"),
        ((tmp_path / "missing.jsonl",), "cannot read"),
        ((save, "--game", 0), f"{save} is a single saved game: leave out --game"),
    ]
    for args, words in cases:
        line = one_error_line(invoke("review", *args, *REVIEW))
        assert words in line, (args, line)


def test_a_budget_below_the_minimum_is_refused_saying_why(arena):
    for budget in (1, MIN_REVIEW_ITERATIONS - 1):
        line = one_error_line(invoke("review", arena, "--game", 0, "--iterations", budget))
        assert f"--iterations {budget}: a review searches at least {MIN_REVIEW_ITERATIONS} iterations" in line
        assert "replicates" in line and "the default is 4000" in line


def item(best: float, played: float, kind: str = "points") -> ReviewItem:
    return ReviewItem(seq=7, seat=0, played=1, played_string="play a", played_label="card A", played_value=played,
                      best=2, best_string="play b", best_label="card B", best_value=best, loss=best - played,
                      value_kind=kind, reason="why", where="round 1, trick 2", loss_se=0.01, proposed=2,
                      proposed_string="play b", proposed_label="card B", proposed_value=best, paired_loss=best - played)


@pytest.mark.parametrize("best, played, kind, values, loss", [
    (0.24, -0.04, "points", ("+0.2 points", "0.0 points"), "0.3 points"),  # rounded values differ by 0.2
    (1.26, 0.14, "points", ("+1.3 points", "+0.1 points"), "1.1 points"),  # by 1.2
    (0.416, 0.404, "win_chance", ("42% chance to win", "40% chance to win"), "1 percentage point"),  # by 2
])
def test_the_loss_is_printed_from_its_unrounded_value(best, played, kind, values, loss):
    """The issue: "lost 0.3" beside values whose difference is 0.2. The loss is rounded once from the
    verdict's unrounded difference, in the terminal's line and the web's words alike."""
    one = item(best, played, kind)
    line = mistake_line(one, "en", lambda seat: f"Seat {seat + 1}")
    assert f"played card A ({values[1]})" in line and f"better card B ({values[0]})" in line
    assert line.endswith(f"lost {loss} (± {'0.0' if kind == 'points' else '1'})")
    assert loss_words(one.loss, kind, "en") == loss
    assert mistakes([one], 5) == [one]
    pytest.importorskip("fastapi", exc_type=ImportError)
    from herna.server.review import mistake_words

    assert mistake_words(one, 0, "en")["loss"] == loss


def test_a_loss_that_rounds_to_nothing_is_not_listed():
    assert shown_loss(0.04, "points") == 0 and mistakes([item(0.5, 0.46)], 5) == []
    assert shown_loss(0.006, "win_chance") == 1.0 and shown_loss(0.004, "win_chance") == 0


def test_a_tiny_time_budget_still_searches_the_minimum(arena, monkeypatch):
    """--seconds 0.0001 is accepted (a time budget's size depends on the machine) but each decision's search
    makes at least MIN_REVIEW_ITERATIONS iterations."""
    from herna.bots import hints

    made = []
    search = hints._search

    def spy(*args, **kwargs):
        stats, bot = search(*args, **kwargs)
        made.append(bot.last_iterations)
        return stats, bot

    monkeypatch.setattr(hints, "_search", spy)
    result = invoke("review", arena, "--game", 0, "--seat", 1, "--seconds", "0.0001", "--json")
    assert result.exit_code == 0, result.output
    assert made and len(made) == json.loads(result.output)["decisions"]
    assert min(made) >= MIN_REVIEW_ITERATIONS, made


def test_review_and_replay_say_a_missing_or_doubled_game_alike(arena, tmp_path):
    """replay said "has no game 9; games are 0..1" where review said "--game 9: ... it holds 2 games, numbered
    0 to 1": both say the latter; two different records numbered alike (two runs in one file) are refused by
    both, naming the number, where review picked one silently; copies of one record are one game."""
    for command, extra in (("review", REVIEW), ("replay", ())):
        line = one_error_line(invoke(command, arena, "--game", 9, *extra))
        assert line == f"error: --game 9: {arena} has no game 9; it holds 2 games, numbered 0 to 1", (command, line)
    first, second = arena.read_text().splitlines()
    dup = tmp_path / "dup.jsonl"
    dup.write_text("\n".join([first, second, json.dumps({**json.loads(second), "index": 0})]) + "\n")
    for command, extra in (("review", REVIEW), ("replay", ())):
        line = one_error_line(invoke(command, dup, "--game", 0, *extra))
        assert line.startswith(f"error: --game 0: {dup} holds 2 different games numbered 0"), (command, line)
    copies = tmp_path / "copies.jsonl"
    copies.write_text("\n".join([first, first, second]) + "\n")
    assert invoke("replay", copies, "--game", 0).exit_code == 0


def test_review_and_replay_name_the_lines_they_could_not_read_and_an_empty_file_alike(arena, tmp_path):
    """A games.jsonl with a garbage line: "--game 1 ... has no game 1; it holds 2 games, numbered 0 to 2" said
    nothing of the unreadable line (game 1 may have been on it), and an empty file was "holds no game
    records (...)" in review but "holds no games (...)" in replay. Both now say the same one line: the games
    (numbers with a gap listed), the lines that could not be read and where, and one wording for no games."""
    first, second = arena.read_text().splitlines()
    damaged = tmp_path / "damaged.jsonl"
    damaged.write_text("\n".join([first, "{garbage", json.dumps({**json.loads(second), "index": 2})]) + "\n")
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    junk = tmp_path / "junk.jsonl"
    junk.write_text("x\n[1]\n\n{}\n")
    expected = [
        ((damaged, "--game", 1), f"error: --game 1: {damaged} has no game 1; it holds 2 games, numbered 0 and 2; "
                                 "1 line could not be read as a game record (line 2)"),
        ((empty,), f"error: {empty} holds no games (an arena file is JSON Lines, one game record a line, as herna "
                   "arena --out writes it)"),
        ((junk,), f"error: {junk} holds no games (an arena file is JSON Lines, one game record a line, as herna "
                  "arena --out writes it); 3 lines could not be read as game records (lines 1, 2, 4)"),
    ]
    for args, words in expected:
        for command, extra in (("review", REVIEW), ("replay", ())):
            assert one_error_line(invoke(command, *args, *extra)) == words, (command, args)
    shown = invoke("replay", damaged, "--game", 2, "--all")
    assert shown.exit_code == 0, shown.output
    assert f"note: 1 line of {damaged} is not a game record and was left out" in shown.output


def test_the_czech_value_heading_names_a_deal_as_the_game_does():
    """The Czech review heading said "rozdání" while each line says "Partie 1": one term, "partie"."""
    from herna.core.catalog import text
    from herna.text.i18n import value_meaning

    assert value_meaning("trumfosaur", "points", "cs").endswith("na konci této partie")
    assert text("cs", "Deal {n}: {scores}; totals {totals}", n=1, scores="", totals="").startswith("Partie 1")
