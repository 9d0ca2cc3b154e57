"""Long runs on a Ray cluster: ``herna simulate | arena | analyze --ray [ADDRESS]``.

The games of a run are cut into the same chunks as with ``--jobs`` (each
chunk a pure function of the run's seed and its game indices), and each
chunk is one Ray task; results come back in task order, so a run gives the
same numbers as with ``--jobs`` for the same seed, and ``arena``/``analyze``
with ``--out`` append and resume exactly as they do without Ray.

- :func:`connect`: join the cluster at ``address`` (``"auto"``, ``ray://...``
  or ``host:port``), or start a local one (:data:`LOCAL`) with ``cpus``
  CPUs; returns the cluster's CPUs (how many tasks run at once).
- :func:`ray_map`: :func:`herna.arena.pool.bounded_map` on that cluster: at
  most ``ahead`` tasks in flight, results in order; on an error or Ctrl-C
  the tasks in flight are cancelled and, for a local cluster, it is stopped.

Ray is the optional extra ``herna[ray]``; without it :func:`connect` raises
``RuntimeError`` saying how to install it. Workers of a remote cluster need
herna installed (the same version): the tasks name herna's functions, they
do not carry its code. Ray's own messages are kept off the terminal
(``log_to_driver=False``, logging at ERROR).
"""

from __future__ import annotations

import atexit
import os
import signal
import socket
from collections import deque
from urllib.parse import urlsplit
from typing import Any, Callable, Iterable, Iterator, TypeVar

from herna.core.engines import ENV as ENGINE_ENV, default_engine

T = TypeVar("T")
R = TypeVar("R")

LOCAL = "local"
"""The ``--ray`` value (also what a bare ``--ray`` means) that starts a local cluster."""
PROBE_SECONDS = 5.0
"""How long :func:`connect` waits for a TCP answer from an explicit address
before giving up (Ray itself retries for minutes, printing warnings)."""

_started_here = False
_remotes: dict[Callable, Any] = {}


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise RuntimeError("--ray needs Ray: pip install 'herna[ray]'") from None
    return ray


_HTTP2_HELLO = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + b"\x00\x00\x00\x04\x00\x00\x00\x00\x00"
"""The HTTP/2 client preface and an empty SETTINGS frame (RFC 9113 3.4)."""


def _probe(address: str) -> None:
    """``RuntimeError`` unless ``host:port`` (or ``ray://host:port``) of
    ``address`` answers within :data:`PROBE_SECONDS` as Ray's servers do:
    gRPC, i.e. HTTP/2, whose first frame is SETTINGS. Something else there
    (Redis on 6379, a web server) would make Ray retry for ever; ``auto`` and
    other forms are left to Ray."""
    try:
        parts = urlsplit(address if "://" in address else f"tcp://{address}")
        host, port = parts.hostname, parts.port
    except ValueError:
        raise RuntimeError(f"--ray: {address!r} is no address (host:port, ray://host:port or auto)") from None
    if not host or port is None:
        return
    try:
        with socket.create_connection((host, port), timeout=PROBE_SECONDS) as sock:
            sock.settimeout(PROBE_SECONDS)
            sock.sendall(_HTTP2_HELLO)
            first = sock.recv(9)
    except OSError as error:
        raise RuntimeError(f"--ray: cannot reach the Ray cluster at {address!r}: "
                           f"{error.strerror or error or 'no answer'}") from None
    if len(first) < 4 or first[3] != 0x04:
        raise RuntimeError(f"--ray: {address!r} answers, but not as a Ray cluster does; give the address that "
                           "'ray start --head' printed (host:port, port 6379 by default) or ray://host:10001")


def connect(address: str = LOCAL, cpus: int | None = None) -> int:
    """Join (or start) the cluster; returns its CPUs. ``address``:
    :data:`LOCAL` starts a local cluster of ``cpus`` CPUs (default: this
    machine's cores); anything else is passed to ``ray.init(address=...)``
    (``cpus`` is then ignored: the cluster has its own). Connecting again in
    the same process reuses the connection. ``RuntimeError`` (one line) if
    Ray is missing or the cluster cannot be reached; ``ValueError`` for
    ``cpus < 1``."""
    global _started_here
    ray = _ray()
    if cpus is not None and cpus < 1:
        raise ValueError(f"the local Ray cluster needs at least 1 CPU, not {cpus}")
    if not ray.is_initialized():
        kwargs: dict[str, Any] = {"log_to_driver": False, "logging_level": "ERROR", "include_dashboard": False,
                                  "configure_logging": True,
                                  # the tasks' herna.load takes the engine this run chose (herna --engine)
                                  "runtime_env": {"env_vars": {ENGINE_ENV: default_engine()}}}
        if address != LOCAL:
            _probe(address)
        try:
            if address == LOCAL:
                ray.init(num_cpus=cpus or os.cpu_count() or 1, **kwargs)
                _started_here = True
                # registered after Ray's own, so it runs first: the cluster is
                # stopped with Ctrl-C ignored (a Ctrl-C in Ray's exit handler
                # printed a traceback after the report)
                atexit.register(_quiet_shutdown)
            else:
                ray.init(address=address, **kwargs)
        except Exception as error:  # noqa: BLE001 - Ray raises many kinds; all mean "no cluster"
            raise _no_cluster(address, error) from None
    return max(1, int(ray.cluster_resources().get("CPU", 1)))


def _no_cluster(address: str, error: Exception) -> RuntimeError:
    if address == "auto" and isinstance(error, ConnectionError):
        return RuntimeError("--ray auto: no Ray cluster runs on this machine; start one with 'ray start --head', "
                            "give its address, or use a bare --ray for a local one")
    where = "start a local Ray cluster" if address == LOCAL else f"reach the Ray cluster at {address!r}"
    first = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
    return RuntimeError(f"--ray: cannot {where}: {first}")


def shutdown() -> None:
    """Stop the local cluster this process started (a joined one is only left)."""
    global _started_here
    ray = _ray()
    if ray.is_initialized():
        ray.shutdown()
    _started_here = False
    _remotes.clear()


def _quiet_shutdown() -> None:
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread
        pass
    shutdown()


def ray_map(fn: Callable[[T], R], tasks: Iterable[T], ahead: int) -> Iterator[R]:
    """``fn(task)`` for every task as Ray tasks, in the order of ``tasks``,
    at most ``ahead`` in flight (:func:`connect` first). ``fn`` must be a
    module-level function of herna (workers import it by name). An error in
    a task is raised here as the task raised it; on any exception or an
    early close the tasks in flight are cancelled."""
    ray = _ray()
    if not ray.is_initialized():
        raise RuntimeError("ray_map: connect() to a Ray cluster first")
    remote = _remotes.get(fn)
    if remote is None:
        remote = _remotes[fn] = ray.remote(max_retries=0)(fn)
    pending: deque = deque()
    finished = False
    try:
        source = iter(tasks)
        for task in source:
            pending.append(remote.remote(task))
            if len(pending) >= ahead:
                break
        while pending:
            ref = pending.popleft()
            try:
                result = ray.get(ref)
            except ray.exceptions.RayTaskError as error:
                raise error.as_instanceof_cause() from None
            following = next(source, _END)
            if following is not _END:
                pending.append(remote.remote(following))
            yield result
        finished = True
    finally:
        if not finished:
            for ref in pending:
                try:
                    ray.cancel(ref, force=True)
                except Exception:  # noqa: BLE001 - best effort: the task may have ended meanwhile
                    pass
            if _started_here:
                shutdown()


_END = object()
