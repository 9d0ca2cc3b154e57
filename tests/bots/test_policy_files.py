"""A learned network of one's own, ``policy:FILE.npz`` (herna.bots.policy.network):
it plays as the shipped one does given the same weights, wherever bot specs
are read (make_bot, the terminal's simulate, arena and play); a file that is
missing, no .npz network, for another game or player count, or that does not
fit the table is refused in one line, never a traceback; with ``files=False``
(the web server) no file is read; examples/evaluate_policy.py refuses another
game's weights by the same check, and a bad ``-o``, ``--games`` or ``--steps``
in one line."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

import herna
import herna.bots.policy as policy
from herna.arena.stats import wilson
from herna.bots import NetworkMismatch, canonical_spec, make_bot, observe
from herna.bots.policy import network, read_network, weights
from herna.cli.main import app
from tests.helpers import EXAMPLES, load_example

SHIPPED = Path(herna.__file__).parent / "data" / "policies"
EXAMPLE = EXAMPLES / "evaluate_policy.py"
runner = CliRunner()


def save_network(path: Path, game: str = "ugo", players: int = 4, meta: dict | None | bool = True,
                 **arrays) -> Path:
    """The shipped network of ``game`` written to ``path`` (with ``arrays`` replaced; ``meta``:
    the shipped one, ``False`` for none, or a dict)."""
    params, shipped = weights(game, players)
    data: dict = {**params, **arrays}
    if meta is True:
        meta = shipped
    if meta is not False:
        data["meta"] = np.array(meta if isinstance(meta, str) else json.dumps(meta))
    with path.open("wb") as handle:
        np.savez(handle, **data)
    return path


def random_network(path: Path, game: str, players: int, seed: int = 0) -> Path:
    """A network of random weights (seeded) of the shapes ``game`` with ``players`` seats needs."""
    table = herna.load(game, players=players)
    rng = np.random.default_rng(seed)
    size, actions, hidden = table.observation_tensor_shape()[0], table.num_distinct_actions(), 8
    with path.open("wb") as handle:
        np.savez(handle, w1=rng.normal(size=(size, hidden)), b1=np.zeros(hidden), w2=rng.normal(size=(hidden, actions)),
                 b2=np.zeros(actions), meta=np.array(json.dumps({"game": game, "options": table.options})))
    return path


def decisions(game: str, players: int, count: int, seed: int):
    """``count`` seeded decision states of ``game`` (random play)."""
    table = herna.load(game, players=players)
    state = table.new_initial_state()
    rng = random.Random(seed)
    out = []
    while not state.is_terminal() and len(out) < count:
        player = state.current_player()
        if player < 0:
            state.apply_action(state.sample_chance(rng))
            continue
        out.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
    return table, out


@pytest.mark.parametrize("game", ["ugo", "kurnik"])
def test_a_network_file_plays_as_the_same_weights_shipped(tmp_path, game):
    folder = tmp_path / "My Nets"
    folder.mkdir()
    path = save_network(folder / f"{game.upper()}-Four.npz", game)  # capitals and a space: kept as given
    spec = canonical_spec(f"  POLICY:{path}  ")
    assert spec == f"policy:{path}"
    table, states = decisions(game, 4, 40, seed=3)
    for state in states:
        seat = state.current_player()
        mine, shipped = make_bot(spec, table, seat, 1), make_bot("policy", table, seat, 1)
        assert mine.choose(observe(state, seat)) == shipped.choose(observe(state, seat))


def test_canonical_specs():
    assert canonical_spec(" Greedy ") == "greedy" and canonical_spec("ISMCTS:0.2S") == "ismcts:0.2s"
    assert canonical_spec("Policy:Dir/Net.npz+EXPLORE=0.1") == "policy:Dir/Net.npz+explore=0.1"
    assert canonical_spec("policy") == "policy"


def _not_zip(path: Path) -> Path:
    path.write_text("w1,b1\n1,2\n")
    return path


def _npy(path: Path) -> Path:
    with path.open("wb") as handle:
        np.save(handle, np.zeros(3))
    return path


def _other_zip(path: Path) -> Path:
    import zipfile

    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("notes.txt", "not a network")
    return path


def _folder(path: Path) -> Path:
    path.mkdir()
    return path


BAD_FILES = [
    ("missing.npz", lambda p: p, "cannot read the network {p}: No such file"),
    ("folder.npz", _folder, "cannot read the network {p}: it is not a file"),
    ("text.npz", _not_zip, "{p} is not a NumPy .npz archive"),
    ("array.npz", _npy, "{p} is not a NumPy .npz archive"),
    ("other.npz", _other_zip, "{p} has no w1, b1, w2, b2"),
    ("no-w2.npz", lambda p: _without(p, "w2"), "{p} has no w2"),
    ("turned.npz", lambda p: save_network(p, w1=weights("ugo", 4)[0]["w1"].T), "its arrays do not make one network"),
    ("nan.npz", lambda p: save_network(p, b2=np.full(weights("ugo", 4)[0]["b2"].shape, np.nan)), "not finite"),
    ("meta.npz", lambda p: save_network(p, meta="{not json"), "its meta is not a JSON object"),
    ("words.npz", lambda p: save_network(p, w1=np.array([["a", "b"]])), "arrays of numbers"),
]


def _without(path: Path, key: str) -> Path:
    params, meta = weights("ugo", 4)
    with path.open("wb") as handle:
        np.savez(handle, **{k: v for k, v in params.items() if k != key}, meta=np.array(json.dumps(meta)))
    return path


@pytest.mark.parametrize("name, make, words", BAD_FILES, ids=[case[0] for case in BAD_FILES])
def test_a_file_that_is_no_network_is_refused_in_one_line(tmp_path, name, make, words):
    path = make(tmp_path / name)
    table = herna.load("ugo", players=4)
    with pytest.raises(ValueError) as error:
        make_bot(f"policy:{path}", table, 0)
    message = str(error.value)
    assert words.format(p=path) in message and "\n" not in message, message
    assert not isinstance(error.value, NetworkMismatch)  # a file fault, whatever the table


@pytest.mark.parametrize("spec, words", [("policy:fast", "'fast' does not end in .npz"),
                                         ("policy:", "name the file of the network")])
def test_a_spec_that_names_no_file_is_refused(spec, words):
    with pytest.raises(ValueError, match=words):
        make_bot(spec, herna.load("ugo"), 0)


def test_another_game_s_network_is_refused_naming_both(tmp_path):
    path = save_network(tmp_path / "net.npz", "ugo")
    with pytest.raises(ValueError, match=f"^{path} is a network for ugo, not kurnik$"):
        make_bot(f"policy:{path}", herna.load("kurnik", players=4), 0)
    bare = save_network(tmp_path / "bare.npz", "ugo", meta=False)  # no meta: the observation tells
    with pytest.raises(NetworkMismatch, match=f"^{bare} reads \\d+ numbers, but this table's observation "):
        make_bot(f"policy:{bare}", herna.load("kurnik", players=4), 0)


@pytest.mark.parametrize("options, words", [
    ({"players": 3}, "was trained for 4 players; this table has 3"),
    ({"players": 4, "low_card_farmers": [2, 2]}, "was trained with low_card_farmers=1,2, not low_card_farmers=2,2"),
])
def test_a_network_that_does_not_fit_the_table_is_a_mismatch(tmp_path, options, words):
    path = save_network(tmp_path / "net.npz")
    with pytest.raises(NetworkMismatch, match=words) as error:
        make_bot(f"policy:{path}", herna.load("ugo", **options), 0)
    assert str(error.value).startswith(str(path)) and "\n" not in str(error.value)


def test_a_changed_file_is_read_again(tmp_path):
    path = save_network(tmp_path / "net.npz")
    first = read_network(path)[0]["b2"].copy()
    save_network(path, b2=first + 1.0, meta={"game": "ugo", "options": {"players": 4}, "note": "retrained"})
    assert np.allclose(read_network(path)[0]["b2"], first + 1.0)


def test_without_files_a_network_file_is_an_unknown_bot_and_is_not_read(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("read a file")

    monkeypatch.setattr(policy, "read_network", refuse)
    for spec in (f"policy:{SHIPPED / 'ugo-4.npz'}", f"policy:{SHIPPED / 'ugo-4.npz'}+explore"):
        with pytest.raises(ValueError, match="^unknown bot ") as error:
            make_bot(spec, herna.load("ugo", players=4), 1, files=False)
        assert "FILE.npz" not in str(error.value)
    with pytest.raises(ValueError, match="policy:FILE.npz"):  # offered where files are read
        make_bot("alphazero", herna.load("ugo"), 0)


def test_network_reads_the_shipped_one_by_name():
    params, meta = network("policy", herna.load("kurnik", players=4))
    assert meta["game"] == "kurnik" and params["w1"].shape[0] == herna.load("kurnik").observation_tensor_shape()[0]


# ----- the terminal ----------------------------------------------------------------------------------


def one_error_line(result) -> str:
    """The one ``error: ...`` line a refused command ends with (analyze says first how many games it would
    play)."""
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert [line for line in lines if line.startswith("error: ")] == lines[-1:], result.output
    return lines[-1]


def test_simulate_and_arena_play_a_network_of_another_player_count(tmp_path, monkeypatch):
    """A 3-player network (random weights) in a 3-seat game: checked at the table made from the seats,
    not at the game's default 4 players; a path relative to the working folder, its capitals kept."""
    monkeypatch.chdir(tmp_path)
    random_network(tmp_path / "Three.npz", "ugo", 3, seed=5)
    spec = "policy:Three.npz"
    result = runner.invoke(app, ["simulate", "ugo", "-n", "2", "--seats", "POLICY:Three.npz,greedy,random", "-o",
                                 "rounds=1", "--seed", "4"])
    assert result.exit_code == 0, result.output
    out = tmp_path / "arena"
    result = runner.invoke(app, ["arena", "ugo", "-n", "3", "--bots", f"{spec},greedy,random", "-o", "rounds=1",
                                 "--seed", "4", "--out", str(out), "--json"])
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in (out / "games.jsonl").read_text().splitlines()]
    assert len(records) == 3 and all(spec in r["bots"] for r in records)


