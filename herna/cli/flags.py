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

ENGINE = typer.Option(None, "--engine", help="The engine that runs the games: auto (the compiled one where it "
                      "is built, the default), compiled or python (the reference; the same games, slower).")

ANALYZE_ENGINE = typer.Option(None, "--engine", help="The engine that runs the games: auto (the compiled one "
                              "where it is built, the default), compiled, python (the reference; the same games, "
                              "slower) or batch (herna.batch, JAX: Trumfosaur, Ugo! and Kurník with bots random and "
                              "greedy; many games at once; no games file, no resume).")

RAY = typer.Option(None, "--ray", metavar="[ADDRESS]",
                   help="Run the games as tasks of a Ray cluster (pip install 'herna\\[ray]'): a bare --ray starts a "
                        "local one with --jobs CPUs (default: all cores); ADDRESS joins one ('auto', host:port, "
                        "ray://host:10001). Same results as --jobs for the same seed.")

JOBS_HELP = "Worker processes (default 1; with --ray: the local cluster's CPUs)."
