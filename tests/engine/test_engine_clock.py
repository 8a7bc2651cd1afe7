"""Layer 2: the clock, through the service (R2, R4 to R7, timing rulings), on a fake clock."""

from __future__ import annotations

import pytest
from cc_support import DEFAULTS, ROUND_ORDER, ROUND_SECONDS, seat_table, strokes

from engine import Engine, FakeClock
from tests.kit import refused, rid


def test_every_phase_in_order_with_the_default_lengths(table):
    seen = []
    for round_number in (1, 2):
        for phase in ROUND_ORDER:
            view = table.public()
            assert (view["phase"], view["round"], view["rounds"]) == (phase, round_number, 6)
            assert view["seconds_left"] == DEFAULTS[phase]
            table.clock.advance(DEFAULTS[phase] - 1)
            assert table.public()["phase"] == phase
            assert table.public()["seconds_left"] == 1
            table.clock.advance(1)
            seen.append(phase)
    assert seen == ROUND_ORDER * 2
    assert (table.phase(), table.public()["round"]) == ("roles", 3)


def test_lobby_has_no_clock(engine, clock):
    table = seat_table(engine, clock, 5, start=False)
    view = table.public()
    assert (view["phase"], view["round"], view["rounds"], view["seconds_left"]) == (
        "lobby",
        0,
        0,
        None,
    )
    clock.advance(10_000)
    assert table.phase() == "lobby"


def test_all_artists_submitting_ends_pulse1_at_that_moment(table):
    table.clock.advance(12 + 20)  # 20 s into pulse 1
    artists = table.artists()
    for name in artists[:-1]:
        table.submit(name, 3)
        assert table.phase() == "pulse1"  # one artist still drawing
        assert table.seconds_left() == 20
    table.submit(artists[-1], 2)
    assert table.phase() == "merge"
    assert table.seconds_left() == 5  # the merge starts now, whole
    table.clock.advance(5)
    assert (table.phase(), table.seconds_left()) == ("pulse2", 30)
    table.clock.advance(7)
    for name in artists:
        table.submit(name, 2)
    assert (table.phase(), table.seconds_left()) == ("discussion", 25)


def test_curator_choice_ends_the_choice_and_all_votes_end_the_accusation(table):
    table.advance_to("choice")
    table.clock.advance(4)
    option = table.view(table.curator())["options"][2]["id"]
    table.engine.choose(table.tokens[table.curator()], option, rid())
    assert (table.phase(), table.seconds_left()) == ("accusation", 20)
    table.clock.advance(3)
    names = table.names
    distorter_sig = table.signature_of(table.distorter())
    fallback = next(s for s in table.public()["signatures"] if s != distorter_sig)
    for i, name in enumerate(names):
        target = distorter_sig if name != table.distorter() else fallback
        table.engine.accuse(table.tokens[name], target, rid())
        if i < len(names) - 1:
            assert (table.phase(), table.seconds_left()) == ("accusation", 17)
    assert (table.phase(), table.seconds_left()) == ("reveal", 12)


def test_catch_up_walks_every_elapsed_phase_on_chained_deadlines(table):
    table.clock.advance(100)
    # roles 0-12, pulse1 12-52, merge 52-57, pulse2 57-87, discussion 87-112
    assert (table.phase(), table.seconds_left()) == ("discussion", 12)
    table.clock.advance(12 + 15 + 20 + 12 + 3)  # to 3 s into round 2's roles
    view = table.public()
    assert (view["phase"], view["round"], view["seconds_left"]) == ("roles", 2, 9)
    # round 1 was revealed and scored on the way: no choice, no votes, the Distorter wins both
    history = table.facilitator()["history"]
    assert [h["round"] for h in history] == [1]
    assert history[0]["awards"][history[0]["distorter"]] == 2 * 5 * 100


def test_catch_up_across_rounds_lands_exactly(table):
    # From round 1's roles, 2 rounds and 50 s later: 12 s roles then 38 s into pulse 1.
    table.clock.advance(2 * ROUND_SECONDS + 50)
    view = table.public()
    assert (view["round"], view["phase"], view["seconds_left"]) == (3, "pulse1", 2)
    assert [h["round"] for h in table.facilitator()["history"]] == [1, 2]


