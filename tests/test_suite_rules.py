"""The suite's own rules (issue 28), read from the test sources:

- no test module imports another test module or a conftest (shared helpers
  live in helper modules: ``tests/child.py``, ``tests/server/live.py``...);
- every test asserts something: an ``assert``, ``pytest.raises``/``warns``,
  an ``assert_*`` call (``numpy.testing``), or a call of a helper of this
  suite that does, or of a library's checker;
- no test sleeps a fixed time (``time.sleep``, ``asyncio.sleep``, Playwright's
  ``wait_for_timeout``): it waits on a signal or a condition instead. A short
  sleep in the body of a ``while`` loop polls that loop's condition, and
  ``sleep(0)`` only yields to other tasks; both are allowed;
- a wait on a condition is generous: a timeout written as a number (or a
  module constant) is at least a minute (:data:`WAIT_FLOOR_S`), since a
  loaded machine is slow and a condition that holds costs nothing;
- no randomness without a seed (``random.Random()``, the module functions of
  :mod:`random`, ``default_rng()``, NumPy's global generator): a failure must
  be reproducible from its output (names made unique with :mod:`uuid` or
  :mod:`secrets` are no game and are allowed);
- no fixed port for a server a test starts (``port=8000``, ``"--port",
  "8000"``): tests run in parallel processes, so a
  server takes a free port (``tests/server/live.py``); the PostgreSQL and
  Redis services' own ports are allowed.
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
    polling = _polling(tree)
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


WAIT_FLOOR_S = 60
"""The shortest timeout, in seconds, of a wait on a condition."""
MS_WAITS = {"wait_for_function", "wait_for_selector", "wait_for_url", "wait_for_event", "wait_for_load_state",
            "expect_event", "expect_request", "expect_response", "expect_navigation", "expect_websocket",
            "expect_popup", "expect_page", "expect_console_message"}
"""Playwright's waits on a condition (their timeouts in milliseconds)."""
S_WAITS = {"wait_for", "wait"}
"""``asyncio.wait_for(aw, seconds)``, ``Condition.wait_for(predicate, timeout)``,
``Event.wait(timeout)`` (seconds)."""
SERVICE_PORTS = {5432, 6379}
"""PostgreSQL's and Redis's ports: services the tests use, not servers they start."""
GLOBAL_RANDOM = {"random", "randint", "randrange", "choice", "choices", "shuffle", "sample", "uniform",
                 "getrandbits", "gauss", "seed", "rand", "randn", "permutation", "normal", "integers"}
"""Functions of a module-level random generator (:mod:`random`, ``numpy.random``)."""


def _constants(tree: ast.Module) -> dict[str, object]:
    """The module's ``NAME = <number>`` assignments and its functions'
    parameters with a number for default (``seconds: float = 10.0``)."""
    out: dict[str, object] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    out[target.id] = node.value.value
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            positional = [*node.args.posonlyargs, *node.args.args]
            pairs = [*zip(positional[len(positional) - len(node.args.defaults):], node.args.defaults),
                     *zip(node.args.kwonlyargs, node.args.kw_defaults)]
            out.update({arg.arg: default.value for arg, default in pairs if isinstance(default, ast.Constant)})
    return out


def _number(node: ast.AST | None, constants: dict[str, object]) -> float | None:
    value = node.value if isinstance(node, ast.Constant) else \
        constants.get(node.id) if isinstance(node, ast.Name) else None
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def _polling(tree: ast.AST) -> set[int]:
    """The nodes in the condition or the body of a ``while`` loop (polling its condition)."""
    return {id(n) for loop in ast.walk(tree) if isinstance(loop, ast.While) for stmt in [loop.test, *loop.body]
            for n in ast.walk(stmt)}


