"""The app as a JupyterHub service (issue "Hosted where schools already are"): a real hub
(JupyterHub with DummyAuthenticator and configurable-http-proxy, from the project's own files)
starts the app from docs/jupyterhub_config.py, the README's set-up. Only a teacher the hub lets
use the service can create a game; students with no hub account join and play a round at the
hub's address (every move a click but the second pulse's fragments, made through the engine:
the first pulse's strokes already reach the app through the hub's proxy and base path)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import ROOT, free_port
from gamekit import FACES_DRAWN_JS, UI_TIMEOUT_MS, Table, button, settle, t
from playwright.sync_api import Page, expect

from ui.school import healthy

pytestmark = pytest.mark.browser

HUB_FILES = ROOT / "tests" / "hub"
PROXY = HUB_FILES / "node_modules" / ".bin" / "configurable-http-proxy"
START_TIMEOUT = 60.0
NAMES = ["Ana", "Bea", "Cruz", "Dana", "Eli"]


@dataclass
class Hub:
    """A running hub; `url` is the service's address, as students open it, `app_url` the
    app's own, where the hub's proxy sends their requests."""

    url: str
    app_url: str
    database_url: str
    log_path: Path

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")[-6000:]


@pytest.fixture(scope="module")
def hub(tmp_path_factory) -> Iterator[Hub]:
    if not PROXY.exists():
        pytest.fail(f"{PROXY} missing: tests/run.sh installs it (npm ci in tests/hub)")
    state = tmp_path_factory.mktemp("hub")
    hub_port = free_port()
    env = dict(
        os.environ,
        CANVAS_DIR=str(ROOT),
        CANVAS_PORT=str(free_port()),
        CANVAS_DATABASE_URL=f"sqlite:///{state / 'game.db'}",
        CANVAS_HUB_STATE=str(state),
        CANVAS_HUB_URL=f"http://127.0.0.1:{hub_port}",
        CANVAS_HUB_API_PORT=str(free_port()),
        CANVAS_PROXY_API_PORT=str(free_port()),
    )
    log_path = state / "hub.log"
    with open(log_path, "wb") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "jupyterhub", "-f", str(HUB_FILES / "jupyterhub_config.py")],
            cwd=state,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    running = Hub(
        f"http://127.0.0.1:{hub_port}/services/canvas",
        f"http://127.0.0.1:{env['CANVAS_PORT']}/services/canvas",
        env["CANVAS_DATABASE_URL"],
        log_path,
    )
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while not healthy(f"{running.url}/_stcore/health"):
            if process.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"the hub or its canvas service did not start:\n{running.log()}")
            time.sleep(0.3)
        yield running
    finally:
        process.terminate()  # the hub stops its proxy and the service with it
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()


def sign_in(page: Page, hub: Hub, user: str) -> None:
    """From the app's home page, sign in through the hub as `user` (any password)."""
    page.goto(f"{hub.url}/")
    page.get_by_role("link", name=t("ui.hub.sign_in")).click()
    page.locator("#username_input").fill(user)
    page.locator("#password_input").fill("any password")
    page.locator("#login_submit").click()


@pytest.mark.whole_game
def test_students_without_an_account_play_a_round_a_teacher_created(hub: Hub, new_page):
    # Anyone reaches the home page, but only a signed-in teacher gets the create button.
    visitor = new_page()
    visitor.goto(f"{hub.url}/")
    expect(visitor.get_by_text(t("ui.hub.sign_in_needed"))).to_be_visible(timeout=UI_TIMEOUT_MS)
    expect(button(visitor, "create_game")).to_have_count(0)

    # A hub account that is not a teacher's is refused by the hub itself.
    pupil = new_page()
    sign_in(pupil, hub, "pupil")
    expect(pupil.get_by_text("403")).to_be_visible(timeout=UI_TIMEOUT_MS)
    assert "/services/canvas" not in pupil.url

    teacher = new_page()
    sign_in(teacher, hub, "teacher")
    teacher.wait_for_url(f"{hub.url}/", timeout=UI_TIMEOUT_MS)
    signed_in = t("ui.hub.signed_in_as", name="teacher").replace("teacher", "")
    expect(teacher.get_by_text(signed_in.strip(" ."), exact=False)).to_be_visible()

    table = Table(hub, new_page)
    table.create_game(home=teacher)
    # The join address is the hub's, which on this test machine is loopback: the page says so.
    join = f"127.0.0.1:{hub.url.split(':')[2].split('/')[0]}/services/canvas/play?code={table.code}"
    expect(teacher.locator(".cc-url").first).to_have_text(join)
    expect(teacher.get_by_text(t("ui.fac.loopback_address"))).to_be_visible()

    # Students: fresh browsers that never signed in to the hub.
    for name in NAMES:
        table.join(name)
    screen = table.open_screen()
    expect(screen.get_by_text(t("ui.players_joined", count=5))).to_be_visible()
    # Each face beside its name, its file served under the hub's base path, drawn.
    expect(screen.locator(".cc-roster-big img.cc-face")).to_have_count(5)
    settle(screen, images=True)
    assert screen.evaluate(FACES_DRAWN_JS) == [True] * 5
    table.start()
    roles = table.by_role()
    (curator,), (distorter,) = roles["curator"], roles["distorter"]
    table.draw_round(1, clicked=(1,))
    table.choose(curator, table.view(curator)["options"][0]["id"])
    table.wait_phase("accusation", 1)
    distorters_signature = table.view(distorter)["signature"]
    for name in NAMES:
        accused = distorters_signature
        if name == distorter:
            accused = next(s for s in table.public()["signatures"] if s != distorters_signature)
        table.accuse(name, accused)
    table.wait_phase("reveal", 1)
    expect(screen.get_by_text(t("ui.distorter_was", name=distorter))).to_be_visible()
    expect(screen.get_by_text(t("ui.distorter_caught"))).to_be_visible()


# What the hub's proxy does with a connection to the app once an answer has come back
# (configurable-http-proxy: `new http.Agent({keepAlive: true})`, on the same Node.js): keeps
# it for its next request with no limit, unless the app's Keep-Alive header says otherwise.
# Printed: whether Node had closed the connection 3 s later, before uvicorn would (5 s).
IDLE_CONNECTION_JS = """
const http = require("http");
const agent = new http.Agent({keepAlive: true});
http.get(process.argv[1], {agent}, (answer) => {
  const connection = answer.socket;
  answer.resume();
  answer.on("end", () => setTimeout(() => {
    console.log(connection.destroyed ? "closed" : "kept");
    process.exit(0);
  }, 3000));
});
"""


def test_the_hubs_proxy_keeps_no_idle_connection_the_app_could_close_under_it(hub: Hub):
    """A request the proxy sends on a connection the app is closing fails (a 503, "socket hang
    up"): a student's page then lacks a script and never draws. The app's answers tell the
    proxy's agent to keep no idle connection (ui/keep_alive.py): without it, "kept"."""
    asked = subprocess.run(
        ["node", "-e", IDLE_CONNECTION_JS, f"{hub.app_url}/_stcore/health"],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert asked.stdout.strip() == "closed", asked.stdout + asked.stderr
