"""Kurník's message catalog (herna/games/kurnik/locale/cs.po): every text a
player reads has a Czech translation with the right plural forms and cases,
and a ``--lang cs`` game is Czech throughout (K-1.4, K-4, K-5, K-9)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from typer.testing import CliRunner

import herna
from herna.text import kurnik as K
from herna.cli.main import app
from herna.core import IllegalActionError
from herna.core.catalog import ntext

ROOT = Path(__file__).resolve().parents[3]
PO = ROOT / "herna" / "games" / "kurnik" / "locale" / "cs.po"
SOURCES = [ROOT / "herna" / "games" / "kurnik" / name for name in ("state.py", "actions.py", "game.py", "refusals.py")]
SOURCES.append(ROOT / "herna" / "text" / "kurnik.py")
CALLS = {"text": (None, 1, None), "ntext": (None, 1, 2), "ptext": (1, 2, None), "nptext": (1, 2, 3),
         "N_": (None, 0, None), "say": (None, 0, None), "say.n": (None, 0, 1)}
"""Catalog calls: name -> (index of the context, of the message id, of the plural) among the arguments."""
ACTION_WORDS = {"roll", "pass", "take", "rob", "all", "give", "steal", "exchange", "eggs", "chicks", "hens",
                "dice", "die", "kurnik", "herna", "rules", "lang"}


def catalog():
    with PO.open("rb") as fh:
        return read_po(fh, locale="cs")


def _name(func) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        return f"{func.value.id}.{func.attr}"
    return None


def _string(node) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Name) and node.id in ("ACCUSATIVE", "SUBJECT"):
        return getattr(K, node.id)
    return None


def used_messages() -> set[tuple[str | None, str]]:
    """``(context, msgid)`` of every catalog call with literal arguments in the Kurník sources
    (``N_`` marks a message whose context, if any, is given where it is translated: ``None``)."""
    out = set()
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and _name(node.func) in CALLS:
                ctx_at, msgid_at, _ = CALLS[_name(node.func)]
                if len(node.args) > msgid_at and (msgid := _string(node.args[msgid_at])) is not None:
                    context = _string(node.args[ctx_at]) if ctx_at is not None else None
                    out.add((context, msgid))
    return out


def test_every_message_used_has_a_czech_translation():
    po = catalog()
    assert po.plural_forms == "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;"
    by_id: dict[str, list] = {}
    for message in po:
        if message.id:
            for key in message.id if isinstance(message.id, tuple) else (message.id,):  # a plural: both ids
                by_id.setdefault(key, []).append(message)
    used = used_messages()
    assert len(used) > 150
    missing = []
    for context, msgid in used:
        found = [m for m in by_id.get(msgid, []) if context is None or m.context == context]
        if not found or not all(m.string and all(m.string) if isinstance(m.string, tuple) else m.string
                                for m in found):
            missing.append((context, msgid))
    assert not missing
    for message in po:  # the same {fields} in Czech as in English (a Czech case may rename one)
        if message.id and not isinstance(message.id, tuple):
            fields = set(re.findall(r"{(\w+)}", message.string))
            english = set(re.findall(r"{(\w+)}", message.id))
            assert {f.split("_")[0] for f in fields} <= english | {"card", "dat"}, message.id


def test_czech_plural_forms_and_cases_for_1_2_5():
    assert [K.count(n, "hens", "cs") for n in (1, 2, 5)] == ["1 slepice", "2 slepice", "5 slepic"]
    assert [K.count(n, "eggs", "cs") for n in (1, 2, 5)] == ["1 vejce", "2 vejce", "5 vajec"]
    assert [K.count(n, "chicks", "cs") for n in (1, 2, 5)] == ["1 kuře", "2 kuřata", "5 kuřat"]
    assert [K.count(n, "free", "cs") for n in (1, 2, 5)] == ["1 volné místo", "2 volná místa", "5 volných míst"]
    assert [K.count(n, "hens", "cs", accusative=True) for n in (1, 2, 5)] == ["1 slepici", "2 slepice", "5 slepic"]
    assert [K.card(kind, "cs") for kind in K.KINDS] == ["vejce", "kuře", "slepici"]
    assert [K.card(kind, "cs", K.SUBJECT) for kind in K.KINDS] == ["vejce", "kuře", "slepice"]
    sentence = ("{who} has only {free}, so {n} hen stays in the supply.",
                "{who} has only {free}, so {n} hens stay in the supply.")
    assert [ntext("cs", *sentence, n, who="Hráč 1", free="1 volné místo") for n in (1, 2, 5)] == [
        "Hráč 1 má jen 1 volné místo, a tak 1 slepice zůstává v zásobě.",
        "Hráč 1 má jen 1 volné místo, a tak 2 slepice zůstávají v zásobě.",
        "Hráč 1 má jen 1 volné místo, a tak 5 slepic zůstává v zásobě."]


def test_refusals_are_translated():
    """An illegal action is refused in Czech, its reason said to the player ("máš")."""
    state = herna.load("kurnik", players=2, first_player=0).new_initial_state()
    state.apply_actions(["dice 2 1", "dice 2 1", "dice 2 1", "dice 5 4"])  # seat 1 to choose, 4 eggs, 0 chicks
    with pytest.raises(IllegalActionError) as info:
        state.apply_action("exchange chicks")
    assert str(info.value) == ("'exchange chicks' is not legal now: it needs 3 chicks (K-6.1); you have 0; "
                               "legal now: roll, exchange eggs")
    assert info.value.translated("cs") == ("'exchange chicks' teď není povolený tah: potřebuješ 3 kuřata (K-6.1); "
                                           "máš 0; povolené teď: roll, exchange eggs")
    with pytest.raises(IllegalActionError) as info:
        state.apply_action("dance")
    cs = info.value.translated("cs")
    assert cs.startswith("'dance' není tah Kurníku; tahy hráče jsou: roll") and "rob HRÁČ" in cs
    assert "SEAT" not in cs and "dice" not in cs and "die N" not in cs  # no chance outcome for a player
    with pytest.raises(IllegalActionError) as info:
        state.apply_action("rob 5")
    assert "v tahu se hráči 1 až 2 píší jako 0 až 1" in info.value.translated("cs")
    with pytest.raises(IllegalActionError) as info:
        state.apply_action("exchange hens")
    assert "ve variantě Mrtvý kohout" in info.value.translated("cs")  # the option's Czech name, not dead_rooster


def _english_words() -> set[str]:
    """Words of the English messages that no Czech translation uses (and no action string)."""
    english, czech = set(), set()
    for message in catalog():
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in ids:
            english |= set(re.findall(r"[a-z]{3,}", re.sub(r"{\w+}|\(K-[\d.]+\)", "", text).lower()))
        for text in strings:
            czech |= set(re.findall(r"[a-z]{3,}", re.sub(r"{\w+}", "", text).lower()))
    return english - czech - ACTION_WORDS


@pytest.mark.parametrize("options", [["--players", "3"], ["--players", "4", "--rough-thief", "--dead-rooster"],
                                     ["--players", "5", "--six-six", "fox"]])
def test_a_czech_game_has_no_english_words(options):
    """``herna play kurnik --lang cs`` with bots at every seat: no English word in what the game says."""
    result = CliRunner().invoke(app, ["play", "kurnik", "--lang", "cs", "--seed", "5", *options], input="")
    assert result.exit_code == 0, result.output
    english = _english_words()
    assert {"the", "supply", "hens", "rolls", "pays", "free"} - ACTION_WORDS <= english
    lines = result.output.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Hráč") or line.startswith("Začíná"))
    said = {word for line in lines[start:] for word in re.findall(r"[a-z]{3,}", line.lower())}
    assert not said & english, sorted(said & english)
    assert "vítězí" in result.output or "limit" in result.output
