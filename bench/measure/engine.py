"""Engine benchmark: latency of the hot calls and throughput with concurrent games.

Run: .venv/bin/python -m bench.measure.engine [--games 1,10,30] [--polls 10]

Every number comes from a real SQLite file in a temporary folder (WAL, as in the app) and the
system clock; games use long phases so only actions and the facilitator move them on.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
import time
from collections import defaultdict
from pathlib import Path

from engine import Engine
from tests.engine.cc_support import NAMES

LONG = dict.fromkeys(
    ["roles", "pulse1", "merge", "pulse2", "discussion", "choice", "accusation", "reveal"], 3600
)
STROKE = [[(0.1 + i / 100, 0.2 + (i % 7) / 20) for i in range(60)]]


class Timer:
    """Collects call durations in milliseconds, per operation name."""

    def __init__(self) -> None:
        self.samples: dict[str, list[float]] = defaultdict(list)
        self.lock = threading.Lock()

    def __call__(self, name, function, *args):
        started = time.perf_counter()
        result = function(*args)
        elapsed = (time.perf_counter() - started) * 1000
        with self.lock:
            self.samples[name].append(elapsed)
        return result


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def new_game(engine: Engine) -> tuple[str, str, dict[str, str]]:
    game = engine.create_game(durations=LONG)
    tokens = {name: engine.join(game.code, name) for name in NAMES}
    engine.start(game.facilitator_token)
    return game.code, game.facilitator_token, tokens


def play_game(engine, code, fac, tokens, timer=None, polls=0) -> int:
    """Play a 12-player game to the end with real actions; returns the number of commands."""
    timed = timer or (lambda _name, function, *args: function(*args))
    actions = 0
    request = 0

    def poll():
        for _ in range(polls):
            timed("tick", engine.tick, code)
            timed("public_view", engine.public_view, code)
            timed("facilitator_view", engine.facilitator_view, fac)
            for token in list(tokens.values())[:3]:
                timed("player_view", engine.player_view, token)

    for _round in range(len(tokens)):
        views = {name: engine.player_view(token) for name, token in tokens.items()}
        curator = next(n for n, v in views.items() if v["role"] == "curator")
        distorter = next(n for n, v in views.items() if v["role"] == "distorter")
        true_id = next(v["target"]["id"] for v in views.values() if v["role"] == "loyal")
        signatures = {n: v["signature"] for n, v in views.items()}
        poll()
        engine.advance(fac)  # roles -> pulse 1
        actions += 1
        for pulse in (1, 2):
            for name, token in tokens.items():
                if name == curator:
                    continue
                request += 1
                timed("submit_fragment", engine.submit_fragment, token, STROKE, f"f{request}")
                actions += 1
                if name == distorter:
                    poll()  # mid-pulse: the views everyone polls
            if pulse == 1:
                engine.advance(fac)  # merge -> pulse 2
                actions += 1
        poll()
        engine.advance(fac)  # discussion -> choice
        actions += 1
        request += 1
        engine.choose(tokens[curator], true_id, f"c{request}")
        actions += 1
        for name, token in tokens.items():
            target = (
                signatures[distorter]
                if name != distorter
                else signatures[next(n for n in tokens if n not in (curator, distorter))]
            )
            request += 1
            timed("accuse", engine.accuse, token, target, f"v{request}")
            actions += 1
        poll()
        engine.advance(fac)  # reveal -> next round or finished
        actions += 1
    assert engine.public_view(code)["phase"] == "finished"
    return actions


def latencies(folder: Path, polls: int) -> dict[str, list[float]]:
    engine = Engine(f"sqlite:///{folder / 'latency.db'}")
    timer = Timer()
    for _ in range(2):  # two whole games: enough samples, and a warm second one
        code, fac, tokens = new_game(engine)
        play_game(engine, code, fac, tokens, timer, polls)
    return timer.samples


def throughput(folder: Path, games: int) -> tuple[int, float]:
    engine = Engine(f"sqlite:///{folder / f'throughput-{games}.db'}")
    prepared = [new_game(engine) for _ in range(games)]
    counts = [0] * games
    barrier = threading.Barrier(games + 1)

    def run(index):
        barrier.wait()
        counts[index] = play_game(engine, *prepared[index])

    threads = [threading.Thread(target=run, args=(i,)) for i in range(games)]
    for thread in threads:
        thread.start()
    barrier.wait()
    started = time.perf_counter()
    for thread in threads:
        thread.join()
    return sum(counts), time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="1,10,30", help="concurrent games to measure")
    parser.add_argument("--polls", type=int, default=10, help="view polls per checkpoint")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="crossed-bench-") as tmp:
        folder = Path(tmp)
        python = sys.version.split()[0]
        print(f"Crossed Canvas engine benchmark: 12-player games on SQLite, Python {python}")
        samples = latencies(folder, args.polls)
        print("\nLatency per call (ms), 12-player game on a SQLite file")
        print(f"{'call':<18}{'samples':>9}{'p50':>9}{'p95':>9}{'mean':>9}")
        for name in (
            "submit_fragment",
            "accuse",
            "tick",
            "public_view",
            "player_view",
            "facilitator_view",
        ):
            values = samples[name]
            print(
                f"{name:<18}{len(values):>9}{statistics.median(values):>9.2f}"
                f"{percentile(values, 0.95):>9.2f}{statistics.fmean(values):>9.2f}"
            )
        print("\nThroughput: whole games played at once, threads sharing one Engine")
        print(f"{'games':>6}{'actions':>9}{'seconds':>9}{'actions/s':>11}")
        for games in (int(g) for g in args.games.split(",")):
            actions, seconds = throughput(folder, games)
            print(f"{games:>6}{actions:>9}{seconds:>9.2f}{actions / seconds:>11.0f}")


if __name__ == "__main__":
    main()
