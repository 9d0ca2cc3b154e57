"""JAX's persistent compilation cache for herna.batch, on by default.

Compiling a batched engine takes seconds to a minute on a CPU (Kurník's
loop about 20 s, Trumfosaur's step about 5 s, more on a loaded machine);
with the cache a later process loads the compiled code from disk instead
(well under a second). :func:`herna.batch.engine` and :func:`herna.batch.make`
call :func:`enable` before they build anything.

- The directory: ``HERNA_JAX_CACHE_DIR`` if set, else ``herna/jax`` in the
  user's cache directory (``$XDG_CACHE_HOME``, default ``~/.cache``).
- ``HERNA_JAX_CACHE=0`` (or ``off``, ``false``, ``no``) turns it off.
- A cache directory the user gave JAX already (``jax_compilation_cache_dir``)
  is left alone.
"""

from __future__ import annotations

import os
from pathlib import Path

OFF = ("0", "off", "false", "no")
_done: list[str | None] = []


def directory() -> Path:
    """Where the cache goes (module docstring)."""
    given = os.environ.get("HERNA_JAX_CACHE_DIR")
    if given:
        return Path(given).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "herna" / "jax"


def enable() -> str | None:
    """Turn JAX's persistent compilation cache on (once a process): the
    directory used, or ``None`` when it is off (``HERNA_JAX_CACHE=0``) or the
    directory cannot be made (then JAX compiles as without it)."""
    if _done:
        return _done[0]
    import jax

    result: str | None = None
    if os.environ.get("HERNA_JAX_CACHE", "1").strip().lower() not in OFF:
        current = getattr(jax.config, "jax_compilation_cache_dir", None)  # set by JAX_COMPILATION_CACHE_DIR
        if current:
            result = str(current)
        else:
            path = directory()
            try:
                path.mkdir(parents=True, exist_ok=True)
            except OSError:
                path = None  # type: ignore[assignment]
            if path is not None:
                jax.config.update("jax_compilation_cache_dir", str(path))
                jax.config.update("jax_persistent_cache_min_compile_time_secs", 0.5)
                result = str(path)
    _done.append(result)
    return result


__all__ = ["enable", "directory"]
