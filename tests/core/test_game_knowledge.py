"""Game knowledge lives in each game's package (GUIDE.md; issue 28 item 2):
no game or option name is written in the screens' and tools' generic code
(herna/cli outside its per-game renderers, herna/server, herna/arena); they
take the games, options, flags and words from the registry and the option
specs. ``players`` is every game's option (the game API), so it is left out."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import herna
from herna.core.options import PLAYERS
from herna.core.registry import GAMES, game_class

ROOT = Path(herna.__file__).resolve().parent
GENERIC = ("cli", "server", "arena")
PER_GAME = (ROOT / "cli" / "games",)
"""The terminal's per-game renderers: each draws one game's table (named by the game's record)."""


def names() -> set[str]:
    return (set(GAMES) | {spec.name for game in GAMES for spec in game_class(game).option_specs}) - {PLAYERS}


def mentions(path: Path, pattern: re.Pattern) -> list[str]:
    """Game and option names in the string literals (not docstrings) and
    attribute names of ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            found += [f"{path.relative_to(ROOT)}:{node.lineno}: {m.group(1)!r}" for m in pattern.finditer(node.value)]
        elif isinstance(node, ast.Attribute) and pattern.fullmatch(node.attr):
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}: .{node.attr}")
    return found


def test_no_game_or_option_name_in_the_generic_layers():
    pattern = re.compile(r"(?<![\w-])(" + "|".join(sorted(names(), key=len, reverse=True)) + r")(?!\w)")
    found = []
    for package in GENERIC:
        for path in sorted((ROOT / package).rglob("*.py")):
            if not any(folder in path.parents for folder in PER_GAME):
                found += mentions(path, pattern)
    assert not found, found


def test_the_scan_finds_a_name():
    """The scan is not blind: a string naming an option and a game is found."""
    pattern = re.compile(r"(?<![\w-])(" + "|".join(sorted(names(), key=len, reverse=True)) + r")(?!\w)")
    assert pattern.search("--rough-thief is kurnik's") and pattern.search("give rough_thief=true")
    assert not pattern.search("the rounds_total of a table")
