"""Playing at the terminal: humans (hot-seat) and bots at one table.

What a player reads, in the ``brief`` verbosity (the default): after every
move one short line per event that matters (:mod:`herna.text.events`: your
own result first, one line per roll and per finished trick, a deal or round
end as one line of scores and totals), then one prompt line saying what to
do and the choices (``Trick 3: follow Saxosaurus. 1: Saxosaurus 2; 2:
Saxosaurus 7; 3: trump``). In ``full`` (``--verbosity full`` or the command
``full``): every event in detail, the whole table at the start of each deal
or round, a short status at each prompt and a menu of one choice per line
(``1. Saxosaurus 2 (play SAX2)``: names first, the action string to type
beside them).

Commands at every prompt (:data:`herna.cli.i18n.COMMANDS`, with Czech words
beside the English): readouts ``hand``, ``table``, ``scores``, ``last``
(the trick or the last roll), ``log`` (the last :data:`LOG_ENTRIES`
events), ``sheet`` (the score sheet), the game's own (Ugo!'s ``kingdom``,
Kurník's ``coops``); the history: ``back`` and ``next`` step through the
events one at a time, ``again`` says the event you are at in full, and
``trick``, ``deal``, ``round`` or ``turn`` jump to the start of the current
one (:class:`herna.text.history.History`); ``brief`` and ``full`` switch
the verbosity; ``hint`` (the strong bot's three best moves with their values
and reasons, from this seat's information only: :func:`herna.bots.hints.hints`;
it changes neither the game nor the save), ``help``, ``quit``.

Seats are numbered from 1 in everything a player reads; the action strings
keep the engine's 0-based seats (``rob 2`` robs the third seat, and the menu
says so beside it). Every error starts ``error:`` (Czech ``chyba:``).

The game is saved after every move when ``save`` is given
(:func:`herna.cli.savefile.write_save`: the state plus the seats, the seed
and the names), so nothing a player did is lost, also on Ctrl-C.
"""

from __future__ import annotations

import inspect
import random
import signal
from pathlib import Path
from types import ModuleType
from typing import Sequence

from rich.console import Console
from rich.text import Text

from herna.bots import make_bot, observe
from herna.bots.hints import DEFAULT_HINT_SECONDS, hints, value_words
from herna.bots.hints import number as number_words
from herna.core import CHANCE, Game, IllegalActionError, State, record
from herna.core.catalog import text as catalog_text
from herna.text.events import VERBOSITIES, check_verbosity, has_private_view, said
from herna.text.history import History, score_sheet

from .games import renderer
from .i18n import command_names, command_word, commands_of, seat_kind, t, value_meaning, winners
from .savefile import write_save
from .style import Style

__all__ = ["play", "TerminalGame", "step_events", "has_private_view", "value_meaning", "chance_rng", "bot_seed",
           "command_lines", "menu_line", "takes_keyword", "Quit", "LOG_ENTRIES", "MAX_ANSWER"]

MAX_ANSWER = 200
"""Longest answer read at a prompt (longer ones are refused, not echoed)."""

LOG_ENTRIES = 10
"""How many events the ``log`` command says."""
RECAP_ENTRIES = 15
"""At most how many events a hot-seat player is told after taking the device."""


def command_lines(module: ModuleType, lang: str) -> list[str]:
    """The ``help`` command's list of commands, one line each: its name (in
    Czech the Czech word with the English beside it) and what it shows, in
    the game's own words where its words module has them (``COMMAND_HELP``:
    in Kurník ``hand`` shows the coop and ``last`` the last roll)."""
    own = getattr(module, "COMMAND_HELP", {})
    out = []
    for command in commands_of(module):
        if command in own:
            words = catalog_text(lang, own[command], n=LOG_ENTRIES)
        else:
            words = t(f"cmd_{command}", lang, n=LOG_ENTRIES)
        out.append(f"{command_names(command, lang)}: {words}")
    return out


