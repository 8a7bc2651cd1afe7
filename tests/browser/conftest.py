"""Browser test harness: a real ``streamlit run`` and Playwright driving Debian's Chromium.

Fixtures
- ``free_port()``: a free TCP port on 127.0.0.1 (helper function).
- ``streamlit_server`` (module): a running server for a script path, ``app.py`` by default;
  pick another with ``@pytest.mark.parametrize("streamlit_server", ["tests/x.py"],
  indirect=True)``. It has ``.url``, ``.port``, ``.log_path``, ``.database_url``, ``.log()``.
  Servers are shared per script for the session; the log tail is attached to failing tests.
- ``start_streamlit`` (session): the factory behind it, ``start_streamlit("script.py")``;
  ``database_url=...`` runs the server on that database (e.g. a throwaway PostgreSQL) instead
  of a SQLite file of its own; keyword arguments are set in the server's environment.
- ``browser`` (session): Chromium at /usr/bin/chromium, never downloaded; missing = failure.
- ``page`` (1280x800 mouse page) and ``touch_page`` (360x740, has_touch, is_mobile).
- ``draw_stroke(page, locator, points)`` and ``touch_stroke(page, locator, points)``: draw
  one stroke through points given as fractions (0..1) of the locator's bounding box.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from gamekit import open_page, seeded_server

from ui.school import free_port

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("CROSSED_CANVAS_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SERVER_START_TIMEOUT = 90.0  # a busy 2-core machine once took over 30 s


@dataclass
class StreamlitServer:
    script: str
    port: int
    log_path: Path
    database_url: str
    process: subprocess.Popen | None = field(default=None, repr=False)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def log(self, tail: int = 8000) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-tail:]
        except OSError:
            return ""

    def health(self) -> str | None:
        try:
            with urllib.request.urlopen(f"{self.url}/_stcore/health", timeout=2) as response:
                return response.read().decode().strip()
        except (urllib.error.URLError, OSError, ValueError):
            return None

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)


def _start_server(
    script: str, workdir: Path, database_url: str | None, extra_env: dict[str, str]
) -> StreamlitServer:
    script_path = Path(script)
    if not script_path.is_absolute():
        script_path = ROOT / script_path
    if not script_path.exists():
        pytest.fail(f"streamlit script not found: {script_path}")
    port = free_port()
    workdir.mkdir(parents=True, exist_ok=True)
    log_path = workdir / "streamlit.log"
    database_url = database_url or f"sqlite:///{workdir / 'game.db'}"
    env = dict(os.environ, DATABASE_URL=database_url, PYTHONUNBUFFERED="1", **extra_env)
    env.setdefault("STREAMLIT_BROWSER_GATHER_USAGE_STATS", "false")
    log_file = open(log_path, "wb")  # noqa: SIM115 - closed with the process
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "streamlit",
            "run",
            str(script_path),
            "--server.headless",
            "true",
            "--server.port",
            str(port),
            "--server.address",
            "127.0.0.1",
        ],
        cwd=ROOT,
        env=env,
        stdout=log_file,
        stderr=subprocess.STDOUT,
    )
    log_file.close()
    server = StreamlitServer(str(script_path), port, log_path, database_url, process)
    deadline = time.monotonic() + SERVER_START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"streamlit run {script} exited with {process.returncode}:\n{server.log()}")
        if server.health() == "ok":
            return server
        time.sleep(0.2)
    server.stop()
    pytest.fail(
        f"streamlit run {script} not healthy after {SERVER_START_TIMEOUT}s:\n{server.log()}"
    )


@pytest.fixture(scope="session")
def start_streamlit(tmp_path_factory) -> Iterator:
    servers: dict[tuple[str, str | None, str], StreamlitServer] = {}

    def start(
        script: str = "app.py", database_url: str | None = None, **env: str
    ) -> StreamlitServer:
        key = (script, database_url, repr(sorted(env.items())))
        if key not in servers:
            workdir = tmp_path_factory.mktemp("streamlit")
            servers[key] = _start_server(script, workdir, database_url, env)
        return servers[key]

    yield start
    for server in servers.values():
        server.stop()


@pytest.fixture(scope="module")
def streamlit_server(request, start_streamlit) -> StreamlitServer:
    """The app server for `request.param`'s script (app.py by default), shared by every module
    that takes the same; a module that says `SEEDED_SERVER = True` gets one of its own, seeded
    by its name (`gamekit.seeded_server`): the games it makes on the home page deal the same
    every run."""
    if getattr(request.module, "SEEDED_SERVER", False):
        return seeded_server(start_streamlit, request.module.__name__)
    script = getattr(request, "param", "app.py")
    return start_streamlit(script)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Under `--dist loadgroup` (tests/run.sh) a module's tests stay on one worker and share
    its servers, as under loadfile; the modules that play whole games (marked `whole_game`)
    are handed out first, so the longest work starts at once instead of last."""
    here = Path(__file__).parent
    ours = [item for item in items if item.path.parent == here]
    for item in ours:
        item.add_marker(pytest.mark.xdist_group(item.path.stem))
    long_modules = {item.path for item in ours if item.get_closest_marker("whole_game")}
    items.sort(key=lambda item: item.path not in long_modules)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.failed and "streamlit_server" in getattr(item, "fixturenames", ()):
        server = item.funcargs.get("streamlit_server")
        if isinstance(server, StreamlitServer):
            report.sections.append(("streamlit server log (tail)", server.log()))