def _short_waits(tree: ast.Module) -> list[ast.Call]:
    """Waits on a condition of ``tree`` whose timeout, a number, is under
    :data:`WAIT_FLOOR_S` (not one polled in the body of a ``while`` loop)."""
    constants = _constants(tree)
    polling = _polling(tree)
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)) or id(node) in polling:
            continue
        name = node.func.attr
        keyword = next((k.value for k in node.keywords if k.arg == "timeout"), None)
        if name in MS_WAITS:
            value = _number(keyword, constants)
            if value is not None and value < WAIT_FLOOR_S * 1000:
                found.append(node)
        elif name in S_WAITS:
            positional = node.args[1] if name == "wait_for" and len(node.args) > 1 else \
                node.args[0] if name == "wait" and node.args else None
            value = _number(keyword if keyword is not None else positional, constants)
            if value is not None and value < WAIT_FLOOR_S:
                found.append(node)
    return found


def test_every_wait_on_a_condition_is_generous():
    found = [f"{_name(path)}:{node.lineno} {ast.unparse(node)[:80]}" for path, tree in _trees().items()
             for node in _short_waits(tree)]
    assert not found, found


def _dotted(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return f"{_dotted(node.value)}.{node.attr}"
    return ""


def _unseeded(tree: ast.AST) -> list[ast.Call]:
    """Random generators of ``tree`` made or used without a seed."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = _dotted(node.func)
        owner, _, attr = name.rpartition(".")
        no_seed = not node.args and not any(k.arg in ("seed", "x") for k in node.keywords)
        if attr in ("Random", "default_rng", "RandomState") and no_seed:
            found.append(node)
        elif owner in ("random", "np.random", "numpy.random") and attr in GLOBAL_RANDOM:
            found.append(node)
        elif name == "random.SystemRandom":
            found.append(node)
    return found


def test_no_randomness_without_a_seed():
    found = [f"{_name(path)}:{node.lineno} {ast.unparse(node)[:80]}" for path, tree in _trees().items()
             for node in _unseeded(tree)]
    assert not found, found


def _fixed_ports(tree: ast.AST) -> list[ast.AST]:
    """Fixed ports of ``tree``: ``port=N``, ``"--port", N`` (N >= 1024; an
    address in a string may be data, an origin to check, and is not read)."""
    def fixed(value: object) -> bool:
        try:
            return int(str(value)) >= 1024 and int(str(value)) not in SERVICE_PORTS
        except ValueError:
            return False

    found: list[ast.AST] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            found += [k.value for k in node.keywords if k.arg == "port" and isinstance(k.value, ast.Constant)
                      and fixed(k.value.value)]
        if isinstance(node, (ast.List, ast.Tuple)):
            items = node.elts
            found += [b for a, b in zip(items, items[1:]) if isinstance(a, ast.Constant) and a.value == "--port"
                      and isinstance(b, ast.Constant) and fixed(b.value)]
    return found


def test_no_server_on_a_fixed_port():
    found = [f"{_name(path)}:{node.lineno} {ast.unparse(node)[:80]}" for path, tree in _trees().items()
             for node in _fixed_ports(tree)]
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
    waits = ast.parse("LIMIT = 10\npage.wait_for_function('x', timeout=5_000)\nawait asyncio.wait_for(w, LIMIT)\n"
                      "beat.wait_for(f, timeout=30)\nready.wait(2)\npage.wait_for_selector('x', timeout=60_000)\n"
                      "await asyncio.wait_for(w, 120)\nevent.wait()\n"
                      "async def nxt(q, seconds=10.0):\n    return await asyncio.wait_for(q.get(), seconds)\n")
    assert sorted(node.lineno for node in _short_waits(waits)) == [2, 3, 4, 5, 10]
    randoms = ast.parse("random.Random()\nrandom.choice(x)\nnp.random.default_rng()\nnp.random.rand(3)\n"
                        "random.Random(7)\nnp.random.default_rng(seed=1)\nrng.choice(x)\nuuid.uuid4()\n")
    assert sorted(node.lineno for node in _unseeded(randoms)) == [1, 2, 3, 4]
    ports = ast.parse("serve(port=8000)\nrun(['serve', '--port', '8765'])\nserve(port=free_port())\n"
                      "connect(port=6379)\nrun(['--port', str(port)])\n")
    assert sorted(node.lineno for node in _fixed_ports(ports)) == [1, 2]