class Quit(Exception):
    """The human asked to leave."""


def takes_keyword(function, name: str) -> bool:
    """Whether ``function`` accepts the keyword argument ``name`` (a
    words-module hook gaining a parameter: older modules still work)."""
    try:
        parameters = inspect.signature(function).parameters
    except (TypeError, ValueError):  # pragma: no cover - builtins without a signature
        return False
    return name in parameters or any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values())


def forced_actions(state: State, before: State, viewer: int | None, humans: Sequence[int]) -> set[int]:
    """The actions (their ``seq``) applied since ``before`` that were a
    human's only legal move, made by the engine, and that ``viewer`` may be
    told were forced: on the mover's own screen, or when the mover's view
    holds nothing private (a game of open information such as Kurník).
    With several humans at one screen, a hidden hand's forced move is not
    marked."""
    start = before.num_actions()
    forced: set[int] = set()
    walker = before.clone()
    for index, action in enumerate(state.history()[start:]):
        actor = walker.current_player()
        if index > 0 and actor in humans and (viewer == actor or not has_private_view(walker, actor)):
            forced.add(start + index + 1)
        walker.step(action)
    return forced


def step_events(state: State, before: State, viewer: int | None, lang: str,
                humans: Sequence[int] = (), style: Style | None = None, verbosity: str = "full") -> list[str]:
    """The lines of every engine event ``viewer`` may see since ``before``
    (a clone taken before the move; :meth:`State.events`), automatic
    actions included, in ``verbosity``; a human's move that had no
    alternative is marked as automatic where that tells nobody anything
    hidden (:func:`forced_actions`)."""
    style = style or Style.make(lang)
    events = state.events(since=before.num_actions(), seat=viewer)
    items = said(state.game.name, events, viewer, style, forced_actions(state, before, viewer, humans))
    return [line for item in items for line in item.lines(verbosity)]


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


def menu_line(number: int, action: str, label: str | None) -> str:
    """One menu entry: the words first, the action string to type beside
    them (``1. Saxosaurus 2 (play SAX2)``), or the action string alone."""
    if label and label != action:
        return f"{number}. {label} ({action})"
    return f"{number}. {action}"


