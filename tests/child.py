"""A ``herna`` command in a child process that says when it is ready.

Tests that interrupt or measure a running command wait for it to reach a
given point of its work instead of sleeping a fixed time, so a loaded machine
makes them slower, never red:

    child = start(["simulate", "trumfosaur", "-n", "1000000"], ready_after="herna.arena.simulate:Summary.add")
    wait_ready(child)               # the first game is summed up
    os.killpg(child.pid, signal.SIGINT)

Run as a script (what :func:`start` does), this module wraps the callable
named by ``--ready-after MODULE:QUALNAME`` so that when its first call
returns, the child writes one line to the file descriptor given in
``HERNA_CHILD_READY_FD``, then runs ``herna`` with the remaining arguments
(the ``herna`` console script's own ``main``).
"""

from __future__ import annotations

import importlib
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable, Sequence

READY_FD = "HERNA_CHILD_READY_FD"
"""The environment variable naming the descriptor the child writes its ready line to."""

GUARD_SECONDS = 600.0
"""How long :func:`wait_ready` and :func:`wait_until` wait at most: a guard
against a hung child, not a timing assumption (a ready child is seen at once)."""


def default_sigint() -> None:
    """In the child, before ``exec``: Ctrl-C as a terminal delivers it. A test
    run started as a background job inherits SIGINT ignored, and Python keeps
    an ignored SIGINT ignored, so the child would never see the interrupt."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start(args: Sequence[str], ready_after: str, **popen) -> subprocess.Popen:
    """``herna *args`` in a child process (its own session, so ``os.killpg``
    reaches its workers too; SIGINT at its default) that announces, on a pipe
    read by :func:`wait_ready`, the first return of ``ready_after``
    (``"module:qualname"``, e.g. ``"herna.batch.analyze:_driver"``).
    ``popen``: more :class:`subprocess.Popen` arguments (``stdout``,
    ``stderr``, ``text``...); a child that fills a piped stdout or stderr
    before it is ready blocks, so such output goes to a file."""
    read_end, write_end = os.pipe()
    env = dict(os.environ, **{READY_FD: str(write_end)})
    try:
        child = subprocess.Popen([sys.executable, str(Path(__file__).resolve()), "--ready-after", ready_after,
                                  "--", *args], pass_fds=(write_end,), env=env, start_new_session=True,
                                 preexec_fn=default_sigint, **popen)
    except BaseException:
        os.close(read_end)
        raise
    finally:
        os.close(write_end)
    child.ready_fd = read_end
    return child


def wait_ready(child: subprocess.Popen) -> None:
    """Block until ``child`` (from :func:`start`) says it is ready. Raises
    ``AssertionError`` with its output if it ends first (or hangs for
    :data:`GUARD_SECONDS`)."""
    fd = child.ready_fd
    try:
        readable, _, _ = select.select([fd], [], [], GUARD_SECONDS)
        line = os.read(fd, 64) if readable else b""
    finally:
        os.close(fd)
    if not line:  # the pipe closed (the child ended) or the guard ran out
        if child.poll() is None:
            child.kill()
        out, err = child.communicate()
        raise AssertionError(f"the child never got ready (exit {child.returncode}):\n{out}\n{err}")


def wait_until(condition: Callable[[], bool], child: subprocess.Popen) -> None:
    """Block until ``condition()`` holds (checked every 50 ms); raises
    ``AssertionError`` with the child's output if ``child`` ends first (or
    after :data:`GUARD_SECONDS`)."""
    deadline = time.monotonic() + GUARD_SECONDS
    while not condition():
        if child.poll() is not None or time.monotonic() > deadline:
            if child.poll() is None:
                child.kill()
            out, err = child.communicate()
            raise AssertionError(f"the condition never held (exit {child.returncode}):\n{out}\n{err}")
        time.sleep(0.05)


def _announce_after(target: str, fd: int) -> None:
    """Wrap ``target`` (``"module:qualname"``) in place: its first return writes a line to ``fd``."""
    module_name, _, qualname = target.partition(":")
    owner: object = importlib.import_module(module_name)
    *path, name = qualname.split(".")
    for part in path:
        owner = getattr(owner, part)
    original = getattr(owner, name)
    told = []

    def announcing(*args, **kwargs):
        result = original(*args, **kwargs)
        if not told:
            told.append(True)
            os.write(fd, b"ready\n")
            os.close(fd)
        return result

    setattr(owner, name, announcing)


def _main(argv: list[str]) -> None:
    if len(argv) < 3 or argv[0] != "--ready-after" or argv[2] != "--":
        raise SystemExit("usage: child.py --ready-after MODULE:QUALNAME -- HERNA-ARGS...")
    fd = int(os.environ.pop(READY_FD))
    os.set_inheritable(fd, False)  # worker processes started with exec do not hold the pipe open
    _announce_after(argv[1], fd)
    from herna.cli.main import main

    sys.argv = ["herna", *argv[3:]]
    main()


if __name__ == "__main__":
    del sys.path[0]  # this file's folder (tests/): its packages must not shadow installed ones
    _main(sys.argv[1:])
