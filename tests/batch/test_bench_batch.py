"""``herna bench --batch`` (issue 14's measure): its references and its refusals."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from herna.batch.bench import kurnik_reference, reference_rows

HERNA = shutil.which("herna", path=str(Path(sys.executable).parent)) or shutil.which("herna")


def test_references_count_decisions_of_both_engines_and_hearts():
    from herna.core import engines

    rows = reference_rows(0.05)
    herna_rows = [r for r in rows if r["engine"].startswith("herna Trumfosaur")]
    assert [r["engine"].split(", ")[1] for r in herna_rows] == (
        ["compiled engine", "python engine"] if engines.available("trumfosaur") else ["python engine"])
    assert all(r["actions_per_s"] > 0 for r in rows)
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        assert len(rows) == len(herna_rows)
    else:
        assert rows[-1]["engine"].startswith("OpenSpiel C++ Hearts") and len(rows) == len(herna_rows) + 1


def test_kurnik_reference_is_the_compiled_one_state_loop():
    """The batched Kurník's own reference (issue 26: at least this at 16k):
    the compiled engine's random playouts, or None where it is not built."""
    from herna.core import engines

    row = kurnik_reference(0.05)
    if not engines.available("kurnik"):
        assert row is None
    else:
        assert row is not None and row["engine"] == "herna Kurník, compiled engine, one state"
        assert row["actions_per_s"] > 0


@pytest.mark.parametrize("args, words", [(["--batch", "--vs-openspiel"], "leave out"),
                                         (["--batch", "--games", "ugo"], "leave out")])
def test_batch_bench_refuses_other_modes_in_one_line(args, words):
    done = subprocess.run([HERNA, "bench", *args], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and words in done.stderr and "Traceback" not in done.stderr


def test_uniform_legal_picks_legal_actions_about_uniformly():
    jax = pytest.importorskip("jax", exc_type=ImportError)
    import numpy as np

    from herna.batch.bench import uniform_legal

    mask = np.zeros((30000, 103), bool)
    mask[:, [0, 7, 50, 51, 102]] = True
    mask[::2, 7] = False
    picked = np.asarray(uniform_legal(jax.random.key(0), jax.numpy.asarray(mask)))
    assert mask[np.arange(len(mask)), picked].all()
    counts = np.bincount(picked[1::2], minlength=103)[[0, 7, 50, 51, 102]]  # 5 legal: 3000 each
    assert (abs(counts - 3000) < 250).all(), counts
    counts = np.bincount(picked[::2], minlength=103)[[0, 50, 51, 102]]  # 4 legal: 3750 each
    assert (abs(counts - 3750) < 250).all(), counts
