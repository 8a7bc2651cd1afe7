"""bench/measure/load.py's figures: propagation per kind of change, the servers' cost, and a plot.

Kept apart from the load itself so the arithmetic can be read on its own: when did a change
reach the tabs that must show it (see load.py's docstring for the kinds).
"""

from __future__ import annotations

import bisect
import json
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from bench.measure.tab import Tab

#: One row per kind of change and where it must show (load.py ROUTES), with its label.
ROWS = {
    ("join", "projector"): "join -> projector roster",
    ("join", "phones"): "join -> other phones' list",
    ("submit", "projector"): "submit -> projector ready count",
    ("submit", "phones"): "submit -> other phones' ready list",
    ("vote", "projector"): "vote -> projector ready count",
    ("vote", "phones"): "vote -> other phones' ready list",
    ("command", "phones"): "command -> every phone's phase",
    ("choice", "phones"): "choice -> every phone's phase",
    ("pause", "projector"): "pause -> projector countdown",
    ("pause", "phones"): "pause -> every phone's countdown",
    ("resume", "projector"): "resume -> projector countdown",
    ("resume", "phones"): "resume -> every phone's countdown",
    ("+30 s", "projector"): "+30 s -> projector countdown",
    ("+30 s", "phones"): "+30 s -> every phone's countdown",
    # Canvas Critters' moves (bench/measure/players.py), then Canvas Layers'.
    ("theme", "projector"): "theme -> projector's round",
    ("theme", "phones"): "theme -> other phones' round",
    ("take piece", "projector"): "take piece -> projector pile",
    ("take piece", "phones"): "take piece -> other phones' pile",
    ("finish", "projector"): "finish -> projector ready count",
    ("finish", "phones"): "finish -> other phones' ready list",
    ("title", "projector"): "title -> projector ready count",
    ("title", "phones"): "title -> other phones' ready list",
    ("award", "projector"): "award -> projector ready count",
    ("award", "phones"): "award -> other phones' ready list",
    ("take card", "projector"): "take card -> projector's turn",
    ("take card", "phones"): "take card -> other phones' turn",
    ("complete", "projector"): "complete -> projector's turn",
    ("complete", "phones"): "complete -> other phones' turn",
    ("pick", "projector"): "pick -> projector's winner",
    ("pick", "phones"): "pick -> other phones' winner",
}
KINDS = (
    *("join", "submit", "vote", "command", "choice", "pause", "resume", "+30 s"),
    *("theme", "take piece", "finish", "title", "award", "take card", "complete", "pick"),
)
#: The plot's colour of each kind (none is the goal line's red).
COLOURS = dict(
    zip(
        KINDS,
        (
            *("#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf"),
            *("#7f7f7f", "#bcbd22", "#aec7e8", "#ffbb78", "#98df8a", "#ff9896", "#c5b0d5"),
            *("#c49c94", "#f7b6d2"),
        ),
        strict=True,
    )
)
GOAL_SECONDS = 0.3  # issue 9: propagation p95 at most 300 ms


class ChangeLike(Protocol):
    kind: str
    shown: str
    at: float
    version: int
    targets: list[Tab]
    slot: str
    done: float


class GameLike(Protocol):
    tabs: list[Tab]
    changes: list[ChangeLike]


def reached(change: ChangeLike) -> tuple[float, float] | None:
    """Seconds until the change showed on every one of its tabs (the slowest): the live part
    that shows it (`change.slot`) was drawn at the change's version or later; and until the
    slowest of them heard of it on its push stream. None if a tab never showed it,
    NaNs if none was open yet when the change was made."""
    shown_after, heard_after = [], []
    for tab in change.targets:
        if not tab.runs or tab.runs[0].finished >= change.at:
            continue  # opened after the change: its first run showed it anyway
        drawn = (t for t, v in tab.shown(change.slot) if t > change.at and v >= change.version)
        shown_after.append(next(drawn, math.inf) - change.at)
        events = (t for t, v, _ in tab.heard() if t > change.at and v >= change.version)
        heard_after.append(next(events, math.inf) - change.at)
    if not shown_after:
        return math.nan, math.nan
    if math.isinf(max(shown_after)):
        return None
    return max(shown_after), max(heard_after)


@dataclass
class Cost:
    """The runs one kind of change caused, summed over a class's tabs."""

    changes: int = 0  # distinct changes of this kind (one command, one submit...)
    phone_pages: int = 0  # a phone's whole page ran (its cc_follow asked, the page was behind)
    phone_parts: int = 0  # only a fragment ran: who_is_ready (or follow_changes, not behind)
    other_pages: int = 0  # the projector's and the facilitator's whole page