class TerminalGame:
    """One game at the terminal; :func:`play` runs it."""

    def __init__(self, game: Game, seats: Sequence[str], seed: int | None, style: Style, save: Path | None,
                 interactive: bool, console: Console, read, state: State | None,
                 names: Sequence[str | None] | None, hint_budget: dict | None = None,
                 verbosity: str = "brief") -> None:
        self.game, self.seats, self.seed, self.style = game, list(seats), seed, style
        self.verbosity = check_verbosity(verbosity)
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
        sections = getattr(self.module, "SECTIONS", {})
        # what happened, as each human (and the shared screen, None) reads it
        self.histories: dict[int | None, History] = {v: History(sections) for v in {self.viewer, *self.humans}}
        if done:  # a resumed game: its history so far, from the engine's events
            for viewer, history in self.histories.items():
                history.extend(said(game.name, self.state.events(since=0, seat=viewer), viewer, style))
        self.seen: dict[int, int] = {}  # per human: how many entries of its history it had at its last prompt
        self.shown: dict[int, object] = {}  # per human: the deal_key of the last whole table shown
        self.last_human: int | None = None
        self.pause_after = set(record(game.name).summary_events)

    # ----- output ------------------------------------------------------------------------
    def say(self, renderable, style: str | None = None) -> None:
        """Print a block of herna/text, a rich renderable, or a ``str`` as plain text (never markup)."""
        self.style.emit(self.console, renderable, style)

    def error(self, message: str) -> None:
        """Say ``message`` as an error: ``error: ...`` (Czech ``chyba: ...``)."""
        self.say(t("error", self.lang, what=message), style="red")

    def render(self, seat: int | None):
        labels = [seat_kind(spec, self.lang) for spec in self.seats]
        return self.module.render(self.state.view(seat), seat, self.lang, labels, style=self.style)

    def save_now(self) -> None:
        if self.save is not None:
            write_save(self.save, self.state, self.seats, self.seed, self.names, self.lang, self.style.plain)

    @property
    def brief(self) -> bool:
        return self.verbosity == "brief"

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
                self.record(before)
                self.hand_over_forced(before)
                if self.interactive and self.humans and not self.brief and not state.is_terminal() and any(
                        event["kind"] in self.pause_after for event in state.events(since=before.num_actions())):
                    self.read(t("continue", self.lang) + " ")  # a deal or round scored in full: time to read it
            if not self.brief:
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

    def record(self, before: State) -> None:
        """Add what the last move did to every history and say it on the shared screen."""
        since = before.num_actions()
        for viewer, history in self.histories.items():
            events = self.state.events(since=since, seat=viewer)
            # hot-seat: one screen, so a forced move is marked only where everyone may know it
            forced = forced_actions(self.state, before, viewer if len(self.humans) < 2 else None, self.humans)
            items = said(self.game.name, events, viewer, self.style, forced)
            history.extend(items)
            if viewer == self.viewer:
                for item in items:
                    for line in item.lines(self.verbosity):
                        self.say(line)

    def human_turn(self, player: int) -> int:
        """Hand the device over if another human played last, show the whole
        table at a new deal (full; brief: the hand) or else a short status
        (full) and the prompt, then ask."""
        view = self.state.view(player)
        handover = len(self.humans) > 1 and self.last_human != player
        first = self.last_human is None
        self.hand_over(player)
        if handover:
            self.show_missed(player)
        key = self.module.deal_key(view)
        new_deal = self.shown.get(player, self) != key
        self.shown[player] = key
        if not self.brief:
            if new_deal:
                self.say(self.render(player))
            else:
                for line in self.module.status(view, player, self.style):
                    self.say(line)
        elif new_deal:
            if self.viewer is not None and first:  # the first prompt: whose seat is yours
                self.say(t("you_are", self.lang, who=self.style.seat(player)))
            for line in getattr(self.module, "new_deal_lines", lambda *_: [])(view, player, self.style):
                self.say(line)
        self.seen[player] = len(self.histories[player].items)
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
            if forced:
                words = walker.action_to_string(action)
                label = self.module.action_label(words, walker.view(actor), self.style) if hasattr(
                    self.module, "action_label") else None
            walker.step(action)
            if forced:
                handover = self.last_human != actor
                self.hand_over(actor)
                if handover:
                    self.show_missed(actor)
                self.say(t("forced_for_you", self.lang, action=f"{label} ({words})" if label else words))
                self.read(t("continue", self.lang) + " ")

    def show_missed(self, player: int) -> None:
        """After a hand-over: what ``player`` has not been told yet (at most
        :data:`RECAP_ENTRIES` events), as ``player`` reads it (its own
        hidden choices are its own: ``Your invitation: Saxosaurus 6``)."""
        history = self.histories[player]
        missed = [item for item in history.items[self.seen.get(player, 0):] if item.lines(self.verbosity)]
        for item in missed[-RECAP_ENTRIES:]:
            for line in item.lines(self.verbosity):
                self.say(line)
        self.seen[player] = len(history.items)

    def hand_over(self, player: int) -> None:
        """Clear the screen and ask for ``player`` to take the device (hot-seat)."""
        if len(self.humans) > 1 and self.last_human != player:
            clear_screen(self.console)
            self.read(t("pass_device", self.lang, who=self.style.seat(player)) + " ")
            clear_screen(self.console)
        self.last_human = player

    # ----- the prompt ------------------------------------------------------------------------
    def labels(self, strings: list[str], view: dict) -> list[str | None]:
        hook = getattr(self.module, "action_label", None)
        return [hook(action, view, self.style) if hook else None for action in strings]

    def menu(self, strings: list[str], view: dict) -> None:
        """The numbered choices, one per line: the words, the action string beside them."""
        for i, (action, label) in enumerate(zip(strings, self.labels(strings, view)), start=1):
            self.say(("  " if i < 10 else " ") + menu_line(i, action, label))

    def brief_prompt(self, player: int, strings: list[str], view: dict) -> str:
        """The brief prompt in one line: what to do now, then the choices by
        name (``Trick 3: follow Saxosaurus. 1: Saxosaurus 2; 2: trump``)."""
        hook = getattr(self.module, "prompt_line", None)
        what = hook(view, player, self.style, strings) if hook else ""
        what = what or t("your_turn", self.lang)
        if len(self.humans) > 1:
            what = f"{self.style.seat(player)}: {what}"
        choices = "; ".join(f"{i}: {label or action}"
                            for i, (action, label) in enumerate(zip(strings, self.labels(strings, view)), start=1))
        return f"{what} {choices}"

    def ask(self, player: int) -> int:
        """Show the choices (or, for a choice with too many options, a typed
        prompt) and read until a legal choice; commands are answered on the way."""
        state, lang = self.state, self.lang
        view = state.view(player)
        legal = state.legal_actions()
        strings = [state.action_to_string(a) for a in legal]
        free_hook = getattr(self.module, "free_prompt", None)
        free = free_hook(view, strings, self.style) if free_hook else None
        parse = getattr(self.module, "parse_answer", None)
        refusal = getattr(self.module, "refusal", None)

        def show_choices() -> None:
            if self.brief and not free:
                self.say(self.brief_prompt(player, strings, view))
                return
            if self.brief and free:
                self.say(free[0] if len(self.humans) < 2 else f"{self.style.seat(player)}: {free[0]}")
                return
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
            command = command_word(answer, self.module)
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
                self.error(t("too_long", lang, n=MAX_ANSWER))
                continue
            if answer.isascii() and answer.isdigit() and not free:
                number = int(answer)
                if 1 <= number <= len(legal):
                    return legal[number - 1]
                self.error(t("bad_number", lang, n=number, m=len(legal)))
                continue
            wrong = refusal(answer, view, lang) if refusal else None
            if wrong:
                self.error(wrong)
                continue
            words = (parse(answer, view) if parse else None) or answer
            try:
                action = state.string_to_action(words)
                if action not in legal:
                    state.clone().apply_action(action)
            except IllegalActionError as error:
                self.error(t("illegal", lang, why=error.translated(lang)))
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
            label = hint.label if hint.label != hint.action_string else None
            entry = menu_line(legal.index(hint.action) + 1, hint.action_string, label) if not free else (
                f"{label} ({hint.action_string})" if label else hint.action_string)
            self.say(f"  {entry}: {value_words(hint.value, hint.value_kind, lang)}{self.style.sep}{hint.reason}")

    def command(self, name: str, player: int, strings: list[str]) -> bool:
        """Run a prompt command; ``True`` when the choices should be shown again
        (after a long output)."""
        view, style, module, lang = self.state.view(player), self.style, self.module, self.lang
        history = self.histories[player]
        if name == "table":
            self.say(self.render(player))
            return True
        if name == "help":
            self.say(t("help", lang, example=strings[0] if strings else "help"))
            for line in command_lines(module, lang):
                self.say("  " + line)
            extra = getattr(module, "help_text", None)
            if extra:
                kwargs = {"legal": strings} if takes_keyword(extra, "legal") else {}
                self.say(extra(view, lang, style=style, **kwargs))
            return True
        if name == "log":
            recent = history.last(LOG_ENTRIES, self.verbosity)
            self.say(t("log_title", lang) if recent else t("log_empty", lang))
            for item in recent:
                for line in item.lines(self.verbosity):
                    self.say("  " + line)
            return False
        if name in ("back", "next", "again") or name in getattr(module, "SECTIONS", {}):
            self.walk(history, name)
            return False
        if name == "sheet":
            self.sheet(history)
            return False
        if name in VERBOSITIES:
            self.verbosity = name
            self.say(t("verbosity_now", lang, verbosity=t(f"verbosity_{name}", lang)))
            return True
        hook = {"hand": "hand_lines", "scores": "scores_lines", "last": "last_lines",
                **getattr(module, "READOUTS", {})}[name]
        out = getattr(module, hook)(view, player, style)
        if not out and name == "last":
            out = [t("no_last", lang)]
        for line in out:
            self.say(line)
        return False

    def walk(self, history: History, name: str) -> None:
        """The history commands: ``back`` and ``next`` (one event), ``again``
        (the action of the event at the cursor, every event of it in full) and the jumps to the start of the
        current trick, deal, round or turn; each entry is said with its
        place (``12/40: ...``)."""
        verbosity = self.verbosity
        at = history.current(verbosity)
        if name == "again":
            item = at
        elif name == "back":
            item = history.back(verbosity)
        elif name == "next":
            item = history.forward(verbosity)
        else:
            item = history.start_of(name, verbosity)
        if item is None:
            self.say(t("history_no_section", self.lang) if at is not None else t("log_empty", self.lang))
            return
        if item is at and name in ("back", "next"):
            self.say(t("history_first" if name == "back" else "history_newest", self.lang))
        lines = history.whole(item) if name == "again" else list(item.lines(verbosity))
        k, n = history.position(verbosity)
        for i, line in enumerate(lines):
            self.say(f"{k}/{n}: {line}" if i == 0 else line)

    def sheet(self, history: History) -> None:
        """The ``sheet`` command: per deal or round its scores and the running totals, your own first."""
        unit = record(self.game.name).length_unit
        sheet = score_sheet(self.module, (item.event for item in history.items), unit, self.game.num_players,
                            self.state.period())
        if not sheet["rows"]:
            self.say(t("sheet_empty", self.lang))
            return
        viewer = self.viewer if self.viewer is not None else self.last_human

        def words(values: list[int]) -> str:  # "you: 9, Seat 2: 8" as every brief list of seats
            return self.style.scores(values, viewer)

        for row in sheet["rows"]:
            self.say(t(f"sheet_{unit}", self.lang, n=row["period"], scores=words(row["scores"]),
                       totals=words(row["totals"])))


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
    verbosity: str = "brief",
) -> State:
    """Run a whole game. ``seats``: ``human`` or a bot spec per seat. With
    ``interactive`` false every seat must be a bot and moves are printed one
    by one. ``state``: a game to continue (``--resume``; its chance draws and
    bots then come from seeds derived from ``seed`` and the length of its
    history, see :func:`chance_rng`). ``names``: per seat, the player's name
    or ``None``. ``plain``: screen-reader output (no tables, symbols or die
    faces; one logical line per line, never wrapped; see
    :mod:`herna.cli.style`). ``verbosity``: ``brief`` (the default) or
    ``full`` (:data:`herna.text.events.VERBOSITIES`; ``ValueError`` for
    another). ``read``: reads one answer given a prompt (``input``).
    ``hint_seconds`` or ``hint_iterations``: the search budget of the
    ``hint`` command (default :data:`herna.bots.hints.DEFAULT_HINT_SECONDS`).
    Returns the final (or left) state."""
    console = console or Console(highlight=False)
    style = Style.make(lang, plain, names)
    if interactive:
        # Ctrl-C must leave the game even if the shell started us ignoring SIGINT.
        signal.signal(signal.SIGINT, signal.default_int_handler)
    budget = {"seconds": hint_seconds, "iterations": hint_iterations} \
        if hint_seconds is not None or hint_iterations is not None else None
    return TerminalGame(game, seats, seed, style, save, interactive, console, read, state, names, budget,
                        verbosity).run()

