"""``herna analyze --engine batch`` against the Python path.

The same command line (4 players, no variants) runs ``--engine python``
(through the compiled or Python engine and the Python bots) and ``--engine
batch`` (herna.batch and the batched bots): Trumfosaur with random bots and
with greedy bots (250 and 1200 games), Ugo! with random and with greedy
bots (2 rounds; 200 and 600 random games, 120 and 400 greedy ones), Kurník
with greedy and random seats mixed, rotated by game (300 and 900 games: one
compiled driver for both bots, Kurník's compilation being the slow part;
seat 0 is greedy in half the games, random in the other half, so each
position's win share mixes both); the two reports must
agree within their intervals: mean game length (Trumfosaur's deals, Ugo!'s
rounds, always all of them, Kurník's turns), mean score (Kurník's: hens)
and each seat's win share (the difference
inside ~3.3 standard errors, a 99.9% interval, so a pass is not luck of a
95% one). It also checks the report's keys are the Python report's, the
records' fields, and the refusals.
"""

from __future__ import annotations

import json
import signal
import subprocess

import pytest

pytest.importorskip("jax", reason="herna.batch needs JAX (pip install 'herna[batch]')", exc_type=ImportError)

from typer.testing import CliRunner  # noqa: E402

from herna.arena.analyze import run_analysis  # noqa: E402
from herna.batch.analyze import play_variant  # noqa: E402
from herna.core import load  # noqa: E402
from herna.cli.main import app  # noqa: E402
from tests import child  # noqa: E402

runner = CliRunner()
WIDEN = 3.29 / 1.96  # the 95% intervals of `effects`, widened to 99.9%


def _report(tmp_path, game: str, engine: str, bots: str, n: int, *extra: str) -> dict:
    out = tmp_path / engine
    result = runner.invoke(app, ["analyze", game, "-n", str(n), "--bots", bots, "--variant", "none",
                                 "--engine", engine, "--out", str(out), "--plain", *extra])
    assert result.exit_code == 0, result.output
    return json.loads((out / "report.json").read_text())


