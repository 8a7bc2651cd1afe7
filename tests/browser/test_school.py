"""The school's one command (ui/school.py) on PostgreSQL with two processes: browsers' first
visits spread over both, each browser keeps its own (the `cc_server` cookie, which its page's
websocket follows too), the page loads through nginx, and SIGTERM stops every process."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from balancer import COOKIE, nginx_binary, open_connections
from conftest import ROOT, SERVER_START_TIMEOUT, free_port
from gamekit import button, eventually

from tests.engine.postgres_server import PostgresServer

pytestmark = pytest.mark.browser


@dataclass
class School:
    port: int  # nginx's
    ports: dict[str, int]  # each app process's, by its name (the cookie's value)
    process: subprocess.Popen[bytes]
    log_path: Path

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")[-8000:]


def get(url: str, cookie: str = "") -> tuple[str, str]:
    """The body of a GET, and the process the balancer's cookie names."""
    request = urllib.request.Request(url, headers={"Cookie": cookie} if cookie else {})
    with urllib.request.urlopen(request, timeout=5) as response:
        cookies = response.headers.get_all("Set-Cookie")
        body = response.read().decode()
    (server,) = (m[1] for c in cookies if (m := re.match(rf"{COOKIE}=([^;]+);", c)))
    return body, server


@pytest.fixture(scope="module")
def school(tmp_path_factory) -> Iterator[School]:
    if nginx_binary() is None:
        pytest.fail("nginx is missing: tests/run.sh installs Debian's nginx")
    database = PostgresServer.start()
    log_path = tmp_path_factory.mktemp("school") / "school.log"
    port = free_port()
    with open(log_path, "wb") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "ui.school", "--processes", "2"]
            + ["--port", str(port), "--address", "127.0.0.1"],
            cwd=ROOT,
            env=dict(os.environ, DATABASE_URL=database.new_database(), PYTHONUNBUFFERED="1"),
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    school = School(port, {}, process, log_path)
    try:
        # The command says where it serves once every process is healthy and nginx listens.
        deadline = time.monotonic() + 2 * SERVER_START_TIMEOUT
        while f"Crossed Canvas on {school.url}/" not in school.log():
            assert process.poll() is None, f"exited with {process.returncode}:\n{school.log()}"
            assert time.monotonic() < deadline, f"not ready:\n{school.log()}"
            time.sleep(0.2)
        assert get(f"{school.url}/_stcore/health")[0] == "ok"
        found = re.findall(r"^(app\d+) \(pid \d+\) on 127\.0\.0\.1:(\d+)$", school.log(), re.M)
        school.ports.update((name, int(app_port)) for name, app_port in found)
        assert sorted(school.ports) == ["app1", "app2"], school.log()
        yield school
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(30)
        database.stop()


def listening(port: int) -> bool:
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) == 0


def test_first_visits_spread_and_each_browser_keeps_its_process(school, new_page):
    # Browsers without the cookie: home pages and phones alike reach both processes (each has
    # an even chance; 60 tries all on one would be one in 2**59).
    firsts = {get(f"{school.url}/{path}")[1] for path in ("", "play") * 30}
    assert firsts == set(school.ports)
    home, _ = get(f"{school.url}/", cookie=f"{COOKIE}=app1")
    assert '<div id="root">' in home

    # Two browsers, each placed by its first visit, keep their process: every answer names it,
    # and each page's websocket is held there (no other connection is open to either).
    placed = {}
    for name in ("app1", "app2"):
        page = new_page()
        page.context.add_cookies([{"name": COOKIE, "value": name, "url": school.url}])
        placed[name] = page
    counts = {name: lambda port=port: open_connections(port) for name, port in school.ports.items()}
    for _ in range(3):
        placed["app1"].goto(f"{school.url}/")
        button(placed["app1"], "create_game").wait_for()
        assert eventually(lambda: (counts["app1"]() >= 1, counts["app2"]()), (True, 0))
    placed["app2"].goto(f"{school.url}/play")
    button(placed["app2"], "join_go").wait_for()
    assert eventually(lambda: counts["app2"]() >= 1, True)
    for name, page in placed.items():
        assert {c["value"] for c in page.context.cookies() if c["name"] == COOKIE} == {name}
        assert {get(f"{school.url}/play", cookie=f"{COOKIE}={name}")[1] for _ in range(5)} == {name}


def test_sigterm_stops_every_process(school):
    assert all(listening(port) for port in school.ports.values())
    school.process.send_signal(signal.SIGTERM)
    assert school.process.wait(30) == 0, school.log()
    assert not any(listening(port) for port in [*school.ports.values(), school.port])
