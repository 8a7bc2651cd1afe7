"""Seating a class at tables: how many tables, how large, and who moves when a student joins.

Pure functions, no database: the service feeds them the tables still in their lobby and
applies what they return. A class of 28 sits at 10, 9 and 9: the fewest tables that fit, as
even as possible, larger first. Students the teacher moved are pinned: a plan never moves
them, and a table keeps at least its pinned students even if that makes it uneven. The sizes a
table may have (`fewest`, `most`) are the game's, passed by the caller. The teacher may choose
how many tables (`table_counts` says which counts fit): a class of 12 can be two tables of 6;
joins then keep that many tables while they hold everyone. Once a table has started, joins
no longer rebalance: every latecomer sits at one latecomers' table (`latecomers_table`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Seat:
    """A seated student: `id` orders joins (a larger id joined later)."""

    id: int
    pinned: bool = False


def table_sizes(n: int, fewest: int, most: int, count: int | None = None) -> list[int]:
    """The sizes of the fewest tables of `fewest` to `most` that seat `n`, as even as possible,
    larger first. Under `fewest` students: one table, too small to start until more come.
    With `count` (the teacher's choice): that many tables instead, as even as possible, while
    they hold everyone (never more tables than students)."""
    if n <= 0:
        return []
    needed = -(-n // most)  # ceil: the fewest tables of `most` that hold everyone
    tables = needed if count is None else max(needed, min(count, n))
    base, extra = divmod(n, tables)
    sizes = [base + 1] * extra + [base] * (tables - extra)
    # With needed = ceil(n / most), two or more tables hold over most * (needed - 1) / needed
    # >= most / 2 each on average: always at least `fewest` when most >= 2 * fewest - 2.
    assert count is not None or tables == 1 or sizes[-1] >= fewest, (n, fewest, most)
    return sizes


def table_counts(n: int, fewest: int, most: int) -> list[int]:
    """The numbers of tables a teacher may choose for `n` students: those whose tables, as
    even as possible, all hold `fewest` to `most` (12 students: 1 or 2 tables of 5 to 12).
    None under `fewest` students."""
    return [count for count in range(1, n // fewest + 1) if n <= count * most]


def reseat(
    tables: Mapping[int, Sequence[Seat]], count: int, new_numbers: Iterator[int]
) -> dict[int, list[int]]:
    """Everyone at these open tables (table number -> seats, in join order) at `count` tables,
    as even as possible, larger first: the teacher's choice of how many tables. The lowest
    numbered tables are kept (more take their numbers from `new_numbers`); at each, the
    earliest joined stay up to its share, and the others fill, in join order, the tables under
    theirs, lowest number first. Tables beyond `count` are left empty. Pins are not kept: the
    teacher's new choice seats everyone again."""
    numbers = sorted(tables)[:count]
    while len(numbers) < count:
        numbers.append(next(new_numbers))
    everyone = sum(len(seats) for seats in tables.values())
    base, extra = divmod(everyone, count)
    share = {number: base + (index < extra) for index, number in enumerate(numbers)}
    seated: dict[int, list[int]] = {number: [] for number in sorted(tables)}
    pool: list[int] = []
    for number, seats in tables.items():
        ids = sorted(s.id for s in seats)
        keep = share.get(number, 0)
        seated[number] = ids[:keep]
        pool.extend(ids[keep:])
    pool.sort()
    for number in numbers:
        seated.setdefault(number, [])
        while len(seated[number]) < share[number]:
            seated[number].append(pool.pop(0))
    assert not pool, pool
    return seated


def arrange(
    tables: Mapping[int, Sequence[Seat]],
    newcomers: Sequence[int],
    new_numbers: Iterator[int],
    *,
    fewest: int,
    most: int,
    count: int | None = None,
) -> dict[int, list[int]]:
    """Where everyone at these open tables (table number -> seats, in join order) and the
    `newcomers` (ids, in join order) sit next: table number -> ids. Tables beyond those given
    take their numbers from `new_numbers`.

    The fewest tables that fit (`table_sizes`; with `count`, the teacher's, that many while
    they hold everyone) are kept in use: those with pinned students first, then the fullest.
    A table over its share gives up its most recently joined unpinned students; those and the
    newcomers fill, in join order, the tables under their share, lowest number first.
    Everyone else stays where they are.
    """
    total = sum(len(seats) for seats in tables.values()) + len(newcomers)
    wanted = len(table_sizes(total, fewest, most, count))
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


def latecomers_table(open_tables: Mapping[int, int], most: int) -> int | None:
    """Where a student who joins once a table of the class has started sits: at the lowest
    numbered table still in its lobby (table number -> students) with room, so latecomers sit
    together until the teacher starts their table; None: open a new one. Nobody already
    seated moves (a table that plays keeps its players, and a waiting one its own)."""
    return min((n for n, size in open_tables.items() if size < most), default=None)
