"""One class in real Chromium (issue 33's goal "One class: the command's p95 at most 1.5 times
the design's limit"): how long a facilitator's command takes until every page of the class
shows the new phase, beside the design's limit for it.

Run: .venv/bin/python -m bench.measure.chromium_class [--players 5] [--commands 8]
     (Debian's Chromium, a throwaway PostgreSQL, one app server with its run trace)

The class: N students' phones (360x740), the projector and the teacher's page (1280x720), each
a page of its own context (its own cookies) in one headless Chromium, on one `streamlit run
app.py` (bench/measure/servers.py, traced by bench/measure/run_trace.py). The game is
Crossed Canvas with every phase 3600 s long, started before the pages open; once they have
settled, the facilitator ends a phase K times (fewer if the game ends) through the engine
(`advance`), the next command when every page showed the last one and 2 s passed. Every
phase is measured as it comes (roles -> pulse1 -> merge -> pulse2 -> discussion -> choice ->
accusation -> reveal -> the next round's roles): the facilitator may end each, with no
student's move (the choice, the votes).

A page showed a command when the text of its first `.cc-phase` (every page's heading,
"Round 1 of 5 · Ink pulse 1") changed from what it showed before the command: a
MutationObserver notes each change with the browser's `Date.now()`, turned to the machine's
monotonic clock (the server's trace's) by the bench's `time.time() - time.monotonic()`. A page
that does not show it within 20 s is reported as missed.

Both figures run from the command's end (its commit, which publishes the change):
- command -> every page: until the slowest page showed it;
- the design's limit: the first page's event (approximated by the first `rerun_script` any
  page sent on its websocket, timed when Playwright hands the frame to this process, a few ms
  late) plus the CPU seconds of every server script run that started after the command began
  and finished by the moment the slowest page showed it (every run on this server is this
  class's), one after the other on one core. A page draws its heading first, so it may show
  the phase before its run ends: a run still going then is left out of the limit.
Each command's line also says when the server handed the last message of those runs to a
websocket: what comes after it is the pages' own drawing.

A class's pages draw on their own devices, not on the server's. So on a machine of two cores
or more the server and its PostgreSQL run on the first core and Chromium (with this bench) on
the others, each process pinned where it starts (`--shared-cores`: all on every core, as the
machine's scheduler chooses). The load average is printed at the start and the end.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import aiohttp
from playwright.async_api import Browser, Page, async_playwright
from playwright.async_api import TimeoutError as PlaywrightTimeout

from bench.measure.browser_check import ARGS, CHROMIUM, Wire
from bench.measure.servers import AppServer
from bench.measure.split import Session, percentile, read_trace
from bench.measure.tab import PAGE, Tab
from engine import FINISHED, Engine
from tests.engine.postgres_server import PostgresServer

LONG_SECONDS = 3600.0  # every phase's length: only the commands change phase
SETTLE_SECONDS = 4.0  # after every page showed its phase, before the first command
BETWEEN_SECONDS = 2.0  # after every page showed a command, before the next
SHOWN_TIMEOUT_S = 20.0  # a page that has not shown the command by then missed it
POLL_SECONDS = 0.01  # how often a bench tab's runs are looked at for the command's version
TRACE_FLUSH_SECONDS = 1.0  # run_trace.py writes its lines every 0.5 s
PHONE = {"width": 360, "height": 740}
WIDE = {"width": 1280, "height": 720}

#: Installed before each page's own scripts: every new text of the first `.cc-phase`, with the
#: browser's wall clock (ms), in `window.__ccPhases`.
WATCH_PHASE = """
window.__ccPhases = [];
new MutationObserver(() => {
  const heading = document.querySelector('.cc-phase');
  if (heading === null) return;
  const last = window.__ccPhases[window.__ccPhases.length - 1];
  if (last === undefined || last[1] !== heading.textContent) {
    window.__ccPhases.push([Date.now(), heading.textContent]);
  }
}).observe(document, {subtree: true, childList: true, characterData: true});
window.__ccLatest = () => {
  const noted = window.__ccPhases;
  return noted.length ? noted[noted.length - 1][1] : null;
};
"""
LATEST = "() => window.__ccLatest()"
CHANGED = "before => ![null, before].includes(window.__ccLatest())"  # shows another phase


@dataclass
class Command:
    """One facilitator command, on the machine's monotonic clock."""

    phase: str  # the phase it opened, as "pulse1 (round 1)"
    began: float
    ended: float
    shown: dict[str, float | None]  # page -> when it showed the new phase; None: missed
    first_ask: float | None  # the first `rerun_script` any page sent after the command's end

    @property
    def slowest(self) -> float | None:
        """When the last page showed it (None when a page missed it)."""
        if not self.shown or None in self.shown.values():
            return None
        return max(t for t in self.shown.values() if t is not None)


