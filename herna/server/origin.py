"""Which browser pages may use a seat: the server's public origin (WEB-API.md:
WebSocket upgrades, and writes authenticated by the seat cookie, are refused
unless ``Origin`` is the server's own).

The public origin is ``--public-url`` (scheme, host and port; e.g.
``https://herna.example``), by default ``http://HOST:PORT`` of ``--host`` and
``--port``. It is compared with the request's ``Origin`` header by scheme,
host and port (a missing port is the scheme's default), never with the
``Host`` header, which the client chooses. Loopback names are one host
(``127.0.0.1``, ``::1`` and ``localhost`` reach the same server), and a
server listening on every interface (``0.0.0.0``, ``::``) by default also
accepts this machine's own names and addresses. ``--origin`` adds other
origins (pages served elsewhere).

>>> policy = OriginPolicy("https://herna.example")
>>> policy.allows("https://herna.example:443"), policy.allows("http://herna.example")
(True, False)
"""

from __future__ import annotations

import socket
from typing import Iterable
from urllib.parse import urlsplit

DEFAULT_PORTS = {"http": 80, "https": 443}
LOOPBACK = frozenset({"127.0.0.1", "::1", "localhost"})
WILDCARD = frozenset({"0.0.0.0", "::", ""})


def split_origin(origin: str) -> tuple[str, str, int] | None:
    """``(scheme, host, port)`` of an origin or URL (lower case, the port
    filled in), or ``None`` for one that is not ``http(s)://host[:port]``."""
    try:
        parts = urlsplit(origin.strip())
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    host = (parts.hostname or "").lower()
    if scheme not in DEFAULT_PORTS or not host:
        return None
    return scheme, host, port if port is not None else DEFAULT_PORTS[scheme]


def url_of(host: str, port: int) -> str:
    """The URL of a server listening on ``host:port`` (a wildcard shows as ``127.0.0.1``)."""
    shown = "127.0.0.1" if host in WILDCARD else host
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}"


def machine_names() -> set[str]:
    """This machine's host name and addresses (lower case)."""
    names = {socket.gethostname().lower(), socket.getfqdn().lower()}
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None):
            names.add(str(info[4][0]).lower())
    except OSError:
        pass
    return names


class OriginPolicy:
    """The public origin (``public_url``) and the origins allowed to use a
    seat (module docstring). ``ValueError`` for a URL that is not
    ``http(s)://host[:port]``."""

    def __init__(self, public_url: str, extra: Iterable[str] = (), listen_host: str | None = None) -> None:
        public = split_origin(public_url)
        if public is None:
            raise ValueError(f"the public URL must be http(s)://HOST[:PORT], not {public_url!r}")
        self.public = public
        scheme, host, port = public
        shown = f"[{host}]" if ":" in host else host
        self.url = f"{scheme}://{shown}" + ("" if DEFAULT_PORTS[scheme] == port else f":{port}")
        """The public origin as links start with it (``https://herna.example``)."""
        hosts = {host}
        if host in LOOPBACK:
            hosts |= LOOPBACK
        if listen_host is not None and listen_host in WILDCARD:
            hosts |= LOOPBACK | machine_names()
        self.allowed = {(scheme, h, port) for h in hosts}
        for origin in extra:
            if origin.strip():
                parsed = split_origin(origin)
                if parsed is None:
                    raise ValueError(f"an origin must be http(s)://HOST[:PORT], not {origin!r}")
                self.allowed.add(parsed)

    def allows(self, origin: str | None) -> bool:
        """Whether a browser's ``Origin`` is this server's own (or an extra one)."""
        if not origin:
            return False
        parsed = split_origin(origin)
        return parsed is not None and parsed in self.allowed
