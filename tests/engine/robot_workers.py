"""A server's robot beat in a process of its own, for test_engine_robots.py (importable by
spawned children)."""

from __future__ import annotations

import time
import traceback

from engine import Engine

#: Robots that move as soon as they may: the two processes race for every move.
AT_ONCE = (0.0, 0.0)
#: Long enough for a whole game of robots on a busy machine, short of a hung test.
MOST_SECONDS = 90.0


def step_robots(url, code, tag, barrier, results):
    """Beat the robots (`Engine.play_robots`, as a server's keeper does) until game `code`
    ends; report how many beats this process made while it ran."""
    try:
        engine = Engine(url, robot_seconds=AT_ONCE)
        barrier.wait(timeout=60)
        deadline = time.monotonic() + MOST_SECONDS
        beats = 0
        while engine.public_view(code)["phase"] != "finished":
            assert time.monotonic() < deadline, f"game {code} did not end"
            engine.play_robots()
            beats += 1
        results.put((tag, "ok", beats))
    except Exception:  # the parent reports whatever went wrong
        results.put((tag, "error", traceback.format_exc()))