@pytest.mark.parametrize("game, bot, games, options", [
    ("trumfosaur", "random", (250, 1200), ()),
    ("trumfosaur", "greedy", (250, 1200), ()),
    ("ugo", "random", (200, 600), ("--rounds", "2")),
    ("ugo", "greedy", (120, 400), ("--rounds", "2")),
    ("kurnik", "greedy,random,greedy,random", (300, 900), ()),
])
def test_batch_and_python_reports_agree(tmp_path, game, bot, games, options):
    bots = bot if "," in bot else ",".join([bot] * 4)
    python = _report(tmp_path, game, "python", bots, games[0], *options)
    batch = _report(tmp_path, game, "batch", bots, games[1], "--batch-size", str(games[1] // 3), *options)
    assert batch["engine"] == "batch" and python["engine"] == "python"
    assert set(batch) == set(python) | {"batch_size"}
    a, b = python["variants"][0], batch["variants"][0]
    assert set(a) == set(b) and set(a["stats"]) == set(b["stats"])
    assert b["stats"]["games"] == games[1]
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


def test_ugo_records_have_what_the_report_reads():
    # the options and batch of the Ugo! report above: its compiled driver serves here too
    options = {"players": 4, "rounds": 2, "first_player": 0, "farmers": 36, "low_card_farmers": [1, 2]}
    records = play_variant("ugo", options, ["random"] * 4, 400, seed=4, batch_size=200)
    assert [r["index"] for r in records] == list(range(400))
    for r in records:
        assert r["length"] == 2 and r["first"] == 0  # Ugo!'s length: its rounds (State.period), all played
        assert r["returns"] == [float(v) for v in r["scores"]]  # U-2.1: the totals
        assert r["winners"] == [s for s in range(4) if r["scores"][s] == max(r["scores"])]  # equal totals share
    assert any(len(r["winners"]) > 1 for r in records)


def test_kurnik_records_have_what_the_report_reads():
    # the options, bots and batch of the Kurník report above: its compiled driver serves here too.
    # Kurník's record: scores the hens, winners the engine's (K-1.4), length the turns (State.period),
    # first the rolled first player (K-2.1: the option is unset), as the Python path's records
    options = load("kurnik").options
    bots = ["greedy", "random", "greedy", "random"]
    records = play_variant("kurnik", options, bots, 300, seed=5, batch_size=300)
    python = run_analysis("kurnik", options, bots, 8, [], seed=5)[0][2]
    assert [r["index"] for r in records] == list(range(300))
    assert set(records[0]) <= set(python[0])
    for r in records:
        assert r["bots"] == [bots[(s - r["index"] % 4) % 4] for s in range(4)]  # rotated as the Python path
    for r in records + python:
        assert r["winners"] and r["returns"] == [1.0 if s in r["winners"] else 0.0 for s in range(4)]
        assert all(0 <= h <= options["supply_hens"] for h in r["scores"])
        assert 1 <= r["length"] <= options["turn_limit"] and r["first"] in range(4)
        if r["length"] < options["turn_limit"]:  # K-1.4: a winner has the hens to win
            assert all(r["scores"][w] == max(r["scores"]) for w in r["winners"])
    assert len({r["first"] for r in records}) == 4  # rolled, not the option


@pytest.mark.parametrize("args, message", [
    (["analyze", "kurnik", "--engine", "batch", "--bots", "ismcts,greedy"], "no batched version for kurnik"),
    (["analyze", "trumfosaur", "--engine", "batch", "--bots", "ismcts,greedy"], "no batched version"),
    (["analyze", "trumfosaur", "--engine", "batch", "--jobs", "2"], "does not take --jobs"),
    (["analyze", "trumfosaur", "--batch-size", "64"], "--batch-size is for --engine batch"),
])
def test_what_the_batch_path_cannot_do_is_refused(args, message):
    result = runner.invoke(app, args)
    assert result.exit_code != 0 and message in result.output, result.output


def test_interrupt_while_compiling_ends_with_130_and_one_line(tmp_path):
    """Ctrl-C in the first seconds of a batch run (JAX compiling on its own
    threads) ends the process with 130 and the one-line message, not a crash.
    The interrupt is sent once the child has built its driver: its first
    jitted call, compiled then, comes next."""
    run = child.start(["analyze", "kurnik", "--engine", "batch", "--variant", "none", "-n", "4000",
                       "--batch-size", "64", "--out", str(tmp_path / "out"), "--plain"],
                      ready_after="herna.batch.analyze:_driver", stdout=subprocess.DEVNULL,
                      stderr=subprocess.PIPE, text=True)
    try:
        child.wait_ready(run)
        run.send_signal(signal.SIGINT)
        _, stderr = run.communicate(timeout=child.GUARD_SECONDS)
    finally:
        if run.poll() is None:
            run.kill()
            run.wait()
    assert run.returncode == 130, stderr
    assert "interrupted (--engine batch keeps no games file" in stderr and "Traceback" not in stderr


def test_a_bot_refused_at_a_variant_says_how_to_choose_variants():
    """The learned policy refuses rule variants it was not trained with; on the batch path too the
    refusal at a (default) variant says to choose the variants with --variant; the base's does not."""
    from herna.arena.analyze import VARIANT_HINT
    from herna.batch.analyze import check_batch

    with pytest.raises(ValueError, match="--bots: variant teams: the learned policy") as error:
        check_batch("trumfosaur", ["policy"] * 4, {"players": 4}, [{"teams": True}])
    assert str(error.value).endswith(VARIANT_HINT)
    with pytest.raises(ValueError) as base:
        check_batch("trumfosaur", ["policy"] * 4, {"players": 4, "teams": True})
    assert VARIANT_HINT not in str(base.value) and str(base.value).startswith("--bots: the learned policy")
