"""Does a bench tab (bench/measure/tab.py) ask the server for what a browser asks? One game on one
app server: one artist's phone in real Chromium, another artist's phone as a bench tab, the
same steps for both, and for each step the reruns each phone asked and what ran.

Run: .venv/bin/python -m bench.measure.browser_check     (Debian's Chromium, a throwaway PostgreSQL)

Steps, made through the engine as in bench/measure/load.py: the facilitator starts the first pulse;
three other artists submit a second apart; the facilitator pauses, resumes, ends the pulse
and starts the second one (a canvas over the first pulse's drawing).
Chromium's side is read from its websocket frames: each `rerun_script` it sent (which live
part asked, read from the trigger it carries, and whether it names a fragment) and each run
the server started (`new_session`: a fragment's run names its fragments) and how it ended.
"""

from __future__ import annotations

import asyncio
import tempfile
import time
import uuid
from collections import Counter
from pathlib import Path

import aiohttp
from playwright.async_api import async_playwright
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from bench.measure.servers import AppServer
from bench.measure.tab import Tab
from engine import Engine
from tests.engine.postgres_server import PostgresServer

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]
NAMES = ["Ana", "Bea", "Cruz", "Dana", "Eli", "Fay", "Gus"]
STROKES = [[(0.1 + i / 50, 0.2 + (i % 7) / 20) for i in range(30)]]
SETTLE = 4.0  # seconds after each step for the phones to catch up


class Wire:
    """What a browser page sent and received on Streamlit's websocket, in order."""

    def __init__(self) -> None:
        self.log: list[tuple[str, str]] = []
        self.times: list[tuple[str, float]] = []  # ("ask" or "end", time.monotonic())

    def sent(self, payload: str | bytes) -> None:
        message = BackMsg.FromString(payload if isinstance(payload, bytes) else payload.encode())
        if message.WhichOneof("type") != "rerun_script":
            return
        rerun = message.rerun_script
        asked = [
            w.id.rsplit("-", 1)[-1].removesuffix("__events")
            for w in rerun.widget_states.widgets
            if w.json_trigger_value and "cc_" in w.id
        ]
        if asked:
            who = asked[0]
        else:  # which widgets' values it carried
            valued = [w.id.rsplit("-", 1)[-1] for w in rerun.widget_states.widgets]
            who = f"(no live part; widgets: {', '.join(sorted(valued))})"
        self.log.append(("ask", f"{who}{' +fragment_id' if rerun.fragment_id else ''}"))
        self.times.append(("ask", time.monotonic()))

    def received(self, payload: str | bytes) -> None:
        if isinstance(payload, str):
            return
        message = ForwardMsg.FromString(payload)
        kind = message.WhichOneof("type")
        if kind == "new_session":
            self.log.append(("run", "fragment" if message.metadata.run.fragment_ids else "page"))
        elif kind == "script_finished":
            status = ForwardMsg.ScriptFinishedStatus.Name(message.script_finished)
            self.log.append(("end", status))
            if status != "FINISHED_EARLY_FOR_RERUN":
                self.times.append(("end", time.monotonic()))


def tab_log(tab: Tab, since: int) -> list[tuple[str, str]]:
    """The same record for a bench tab, from its runs."""
    log = []
    for run in tab.runs[since:]:
        log.append(("ask", f"{run.asked_by or '(load)'}{' +fragment_id' if run.fragment else ''}"))
        if run.fragment:
            log.append(("run", "fragment"))
        if run.page:
            log.append(("run", "page"))
    return log


def ask_to_end(times: list[tuple[str, float]]) -> list[float]:
    """Milliseconds from each request to the end of the run that answered it."""
    spans, asked = [], None
    for kind, at in times:
        if kind == "ask":
            asked = at
        elif asked is not None:
            spans.append(1000 * (at - asked))
            asked = None
    return spans


def summary(log: list[tuple[str, str]]) -> str:
    counts = Counter(f"{kind} {what}" for kind, what in log if kind != "end")
    return ", ".join(f"{n} x {what}" for what, n in sorted(counts.items())) or "nothing"


