"""Seating a class at tables: how many tables, how large, and who moves when a student joins.

Pure functions, no database: the service feeds them the tables still in their lobby and
applies what they return. A class of 28 sits at 10, 9 and 9: the fewest tables that fit, as
even as possible, larger first. Students the teacher moved are pinned: a plan never moves
them, and a table keeps at least its pinned students even if that makes it uneven. The sizes a
table may have (`fewest`, `most`) are the game's, passed by the caller.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Seat:
    """A seated student: `id` orders joins (a larger id joined later)."""

    id: int
    pinned: bool = False


def table_sizes(n: int, fewest: int, most: int) -> list[int]:
    """The sizes of the fewest tables of `fewest` to `most` that seat `n`, as even as possible,
    larger first. Under `fewest` students: one table, too small to start until more come."""
    if n <= 0:
        return []
    count = -(-n // most)  # ceil: the fewest tables of `most` that hold everyone
    base, extra = divmod(n, count)
    sizes = [base + 1] * extra + [base] * (count - extra)
    # With count = ceil(n / most), two or more tables hold over most * (count - 1) / count
    # >= most / 2 each on average: always at least `fewest` when most >= 2 * fewest - 2.
    assert count == 1 or sizes[-1] >= fewest, (n, fewest, most)
    return sizes


def arrange(
    tables: Mapping[int, Sequence[Seat]],
    newcomers: Sequence[int],
    new_numbers: Iterator[int],
    *,
    fewest: int,
    most: int,
) -> dict[int, list[int]]:
    """Where everyone at these open tables (table number -> seats, in join order) and the
    `newcomers` (ids, in join order) sit next: table number -> ids. Tables beyond those given
    take their numbers from `new_numbers`.

    The fewest tables that fit (`table_sizes`) are kept in use: those with pinned students
    first, then the fullest. A table over its share gives up its most recently joined
    unpinned students; those and the newcomers fill, in join order, the tables under their
    share, lowest number first. Everyone else stays where they are.
    """
    total = sum(len(seats) for seats in tables.values()) + len(newcomers)
    wanted = len(table_sizes(total, fewest, most))
    numbers = list(tables)
    while len(numbers) < wanted:
        numbers.append(next(new_numbers))
    targets = _targets({n: tables.get(n, ()) for n in numbers}, total, wanted)
    seated: dict[int, list[int]] = {number: [] for number in numbers}
    pool: list[int] = []
    for number, seats in tables.items():
        unpinned = sorted((s.id for s in seats if not s.pinned), reverse=True)
        leaving = set(unpinned[: max(0, len(seats) - targets.get(number, 0))])
        seated[number] = [s.id for s in seats if s.id not in leaving]
        pool.extend(leaving)
    pool.sort()
    pool.extend(newcomers)
    for number, target in sorted(targets.items()):
        while len(seated[number]) < target:
            seated[number].append(pool.pop(0))
    assert not pool, pool
    return seated


def _targets(tables: Mapping[int, Sequence[Seat]], total: int, wanted: int) -> dict[int, int]:
    """How many sit at each table in use: `wanted` tables (more if pins keep more busy),
    filled level by level above each one's pinned students, the fullest taking the rest."""
    pinned = {n: sum(s.pinned for s in seats) for n, seats in tables.items()}
    by_claim = sorted(tables, key=lambda n: (-pinned[n], -len(tables[n]), n))
    used = [n for i, n in enumerate(by_claim) if i < wanted or pinned[n]]
    if not used:
        return {}
    level = 0
    while level < total and sum(max(pinned[n], level + 1) for n in used) <= total:
        level += 1
    targets = {n: max(pinned[n], level) for n in used}
    rest = total - sum(targets.values())
    at_level = sorted((n for n in used if pinned[n] <= level), key=lambda n: (-len(tables[n]), n))
    for number in at_level[:rest]:
        targets[number] += 1
    return targets
