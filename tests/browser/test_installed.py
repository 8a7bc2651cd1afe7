"""The app installed as a school installs it (issue 44): `python -m build` makes the sdist and
from it the wheel, pip installs the wheel with its dependencies into a new virtual environment
outside the checkout, and that environment's `crossed-canvas serve` serves the home page from
the installed files (no checkout on its path, no working folder of its own): a teacher
creates a game in Chromium, kept in the user's data folder; `backup` writes it to a file,
`restore` puts it into a new database and refuses a foreign file.

Its own layer in tests/run.sh ("install"), marked `install`, not `browser`: the build and the
install take minutes (printed), mostly pip's.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import pytest
from conftest import ROOT, SERVER_START_TIMEOUT, StreamlitServer, free_port
from gamekit import button, query
from playwright.sync_api import expect

pytestmark = pytest.mark.install


def run(*command: str | Path, **options) -> subprocess.CompletedProcess[str]:
    parts = [str(part) for part in command]
    return subprocess.run(parts, text=True, capture_output=True, **options)


def timed(what: str, *command: str | Path, **options) -> subprocess.CompletedProcess[str]:
    start = time.monotonic()
    done = run(*command, **options)
    assert done.returncode == 0, f"{what} failed:\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}"
    print(f"{what}: {time.monotonic() - start:.0f} s")
    return done


def clone(source: Path) -> None:
    """The checkout's files as a clone holds them (a build/ folder in the checkout is not),
    committed or not, copied to `source` with their modes (a script stays executable)."""
    files = run("git", "ls-files", "-co", "--exclude-standard", cwd=ROOT).stdout.split()
    for name in files:
        if (ROOT / name).is_file():
            (source / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(ROOT / name, source / name)


def test_the_built_wheel_installed_elsewhere_serves_a_game_and_backs_it_up(tmp_path, new_page):
    source = tmp_path / "source"
    clone(source)
    timed("python -m build", sys.executable, "-m", "build", "-o", tmp_path / "dist", source)
    [wheel] = (tmp_path / "dist").glob("*.whl")
    venv = tmp_path / "venv"
    # Time spent on what the test does not look at is left out: the new environment gets no
    # pip of its own (this one's installs into it) and pip compiles no bytecode (Python does
    # it as modules are first imported).
    timed("python3 -m venv", sys.executable, "-m", "venv", "--without-pip", venv)
    timed(
        "pip install (the wheel and its dependencies)",
        *(sys.executable, "-m", "pip", "--python", venv / "bin" / "python", "install"),
        *("--no-compile", "--disable-pip-version-check", wheel),
    )

    home = tmp_path / "home"  # a teacher's: no checkout, no database, nothing on PYTHONPATH
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "PYTHONPATH")}
    env.update(XDG_DATA_HOME=str(home / "data"), PYTHONUNBUFFERED="1")
    command = venv / "bin" / "crossed-canvas"
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert run(command, "--version", cwd=home, env=env).stdout == f"crossed-canvas {version}\n"

    port, log = free_port(), tmp_path / "serve.log"
    database = home / "data" / "crossed-canvas" / "crossed_canvas.db"
    with open(log, "wb") as out:
        process = subprocess.Popen(
            [command, "serve", "--port", str(port), "--server.address", "127.0.0.1"],
            cwd=home,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    server = StreamlitServer("crossed-canvas serve", port, log, f"sqlite:///{database}", process)
    try:
        deadline = time.monotonic() + SERVER_START_TIMEOUT
        while server.health() != "ok":
            assert process.poll() is None, server.log()
            assert time.monotonic() < deadline, server.log()
            time.sleep(0.2)
        assert f"Crossed Canvas on http://localhost:{port}/" in server.log()
        assert f"Games are kept in {server.database_url}" in server.log()

        page = new_page()
        page.goto(f"{server.url}/")
        button(page, "create_game").click()
        page.wait_for_url("**/facilitator?game=*")
        code = query(page, "game")
        expect(page.locator(".cc-code").first).to_have_text(code or "")
        # The installed .streamlit/config.toml is read: no page list for a student to see.
        expect(page.locator('[data-testid="stSidebarNav"]')).to_have_count(0)
    finally:
        server.stop()
    database = home / "data" / "crossed-canvas" / "crossed_canvas.db"
    with sqlite3.connect(database) as connection:
        assert connection.execute("SELECT code FROM game").fetchall() == [(code,)]

    backup = tmp_path / "games.jsonl"
    said = timed("crossed-canvas backup", command, "backup", backup, cwd=home, env=env).stdout
    assert said.startswith("Backed up ")
    elsewhere = dict(env, XDG_DATA_HOME=str(tmp_path / "elsewhere"))
    timed("crossed-canvas restore", command, "restore", backup, cwd=home, env=elsewhere)
    restored = tmp_path / "elsewhere" / "crossed-canvas" / "crossed_canvas.db"
    with sqlite3.connect(restored) as connection:
        assert connection.execute("SELECT code FROM game").fetchall() == [(code,)]
    foreign = run(command, "restore", ROOT / "pyproject.toml", cwd=home, env=elsewhere)
    refusal = (
        "Restore refused, nothing changed: This is not a Crossed Canvas backup: it has no header."
    )
    assert (foreign.returncode, foreign.stderr) == (1, refusal + "\n")
