"""Load benchmark: K classes on real app servers, every page a tab that follows its game by
push as a browser does; how long a change takes to reach the pages that must show it.

Run: .venv/bin/python bench/load.py [--games 1 10 30] [--seconds 75] [--plot docs/x.png]
     .venv/bin/python bench/load.py --games 60 --servers 2     (two servers behind nginx)

For each K: a throwaway PostgreSQL (tests/engine/postgres_server.py), one `streamlit run
app.py` (or two behind Debian's nginx, tests/browser/balancer.py, students split between
them by its cookie), and K games of 12 students, a projector and a facilitator: 14 tabs each
(bench/tab.py: Streamlit's websocket protocol plus the push stream). Games start a moment
apart. Students join one by one; each phone opens its page when it has joined. Then the
round is played through the engine, as the pages' buttons would: the facilitator starts and
ends the untimed phases, artists submit at random moments of each pulse, the Curator
chooses, everyone votes. Phases are as long as the rules' times (--pace 0.5 halves them,
to see more of a round in a short run). The commands come from this process, so a
server hears of them only as it hears of another server's: by PostgreSQL NOTIFY.

A change reached a tab when the live part that shows it (bench/tab.py) was drawn at the
change's version or a later one; propagation is measured from just before the command was sent,
so it includes the command itself. Kinds (ROUTES): join, submit and vote -> the projector
(roster, ready count) and -> the other phones (their list of who joined or is ready): shown
when the push event's part was put in place, or the live part was drawn again; command
(start, end a phase) and choice (it ends the phase) -> the slowest of the 12 phones (its page
ran again); pause, resume and "+30 s" (early in the first pulse) -> the projector and the
phones, shown as a join is (the event's clock comes with its part). Each tab's reruns are
put down to the change that caused them, to count per kind of change how many whole pages and
how many fragments ran. Server CPU is the mean over the run (all threads, from /proc), and so
is this process's own (the tabs share the machine with the servers); memory per tab is the
growth of the servers' resident memory over the run divided by the tabs served.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "browser"), str(ROOT / "tests" / "engine")]

import aiohttp  # noqa: E402
from balancer import COOKIE, Balancer  # noqa: E402
from load_report import Level, report, write_plot  # noqa: E402
from postgres_server import PostgresServer  # noqa: E402
from servers import AppServer  # noqa: E402
from tab import PAGE, READY, Tab  # noqa: E402

from engine import Engine, RuleError  # noqa: E402
from engine.crossed_canvas.rules import DEFAULT_DURATIONS  # noqa: E402

STUDENTS = 12
NAMES = [f"Student {n:02d}" for n in range(1, STUDENTS + 1)]
LONG = {phase.value: 3600.0 for phase in DEFAULT_DURATIONS}  # the bench ends every phase
JOIN_SECONDS = 15.0  # a class takes about this long to join, at the rules' pace
STAGGER_SECONDS = 20.0  # games start spread over this (classes do not start in step)
LOAD_AT_ONCE = 16  # page loads in flight at once (a stampede of first loads is not measured)
STROKES = [[(0.1 + i / 50, 0.2 + (i % 7) / 20) for i in range(30)]]


@dataclass
class Change:
    kind: str  # join, submit, vote, command, choice, pause, resume, +30 s
    shown: str  # where it must show: "projector" (its page) or "phones" (see SLOT)
    at: float  # time.monotonic() just before the command
    version: int  # the game's version after it
    targets: list[Tab]  # the tabs that must show it
    slot: str  # the live part whose drawing shows it (tab.PAGE or tab.READY)


#: What each kind of change must reach, and what shows it there: a phone shows a new phase
#: when its page was drawn again (tab.PAGE); a phone or the projector shows who joined or is
#: ready when its live part was drawn again or an event's part put in place (tab.READY).
ROUTES = {
    "join": [("projector", READY), ("phones", READY)],
    "submit": [("projector", READY), ("phones", READY)],
    "vote": [("projector", READY), ("phones", READY)],
    "command": [("phones", PAGE)],
    "choice": [("phones", PAGE)],
    # The teacher's clock: the event's clock, put in place with the part (ui/live.js place).
    "pause": [("projector", READY), ("phones", READY)],
    "resume": [("projector", READY), ("phones", READY)],
    "+30 s": [("projector", READY), ("phones", READY)],
}


@dataclass
class Game:
    """One class: its tabs, and the changes made to it."""

    engine: Engine
    base: str
    index: int
    games: int
    pace: float
    gate: asyncio.Semaphore
    http: aiohttp.ClientSession
    two_servers: bool
    code: str = ""
    facilitator: str = ""
    screen: Tab | None = None
    phones: list[Tab] = field(default_factory=list)
    phone_of: dict[str, Tab] = field(default_factory=dict)  # token -> its phone
    tabs: list[Tab] = field(default_factory=list)
    changes: list[Change] = field(default_factory=list)
    tasks: list[asyncio.Task] = field(default_factory=list)

    async def play(self) -> None:
        """Set up, join, then play rounds until cancelled."""
        await asyncio.sleep(self.index * STAGGER_SECONDS / self.games)
        created = await asyncio.to_thread(self.engine.create_game, durations=LONG)
        self.code, self.facilitator = created.code, created.facilitator_token
        await self._open("facilitator", f"key={self.facilitator}", server="a")
        self.screen = await self._open("screen", f"code={self.code}", server="a")
        tokens = []
        for number, name in enumerate(NAMES):
            await self._pause(JOIN_SECONDS / STUDENTS)
            browser = f"bench-{self.index}-{number}"
            token = await self._change(
                "join", None, self.engine.join, self.code, name, browser=browser
            )
            tokens.append(token)
            server = "ab"[number % 2] if self.two_servers else "a"
            self.tasks.append(asyncio.create_task(self._open_phone(token, server)))
        await self._pause(2.0)
        await self._command(self.engine.start, self.facilitator)
        while True:
            await self._round(tokens)

    async def _round(self, tokens: list[str]) -> None:
        views = await asyncio.to_thread(lambda: [self.engine.player_view(t) for t in tokens])
        artists = [t for t, v in zip(tokens, views, strict=True) if v["role"] != "curator"]
        curator = next(t for t, v in zip(tokens, views, strict=True) if v["role"] == "curator")
        signatures = {t: v["signature"] for t, v in zip(tokens, views, strict=True)}
        await self._phase_then_advance("roles")
        await self._clock_commands()
        for pulse in ("pulse1", "pulse2"):
            for token, wait in self._spread(artists, pulse):
                await self._pause(wait)
                await self._student("submit", self.engine.submit_fragment, token, STROKES)
            await self._phase_then_advance("merge" if pulse == "pulse1" else "discussion")
        options = (await asyncio.to_thread(self.engine.player_view, curator))["options"]
        await self._pause(random.uniform(0.3, 0.9) * self._seconds("choice"))
        choice = random.choice(options)["id"]
        await self._student("choice", self.engine.choose, curator, choice)
        for token, wait in self._spread(tokens, "accusation"):
            others = [signatures[a] for a in artists if a != token]
            await self._pause(wait)
            vote = random.choice(others)
            await self._student("vote", self.engine.accuse, token, vote)
        await self._phase_then_advance("reveal")

    def _seconds(self, phase: str) -> float:
        return DEFAULT_DURATIONS[next(p for p in DEFAULT_DURATIONS if p.value == phase)] * self.pace

    def _spread(self, tokens: list[str], phase: str) -> list[tuple[str, float]]:
        """Each token at a random moment of the first 90 % of the phase, as (token, wait)."""
        moments = sorted(random.uniform(0, 0.9 * self._seconds(phase)) for _ in tokens)
        order = random.sample(tokens, len(tokens))
        waits = [b - a for a, b in zip([0.0, *moments], moments, strict=False)]
        return list(zip(order, waits, strict=True))

    async def _phase_then_advance(self, phase: str) -> None:
        await self._pause(self._seconds(phase))
        await self._command(self.engine.advance, self.facilitator)

    async def _clock_commands(self) -> None:
        """Early in the first pulse the teacher pauses, resumes and gives "+30 s": changes
        every countdown must show, which the push event's clock carries."""
        for kind, command in (
            ("pause", self.engine.pause),
            ("resume", self.engine.resume),
            ("+30 s", self.engine.extend),
        ):
            await self._pause(1.0)
            await self._change(kind, None, command, self.facilitator)

    async def _command(self, command, *args) -> None:
        await self._change("command", None, command, *args)

    async def _student(self, kind: str, command, token: str, what) -> None:
        """A student's click: the command with their token, what they chose, a request id."""
        await self._change(kind, token, command, token, what, uuid.uuid4().hex)

    async def _change(self, kind: str, actor: str | None, command, *args, **kw):
        """Run one engine command in a thread; note when, at which version, for whom (the
        acting student's own phone is not among the phones that must show it: a browser's
        own click reruns its page, which the bench does not make)."""
        at = time.monotonic()
        try:
            result = await asyncio.to_thread(command, *args, **kw)
        except RuleError as error:
            print(f"  game {self.index}: {kind} refused: {error}", file=sys.stderr)
            return None
        version = (await asyncio.to_thread(self.engine.versions, [self.code]))[self.code].version
        own = self.phone_of.get(actor) if actor else None
        for shown, slot in ROUTES[kind]:
            targets = [self.screen] if shown == "projector" else self.phones
            targets = [tab for tab in targets if tab is not None and tab is not own]
            self.changes.append(Change(kind, shown, at, version, targets, slot))
        return result

    async def _pause(self, seconds: float) -> None:
        await asyncio.sleep(max(0.0, seconds))

    async def _open(self, page: str, query: str, server: str) -> Tab:
        cookie = f"{COOKIE}={server}" if self.two_servers else ""
        tab = Tab(self.base, page, query, cookie=cookie)
        async with self.gate:
            await tab.load()
        self.tabs.append(tab)
        self.tasks.append(asyncio.create_task(tab.follow(self.http)))
        return tab

    async def _open_phone(self, token: str, server: str) -> None:
        try:
            phone = await self._open("play", f"token={token}", server)
            self.phones.append(phone)
            self.phone_of[token] = phone
        except (OSError, TimeoutError, RuntimeError) as error:
            print(f"  game {self.index}: a phone did not load: {error}", file=sys.stderr)


