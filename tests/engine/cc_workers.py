"""Work for separate processes in the concurrency tests (importable by spawned children)."""

from __future__ import annotations

import traceback

from engine import Engine, RuleError

LONG = dict.fromkeys(
    ["roles", "pulse1", "merge", "pulse2", "discussion", "choice", "accusation", "reveal"], 3600
)


def stroke():
    return [[(0.1, 0.1), (0.5, 0.5), (0.9, 0.2)]]


def create_and_play(url, tag, barrier, results):
    """Open the database with another process at once, then create, fill and play games."""
    try:
        barrier.wait(timeout=60)
        engine = Engine(url)
        games = []
        for g in range(3):
            new = engine.create_game(durations=LONG)
            tokens = [engine.join(new.code, f"{tag}-{g}-{i}") for i in range(5)]
            engine.start(new.facilitator_token)
            engine.advance(new.facilitator_token)  # roles -> pulse 1
            for token in tokens:
                if engine.player_view(token)["role"] != "curator":
                    engine.submit_fragment(token, stroke(), f"{tag}-{g}-{token[:8]}")
            games.append(new.code)
        results.put((tag, "ok", games))
    except Exception:  # the parent reports whatever went wrong
        results.put((tag, "error", traceback.format_exc()))


def join_shared(url, code, tag, barrier, results):
    try:
        engine = Engine(url)
        barrier.wait(timeout=60)
        tokens = {f"{tag}{i}": engine.join(code, f"{tag}{i}") for i in range(5)}
        results.put((tag, "ok", tokens))
    except Exception:
        results.put((tag, "error", traceback.format_exc()))


def submit_shared(url, tokens, tag, barrier, results):
    """Submit every artist's fragment with the same request ids as the other process."""
    try:
        engine = Engine(url)
        barrier.wait(timeout=60)
        answers = {}
        for name, token in sorted(tokens.items()):
            try:
                answers[name] = engine.submit_fragment(token, stroke(), f"shared-{name}")
            except RuleError as error:
                answers[name] = error.key
        results.put((tag, "ok", answers))
    except Exception:
        results.put((tag, "error", traceback.format_exc()))
