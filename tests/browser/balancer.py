"""Debian's nginx in front of two app servers "a" and "b", sticky by a cookie, as a school runs
them (the product's config, ui/school.py): a browser without the `cc_server` cookie goes to
either, half and half, and keeps it. A test or a bench that wants a page on a given server sets
the cookie itself.

Used by tests/browser/test_two_servers.py, tests/browser/test_school.py and
bench/measure/load.py (--servers 2). Needs no pytest.
"""

from __future__ import annotations

from pathlib import Path

from ui.school import COOKIE, Nginx, free_port, nginx_binary

__all__ = ["COOKIE", "Balancer", "nginx_binary", "open_connections"]


class Balancer(Nginx):
    """nginx on a free loopback port in front of servers `a` and `b` ("host:port" each), its
    errors in a file of its own, read when it fails."""

    def __init__(self, a: str, b: str) -> None:
        super().__init__({"a": a, "b": b}, "127.0.0.1", free_port(), errors_file=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"


def open_connections(port: int) -> int:
    """Established TCP connections to this local port (from nginx: websockets and streams)."""
    count = 0
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            local, _remote, state = line.split()[1:4]
            count += state == "01" and int(local.rsplit(":", 1)[1], 16) == port
    return count