async def run_level(
    engine: Engine,
    base: str,
    games: int,
    seconds: float,
    pace: float,
    two_servers: bool,
    window_over: Callable[[], None],
) -> tuple[list[Game], float]:
    """K games for `seconds` after the last one started; returns them and the measured wall
    time. `window_over` is called when the measured window ends (before the tear-down)."""
    gate = asyncio.Semaphore(LOAD_AT_ONCE)
    connector = aiohttp.TCPConnector(limit=0)  # one stream per tab, hundreds at once
    async with aiohttp.ClientSession(connector=connector) as http:
        played = [Game(engine, base, i, games, pace, gate, http, two_servers) for i in range(games)]
        tasks = [asyncio.create_task(g.play()) for g in played]
        started = time.monotonic()
        await asyncio.sleep(STAGGER_SECONDS + seconds)
        for task in tasks:
            task.cancel()
        await asyncio.sleep(3.0)  # the changes made last still travel
        window_over()
        wall = time.monotonic() - started
        for game in played:
            for task in game.tasks:
                task.cancel()
        # Bounded: a task that ignores its cancel must not hold the whole bench.
        await asyncio.wait([*tasks, *(t for g in played for t in g.tasks)], timeout=15)
        closing = [asyncio.create_task(tab.close()) for g in played for tab in g.tabs]
        if closing:
            await asyncio.wait(closing, timeout=15)
        for task in tasks:
            if task.done() and not task.cancelled() and task.exception():
                print(f"  a game failed: {task.exception()!r}", file=sys.stderr)
    return played, wall


