"""The image and the compose file (issue 44), built and run as a school's IT would, on a Docker
daemon of the test's own: the Dockerfile's two images on a `debian:bookworm-slim` made here from
Debian's packages, compose.yaml's stack started from an .env, and a class playing through it in
Chromium: the teacher creates a game, a phone joins, the game starts and a phase moves on. The
app in the image is the school command (`crossed-canvas school`) from the project's wheel.

What this machine allows, and so what this proves and what not (README, "An image and a compose
file"): no image registry is reachable, so the base image is `debootstrap --variant=minbase
bookworm` imported and tagged `debian:bookworm-slim`; the daemon runs with `--bridge=none
--iptables=false --storage-driver=vfs`, so the build's RUN steps reach Debian's mirror and PyPI
on the host's network (`docker build --network host`) while the stack runs as compose.yaml says,
on its own bridge network, its port published by Docker's userland proxy. Its own layer in
tests/run.sh ("image", marked `image`), needing root, docker.io, docker-compose and debootstrap
(tests/run.sh installs them) and about 9 GB of memory (the daemon's images and containers are
kept in a tmpfs); `-s` prints each step's time. Everything it starts is stopped and removed at
the end: the stack, its volume and network, the daemon, its mounts and its folder.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from conftest import StreamlitServer, free_port
from gamekit import Table
from test_installed import clone, run, timed

# The first test's setup makes the base image and builds both images: minutes on a busy
# machine, more than the 600 s every other test has.
pytestmark = [pytest.mark.image, pytest.mark.timeout(1800)]

DOCKERD, DOCKER, COMPOSE = "/usr/sbin/dockerd", "/usr/bin/docker", "/usr/bin/docker-compose"
DEBOOTSTRAP = "/usr/sbin/debootstrap"
MIRROR = "http://deb.debian.org/debian"
EXTRA_AUTHORITIES = Path("/usr/local/share/ca-certificates")  # Debian's place for local ones
PROJECT = "cc-image-test"  # compose's project: its containers, network and volume are named so
PASSWORD = "imagetest44"
DATA_SIZE = "12g"  # the daemon's images and containers at most (about 9 GB used)
START_TIMEOUT = 180.0  # seconds for the stack to be healthy: two app processes, a busy machine


@dataclass
class Stack(StreamlitServer):
    """compose.yaml's stack as the tests' servers are known (gamekit's Table plays on it): its
    address, its database as this host reaches it, and docker-compose on it."""

    command: tuple[str | Path, ...] = ()  # docker-compose with the project's options
    env: dict[str, str] = field(default_factory=dict)  # what reaches the test's daemon

    def compose(self, *arguments: str) -> str:
        done = run(*self.command, *arguments, env=self.env)
        assert done.returncode == 0, done.stderr
        return done.stdout

    @property
    def url(self) -> str:
        """A name, as a school's server has (Chromium takes any *.localhost for this machine),
        on a port other than 80: Streamlit refuses a websocket whose origin names another host
        than the proxy's Host header says, which an address would not show."""
        return f"http://school.localhost:{self.port}"

    def log(self, tail: int = 8000) -> str:
        return run(*self.command, "logs", "--no-color", env=self.env).stdout[-tail:]

    def inspect(self, service: str) -> dict[str, Any]:
        """What Docker knows of a service's container."""
        [container] = self.compose("ps", "--quiet", service).split()
        [found] = json.loads(run(DOCKER, "inspect", container, env=self.env).stdout)
        return dict(found)

    def verdict(self) -> str:
        """Docker's verdict on the app, from its image's HEALTHCHECK."""
        status: str = self.inspect("app")["State"]["Health"]["Status"]
        return status


@contextlib.contextmanager
def docker_daemon(root: Path) -> Iterator[dict[str, str]]:
    """dockerd with its own data, state and socket under `root`, the environment that reaches
    it; on leaving, the daemon stopped (its containerd with it) and `root` removed."""
    tools = (DOCKERD, DOCKER, COMPOSE, DEBOOTSTRAP)
    missing = [tool for tool in tools if not Path(tool).exists()]
    if os.geteuid() != 0 or missing:
        pytest.fail(f"the image test needs root and {missing} (tests/run.sh installs them)")
    socket = root / "docker.sock"
    env = dict(
        os.environ,
        DOCKER_HOST=f"unix://{socket}",
        DOCKER_CONFIG=str(root / "client"),  # no user's credential helpers or contexts
        # BuildKit, as Docker builds today: a step that only sets a value (ENV, USER...) costs
        # nothing, where the old builder copied the whole image for it (vfs copies, never
        # shares: minutes each on a busy machine).
        DOCKER_BUILDKIT="1",
    )
    # Its images and containers in memory: vfs copies a whole image for each step and each
    # container (gigabytes in all), which a busy disk took minutes to write and to delete.
    (root / "data").mkdir()
    memory = ["mount", "-t", "tmpfs", "-o", f"size={DATA_SIZE}", "tmpfs", root / "data"]
    subprocess.run(memory, check=True)
    daemon = None
    try:
        with open(root / "dockerd.log", "wb") as log:
            daemon = subprocess.Popen(
                [DOCKERD, "--bridge=none", "--iptables=false", "--storage-driver=vfs"]
                + ["--data-root", str(root / "data"), "--exec-root", str(root / "exec")]
                + ["--host", env["DOCKER_HOST"], "--pidfile", str(root / "dockerd.pid")],
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + 60
        while run(DOCKER, "version", env=env).returncode != 0:
            assert daemon.poll() is None, (root / "dockerd.log").read_text()[-4000:]
            assert time.monotonic() < deadline, (root / "dockerd.log").read_text()[-4000:]
            time.sleep(0.2)
        yield env
    finally:
        if daemon is not None:
            # The stack's bridge is this host's interface: the daemon leaves it if in use.
            run(DOCKER, "network", "prune", "--force", env=env)
            daemon.send_signal(signal.SIGTERM)
            try:
                daemon.wait(60)
            except subprocess.TimeoutExpired:
                daemon.kill()
                daemon.wait()
        # The memory, and the daemon's default network namespace it leaves mounted.
        for mount in reversed(Path("/proc/mounts").read_text().splitlines()):
            if mount.split()[1].startswith(str(root)):
                subprocess.run(["umount", "--lazy", mount.split()[1]], check=False)
        shutil.rmtree(root, ignore_errors=True)


def base_image(env: dict[str, str], root: Path) -> None:
    """`debian:bookworm-slim`, made from Debian's packages as no registry is reachable here."""
    rootfs = root / "rootfs"
    bootstrap = (DEBOOTSTRAP, "--variant=minbase", "bookworm", rootfs, MIRROR)
    timed("debootstrap --variant=minbase bookworm", *bootstrap)
    # Without the package lists and files debootstrap leaves, as Docker Hub's slim image is.
    leftovers = ("var/lib/apt/lists/*_*", "var/cache/apt/*.bin", "var/cache/apt/archives/*.deb")
    excluded = [f"--exclude=./{pattern}" for pattern in leftovers]
    tar = subprocess.Popen(["tar", "-C", rootfs, "-c", *excluded, "."], stdout=subprocess.PIPE)
    timed("docker import", DOCKER, "import", "-", "debian:bookworm-slim", stdin=tar.stdout, env=env)
    assert tar.wait() == 0
    shutil.rmtree(rootfs)


def build_context(folder: Path) -> Path:
    """What a clone holds, with the authorities this machine trusts besides Debian's (its
    network inspects HTTPS, as some schools' do: docker/ca-certificates/README.md)."""
    clone(folder)
    for certificate in EXTRA_AUTHORITIES.glob("*.crt"):
        shutil.copy(certificate, folder / "docker" / "ca-certificates")
    return folder


@pytest.fixture(scope="module")
def stack(tmp_path_factory) -> Iterator[Stack]:
    context = build_context(tmp_path_factory.mktemp("image") / "source")
    root = Path(tempfile.mkdtemp(prefix="cc-docker-"))  # short: sockets' paths are limited
    with docker_daemon(root) as env:
        base_image(env, root)
        for target, tag in (("app", "crossed-canvas"), ("database", "crossed-canvas-database")):
            timed(
                f"docker build --target {target}",
                *(DOCKER, "build", "--network", "host", "--target", target, "--tag", tag, context),
                env=env,
            )
        port = free_port()
        settings = {"POSTGRES_PASSWORD": PASSWORD, "PORT": str(port)}  # as IT edits .env
        lines = (context / ".env.example").read_text().splitlines()
        for number, line in enumerate(lines):
            name = line.partition("=")[0]
            lines[number] = f"{name}={settings.pop(name)}" if name in settings else line
        assert not settings, f".env.example does not name {settings}"
        (context / ".env").write_text("\n".join(lines) + "\n")
        compose = (COMPOSE, "--project-name", PROJECT, "--project-directory", context)
        compose += ("--file", context / "compose.yaml")
        stack = Stack("compose.yaml", port, context / ".env", "", command=compose, env=env)
        try:
            start = time.monotonic()
            timed("docker-compose up", *compose, "up", "--detach", "--no-build", env=env)
            while stack.verdict() != "healthy":  # the image's own check, every 10 s
                assert time.monotonic() < start + START_TIMEOUT, stack.log()
                time.sleep(1)
            print(f"the stack healthy: {time.monotonic() - start:.0f} s")
            [network] = stack.inspect("database")["NetworkSettings"]["Networks"].values()
            address = f"{network['IPAddress']}:5432"  # on the stack's network, from this host
            stack.database_url = f"postgresql+psycopg://canvas:{PASSWORD}@{address}/crossed_canvas"
            yield stack
        finally:
            run(*compose, "down", "--volumes", "--timeout", "20", env=env)


def test_the_app_is_the_school_command_from_the_wheel_as_a_user_not_root(stack):
    said = stack.log()
    assert "app1 (pid" in said and "app2 (pid" in said, said
    assert "Crossed Canvas on http://0.0.0.0:8501/" in said, said
    app = stack.inspect("app")["Id"]
    user = stack.compose("exec", "-T", "app", "id", "-u").strip()
    assert user not in ("", "0")
    # Every process of the container (Docker's init, the command, its app processes, nginx)
    # is the app's user; the command is the wheel's.
    listing = run(DOCKER, "top", app, "-eo", "pid,uid,args", "-ww", env=stack.env).stdout
    top = listing.splitlines()[1:]  # under the column names
    processes = [line.split(maxsplit=2)[1:] for line in top]
    assert {uid for uid, _ in processes} == {user}, top
    commands = [command for _, command in processes]
    school = "/opt/crossed-canvas/bin/python3 /opt/crossed-canvas/bin/crossed-canvas school"
    assert sum(command.startswith(school) for command in commands) == 1, top
    app_py = (
        " -m streamlit run /opt/crossed-canvas/lib/python3.11/site-packages/crossed_canvas_site/"
    )
    assert sum(f"{app_py}app.py " in command for command in commands) == 2, top
    assert sum(command.startswith("nginx: master process") for command in commands) == 1, top


def test_a_class_plays_through_the_stack(stack, new_page):
    table = Table(stack, new_page)
    table.create_game()
    table.join("Ana", width=360, height=740, touch=True)
    for name in ("Ben", "Cruz", "Dana", "Eli"):
        table.engine.join(table.code, name)
    table.start()  # every open page shows the first round's roles
    table.advance("roles", 1)
    table.wait_phase("pulse1", 1)
    # No app process asked another host for this machine's address (Streamlit says when it
    # could not: the stack's network has no way out).
    assert "Did not auto detect external IP" not in stack.log()
