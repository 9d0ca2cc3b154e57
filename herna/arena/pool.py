"""Worker processes for long runs: bounded memory and a clean Ctrl-C.

:func:`bounded_map` feeds a :class:`multiprocessing.pool.Pool` from a lazy
iterable, keeping at most ``ahead`` tasks in flight, so a run of a hundred
million games holds a few chunks in memory, never the whole list of work
(``Pool.imap`` would read the whole iterable into its queue at once).

Workers ignore SIGINT (:func:`ignore_sigint`, the pool initializer): a
Ctrl-C at the terminal reaches the whole process group, and only the parent
handles it. The parent then terminates the workers and the
``KeyboardInterrupt`` goes on to the caller, with no worker tracebacks (the
``herna`` command turns a SIGTERM into the same, :func:`herna.cli.main.main`).
"""

from __future__ import annotations

import signal
from collections import deque
from multiprocessing import Pool
from typing import Callable, Iterable, Iterator, TypeVar

T = TypeVar("T")
R = TypeVar("R")


def ignore_sigint() -> None:
    """Pool initializer: the worker ignores Ctrl-C (the parent handles it)
    and ends quietly on SIGTERM (its default, whatever handler the parent
    had when it was forked: :meth:`Pool.terminate` stops workers with it)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def bounded_map(fn: Callable[[T], R], tasks: Iterable[T], jobs: int, ahead: int | None = None,
                ray: bool = False) -> Iterator[R]:
    """``fn(task)`` for every task, in the order of ``tasks``, computed by
    ``jobs`` worker processes (``jobs <= 1``: in this process, lazily), or
    with ``ray`` as tasks of the Ray cluster joined by
    :func:`herna.arena.cluster.connect` (``jobs``: its CPUs).

    At most ``ahead`` (default ``4 * jobs``) tasks are submitted and not yet
    yielded at any time; ``tasks`` is read only as far as that. ``fn`` and
    the tasks must be picklable. An exception in a worker is raised here;
    on any exception (``KeyboardInterrupt`` included) or when the generator
    is closed early, the workers are terminated before it propagates (a
    second Ctrl-C meanwhile is ignored)."""
    if ray:
        from .cluster import ray_map

        yield from ray_map(fn, tasks, max(1, ahead or 4 * jobs))
        return
    if jobs <= 1:
        for task in tasks:
            yield fn(task)
        return
    ahead = max(1, ahead or 4 * jobs)
    pool = Pool(processes=jobs, initializer=ignore_sigint)
    pending: deque = deque()
    finished = False
    try:
        source = iter(tasks)
        for task in source:
            pending.append(pool.apply_async(fn, (task,)))
            if len(pending) >= ahead:
                break
        while pending:
            result = pending.popleft().get()
            following = next(source, _END)
            if following is not _END:
                pending.append(pool.apply_async(fn, (following,)))
            yield result
        finished = True
    finally:
        if finished:
            pool.close()
            pool.join()
        else:
            _terminate(pool)


_END = object()


def _terminate(pool) -> None:
    """Stop the workers now; a Ctrl-C while they are stopped is ignored."""
    try:
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread: nothing to protect
        previous = None
    try:
        pool.terminate()
        pool.join()
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
