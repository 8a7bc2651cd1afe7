"""A throwaway PostgreSQL server for the engine's tests: initdb in a temporary folder, a free
port on 127.0.0.1, trust authentication, stopped when the test session ends.

PostgreSQL refuses to run as root, so as root the server runs as the `postgres` user that
Debian's package creates.
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from ui.school import free_port

USER = "canvas"
_counter = itertools.count(1)


def _binaries() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    initdb = found[-1] if found else shutil.which("initdb")
    if not initdb:
        pytest.fail(
            "PostgreSQL's server programs are missing: tests/run.sh installs Debian's "
            "postgresql package (apt-get install -y postgresql)"
        )
    return Path(initdb).parent


@dataclass
class PostgresServer:
    bin_dir: Path
    root: Path
    port: int
    run_as: list[str]

    @classmethod
    def start(cls, in_memory: bool = False) -> PostgresServer:
        """`in_memory`: its files in /dev/shm where there is one (tests: a new database there
        takes a quarter of the time it takes on disk; a benchmark keeps the disk's cost)."""
        bin_dir = _binaries()
        shm = "/dev/shm" if in_memory and os.access("/dev/shm", os.W_OK) else None
        root = Path(tempfile.mkdtemp(prefix="cc-postgres-", dir=shm))
        run_as: list[str] = []
        if os.geteuid() == 0:
            owner = pwd.getpwnam("postgres")
            os.chown(root, owner.pw_uid, owner.pw_gid)
            run_as = ["runuser", "-u", "postgres", "--"]
        server = cls(bin_dir, root, free_port(), run_as)
        server._run("initdb", "-D", str(root / "data"), "-A", "trust", "-U", USER, "--no-sync")
        options = f"-p {server.port} -k {root} -h 127.0.0.1 -F"
        server._run(
            "pg_ctl",
            "-D",
            str(root / "data"),
            "-o",
            options,
            "-l",
            str(root / "log"),
            "-w",
            "start",
        )
        return server

    def new_database(self) -> str:
        """The URL of a new, empty database on this server."""
        name = f"crossed_{os.getpid()}_{next(_counter)}"
        admin = create_engine(self.url("postgres"), isolation_level="AUTOCOMMIT")
        with admin.connect() as connection:
            connection.execute(text(f'CREATE DATABASE "{name}"'))
        admin.dispose()
        return self.url(name)

    def url(self, database: str) -> str:
        return f"postgresql+psycopg://{USER}@127.0.0.1:{self.port}/{database}"

    def stop(self) -> None:
        self._run("pg_ctl", "-D", str(self.root / "data"), "-m", "immediate", "stop")
        shutil.rmtree(self.root, ignore_errors=True)

    def _run(self, program: str, *args: str) -> None:
        result = subprocess.run(
            [*self.run_as, str(self.bin_dir / program), *args],
            capture_output=True,
            text=True,
            timeout=120,
        )
        if result.returncode != 0:
            log = self.root / "log"
            tail = log.read_text()[-2000:] if log.exists() else ""
            pytest.fail(f"{program} failed: {result.stdout}{result.stderr}{tail}")
