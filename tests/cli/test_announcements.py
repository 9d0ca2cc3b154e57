"""Issue 24, "Measure", at the terminal: a scripted game of each title in
the brief verbosity (the default), in Czech and English, through ``herna
play --plain`` at a real (pseudo) terminal: announcements per own move at
most 2, characters per announcement on average at most 120, the 90th
percentile at most 200, the longest at most 400 (an announcement: what a
screen reader says at once, tests/cli/announcements.py); and every fact
(your hand, the trick or the last roll, the scores, whose turn, your
kingdom or coop, the last 10 events) one command away."""

from __future__ import annotations

import pytest

from .announcements import HERNA, announcements, figures, play_scripted

GAMES = {
    "trumfosaur": ["--players", "3", "--target-score", "12", "--seed", "7"],
    "ugo": ["--players", "3", "--rounds", "1", "--seed", "7"],
    "kurnik": ["--players", "3", "--seed", "7"],
}
"""Each title's scripted game: the human in seat 1 takes the first choice at every prompt, greedy bots in the
others (seeded: the same game every run)."""
FACTS = {
    "trumfosaur": {"hand": ("Your hand: ", "Tvoje karty: "), "last": ("trick", "štych"),
                   "scores": ("Seat 1 (you): total ", "Hráč 1 (ty): celkem ")},
    "ugo": {"hand": ("Your hand: ", "Tvoje karty: "), "last": ("trick", "štych"),
            "scores": ("Seat 1 (you): total ", "Hráč 1 (ty): celkem "),
            "kingdom": ("Your kingdom: A ", "Tvoje království: A ")},
    "kurnik": {"hand": ("Your coop: ", "Tvůj kurník: "), "last": ("Last roll", "Poslední hod"),
               "scores": ("Seat 1 (you): ", "Hráč 1 (ty): "), "coops": ("Seat 2: ", "Hráč 2: ")},
}
"""Per game, a readout command and what its answer starts with or holds (English, Czech)."""
ALWAYS = ["log", "back", "again", "sheet", ""]
"""Commands every game has: the last 10 events, the history, the score sheet, Enter (the prompt again: whose
turn it is and what to do)."""


@pytest.mark.skipif(HERNA is None, reason="the herna command is not installed")
@pytest.mark.parametrize("lang", ["en", "cs"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_brief_announcements_are_few_and_short_and_every_fact_is_one_command_away(game, lang, tmp_path):
    commands = [*FACTS[game], *ALWAYS]
    transcript = play_scripted(game, lang, GAMES[game], tmp_path / "game.json", {3: commands})
    assert transcript.state.is_terminal()
    items, own = announcements(transcript)
    found = figures(items, own)
    print(f"{game} {lang}: {found.announcements} announcements, {own} own moves, {found.per_move:.2f} per move, "
          f"characters mean {found.mean:.0f}, p90 {found.p90}, max {found.longest}")
    assert found.per_move <= 2
    assert found.mean <= 120 and found.p90 <= 200 and found.longest <= 400, found
    # every fact one command away: the answers at the third prompt, in the order typed
    answers = dict(zip(commands, transcript.bursts[3:3 + len(commands)]))
    index = 0 if lang == "en" else 1
    for command, words in FACTS[game].items():
        said = " ".join(answers[command])
        assert words[index] in said, (command, said)
    log = answers["log"]
    assert log[0] in ("The last things that happened:", "Poslední události:") and 1 <= len(log) - 1 <= 10
    assert answers["back"][-1].split(": ")[0].count("/") == 1  # "12/40: ..." the place in the history
    assert answers["again"] and answers["sheet"]
    assert answers[""] == transcript.bursts[2][-1:]  # Enter: the prompt again, what to do now