async def open_page(chromium: Browser, url: str, viewport: dict[str, int], wire: Wire) -> Page:
    """A page in a context of its own, watched from its first script, its websocket's sent
    frames noted in `wire`; returned once it shows a phase."""
    context = await chromium.new_context(viewport=viewport)
    await context.add_init_script(WATCH_PHASE)
    page = await context.new_page()
    page.on("websocket", lambda ws: ws.on("framesent", wire.sent))
    await page.goto(url)
    await page.locator(".cc-phase").first.wait_for(timeout=60_000)
    return page


async def shown_at(page: Page, before: str | None, since: float, offset: float) -> float | None:
    """When `page` first showed a phase text other than `before` after `since` (monotonic), or
    None if it did not within SHOWN_TIMEOUT_S."""
    try:
        await page.wait_for_function(
            CHANGED, arg=before, timeout=SHOWN_TIMEOUT_S * 1000, polling=50
        )
    except PlaywrightTimeout:
        return None
    noted: list[tuple[float, str]] = await page.evaluate("() => window.__ccPhases")
    moments = [ms / 1000 - offset for ms, text in noted if text != before]
    return next((t for t in moments if t >= since), None)


async def tab_shown_at(tab: Tab, version: int, since: float) -> float | None:
    """When a bench tab's page was drawn at `version` or later after `since`, or None if it
    was not within SHOWN_TIMEOUT_S."""
    deadline = time.monotonic() + SHOWN_TIMEOUT_S
    while time.monotonic() < deadline:
        drawn = [t for t, v in tab.shown(PAGE) if t > since and v >= version]
        if drawn:
            return drawn[0]
        await asyncio.sleep(POLL_SECONDS)
    return None


async def command(
    engine: Engine,
    key: str,
    code: str,
    pages: dict[str, Page],
    tabs: dict[str, Tab],
    wire: Wire,
    offset: float,
) -> Command:
    """End the current phase, then wait until every page and tab showed the next one."""
    before = {name: await page.evaluate(LATEST) for name, page in pages.items()}
    asks_before = len(wire.times)

    def advance() -> tuple[float, float]:
        began = time.monotonic()
        engine.advance(key)
        return began, time.monotonic()

    began, ended = await asyncio.to_thread(advance)
    view = await asyncio.to_thread(engine.public_view, code)
    shown = await asyncio.gather(
        *(shown_at(page, before[name], began, offset) for name, page in pages.items()),
        *(tab_shown_at(tab, view["version"], began) for tab in tabs.values()),
    )
    asks = [t for kind, t in wire.times[asks_before:] if kind == "ask" and t >= ended]
    asks += [run.asked for tab in tabs.values() for run in tab.runs if run.asked >= ended]
    return Command(
        f"{view['phase']} (round {view['round']})",
        began,
        ended,
        dict(zip([*pages, *tabs], shown, strict=True)),
        min(asks, default=None),
    )


