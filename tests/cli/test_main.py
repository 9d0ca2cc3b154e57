"""The ``herna`` group (herna/cli/main.py): one module per command
(herna/cli/commands), each imported only when its command runs, so a quick
command does not load the arena, the bots or the web server (issue 28 item 3)."""

from __future__ import annotations

import subprocess
import sys

from typer.testing import CliRunner

from herna.cli.main import COMMANDS, app

runner = CliRunner()

QUICK = """
import sys
from typer.testing import CliRunner
from herna.cli.main import app
result = CliRunner().invoke(app, ["rules", "ugo", "--rulebook"])
assert result.exit_code == 0, result.output
heavy = ["herna.arena.analyze", "herna.server.bench", "herna.bots.hints", "herna.cli.commands.play",
         "herna.cli.gameflags"]
print([name for name in heavy if name in sys.modules])
"""


def test_help_lists_every_command_in_order():
    result = runner.invoke(app, ["--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    shown = [line.split()[1] for line in result.output.splitlines()
             if line.startswith("│ ") and len(line.split()) > 1 and line.split()[1] in COMMANDS]
    assert shown == list(COMMANDS)


def test_a_command_loads_only_its_own_module():
    out = subprocess.run([sys.executable, "-c", QUICK], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_a_mistyped_command_is_told_in_one_line():
    result = runner.invoke(app, ["rule", "ugo"])
    assert result.exit_code == 2
    assert "No such command 'rule'. Did you mean 'rules'?" in result.output
