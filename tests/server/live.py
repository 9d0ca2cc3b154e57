"""``herna serve`` as a real subprocess for the live tests (the
``live_server`` fixtures of ``tests/server/conftest.py``), and the seed every
test server deals from."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
from urllib.parse import urlsplit

READY = re.compile(r"herna is ready: open (\S+)")
TEST_SEED = int(os.environ.get("HERNA_TEST_SEED") or 20261203)
"""The seed every test server deals from (module docstring)."""
TEST_LABEL_HEADER = "X-Herna-Test"
"""The header naming the test that makes a table (``herna.server.tables.TEST_LABEL_HEADER``)."""
START_TIMEOUT = 120.0
"""How long a test server may take to say it is ready: a guard against a hung start on a loaded machine."""


def label_headers() -> dict[str, str]:
    """The header that names the running test (pytest's node id) to a test
    server: its tables are then dealt from the test seed and that name alone,
    so a test run alone deals what it dealt among the others (the session's
    and module's servers are shared by many tests)."""
    current = os.environ.get("PYTEST_CURRENT_TEST", "").rsplit(" (", 1)[0]
    return {TEST_LABEL_HEADER: current.encode("ascii", "backslashreplace").decode()} if current else {}


class LiveServer:
    """``herna serve`` in a subprocess (see the module docstring). Its first
    start takes a free port the server binds itself (``--port 0``: no other
    process, a parallel test run's included, can take it between a choice
    and the bind); :attr:`port` and :attr:`url` are known once it is ready,
    and a restart binds the same port again."""

    def __init__(self, db_url: str, port: int | None = None, args: tuple[str, ...] = (),
                 env: dict[str, str] | None = None) -> None:
        self.db_url = db_url
        self.port = port or 0
        self.args = args
        self.env = env
        self.process: subprocess.Popen | None = None
        self.output: list[str] = []
        self.printed = threading.Condition()
        """Notified for every line the server prints (:meth:`wait_output`)."""

    def __str__(self) -> str:
        return self.url

    @property
    def url(self) -> str:
        """The base URL (``http://127.0.0.1:PORT``), once the server was started."""
        if not self.port:
            raise RuntimeError("the server has no port before its first start")
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return "ws://" + self.url.split("://", 1)[1]

    def start(self, timeout: float = START_TIMEOUT) -> "LiveServer":
        """Start the server and wait until it says it is ready."""
        if self.process is not None and self.process.poll() is None:
            raise RuntimeError("the server is running already")
        env = {**os.environ, "PYTHONUNBUFFERED": "1", "HERNA_TEST_SEED": str(TEST_SEED), **(self.env or {})}
        command = [sys.executable, "-m", "herna.cli.main", "serve", "--port", str(self.port), "--bot-workers", "1",
                   "--pace-scale", "0", "--connect-limit", "0",  # tests open sockets fast; args may set one
                   *(["--db", self.db_url] if self.db_url else []), *self.args]
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                        env=env, start_new_session=True)
        ready = threading.Event()
        process = self.process
        bound: list[int] = []

        def drain() -> None:
            assert process.stdout is not None
            for line in process.stdout:
                with self.printed:
                    self.output.append(line.rstrip("\n"))
                    self.printed.notify_all()
                said = READY.search(line)
                if said and not ready.is_set():
                    bound.append(urlsplit(said.group(1)).port or 0)
                    ready.set()

        threading.Thread(target=drain, daemon=True).start()
        deadline = time.monotonic() + timeout
        while not ready.wait(0.05):
            if process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError("herna serve did not start:\n" + "\n".join(self.output[-40:]))
        self.port = bound[0]
        return self

    def wait_output(self, text: str, count: int = 1, timeout: float = START_TIMEOUT) -> None:
        """Wait until the server has printed ``count`` lines holding ``text``
        (e.g. each worker's "Application startup complete")."""
        with self.printed:
            if not self.printed.wait_for(lambda: sum(text in line for line in self.output) >= count, timeout):
                raise RuntimeError(f"herna serve never printed {text!r} {count} times:\n"
                                   + "\n".join(self.output[-40:]))

    def kill(self) -> None:
        """``kill -9`` the server (no shutdown at all)."""
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(START_TIMEOUT)

    def stop(self, timeout: float = START_TIMEOUT) -> int | None:
        """Stop the server gracefully (SIGTERM), killing it if it hangs;
        returns its exit status."""
        process = self.process
        if process is None:
            return None
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(START_TIMEOUT)
        try:  # bot worker processes of a killed server
            os.killpg(process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        return process.returncode