@dataclass
class Figures:
    """One command against the design's limit, in seconds from the command's end."""

    took: float
    limit: float
    runs: int
    cpu: float
    served: float  # the server's last message of those runs handed to a websocket
    quickest: float  # the first page to show it


def figures(done: Command, sessions: dict[str, Session]) -> Figures | None:
    """The command's time beside its limit; None when a page missed it or no page asked."""
    slowest = done.slowest
    if slowest is None or done.first_ask is None:
        return None
    caused = [
        run
        for session in sessions.values()
        for run in session.runs
        if done.began <= run.started and run.finished <= slowest
    ]
    cpu = sum(run.cpu for run in caused)
    sent = [t for s in sessions.values() for t in s.sent if done.began <= t <= slowest]
    served = max(sent, default=done.ended) - done.ended
    quickest = min(t for t in done.shown.values() if t is not None) - done.ended
    return Figures(
        slowest - done.ended,
        done.first_ask - done.ended + cpu,
        len(caused),
        cpu,
        served,
        quickest,
    )


def report(played: list[Command], sessions: dict[str, Session]) -> None:
    """One line per command, then the p50 and p95 of both figures and their p95s' ratio."""
    print("\ncommand -> every page, beside the design's limit (ms from the command's end):")
    print(
        "   #  phase reached         command  every page  slowest page  "
        "limit = first ask + CPU of runs  server's last message  first page"
    )
    measured: list[Figures] = []
    for number, done in enumerate(played, 1):
        found = figures(done, sessions)
        head = f"  {number:2d}. {done.phase:<21} {1000 * (done.ended - done.began):7.0f}"
        if found is None:
            missed = sorted(name for name, t in done.shown.items() if t is None)
            why = f"missed by {', '.join(missed)}" if missed else "no page asked a rerun"
            print(f"{head}  not measured: {why}")
            continue
        measured.append(found)
        slowest = max(done.shown, key=lambda name: done.shown[name] or 0.0)
        first_ask, cpu = 1000 * (found.limit - found.cpu), 1000 * found.cpu
        print(
            f"{head}  {1000 * found.took:10.0f}  {slowest:<12}  {1000 * found.limit:5.0f} = "
            f"{first_ask:9.0f} + {cpu:3.0f} of {found.runs:2d}  {1000 * found.served:21.0f}  "
            f"{1000 * found.quickest:10.0f}"
        )
    if not measured:
        return
    print(f"over {len(measured)} commands, ms:")
    for label, values in (
        ("command -> every page", [f.took for f in measured]),
        ("design's limit", [f.limit for f in measured]),
        ("server's last message", [f.served for f in measured]),
        ("first page", [f.quickest for f in measured]),
    ):
        p50, p95 = (1000 * percentile(values, q) for q in (0.5, 0.95))
        print(f"  {label:<22} p50 {p50:5.0f}  p95 {p95:5.0f}")
    took = percentile([f.took for f in measured], 0.95)
    limit = percentile([f.limit for f in measured], 0.95)
    served = percentile([f.served for f in measured], 0.95)
    print(f"  ratio of the p95s: {took / limit:.2f} (goal: at most 1.5)")
    print(f"  the server's part, its last message's p95 against the limit's: {served / limit:.2f}")


