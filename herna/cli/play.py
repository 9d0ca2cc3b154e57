"""Playing at the terminal: humans (hot-seat) and bots at one table.

What a player sees: the whole table at the start of each deal or round (and
on ``table``); after every move only the sentences saying what happened, then
the prompt with a short status (the hand, the trick in play or whose turn)
and a numbered menu. Commands at every prompt: ``hand``, ``table``,
``scores``, ``log`` (the last :data:`LOG_LINES` events), ``last`` (the last
trick; in Kurník the last roll), ``hint`` (the strong bot's three best moves
with their values and reasons, from this seat's information only:
:func:`herna.bots.hints.hints`; it changes neither the game nor the save),
``help``, ``quit``, and their Czech words
(``ruka``, ``stůl``, ``body``, ``záznam``, ``minulý``, ``rada``, ``pomoc``, ``konec``;
:data:`herna.cli.i18n.COMMAND_WORDS`), which ``help`` lists in Czech.

Seats are numbered from 1 in everything a player reads; the action strings
keep the engine's 0-based seats (``rob 2`` robs the third seat, and the menu
says so beside it).

The game is saved after every move when ``save`` is given
(:func:`herna.cli.savefile.write_save`: the state plus the seats, the seed
and the names), so nothing a player did is lost, also on Ctrl-C.
"""

from __future__ import annotations

import inspect
import random
import signal
from collections import deque
from pathlib import Path
from typing import Sequence

from rich.console import Console
from rich.text import Text

from herna.bots import make_bot, observe
from herna.bots.hints import DEFAULT_HINT_SECONDS, hints, value_words
from herna.bots.hints import number as number_words
from herna.core import CHANCE, Game, IllegalActionError, State, record
from herna.core.catalog import text as catalog_text

from .games import renderer
from .i18n import COMMANDS, command_names, command_word, seat_kind, t, winners
from .savefile import write_save
from .style import Style

MAX_ANSWER = 200
"""Longest answer read at a prompt (longer ones are refused, not echoed)."""

LOG_LINES = 15
"""How many event lines the ``log`` command shows."""


def command_lines(module, lang: str) -> list[str]:
    """The ``help`` command's list of commands, one line each: its name (in
    Czech the Czech word with the English beside it) and what it shows, in
    the game's own words where its renderer has them (``COMMAND_HELP``: in
    Kurník ``hand`` shows the coop and ``last`` the last roll)."""
    own = getattr(module, "COMMAND_HELP", {})
    out = []
    for command in COMMANDS:
        if command in own:
            words = catalog_text(lang, own[command], n=LOG_LINES)
        else:
            words = t(f"cmd_{command}", lang, n=LOG_LINES)
        out.append(f"{command_names(command, lang)}: {words}")
    return out


def value_meaning(game: Game, kind: str, lang: str) -> str:
    """What a hint's or a review's value means, in words: the expected point
    margin at the end of the deal or round (the game record's
    ``length_unit``), or the chance to win."""
    if kind == "win_chance":
        return t("value_win", lang)
    return t("value_round" if record(game.name).length_unit == "round" else "value_deal", lang)


class Quit(Exception):
    """The human asked to leave."""


def has_private_view(state: State, seat: int) -> bool:
    """Whether ``seat`` sees something the spectator does not (a hand, a
    hidden card): then whether its move was forced tells the others about
    its hidden cards. Generic over games: compares the seat's view, less its
    ``seat`` key, with the spectator's."""
    own = dict(state.view(seat))
    own.pop("seat", None)
    return own != state.view(None)


def takes_keyword(function, name: str) -> bool:
    """Whether ``function`` accepts the keyword argument ``name`` (a
    renderer hook gaining a parameter: older renderers still work)."""
    try:
        parameters = inspect.signature(function).parameters
    except (TypeError, ValueError):  # pragma: no cover - builtins without a signature
        return False
    return name in parameters or any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values())


def step_events(state: State, before: State, viewer: int | None, lang: str,
                humans: Sequence[int] = (), style: Style | None = None) -> list[str]:
    """Sentences for every engine event ``viewer`` may see since ``before``
    (a clone taken before the move; :meth:`State.events`), automatic
    actions included, from the renderer's ``describe_event``.

    A human's move that had no alternative is marked as automatic only where
    that tells nobody anything hidden: on the mover's own screen (``viewer``
    is the mover), or when the mover's view holds nothing private (a game of
    open information such as Kurník). With several humans at one screen, a
    hidden hand's forced move is not marked."""
    style = style or Style.make(lang)
    module = renderer(state.game.name)
    start = before.num_actions()
    forced: set[int] = set()
    walker = before.clone()
    for index, action in enumerate(state.history()[start:]):
        actor = walker.current_player()
        if index > 0 and actor in humans and (viewer == actor or not has_private_view(walker, actor)):
            forced.add(start + index + 1)
        walker.step(action)
    out: list[str] = []
    for event in state.events(since=start, seat=viewer):
        lines = list(module.describe_event(event, viewer, style))
        if lines and event["seq"] in forced:
            lines[0] += f" ({t('automatic', style.lang)})"
            forced.discard(event["seq"])
        out.extend(lines)
    return out