def caused(played: Sequence[GameLike]) -> dict[str, Cost]:
    """Each rerun a tab asked, put down to the newest change its part had heard of when it
    asked (several changes heard at once count for the newest); first loads are left out."""
    costs = {kind: Cost() for kind in KINDS}
    for game in played:
        kinds = {change.version: change.kind for change in game.changes}
        for kind in kinds.values():
            costs[kind].changes += 1
        versions = sorted(kinds)
        for tab in game.tabs:
            for run in tab.runs:
                if not run.asked_by:
                    continue
                index = bisect.bisect_right(versions, run.asked_for) - 1
                if index < 0:
                    continue
                cost = costs[kinds[versions[index]]]
                if tab.page != "play":
                    cost.other_pages += run.page
                elif run.page:
                    cost.phone_pages += 1
                else:
                    cost.phone_parts += 1
    return costs


@dataclass
class Kind:
    delays: list[float] = field(default_factory=list)  # until shown
    heard: list[float] = field(default_factory=list)  # until the stream's event came
    missed: int = 0

    def percentile(self, fraction: float, heard: bool = False) -> float:
        values = self.heard if heard else self.delays
        if not values:
            return math.nan
        ordered = sorted(values)
        return ordered[min(len(ordered) - 1, math.ceil(fraction * len(ordered)) - 1)]


@dataclass
class Level:
    """Everything measured for one K."""

    games: int
    servers: int
    tabs: int
    reruns: int
    seconds: float
    cores: list[float]  # each server's mean CPU, then the load generator's
    rss_mb: list[float]
    grown_mb: float
    kinds: dict[tuple[str, str], Kind]
    errors: list[str]
    #: (page, "page" or "fragment") -> each rerun's ask -> finished (not the first load); a
    #: "page" run includes the fragment that found the page behind and reran it
    run_seconds: dict[tuple[str, str], Kind]
    costs: dict[str, Cost]

    @classmethod
    def of(
        cls,
        games: int,
        servers: int,
        played: Sequence[GameLike],
        cores: list[float],
        grown_mb: float,
        rss_mb: list[float],
        seconds: float,
    ) -> Level:
        kinds = {row: Kind() for row in ROWS}
        for game in played:
            for change in game.changes:
                delays = reached(change)
                kind = kinds[change.kind, change.shown]
                if delays is None:
                    kind.missed += 1
                elif not math.isnan(delays[0]):
                    kind.delays.append(delays[0])
                    kind.heard.append(delays[1])
        tabs = [tab for game in played for tab in game.tabs]
        run_seconds: dict[tuple[str, str], Kind] = {}
        for tab in tabs:
            for run in tab.runs[1:]:
                what = "page" if run.page else "fragment"
                run_seconds.setdefault((tab.page, what), Kind()).delays.append(run.seconds)
        return cls(
            games,
            servers,
            len(tabs),
            sum(max(0, len(tab.runs) - 1) for tab in tabs),
            seconds,
            cores,
            rss_mb,
            grown_mb,
            kinds,
            [tab.error for tab in tabs if tab.error],
            run_seconds,
            caused(played),
        )


def _ms(seconds: float) -> str:
    return "-" if math.isnan(seconds) else f"{1000 * seconds:.0f}"


def report(levels: Iterable[Level], *, header: bool) -> None:
    """A Markdown table: one row per K and kind of change, then the servers' cost."""
    levels = list(levels)
    if header:
        print(
            "\n| K | servers | change -> seen on | n | p50 ms | p95 ms | max ms | missed "
            "| event p50 / p95 ms |"
        )
        print("|---|---|---|---|---|---|---|---|---|")
    for level in levels:
        for row, kind in level.kinds.items():
            if not kind.delays and not kind.missed:
                continue
            print(
                f"| {level.games} | {level.servers} | {ROWS[row]} | "
                f"{len(kind.delays)} | {_ms(kind.percentile(0.5))} | "
                f"{_ms(kind.percentile(0.95))} | {_ms(max(kind.delays, default=math.nan))} | "
                f"{kind.missed} | {_ms(kind.percentile(0.5, heard=True))} / "
                f"{_ms(kind.percentile(0.95, heard=True))} |"
            )
    if header:
        print(
            "\n| K | servers | tabs | reruns/s | server CPU (cores) | bench CPU | RSS MB "
            "| MB per tab | errors |"
        )
        print("|---|---|---|---|---|---|---|---|---|")
    for level in levels:
        print(
            f"| {level.games} | {level.servers} | {level.tabs} | "
            f"{level.reruns / level.seconds:.1f} | "
            f"{' + '.join(f'{c:.2f}' for c in level.cores[:-1])} | {level.cores[-1]:.2f} | "
            f"{' + '.join(f'{r:.0f}' for r in level.rss_mb)} | "
            f"{level.grown_mb / max(1, level.tabs):.2f} | {len(level.errors)} |"
        )
        for error in sorted(set(level.errors))[:3]:
            print(f"    {error}")
    if header:
        print(
            "\n| K | servers | change | changes | phone page runs | phone fragment runs "
            "| projector + facilitator page runs |"
        )
        print("|---|---|---|---|---|---|---|")
    for level in levels:
        for kind, cost in level.costs.items():
            if not cost.changes:
                continue
            each = max(1, cost.changes)
            print(
                f"| {level.games} | {level.servers} | {kind} | {cost.changes} | "
                f"{cost.phone_pages / each:.1f} | {cost.phone_parts / each:.1f} | "
                f"{cost.other_pages / each:.1f} |"
            )
    if header:
        print("\n| K | servers | page | run | reruns | rerun min ms | p50 ms | p95 ms |")
        print("|---|---|---|---|---|---|---|---|")
    for level in levels:
        for (page, what), runs in sorted(level.run_seconds.items()):
            print(
                f"| {level.games} | {level.servers} | {page} | {what} | {len(runs.delays)} | "
                f"{_ms(min(runs.delays))} | {_ms(runs.percentile(0.5))} | "
                f"{_ms(runs.percentile(0.95))} |"
            )


