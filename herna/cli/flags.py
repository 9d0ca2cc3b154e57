"""Option declarations shared by several commands (typer); the game option flags
are made from the games' specs (:mod:`herna.cli.gameflags`)."""

from __future__ import annotations

import typer

from herna.core.registry import GAMES


def game_names(joiner: str = "or") -> str:
    """The games' names for help texts: ``trumfosaur, ugo or kurnik``."""
    names = list(GAMES)
    return ", ".join(names[:-1]) + f" {joiner} " + names[-1] if len(names) > 1 else "".join(names)


GAME = typer.Argument(..., help=game_names())
"""The game argument of a command (a name ``herna.load`` takes)."""

PLAIN = typer.Option(False, "--plain", help="Plain output for screen readers: no progress bar (a line at every "
                     "5% instead).")

VERBOSITY = typer.Option("brief", "--verbosity", help="How much is said of what happens: brief (one short line per "
                         "event that matters, the default) or full (every card, die and score in detail).")

ENGINE = typer.Option(None, "--engine", help="The engine that runs the games: auto (the compiled one where it "
                      "is built, the default), compiled or python (the reference; the same games, slower).")

RAY = typer.Option(None, "--ray", metavar="[ADDRESS]",
                   help="Run the games as tasks of a Ray cluster (pip install 'herna[ray]'): a bare --ray starts a "
                        "local one with --jobs CPUs (default: all cores); ADDRESS joins one ('auto', host:port, "
                        "ray://host:10001). Same results as --jobs for the same seed.")

JOBS_HELP = "Worker processes (default 1; with --ray: the local cluster's CPUs)."
