"""The doctest examples of the core and of every game run, and every game has some."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import herna
import herna.core
import herna.games


def _modules(package) -> list[str]:
    """The pure-Python modules of ``package`` (the compiled engines carry no examples)."""
    names = [package.__name__]
    names += [m.name for m in pkgutil.walk_packages(package.__path__, package.__name__ + ".")
              if not m.name.endswith(".compiled")]
    return names


MODULES = _modules(herna.core) + _modules(herna.games)


@pytest.mark.parametrize("name", MODULES)
def test_the_doctest_examples_run(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{name}: {result.failed} of {result.attempted} examples failed"


@pytest.mark.parametrize("game", herna.core.available_games())
def test_every_game_has_doctest_examples(game):
    package = f"herna.games.{game}"
    finder = doctest.DocTestFinder()
    examples = sum(len(test.examples) for name in MODULES if name == package or name.startswith(package + ".")
                   for test in finder.find(importlib.import_module(name)))
    assert examples > 0, f"{game} has no doctest examples"
