"""Where a change's time goes, page by page (issue 33): the tab's own moments (bench/measure/
tab.py) beside the server's (bench/measure/run_trace.py), on the machine's one monotonic clock.

For each change that must show on a tab, and each such tab, the run that first showed it is cut
into what happened one after the other:

    command   the engine's command itself, in the bench's process (a button's click)
    push      from the command's end to the page's stream delivering the new version
    browser   from that event to the page's ask (live.js: a run in progress, its timers)
    wire in   from the ask to the server reading it off the websocket
    queue     from there to the page's script starting (behind other work for the GIL)
    run       the script's run, from start to end (the fragment's, then the page's)
    send      from the run's end to its last message handed to the websocket (the event loop)
    wire out  from there to the tab reading that last message

The design's limit for a change (issue 33): the first page's event, plus the CPU of every page
run the change caused on its game's tabs, one after the other on one core. A change whose
slowest tab took no more than that waited for nothing but the work it needed.
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from bench.measure.load_report import ChangeLike, GameLike
from bench.measure.tab import Run, Tab

SEGMENTS = ("command", "push", "browser", "wire in", "queue", "run", "send", "wire out")


@dataclass
class ServerRun:
    """One script run of one session, as the server noted it."""

    started: float
    finished: float = math.nan
    cpu: float = 0.0


@dataclass
class Session:
    """What the server noted of one tab: its asks, runs and last messages sent."""

    asked: list[float] = field(default_factory=list)
    runs: list[ServerRun] = field(default_factory=list)
    sent: list[float] = field(default_factory=list)
    messages: list[int] = field(default_factory=list)  # sent by each run, its last included


def read_trace(paths: Iterable[Path]) -> tuple[dict[str, Session], list[float]]:
    """Every session's moments, and the event loop's late wake-ups (seconds late each)."""
    sessions: dict[str, Session] = {}
    lags: list[float] = []
    for path in paths:
        for line in path.read_text().splitlines():
            what, session_id, at, extra = json.loads(line)
            if what == "lag":
                lags.append(extra)
                continue
            session = sessions.setdefault(session_id, Session())
            if what == "asked":
                session.asked.append(at)
            elif what == "started":
                session.runs.append(ServerRun(at))
            elif what == "finished" and session.runs:
                session.runs[-1].finished, session.runs[-1].cpu = at, extra
            elif what == "sent":
                session.sent.append(at)
                session.messages.append(extra[0])
    return sessions, lags


def _first(times: Iterable[float], after: float, before: float) -> float | None:
    return next((t for t in sorted(times) if after <= t <= before), None)


def _last(times: Iterable[float], after: float, before: float) -> float | None:
    inside = [t for t in times if after <= t <= before]
    return max(inside) if inside else None


def split(change: ChangeLike, tab: Tab, session: Session | None) -> dict[str, float] | None:
    """The segments of the run that first showed `change` on `tab`, or None when the tab
    showed it without a run (an event's part put in place) or the trace lacks a moment."""
    run: Run | None = next(
        (
            r
            for r in tab.runs
            if r.finished > change.at
            and change.slot in r.drawn
            and r.drawn[change.slot][0] >= change.version
        ),
        None,
    )
    heard = next((t for t, v, _ in tab.heard() if t > change.at and v >= change.version), None)
    if run is None or heard is None or session is None or heard > run.asked:
        return None
    asked = _first(session.asked, run.asked, run.finished)
    if asked is None:
        return None
    runs = [r for r in session.runs if asked <= r.started and r.finished <= run.finished]
    sent = _last(session.sent, asked, run.finished)
    if not runs or sent is None:
        return None
    moments = [
        change.at,
        change.done,
        heard,
        run.asked,
        asked,
        runs[0].started,
        runs[-1].finished,
        sent,
        run.finished,
    ]
    pairs = zip(SEGMENTS, itertools.pairwise(moments), strict=True)
    return {name: end - start for name, (start, end) in pairs}


@dataclass
class Limit:
    """One change against the design's limit."""

    took: float  # until its slowest tab showed it
    limit: float  # its first event + the CPU of the page runs it caused, in a row
    cpu: float
    runs: int


def limit_of(
    change: ChangeLike, game: GameLike, sessions: dict[str, Session], took: float
) -> Limit | None:
    """The change's time beside the design's limit: every server run of the game's tabs that
    started after the change and ended by its slowest tab's showing it is work it caused."""
    heard = [t for tab in change.targets for t, _, _ in tab.heard() if t >= change.done]
    if not heard:
        return None
    end = change.at + took
    caused = [
        r
        for tab in game.tabs
        for r in sessions.get(tab.session_id, Session()).runs
        if change.at <= r.started and r.finished <= end
    ]
    cpu = sum(r.cpu for r in caused)
    return Limit(took, min(heard) - change.at + cpu, cpu, len(caused))


def percentile(values: Sequence[float], fraction: float) -> float:
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(fraction * len(ordered)) - 1)]


def report(
    played: Sequence[GameLike],
    traces: Iterable[Path],
    kinds: Iterable[str] = ("command", "choice"),
) -> None:
    """Print the split of each kind of change (p50 and p95 of each segment, ms) and the
    commands against the design's limit."""
    sessions, lags = read_trace(traces)
    wanted = set(kinds)
    for kind in sorted(wanted):
        rows: list[dict[str, float]] = []
        limits: list[Limit] = []
        for game in played:
            for change in game.changes:
                if change.kind != kind:
                    continue
                splits = [
                    (tab, split(change, tab, sessions.get(tab.session_id)))
                    for tab in change.targets
                ]
                found = [(tab, s) for tab, s in splits if s is not None]
                rows.extend(s for _, s in found)
                if found and len(found) == len(splits):
                    took = max(sum(s.values()) for _, s in found)
                    limit = limit_of(change, game, sessions, took)
                    if limit is not None:
                        limits.append(limit)
        if not rows:
            continue
        print(
            f"\nwhere the time of '{kind}' goes, per tab that must show it (n = {len(rows)}), ms:"
        )
        print("  " + " | ".join(f"{name:>8}" for name in ("", *SEGMENTS)))
        for label, fraction in (("p50", 0.5), ("p95", 0.95)):
            cells = [percentile([r[name] for r in rows], fraction) for name in SEGMENTS]
            print("  " + " | ".join([f"{label:>8}", *(f"{1000 * c:8.0f}" for c in cells)]))
        if limits:
            took = percentile([item.took for item in limits], 0.95)
            limit = percentile([item.limit for item in limits], 0.95)
            cpu = percentile([item.cpu for item in limits], 0.5)
            runs = percentile([float(item.runs) for item in limits], 0.5)
            print(
                f"  against the design's limit (n = {len(limits)}): p95 {1000 * took:.0f} ms, "
                f"limit's p95 {1000 * limit:.0f} ms (ratio {took / limit:.2f}); "
                f"page runs' CPU p50 {1000 * cpu:.0f} ms over {runs:.0f} runs"
            )
    messages = [count for session in sessions.values() for count in session.messages]
    if messages:
        print(
            f"messages a run sends: p50 {percentile(messages, 0.5):.0f}, "
            f"p95 {percentile(messages, 0.95):.0f}, {sum(messages)} in all"
        )
    if lags:
        p50, p95 = (1000 * percentile(lags, fraction) for fraction in (0.5, 0.95))
        print(
            f"the event loop woke late {len(lags)} times (10 ms beat): "
            f"p50 {p50:.0f} ms, p95 {p95:.0f} ms, {sum(lags):.1f} s in all"
        )
