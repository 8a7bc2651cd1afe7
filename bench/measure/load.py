"""Load benchmark: K classes on real app servers, every page a tab that follows its game by
push as a browser does; how long a change takes to reach the pages that must show it.

Run: .venv/bin/python -m bench.measure.load [--games 1 10 30] [--seconds 75] [--plot docs/x.png]
     .venv/bin/python -m bench.measure.load --games 60 --servers 2     (two servers behind nginx)
     .venv/bin/python -m bench.measure.load --game critters            (or layers; crossed-canvas)
     .venv/bin/python -m bench.measure.load --games 1 --robots 4       (four seats robots')

For each K: a throwaway PostgreSQL (tests/engine/postgres_server.py), one `streamlit run
app.py` (or two behind Debian's nginx, tests/browser/balancer.py, students split between
them by its cookie), and K games of 12 students, a projector and a facilitator: 14 tabs each
(bench/measure/tab.py: Streamlit's websocket protocol plus the push stream). A game that seats fewer
than 12 is played by as many as it seats (Canvas Critters 6, Canvas Layers 5: one game, not a
class's tables; the header line says so). Games start a moment apart. Students join one by
one; each phone opens its page when it has joined. Then the facilitator starts, and `Game`
hands the game to its play (bench/measure/players.py), which makes every move through the engine as
the pages' buttons would, at random moments of the rules' phase times, the facilitator
ending the phases no answer ends:
- Crossed Canvas (--game crossed-canvas, the default): rounds until the run ends; artists
  submit at random moments of each pulse, the Curator chooses, everyone votes.
- Canvas Critters (--game critters), the judged game to its end: the active player picks a
  theme; everyone takes pieces and finishes (the first finish starts the last minute);
  everyone titles, every giver awards; the facilitator ends the scores.
- Canvas Layers (--game layers), turn by turn to its end: the player whose turn it is
  completes a painting when they can, else takes a card of the row (or picks a tie's winner);
  the move ends the turn.
Phases are as long as the rules' times (--pace 0.5 halves them, to see more of a round in a
short run). The commands come from this process, so a server hears of them only as it hears
of another server's: by PostgreSQL NOTIFY.

A change reached a tab when the live part that shows it (bench/measure/tab.py) was drawn at the
change's version or a later one; propagation is measured from just before the command was sent,
so it includes the command itself. Kinds (ROUTES): join, submit and vote, and the other
games' moves (theme, take piece, finish, title, award; take card, complete, pick) -> the
projector (roster, ready count) and -> the other phones (their list of who joined or is
ready): shown when the push event's part was put in place, or the live part was drawn again;
command (start, end a phase) and choice (it ends the phase) -> the slowest of the phones (its
page ran again); pause, resume and "+30 s" (early in each round's first timed phase: a
pulse; a theme; the first turn of each time around the table) -> the projector and the
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
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import aiohttp

from bench.measure import split
from bench.measure.load_report import Level, report, write_plot
from bench.measure.players import CLASS, KINDS, Kind
from bench.measure.run_trace import MAX_RUNS_ENV, SWITCH_ENV
from bench.measure.servers import AppServer
from bench.measure.tab import PAGE, READY, Tab
from engine import Engine, RuleError
from tests.browser.balancer import COOKIE, Balancer
from tests.engine.postgres_server import PostgresServer

NAMES = [f"Student {n:02d}" for n in range(1, CLASS + 1)]
LONG_SECONDS = 3600.0  # every phase's setting: the answers or the bench end each phase
JOIN_SECONDS = 15.0  # a class takes about this long to join, at the rules' pace
STAGGER_SECONDS = 20.0  # games start spread over this (classes do not start in step)
LOAD_AT_ONCE = 16  # page loads in flight at once (a stampede of first loads is not measured)


@dataclass
class Change:
    kind: str  # join, a student's move (submit, vote, choice, ...), command, pause, resume, +30 s
    shown: str  # where it must show: "projector" (its page) or "phones" (see SLOT)
    at: float  # time.monotonic() just before the command
    version: int  # the game's version after it
    targets: list[Tab]  # the tabs that must show it
    slot: str  # the live part whose drawing shows it (tab.PAGE or tab.READY)
    done: float = 0.0  # time.monotonic() when the command returned


#: What each kind of change must reach, and what shows it there: a phone shows a new phase
#: when its page was drawn again (tab.PAGE); a phone or the projector shows who joined or is
#: ready when its live part was drawn again or an event's part put in place (tab.READY).
ROUTES = {
    "join": [("projector", READY), ("phones", READY)],
    "submit": [("projector", READY), ("phones", READY)],
    "vote": [("projector", READY), ("phones", READY)],
    # Canvas Critters' and Canvas Layers' moves (bench/measure/players.py): as a submit, and their
    # phones' page runs again by itself when the move ends the phase (a stage).
    **dict.fromkeys(
        ("theme", "take piece", "finish", "title", "award", "take card", "complete", "pick"),
        [("projector", READY), ("phones", READY)],
    ),
    "command": [("phones", PAGE)],
    "choice": [("phones", PAGE)],
    # The teacher's clock: the event's clock, put in place with the part (ui/live.js place).
    "pause": [("projector", READY), ("phones", READY)],
    "resume": [("projector", READY), ("phones", READY)],
    "+30 s": [("projector", READY), ("phones", READY)],
}


@dataclass
class Game:
    """One class: its tabs, and the changes made to it. Its game's play (bench/measure/players.py)
    makes every change through `student` and `command`, which note them to be measured."""

    engine: Engine
    base: str
    index: int
    games: int
    pace: float
    gate: asyncio.Semaphore
    http: aiohttp.ClientSession
    two_servers: bool
    kind: Kind
    robots: int = 0  # seats the server's robots play (engine/robots.py); the rest are phones
    code: str = ""
    facilitator: str = ""
    screen: Tab | None = None
    phones: list[Tab] = field(default_factory=list)
    phone_of: dict[str, Tab] = field(default_factory=dict)  # token -> its phone
    tabs: list[Tab] = field(default_factory=list)
    changes: list[Change] = field(default_factory=list)
    tasks: list[asyncio.Task] = field(default_factory=list)

    async def play(self) -> None:
        """Set up, join, start, then play until cancelled or the game is over."""
        await asyncio.sleep(self.index * STAGGER_SECONDS / self.games)
        durations = Engine.default_durations(self.kind.name)
        long = dict.fromkeys(durations, LONG_SECONDS)
        created = await asyncio.to_thread(
            self.engine.create_game, durations=long, game=self.kind.name
        )
        self.code, self.facilitator = created.code, created.facilitator_token
        # A teacher's pages land on any process (ui/school.py's nginx): the games take turns.
        teacher = "ab"[self.index % 2] if self.two_servers else "a"
        await self._open("facilitator", f"key={self.facilitator}", server=teacher)
        self.screen = await self._open("screen", f"code={self.code}", server=teacher)
        tokens = []
        students = self.kind.students - self.robots
        for number, name in enumerate(NAMES[:students]):
            await self.wait(JOIN_SECONDS / students)
            browser = f"bench-{self.index}-{number}"
            token = await self._change(
                "join", None, self.engine.join, self.code, name, browser=browser
            )
            tokens.append(token)
            server = "ab"[number % 2] if self.two_servers else "a"
            self.tasks.append(asyncio.create_task(self._open_phone(token, server)))
        if self.robots:  # the teacher's "Try it with robots": no tab opens for a robot
            await asyncio.to_thread(self.engine.add_robots, self.facilitator, self.robots)
        await self.wait(2.0)
        await self.command(self.engine.start, self.facilitator)
        await self.kind.play(self, tokens)

    def seconds(self, phase: str) -> float:
        """The rules' time of `phase`, at the bench's pace."""
        return Engine.default_durations(self.kind.name)[phase] * self.pace

    def spread(self, tokens: list[str], phase: str) -> list[tuple[str, float]]:
        """Each token at a random moment of the first 90 % of the phase, as (token, wait)."""
        moments = sorted(random.uniform(0, 0.9 * self.seconds(phase)) for _ in tokens)
        order = random.sample(tokens, len(tokens))
        waits = [b - a for a, b in zip([0.0, *moments], moments, strict=False)]
        return list(zip(order, waits, strict=True))

    async def phase_then_advance(self, phase: str) -> None:
        """A phase no answer ends: the facilitator ends it at its time."""
        await self.wait(self.seconds(phase))
        await self.command(self.engine.advance, self.facilitator)

    async def end_if_still(self, phase: str) -> None:
        """With robots: the facilitator ends `phase` if it still runs once the students have
        answered (a robot let it run out, as a slow student does, and the bench's phases last
        an hour); a robot's late move meanwhile makes this a quiet no-op."""
        if not self.robots:
            return
        view = await asyncio.to_thread(self.engine.public_view, self.code)
        if view["phase"] == phase:
            end = self.engine.advance
            await self._change(
                "command", None, end, self.facilitator, phase=phase, round=view["round"]
            )

    async def clock_commands(self) -> None:
        """Early in the first timed phase the teacher pauses, resumes and gives "+30 s": changes
        every countdown must show, which the push event's clock carries."""
        for kind, command in (
            ("pause", self.engine.pause),
            ("resume", self.engine.resume),
            ("+30 s", self.engine.extend),
        ):
            await self.wait(1.0)
            await self._change(kind, None, command, self.facilitator)

    async def command(self, command, *args) -> None:
        """The facilitator's start or end of a phase."""
        await self._change("command", None, command, *args)

    async def student(self, kind: str, token: str, command, *args) -> None:
        """A student's click: the command with their token and what the page sends with it."""
        await self._change(kind, token, command, token, *args)

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
        done = time.monotonic()
        version = (await asyncio.to_thread(self.engine.versions, [self.code]))[self.code].version
        own = self.phone_of.get(actor) if actor else None
        for shown, slot in ROUTES[kind]:
            targets = [self.screen] if shown == "projector" else self.phones
            targets = [tab for tab in targets if tab is not None and tab is not own]
            self.changes.append(Change(kind, shown, at, version, targets, slot, done))
        return result

    async def wait(self, seconds: float) -> None:
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
    kind: Kind,
    window_over: Callable[[], None],
    robots: int = 0,
) -> tuple[list[Game], float]:
    """K games for `seconds` after the last one started; returns them and the measured wall
    time. `window_over` is called when the measured window ends (before the tear-down)."""
    gate = asyncio.Semaphore(LOAD_AT_ONCE)
    connector = aiohttp.TCPConnector(limit=0)  # one stream per tab, hundreds at once
    async with aiohttp.ClientSession(connector=connector) as http:
        played = [
            Game(engine, base, i, games, pace, gate, http, two_servers, kind, robots)
            for i in range(games)
        ]
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


