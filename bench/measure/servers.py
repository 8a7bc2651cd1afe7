"""App servers for the benchmarks: `streamlit run app.py` on a free loopback port, and what
the process uses (CPU seconds of all its threads, resident memory) read from /proc.

psutil is not installed in this project's environment, and /proc says the same on Linux.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from ui.school import free_port, healthy

ROOT = Path(__file__).resolve().parents[2]
HOST = "127.0.0.1"  # loopback only: the benchmarks never target another machine


class AppServer:
    """`streamlit run app.py` (or another `script`) in its own process group (stopped with
    its children)."""

    def __init__(
        self,
        database_url: str,
        log: Path,
        script: str = "app.py",
        *,
        trace: Path | None = None,
        **env: str,
    ) -> None:
        """`trace`: the file where bench/measure/run_trace.py writes each page run's moments."""
        self.port = free_port()
        self.log = log
        self.trace = trace
        runner = "bench.measure.run_trace" if trace is not None else "streamlit"
        command = [sys.executable, "-m", runner, "run", script]
        if trace is not None:
            env = {**env, "CC_RUN_TRACE": str(trace)}
        command += ["--server.headless", "true", "--server.port", str(self.port)]
        command += ["--server.address", HOST]
        environment = {**os.environ, "DATABASE_URL": database_url, **env}
        with log.open("wb") as out:
            self.process = subprocess.Popen(
                command,
                cwd=ROOT,
                env=environment,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        self._wait_healthy()

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}"

    def _wait_healthy(self, timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                tail = self.log.read_text(errors="replace")[-2000:]
                raise RuntimeError(f"streamlit exited with {self.process.returncode}:\n{tail}")
            if healthy(f"{self.url}/_stcore/health"):
                return
            time.sleep(0.2)
        self.stop()
        raise TimeoutError(f"no healthy server on port {self.port} after {timeout:.0f} s")

    def cpu_seconds(self) -> float:
        """User + system CPU of every thread so far (fields 14 and 15 of /proc/PID/stat)."""
        stat = Path(f"/proc/{self.process.pid}/stat").read_text()
        fields = stat.rsplit(")", 1)[1].split()  # after the command's name, which may hold ")"
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def rss_mb(self) -> float:
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return float("nan")

    def stop(self) -> None:
        """SIGTERM to the process group, SIGKILL if it lingers."""
        if self.process.poll() is not None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(5)
