"""The ``herna`` command: play, simulate, arena, analyze, scenario, rules,
options, replay, review, serve, bench.

Each command lives in its own module of :mod:`herna.cli.commands`
(:data:`COMMANDS`); this module makes the command group, which imports a
command's module only when that command runs (``--help`` lists them all), so
``herna rules`` does not load the arena, the bots or the web server.

Help is plain text (:class:`HernaCommand`): no boxes, no word cut at the
right edge (:class:`HernaFormatter`), a paragraph's lines joined, square
brackets never read as markup; SIGTERM ends a command as Ctrl-C does, with
exit status 143 (:func:`main`)."""

from __future__ import annotations

import signal
import sys
import textwrap
from collections.abc import Iterator, MutableMapping
from importlib import metadata

import typer
import typer.main
from rich.text import Text

try:  # typer 0.2x carries its own copy of click
    from typer._click.core import Command, Context
    from typer._click.formatting import HelpFormatter
    from typer._click.exceptions import ClickException as _ClickException, UsageError as _UsageError
except ImportError:  # older typer uses click itself
    from click.core import Command, Context  # type: ignore[assignment]
    from click.formatting import HelpFormatter  # type: ignore[assignment]
    from click.exceptions import (  # type: ignore[assignment]
        ClickException as _ClickException, UsageError as _UsageError)
from typer.core import TyperCommand, TyperGroup

from herna import __version__
from herna.core.record import resolve

from .flags import game_names
from .output import err
from .runs import bare_ray

_Abort = typer.Abort

COMMANDS: dict[str, str] = {
    "play": "herna.cli.commands.play:play",
    "simulate": "herna.cli.commands.simulate:simulate",
    "arena": "herna.cli.commands.arena:arena",
    "analyze": "herna.cli.commands.analyze:analyze",
    "scenario": "herna.cli.commands.scenario:scenario",
    "rules": "herna.cli.commands.rules:rules",
    "options": "herna.cli.commands.options:options",
    "replay": "herna.cli.commands.replay:replay",
    "review": "herna.cli.commands.review:review",
    "serve": "herna.cli.commands.serve:serve",
    "bench": "herna.cli.commands.bench:bench_app",
}
"""Each command, in ``--help``'s order, and the function (or, for a command
with subcommands, the ``typer.Typer``) that makes it: ``"module:name"``."""

SHORT_HELP: dict[str, str] = {
    "play": "Play at the terminal against bots or friends (hot-seat).",
    "simulate": "Bots against bots: score and win share per seat.",
    "arena": "A tournament of bots with ratings and plots.",
    "analyze": "The designer's balance report of a game and its variants.",
    "scenario": "Run scenario files: PASS or FAIL per file.",
    "rules": "How to play, the numbered rules or the Czech rulebook.",
    "options": "Each game's options, with their help and defaults.",
    "replay": "Step through a saved game, one action at a time.",
    "review": "The moves of a saved game that lost the most.",
    "serve": "Run the web server: play in a browser.",
    "bench": "Speed of the engines, the bots and the web server.",
}
"""Each command's line in ``herna --help``: one whole sentence (click would
cut the first sentence of its help at 45 characters)."""


class HernaCommand(TyperCommand):
    """A command whose ``--help`` is plain text, as braille lines and screen
    readers want it: no boxes, and the options of each help panel (the game
    option flags' "Game options" and "More game options",
    :mod:`herna.cli.gameflags`) in a section of their own after the
    command's own options."""

    def format_options(self, ctx: Context, formatter: HelpFormatter) -> None:
        arguments = []
        sections: dict[str, list[tuple[str, str]]] = {"Options": []}
        for param in self.get_params(ctx):
            row = param.get_help_record(ctx)
            if row is None:
                continue
            if param.param_type_name == "argument":
                arguments.append(row)
            elif param.param_type_name == "option":
                sections.setdefault(getattr(param, "rich_help_panel", None) or "Options", []).append(row)
        if arguments:
            with formatter.section("Arguments"):
                formatter.write_dl(arguments)
        for title, rows in sections.items():
            if rows:
                with formatter.section(title):
                    formatter.write_dl(rows)


def write_rows(formatter: HelpFormatter, rows: list[tuple[str, str]], col_max: int = 30, spacing: int = 2) -> None:
    """click's ``write_dl`` (an option or a command, then its help in a column) that never
    cuts a word: the help is wrapped at spaces only, so a long bot spec
    (``ismcts[:0.2s|:2000][:random|:greedy]...``) or a hyphenated word
    (``openspiel-ismcts``) runs past the column's edge whole instead of
    going on, cut, in the next line (click cuts both at 80 columns)."""
    first_col = min(max((len(first) for first, _ in rows), default=0), col_max) + spacing
    indent = formatter.current_indent
    wrapper = textwrap.TextWrapper(max(formatter.width - first_col - 2, 10), break_long_words=False,
                                   break_on_hyphens=False)
    for first, second in rows:
        formatter.write(f"{'':>{indent}}{first}")
        if not second:
            formatter.write("\n")
            continue
        if len(first) <= first_col - spacing:
            formatter.write(" " * (first_col - len(first)))
        else:
            formatter.write("\n" + " " * (first_col + indent))
        paragraphs = [wrapper.wrap(paragraph) or [""] for paragraph in second.split("\n\n")]
        lines = [line for k, paragraph in enumerate(paragraphs) for line in ([""] if k else []) + paragraph]
        formatter.write(lines[0] + "\n")
        for line in lines[1:]:
            formatter.write(f"{'':>{first_col + indent}}{line}\n" if line else "\n")


