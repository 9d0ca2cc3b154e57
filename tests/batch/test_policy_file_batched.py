"""The batched policy bot plays a network file (policy:FILE.npz) as the shipped one, and refuses another
game's network in one line (herna.batch.bots.policy, herna.bots.policy.network)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import herna

pytest.importorskip("jax", exc_type=ImportError)

SHIPPED = Path(herna.__file__).parent / "data" / "policies"


def test_a_network_file_is_the_same_batched_bot_as_the_shipped(tmp_path):
    import jax

    from herna.batch.bots import policy
    from herna.bots.policy import weights

    params, meta = weights("kurnik", 4)
    path = tmp_path / "Mine.npz"
    with path.open("wb") as handle:
        np.savez(handle, **params, meta=np.array(json.dumps(meta)))
    mine, shipped = policy(f"policy:{path}", "kurnik", 4), policy("policy", "kurnik", 4)
    rng = np.random.default_rng(2)
    size, actions = params["w1"].shape[0], params["w2"].shape[1]
    observation = jax.numpy.asarray(rng.normal(size=(16, size)).astype(np.float32))
    mask = jax.numpy.asarray(rng.random((16, actions)) < 0.5).at[:, 0].set(True)
    seat = jax.numpy.asarray(rng.integers(0, 4, 16))
    key = jax.random.key(0)
    assert np.asarray(mine(observation, mask, key, seat=seat)).tolist() == \
        np.asarray(shipped(observation, mask, key, seat=seat)).tolist()
    with pytest.raises(ValueError, match=f"^{SHIPPED / 'ugo-4.npz'} is a network for ugo, not kurnik$"):
        policy(f"policy:{SHIPPED / 'ugo-4.npz'}", "kurnik", 4)


def test_analyze_on_the_batched_engine_takes_a_network_file(tmp_path):
    from typer.testing import CliRunner

    from herna.cli.main import app

    spec = f"policy:{SHIPPED / 'kurnik-4.npz'}"
    result = CliRunner().invoke(app, ["analyze", "kurnik", "--engine", "batch", "-n", "64", "--variant", "none",
                                      "--bots", f"{spec},greedy,random,random", "--out", str(tmp_path / "a"),
                                      "--seed", "1", "--batch-size", "64"])
    assert result.exit_code == 0, result.output
