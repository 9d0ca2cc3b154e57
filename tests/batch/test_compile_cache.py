"""herna.batch turns JAX's persistent compilation cache on (herna/batch/cache.py):
in the user's cache directory or ``HERNA_JAX_CACHE_DIR``, off with
``HERNA_JAX_CACHE=0``, and never over a directory the user gave JAX. Each
case runs in a fresh interpreter (JAX's configuration is per process)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

pytest.importorskip("jax", reason="herna.batch needs JAX (pip install 'herna[batch]')", exc_type=ImportError)

PROBE = ("import jax, herna.batch; env = herna.batch.engine('trumfosaur', players=2); "
         "print(jax.config.jax_compilation_cache_dir)")


def probe(tmp_path, code: str = PROBE, **env: str) -> str:
    # neither herna's variables nor JAX's own (CI sets JAX_COMPILATION_CACHE_DIR for the whole suite)
    environment = {k: v for k, v in os.environ.items()
                   if not k.startswith("HERNA_JAX_CACHE") and not k.startswith("JAX_")}
    environment.update(XDG_CACHE_HOME=str(tmp_path / "xdg"), **env)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=environment, check=True)
    return out.stdout.strip().splitlines()[-1]


def test_on_by_default_in_the_user_cache_directory(tmp_path):
    where = tmp_path / "xdg" / "herna" / "jax"
    assert probe(tmp_path) == str(where) and where.is_dir()


def test_directory_from_the_environment(tmp_path):
    assert probe(tmp_path, HERNA_JAX_CACHE_DIR=str(tmp_path / "mine")) == str(tmp_path / "mine")


def test_off(tmp_path):
    assert probe(tmp_path, HERNA_JAX_CACHE="0") == "None"
    assert not (tmp_path / "xdg").exists()


def test_a_directory_given_to_jax_is_kept(tmp_path):
    code = f"import jax; jax.config.update('jax_compilation_cache_dir', {str(tmp_path / 'own')!r}); " + PROBE
    assert probe(tmp_path, code) == str(tmp_path / "own")