def write_plot(levels: Sequence[Level], path: Path) -> None:
    """Propagation p95 per kind against K, with the 300 ms goal, as a PNG (Pillow: matplotlib
    is not among the project's packages). The p95s are kept beside it (same name, .json) and
    the picture shows every K stored there, so one-server and two-server runs (separate
    invocations) share a picture; a K measured again replaces its old figures."""
    from PIL import Image, ImageDraw

    stored_path = path.with_suffix(".json")
    stored = json.loads(stored_path.read_text()) if stored_path.exists() else {}
    for lv in levels:
        p95 = {
            label: lv.kinds[row].percentile(0.95)
            for row, label in ROWS.items()
            if lv.kinds[row].delays
        }
        stored[str(lv.games)] = {"servers": lv.servers, "p95_seconds": p95}
    path.parent.mkdir(parents=True, exist_ok=True)
    stored_path.write_text(json.dumps(stored, indent=1, sort_keys=True) + "\n")

    width, height, left, bottom, top, right = 960, 540, 80, 60, 40, 260
    image = Image.new("RGB", (width, height), "white")
    draw = ImageDraw.Draw(image)
    runs = sorted((int(k), figures) for k, figures in stored.items())
    points = {
        label: [(k, f["p95_seconds"][label]) for k, f in runs if label in f["p95_seconds"]]
        for label in ROWS.values()
    }
    most_k = max(k for k, _ in runs)
    # A log scale: the goal (0.3 s) and a saturated server (tens of seconds) on one picture.
    low, high = 0.1, max([1.0] + [s for line in points.values() for _, s in line]) * 1.2

    def at(k: float, s: float) -> tuple[float, float]:
        x = left + (width - left - right) * k / most_k
        share = math.log(max(s, low) / low) / math.log(high / low)
        return x, height - bottom - (height - top - bottom) * share

    draw.line([at(0, low), at(most_k, low)], fill="black")
    draw.line([at(0, low), at(0, high)], fill="black")
    for k, figures in runs:
        x, y = at(k, low)
        servers = figures["servers"]
        draw.text(
            (x - 8, y + 8), f"{k}" + (f" ({servers} servers)" if servers > 1 else ""), fill="black"
        )
    for tick in (0.1, 0.3, 1, 3, 10, 30, 100):
        if tick <= high:
            x, y = at(0, tick)
            draw.text((x - 50, y - 6), f"{tick:g} s", fill="black")
    draw.line([at(0, GOAL_SECONDS), at(most_k, GOAL_SECONDS)], fill="#b00020")
    goal_x, goal_y = at(most_k, GOAL_SECONDS)
    draw.text((goal_x + 6, goal_y - 6), "goal 300 ms", fill="#b00020")
    # One colour per kind; what the phones show (their own lists, their phase) in thin lines
    # and open dots, what the projector shows in thick lines and full dots.
    drawn = [(row, line) for row, line in zip(ROWS, points.values(), strict=True) if line]
    for number, ((kind, shown), line) in enumerate(drawn):
        colour = COLOURS[kind]
        thick = shown == "projector"
        xy = [at(k, s) for k, s in line]
        if len(xy) > 1:
            draw.line(xy, fill=colour, width=3 if thick else 1)
        for x, y in xy:
            box = [x - 4, y - 4, x + 4, y + 4]
            draw.ellipse(box, fill=colour if thick else "white", outline=colour, width=2)
        label = ROWS[kind, shown]
        draw.text((width - right + 20, top + 20 * number + 40), label, fill=colour)
    draw.text(
        (left, 10),
        "Propagation p95 (log scale) against games of 12 students + a projector",
        fill="black",
    )
    draw.text(((width - right) / 2, height - 25), "games (K)", fill="black")
    draw.text((width - right + 20, top + 10), "full dots: projector; open: phones", fill="black")
    image.save(path)