@dataclass(frozen=True)
class Tracing:
    """Whether the servers note each page run's moments (bench/measure/run_trace.py) for the
    split of a change's time, and the levers they run with (bench/measure/run_trace.py)."""

    on: bool = False
    switch_interval: float | None = None
    max_runs: int | None = None  # at most this many script runs at once in a server


def measure(
    games: int,
    servers: int,
    seconds: float,
    pace: float,
    kind: Kind,
    workdir: Path,
    tracing: Tracing = Tracing(),
    robots: int = 0,
) -> Level:
    """One K: fresh PostgreSQL, fresh app server(s), the games, the figures."""
    postgres = PostgresServer.start()
    apps: list[AppServer] = []
    played: list[Game] = []
    traces: list[Path] = []
    balancer = None
    try:
        database_url = postgres.new_database()
        engine = Engine(database_url)  # the bench's own, acting as the pages' buttons would
        traces = (
            [workdir / f"trace-{games}-{n}.jsonl" for n in range(servers)] if tracing.on else []
        )
        levers = {SWITCH_ENV: tracing.switch_interval, MAX_RUNS_ENV: tracing.max_runs}
        switch = {name: str(value) for name, value in levers.items() if value is not None}
        apps = [
            AppServer(
                database_url,
                workdir / f"server-{n}.log",
                trace=traces[n] if traces else None,
                **switch,
            )
            for n in range(servers)
        ]
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
            run_level(
                engine,
                base,
                games,
                seconds,
                pace,
                servers == 2,
                kind,
                lambda: end.append(read()),
                robots,
            )
        )
        cpu_end, rss_end = end[0]
        cores = [(after - before) / wall for before, after in zip(cpu, cpu_end, strict=True)]
        grown = sum(after - before for before, after in zip(rss, rss_end, strict=True))
        return Level.of(games, servers, played, cores, grown, rss_end, wall)
    finally:
        if balancer is not None:
            balancer.stop()
        for app in apps:
            app.stop()  # a stopped server has written all of its trace
        postgres.stop()
        if tracing.on and played:
            split.report(played, traces)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[1, 10, 30], metavar="K")
    parser.add_argument("--servers", type=int, choices=(1, 2), default=1)
    parser.add_argument("--seconds", type=float, default=75.0, help="measured after the last start")
    parser.add_argument("--pace", type=float, default=1.0, help="phase length / the rules' time")
    parser.add_argument("--plot", type=Path, help="write propagation p95 against K to this PNG")
    parser.add_argument("--seed", type=int, default=9)
    parser.add_argument("--game", choices=KINDS, default="crossed-canvas", help="the game played")
    parser.add_argument(
        "--split", action="store_true", help="trace every page run and print where time goes"
    )
    parser.add_argument(
        "--switch-interval", type=float, help="the servers' sys.setswitchinterval (with --split)"
    )
    parser.add_argument("--max-runs", type=int, help="the servers' bound on runs at once (--split)")
    parser.add_argument(
        "--robots",
        type=int,
        default=0,
        help="seats of each Crossed Canvas game the servers' robots play instead of phones",
    )
    args = parser.parse_args()
    tracing = Tracing(args.split, args.switch_interval, args.max_runs)
    kind = KINDS[args.game]
    if not all(0 < k <= 100 for k in args.games) or not 10 <= args.seconds <= 600:
        parser.error("games must be 1..100 and seconds 10..600")
    if args.robots and (kind.name != "crossed_canvas" or not 0 < args.robots < kind.students):
        parser.error("robots play Crossed Canvas seats here: 1 to 11 of its 12")
    random.seed(args.seed)
    print(f"{os.cpu_count()} cores; load average before: {os.getloadavg()[0]:.1f}", flush=True)
    levels = []
    students = kind.students
    # A game that cannot seat a class of 12 plays with as many as it seats.
    seated = "" if students == CLASS else f", {students} students a game (it seats {kind.most})"
    if args.robots:
        seated += f", {students - args.robots} phones and {args.robots} robots a game"
    with tempfile.TemporaryDirectory(prefix="cc-load-") as tmp:
        for games in args.games:
            print(
                f"K={games} on {args.servers} server(s): "
                f"{games * (students - args.robots + 2)} tabs{seated}, "
                f"{STAGGER_SECONDS + args.seconds:.0f} s ...",
                flush=True,
            )
            levels.append(
                measure(
                    games,
                    args.servers,
                    args.seconds,
                    args.pace,
                    kind,
                    Path(tmp),
                    tracing,
                    args.robots,
                )
            )
            report(levels[-1:], header=False)
    report(levels, header=True)
    if args.plot:
        write_plot(levels, args.plot)
        print(f"plot: {args.plot}")


if __name__ == "__main__":
    main()
