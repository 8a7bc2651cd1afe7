"""Odd input is a RuleError with a translated message, never another exception: a huge integer
coordinate or phase length (OverflowError), a lone surrogate in a name (UnicodeEncodeError),
phase lengths that are not a mapping (AttributeError). Each refusal changes nothing."""

from __future__ import annotations

import pytest
from cc_support import fingerprint, row_counts, seat_table
from hypothesis import given
from hypothesis import strategies as st

from engine import RuleError
from engine.crossed_canvas import rules
from engine.durations import durations_for
from tests.kit import refused, rid

HUGE = 10**400


@pytest.mark.parametrize(
    "point", [(HUGE, 0.5), (0.5, HUGE), (-HUGE, 0.5), (0.5, -(10**309)), (10**309, 10**309)]
)
def test_a_huge_integer_coordinate_is_outside_the_canvas(table, point):
    table.advance_to("pulse1")
    artist = table.artists()[0]
    before = fingerprint(table)
    error = refused(
        "error.point_outside",
        table.engine.submit_fragment,
        table.tokens[artist],
        [[(0.1, 0.1), point]],
        rid(),
    )
    assert fingerprint(table) == before
    assert error.message("es") != str(error)


@given(st.one_of(st.integers(), st.integers(min_value=2**1024), st.integers(max_value=-(2**1024))))
def test_any_integer_coordinate_is_accepted_or_refused_by_rule(value):
    stroke = [(0.5, 0.5), (value, 0.5)]
    if value in (0, 1):
        assert rules.validate_strokes([stroke], 1)[0][1] == (float(value), 0.5)
    else:
        with pytest.raises(RuleError) as error:
            rules.validate_strokes([stroke], 1)
        assert error.value.key == "error.point_outside"


def test_a_lone_surrogate_in_a_name_is_a_rule_error(engine, clock):
    table = seat_table(engine, clock, 2, start=False)
    before = fingerprint(table)
    error = refused("error.name_bad_characters", engine.join, table.code, "Ana\udc80")
    assert fingerprint(table) == before
    assert error.message("es") != str(error)


@pytest.mark.parametrize(
    "durations",
    [
        [("pulse1", 30)],
        ["pulse1"],
        [],
        "pulse1=30",
        "",
        30,
        0,
        3.5,
        True,
        {1: 30},
        {None: 30},
        {("pulse1",): 30},
        {b"pulse1": 30},
        {"pulse1": HUGE},
        {"pulse1": -HUGE},
    ],
)
def test_malformed_durations_are_a_rule_error_and_create_nothing(engine, durations):
    rows = row_counts(engine)
    error = refused("error.bad_durations", engine.create_game, durations=durations)
    assert "{" not in str(error) and "{" not in error.message("es")
    assert row_counts(engine) == rows


def test_durations_still_accept_a_mapping_of_phase_names(engine):
    game = engine.create_game(durations={"pulse1": 60, rules.Phase.REVEAL: 20.5})
    assert engine.public_view(game.code)["phase"] == "lobby"
    defaults = rules.DEFAULT_DURATIONS
    assert durations_for(None, defaults) == durations_for({}, defaults)
    assert durations_for({"pulse1": 60}, defaults)["pulse1"] == 60.0