async def main() -> None:
    postgres = PostgresServer.start()
    with tempfile.TemporaryDirectory(prefix="cc-check-") as tmp:
        app = None
        try:
            database_url = postgres.new_database()
            engine = Engine(database_url)
            app = AppServer(database_url, Path(tmp) / "server.log", CC_FALLBACK_POLL_SECONDS="0")
            await check(engine, app.url)
        finally:
            if app is not None:
                app.stop()
            postgres.stop()


async def check(engine: Engine, base: str) -> None:
    game = engine.create_game(durations={p: 3600.0 for p in ("roles", "pulse1", "merge")})
    tokens = {name: engine.join(game.code, name, browser=f"check-{name}") for name in NAMES}
    engine.start(game.facilitator_token)
    roles = {name: engine.player_view(token)["role"] for name, token in tokens.items()}
    artists = [name for name, role in roles.items() if role != "curator"]
    browser_name, bench_name, *others = artists
    print(f"Chromium: {browser_name}'s phone; bench tab: {bench_name}'s phone")

    async with async_playwright() as playwright, aiohttp.ClientSession() as http:
        chromium = await playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        context = await chromium.new_context(viewport={"width": 360, "height": 740})
        page = await context.new_page()
        wire = Wire()
        page.on(
            "websocket",
            lambda ws: (ws.on("framesent", wire.sent), ws.on("framereceived", wire.received)),
        )
        streams: list[str] = []  # the push streams Chromium's page opened
        page.on("request", lambda r: streams.append(r.url) if "/cc-events/" in r.url else None)
        await page.goto(f"{base}/play?token={tokens[browser_name]}")
        await page.locator(".cc-timer:visible").wait_for()
        tab = Tab(base, "play", f"token={tokens[bench_name]}")
        await tab.load()
        following = asyncio.create_task(tab.follow(http))
        await asyncio.sleep(SETTLE)
        print(f"loaded; push streams opened: Chromium {len(streams)}, bench {tab.streams_opened}")

        async def step(name: str, *commands) -> None:
            browser_from, tab_from = len(wire.log), len(tab.runs)
            streams_from, tab_streams_from = len(streams), tab.streams_opened
            for command in commands:
                await asyncio.to_thread(command)
                await asyncio.sleep(1.0)
            await asyncio.sleep(SETTLE)
            print(f"\n{name}")
            print(f"  Chromium: {summary(wire.log[browser_from:])}")
            print(f"  bench:    {summary(tab_log(tab, tab_from))}")
            print(
                f"  push streams opened: Chromium {len(streams) - streams_from}, "
                f"bench {tab.streams_opened - tab_streams_from}"
            )
            ends = Counter(what for kind, what in wire.log[browser_from:] if kind == "end")
            print(f"  (Chromium's runs ended: {dict(ends)})")

        browser_times, tab_runs = len(wire.times), len(tab.runs)
        key = game.facilitator_token
        await step("facilitator: start the first pulse", lambda: engine.advance(key))
        submits = [
            (lambda t=tokens[n]: engine.submit_fragment(t, STROKES, uuid.uuid4().hex))
            for n in others[:3]
        ]
        await step("three other artists submit", *submits)
        await step("facilitator: pause", lambda: engine.pause(key))
        await step("facilitator: resume", lambda: engine.resume(key))
        await step("facilitator: end the pulse", lambda: engine.advance(key))
        await step("facilitator: start the second pulse", lambda: engine.advance(key))
        browser_ms = sorted(ask_to_end(wire.times[browser_times:]))
        tab_ms = sorted(1000 * run.seconds for run in tab.runs[tab_runs:])
        print("\nrequest -> end of its run, ms (min / median / max):")
        for who, spans in (("Chromium", browser_ms), ("bench", tab_ms)):
            if spans:
                middle = spans[len(spans) // 2]
                print(f"  {who}: {spans[0]:.0f} / {middle:.0f} / {spans[-1]:.0f} ({len(spans)})")
        print(f"push streams opened: Chromium {len(streams)}, bench {tab.streams_opened}")
        following.cancel()
        await asyncio.wait([following], timeout=5)
        await tab.close()
        await chromium.close()
    print(f"\ndone {time.strftime('%H:%M:%S')}; bench tab errors: {tab.error or 'none'}")


if __name__ == "__main__":
    asyncio.run(main())
