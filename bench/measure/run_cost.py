"""What one run costs the server, one at a time (no queue): a phone's live fragment
(`follow_changes` when the page is not behind: a status read and the list of who is ready),
its whole page (in a pulse, the canvas drawn), and the projector's live fragment and whole
page. Server CPU (all threads, /proc) over N runs of
each, divided by N; the wall time of each run from the tab's request to the run's end.
Then the floor (bench/measure/floor/): a page that draws, by Streamlit's own calls, exactly the
elements and components one run of that phone's whole page drew (checked), with no engine
behind it; measured the same way, and the ratio of the phone's whole page to it.

Run: .venv/bin/python -m bench.measure.run_cost [--runs 100]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from bench.measure.servers import AppServer
from bench.measure.tab import FOLLOW, Tab
from engine import Engine
from tests.engine.postgres_server import PostgresServer

NAMES = [f"Student {n:02d}" for n in range(1, 13)]


async def cost(app: AppServer, tab: Tab, what: str, runs: int) -> tuple[float, float]:
    """Mean server CPU ms and median wall ms of `runs` requests of one kind."""
    walls = []
    before = app.cpu_seconds()
    for _ in range(runs):
        part = tab.parts.get(what)
        message = tab._ask(part)  # the tab's own request, one at a time
        asked = time.monotonic()
        await tab._request(message, asked_by=what, asked_for=-1)
        walls.append(time.monotonic() - asked)
    return 1000 * (app.cpu_seconds() - before) / runs, 1000 * statistics.median(walls)


def write_messages(messages: list[ForwardMsg], path: Path) -> None:
    """Each message as a 4-byte length and its bytes, its hash left for the server to make."""
    with path.open("wb") as out:
        for message in messages:
            again = ForwardMsg()
            again.CopyFrom(message)
            again.ClearField("hash")
            raw = again.SerializeToString()
            out.write(len(raw).to_bytes(4, "big") + raw)


async def floor_cost(phone: Tab, tmp: Path, runs: int) -> tuple[float, float]:
    """Record one run of the phone's whole page, then cost the floor page that sends it."""
    phone.recorded = []
    await cost_of_run(phone)
    messages, phone.recorded = phone.recorded, None
    path = tmp / "phone-messages.bin"
    write_messages(messages, path)
    # The floor reads no database: the URL is only what AppServer passes every app.
    floor = AppServer(
        "sqlite://",
        tmp / "floor.log",
        script="bench/measure/floor/home.py",
        FLOOR_MESSAGES=str(path),
    )
    try:
        tab = Tab(floor.url, "play", "")
        await tab.load()
        tab.recorded = []
        await cost_of_run(tab)
        if shapes(tab.recorded) != shapes(messages):  # it drew what the phone's page drew
            raise RuntimeError(f"the floor drew {shapes(tab.recorded)}, not {shapes(messages)}")
        tab.recorded = None
        await cost(floor, tab, "page", 5)  # warm up
        result = await cost(floor, tab, "page", runs)
        await tab.close()
        return result
    finally:
        floor.stop()


def shapes(messages: list[ForwardMsg]) -> list[tuple[tuple[int, ...], str]]:
    """Where each delta went and what it was (an element's kind, or a block)."""
    return [
        (
            tuple(m.metadata.delta_path),
            m.delta.new_element.WhichOneof("type") or "block"
            if m.delta.WhichOneof("type") == "new_element"
            else m.delta.WhichOneof("type"),
        )
        for m in messages
    ]


async def cost_of_run(tab: Tab) -> None:
    """One whole-page run of `tab`."""
    await tab._request(tab._ask(None), asked_by="page", asked_for=-1)


async def measure(app: AppServer, engine: Engine, runs: int, tmp: Path) -> None:
    game = engine.create_game(durations={p: 3600.0 for p in ("roles", "pulse1", "merge")})
    tokens = [engine.join(game.code, name, browser=f"cost-{name}") for name in NAMES]
    engine.start(game.facilitator_token)
    engine.advance(game.facilitator_token)  # the first pulse: the phones draw their canvas
    artist = next(t for t in tokens if engine.player_view(t)["role"] != "curator")
    phone = Tab(app.url, "play", f"token={artist}")
    screen = Tab(app.url, "screen", f"code={game.code}")
    await phone.load()
    await screen.load()
    await asyncio.sleep(2)
    print("| what runs | runs | server CPU ms per run | wall ms per run (median) |")
    print("|---|---|---|---|")
    costs = {}
    for label, tab, what in [
        ("phone: its live fragment (status, ready list)", phone, FOLLOW),
        ("projector: its live fragment (status)", screen, FOLLOW),
        ("phone: whole page (first pulse, canvas)", phone, "page"),
        ("projector: whole page (first pulse)", screen, "page"),
    ]:
        await cost(app, tab, what, 5)  # warm up
        costs[label] = cpu, wall = await cost(app, tab, what, runs)
        print(f"| {label} | {runs} | {cpu:.1f} | {wall:.1f} |")
    floor_cpu, floor_wall = await floor_cost(phone, tmp, runs)
    print(
        f"| floor: the same elements, drawn by Streamlit alone | {runs} | {floor_cpu:.1f} "
        f"| {floor_wall:.1f} |"
    )
    page_cpu, page_wall = costs["phone: whole page (first pulse, canvas)"]
    ratio_cpu, ratio_wall = page_cpu / floor_cpu, page_wall / floor_wall
    print(f"\nphone page / floor: {ratio_cpu:.2f} (CPU), {ratio_wall:.2f} (wall)")
    await phone.close()
    await screen.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=100)
    args = parser.parse_args()
    postgres = PostgresServer.start()
    with tempfile.TemporaryDirectory(prefix="cc-cost-") as tmp:
        app = None
        try:
            database_url = postgres.new_database()
            app = AppServer(database_url, Path(tmp) / "server.log")
            asyncio.run(measure(app, Engine(database_url), args.runs, Path(tmp)))
        finally:
            if app is not None:
                app.stop()
            postgres.stop()


if __name__ == "__main__":
    main()