def test_catch_up_long_after_the_end_finishes_with_every_round_scored(engine, clock):
    table = seat_table(engine, clock, 5)
    clock.advance(100_000)
    view = table.public()
    assert (view["phase"], view["round"], view["seconds_left"]) == ("finished", 5, None)
    # Nobody acted: each player was Distorter once and won 2 x 4 x 100 that round.
    assert view["totals"] == dict.fromkeys(table.names, 800)
    assert sorted(view["winners"]) == sorted(table.names)  # tied leaders share the victory


def test_a_view_alone_catches_up(engine, clock):
    table = seat_table(engine, clock, 5)
    clock.advance(12)
    name = table.names[0]
    assert table.engine.player_view(table.tokens[name])["phase"] == "pulse1"
    clock.advance(40)
    assert table.engine.facilitator_view(table.fac)["phase"] == "merge"


def test_pause_freezes_time_and_refuses_actions_resume_continues(table):
    table.clock.advance(12 + 10)  # 30 s left in pulse 1
    table.engine.pause(table.fac)
    table.clock.advance(1000)
    view = table.public()
    assert (view["phase"], view["seconds_left"], view["paused"]) == ("pulse1", 30, True)
    artist = table.artists()[0]
    refused("error.paused", table.engine.submit_fragment, table.tokens[artist], strokes(1), rid())
    table.engine.tick(table.code)
    assert table.public()["seconds_left"] == 30
    table.engine.resume(table.fac)
    assert (table.seconds_left(), table.public()["paused"]) == (30, False)
    table.submit(artist)
    table.clock.advance(29)
    assert (table.phase(), table.seconds_left()) == ("pulse1", 1)
    table.clock.advance(1)
    assert (table.phase(), table.seconds_left()) == ("merge", 5)


def test_pause_refuses_choice_and_vote(table):
    table.advance_to("choice")
    table.engine.pause(table.fac)
    curator = table.curator()
    option = table.view(curator)["options"][0]["id"]
    refused("error.paused", table.engine.choose, table.tokens[curator], option, rid())
    table.engine.resume(table.fac)
    table.engine.choose(table.tokens[curator], option, rid())
    table.engine.pause(table.fac)
    voter = table.names[0]
    signature = next(s for s in table.public()["signatures"] if s != table.signature_of(voter))
    refused("error.paused", table.engine.accuse, table.tokens[voter], signature, rid())
    assert table.view(voter)["my_vote"] is None


def test_advance_while_paused_opens_the_next_phase_paused_and_whole(table):
    table.engine.pause(table.fac)
    table.engine.advance(table.fac)
    view = table.public()
    assert (view["phase"], view["paused"], view["seconds_left"]) == ("pulse1", True, 40)
    table.clock.advance(500)
    table.engine.resume(table.fac)
    table.clock.advance(39)
    assert (table.phase(), table.seconds_left()) == ("pulse1", 1)


def test_facilitator_advance_ends_the_phase_now(table):
    table.clock.advance(5)
    table.engine.advance(table.fac)
    assert (table.phase(), table.seconds_left()) == ("pulse1", 40)
    table.advance_to("discussion")
    table.clock.advance(10)
    table.engine.advance(table.fac)
    assert (table.phase(), table.seconds_left()) == ("choice", 15)


def test_advance_through_the_last_reveal_finishes_the_game(engine, clock):
    table = seat_table(engine, clock, 5)
    for _ in range(5 * 8):
        table.engine.advance(table.fac)
    view = table.public()
    assert (view["phase"], view["round"], view["seconds_left"], view["paused"]) == (
        "finished",
        5,
        None,
        False,
    )


def test_advance_while_paused_into_the_end_leaves_the_game_finished_not_paused(engine, clock):
    table = seat_table(engine, clock, 5)
    for _ in range(5 * 8 - 1):
        table.engine.advance(table.fac)
    assert (table.phase(), table.public()["round"]) == ("reveal", 5)
    table.engine.pause(table.fac)
    table.engine.advance(table.fac)
    view = table.public()
    assert view["phase"] == "finished"
    assert view["paused"] is False and view["seconds_left"] is None


