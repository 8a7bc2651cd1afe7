"""The change feed behind push (issue "Instant and light"): after a command commits, this
process's listeners hear the game's code; on PostgreSQL another server's engine hears it too
(LISTEN/NOTIFY). Versions and watch keys are what push streams read."""

from __future__ import annotations

import threading

import pytest
from cc_support import seat_table

from engine import Engine, FakeClock
from tests.kit import refused


def heard_codes(engine: Engine) -> list[str]:
    heard: list[str] = []
    engine.changes.subscribe(heard.append)
    return heard


def test_a_change_is_heard_once_and_a_refusal_or_a_read_not_at_all(engine, clock):
    table = seat_table(engine, clock, 5)
    heard = heard_codes(engine)
    engine.advance(table.fac)
    assert heard == [table.code]
    refused("error.wrong_phase", engine.accuse, table.tokens["Ana"], "x", "r1", phase="accusation")
    table.public()
    table.view("Ana")
    engine.status(table.code)
    assert heard == [table.code]
    # A phase ended by the clock is a change too, heard when a read catches the game up.
    clock.advance(10_000)
    engine.status(table.code)
    assert heard == [table.code, table.code]


def test_an_unsubscribed_listener_hears_nothing_and_a_failing_one_stops_nobody(engine, clock):
    table = seat_table(engine, clock, 5)
    heard: list[str] = []
    stop = engine.changes.subscribe(heard.append)
    engine.changes.subscribe(lambda code: 1 / 0)
    stop()
    later: list[str] = []
    engine.changes.subscribe(later.append)
    engine.advance(table.fac)  # the failing listener is logged; the command stands
    assert heard == [] and later == [table.code]
    assert table.phase() == "pulse1"


def test_versions_are_read_for_known_codes_only(engine, clock):
    one = seat_table(engine, clock, 5)
    two = seat_table(engine, clock, 5, start=False)
    before = engine.versions([one.code, two.code, "NOSUCH", "bad code", "\x00", 7])
    assert set(before) == {one.code, two.code}
    engine.advance(one.fac)
    after = engine.versions([one.code, two.code])
    assert after[one.code].version > before[one.code].version
    assert after[two.code] == before[two.code]


def test_a_students_action_moves_the_stage_only_when_it_ends_the_phase(engine, clock):
    """The stage is what phones redraw for: a new phase, any facilitator command but the
    clock's; not another student's join, submit, choice or vote (only readiness changes)."""
    lobby = seat_table(engine, clock, 4, start=False)
    quiet = engine.versions([lobby.code])[lobby.code]
    engine.join(lobby.code, "Eve")
    joined = engine.versions([lobby.code])[lobby.code]
    assert joined.version > quiet.version and joined.stage == quiet.stage

    table = seat_table(engine, clock, 5)
    engine.advance(table.fac)  # roles -> pulse 1
    start = engine.versions([table.code])[table.code]
    assert start.stage == start.version
    artists = table.artists()
    for name in artists[:-1]:
        table.submit(name)
    submitted = engine.versions([table.code])[table.code]
    assert submitted.version > start.version and submitted.stage == start.stage
    assert engine.status(table.code)["stage"] == submitted.stage
    table.submit(artists[-1])  # the last one ends the pulse: everyone redraws
    ended = engine.versions([table.code])[table.code]
    assert table.phase() == "merge" and ended.stage == ended.version > submitted.version


def test_a_pause_a_resume_or_more_time_moves_the_version_not_the_stage(engine, clock):
    """The push stream carries the clock: pages show "Paused" and the new time without
    running, unless the clock had run out first and the game moved on (a new phase)."""
    table = seat_table(engine, clock, 5)
    engine.advance(table.fac)  # roles -> pulse 1
    for command in (engine.extend, engine.pause, engine.extend, engine.resume):
        before = engine.versions([table.code])[table.code]
        command(table.fac, phase="pulse1", round=1)
        after = engine.versions([table.code])[table.code]
        assert after.version > before.version and after.stage == before.stage, command.__name__
    assert engine.status(table.code)["seconds_left"] == 40 + 2 * 30
    clock.advance(200)  # pulse 1 is over: the pause finds the merge, a new stage
    before = engine.versions([table.code])[table.code]
    engine.pause(table.fac)
    after = engine.versions([table.code])[table.code]
    assert table.phase() != "pulse1" and after.stage == after.version > before.stage


def test_a_watch_key_belongs_to_one_game_and_an_unknown_code_has_none(engine, clock):
    one = seat_table(engine, clock, 5)
    two = seat_table(engine, clock, 5)
    assert engine.watch_key(one.code) == engine.watch_key(one.code)
    assert engine.watch_key(one.code) != engine.watch_key(two.code)
    refused("error.unknown_code", engine.watch_key, "QQQQQQ")


def test_another_server_on_postgresql_hears_the_change(postgres_server):
    url = postgres_server.new_database()
    here, there = Engine(url, clock=FakeClock()), Engine(url)
    table = seat_table(here, FakeClock(), 5)
    heard = threading.Event()
    codes: list[str] = []

    def listener(code: str) -> None:
        codes.append(code)
        heard.set()

    there.changes.subscribe(listener)
    stop = threading.Event()
    listening = threading.Thread(target=there.listen_to_other_servers, args=(stop,), daemon=True)
    listening.start()
    try:
        # The listener may not be connected yet: change the game until it hears one.
        for _ in range(50):
            here.advance(table.fac)
            if heard.wait(0.2):
                break
        assert codes and set(codes) == {table.code}
    finally:
        stop.set()
        listening.join(timeout=5)
    assert not listening.is_alive()


def test_on_sqlite_there_is_no_other_server_to_listen_to(engine):
    """It returns at once instead of blocking its thread until the server stops."""
    listening = threading.Thread(
        target=engine.listen_to_other_servers, args=(threading.Event(),), daemon=True
    )
    listening.start()
    listening.join(timeout=5)
    assert not listening.is_alive()


@pytest.mark.parametrize("running", [True, False])
def test_keep_says_when_the_next_deadline_is(engine, clock, running):
    table = seat_table(engine, clock, 5, start=running)
    due_in = engine.keep()
    if running:
        assert due_in == pytest.approx(table.seconds_left())
    else:
        assert due_in is None
