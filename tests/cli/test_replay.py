"""herna replay: the seat's hand at each round, and replays told from engine events."""

from __future__ import annotations


from typer.testing import CliRunner

from herna.cli.main import app

cli = CliRunner()


def invoke(*args):
    return cli.invoke(app, [str(a) for a in args])


def test_replay_shows_the_seat_s_hand_at_each_round(tmp_path):
    out = tmp_path / "run"
    result = invoke("arena", "ugo", "--bots", "greedy,random", "-n", "1", "-o", "rounds=2", "--out", out)
    assert result.exit_code == 0, result.output
    result = invoke("replay", out / "games.jsonl", "--seat", "2", "--all")  # seats count from 1
    assert result.exit_code == 0, result.output
    assert "seats: Seat 1: greedy · Seat 2 (you): random" in result.output
    hands = [line for line in result.output.splitlines() if line.startswith("Your hand:")]
    assert len(hands) == 3  # the start of round 1, of round 2, and the end
    assert hands[0] != "Your hand: —" and hands[1] != "Your hand: —"
    spectator = invoke("replay", out / "games.jsonl", "--all")
    assert "Your hand" not in spectator.output


def test_replay_tells_the_engine_events_of_each_action(monkeypatch):
    """A renderer with ``describe_event`` is driven by events only: each step
    of a replay is the events of one action (one ``seq``), as the seat may
    see them (a secret event only for its seat)."""
    import random
    from types import SimpleNamespace

    import herna
    from herna.cli.commands import replay
    from herna.cli.commands.replay import replay_steps

    # the Python engine's _apply hook is patched (the compiled engine applies actions in C)
    state_class = herna.load("kurnik", engine="python").state_class
    original = state_class._apply

    def apply_and_tell(self, action):
        original(self, action)
        self._emit("acted", action=action)
        if self.current_player() == 0:
            self._emit("whisper", seen_by=[0], action=action)

    seen = []

    def describe_event(event, viewer, style):
        if event["kind"] not in ("acted", "whisper"):
            return []  # the game's own events
        seen.append(viewer)
        return [f"{event['kind']} {event['action']}"]

    monkeypatch.setattr(state_class, "_apply", apply_and_tell)
    fake = SimpleNamespace(describe_event=describe_event, describe=None)
    monkeypatch.setattr(replay, "renderer", lambda name: fake)
    state = herna.load("kurnik", players=2, engine="python").new_initial_state()
    rng = random.Random(3)
    for _ in range(30):
        state.apply_action(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    history = state.history()
    spectator = replay_steps(state, None, "en")
    assert [index for index, *_ in spectator] == list(range(1, len(history) + 1))
    assert all(lines == [f"acted {history[index - 1]}"] for index, lines, *_ in spectator)
    own = replay_steps(state, 0, "en")
    whispers = [index for index, lines, *_ in own if len(lines) == 2]
    assert whispers and all(lines[1] == f"whisper {history[index - 1]}" for index, lines, *_ in own if len(lines) == 2)
    assert set(seen) == {None, 0}


def test_replay_never_prints_control_characters_from_a_save(tmp_path):
    """A save edited to hold terminal escape sequences as names or seat kinds: replay shows the
    game with plain seat names and no escape byte reaches the terminal."""
    import json
    import subprocess
    import sys

    import herna

    state = herna.load("kurnik", players=2, first_player=0).new_initial_state()
    state.apply_action("dice 1 2")
    data = state.to_json()
    data["table"] = {"seats": ["human", "greedy\x1b[2J"], "seed": 1, "names": ["\x1b]0;PWNED\x07\x1b[2J", None]}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    run = subprocess.run([sys.executable, "-c", "from herna.cli.main import main; main()", "replay", str(path),
                          "--all"], capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=120)
    assert run.returncode == 0, run.stderr
    assert "\x1b" not in run.stdout and "\x07" not in run.stdout and "PWNED" not in run.stdout
