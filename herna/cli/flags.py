"""Option declarations shared by several commands (typer)."""

from __future__ import annotations

import typer


# Shared option declarations -------------------------------------------------------------
PLAYERS = typer.Option(None, "--players", "-p", help="Number of players.")


MASTER = typer.Option(False, "--master", help="Trumfosaur master version (T-8).")


TEAMS = typer.Option(False, "--teams", help="Trumfosaur teams, 4 players (T-7).")


TARGET = typer.Option(None, "--target-score", help="Trumfosaur target score (T-2.1, default 36).")


FIRST = typer.Option(None, "--first-player", help="Seat that starts, 1 to the number of players (Kurník: "
                     "without it the start is rolled, K-2.1).")


ROUNDS = typer.Option(None, "--rounds", help="Ugo! rounds (U-2.1, default 4).")


ROUGH = typer.Option(False, "--rough-thief", help="Kurník variant K-9.1.")


ROOSTER = typer.Option(False, "--dead-rooster", help="Kurník variant K-9.2.")


MISSING = typer.Option(False, "--missing-hens", help="Kurník variant K-9.3.")


SIXSIX = typer.Option(None, "--six-six", help="Kurník 6-6 rule: announce (default) or fox (K-9.4).")


OPTION = typer.Option(None, "--option", "-o", help="Any game option as KEY=VALUE (repeatable).")


PLAIN = typer.Option(False, "--plain", help="Plain output for screen readers: no progress bar (a line at every "
                     "5% instead).")


ENGINE = typer.Option(None, "--engine", help="The engine that runs the games: auto (the compiled one where it "
                      "is built, the default), compiled or python (the reference; the same games, slower).")


ANALYZE_ENGINE = typer.Option(None, "--engine", help="The engine that runs the games: auto (the compiled one "
                              "where it is built, the default), compiled, python (the reference; the same games, "
                              "slower) or batch (herna.batch, JAX: Trumfosaur, Ugo! and Kurník with bots random and "
                              "greedy; many games at once; no games file, no resume).")


RAY = typer.Option(None, "--ray", metavar="[ADDRESS]",
                   help="Run the games as tasks of a Ray cluster (pip install 'herna[ray]'): a bare --ray starts a "
                        "local one with --jobs CPUs (default: all cores); ADDRESS joins one ('auto', host:port, "
                        "ray://host:10001). Same results as --jobs for the same seed.")


JOBS_HELP = "Worker processes (default 1; with --ray: the local cluster's CPUs)."
