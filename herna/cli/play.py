"""Playing at the terminal: humans (hot-seat) and bots at one table.

The game is saved after every move when ``save`` is given, so nothing a
player did is lost, also on Ctrl-C.
"""

from __future__ import annotations

import json
import random
import signal
from pathlib import Path
from typing import Sequence

from rich.console import Console

from herna.bots import make_bot, observe
from herna.core import CHANCE, Game, IllegalActionError, State

from .games import describe, renderer
from .i18n import seat_name, t


class Quit(Exception):
    """The human asked to leave."""


def step_events(state: State, before: State, viewer: int | None, lang: str,
                humans: Sequence[int] = ()) -> list[str]:
    """Sentences for every action applied since ``before`` (a clone taken
    before the move), automatic ones included, as ``viewer`` saw them
    (``describe`` gets the viewer's views, with its ``seat`` key). A
    human's move that had no alternative is marked as automatic."""
    walker = before.clone()
    out: list[str] = []
    for index, action in enumerate(state._history[len(before._history):]):
        actor = walker.current_player()
        token = walker.observe_action(viewer, action)
        view_before = walker.view(viewer)
        walker._do(action)
        lines = describe(state.game.name, view_before, token, "chance" if actor == CHANCE else actor,
                         walker.view(viewer), lang)
        if index > 0 and actor in humans and lines:
            lines[0] += f" ({t('automatic', lang)})"
        out.extend(lines)
    return out


def milestone(module, before: dict, after: dict, seat: int | None, lang: str):
    """The game's summary at the end of a deal or round, if it has one."""
    hook = getattr(module, "milestone", None)
    return hook(before, after, seat, lang) if hook else None


def clear_screen(console: Console) -> None:
    """Clear the screen and the scrollback (hot-seat: no peeking upwards)."""
    console.clear()
    if console.is_terminal:
        console.file.write("\033[3J")
        console.file.flush()


def ask_human(console: Console, state: State, seat: int, lang: str, read=input) -> int:
    """Show the numbered menu and read a choice until it is legal."""
    legal = state.legal_actions()
    strings = [state.action_to_string(a) for a in legal]
    console.print(f"[bold]{t('your_move', lang, seat=seat)}[/bold]")
    for i, text in enumerate(strings, start=1):
        console.print(f"  {i:>2}. {text}")
    while True:
        try:
            answer = read(f"{t('choose', lang)}> ").strip()
        except EOFError:
            raise Quit from None
        if answer.lower() in ("q", "quit", "exit"):
            raise Quit
        if answer.lower() in ("help", "?", ""):
            console.print(t("help", lang))
            extra = getattr(renderer(state.game.name), "help_text", None)
            if extra:
                console.print(extra(state.view(seat), lang))
            continue
        if answer.isdigit():
            number = int(answer)
            if 1 <= number <= len(legal):
                return legal[number - 1]
            console.print(t("bad_number", lang, n=number, m=len(legal)), style="red")
            continue
        try:
            action = state.string_to_action(answer)
        except IllegalActionError as error:
            console.print(t("illegal", lang, why=error), style="red")
            continue
        if action not in legal:
            try:
                state.clone().apply_action(action)
            except IllegalActionError as error:
                console.print(t("illegal", lang, why=error), style="red")
                continue
        return action


def play(
    game: Game,
    seats: Sequence[str],
    seed: int | None,
    lang: str,
    save: Path | None,
    interactive: bool,
    console: Console | None = None,
    read=input,
    state: State | None = None,
) -> State:
    """Run a whole game. ``seats``: ``human`` or a bot spec per seat. With
    ``interactive`` false every seat must be a bot and moves are printed one
    by one. Returns the final (or left) state."""
    console = console or Console(highlight=False)
    module = renderer(game.name)
    rng = random.Random(seed)
    bots = {s: make_bot(spec, game, s, seed=(seed or 0) * 1000 + s) for s, spec in enumerate(seats) if spec != "human"}
    humans = [s for s, spec in enumerate(seats) if spec == "human"]
    labels = [spec for spec in seats]
    viewer = humans[0] if len(humans) == 1 else None
    state = state or game.new_initial_state()
    last_human = None
    if interactive:
        # Ctrl-C must leave the game even if the shell started us ignoring SIGINT.
        signal.signal(signal.SIGINT, signal.default_int_handler)

    def save_now() -> None:
        if save is not None:
            save.write_text(json.dumps(state.to_json(), ensure_ascii=False, indent=1), encoding="utf-8")

    try:
        while not state.is_terminal():
            player = state.current_player()
            before = state.clone()
            if player == CHANCE:
                action = state.sample_chance(rng)
            elif player in bots:
                action = bots[player].choose(observe(state, player))
            else:
                if len(humans) > 1 and last_human != player:
                    clear_screen(console)
                    read(t("pass_device", lang, seat=player, name=seat_name(player, lang)) + " ")
                    clear_screen(console)
                last_human = player
                console.print(module.render(state.view(player), player, lang, labels))
                action = ask_human(console, state, player, lang, read)
            view_before = before.view(viewer)
            state.apply_action(action)
            save_now()
            for line in step_events(state, before, viewer, lang, humans):
                console.print(line)
            summary = milestone(module, view_before, state.view(viewer), viewer, lang)
            if summary is not None:
                console.print(summary)
                if interactive and humans and not state.is_terminal():
                    read(t("continue", lang) + " ")
        console.print(module.render(state.view(viewer), viewer, lang, labels))
        view = state.view()
        console.print(f"[bold]{t('game_over', lang)}[/bold] " + t(
            "winners", lang, who=", ".join(seat_name(s, lang, viewer) for s in view["winners"])))
    except (Quit, KeyboardInterrupt):
        console.print()
        console.print(t("left", lang))
    finally:
        save_now()
        if save is not None:
            console.print(t("saved", lang, path=save))
    return state
