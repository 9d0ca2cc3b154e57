"""The ``herna`` command: play, simulate, arena, analyze, bench, scenario, rules, options, replay, review,
serve.

Each command lives in its own module of :mod:`herna.cli.commands`; this
module makes the command group and registers them."""

from __future__ import annotations

import sys
from importlib import metadata

import typer
from rich.text import Text

try:  # typer 0.2x carries its own copy of click
    from typer._click.exceptions import ClickException as _ClickException, UsageError as _UsageError
except ImportError:  # older typer uses click itself
    from click.exceptions import ClickException as _ClickException, UsageError as _UsageError
from typer.core import TyperGroup

from herna import __version__

from .commands import analyze, arena, bench, options, play, replay, review, rules, scenario, serve, simulate
from .output import err
from .runs import bare_ray

_Abort = typer.Abort


class HernaGroup(TyperGroup):
    """The ``herna`` command group: a wrong command line (an unknown flag, a
    missing argument, a value of the wrong type) is told in one line in
    herna's own style, ``error: ...`` on stderr with exit status 2, not in
    typer's boxes; ``--help`` is unchanged."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        args = bare_ray(list(sys.argv[1:] if args is None else args))
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        try:
            result = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except _UsageError as error:
            if type(error).__name__ == "NoArgsIsHelpError":  # plain ``herna``: the help, as before
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
            err.print(Text.assemble(("error:", "red"), " aborted"))
            sys.exit(1)
        sys.exit(result if isinstance(result, int) else 0)


app = typer.Typer(
    cls=HernaGroup,
    add_completion=False,
    no_args_is_help=True,
    help="herna: play, simulate and study Ugo!, Trumfosaur and Plný kurník – Ukradené slepice.",
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


app.command()(play.play)
app.command()(simulate.simulate)
app.command()(arena.arena)
app.command()(analyze.analyze)
app.add_typer(bench.bench_app, name="bench")
app.command()(scenario.scenario)
app.command()(rules.rules)
app.command()(options.options)
app.command()(replay.replay)
app.command()(review.review)
app.command()(serve.serve)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