# -- Playwright -------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def playwright_instance():
    if not (os.path.exists(CHROMIUM) or shutil.which(CHROMIUM)):
        pytest.fail(
            f"Chromium not found at {CHROMIUM}: install Debian's chromium "
            "(apt-get install -y chromium); never run `playwright install`."
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(playwright_instance):
    browser = playwright_instance.chromium.launch(
        executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
    )
    yield browser
    browser.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


@pytest.fixture
def touch_page(browser):
    context = browser.new_context(
        viewport={"width": 360, "height": 740},
        device_scale_factor=2,
        has_touch=True,
        is_mobile=True,
    )
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


def _absolute_points(locator, points: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    box = locator.bounding_box()
    assert box is not None, "drawing target is not visible"
    return [(box["x"] + fx * box["width"], box["y"] + fy * box["height"]) for fx, fy in points]


def draw_stroke(page, locator, points: Sequence[tuple[float, float]], steps: int = 5) -> None:
    """One mouse stroke through ``points`` (fractions of the locator's box)."""
    absolute = _absolute_points(locator, points)
    page.mouse.move(*absolute[0])
    page.mouse.down()
    for x, y in absolute[1:]:
        page.mouse.move(x, y, steps=steps)
    page.mouse.up()


def touch_stroke(page, locator, points: Sequence[tuple[float, float]], steps: int = 5) -> None:
    """One finger stroke through ``points`` via CDP ``Input.dispatchTouchEvent``."""
    absolute = _absolute_points(locator, points)
    cdp = page.context.new_cdp_session(page)
    try:

        def touch(kind: str, x: float | None = None, y: float | None = None) -> None:
            touch_points = [] if x is None else [{"x": x, "y": y, "id": 1}]
            cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": touch_points})

        x0, y0 = absolute[0]
        touch("touchStart", x0, y0)
        for x1, y1 in absolute[1:]:
            for step in range(1, steps + 1):
                t = step / steps
                touch("touchMove", x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
            x0, y0 = x1, y1
        touch("touchEnd")
    finally:
        cdp.detach()


@pytest.fixture
def draw():
    return draw_stroke


@pytest.fixture
def touch_draw():
    return touch_stroke


@pytest.fixture
def new_page(browser):
    """A factory of pages, each in its own browser context (one person, one session).

    ``new_page(width=1280, height=800, touch=False, scale=1)``; all are closed at teardown.
    """
    contexts: list = []
    yield functools.partial(open_page, browser, contexts)
    for context in contexts:
        context.close()


@pytest.fixture
def table(streamlit_server, new_page):
    """A :class:`gamekit.Table` on the app server: one game, driven through its pages."""
    from gamekit import Table

    return Table(streamlit_server, new_page)
