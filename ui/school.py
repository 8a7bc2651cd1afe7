"""A whole school's app in one command: one `streamlit run app.py` per core, every one on the
same PostgreSQL database, behind Debian's nginx, which keeps each browser on one of them.

    DATABASE_URL=postgresql+psycopg://... .venv/bin/python -m ui.school [--processes N]
        [--port 8501] [--address 0.0.0.0] [streamlit's own options, e.g. --server.baseUrlPath x]

Why a process per core: a Streamlit process runs its pages on one core at a time, so one
process leaves the machine's other cores idle while classes wait for each other. Why
PostgreSQL: each process learns of another's changes by NOTIFY; on one SQLite file they would
not hear each other. Why a cookie: a browser without `cc_server` is sent to any process, and
every answer sets the cookie to that process, so the page's websocket and its push stream
(which carry no token) reach the process that ran the page. `ip_hash` would not do: a school's
browsers may reach the server from one address (its router's, a proxy's).

If an app process dies, the command says so and starts it again on its port, after a pause
that doubles with each death (1 s, 2 s, 4 s...): the other processes' classes play on, and
the dead one's browsers reconnect to its successor (the cookie names the port's upstream) and
find their games where they were, in the database. A process that keeps dying (DEATHS_ALLOWED
deaths within DEATHS_WINDOW seconds, a start that never answers its health check counted as
one) dies of something a restart does not cure (the database, an option), and the command then
stops the school, saying which process and why, exiting 1; as it does if nginx exits. SIGINT
or SIGTERM stops every process, exiting 0.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType

from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from engine.paths import PROJECT

COOKIE = "cc_server"
NGINX_MISSING = "nginx is missing: apt-get install -y nginx (Debian's)"
START_TIMEOUT = 60.0  # seconds for an app process to answer its health check
STOP_TIMEOUT = 10.0  # seconds for a process to end after SIGTERM, before SIGKILL
#: A process dying this often within the window keeps dying: the school stops.
DEATHS_ALLOWED = 5
DEATHS_WINDOW = 300.0  # seconds
FIRST_BACKOFF = 1.0  # seconds before the first restart; doubled for each recent death
LAST_BACKOFF = 30.0
WATCH_EVERY = 0.2  # seconds between looks at the processes

CONFIG = """
daemon off;
worker_processes 1;
worker_rlimit_nofile 20000;
pid {root}/nginx.pid;
error_log {errors} warn;
events {{ worker_connections 8192; }}
http {{
    access_log off;
    client_body_temp_path {root}/tmp/body;
    proxy_temp_path {root}/tmp/proxy;
    fastcgi_temp_path {root}/tmp/fastcgi;
    uwsgi_temp_path {root}/tmp/uwsgi;
    scgi_temp_path {root}/tmp/scgi;

{upstreams}
    split_clients "$request_id" $cc_new {{ {split} }}
    map $cookie_{cookie} $cc_server {{ {kept} default $cc_new; }}
    map $http_upgrade $connection_upgrade {{ default upgrade; "" close; }}

    server {{
        listen {listen};
        location / {{
            proxy_pass http://$cc_server;
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            # The Host the browser sent, its port too: Streamlit refuses a page's websocket
            # whose Origin (host:port) names another host than this header does.
            proxy_set_header Host $http_host;
            # The push stream (Server-Sent Events) must pass each event at once.
            proxy_buffering off;
            proxy_read_timeout 1h;
            add_header Set-Cookie "{cookie}=$cc_server; Path=/; SameSite=Lax" always;
        }}
    }}
}}
"""


def nginx_binary() -> str | None:
    return shutil.which("nginx") or shutil.which("/usr/sbin/nginx")


def free_port() -> int:
    """A port nobody listens on right now on loopback (the OS picks it): the app processes',
    and the tests' and benchmarks' own servers'."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _host(address: str) -> str:
    """An address as nginx's `listen` and a URL write it (an IPv6 one in brackets)."""
    return f"[{address}]" if ":" in address else address


def nginx_config(
    root: Path, upstreams: Mapping[str, str], address: str, port: int, errors: str
) -> str:
    """nginx's config: `upstreams` names each app server's "host:port"; a browser without the
    cookie goes to any of them, an even share each (by the request's random id)."""
    names = list(upstreams)
    share = f"{10000 // len(names) / 100:.2f}%"
    split = " ".join([*(f"{share} {name};" for name in names[:-1]), f"* {names[-1]};"])
    return CONFIG.format(
        root=root,
        errors=errors,
        upstreams="\n".join(
            f"    upstream {name} {{ server {server}; }}" for name, server in upstreams.items()
        ),
        split=split,
        kept=" ".join(f"{name} {name};" for name in names),
        cookie=COOKIE,
        listen=f"{_host(address)}:{port}",
    )