def clear_screen(console: Console) -> None:
    """Clear the screen and the scrollback (hot-seat: no peeking upwards)."""
    console.clear()
    if console.is_terminal:
        console.file.write("\033[3J")
        console.file.flush()


def chance_rng(seed: int | None, done: int) -> random.Random:
    """The generator of the chance draws (deals, dice). A new game (``done``
    = 0 actions in its history) draws from ``Random(seed)``; a resumed one
    from ``Random(f"{seed}:{done}")``, so resuming never replays the draws
    the game began with (the same file resumed twice draws the same)."""
    if not done:
        return random.Random(seed)
    return random.Random(f"{seed}:{done}") if seed is not None else random.Random()


def bot_seed(seed: int | None, seat: int, done: int) -> int:
    """The seed of the bot in ``seat``: ``seed * 1000 + seat`` in a new game;
    for a game resumed after ``done`` actions one derived from
    ``f"{seed}:{done}:{seat}"`` (so a resumed bot does not repeat itself)."""
    if not done:
        return (seed or 0) * 1000 + seat
    return random.Random(f"{seed}:{done}:{seat}").getrandbits(31)


class TerminalGame:
    """One game at the terminal; :func:`play` runs it."""

    def __init__(self, game: Game, seats: Sequence[str], seed: int | None, style: Style, save: Path | None,
                 interactive: bool, console: Console, read, state: State | None,
                 names: Sequence[str | None] | None, hint_budget: dict | None = None) -> None:
        self.game, self.seats, self.seed, self.style = game, list(seats), seed, style
        self.hint_budget = hint_budget or {"seconds": DEFAULT_HINT_SECONDS}
        self.lang = style.lang
        self.save, self.interactive, self.console, self.read = save, interactive, console, read
        self.state = state or game.new_initial_state()
        self.names = [style.name_of(s) for s in range(len(self.seats))] if names is not None else None
        self.module = renderer(game.name)
        done = len(self.state.history())
        self.rng = chance_rng(seed, done)
        self.bots = {s: make_bot(spec, game, s, seed=bot_seed(seed, s, done))
                     for s, spec in enumerate(self.seats) if spec != "human"}
        self.humans = [s for s, spec in enumerate(self.seats) if spec == "human"]
        self.viewer = self.humans[0] if len(self.humans) == 1 else None
        self.log: deque[str] = deque(maxlen=500)
        if done:  # a resumed game: its log so far, from the engine's events
            self.log.extend(line for event in self.state.events(since=0, seat=self.viewer)
                            for line in self.module.describe_event(event, self.viewer, style))
        self.logged = len(self.log)  # events ever logged (the deque forgets the oldest)
        self.seen: dict[int, int] = {}  # per human: self.logged at its last prompt
        self.shown: dict[int, object] = {}  # per human: the deal_key of the last whole table shown
        self.views: dict[int, dict] = {}  # per human: its view at its last prompt
        self.last_human: int | None = None
        self.pause_after = set(record(game.name).summary_events)

    # ----- output ------------------------------------------------------------------------
    def say(self, renderable, style: str | None = None) -> None:
        """Print a renderable, or a ``str`` as plain text (never markup)."""
        self.style.emit(self.console, renderable, style)

    def render(self, seat: int | None):
        labels = [seat_kind(spec, self.lang) for spec in self.seats]
        return self.module.render(self.state.view(seat), seat, self.lang, labels, style=self.style)

    def save_now(self) -> None:
        if self.save is not None:
            write_save(self.save, self.state, self.seats, self.seed, self.names, self.lang, self.style.plain)

    # ----- the loop ------------------------------------------------------------------------
    def run(self) -> State:
        state = self.state
        try:
            while not state.is_terminal():
                player = state.current_player()
                before = state.clone()
                if player == CHANCE:
                    action = state.sample_chance(self.rng)
                elif player in self.bots:
                    action = self.bots[player].choose(observe(state, player))
                else:
                    action = self.human_turn(player)
                state.apply_action(action)
                self.save_now()
                events = step_events(state, before, self.viewer, self.lang, self.humans, self.style)
                for line in events:
                    self.say(line)
                self.log.extend(events)
                self.logged += len(events)
                self.hand_over_forced(before)
                if self.interactive and self.humans and not state.is_terminal() and any(
                        event["kind"] in self.pause_after for event in state.events(since=before.num_actions())):
                    self.read(t("continue", self.lang) + " ")  # a deal or round scored: time to read it
            self.say(self.render(self.viewer))
            won = [self.style.seat(s, self.viewer) for s in state.view()["winners"]]
            over = Text(t("game_over", self.lang), style="bold")
            over.append(" " + winners(self.lang, won), style="")
            self.say(over)
        except (Quit, KeyboardInterrupt):
            self.console.print()
            self.say(t("left", self.lang))
        finally:
            self.save_now()
            if self.save is not None:
                key = "saved" if state.is_terminal() else "saved_unfinished"
                self.say(t(key, self.lang, path=self.save, game=self.game.name))
        return state

    def human_turn(self, player: int) -> int:
        """Hand the device over if another human played last, show the whole
        table at a new deal (else the events since this seat's last turn, if
        the screen was cleared, and a short status), then ask."""
        view = self.state.view(player)
        handover = len(self.humans) > 1 and self.last_human != player
        self.hand_over(player)
        if handover:
            self.show_missed(player)
        news = getattr(self.module, "private_news", None)
        if news and player in self.views:
            for line in news(self.views[player], view, self.style):
                self.say(line)
        key = self.module.deal_key(view)
        if self.shown.get(player, self) != key:
            self.shown[player] = key
            self.say(self.render(player))
        else:
            for line in self.module.status(view, player, self.style):
                self.say(line)
        self.views[player] = view
        self.seen[player] = self.logged
        return self.ask(player)

    def hand_over_forced(self, before: State) -> None:
        """Hot-seat with hidden hands: a human whose move the engine made by
        itself (the only legal one) is still handed the device and told what
        was played, so the others cannot tell a forced move from a choice by
        the device not changing hands."""
        if len(self.humans) < 2:
            return
        walker = before.clone()
        for index, action in enumerate(self.state.history()[len(before.history()):]):
            actor = walker.current_player()
            forced = index > 0 and actor in self.humans and has_private_view(walker, actor)
            text = walker.action_to_string(action) if forced else ""
            walker.step(action)
            if forced:
                handover = self.last_human != actor
                self.hand_over(actor)
                if handover:
                    self.show_missed(actor)
                self.say(t("forced_for_you", self.lang, action=text))
                self.read(t("continue", self.lang) + " ")

    def show_missed(self, player: int) -> None:
        """After a hand-over: the event lines ``player`` has not seen (at most
        :data:`LOG_LINES`), since the screen was cleared."""
        missed = min(self.logged - self.seen.get(player, 0), LOG_LINES, len(self.log))
        for line in list(self.log)[len(self.log) - missed:]:
            self.say(line)
        self.seen[player] = self.logged

    def hand_over(self, player: int) -> None:
        """Clear the screen and ask for ``player`` to take the device (hot-seat)."""
        if len(self.humans) > 1 and self.last_human != player:
            clear_screen(self.console)
            self.read(t("pass_device", self.lang, who=self.style.seat(player)) + " ")
            clear_screen(self.console)
        self.last_human = player

    # ----- the prompt ------------------------------------------------------------------------
    def menu(self, strings: list[str], view: dict) -> None:
        """The numbered choices, each with words beside a string that names a seat."""
        label = getattr(self.module, "action_label", None)
        for i, text in enumerate(strings, start=1):
            extra = label(text, view, self.style) if label else None
            self.say(f"  {i:>2}. {text}" + (f"  ({extra})" if extra else ""))

    def ask(self, player: int) -> int:
        """Show the menu (or, for a choice with too many options, a typed
        prompt) and read until a legal choice; commands are answered on the way."""
        state, lang = self.state, self.lang
        view = state.view(player)
        legal = state.legal_actions()
        strings = [state.action_to_string(a) for a in legal]
        free_hook = getattr(self.module, "free_prompt", None)
        free = free_hook(view, strings, self.style) if free_hook else None
        parse = getattr(self.module, "parse_answer", None)

        def show_choices() -> None:
            self.say(t("your_move", lang, who=self.style.seat(player)), style="bold")
            if free:
                self.say(free[0])
            else:
                self.menu(strings, view)

        show_choices()
        prompt = f"{free[1] if free else t('choose', lang)}> "
        while True:
            try:
                answer = self.read(prompt).strip()
            except EOFError:
                raise Quit from None
            command = command_word(answer)
            if command == "quit":
                raise Quit
            if command == "hint":
                self.hint(player, legal, bool(free))
                continue
            if command:
                if self.command(command, player, strings):
                    show_choices()
                continue
            if not answer and not free:
                show_choices()
                continue
            if len(answer) > MAX_ANSWER:
                self.say(t("too_long", lang, n=MAX_ANSWER), style="red")
                continue
            if answer.isascii() and answer.isdigit() and not free:
                number = int(answer)
                if 1 <= number <= len(legal):
                    return legal[number - 1]
                self.say(t("bad_number", lang, n=number, m=len(legal)), style="red")
                continue
            text = (parse(answer, view) if parse else None) or answer
            try:
                action = state.string_to_action(text)
                if action not in legal:
                    state.clone().apply_action(action)
            except IllegalActionError as error:
                self.say(t("illegal", lang, why=error.translated(lang)), style="red")
                if not free:
                    self.say(t("refused_hint", lang, m=len(legal)))
                continue
            return action

    def hint(self, player: int, legal: list[int], free: bool) -> None:
        """The ``hint`` command: the strong bot's three best moves for
        ``player``, numbered as in the menu, with value and reason. It reads
        the seat's observation only and changes neither the state, the
        chance draws, the bots nor the save."""
        lang = self.lang
        seed = None if self.seed is None else self.seed * 7919 + self.state.num_actions()
        seconds = self.hint_budget.get("seconds")
        if seconds is not None and seconds >= 1:  # a search the player would wait for: say so first
            digits = 0 if seconds == int(seconds) else 1
            self.say(t("hint_wait", lang, seconds=number_words(seconds, lang, digits=digits)))
        found = hints(self.state, player, 3, seed=seed, lang=lang, **self.hint_budget)
        self.say(t("hint_head", lang, value=value_meaning(self.game, found[0].value_kind, lang)), style="bold")
        for hint in found:
            number = "" if free else f"{legal.index(hint.action) + 1:>2}. "
            words = f" ({hint.label})" if hint.label != hint.action_string else ""
            self.say(f"  {number}{hint.action_string}{words}: {value_words(hint.value, hint.value_kind, lang)}"
                     f"{self.style.sep}{hint.reason}")

    def command(self, name: str, player: int, strings: list[str]) -> bool:
        """Run a prompt command; ``True`` when the choices should be shown again
        (after a long output)."""
        view, style, module = self.state.view(player), self.style, self.module
        if name == "table":
            self.say(self.render(player))
            return True
        if name == "help":
            self.say(t("help", self.lang, example=strings[0] if strings else "help"))
            for line in command_lines(module, self.lang):
                self.say("  " + line)
            extra = getattr(module, "help_text", None)
            if extra:
                kwargs = {"legal": strings} if takes_keyword(extra, "legal") else {}
                self.say(extra(view, self.lang, style=style, **kwargs))
            return True
        if name == "log":
            recent = list(self.log)[-LOG_LINES:]
            self.say(t("log_title", self.lang) if recent else t("log_empty", self.lang))
            for line in recent:
                self.say("  " + line)
            return False
        hook = {"hand": "hand_lines", "scores": "scores_lines", "last": "last_lines"}[name]
        out = getattr(module, hook)(view, player, style)
        if not out and name == "last":
            out = [t("no_last", self.lang)]
        for line in out:
            self.say(line)
        return False


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
    names: Sequence[str | None] | None = None,
    plain: bool = False,
    hint_seconds: float | None = None,
    hint_iterations: int | None = None,
) -> State:
    """Run a whole game. ``seats``: ``human`` or a bot spec per seat. With
    ``interactive`` false every seat must be a bot and moves are printed one
    by one. ``state``: a game to continue (``--resume``; its chance draws and
    bots then come from seeds derived from ``seed`` and the length of its
    history, see :func:`chance_rng`). ``names``: per seat, the player's name
    or ``None``. ``plain``: screen-reader output (no tables, symbols or die
    faces; lines of at most 80 characters; see :mod:`herna.cli.style`).
    ``read``: reads one answer given a prompt (``input``). ``hint_seconds``
    or ``hint_iterations``: the search budget of the ``hint`` command
    (default :data:`herna.bots.hints.DEFAULT_HINT_SECONDS`). Returns the
    final (or left) state."""
    console = console or Console(highlight=False)
    style = Style.make(lang, plain, names)
    if interactive:
        # Ctrl-C must leave the game even if the shell started us ignoring SIGINT.
        signal.signal(signal.SIGINT, signal.default_int_handler)
    budget = {"seconds": hint_seconds, "iterations": hint_iterations} \
        if hint_seconds is not None or hint_iterations is not None else None
    return TerminalGame(game, seats, seed, style, save, interactive, console, read, state, names, budget).run()