def test_custom_durations_drive_the_phases(engine, clock):
    lengths = {
        "roles": 3,
        "pulse1": 20,
        "merge": 2,
        "pulse2": 15,
        "discussion": 10,
        "choice": 30,
        "accusation": 25,
        "reveal": 5,
    }
    table = seat_table(engine, clock, 5, durations=lengths)
    assert table.facilitator()["durations"] == {k: float(v) for k, v in lengths.items()}
    for phase in ROUND_ORDER:
        assert (table.phase(), table.seconds_left()) == (phase, lengths[phase])
        clock.advance(lengths[phase])
    assert (table.phase(), table.public()["round"]) == ("roles", 2)


def test_partial_durations_keep_the_other_defaults(engine, clock):
    table = seat_table(engine, clock, 5, durations={"pulse1": 60})
    clock.advance(12)
    assert table.seconds_left() == 60
    clock.advance(60)
    assert (table.phase(), table.seconds_left()) == ("merge", 5)


def test_unsubmitted_drawing_is_never_submitted_when_time_runs_out(table):
    table.clock.advance(12)
    artists = table.artists()
    drew, idle = artists[:2], artists[2:]
    for name in drew:
        table.submit(name, 1)
    table.clock.advance(40)
    assert table.phase() == "merge"
    public = table.public()
    shown = {f["signature"] for f in public["fragments"]}
    assert shown == {table.signature_of(n) for n in drew}
    for name in idle:
        assert not [
            f for f in table.view(name)["fragments"] if f["signature"] == table.signature_of(name)
        ]
    table.clock.advance(5 + 30)  # pulse 2 runs out with nobody drawing
    assert table.phase() == "discussion"
    assert len(table.public()["fragments"]) == len(drew)


def test_pulse_fragments_stay_private_until_the_pulse_ends_then_appear_at_once(table):
    table.clock.advance(12)
    artists = table.artists()
    first, second = artists[0], artists[1]
    table.submit(first, 2)
    assert table.public()["fragments"] == []
    assert table.facilitator()["fragments"] == []
    own = table.view(first)["fragments"]
    assert [(f["signature"], f["pulse"]) for f in own] == [(table.signature_of(first), 1)]
    assert len(own[0]["strokes"]) == 2
    assert table.view(second)["fragments"] == []
    assert table.view(table.curator())["fragments"] == []
    table.submit(second, 1)
    assert table.public()["fragments"] == []
    assert {f["signature"] for f in table.view(second)["fragments"]} == {table.signature_of(second)}
    for name in artists[2:]:
        table.submit(name, 1)
    # everyone has drawn: all pulse-1 fragments appear together, to everyone
    expected = {(table.signature_of(n), 1) for n in artists}
    assert {(f["signature"], f["pulse"]) for f in table.public()["fragments"]} == expected
    for name in table.names:
        assert {(f["signature"], f["pulse"]) for f in table.view(name)["fragments"]} == expected
    table.clock.advance(5)
    table.submit(first, 1)
    assert {f["pulse"] for f in table.public()["fragments"]} == {1}
    assert {(f["signature"], f["pulse"]) for f in table.view(first)["fragments"]} == expected | {
        (table.signature_of(first), 2)
    }
    assert {(f["signature"], f["pulse"]) for f in table.view(second)["fragments"]} == expected
    table.clock.advance(30)
    assert table.phase() == "discussion"
    assert {(f["signature"], f["pulse"]) for f in table.public()["fragments"]} == expected | {
        (table.signature_of(first), 2)
    }


def test_readiness_counts_without_names(table):
    table.clock.advance(12)
    artist = table.artists()[0]
    table.submit(artist)
    view = table.public()
    assert view["ready"] == {"done": 1, "total": 5}
    assert view["ready_signatures"] == [table.signature_of(artist)]


@pytest.mark.parametrize("seconds", [7.5, 33.3])
def test_fractional_clock_keeps_seconds_left_exact(engine, seconds):
    clock = FakeClock(start=500.25)
    eng = Engine("sqlite://", clock=clock, seed=3)
    table = seat_table(eng, clock, 5)
    clock.advance(12 + seconds)
    assert table.seconds_left() == round(40 - seconds, 1)
