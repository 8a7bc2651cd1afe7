"""Seating a class (engine/classes/seating) as properties: every class size gets legal tables, the
fewest that fit, as even as possible; joining one by one keeps it so; pinned students never
move and nobody is lost or seated twice."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.classes.seating import (
    Seat,
    arrange,
    latecomers_table,
    reseat,
    table_counts,
    table_sizes,
)
from engine.crossed_canvas.rules import MAX_PLAYERS, MIN_PLAYERS

# Crossed Canvas's tables (5 to 12): the game a class plays.
SIZES = {"fewest": MIN_PLAYERS, "most": MAX_PLAYERS}


def fewest_tables(n: int) -> int:
    """The smallest count of tables of at most MAX_PLAYERS that seats n (searched, not
    computed the way the code does)."""
    return next(k for k in itertools.count(1) if k * MAX_PLAYERS >= n)


@given(st.integers(min_value=MIN_PLAYERS, max_value=200))
def test_every_class_size_gets_the_fewest_legal_tables_as_even_as_possible(n):
    sizes = table_sizes(n, **SIZES)
    assert sum(sizes) == n
    assert all(MIN_PLAYERS <= size <= MAX_PLAYERS for size in sizes)
    assert len(sizes) == fewest_tables(n)
    assert max(sizes) - min(sizes) <= 1
    assert sizes == sorted(sizes, reverse=True)


def test_every_class_from_5_to_36_and_the_examples():
    for n in range(MIN_PLAYERS, 37):
        sizes = table_sizes(n, **SIZES)
        assert min(sizes) >= MIN_PLAYERS and max(sizes) <= MAX_PLAYERS, n
        assert len(sizes) == fewest_tables(n) and max(sizes) - min(sizes) <= 1, n
    assert table_sizes(28, **SIZES) == [10, 9, 9]
    assert table_sizes(12, **SIZES) == [12]
    assert table_sizes(13, **SIZES) == [7, 6]
    assert table_sizes(3, **SIZES) == [3]  # one table, too small to start yet
    assert table_sizes(0, **SIZES) == []


def join_one_by_one(n: int) -> dict[int, list[int]]:
    tables: dict[int, list[int]] = {}
    numbers = itertools.count(1)
    for student in range(1, n + 1):
        seats = {t: [Seat(i) for i in ids] for t, ids in tables.items()}
        tables = arrange(seats, [student], numbers, **SIZES)
    return tables


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=1, max_value=60))
def test_joining_one_by_one_keeps_the_tables_legal_and_even(n):
    tables = {t: ids for t, ids in join_one_by_one(n).items() if ids}
    assert sorted(i for ids in tables.values() for i in ids) == list(range(1, n + 1))
    assert sorted((len(ids) for ids in tables.values()), reverse=True) == table_sizes(n, **SIZES)


def test_28_joins_sit_at_10_9_and_9_in_join_order():
    tables = join_one_by_one(28)
    assert [len(tables[t]) for t in sorted(tables)] == [10, 9, 9]


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.lists(st.booleans(), max_size=MAX_PLAYERS),  # one table: pinned flag per seat
        min_size=1,
        max_size=4,
    ),
    st.integers(min_value=0, max_value=3),
)
def test_pinned_students_stay_and_nobody_is_lost_or_seated_twice(tables_pins, newcomers):
    ids = itertools.count(1)
    tables = {
        number: [Seat(next(ids), pinned) for pinned in pins]
        for number, pins in enumerate(tables_pins, start=1)
    }
    new = [next(ids) for _ in range(newcomers)]
    plan = arrange(tables, new, itertools.count(len(tables) + 1), **SIZES)
    everyone = [s.id for seats in tables.values() for s in seats] + new
    placed = [i for seated in plan.values() for i in seated]
    assert sorted(placed) == sorted(everyone)
    for number, seats in tables.items():
        assert {s.id for s in seats if s.pinned} <= set(plan[number])
    unpinned_counts = [len(seated) for seated in plan.values() if seated]
    if not any(s.pinned for seats in tables.values() for s in seats):
        assert sorted(unpinned_counts, reverse=True) == table_sizes(len(everyone), **SIZES)


def test_a_table_over_its_share_gives_up_its_latest_unpinned_students():
    tables = {1: [Seat(i) for i in range(1, 13)]}  # 12 at one table, then a 13th
    plan = arrange(tables, [13], itertools.count(2), **SIZES)
    assert plan == {1: [1, 2, 3, 4, 5, 6, 7], 2: [8, 9, 10, 11, 12, 13]}
    pinned = {1: [Seat(i, pinned=i >= 10) for i in range(1, 13)]}
    plan = arrange(pinned, [13], itertools.count(2), **SIZES)
    assert {10, 11, 12} <= set(plan[1]) and len(plan[1]) == 7 and len(plan[2]) == 6


def test_the_teacher_may_choose_any_count_whose_tables_all_fit():
    assert table_counts(12, **SIZES) == [1, 2]  # a class of 12: one table, or two of 6
    assert table_sizes(12, **SIZES, count=2) == [6, 6]
    assert table_counts(4, **SIZES) == []
    assert table_counts(25, **SIZES) == [3, 4, 5]
    for n in range(MIN_PLAYERS, 37):
        for count in range(1, n + 1):
            sizes = table_sizes(n, **SIZES, count=count)
            fits = min(sizes) >= MIN_PLAYERS and max(sizes) <= MAX_PLAYERS and len(sizes) == count
            assert fits == (count in table_counts(n, **SIZES)), (n, count)


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.integers(min_value=0, max_value=MAX_PLAYERS), min_size=1, max_size=4),
    st.integers(min_value=1, max_value=6),
)
def test_reseating_at_a_chosen_count_is_even_and_keeps_the_earliest_in_place(sizes, count):
    ids = itertools.count(1)
    tables = {
        n: [Seat(next(ids), pinned=True) for _ in range(size)] for n, size in enumerate(sizes, 1)
    }
    total = sum(sizes)
    plan = reseat(tables, count, itertools.count(len(tables) + 1))
    used = [n for n in sorted(plan) if plan[n]]
    assert sorted(i for seated in plan.values() for i in seated) == list(range(1, total + 1))
    assert len(plan) >= count and all(not plan[n] for n in sorted(plan)[count:])
    counts = [len(plan[n]) for n in sorted(plan)[:count]]
    assert max(counts) - min(counts) <= 1 and counts == sorted(counts, reverse=True)
    assert used == sorted(plan)[: len(used)]  # the lowest numbers, none skipped
    for number, seats in tables.items():  # the earliest joined at a kept table stayed
        stayed = [s.id for s in seats][: len(plan[number])]
        assert plan[number][: len(stayed)] == stayed or number > count


def test_joins_keep_the_chosen_count_while_it_holds_everyone():
    tables = {1: [Seat(i) for i in range(1, 7)], 2: [Seat(i) for i in range(7, 13)]}
    plan = arrange(tables, [13], itertools.count(3), **SIZES, count=2)
    assert sorted(len(ids) for ids in plan.values()) == [6, 7]
    full = {1: [Seat(i) for i in range(1, 13)], 2: [Seat(i) for i in range(13, 25)]}
    plan = arrange(full, [25], itertools.count(3), **SIZES, count=2)  # 25: three tables
    assert sorted(len(ids) for ids in plan.values()) == [8, 8, 9]


def test_latecomers_sit_at_the_lowest_waiting_table_with_room_or_open_one():
    assert latecomers_table({}, 12) is None
    assert latecomers_table({3: 2}, 12) == 3
    assert latecomers_table({4: 1, 3: 12}, 12) == 4
    assert latecomers_table({3: 12}, 12) is None
