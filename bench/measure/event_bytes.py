"""The bytes of one push event (ui/push.py): a Crossed Canvas lobby with `--students`
students, each with the face of their seat, as every tab of the game gets it when one more
joins. What a roster carries per student shows here first: a name, and a face's address.

Run: .venv/bin/python -m bench.measure.event_bytes [--students 12]
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from engine import Engine
from ui.push import PushHub


def event_bytes(students: int) -> int:
    """The size in bytes of the event that tells the last join of `students` (UTF-8)."""
    with tempfile.TemporaryDirectory(prefix="cc-event-") as tmp:
        engine = Engine(f"sqlite:///{Path(tmp) / 'event.db'}", seed=1)
        game = engine.create_game()
        for n in range(1, students + 1):
            engine.join(game.code, f"Student {n:02d}")
        hub = PushHub(engine, watch_seconds=3600.0)
        try:
            _, event = hub._event(game.code, engine.versions([game.code])[game.code])
        finally:
            hub.stop()
        return len(event.encode())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=12)
    args = parser.parse_args()
    print(f"one lobby push event, {args.students} students: {event_bytes(args.students)} bytes")


if __name__ == "__main__":
    main()