@pytest.mark.parametrize("command", [
    ["simulate", "ugo", "-n", "1", "--seats"], ["arena", "ugo", "-n", "1", "--bots"],
    ["play", "ugo", "--seats"], ["analyze", "ugo", "-n", "1", "--variant", "none", "--out", "{tmp}", "--bots"],
])
def test_the_commands_refuse_a_bad_network_in_one_line(tmp_path, command):
    command = [part.format(tmp=tmp_path / "analysis") for part in command]
    missing = tmp_path / "Missing.npz"
    other = save_network(tmp_path / "kurnik-net.npz", "kurnik")
    line = one_error_line(runner.invoke(app, command + [f"policy:{missing},greedy,greedy,greedy"]))
    assert f"cannot read the network {missing}: No such file" in line
    line = one_error_line(runner.invoke(app, command + [f"policy:{other},greedy,greedy,greedy"]))
    assert f"{other} is a network for kurnik, not ugo" in line
    three = save_network(tmp_path / "four.npz", "ugo")
    line = one_error_line(runner.invoke(app, command + [f"greedy,policy:{three},greedy"]))
    assert f"{three} was trained for 4 players; this table has 3" in line


def test_evaluate_policy_refuses_another_game_s_weights_in_one_line(capsys):
    pytest.importorskip("jax", exc_type=ImportError)
    example = load_example("evaluate_policy")
    weights_file = SHIPPED / "ugo-4.npz"
    with pytest.raises(SystemExit) as stop:
        example.main(["kurnik", str(weights_file), "net,random,random,random", "--games", "4"])
    assert stop.value.code == f"error: {weights_file} is a network for ugo, not kurnik"