def measure(games: int, servers: int, seconds: float, pace: float, workdir: Path) -> Level:
    """One K: fresh PostgreSQL, fresh app server(s), the games, the figures."""
    postgres = PostgresServer.start()
    apps: list[AppServer] = []
    balancer = None
    try:
        database_url = postgres.new_database()
        engine = Engine(database_url)  # the bench's own, acting as the pages' buttons would
        apps = [AppServer(database_url, workdir / f"server-{n}.log") for n in range(servers)]
        base = apps[0].url
        if servers == 2:
            balancer = Balancer(f"127.0.0.1:{apps[0].port}", f"127.0.0.1:{apps[1].port}")
            base = balancer.url

        def read() -> tuple[list[float], list[float]]:
            """CPU seconds of each server then of this process (its tabs), and RSS in MB."""
            return [*(app.cpu_seconds() for app in apps), time.process_time()], [
                app.rss_mb() for app in apps
            ]

        cpu, rss = read()
        end: list[tuple[list[float], list[float]]] = []
        played, wall = asyncio.run(
            run_level(engine, base, games, seconds, pace, servers == 2, lambda: end.append(read()))
        )
        cpu_end, rss_end = end[0]
        cores = [(after - before) / wall for before, after in zip(cpu, cpu_end, strict=True)]
        grown = sum(after - before for before, after in zip(rss, rss_end, strict=True))
        return Level.of(games, servers, played, cores, grown, rss_end, wall)
    finally:
        if balancer is not None:
            balancer.stop()
        for app in apps:
            app.stop()
        postgres.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[1, 10, 30], metavar="K")
    parser.add_argument("--servers", type=int, choices=(1, 2), default=1)
    parser.add_argument("--seconds", type=float, default=75.0, help="measured after the last start")
    parser.add_argument("--pace", type=float, default=1.0, help="phase length / the rules' time")
    parser.add_argument("--plot", type=Path, help="write propagation p95 against K to this PNG")
    parser.add_argument("--seed", type=int, default=9)
    args = parser.parse_args()
    if not all(0 < k <= 100 for k in args.games) or not 10 <= args.seconds <= 600:
        parser.error("games must be 1..100 and seconds 10..600")
    random.seed(args.seed)
    print(f"{os.cpu_count()} cores; load average before: {os.getloadavg()[0]:.1f}", flush=True)
    levels = []
    with tempfile.TemporaryDirectory(prefix="cc-load-") as tmp:
        for games in args.games:
            print(
                f"K={games} on {args.servers} server(s): {games * 14} tabs, "
                f"{STAGGER_SECONDS + args.seconds:.0f} s ...",
                flush=True,
            )
            levels.append(measure(games, args.servers, args.seconds, args.pace, Path(tmp)))
            report(levels[-1:], header=False)
    report(levels, header=True)
    if args.plot:
        write_plot(levels, args.plot)
        print(f"plot: {args.plot}")


if __name__ == "__main__":
    main()
