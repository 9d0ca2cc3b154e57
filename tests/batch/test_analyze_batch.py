"""``herna analyze --engine batch`` against the Python path.

The same command line (4 players, no variants) runs ``--engine python``
(250 games, through the compiled or Python engine and the Python bots) and
``--engine batch`` (1200 games, herna.batch and the batched bots), with
random bots and with greedy bots; the two reports must agree within their
intervals: mean game length, mean score, seat 1's win share and the share
of shared wins (the difference inside ~3.3 standard errors, a 99.9%
interval, so a pass is not luck of a 95% one). It also checks the report's
keys are the Python report's, and the refusals.
"""

from __future__ import annotations

import json

import pytest

pytest.importorskip("jax", reason="herna.batch needs JAX (pip install 'herna[batch]')", exc_type=ImportError)

from typer.testing import CliRunner  # noqa: E402

from herna.batch.analyze import play_variant  # noqa: E402
from herna.cli.main import app  # noqa: E402

runner = CliRunner()
WIDEN = 3.29 / 1.96  # the 95% intervals of `effects`, widened to 99.9%


def _report(tmp_path, engine: str, bots: str, n: int, *extra: str) -> dict:
    out = tmp_path / engine
    result = runner.invoke(app, ["analyze", "trumfosaur", "-n", str(n), "--bots", bots, "--variant", "none",
                                 "--engine", engine, "--out", str(out), "--plain", *extra])
    assert result.exit_code == 0, result.output
    return json.loads((out / "report.json").read_text())


@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_batch_and_python_reports_agree(tmp_path, bot):
    bots = ",".join([bot] * 4)
    python = _report(tmp_path, "python", bots, 250)
    batch = _report(tmp_path, "batch", bots, 1200, "--batch-size", "400")
    assert batch["engine"] == "batch" and python["engine"] == "python"
    assert set(batch) == set(python) | {"batch_size"}
    a, b = python["variants"][0], batch["variants"][0]
    assert set(a) == set(b) and set(a["stats"]) == set(b["stats"])
    assert b["stats"]["games"] == 1200
    for key in ("length", "score"):
        pa, pb = a["stats"][key], b["stats"][key]
        half = lambda s: (s["ci95"][1] - s["ci95"][0]) / 2  # noqa: E731
        limit = WIDEN * (half(pa) ** 2 + half(pb) ** 2) ** 0.5
        assert abs(pa["mean"] - pb["mean"]) <= limit, (key, pa, pb)
    for sa, sb in zip(a["stats"]["seats"], b["stats"]["seats"]):
        half_a = (sa["win_ci95"][1] - sa["win_ci95"][0]) / 2
        half_b = (sb["win_ci95"][1] - sb["win_ci95"][0]) / 2
        assert abs(sa["win_share"] - sb["win_share"]) <= WIDEN * (half_a ** 2 + half_b ** 2) ** 0.5, (sa, sb)


def test_records_have_what_the_report_reads():
    options = {"players": 4, "teams": True, "master": False, "target_score": 12, "first_player": 1}
    bots = ["greedy", "random", "random", "greedy"]
    records = play_variant("trumfosaur", options, bots, 30, seed=3, batch_size=8)
    assert [r["index"] for r in records] == list(range(30))
    for r in records:
        assert r["bots"] == [bots[(s - r["index"] % 4) % 4] for s in range(4)]  # rotated as the Python path
        assert r["first"] == 1 and r["length"] >= 1
        team = [r["scores"][0] + r["scores"][2], r["scores"][1] + r["scores"][3]]
        assert r["returns"] == [float(team[s % 2]) for s in range(4)]  # T-7.1
        best = max(team)
        assert r["winners"] == [s for s in range(4) if team[s % 2] == best]  # T-7.2
        assert max(team) >= 12


@pytest.mark.parametrize("args, message", [
    (["analyze", "ugo", "--engine", "batch"], "ugo has a batched engine, but its balance report does not run on it"),
    (["analyze", "kurnik", "--engine", "batch"], "kurnik has a batched engine, but its balance report does not run"),
    (["analyze", "trumfosaur", "--engine", "batch", "--bots", "ismcts,greedy"], "no batched version"),
    (["analyze", "trumfosaur", "--engine", "batch", "--jobs", "2"], "does not take --jobs"),
    (["analyze", "trumfosaur", "--batch-size", "64"], "--batch-size is for --engine batch"),
])
def test_what_the_batch_path_cannot_do_is_refused(args, message):
    result = runner.invoke(app, args)
    assert result.exit_code != 0 and message in result.output, result.output
