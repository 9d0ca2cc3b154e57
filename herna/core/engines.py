"""Which engine runs a game: the Python reference or the compiled one.

Every game has two implementations of the same rules behind the one
:class:`~herna.core.State` contract:

* ``"python"``: each game's ``state.py`` (:class:`~herna.core.PythonState`),
  the readable reference of the rules;
* ``"compiled"``: each game's ``compiled.pyx`` (Cython, typed C fields, over
  ``herna/core/compiled.pyx``), built by ``pip install`` with the machine's C
  compiler; a differential test (``tests/engines``) proves that both play the
  same game step by step.

``herna.load(name, engine=...)`` takes ``"auto"`` (the default: the compiled
engine where it is built, else the Python one), ``"compiled"`` or
``"python"``. The default of ``engine`` is read from the environment variable
``HERNA_ENGINE`` when it is set (``herna --engine`` sets it, so that worker
processes use the same engine).

Where ``"auto"`` finds no compiled engine (herna was installed without a C
compiler) it says so once, on stderr, and plays on the Python engine.
"""

from __future__ import annotations

import importlib
import os
import sys
from typing import Any

ENGINES = ("auto", "compiled", "python")
"""The values ``engine`` takes."""
ENV = "HERNA_ENGINE"
"""The environment variable naming the default engine."""
_NOTICE_ENV = "HERNA_ENGINE_NOTICE_SHOWN"
"""Set once the fallback notice was printed, so that processes started
later do not print it again (worker processes never print it)."""

_missing: dict[str, str] = {}
"""Dotted path of a compiled state class -> why it could not be imported."""


def default_engine() -> str:
    """The engine ``herna.load`` uses when none is given: ``HERNA_ENGINE``
    or ``"auto"``. ``ValueError`` for a value of ``HERNA_ENGINE`` that names
    no engine."""
    value = os.environ.get(ENV, "").strip().lower() or "auto"
    if value not in ENGINES:
        raise ValueError(f"environment variable {ENV}={os.environ[ENV]!r} names no engine; "
                         f"use one of: {', '.join(ENGINES)}")
    return value


def check_engine(engine: Any) -> str:
    """``engine`` lower-cased if it names an engine (``None``: the default);
    ``ValueError`` naming the engines otherwise."""
    if engine is None:
        return default_engine()
    if not isinstance(engine, str) or engine.strip().lower() not in ENGINES:
        raise ValueError(f"unknown engine {engine!r}; the engines are: {', '.join(ENGINES)}")
    return engine.strip().lower()


def compiled_class(path: str | None) -> type | None:
    """The compiled state class that the dotted ``path`` (a game record's
    ``compiled`` field) names, or ``None`` where it is not built (or the
    game has none); why not is kept for :func:`state_class`'s message."""
    if path is None:
        return None
    if path in _missing:
        return None
    module_name, _, attr = path.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        _missing[path] = str(error)
        return None
    return getattr(module, attr)


def state_class(name: str, python_class: Any, compiled_path: str | None, engine: str) -> tuple[str, Any]:
    """``(engine, state class)`` for game ``name`` and a checked ``engine``:
    ``"python"`` gives ``python_class``; ``"compiled"`` the compiled class or
    ``ValueError`` saying it is not built; ``"auto"`` the compiled class where
    it is built, else (with a one-time notice on stderr) the Python one."""
    if engine == "python":
        return "python", python_class
    compiled = compiled_class(compiled_path)
    if compiled is not None:
        return "compiled", compiled
    why = _missing.get(compiled_path or "", "this game has no compiled engine")
    if engine == "compiled":
        raise ValueError(f"the compiled engine of {name!r} is not built ({why}); reinstall herna with a C "
                         "compiler (pip install -e .), or use engine='python'")
    _notice(why)
    return "python", python_class


def available(name: str) -> bool:
    """Whether game ``name`` has a built compiled engine."""
    from .registry import record

    return compiled_class(record(name).compiled) is not None


def _notice(why: str) -> None:
    import multiprocessing

    if os.environ.get(_NOTICE_ENV) or multiprocessing.parent_process() is not None:
        return  # said already, or a worker process of a run that says it
    os.environ[_NOTICE_ENV] = "1"
    print(f"herna: the compiled engine is not built ({why}); playing on the Python engine, which is slower. "
          f"Reinstall with a C compiler to build it (pip install -e .), or set {ENV}=python to silence this.",
          file=sys.stderr)
