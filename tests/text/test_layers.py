"""The layers of issue 28 item 1 (GUIDE.md): the words every screen shares
live in herna/text, below both screens. Nothing outside herna/cli imports
herna.cli; nothing outside herna/cli imports rich (the terminal draws
herna/text's spans with it, the web app takes plain text); herna/text
itself reads only the core and the games. Imports inside functions count."""

from __future__ import annotations

import ast
from pathlib import Path

import herna

ROOT = Path(herna.__file__).resolve().parent


def imports(path: Path) -> set[str]:
    """Every module ``path`` imports, relative imports resolved (``from .x
    import y`` in ``herna/text/a.py`` is ``herna.text.x``)."""
    package = ".".join(path.relative_to(ROOT.parent).with_suffix("").parts[:-1])
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            out.add(module)
            out.update(f"{module}.{alias.name}" for alias in node.names)
    return out


def sources(*exclude: str) -> dict[str, set[str]]:
    """``{relative path: modules imported}`` of every herna module outside the ``exclude`` folders."""
    out = {}
    for path in sorted(ROOT.rglob("*.py")):
        relative = path.relative_to(ROOT).as_posix()
        if not relative.startswith(exclude):
            out[relative] = imports(path)
    return out


def named(modules: set[str], prefix: str) -> list[str]:
    return sorted(m for m in modules if m == prefix or m.startswith(prefix + "."))


def test_the_imports_are_read_with_relative_ones_resolved():
    found = imports(ROOT / "text" / "trumfosaur.py")
    assert "herna.text.spans" in found and "herna.core.catalog" in found
    assert "herna.text.events" in imports(ROOT / "cli" / "games" / "__init__.py")


def test_nothing_outside_the_terminal_imports_it():
    bad = {path: named(found, "herna.cli") for path, found in sources("cli/").items() if named(found, "herna.cli")}
    assert not bad, bad


def test_nothing_outside_the_terminal_imports_rich():
    bad = {path: named(found, "rich") for path, found in sources("cli/").items() if named(found, "rich")}
    assert not bad, bad


def test_the_words_read_only_the_core_and_the_games():
    for path, found in sources().items():
        if not path.startswith("text/"):
            continue
        herna_modules = {m for m in found if m.startswith("herna.")}
        above = [m for m in herna_modules if not m.startswith(("herna.core", "herna.games", "herna.text"))]
        assert not above, (path, above)