def test_evaluate_policy_plays_the_network_s_training_options_to_the_end_seats_from_1(capsys):
    """The shipped Trumfosaur network learned games to target_score=1: the
    example plays those (not the game's default, where its guard stopped
    every game and it printed 0.000 for every seat), every game ends, and
    seats count from 1; a game cut by the --steps guard is an error giving
    the finished share, with no win share printed."""
    pytest.importorskip("jax", exc_type=ImportError)
    example = load_example("evaluate_policy")
    weights_file = str(SHIPPED / "trumfosaur-4.npz")
    example.main(["trumfosaur", weights_file, "net,random,random,random", "--games", "8", "--seed", "1"])
    out = capsys.readouterr().out.splitlines()
    assert "target_score=1" in out[0]
    assert out[1] == ("win share: games won of 8, a shared win counted in full for each winner; "
                      "seat 1's with its 95% Wilson interval")
    line = out[2]
    assert line.startswith("net,random,random,random: seat 1 ") and "all 8 games finished" in line
    shares = [float(part.split()[1]) for part in line.split("seats ")[1].split(" games")[0].split(", ")[:4]]
    # seat 1's interval is Wilson's (not a Wald interval clipped at 0) over its 8 games
    _, low, high = wilson(round(shares[0] * 8), 8)
    assert f"seat 1 {shares[0]:.3f} (95% Wilson {low:.3f} – {high:.3f}), " in line
    assert [part.split()[0] for part in line.split("seats ")[1].split(", ")[:4]] == ["1", "2", "3", "4"]
    assert sum(shares) >= 1.0 - 1e-9  # every game has a winner (shared wins counted for each)
    with pytest.raises(SystemExit) as stop:
        example.main(["trumfosaur", weights_file, "net,random,random,random", "--games", "8", "--seed", "1",
                      "--steps", "3"])
    assert str(stop.value.code).startswith("error: net,random,random,random: only 0.0% of the 8 games ended")
    assert not any(line.startswith("net,random,random,random: seat 1") for line in capsys.readouterr().out.splitlines())


