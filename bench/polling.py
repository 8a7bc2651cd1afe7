"""Polling benchmark: what K open pages cost a real Streamlit server, one rerun a second each.

Run: .venv/bin/python bench/polling.py [--sessions 10 30 60] [--seconds 20]

It starts `streamlit run app.py` on a free loopback port (the repo's .streamlit/config.toml
applies), puts a 12-player game in its first ink pulse through the engine, and opens K
websocket sessions that speak Streamlit's browser protocol (protobuf over /_stcore/stream, see
the shared notes): each loads /play?token=... (12 tokens cycled) or /screen?code=..., then,
like the browser's fragment timer, asks for a rerun of the `live_status` fragment every second
and times it until `script_finished`.

For each K there are two measured windows of --seconds each:
- quiet: nothing changes, so every poll is the cheap fragment rerun (one engine.status read);
- changing: the engine accepts a fragment submission (or a pause/resume) every 2 s, which bumps
  the game's version, so every session's next poll turns into a full page rerun, all at once,
  as in a classroom.
Server CPU comes from /proc (all threads of the server process), or psutil when installed.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import websockets  # noqa: E402
from streamlit.proto.BackMsg_pb2 import BackMsg  # noqa: E402
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg  # noqa: E402

from engine import Engine, RuleError  # noqa: E402

HOST = "127.0.0.1"  # loopback only: this benchmark never targets another machine
PHASES = ["roles", "pulse1", "merge", "pulse2", "discussion", "choice", "accusation", "reveal"]
LONG = dict.fromkeys(PHASES, 600)  # no phase ends by itself during a run
NAMES = ["Ana", "Ben", "Carmen", "Dario", "Elif", "Femi", "Gus", "Hiro", "Ines", "Jonas"]
NAMES += ["Kemal", "Lia"]
STROKE = [[(0.1 + i / 100, 0.2 + (i % 7) / 20) for i in range(60)]]
POLL_SECONDS = 1.0  # ui.runtime.POLL_SECONDS: the browser's fragment timer
CHANGE_EVERY = 2.0  # seconds between version bumps in the "changing" window
WARMUP_SECONDS = 2.0
LOAD_CONCURRENCY = 8  # first page loads at once: a cold stampede is not what we measure
RECV_TIMEOUT = 30.0  # one answer from the server; past this the session is dropped
MAX_MESSAGE = 32 * 2**20


# --------------------------------------------------------------------------- server


def free_port() -> int:
    """A port nobody listens on right now (the OS picks it on loopback)."""
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


def start_server(port: int, database_url: str, log: Path) -> subprocess.Popen:
    """`streamlit run app.py` in its own process group, so it can be stopped with its children."""
    env = {**os.environ, "DATABASE_URL": database_url}
    command = [sys.executable, "-m", "streamlit", "run", "app.py"]
    command += ["--server.headless", "true", "--server.port", str(port)]
    command += ["--server.address", HOST]
    with log.open("wb") as out:
        return subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )


def wait_healthy(port: int, server: subprocess.Popen, timeout: float = 60.0) -> None:
    """Poll /_stcore/health until it says ok; fail fast if the server died."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"streamlit exited with code {server.returncode}")
        with contextlib.suppress(OSError):
            url = f"http://{HOST}:{port}/_stcore/health"
            with urllib.request.urlopen(url, timeout=1) as answer:
                if answer.read().strip() == b"ok":
                    return
        time.sleep(0.2)
    raise TimeoutError(f"no healthy server on port {port} after {timeout:.0f} s")


def stop_server(server: subprocess.Popen) -> None:
    """SIGTERM to the server's own process group, SIGKILL if it lingers."""
    if server.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        os.killpg(server.pid, signal.SIGTERM)
    try:
        server.wait(10)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(server.pid, signal.SIGKILL)
        server.wait(5)


