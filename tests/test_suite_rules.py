"""The suite's own rules (issue 28), read from the test sources:

- no test module imports another test module or a conftest (shared helpers
  live in helper modules: ``tests/child.py``, ``tests/server/live.py``...);
- every test asserts something: an ``assert``, ``pytest.raises``/``warns``,
  or a call of a helper of this suite that does, or of a library's checker;
- no test sleeps a fixed time (``time.sleep``, ``asyncio.sleep``, Playwright's
  ``wait_for_timeout``): it waits on a signal or a condition instead
  (``tests/child.py``'s ``wait_ready``/``wait_until`` poll a condition).
"""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent
SOURCES = sorted(TESTS.rglob("*.py"))

CHECKERS = {"raises", "warns", "fail", "importorskip", "skip",
            # checkers raising on a failure: herna's (a scenario, a state's invariants) and libraries'
            "check_scenario", "_check_invariants", "api_test", "seed_test", "random_sim_test", "check_env"}
"""Calls that assert by themselves."""
CONDITION_WAIT = {"tests/child.py"}
"""Modules whose short sleeps are the polling of a condition (:func:`tests.child.wait_until`)."""
BROWSER_WAITS_TO_REPLACE = {"tests/web/pw.py", "tests/web/test_tables.py"}
"""Browser tests still waiting fixed times on the old table page (replaced
with the new browser on branch ``web``); no other module may add one."""


def _name(path: Path) -> str:
    return path.relative_to(TESTS.parent).as_posix()


def _trees() -> dict[Path, ast.Module]:
    return {path: ast.parse(path.read_text(encoding="utf-8"), str(path)) for path in SOURCES}


def _called(node: ast.AST) -> set[str]:
    names = set()
    for n in ast.walk(node):
        if isinstance(n, ast.Call):
            f = n.func
            names.add(f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else "")
    return names


def _asserts_itself(node: ast.AST) -> bool:
    return any(isinstance(n, (ast.Assert, ast.Raise)) for n in ast.walk(node)) or bool(_called(node) & CHECKERS)


def _imported_modules(path: Path, tree: ast.Module) -> list[str]:
    """The dotted names ``path`` imports (relative imports resolved inside tests/)."""
    package = path.relative_to(TESTS.parent).with_suffix("").parts[:-1]
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = list(package[:len(package) - node.level + 1]) if node.level else []
            module = ".".join(base + (node.module.split(".") if node.module else []))
            out.append(module)
            out += [f"{module}.{alias.name}" for alias in node.names]
    return out


def test_no_test_module_imports_another_or_a_conftest():
    found = []
    for path, tree in _trees().items():
        for module in _imported_modules(path, tree):
            last = module.split(".")[-1]
            if module.startswith("tests.") and (last.startswith("test_") or last == "conftest"):
                if path.name == "conftest.py" and last == "conftest":
                    continue  # a conftest may take another folder's fixtures (tests/web from tests/server)
                found.append(f"{_name(path)} imports {module}")
    assert not found, found


def test_every_test_asserts_something():
    trees = _trees()
    functions: dict[str, list[ast.AST]] = {}
    for tree in trees.values():
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                functions.setdefault(node.name, []).append(node)
    asserting = {name for name, defs in functions.items()
                 if not name.startswith("test_") and any(_asserts_itself(d) for d in defs)}
    grown = True
    while grown:  # helpers calling helpers that assert
        grown = False
        for name, defs in functions.items():
            if name not in asserting and not name.startswith("test_") and any(_called(d) & asserting for d in defs):
                asserting.add(name)
                grown = True
    silent = [f"{_name(path)}:{node.lineno} {node.name}" for path, tree in trees.items() for node in ast.walk(tree)
              if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test_")
              and path.name.startswith("test_") and not (_asserts_itself(node) or _called(node) & asserting)]
    assert not silent, silent


def test_no_test_sleeps_a_fixed_time():
    found = []
    for path, tree in _trees().items():
        name = _name(path)
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                continue
            owner = node.func.value.id if isinstance(node.func.value, ast.Name) else ""
            sleep = node.func.attr == "sleep" and owner in ("time", "asyncio") and name not in CONDITION_WAIT
            browser_wait = node.func.attr == "wait_for_timeout" and name not in BROWSER_WAITS_TO_REPLACE
            if sleep or browser_wait:
                found.append(f"{name}:{node.lineno} {owner or '...'}.{node.func.attr}")
    assert not found, found


def test_the_rules_see_what_they_forbid():
    """The checks have teeth: each finds its fault in a small module."""
    tree = ast.parse("import time\nfrom tests.cli.test_kurnik import table\n"
                     "def test_a():\n    time.sleep(1)\n")
    assert "tests.cli.test_kurnik" in _imported_modules(TESTS / "x" / "test_x.py", tree)
    test = tree.body[-1]
    assert not _asserts_itself(test) and "sleep" in _called(test)
    assert _imported_modules(TESTS / "cli" / "test_x.py", ast.parse("from .test_kurnik import table"))[0] == \
        "tests.cli.test_kurnik"
