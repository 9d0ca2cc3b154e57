"""Helpers for tests of the terminal game: a scripted player at the prompt,
and the English words a Czech screen must not show."""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
ACTION_WORDS = {
    # action strings (SCENARIOS.md) and the words of their forms
    "roll", "pass", "take", "rob", "all", "give", "steal", "exchange", "eggs", "chicks", "hens", "dice", "die",
    "play", "open", "farm", "deal", "invite", "reveal", "draw",
    "red", "green", "blue", "yellow", "grey",  # Ugo! colour codes (card codes red5, open blue)
    # the English command words, shown beside the Czech ones: "ruka (hand)"
    "hand", "table", "scores", "log", "last", "help", "quit", "back", "next", "again", "sheet", "brief", "full",
    "kingdom", "coops", "trick", "deal", "round", "turn",
    # commands and names that are no English: herna's commands, rules ids, keys
    "herna", "rules", "lang", "cs", "save", "resume", "kurnik", "ugo", "trumfosaur", "Enter",
}
"""Words a Czech screen may show in English: action strings, command words, names."""


class Reader:
    """A fake ``input``: gives ``answers`` in order, then ``then`` for ever;
    after ``limit`` prompts, ``stop`` (``q`` leaves the game). Keeps every prompt."""

    def __init__(self, answers=(), then="q", limit=5000, stop="q"):
        self.answers, self.then, self.prompts, self.limit, self.stop = list(answers), then, [], limit, stop

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if len(self.prompts) > self.limit:
            return self.stop
        return self.answers.pop(0) if self.answers else self.then


def first_choices(answers=(), limit=3000) -> Reader:
    """A :class:`Reader` giving ``answers``, then ``1`` (the first choice)
    for ever; after ``limit`` prompts ``konec`` (Czech for quit)."""
    return Reader(answers, then="1", limit=limit, stop="konec")


def english_words(game: str) -> set[str]:
    """Words of the English message ids a game at the terminal may print (the
    core's and the game's catalogs), less every word the Czech translations
    use and the action and command words."""
    english: set[str] = set()
    czech: set[str] = set()
    for path in (ROOT / "herna" / "core" / "locale" / "cs.po", ROOT / "herna" / "games" / game / "locale" / "cs.po"):
        with path.open("rb") as fh:
            for message in read_po(fh, locale="cs"):
                if not message.id:
                    continue
                ids = message.id if isinstance(message.id, tuple) else (message.id,)
                strings = message.string if isinstance(message.string, tuple) else (message.string,)
                for words, into in ((ids, english), (strings, czech)):
                    for one in words:
                        into |= set(re.findall(r"[A-Za-z]{2,}", re.sub(r"\{\w+\}|\([TUK]-[\d.]+\)", " ", one)))
    return english - czech - ACTION_WORDS
