"""``herna simulate`` streams its games: flat memory in ``-n``, the same
numbers for any ``--jobs``, and a clean Ctrl-C (exit 130, no traceback)."""

from __future__ import annotations

import math
import os
import random
import shutil
import signal
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from herna.arena.match import make_bots, play_game
from herna.arena.runner import scan_records
from herna.arena.simulate import game_seed, simulate
from herna.arena.stats import RunningMean, counter_quantiles, mean_ci, wilson
from herna.core import load
from tests import child
from tests.child import default_sigint, wait_until

HERNA = shutil.which("herna", path=str(Path(sys.executable).parent)) or shutil.which("herna")


def _tree_rss_mb(pid: int) -> float:
    """Resident memory of ``pid`` and its children, in MB (Linux /proc)."""
    pids = [pid]
    children = Path(f"/proc/{pid}/task/{pid}/children")
    if children.exists():
        pids += [int(p) for p in children.read_text().split()]
    total = 0
    for p in pids:
        try:
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except FileNotFoundError:
            pass
    return total / 1024


def _nearest_rank(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux /proc")
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_huge_simulate_starts_small_and_ctrl_c_exits_130(jobs):
    """-n 100000000 used gigabytes before the first game, and Ctrl-C hung
    with worker tracebacks: now memory is small once the first game is
    summed up, and Ctrl-C stops at once."""
    run = child.start(["simulate", "trumfosaur", "-n", "100000000", "--jobs", jobs],
                      ready_after="herna.arena.simulate:Summary.add", stdout=subprocess.DEVNULL,
                      stderr=subprocess.PIPE)
    try:
        child.wait_ready(run)
        assert _tree_rss_mb(run.pid) < 300
        os.killpg(run.pid, signal.SIGINT)  # as the terminal does: the whole process group
        _, stderr = run.communicate(timeout=child.GUARD_SECONDS)
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
            run.wait()
    text = stderr.decode()
    assert run.returncode == 130, text
    assert "Traceback" not in text and "KeyboardInterrupt" not in text
    assert [line for line in text.splitlines() if line.strip()] == [
        "error: interrupted: the run was stopped and nothing is summarised"]


def _drop_timing(summary: dict) -> dict:
    return {k: v for k, v in summary.items() if k not in ("seconds_per_game", "games_per_second", "wall_seconds")}


def test_streamed_summary_matches_the_whole_list_and_any_jobs():
    """The running statistics give the numbers of the list of all games
    (mean, win share, quantiles exactly; the sd to rounding), the same for
    one or two worker processes."""
    specs = ["greedy", "random"]
    options = {"players": 2, "target_score": 10}
    n, seed = 40, 3
    one = simulate("trumfosaur", options, specs, n, seed=seed, jobs=1).to_dict(1.0)
    two = simulate("trumfosaur", options, specs, n, seed=seed, jobs=2).to_dict(1.0)
    assert _drop_timing(one) == _drop_timing(two)
    game = load("trumfosaur", **options)
    records = [play_game(game, make_bots(specs, game, game_seed(seed, i)), game_seed(seed, i)) for i in range(n)]
    lengths = [r.length for r in records]
    assert one["games"] == n
    assert one["mean_length"] == sum(lengths) / n
    assert one["sd_length"] == pytest.approx(mean_ci(lengths)[1], rel=1e-12)
    assert one["length_quantiles"] == {"min": min(lengths), "p10": _nearest_rank(lengths, 0.1),
                                       "median": _nearest_rank(lengths, 0.5), "p90": _nearest_rank(lengths, 0.9),
                                       "p99": _nearest_rank(lengths, 0.99), "max": max(lengths)}
    for s, row in enumerate(one["seats"]):
        scores = [r.scores[s] for r in records]
        mean, sd, lo, hi = mean_ci(scores)
        assert row["mean_score"] == mean
        assert row["sd_score"] == pytest.approx(sd, rel=1e-12)
        assert row["score_ci95"] == pytest.approx([lo, hi], rel=1e-12)
        wins = sum(1.0 / len(r.winners) for r in records if s in r.winners)
        assert row["win_share"] == wilson(wins, n)[0]


def test_running_mean_and_counter_quantiles_agree_with_lists():
    rng = random.Random(5)
    for values in ([7], [3, 3, 3], [rng.randint(-20, 60) for _ in range(501)],
                   [rng.uniform(-1, 1) for _ in range(200)]):
        running = RunningMean()
        for v in values:
            running.add(v)
        assert running.mean_ci() == pytest.approx(mean_ci(values), rel=1e-12, abs=1e-15)
    assert math.isnan(RunningMean().mean_ci()[0])
    lengths = [rng.randint(1, 9) for _ in range(333)]
    expected = {"min": min(lengths), "max": max(lengths)}
    for key, q in (("p10", 0.1), ("median", 0.5), ("p90", 0.9), ("p99", 0.99)):
        expected[key] = _nearest_rank(lengths, q)
    assert counter_quantiles(Counter(lengths)) == expected
    assert counter_quantiles(Counter()) == {}


@pytest.mark.skipif(HERNA is None, reason="the herna command is not installed")
def test_arena_ctrl_c_with_workers_keeps_the_games_and_exits_130(tmp_path):
    """Workers ignore SIGINT and are stopped by the parent: no worker
    tracebacks, exit 130, and the games finished so far stay in games.jsonl."""
    out = tmp_path / "run"
    run = subprocess.Popen([HERNA, "arena", "ugo", "--bots", "greedy,random", "-n", "100000", "--jobs", "2",
                            "--out", str(out)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           start_new_session=True, preexec_fn=default_sigint)
    try:
        games = out / "games.jsonl"
        wait_until(lambda: games.exists() and games.stat().st_size > 0, run)
        os.killpg(run.pid, signal.SIGINT)
        _, stderr = run.communicate(timeout=child.GUARD_SECONDS)
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
            run.wait()
    text = stderr.decode()
    assert run.returncode == 130, text
    assert "Traceback" not in text and "KeyboardInterrupt" not in text
    assert "rerun the same command to resume" in text.strip().splitlines()[-1]
    kept, _ = scan_records(games)  # a line cut by Ctrl-C mid-write would be left out, and replayed on resume
    assert kept and not (out / "summary.json").exists()
