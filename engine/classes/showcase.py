"""Which table's showcase (its reveal, its scores) the class projector shows, and for how long
each waiting one stays in it: the class sees every table's, one at a time, in the order they
reached it, each for its whole length. Pure: a table comes in as its row or its view's facts.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from engine.declaration import GameDeclaration


class TableFacts(Protocol):
    """What this module reads of a class's table (a Game row or its GameFacts)."""

    @property
    def table(self) -> int | None: ...
    @property
    def phase(self) -> str: ...
    @property
    def phase_started_at(self) -> float | None: ...
    @property
    def deadline(self) -> float | None: ...
    @property
    def paused(self) -> bool: ...
    @property
    def durations(self) -> Mapping[str, float | None]: ...


@dataclass(frozen=True)
class Showing:
    """A table in its showcase: its number, when it got there, when its showcase ends (None:
    no clock runs, it is untimed or paused) and the showcase's whole length (None: untimed)."""

    table: int
    began: float
    ends: float | None
    length: float | None = None


def showing(tables: Iterable[TableFacts], kind: GameDeclaration) -> list[Showing]:
    """The tables in their showcase, as the functions below read them."""
    return [
        Showing(
            t.table or 0,
            t.phase_started_at or 0.0,
            None if t.paused else t.deadline,
            t.durations.get(kind.table.timer_of(t.phase)),
        )
        for t in tables
        if t.phase in kind.showcase
    ]


def projector_queue(shows: Sequence[Showing]) -> list[int]:
    """The tables in the order they take the projector: the first to get there shows now,
    then the next (the lowest numbered first when they got there together)."""
    return [s.table for s in sorted(shows, key=lambda s: (s.began, s.table))]


def queued_ends(shows: Sequence[Showing], taken_at: float | None = None) -> dict[int, float]:
    """When each waiting table's showcase must end so that it has its whole length on the
    projector after the one before it: {table: end}, only for tables whose end changes. The
    one showing keeps its own end, unless it took the projector at `taken_at` (the one before
    it ended early): then it has its whole length from there. Behind a table with no clock,
    the rest wait as they are."""
    by_table = {s.table: s for s in shows}
    order = projector_queue(shows)
    ends: dict[int, float] = {}
    if not order:
        return ends
    head = by_table[order[0]]
    previous = head.ends
    if taken_at is not None and head.ends is not None and head.length is not None:
        whole = taken_at + head.length
        if head.ends > whole:  # it waited behind a showcase that ended early
            previous = ends[head.table] = whole
    for number in order[1:]:
        table = by_table[number]
        if previous is None or table.ends is None or table.length is None:
            break
        end = previous + table.length
        if end != table.ends:
            ends[number] = end
        previous = end
    return ends
