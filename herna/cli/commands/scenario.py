"""``herna scenario``: run scenario files (SCENARIOS.md)."""

from __future__ import annotations

from typing import List, Optional

import typer

from herna.core.scenario import find_scenarios, run_scenario_file

from ..checks import use_engine
from ..flags import ENGINE
from ..output import fail


def scenario(paths: List[str] = typer.Argument(..., help="Scenario files or folders."),
             engine: Optional[str] = ENGINE) -> None:
    """Run scenario files (SCENARIOS.md): PASS/FAIL per file; exit 0 only if all pass."""
    use_engine(engine)
    try:
        files = find_scenarios(paths)
    except FileNotFoundError as error:
        fail(str(error))
    if not files:
        fail("no scenario files (*.json) found")
    failed = 0
    for path in files:
        ok, line = run_scenario_file(path, engine)
        failed += not ok
        print(line, flush=True)
    raise typer.Exit(1 if failed else 0)
