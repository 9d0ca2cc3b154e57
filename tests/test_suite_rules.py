"""The suite's own rules (issue 28), read from the test sources:

- no test module imports another test module or a conftest (shared helpers
  live in helper modules: ``tests/child.py``, ``tests/server/live.py``...);
- every test asserts something: an ``assert``, ``pytest.raises``/``warns``,
  an ``assert_*`` call (``numpy.testing``), or a call of a helper of this
  suite that does, or of a library's checker;
- no test sleeps a fixed time (``time.sleep``, ``asyncio.sleep``, Playwright's
  ``wait_for_timeout``): it waits on a signal or a condition instead. A short
  sleep in the body of a ``while`` loop polls that loop's condition, and
  ``sleep(0)`` only yields to other tasks; both are allowed.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

TESTS = Path(__file__).resolve().parent
SOURCES = sorted(TESTS.rglob("*.py"))

CHECKERS = {"raises", "warns", "fail", "importorskip", "skip",
            # checkers raising on a failure: herna's (a scenario, a state's invariants) and libraries'
            "check_scenario", "_check_invariants", "api_test", "seed_test", "random_sim_test", "check_env"}
"""Calls that assert by themselves."""


def _name(path: Path) -> str:
    return path.relative_to(TESTS.parent).as_posix()


@functools.cache
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
    called = _called(node)
    return (any(isinstance(n, (ast.Assert, ast.Raise)) for n in ast.walk(node)) or bool(called & CHECKERS)
            or any(name.startswith("assert_") for name in called))


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
    calls: dict[str, set[str]] = {}  # per function name (helpers of the same name pooled): what it calls
    asserting = set()
    for tree in trees.values():
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and not node.name.startswith("test_"):
                calls.setdefault(node.name, set()).update(_called(node))
                if _asserts_itself(node):
                    asserting.add(node.name)
    grown = True
    while grown:  # helpers calling helpers that assert
        grown = False
        for name, called in calls.items():
            if name not in asserting and called & asserting:
                asserting.add(name)
                grown = True
    silent = [f"{_name(path)}:{node.lineno} {node.name}" for path, tree in trees.items()
              if path.name.startswith("test_") for node in ast.walk(tree)
              if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test_")
              and not (_asserts_itself(node) or _called(node) & asserting)]
    assert not silent, silent


def _fixed_sleeps(tree: ast.AST) -> list[ast.Call]:
    """The sleep calls of ``tree`` that wait a fixed time: not ``sleep(0)``,
    not in the body of a ``while`` loop (polling its condition)."""
    polling = {id(n) for loop in ast.walk(tree) if isinstance(loop, ast.While)
               for stmt in loop.body for n in ast.walk(stmt)}
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)) or id(node) in polling:
            continue
        owner = node.func.value.id if isinstance(node.func.value, ast.Name) else ""
        sleep = node.func.attr == "sleep" and owner in ("time", "asyncio")
        if not (sleep or node.func.attr == "wait_for_timeout"):
            continue
        if node.args and isinstance(node.args[0], ast.Constant) and node.args[0].value == 0:
            continue  # a yield to the other tasks, no wait
        found.append(node)
    return found


def test_no_test_sleeps_a_fixed_time():
    found = [f"{_name(path)}:{node.lineno} {ast.unparse(node.func)}" for path, tree in _trees().items()
             for node in _fixed_sleeps(tree)]
    assert not found, found


def test_the_rules_see_what_they_forbid():
    """The checks have teeth: each finds its fault in a small module."""
    tree = ast.parse("import time\nfrom tests.cli.test_kurnik import table\n"
                     "def test_a():\n    time.sleep(1)\n")
    assert "tests.cli.test_kurnik" in _imported_modules(TESTS / "x" / "test_x.py", tree)
    test = tree.body[-1]
    assert not _asserts_itself(test) and len(_fixed_sleeps(test)) == 1
    polling = ast.parse("import time\nwhile not ready():\n    time.sleep(0.05)\nawait asyncio.sleep(0)\n")
    assert _fixed_sleeps(polling) == []
    assert _imported_modules(TESTS / "cli" / "test_x.py", ast.parse("from .test_kurnik import table"))[0] == \
        "tests.cli.test_kurnik"