async def play(
    engine: Engine, app: AppServer, trace: Path, players: int, commands: int, in_chromium: int
) -> None:
    """Seat the class, open its pages (the first `in_chromium` in Chromium, the others as
    bench tabs), make the commands, then read the server's trace."""
    long = dict.fromkeys(Engine.default_durations(), LONG_SECONDS)
    game = engine.create_game(durations=long)
    tokens = [
        engine.join(game.code, f"Student {n:02d}", browser=f"class-{n}")
        for n in range(1, players + 1)
    ]
    engine.start(game.facilitator_token)
    base = app.url
    addresses = {f"phone {n}": ("play", f"token={t}", PHONE) for n, t in enumerate(tokens, 1)}
    addresses["projector"] = ("screen", f"code={game.code}", WIDE)
    addresses["facilitator"] = ("facilitator", f"key={game.facilitator_token}", WIDE)
    offset = time.time() - time.monotonic()
    wire = Wire()
    played: list[Command] = []
    tabs = {
        name: Tab(base, page, query)
        for name, (page, query, _) in list(addresses.items())[in_chromium:]
    }
    async with async_playwright() as playwright, aiohttp.ClientSession() as http:
        chromium = await playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        following = []
        try:
            pages = {
                name: await open_page(chromium, f"{base}/{page}?{query}", viewport, wire)
                for name, (page, query, viewport) in list(addresses.items())[:in_chromium]
            }
            for tab in tabs.values():
                await tab.load()
                following.append(asyncio.create_task(tab.follow(http)))
            await asyncio.sleep(SETTLE_SECONDS)
            print(f"in Chromium: {', '.join(pages)}; bench tabs: {', '.join(tabs) or 'none'}")
            cpu_before = app.cpu_seconds()
            for _ in range(commands):
                if (await asyncio.to_thread(engine.public_view, game.code))["phase"] == FINISHED:
                    break
                played.append(
                    await command(
                        engine, game.facilitator_token, game.code, pages, tabs, wire, offset
                    )
                )
                await asyncio.sleep(BETWEEN_SECONDS)
            cpu = app.cpu_seconds() - cpu_before
        finally:
            for task in following:
                task.cancel()
            if following:
                await asyncio.wait(following, timeout=5)
            for tab in tabs.values():
                await tab.close()
            await chromium.close()
    await asyncio.sleep(TRACE_FLUSH_SECONDS)
    sessions, _ = read_trace([trace])
    report(played, sessions)
    print(
        f"server CPU over the commands: {cpu:.2f} s; over the whole run: {app.cpu_seconds():.2f} s"
    )


def load_average() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def cores() -> tuple[set[int], set[int]]:
    """The server's cores and the browsers' (the same set on a machine of one core)."""
    every = sorted(os.sched_getaffinity(0))
    return ({every[0]}, set(every[1:])) if len(every) > 1 else (set(every), set(every))


async def main(players: int, commands: int, shared: bool, in_chromium: int | None) -> None:
    print(f"load average at the start: {load_average()}")
    print(f"one class of {players} students, {commands} commands, {time.strftime('%H:%M:%S')}")
    server_cores, browser_cores = (set(os.sched_getaffinity(0)),) * 2 if shared else cores()
    print(
        f"server and PostgreSQL on cores {sorted(server_cores)}, "
        f"Chromium on {sorted(browser_cores)}"
    )
    os.sched_setaffinity(0, server_cores)  # the processes started now inherit it
    postgres = PostgresServer.start()
    with tempfile.TemporaryDirectory(prefix="cc-chromium-class-") as tmp:
        app = None
        try:
            database_url = postgres.new_database()
            trace = Path(tmp) / "trace.jsonl"
            app = AppServer(database_url, Path(tmp) / "server.log", trace=trace)
            os.sched_setaffinity(0, browser_cores)  # then Chromium's
            pages = players + 2 if in_chromium is None else in_chromium
            await play(Engine(database_url), app, trace, players, commands, pages)
        finally:
            if app is not None:
                app.stop()
            postgres.stop()
    print(f"load average at the end: {load_average()}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=5, choices=range(5, 13), metavar="5..12")
    parser.add_argument("--commands", type=int, default=8)
    parser.add_argument(
        "--shared-cores", action="store_true", help="the server and Chromium on every core"
    )
    parser.add_argument(
        "--chromium",
        type=int,
        metavar="N",
        help="only the first N pages in Chromium (phones first), the others as bench tabs",
    )
    arguments = parser.parse_args()
    asyncio.run(
        main(arguments.players, arguments.commands, arguments.shared_cores, arguments.chromium)
    )