class CpuMeter:
    """CPU seconds (user + system, every thread) the server process has used so far."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.tick = os.sysconf("SC_CLK_TCK")
        try:
            import psutil

            self.process = psutil.Process(pid)
        except ImportError:
            self.process = None

    def seconds(self) -> float:
        if self.process is not None:
            times = self.process.cpu_times()
            return times.user + times.system
        # Fields after the ")" of the command name; utime and stime are fields 14 and 15.
        fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / self.tick

    def rss_mb(self) -> float:
        for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return float("nan")


# --------------------------------------------------------------------------- game


@dataclass
class Game:
    code: str
    facilitator: str
    tokens: list[str]
    artists: list[str]  # tokens of players who draw in this pulse (not the curator)


def new_game(engine: Engine) -> Game:
    """A 12-player game in pulse 1 of round 1, with phases long enough to never end alone."""
    created = engine.create_game(durations=LONG)
    tokens = [engine.join(created.code, name) for name in NAMES]
    engine.start(created.facilitator_token)
    engine.advance(created.facilitator_token)  # roles -> pulse1: canvases on every artist page
    artists = [t for t in tokens if engine.player_view(t)["role"] != "curator"]
    return Game(created.code, created.facilitator_token, tokens, artists)


class Changer:
    """Bumps the game's version, as a classroom does: a submission, else a pause or a resume.

    The last artist never submits, so the pulse never completes and the page kind stays the
    same for the whole run; once the other artists have submitted, pause/resume take over.
    """

    def __init__(self, engine: Engine, game: Game) -> None:
        self.engine = engine
        self.game = game
        self.waiting = list(game.artists[:-1])
        self.paused = False
        self.count = 0

    def change(self) -> str:
        if self.waiting:
            token = self.waiting.pop(0)
            self.engine.submit_fragment(token, STROKE, f"bench-{token[:8]}")
            what = "submit"
        elif self.paused:
            self.engine.resume(self.game.facilitator)
            what = "resume"
        else:
            self.engine.pause(self.game.facilitator)
            what = "pause"
        self.paused = what == "pause"
        self.count += 1
        return what


# --------------------------------------------------------------------------- client


@dataclass
class Poll:
    sent: float  # time.monotonic() when the fragment rerun was asked for
    ms: float
    full: bool  # the fragment saw a new version and the whole page reran


@dataclass
class Session:
    """One browser tab: a websocket, the page it shows and its fragment's id."""

    page: str  # "play" or "screen"
    query: str
    ws: websockets.ClientConnection | None = None
    page_hash: str = ""
    fragment_id: str = ""
    polls: list[Poll] = field(default_factory=list)
    error: str = ""

    async def open(self, port: int) -> None:
        self.ws = await websockets.connect(
            f"ws://{HOST}:{port}/_stcore/stream",
            subprotocols=["streamlit"],
            max_size=MAX_MESSAGE,
            open_timeout=RECV_TIMEOUT,
        )

    async def load(self) -> float:
        """The first full run, as a browser asks it for a URL path: by page name."""
        message = BackMsg()
        message.rerun_script.query_string = self.query
        message.rerun_script.page_name = self.page
        started = time.perf_counter()
        await self.ws.send(message.SerializeToString())
        await self._until_finished()
        if not self.fragment_id:
            raise RuntimeError(f"/{self.page}?{self.query[:12]}... shows no polling fragment")
        return (time.perf_counter() - started) * 1000

    async def poll(self) -> Poll:
        """What the fragment timer sends: a rerun of the fragment alone, on the same page."""
        message = BackMsg()
        state = message.rerun_script
        state.query_string = self.query
        state.page_script_hash = self.page_hash
        state.page_name = self.page
        state.fragment_id = self.fragment_id
        state.is_auto_rerun = True
        sent = time.monotonic()
        await self.ws.send(message.SerializeToString())
        full = await self._until_finished()
        return Poll(sent, (time.monotonic() - sent) * 1000, full)

    async def _until_finished(self) -> bool:
        """Read until the run is over; True when it ended early for a full rerun (st.rerun)."""
        reran = timer_seen = False
        while True:
            raw = await asyncio.wait_for(self.ws.recv(), RECV_TIMEOUT)
            message = ForwardMsg()
            message.ParseFromString(raw)
            kind = message.WhichOneof("type")
            if kind == "navigation":
                # The page that ran. new_session carries the hash asked for, which on a load
                # by page name is the main script's: a fragment's st.rerun() would then rerun
                # the home page, whose fragments do not exist, and later polls are dropped.
                self.page_hash = message.navigation.page_script_hash
                shown = [
                    p.url_pathname
                    for p in message.navigation.app_pages
                    if p.page_script_hash == self.page_hash
                ]
                if shown != [self.page]:
                    raise RuntimeError(f"asked for /{self.page}, the server ran {shown}")
            elif kind == "auto_rerun":
                self.fragment_id = message.auto_rerun.fragment_id
                timer_seen = True
            elif kind == "page_not_found":
                raise RuntimeError(f"page not found: /{self.page}")
            elif kind == "script_finished":
                if message.script_finished == ForwardMsg.FINISHED_EARLY_FOR_RERUN:
                    reran = True  # the full page run follows on the same socket
                    continue
                if reran and not timer_seen:
                    raise RuntimeError(f"the full rerun of /{self.page} lost its polling fragment")
                return reran

    async def run(self, stop: asyncio.Event) -> None:
        """Poll every second until told to stop; a late answer means the next poll goes at once."""
        await asyncio.sleep(random.random() * POLL_SECONDS)  # tabs are not in step
        try:
            while not stop.is_set():
                poll = await self.poll()
                self.polls.append(poll)
                wait = poll.sent + POLL_SECONDS - time.monotonic()
                if wait > 0:
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(stop.wait(), wait)
        except (OSError, TimeoutError, websockets.ConnectionClosed, RuntimeError) as error:
            self.error = f"{type(error).__name__}: {error}"

    async def close(self) -> None:
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.ws.close(), 5)