class Nginx:
    """nginx in the foreground on `address`:`port`, its config and temporary files in a folder
    of its own (removed by stop): no system-wide set-up, and several side by side. Its errors go
    to this process's stderr, or with `errors_file` to a file there, told when nginx fails (a
    test's own nginx, whose stderr no one reads)."""

    def __init__(
        self, upstreams: Mapping[str, str], address: str, port: int, errors_file: bool = False
    ) -> None:
        binary = nginx_binary()
        if binary is None:
            raise RuntimeError(NGINX_MISSING)
        self.port = port
        self.root = Path(tempfile.mkdtemp(prefix="cc-nginx-"))
        self.errors = self.root / "error.log" if errors_file else None
        for name in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
            (self.root / "tmp" / name).mkdir(parents=True)
        (self.root / "tmp").chmod(0o777)  # workers run as nobody when started by root
        log = str(self.errors or "stderr")
        config = self.root / "nginx.conf"
        config.write_text(nginx_config(self.root, upstreams, address, port, log))
        self.process = subprocess.Popen(
            [binary, "-c", str(config), "-p", str(self.root), "-e", log],
            stdout=subprocess.DEVNULL,
        )
        # Reached where it listens; a wildcard address through loopback.
        self._wait_listening({"0.0.0.0": "127.0.0.1", "::": "::1"}.get(address, address))

    def _tail(self) -> str:
        """The end of the errors file, to say why nginx failed (on stderr they are seen)."""
        if self.errors is not None:
            with contextlib.suppress(OSError):
                return f": {self.errors.read_text()[-4000:]}"
        return ""

    def _wait_listening(self, host: str, timeout: float = 10.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                self.stop()
                raise RuntimeError(f"nginx exited with {self.process.returncode}{self._tail()}")
            with contextlib.suppress(OSError), socket.create_connection((host, self.port)):
                return
            time.sleep(0.1)
        self.stop()
        raise TimeoutError(f"nginx did not listen on {self.port}{self._tail()}")

    def stop(self) -> None:
        _stop([self.process])
        shutil.rmtree(self.root, ignore_errors=True)


def _stop(processes: Sequence[subprocess.Popen[bytes]]) -> None:
    """SIGTERM to each at once, then wait for each; SIGKILL to one that outlasts STOP_TIMEOUT."""
    running = [process for process in processes if process.poll() is None]
    for process in running:
        process.terminate()
    for process in running:
        try:
            process.wait(STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


class Stopped(Exception):
    """SIGINT or SIGTERM: the operator stops the school's app."""


def _stopped(signum: int, _frame: FrameType | None) -> None:
    raise Stopped(signal.Signals(signum).name)


def _parser(prog: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=prog,
        allow_abbrev=False,  # an option of Streamlit's is never taken for one of these
        description="One app process per core on PostgreSQL (DATABASE_URL), behind nginx. "
        "Other options go to each `streamlit run app.py`.",
    )
    parser.add_argument(
        "--processes", type=int, default=os.cpu_count() or 1, help="app processes (one a core)"
    )
    parser.add_argument("--port", type=int, default=8501, help="nginx's port (8501)")
    parser.add_argument("--address", default="0.0.0.0", help="nginx's address (0.0.0.0)")
    return parser


def _base_path(streamlit_options: Sequence[str]) -> str:
    """Streamlit's `--server.baseUrlPath`, as passed through: where its health check is."""
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("--server.baseUrlPath", dest="base", default="")
    base: str = parser.parse_known_args(streamlit_options)[0].base.strip("/")
    return f"/{base}" if base else ""


def _start_app(port: int, streamlit_options: Sequence[str]) -> subprocess.Popen[bytes]:
    """`streamlit run app.py` on a loopback port; the port and address given last, so that
    they win over any passed through."""
    return subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", str(PROJECT / "app.py"), *streamlit_options]
        + ["--server.headless", "true", "--server.port", str(port)]
        + ["--server.address", "127.0.0.1"],
        cwd=PROJECT,
    )


def healthy(url: str) -> bool:
    """Whether the app at `url` (its health check's address) answers "ok" now."""
    with (
        contextlib.suppress(urllib.error.URLError, OSError),
        urllib.request.urlopen(url, timeout=2) as response,
    ):
        return bool(response.read().strip() == b"ok")  # urlopen is typed Any
    return False


def _wait_healthy(apps: Mapping[str, subprocess.Popen[bytes]], urls: Mapping[str, str]) -> None:
    """Until every app answers its health check; RuntimeError if one exits or is late."""
    deadline = time.monotonic() + START_TIMEOUT
    waiting = dict(urls)
    while waiting:
        for name, process in apps.items():
            if process.poll() is not None:
                raise RuntimeError(f"{name} exited with {process.returncode} while starting")
        waiting = {name: url for name, url in waiting.items() if not healthy(url)}
        if waiting and time.monotonic() > deadline:
            raise RuntimeError(f"{', '.join(waiting)} not healthy after {START_TIMEOUT:.0f} s")
        if waiting:
            time.sleep(0.2)


class KeepsDying(RuntimeError):
    """An app process died DEATHS_ALLOWED times within DEATHS_WINDOW seconds."""


@dataclass
class AppProcess:
    """One app process on its loopback port, started again on the same port after it dies
    (nginx knows it by that port)."""

    name: str
    port: int
    streamlit_options: Sequence[str]
    health_url: str
    process: subprocess.Popen[bytes] | None = None  # the latest one started
    deaths: list[float] = field(default_factory=list)  # when it died, recently
    restart_at: float | None = None  # dead, to be started again then
    starting_since: float | None = None  # started again, not yet healthy

    def start(self) -> subprocess.Popen[bytes]:
        self.process = _start_app(self.port, self.streamlit_options)
        return self.process

    def died(self, now: float, why: str) -> float:
        """Count a death and schedule the restart after its back-off (how long, returned);
        KeepsDying when it has died too often lately."""
        self.deaths = [*(t for t in self.deaths if now - t < DEATHS_WINDOW), now]
        self.starting_since = None
        if len(self.deaths) >= DEATHS_ALLOWED:
            raise KeepsDying(
                f"{self.name} {why}, its death number {len(self.deaths)} in "
                f"{DEATHS_WINDOW:.0f} s: it keeps dying"
            )
        pause: float = min(FIRST_BACKOFF * 2.0 ** (len(self.deaths) - 1), LAST_BACKOFF)
        self.restart_at = now + pause
        print(f"{self.name} {why}: starting it again in {pause:g} s", file=sys.stderr, flush=True)
        return pause

    def watch(self, now: float) -> None:
        """One look: a due restart made, a death noticed, a restarted process found healthy
        (or counted as a death when it is not, in time)."""
        if self.process is None:
            return
        if self.restart_at is not None:
            if now >= self.restart_at:
                self.restart_at, self.starting_since = None, now
                self.start()
        elif self.process.poll() is not None:
            self.died(now, f"exited with {self.process.returncode}")
        elif self.starting_since is not None:
            if healthy(self.health_url):
                self.starting_since = None
                print(f"{self.name} (pid {self.process.pid}) is back", flush=True)
            elif now - self.starting_since > START_TIMEOUT:
                _stop([self.process])
                self.died(now, f"was not healthy {START_TIMEOUT:.0f} s after its start")


def _serve(processes: int, address: str, port: int, streamlit_options: Sequence[str]) -> int:
    """Start the apps and nginx, then keep the apps running until a signal, nginx's exit or
    an app that keeps dying."""
    apps: dict[str, AppProcess] = {}
    nginx: Nginx | None = None
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, _stopped)
    try:
        base = _base_path(streamlit_options)
        for n in range(1, processes + 1):
            app_port = free_port()
            health = f"http://127.0.0.1:{app_port}{base}/_stcore/health"
            apps[f"app{n}"] = AppProcess(f"app{n}", app_port, streamlit_options, health)
        started = {name: app.start() for name, app in apps.items()}
        _wait_healthy(started, {name: app.health_url for name, app in apps.items()})
        upstreams = {name: f"127.0.0.1:{app.port}" for name, app in apps.items()}
        nginx = Nginx(upstreams, address, port)
        for name, server in upstreams.items():
            print(f"{name} (pid {started[name].pid}) on {server}", flush=True)
        print(f"Crossed Canvas on http://{_host(address)}:{port}{base}/", flush=True)
        while nginx.process.poll() is None:
            for app in apps.values():
                app.watch(time.monotonic())
            time.sleep(WATCH_EVERY)
        print(f"nginx exited with {nginx.process.returncode}: stopping", file=sys.stderr)
        return 1
    except Stopped as stop:
        print(f"{stop}: stopping", file=sys.stderr)
        return 0
    except (RuntimeError, OSError) as error:
        print(f"{error}: stopping", file=sys.stderr)
        return 1
    finally:
        for signum in (signal.SIGINT, signal.SIGTERM):
            signal.signal(signum, signal.SIG_IGN)  # a second Ctrl-C leaves none behind
        if nginx is not None:
            nginx.stop()
        _stop([app.process for app in apps.values() if app.process is not None])


def main(argv: Sequence[str] | None = None, prog: str = "python -m ui.school") -> int:
    """The command; `prog` names it in its help and errors (`crossed-canvas school`)."""
    parser = _parser(prog)
    options, streamlit_options = parser.parse_known_args(argv)
    try:
        backend = make_url(os.environ.get("DATABASE_URL", "")).get_backend_name()
    except ArgumentError:
        backend = "nothing"
    if backend != "postgresql":
        parser.error(
            f"DATABASE_URL must name a PostgreSQL database (postgresql+psycopg://...), not "
            f"{backend}: the app processes learn of each other's changes by PostgreSQL's NOTIFY, "
            "and on one SQLite file they would not"
        )
    if options.processes < 1:
        parser.error("--processes must be at least 1")
    if nginx_binary() is None:
        parser.error(NGINX_MISSING)
    return _serve(options.processes, options.address, options.port, streamlit_options)


if __name__ == "__main__":
    sys.exit(main())