class HernaFormatter(HelpFormatter):
    """click's help formatter whose lists (options, commands) never cut a word (:func:`write_rows`)."""

    def write_dl(self, rows, col_max: int = 30, col_spacing: int = 2) -> None:
        write_rows(self, list(rows), col_max, col_spacing)


class HernaContext(Context):
    """A command's context, with help written by :class:`HernaFormatter`."""

    formatter_class = HernaFormatter


def use_herna_help(command: Command) -> Command:
    """``command`` and its subcommands (``herna bench server``) with help
    written by :class:`HernaFormatter`; returns ``command``."""
    command.context_class = HernaContext
    for sub in getattr(command, "commands", {}).values():
        use_herna_help(sub)
    return command


def build_command(name: str, path: str) -> Command:
    """The click command ``name`` made by typer from what ``path`` names (a
    function, or a ``typer.Typer`` with subcommands), importing its module;
    its help is plain text (``rich_markup_mode=None``, :class:`HernaCommand`)
    with :data:`SHORT_HELP`'s line in the group's list."""
    target = resolve(path)
    outer = typer.Typer(add_completion=False, rich_markup_mode=None)
    if isinstance(target, typer.Typer):
        outer.add_typer(target, name=name, short_help=SHORT_HELP.get(name))
        return use_herna_help(typer.main.get_command(outer).commands[name])  # type: ignore[attr-defined]
    outer.command(name, cls=HernaCommand, short_help=SHORT_HELP.get(name))(target)
    return use_herna_help(typer.main.get_command(outer))


class LazyCommands(MutableMapping[str, Command]):
    """The group's commands by name (all known at once, for help and for
    "did you mean"), each made by :func:`build_command` on first use."""

    def __init__(self, paths: dict[str, str]) -> None:
        self._paths = dict(paths)
        self._built: dict[str, Command] = {}

    def __getitem__(self, name: str) -> Command:
        if name not in self._built:
            if name not in self._paths:
                raise KeyError(name)
            self._built[name] = build_command(name, self._paths[name])
        return self._built[name]

    def __setitem__(self, name: str, command: Command) -> None:
        self._paths.setdefault(name, "")
        self._built[name] = command

    def __delitem__(self, name: str) -> None:
        del self._paths[name]
        self._built.pop(name, None)

    def __iter__(self) -> Iterator[str]:
        return iter(self._paths)

    def __len__(self) -> int:
        return len(self._paths)


class HernaGroup(TyperGroup):
    """The ``herna`` command group: a wrong command line (an unknown flag, a
    missing argument, a value of the wrong type) is told in one line in
    herna's own style, ``error: ...`` on stderr with exit status 2, not in
    typer's boxes; ``--help`` is unchanged. Its commands are
    :data:`COMMANDS`, each imported when it is needed (:class:`LazyCommands`)."""

    context_class = HernaContext

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.commands = LazyCommands(COMMANDS)

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        args = bare_ray(list(sys.argv[1:] if args is None else args))
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        try:
            result = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except _UsageError as error:
            if type(error).__name__ == "NoArgsIsHelpError":  # plain ``herna``: the help on stderr, exit 2
                print(error.format_message(), file=sys.stderr)
                sys.exit(2)
            ctx = error.ctx
            where = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
            message = " ".join(str(error.format_message()).split()).rstrip(".")
            err.print(Text.assemble(("error:", "red"), f" {message}{where}"))
            sys.exit(2)
        except _ClickException as error:
            err.print(Text.assemble(("error:", "red"), " " + " ".join(str(error.format_message()).split())))
            sys.exit(error.exit_code)
        except _Abort:
            err.print(Text.assemble(("error:", "red"), " stopped" if TERMINATED["by_signal"] else " aborted"))
            sys.exit(143 if TERMINATED["by_signal"] else 1)
        code = result if isinstance(result, int) else 0
        sys.exit(143 if TERMINATED["by_signal"] else code)


app = typer.Typer(
    cls=HernaGroup,
    add_completion=False,
    no_args_is_help=True,
    # help texts are plain text: a paragraph's lines are joined (no line breaks mid-sentence), and square
    # brackets in them (ismcts[:0.2s]) are never read as rich markup
    rich_markup_mode=None,
    help="herna: play, simulate and study Czech tabletop games.\n\n"
         f"GAME is {game_names()} (herna options lists their options).",
    context_settings={"max_content_width": 120},
)


def herna_version() -> str:
    """The installed package's version (package metadata; else ``herna.__version__``)."""
    try:
        return metadata.version("herna")
    except metadata.PackageNotFoundError:
        return __version__


def _print_version(value: bool) -> None:
    if value:
        print(f"herna {herna_version()}")
        raise typer.Exit(0)


@app.callback()
def _herna(version: bool = typer.Option(False, "--version", callback=_print_version, is_eager=True,
                                        help="Print herna's version and exit.")) -> None:
    pass


TERMINATED = {"by_signal": False}
"""Whether this process was asked to stop by SIGTERM (its exit status is then 143, not 130)."""


def _terminate(signum: int, frame) -> None:
    """SIGTERM: stop as Ctrl-C does (worker processes stopped, a game saved,
    one ``error:`` line at most), with no tracebacks from the workers."""
    TERMINATED["by_signal"] = True
    raise KeyboardInterrupt


def main() -> None:
    """The ``herna`` command. SIGTERM ends it as Ctrl-C does (:func:`_terminate`), with exit status 143."""
    signal.signal(signal.SIGTERM, _terminate)
    app()


if __name__ == "__main__":
    main()
