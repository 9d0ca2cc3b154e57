"""Trumfosaur's message catalog (herna/games/trumfosaur/locale/cs.po): every
text the game and its words (herna/text/trumfosaur.py) show has a Czech translation with the
same fields, and every refusal of the engine is translated (issue 10, item 3)."""

from __future__ import annotations

import random
import re
import string
from importlib import resources

from babel.messages.pofile import read_po

import herna
from herna.core import CHANCE, IllegalActionError
from herna.core.conformance import random_step

from .messages import used_messages


def catalog(package: str = "herna.games.trumfosaur"):
    with resources.files(package).joinpath("locale", "cs.po").open("rb") as fh:
        return read_po(fh, locale="cs")


def fields(message: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(message) if name}


def test_every_message_has_a_czech_translation_with_the_same_fields():
    po = catalog()
    entries = {(m.context, m.id[0] if isinstance(m.id, tuple) else m.id): m for m in po if m.id}
    used = used_messages()
    assert len(used) > 60
    missing = sorted(str(key) for key in used - set(entries))
    assert not missing, missing
    stale = sorted(str(key) for key in set(entries) - used)
    assert not stale, stale  # a translation nothing shows
    for message in entries.values():
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        texts = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(texts), message.id
        for text in texts:
            assert fields(text) == fields(ids[-1]), (message.id, text)


def test_the_catalog_has_the_core_header():
    """All cs.po files share one Plural-Forms rule (1 / 2-4 / 5+)."""
    assert catalog().plural_forms == catalog("herna.core").plural_forms
    assert catalog().num_plurals == 3


def test_every_refusal_is_translated():
    """IllegalActionError templates of the engine (T-3.3, T-4.2, T-5.2, T-8.1) are catalog messages:
    Czech text differs from the English, with the same card codes."""
    rng = random.Random(3)
    seen = set()
    for options in ({"players": 3}, {"players": 2, "master": True}):
        state = herna.load("trumfosaur", **options).new_initial_state()
        while not state.is_terminal():
            if state.current_player() != CHANCE:
                legal = set(state.legal_actions())
                for action in rng.sample(range(0, 1379), 40):
                    if action in legal:
                        continue
                    try:
                        state.clone().apply_action(action)
                    except IllegalActionError as error:
                        czech = error.translated("cs")
                        assert czech != str(error), str(error)
                        codes = r"[A-Z]{3}\d+|TRUMF"
                        assert set(re.findall(codes, czech)) == set(re.findall(codes, str(error)))
                        seen.add(error.template)
            random_step(state, rng)
    for text in ("", "fly", "play XYZ9", "invite TRUMF", "exchange SAX1 SAX1", "deal TRUMF", "exchange TRUMF"):
        try:
            state.string_to_action(text)
        except IllegalActionError as error:
            assert error.translated("cs") != str(error)
            seen.add(error.template)
    assert len(seen) >= 10