def test_evaluate_policy_refuses_an_option_the_network_did_not_learn():
    pytest.importorskip("jax", exc_type=ImportError)
    with pytest.raises(SystemExit) as stop:
        load_example("evaluate_policy").main(["ugo", str(SHIPPED / "ugo-4.npz"), "net,random,random,random",
                                              "--games", "4", "-o", "farmers=30"])
    assert "was trained with farmers=36, not farmers=30" in str(stop.value.code)


@pytest.mark.parametrize("flag, value", [("--games", "0"), ("--games", "-5"), ("--steps", "0"), ("--steps", "-1")])
def test_evaluate_policy_refuses_a_count_below_1_in_one_line(flag, value):
    """--games 0 printed a NumPy warning and nan shares, --games -5 crashed in
    JAX, --steps 0 was taken: each is refused in one line giving the range."""
    pytest.importorskip("jax", exc_type=ImportError)
    with pytest.raises(SystemExit) as stop:
        load_example("evaluate_policy").main(["kurnik", str(SHIPPED / "kurnik-4.npz"), "net,random,random,random",
                                              flag, value])
    assert stop.value.code == f"error: {flag} {value}: give a whole number from 1 up"


def test_evaluate_policy_refuses_a_bad_option_in_one_line_without_a_traceback():
    """herna's -o check exits through typer (its error line printed): the
    script ends there, status 2, with that one line and no traceback."""
    pytest.importorskip("jax", exc_type=ImportError)
    done = subprocess.run([sys.executable, str(EXAMPLE), "trumfosaur", str(SHIPPED / "trumfosaur-4.npz"),
                           "-o", "first_player=0", "net,random,random,random", "--games", "4"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.strip().splitlines() == [
        "error: -o: first_player counts seats from 1, as players do (1 is the first seat), not 0"]
