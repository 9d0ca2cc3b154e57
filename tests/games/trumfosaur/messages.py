"""The messages Trumfosaur's code (the game, its words, its hint reasons) asks its catalog for (``herna.core.catalog``
calls found by Babel's extractor), for the catalog's and the terminal's tests."""

from __future__ import annotations

from pathlib import Path

from babel.messages.extract import extract_from_file

import herna
from herna.games.trumfosaur.cards import SPECIES_NAMES
from herna.text.declension import CASES, case_context

ROOT = Path(herna.__file__).resolve().parent
SOURCES = [*sorted((ROOT / "games" / "trumfosaur").glob("*.py")), ROOT / "text" / "trumfosaur.py",
           ROOT / "bots" / "reasons" / "trumfosaur.py"]
KEYWORDS = {"N_": None, "text": (2,), "ntext": (2, 3), "ptext": ((2, "c"), 3)}
"""The catalog calls (``herna.core.catalog``) and where their messages are."""
LABEL_CONTEXT = "trumfosaur table"
"""The words module's ``label(lang, msgid)`` is ``ptext`` with this context."""


def used_messages() -> set[tuple[str | None, str]]:
    """``(context, msgid)`` of every catalog call in the game and its words module
    (a plural: its singular), plus the species names (``ptext`` of a name)."""
    out: set[tuple[str | None, str]] = set()
    for path in SOURCES:
        for _, message, _, context in extract_from_file("python", str(path), keywords=KEYWORDS):
            out.add((context, message[0] if isinstance(message, tuple) else message))
        for _, message, _, _ in extract_from_file("python", str(path), keywords={"label": (2,)}):
            out.add((LABEL_CONTEXT, message))
    out.update(("species", name) for name in SPECIES_NAMES)
    # the declension table (herna.text.declension): every name in every case
    out.update((case_context("species", case), name) for name in SPECIES_NAMES for case in CASES)
    out.update((case_context("card", case), "trump") for case in CASES)
    return out
