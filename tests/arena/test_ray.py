"""``--ray``: simulate, arena and analyze as tasks of a Ray cluster (issue
14 item 4; herna.arena.cluster): the same results as ``--jobs`` for the same
seed, resumable, with clear errors. Runs on a local cluster of 2 CPUs,
started once for the module; skipped where Ray is not installed (the
``herna[ray]`` extra, which .ci/run installs)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from herna.arena import cluster
from herna.arena.runner import run_tasks
from herna.arena.simulate import simulate
from herna.arena.tournament import arena_tasks
from herna.cli.runs import bare_ray

pytestmark = pytest.mark.timeout(300)

HERNA = shutil.which("herna", path=str(Path(sys.executable).parent)) or shutil.which("herna")


def _ray_installed() -> bool:
    try:
        import ray  # noqa: F401
    except ImportError:
        return False
    return True


needs_ray = pytest.mark.skipif(not _ray_installed(), reason="Ray is not installed: pip install 'herna[ray]'")


@pytest.fixture(scope="module")
def local_cluster():
    """A local Ray cluster of 2 CPUs for this module's library-level tests."""
    cpus = cluster.connect(cluster.LOCAL, 2)
    yield cpus
    cluster.shutdown()


def _drop_timing(summary: dict) -> dict:
    return {k: v for k, v in summary.items()
            if k not in ("seconds_per_game", "games_per_second", "wall_seconds", "seconds")}


def _games(records: list[dict]) -> list[dict]:
    return [_drop_timing(r) for r in records]


@pytest.mark.parametrize("args, expected", [
    (["simulate", "ugo", "--ray"], ["simulate", "ugo", "--ray", "local"]),
    (["simulate", "--ray", "ugo", "-n", "5"], ["simulate", "--ray", "local", "ugo", "-n", "5"]),
    (["simulate", "ugo", "--ray", "-n", "5"], ["simulate", "ugo", "--ray", "local", "-n", "5"]),
    (["simulate", "ugo", "--ray", "auto"], ["simulate", "ugo", "--ray", "auto"]),
    (["simulate", "ugo", "--ray", "10.0.0.5:6379"], ["simulate", "ugo", "--ray", "10.0.0.5:6379"]),
    (["simulate", "ugo", "--ray", "ray://head:10001"], ["simulate", "ugo", "--ray", "ray://head:10001"]),
    (["simulate", "ugo", "--ray=auto"], ["simulate", "ugo", "--ray=auto"]),
])
def test_a_bare_ray_flag_means_a_local_cluster(args, expected):
    assert bare_ray(args) == expected


@needs_ray
def test_simulate_on_ray_gives_the_numbers_of_jobs(local_cluster):
    assert local_cluster == 2
    specs, options, n, seed = ["greedy", "random", "greedy"], {"players": 3}, 30, 5
    jobs = simulate("trumfosaur", options, specs, n, seed=seed, jobs=2).to_dict(1.0)
    ray = simulate("trumfosaur", options, specs, n, seed=seed, jobs=local_cluster, ray=True).to_dict(1.0)
    assert _drop_timing(ray) == _drop_timing(jobs) and ray["games"] == n


@needs_ray
def test_an_arena_on_ray_resumes_its_file_and_equals_the_jobs_run(local_cluster, tmp_path):
    tasks = arena_tasks("kurnik", {"players": 2}, ["greedy", "random"], 24, seed=2)
    expected = run_tasks(tasks, jobs=2)
    path = tmp_path / "games.jsonl"
    first = run_tasks(tasks[:10], jobs=local_cluster, path=path, ray=True)
    assert _games(first) == _games(expected[:10])
    report: dict = {}
    counted = []
    again = run_tasks(tasks, jobs=local_cluster, path=path, ray=True, report=report, progress=counted.append)
    assert _games(again) == _games(expected)
    assert report["used"] == 10 and report["played"] == 14 and sum(counted) == 24
    assert len(path.read_text().splitlines()) == 24


@needs_ray
def test_an_error_in_a_task_is_raised_as_itself(local_cluster):
    from herna.arena.pool import bounded_map
    from herna.arena.simulate import _run_chunk

    with pytest.raises(ValueError):
        list(bounded_map(_run_chunk, [("kurnik", {"players": 9}, ["greedy"] * 9, 0, 0, 2)], 2, ray=True))


@needs_ray
def test_the_commands_take_ray_and_print_the_same_numbers(tmp_path):
    base = [HERNA, "simulate", "kurnik", "-n", "12", "--seats", "greedy,random", "--seed", "4", "--json"]
    on_ray = subprocess.run(base + ["--ray", "--jobs", "2"], capture_output=True, text=True, timeout=240)
    assert on_ray.returncode == 0, on_ray.stderr[-2000:]
    local = subprocess.run(base + ["--jobs", "2"], capture_output=True, text=True, timeout=240)
    a, b = json.loads(on_ray.stdout), json.loads(local.stdout)
    assert a["ray"] == "local" and b["ray"] is None
    assert _drop_timing({**a, "ray": None}) == _drop_timing(b)
    out = tmp_path / "report"
    done = subprocess.run([HERNA, "analyze", "kurnik", "-n", "6", "--variant", "none", "--ray", "--out", str(out),
                           "--plain"], capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Ray, " in done.stdout and json.loads((out / "report.json").read_text())["ray"] == "local"


@pytest.mark.parametrize("args, words", [
    (["--ray", "127.0.0.1:1"], "cannot reach the Ray cluster at '127.0.0.1:1'"),
    (["--ray", "ray://[bad"], "is no address"),
    (["--ray", "127.0.0.1:1", "--jobs", "2"], "leave out --jobs"),
])
def test_a_bad_cluster_is_one_line_and_exit_2(args, words):
    done = subprocess.run([HERNA, "simulate", "kurnik", "-n", "3", *args], capture_output=True, text=True,
                          timeout=60)
    if not _ray_installed() and "--jobs" not in args:
        assert done.returncode == 2 and "herna[ray]" in done.stderr
        return
    assert done.returncode == 2 and words in done.stderr and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_an_address_where_something_else_answers_is_refused_at_once(tmp_path):
    """Something that is not Ray on the port (Redis, a web server) would make
    Ray retry for ever: herna sees that it does not speak HTTP/2 (gRPC) and
    says so in one line (herna.arena.cluster._probe): one connection, the
    probe's, and Ray never tries."""
    import socket
    import threading

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(4)
    port = server.getsockname()[1]

    connections = []

    def answer():
        while True:
            try:
                conn, _ = server.accept()
            except OSError:
                return
            connections.append(conn)  # counted before the answer, so before the command can end
            with conn:
                conn.sendall(b"-ERR unknown command 'PRI'\r\n")

    threading.Thread(target=answer, daemon=True).start()
    try:
        done = subprocess.run([HERNA, "simulate", "kurnik", "-n", "3", "--ray", f"127.0.0.1:{port}"],
                              capture_output=True, text=True, timeout=60)
    finally:
        server.close()
    if not _ray_installed():
        assert done.returncode == 2 and "herna[ray]" in done.stderr
        return
    assert done.returncode == 2 and "answers, but not as a Ray cluster does" in done.stderr, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and len(connections) == 1
