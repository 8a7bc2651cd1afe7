"""The school's one command (ui/school.py) on PostgreSQL with two processes: browsers' first
visits spread over both, each browser keeps its own (the `cc_server` cookie, which its page's
websocket follows too), the page loads through nginx, a process killed mid-game is started
again while the other's class plays on, and SIGTERM stops every process."""

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
from typing import Any

import pytest
from balancer import COOKIE, nginx_binary, open_connections
from conftest import ROOT, SERVER_START_TIMEOUT, free_port
from gamekit import button, eventually, heading_text, pumped
from playwright.sync_api import Page, Request, Route, expect

from engine import Engine
from tests.engine.postgres_server import PostgresServer
from ui.faces import face_src, face_svg

pytestmark = pytest.mark.browser
# Long enough that no phase ends on its own during the test.
SLOW = dict.fromkeys(
    ["roles", "pulse1", "merge", "pulse2", "discussion", "choice", "accusation", "reveal"], 3600
)


@dataclass
class School:
    port: int  # nginx's
    ports: dict[str, int]  # each app process's, by its name (the cookie's value)
    pids: dict[str, int]  # each app process's first
    process: subprocess.Popen[bytes]
    log_path: Path
    database_url: str

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
    port, database_url = free_port(), database.new_database()
    with open(log_path, "wb") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "ui.school", "--processes", "2"]
            + ["--port", str(port), "--address", "127.0.0.1"],
            cwd=ROOT,
            env=dict(os.environ, DATABASE_URL=database_url, PYTHONUNBUFFERED="1"),
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    school = School(port, {}, {}, process, log_path, database_url)
    try:
        # The command says where it serves once every process is healthy and nginx listens.
        deadline = time.monotonic() + 2 * SERVER_START_TIMEOUT
        while f"Crossed Canvas on {school.url}/" not in school.log():
            assert process.poll() is None, f"exited with {process.returncode}:\n{school.log()}"
            assert time.monotonic() < deadline, f"not ready:\n{school.log()}"
            time.sleep(0.2)
        assert get(f"{school.url}/_stcore/health")[0] == "ok"
        found = re.findall(r"^(app\d+) \(pid (\d+)\) on 127\.0\.0\.1:(\d+)$", school.log(), re.M)
        school.ports.update((name, int(app_port)) for name, _, app_port in found)
        school.pids.update((name, int(pid)) for name, pid, _ in found)
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
    # A face, at the address a roster names (relative to any page), comes through nginx too.
    face, _ = get(f"{school.url}/{face_src('fox-mint')}", cookie=f"{COOKIE}=app2")
    assert face == face_svg("fox-mint")

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


def files_loading(page: Page) -> set[Request]:
    """The requests `page` has sent and not yet seen answered, kept up to date (its push
    streams, which stay open, left out)."""
    pending: set[Request] = set()

    def sent(request: Request) -> None:
        if "/cc-events/" not in request.url:
            pending.add(request)

    def ended(request: Request) -> None:
        pending.discard(request)

    page.on("request", sent)
    page.on("requestfinished", ended)
    page.on("requestfailed", ended)
    return pending


def test_a_killed_process_starts_again_and_the_other_class_plays_on(school, new_page):
    """SIGKILL to one process mid-game, with a game's projector on each: the other's game
    moves on and its projector shows it, from the same process; the killed one is started
    again on its port, and its projector, reconnecting through nginx by its cookie, shows its
    game where the database has it (moved on meanwhile). Neither game is paused."""
    engine = Engine(school.database_url, seed=44)
    games: dict[str, Any] = {}
    screens: dict[str, Page] = {}
    loading: dict[str, set[Request]] = {}
    for name in school.ports:
        games[name] = engine.create_game(durations=SLOW)
        for player in ("Ana", "Ben", "Cruz", "Dana", "Eli"):
            engine.join(games[name].code, player)
        engine.start(games[name].facilitator_token)
        screens[name] = new_page()
        screens[name].context.add_cookies([{"name": COOKIE, "value": name, "url": school.url}])
        loading[name] = files_loading(screens[name])
        screens[name].goto(f"{school.url}/screen?code={games[name].code}")

    def shows_its_phase(name: str) -> None:
        view = engine.public_view(games[name].code)
        heading = heading_text(view["phase"], view["round"], view["rounds"])
        expect(screens[name].locator(".cc-phase").first).to_have_text(heading)

    for name in school.ports:
        shows_its_phase(name)
    # A projector killed while it still fetched Streamlit's scripts (a heading shows before
    # the last of them arrive) is left broken, as any page is: seen once at a load of 20.
    eventually(pumped(screens["app2"], lambda: not loading["app2"]), True, 30, "app2's files")

    # While app2 is dead nginx answers its pages' push streams 502, and a browser then gives a
    # stream up for good. Whether its retry falls before app2 is back depends on the machine's
    # speed; the route makes sure it does: the retry meets the 502 of a dead upstream.
    refused: list[str] = []

    def dead_upstream(route: Route) -> None:
        refused.append(route.request.url)
        route.fulfill(status=502, body="502 Bad Gateway")

    screens["app2"].route("**/cc-events/**", dead_upstream)
    os.kill(school.pids["app2"], signal.SIGKILL)
    for name in school.ports:  # both classes' teachers move on, one while app2 is dead
        engine.advance(games[name].facilitator_token)
    shows_its_phase("app1")
    back = eventually(
        lambda: bool(re.search(r"^app2 \(pid \d+\) is back$", school.log(), re.M)), True, 60
    )
    assert back and "app2 exited with -9: starting it again in 1 s" in school.log()

    eventually(pumped(screens["app2"], lambda: bool(refused)), True, 30, "a retried stream")
    screens["app2"].unroute("**/cc-events/**", dead_upstream)
    shows_its_phase("app2")
    assert "app1 exited" not in school.log()
    os.kill(school.pids["app1"], 0)  # the same process all along
    for name in school.ports:
        assert engine.public_view(games[name].code)["paused"] is False
        assert {c["value"] for c in screens[name].context.cookies() if c["name"] == COOKIE} == {
            name
        }


def test_sigterm_stops_every_process(school):
    assert all(listening(port) for port in school.ports.values())
    school.process.send_signal(signal.SIGTERM)
    assert school.process.wait(30) == 0, school.log()
    assert not any(listening(port) for port in [*school.ports.values(), school.port])
