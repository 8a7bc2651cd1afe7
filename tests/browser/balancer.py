"""Debian's nginx in front of two app servers, as a school would run them: sticky by a cookie.

Routing: a browser that already has the `cc_server` cookie keeps its server ("a" or "b");
otherwise a student's first visit (/play) goes to either, half and half, and everything else
(home, facilitator, projector) to "a". Every answer sets the cookie, so the page's websocket
and its push stream (which carry no token) reach the server that ran the page. `ip_hash`
would not do here: every test browser comes from 127.0.0.1.

Used by tests/browser/test_two_servers.py and bench/measure/load.py (--servers 2). Needs no pytest.
"""

from __future__ import annotations

import contextlib
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

COOKIE = "cc_server"

CONFIG = """
daemon off;
worker_processes 1;
worker_rlimit_nofile 20000;
pid {root}/nginx.pid;
error_log {root}/error.log warn;
events {{ worker_connections 8192; }}
http {{
    log_format routed '$request_method $uri $status $cc_server $upstream_addr';
    access_log {root}/access.log routed;
    client_body_temp_path {root}/tmp/body;
    proxy_temp_path {root}/tmp/proxy;
    fastcgi_temp_path {root}/tmp/fastcgi;
    uwsgi_temp_path {root}/tmp/uwsgi;
    scgi_temp_path {root}/tmp/scgi;

    upstream a {{ server {a}; }}
    upstream b {{ server {b}; }}
    split_clients "$request_id" $cc_split {{ 50% a; * b; }}
    map $uri $cc_new {{ ~/play$ $cc_split; default a; }}
    map $cookie_{cookie} $cc_server {{ a a; b b; default $cc_new; }}
    map $http_upgrade $connection_upgrade {{ default upgrade; "" close; }}

    server {{
        listen 127.0.0.1:{port};
        location / {{
            proxy_pass http://$cc_server;
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_set_header Host $host;
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


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Balancer:
    """nginx on a free loopback port in front of servers `a` and `b` ("host:port" each)."""

    def __init__(self, a: str, b: str) -> None:
        binary = nginx_binary()
        if binary is None:
            raise RuntimeError("nginx is missing: apt-get install -y nginx (tests/run.sh does)")
        self.root = Path(tempfile.mkdtemp(prefix="cc-nginx-"))
        for name in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
            (self.root / "tmp" / name).mkdir(parents=True)
        (self.root / "tmp").chmod(0o777)  # workers run as nobody when started by root
        self.port = _free_port()
        config = self.root / "nginx.conf"
        config.write_text(CONFIG.format(root=self.root, a=a, b=b, port=self.port, cookie=COOKIE))
        self.process = subprocess.Popen(
            [binary, "-c", str(config), "-p", str(self.root), "-e", str(self.root / "error.log")],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.STDOUT,
        )
        self._wait_listening()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def error_log(self) -> str:
        with contextlib.suppress(OSError):
            return (self.root / "error.log").read_text()[-4000:]
        return ""

    def _wait_listening(self, timeout: float = 10.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(
                    f"nginx exited with {self.process.returncode}: {self.error_log()}"
                )
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", self.port)):
                return
            time.sleep(0.1)
        self.stop()
        raise TimeoutError(f"nginx did not listen on {self.port}: {self.error_log()}")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
        shutil.rmtree(self.root, ignore_errors=True)