def sessions_for(game: Game, count: int) -> list[Session]:
    """One projector per 13 tabs (index 0, 13, ...), the rest students with tokens cycled."""
    sessions = []
    for index in range(count):
        if index % 13 == 0:
            sessions.append(Session("screen", f"code={game.code}"))
        else:
            token = game.tokens[(index - index // 13 - 1) % len(game.tokens)]
            sessions.append(Session("play", f"token={token}"))
    return sessions


async def open_all(sessions: list[Session], port: int) -> list[float]:
    """Connect and load every page, a few at a time; returns the load times in ms."""
    gate = asyncio.Semaphore(LOAD_CONCURRENCY)

    async def one(session: Session) -> float:
        async with gate:
            await session.open(port)
            return await session.load()

    return await asyncio.gather(*(one(s) for s in sessions))


# --------------------------------------------------------------------------- measuring


@dataclass
class Window:
    name: str
    start: float
    end: float
    cpu: float  # server CPU seconds used in the window
    client_cpu: float  # this process's CPU seconds: the clients share the machine
    changes: int = 0

    @property
    def seconds(self) -> float:
        return self.end - self.start

    def polls(self, sessions: list[Session]) -> list[Poll]:
        return [p for s in sessions for p in s.polls if self.start <= p.sent < self.end]


async def measure(meter: CpuMeter, name: str, seconds: float, changer=None) -> Window:
    """CPU and wall clock over one window; with a changer, bump the version every 2 s."""
    cpu, client_cpu, start = meter.seconds(), time.process_time(), time.monotonic()
    end = start + seconds
    changes = 0
    if changer is not None:
        next_change = start + CHANGE_EVERY / 4
        while next_change < end:
            await asyncio.sleep(max(0.0, next_change - time.monotonic()))
            try:
                await asyncio.to_thread(changer.change)
                changes += 1
            except RuleError as error:
                print(f"  (change refused: {error})", file=sys.stderr)
            next_change += CHANGE_EVERY
    await asyncio.sleep(max(0.0, end - time.monotonic()))
    return Window(
        name,
        start,
        time.monotonic(),
        meter.seconds() - cpu,
        time.process_time() - client_cpu,
        changes,
    )


@dataclass
class Result:
    sessions: int
    load_ms: list[float]
    quiet: Window
    changing: Window
    quiet_polls: list[Poll]
    changing_polls: list[Poll]
    errors: list[str]
    rss_mb: float


async def run_level(port: int, meter: CpuMeter, engine: Engine, count: int, seconds: float):
    """Everything for one K: a fresh game, K tabs, a quiet window and a changing window."""
    game = await asyncio.to_thread(new_game, engine)
    sessions = sessions_for(game, count)
    stop = asyncio.Event()
    tasks: list[asyncio.Task] = []
    try:
        load_ms = await asyncio.wait_for(open_all(sessions, port), 60 + count * 2)
        tasks = [asyncio.create_task(s.run(stop)) for s in sessions]
        await asyncio.sleep(WARMUP_SECONDS)
        quiet = await measure(meter, "quiet", seconds)
        changing = await measure(meter, "changing", seconds, Changer(engine, game))
        rss = meter.rss_mb()
    finally:
        stop.set()
        if tasks:
            await asyncio.wait(tasks, timeout=RECV_TIMEOUT + 5)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*(s.close() for s in sessions))
    return Result(
        count,
        load_ms,
        quiet,
        changing,
        quiet.polls(sessions),
        changing.polls(sessions),
        [s.error for s in sessions if s.error],
        rss,
    )


# --------------------------------------------------------------------------- report


def percentile(values: list[float], fraction: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def report(results: list[Result], seconds: float) -> None:
    cores = os.cpu_count()
    print(
        f"\nPolling reruns (fragment only, nothing changed): {seconds:.0f} s window, {cores} cores"
    )
    print(
        f"{'K':>4}{'asked/s':>9}{'served/s':>10}{'p50 ms':>9}{'p95 ms':>9}{'max ms':>9}"
        f"{'cores':>7}{'CPU ms/rerun':>14}{'client cores':>14}"
    )
    for r in results:
        w, polls = r.quiet, r.quiet_polls
        ms = [p.ms for p in polls]
        print(
            f"{r.sessions:>4}{r.sessions / POLL_SECONDS:>9.0f}{len(polls) / w.seconds:>10.1f}"
            f"{percentile(ms, 0.5):>9.1f}{percentile(ms, 0.95):>9.1f}{max(ms, default=0):>9.0f}"
            f"{w.cpu / w.seconds:>7.2f}{1000 * w.cpu / max(1, len(polls)):>14.1f}"
            f"{w.client_cpu / w.seconds:>14.2f}"
        )

    print(
        f"\nVersion changed every {CHANGE_EVERY:.0f} s: each tab's next poll reruns its whole page"
    )
    print(
        f"{'K':>4}{'changes':>9}{'full':>6}{'full p50':>10}{'full p95':>10}{'poll p95':>10}"
        f"{'served/s':>10}{'cores':>7}{'CPU ms/full':>13}"
    )
    for r in results:
        w, polls = r.changing, r.changing_polls
        full = [p.ms for p in polls if p.full]
        light = [p.ms for p in polls if not p.full]
        # A full poll costs its fragment run plus the page run: take the quiet window's
        # per-poll CPU off the window's CPU for the light polls, share the rest among full ones.
        per_light = r.quiet.cpu / max(1, len(r.quiet_polls))
        per_full = (w.cpu - per_light * len(light)) / max(1, len(full))
        print(
            f"{r.sessions:>4}{w.changes:>9}{len(full):>6}{percentile(full, 0.5):>10.1f}"
            f"{percentile(full, 0.95):>10.1f}{percentile(light, 0.95):>10.1f}"
            f"{len(polls) / w.seconds:>10.1f}{w.cpu / w.seconds:>7.2f}{1000 * per_full:>13.1f}"
        )

    print("\nPage loads (first full run per tab) and server memory")
    print(f"{'K':>4}{'load p50 ms':>13}{'load max ms':>13}{'RSS MB':>9}{'errors':>8}")
    for r in results:
        print(
            f"{r.sessions:>4}{statistics.median(r.load_ms):>13.0f}{max(r.load_ms):>13.0f}"
            f"{r.rss_mb:>9.0f}{len(r.errors):>8}"
        )
        for error in sorted(set(r.errors))[:3]:
            print(f"      {error}")


# --------------------------------------------------------------------------- main


async def bench(port: int, meter: CpuMeter, engine: Engine, levels: list[int], seconds: float):
    results = []
    for count in levels:
        print(f"K={count}: loading {count} tabs, then 2 x {seconds:.0f} s ...", flush=True)
        results.append(await run_level(port, meter, engine, count, seconds))
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, nargs="+", default=[10, 30, 60], metavar="K")
    parser.add_argument("--seconds", type=float, default=20, help="length of each window")
    args = parser.parse_args()
    if not all(0 < k <= 500 for k in args.sessions) or not 1 <= args.seconds <= 300:
        parser.error("sessions must be 1..500 and seconds 1..300")

    with tempfile.TemporaryDirectory(prefix="crossed-polling-") as tmp:
        database_url = f"sqlite:///{Path(tmp) / 'bench.db'}"
        engine = Engine(database_url)  # creates the schema before the server opens the file
        port = free_port()
        server = start_server(port, database_url, Path(tmp) / "server.log")
        try:
            wait_healthy(port, server)
            print(f"streamlit (pid {server.pid}) on {HOST}:{port}, Python {sys.version.split()[0]}")
            print(f"websockets {websockets.__version__}; options: .streamlit/config.toml")
            meter = CpuMeter(server.pid)
            results = asyncio.run(bench(port, meter, engine, args.sessions, args.seconds))
            report(results, args.seconds)
        except KeyboardInterrupt:
            print("\ninterrupted", file=sys.stderr)
        finally:
            stop_server(server)
            if server.returncode not in (0, -signal.SIGTERM):
                tail = (Path(tmp) / "server.log").read_text(errors="replace")[-2000:]
                print(f"server exit {server.returncode}; log tail:\n{tail}", file=sys.stderr)


if __name__ == "__main__":
    main()
