"""Work for separate processes in the Canvas Critters race tests (importable by spawned
children)."""

from __future__ import annotations

import traceback

from engine import Engine, RuleError


def take_last(url, kind, halves, tag, barrier, results):
    """Each of this process's players (its half of `halves`, by tag) tries to take a `kind`."""
    try:
        engine = Engine(url)
        mine = halves[0] if tag == "P" else halves[1]
        barrier.wait(timeout=60)
        answers = {}
        for name, token in sorted(mine.items()):
            try:
                answers[name] = engine.take_piece(token, kind, 0.5, 0.5, f"last-{name}")
            except RuleError as error:
                answers[name] = error.key
        results.put((tag, "ok", answers))
    except Exception:  # the parent reports whatever went wrong
        results.put((tag, "error", traceback.format_exc()))
