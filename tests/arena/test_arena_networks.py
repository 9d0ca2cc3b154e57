"""A resumed arena run (and analysis) plays the same network files: ``run.json``
(``analysis.json``) keeps each file's SHA-256, and a file changed since the run
began is refused in one line (so games.jsonl never holds games of two networks
under one bot name)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
from typer.testing import CliRunner

import herna
from herna.bots import network_file
from herna.bots.policy import file_digest
from herna.cli.main import app

SHIPPED = Path(herna.__file__).parent / "data" / "policies"
cli = CliRunner()


def invoke(*args):
    return cli.invoke(app, [str(a) for a in args])


def change_network(path: str) -> None:
    """Another network of the same shapes and meta in ``path``."""
    with np.load(path) as data:
        arrays = {k: data[k] for k in data.files}
    arrays["b2"] = arrays["b2"] + 1.0
    with open(path, "wb") as handle:
        np.savez(handle, **arrays)


def test_network_file_of_a_spec():
    assert network_file("policy:Dir/Net.npz") == "Dir/Net.npz"
    assert network_file("POLICY:n.npz+explore=0.1") == "n.npz"
    assert network_file("policy") is None and network_file("greedy+explore") is None


def test_a_resume_whose_network_file_changed_is_refused(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shutil.copy(SHIPPED / "trumfosaur-4.npz", "n.npz")
    base = ("arena", "trumfosaur", "--target-score", "1", "--bots", "policy:n.npz,greedy,random,random",
            "--seed", "3", "--out", "ar-n")
    result = invoke(*base, "-n", "2")
    assert result.exit_code == 0, result.output
    assert json.loads(Path("ar-n/run.json").read_text())["networks"] == {"n.npz": file_digest("n.npz")}
    result = invoke(*base, "-n", "3")  # the same file: resumes
    assert result.exit_code == 0, result.output
    assert len(Path("ar-n/games.jsonl").read_text().splitlines()) == 3
    change_network("n.npz")
    result = invoke(*base, "-n", "4")
    assert result.exit_code == 2
    line = result.output.strip()
    assert len(line.splitlines()) == 1 and "Traceback" not in line
    assert line.startswith("error: the network file n.npz has changed since the run in ar-n began")
    assert "put the old file back to resume, or use another --out folder" in line
    assert len(Path("ar-n/games.jsonl").read_text().splitlines()) == 3  # nothing played


def test_an_analysis_resume_whose_network_file_changed_is_refused(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shutil.copy(SHIPPED / "trumfosaur-4.npz", "n.npz")
    base = ("analyze", "trumfosaur", "--target-score", "1", "--variant", "none", "--bots",
            "policy:n.npz,random,random,random", "--seed", "3", "--out", "an")
    result = invoke(*base, "-n", "2")
    assert result.exit_code == 0, result.output
    assert json.loads(Path("an/analysis.json").read_text())["networks"] == {"n.npz": file_digest("n.npz")}
    assert invoke(*base, "-n", "3").exit_code == 0  # the same file: resumes
    change_network("n.npz")
    result = invoke(*base, "-n", "4")
    assert result.exit_code == 2, result.output
    line = result.output.strip().splitlines()[-1]
    assert line.startswith("error: the network file n.npz has changed since the run in an began"), line
    assert len(Path("an/games-base.jsonl").read_text().splitlines()) == 3  # nothing played
