"""Timers for every class: an untimed pace where each phase waits for the facilitator (WCAG
2.2.1), and "+30 s" for the phase in progress."""

from __future__ import annotations

import pytest
from cc_support import ROUND_ORDER, fingerprint, seat_table

from tests.kit import refused

UNTIMED = dict.fromkeys(ROUND_ORDER)


def test_an_untimed_game_waits_for_the_facilitator_in_every_phase(engine, clock):
    table = seat_table(engine, clock, 5, durations=UNTIMED)
    for phase in ROUND_ORDER:
        assert (table.phase(), table.seconds_left()) == (phase, None)
        clock.advance(100_000)
        assert table.phase() == phase  # no clock runs out
        engine.pause(table.fac)
        engine.resume(table.fac)  # a pause and resume do not end it either
        assert (table.phase(), table.public()["paused"]) == (phase, False)
        engine.advance(table.fac)
    assert table.public()["round"] == 2


def test_an_untimed_pulse_still_ends_when_every_artist_has_submitted(engine, clock):
    table = seat_table(engine, clock, 5, durations=UNTIMED)
    table.advance_to("pulse1")
    table.submit_all(1)
    assert table.phase() == "merge"


def test_thirty_more_seconds_running_or_paused(table):
    table.advance_to("pulse1")
    table.clock.advance(30)
    assert table.seconds_left() == 10
    table.engine.extend(table.fac, phase="pulse1", round=1)
    assert table.seconds_left() == 40
    table.engine.pause(table.fac)
    table.engine.extend(table.fac)
    assert table.seconds_left() == 70
    table.engine.resume(table.fac)
    table.clock.advance(69)
    assert table.phase() == "pulse1"
    table.clock.advance(1)
    assert table.phase() == "merge"


def test_extending_is_refused_or_quiet_where_it_makes_no_sense(engine, clock):
    table = seat_table(engine, clock, 5, durations={"roles": None})
    refused("error.untimed_phase", engine.extend, table.fac)
    before = fingerprint(table)
    engine.extend(table.fac, phase="pulse1")  # meant for a phase not (yet) current: nothing
    assert fingerprint(table) == before
    engine.advance(table.fac)
    for bad in (0, -5, 10**400, "30", True, float("nan")):
        refused("error.bad_durations", engine.extend, table.fac, bad)
    lobby = seat_table(engine, clock, 2, start=False)
    refused("error.not_started", engine.extend, lobby.fac)


@pytest.mark.parametrize("bad", [{"pulse1": "slow"}, {"pulse1": 0}, {"nap": None}])
def test_untimed_is_none_not_any_odd_value(engine, bad):
    refused("error.bad_durations", engine.create_game, durations=bad)
