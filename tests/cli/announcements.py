"""Helpers of the announcement measure (issue 24, "Measure"): a scripted
game at a real (pseudo) terminal through ``herna play --plain`` (pexpect),
its transcript cut into announcements, and the figures.

An *announcement* is what a screen reader says at once, as a web page's
live region would: the lines from one of your own moves (chosen, or made
for you as your only legal one) up to your next move or prompt, with what
the others did meanwhile; and each prompt (what to do now and the choices,
with what the terminal says just before it, such as a new hand). Which line
belongs to which move is read from the saved game: the brief lines
:func:`herna.text.events.said` gives for the human's seat, in order.
"""

from __future__ import annotations

import json
import re
import shutil
import statistics
import sys
from dataclasses import dataclass, field
from pathlib import Path

import herna
from herna.text import Voice, said

HERNA = shutil.which("herna", path=str(Path(sys.executable).parent)) or shutil.which("herna")
PROMPT = re.compile(r"(?:Choose a number or type an action|Zvol číslo nebo napiš tah)> ")
AUTOMATIC = (" (automatic: the only legal move)", " (automaticky: jediný možný tah)")


@dataclass
class Transcript:
    """One game at the terminal: what was printed before each prompt
    (``bursts``, the echo of the answer left out), the answers given, the
    saved game."""

    game: str
    lang: str
    bursts: list[list[str]] = field(default_factory=list)
    answers: list[str] = field(default_factory=list)
    state: object = None
    human: int = 0


def play_scripted(game: str, lang: str, args: list[str], save: Path, commands: dict[int, list[str]] | None = None,
                  timeout: int = 60) -> Transcript:
    """Play ``herna play GAME --plain --lang LANG ARGS --save SAVE`` as a
    human who always takes the first choice; at the ``k``-th prompt it
    first types the ``commands[k]`` (readouts, history), each answered
    before the next. Returns the transcript (the human is seat 1)."""
    import pexpect

    # run in the save's folder and name it there: the "saved to" line at the end is part of the last
    # announcement, so a full path would make the figures depend on where pytest put its temporary folder
    # (a longer one under pytest-xdist, and one more digit at pytest-10)
    child = pexpect.spawn(HERNA, ["play", game, "--plain", "--lang", lang, "--save", save.name, *args],
                          cwd=str(save.parent), encoding="utf-8", timeout=timeout, dimensions=(50, 80))
    out = Transcript(game, lang)
    prompts = 0
    pending: list[str] = []
    while True:
        index = child.expect([PROMPT, pexpect.EOF])
        lines = [line.rstrip("\r") for line in child.before.split("\n")]
        if out.answers:  # the terminal echoes the answer typed last
            lines = lines[1:] if lines and lines[0].strip() == out.answers[-1] else lines
        out.bursts.append([line for line in lines if line.strip()])
        if index == 1:
            break
        if not pending:
            prompts += 1
            pending = list((commands or {}).get(prompts, [])) + ["1"]
        answer = pending.pop(0)
        out.answers.append(answer)
        child.sendline(answer)
    child.close()
    out.state = herna.from_json(json.loads(save.read_text(encoding="utf-8")))
    return out


def actors(state) -> dict[int, int]:
    """``seq -> the seat that acted`` (``CHANCE`` for a chance draw)."""
    walker = state.initial_state()
    out = {}
    for seq, action in enumerate(state.history(), start=1):
        out[seq] = walker.current_player()
        walker.step(action)
    return out


def announcements(transcript: Transcript) -> tuple[list[str], int]:
    """The transcript's announcements (each its lines joined by a space) and
    the number of the human's own moves (chosen or forced). The output of a
    command typed at a prompt is an answer, not an announcement: only the
    bursts printed after a move (the answer ``1``), and the first, count."""
    state = transcript.state
    own = sorted(seq for seq, seat in actors(state).items() if seat == transcript.human)
    voice = Voice.make(transcript.lang)
    expected = [(item.seq, line) for item in said(state.game.name, state.events(seat=transcript.human),
                                                  transcript.human, voice) for line in item.brief]
    out: list[str] = []
    at = 0  # the next expected event line
    mine = 0  # the next own move not yet reached
    for number, burst in enumerate(transcript.bursts):
        if number and transcript.answers[number - 1] != "1":
            continue  # the answer to a command (a readout, the history, help)
        current: list[str] = []
        others: list[str] = []  # lines that are no event's (a new hand, the prompt)
        for line in burst:
            plain = line
            for mark in AUTOMATIC:
                plain = plain.replace(mark, "")
            if at < len(expected) and plain == expected[at][1]:
                seq = expected[at][0]
                at += 1
                starts = False
                while mine < len(own) and own[mine] <= seq:  # an own move since the last line: a new one
                    starts, mine = True, mine + 1
                if starts and current:
                    out.append(" ".join(current))
                    current = []
                current.extend(others)
                others = []
                current.append(line)
            else:
                others.append(line)
        if current:
            out.append(" ".join(current))
        if others:
            out.append(" ".join(others))
    assert at == len(expected), f"the transcript left out {expected[at:at + 3]}"
    return out, len(own)


@dataclass
class Figures:
    """The measure of one game: announcements per own move, characters per announcement."""

    announcements: int
    own_moves: int
    mean: float
    p90: int
    longest: int

    @property
    def per_move(self) -> float:
        return self.announcements / self.own_moves


def figures(items: list[str], own_moves: int) -> Figures:
    """The figures of ``items`` (the 90th percentile: the nearest rank)."""
    lengths = sorted(len(item) for item in items)
    rank = max(0, -(-9 * len(lengths) // 10) - 1)
    return Figures(len(items), own_moves, statistics.mean(lengths), lengths[rank], lengths[-1])

