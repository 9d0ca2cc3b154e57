"""Every rule id in the rules files (T-, U-, K-) is cited by a test or a
scenario file (the brief: "every rule id in rules/ is covered")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ..helpers import SHARED

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "herna" / "data" / "rules"
ID = re.compile(r"\b([TUK]-\d+\.\d+)\b")


def rule_ids(prefix: str) -> set[str]:
    ids = set()
    for path in RULES.glob("*.md"):
        for line in path.read_text(encoding="utf-8").splitlines():
            match = re.match(r"\s*-\s+([TUK]-\d+\.\d+)\b", line)
            if match and match.group(1).startswith(prefix):
                ids.add(match.group(1))
    return ids


def cited() -> set[str]:
    this = Path(__file__).resolve()
    texts = [p.read_text(encoding="utf-8") for p in (ROOT / "tests").rglob("*.py") if p.resolve() != this]
    for folder in (ROOT / "scenarios", SHARED / "scenarios"):
        if folder.is_dir():
            texts += [p.read_text(encoding="utf-8") for p in folder.rglob("*.json")]
    return {m for text in texts for m in ID.findall(text)}


@pytest.mark.parametrize("prefix", ["T-", "U-", "K-"])
def test_every_rule_is_cited(prefix):
    ids = rule_ids(prefix)
    assert ids, f"no {prefix} rules found"
    missing = sorted(ids - cited(), key=lambda r: [int(x) for x in r[2:].split(".")])
    assert not missing, f"rules not cited by any test or scenario: {missing}"
