"""Layer 1: the rulebook as pure functions (R1, R3, R4, R6 to R10), with hypothesis."""

from __future__ import annotations

import json
import math
import random
import re
import unicodedata
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import names
from engine.crossed_canvas import rules
from engine.durations import durations_for
from engine.errors import RuleError
from engine.standings import winners

DECK = json.loads((Path(__file__).resolve().parents[2] / "data" / "deck.json").read_text())

player_counts = st.integers(min_value=rules.MIN_PLAYERS, max_value=rules.MAX_PLAYERS)
seeds = st.integers(min_value=0, max_value=2**64)


# ---------------------------------------------------------------- R1 rotations


@given(count=player_counts, seed=seeds)
def test_rotations_make_everyone_curator_once_and_distorter_once_never_both(count, seed):
    curators, distorters = rules.rotations(count, random.Random(seed))
    assert len(curators) == len(distorters) == count  # N rounds
    assert sorted(curators) == list(range(count))
    assert sorted(distorters) == list(range(count))
    for round_index in range(count):
        assert curators[round_index] != distorters[round_index]


@pytest.mark.parametrize("count", range(rules.MIN_PLAYERS, rules.MAX_PLAYERS + 1))
def test_rotations_are_not_a_fixed_order(count):
    # "uniformly random": over seeds, every player is first Curator and first Distorter sometime.
    first_curators, first_distorters = set(), set()
    for seed in range(300):
        curators, distorters = rules.rotations(count, random.Random(seed))
        first_curators.add(curators[0])
        first_distorters.add(distorters[0])
    assert first_curators == set(range(count))
    assert first_distorters == set(range(count))


# ---------------------------------------------------------------- R8 to R10 scoring


def expected_awards(players, distorter, found, caught):
    """The rulebook read independently: two outcomes, 100 each or (N-1) x 100 to the Distorter."""
    n = len(players)
    result = {}
    for player in players:
        points = 0
        if player == distorter:
            points += 0 if found else (n - 1) * 100
            points += 0 if caught else (n - 1) * 100
        else:
            points += 100 if found else 0
            points += 100 if caught else 0
        result[player] = points
    return result


@pytest.mark.parametrize("count", range(rules.MIN_PLAYERS, rules.MAX_PLAYERS + 1))
@pytest.mark.parametrize("found", [True, False])
@pytest.mark.parametrize("caught", [True, False])
def test_round_awards_follow_r8_to_r10_for_every_distorter(count, found, caught):
    players = list(range(count))
    for distorter in players:
        awards = rules.round_awards(players, distorter, target_found=found, distorter_caught=caught)
        assert awards == expected_awards(players, distorter, found, caught)
        assert all(awards[p] <= 200 for p in players if p != distorter)
        assert awards[distorter] <= 2 * (count - 1) * 100
    if not found and not caught:
        assert awards[distorter] == 2 * (count - 1) * 100  # the maximum is reached
    if found and caught:
        assert all(awards[p] == 200 for p in players if p != distorter)


@given(
    players=st.lists(st.integers(1, 10_000), min_size=5, max_size=12, unique=True),
    data=st.data(),
    found=st.booleans(),
    caught=st.booleans(),
)
def test_round_awards_with_database_ids(players, data, found, caught):
    distorter = data.draw(st.sampled_from(players))
    awards = rules.round_awards(players, distorter, target_found=found, distorter_caught=caught)
    assert awards == expected_awards(players, distorter, found, caught)


# ---------------------------------------------------------------- R7 accusation


@given(st.lists(st.sampled_from(["sa", "sb", "sc", "sd", "se"]), max_size=12))
def test_accused_is_the_strict_unique_plurality(votes):
    counts = Counter(votes)
    if not counts:
        expected = None
    else:
        top = max(counts.values())
        leaders = [sig for sig, c in counts.items() if c == top]
        expected = leaders[0] if len(leaders) == 1 else None
    assert rules.accused_signature(votes) == expected


def test_accused_examples():
    assert rules.accused_signature([]) is None
    assert rules.accused_signature(["a", "b"]) is None
    assert rules.accused_signature(["a", "a", "b", "b", "c"]) is None
    assert rules.accused_signature(["a", "b", "b"]) == "b"
    assert rules.accused_signature(["c"]) == "c"


# ---------------------------------------------------------------- R4 strokes

points = st.tuples(st.floats(0, 1), st.floats(0, 1))
good_stroke = st.lists(points, min_size=2, max_size=30)


@given(pulse=st.sampled_from([1, 2]), data=st.data())
def test_valid_stroke_counts_are_accepted_and_normalised(pulse, data):
    most = 3 if pulse == 1 else 2
    strokes = data.draw(st.lists(good_stroke, min_size=1, max_size=most))
    result = rules.validate_strokes(strokes, pulse)
    assert len(result) == len(strokes)
    for stroke, checked in zip(strokes, result, strict=True):
        assert len(checked) == len(stroke)
        for (x, y), (cx, cy) in zip(stroke, checked, strict=True):
            assert 0 <= cx <= 1 and 0 <= cy <= 1
            assert abs(cx - x) <= 0.00005 and abs(cy - y) <= 0.00005


@pytest.mark.parametrize("pulse, count", [(1, 0), (1, 4), (1, 7), (2, 0), (2, 3)])
def test_wrong_stroke_counts_are_refused(pulse, count):
    with pytest.raises(RuleError) as error:
        rules.validate_strokes([[(0.1, 0.1), (0.2, 0.2)]] * count, pulse)
    assert error.value.key == "error.stroke_count"
    assert str(count) in error.value.message("en")


@pytest.mark.parametrize(
    "strokes, key",
    [
        ([[(0.5, 0.5)]], "error.stroke_too_short"),
        ([[]], "error.stroke_too_short"),
        ([[(0.5, 0.5)] * 2001], "error.stroke_too_long"),
        ([[(0.1, 0.1), (math.nan, 0.2)]], "error.point_not_finite"),
        ([[(0.1, 0.1), (0.2, math.inf)]], "error.point_not_finite"),
        ([[(0.1, 0.1), (-math.inf, 0.2)]], "error.point_not_finite"),
        ([[(0.1, 0.1), ("0.2", 0.2)]], "error.strokes_malformed"),
        ([[(0.1, 0.1), (None, 0.2)]], "error.strokes_malformed"),
        ([[(0.1, 0.1), (True, 0.2)]], "error.strokes_malformed"),
        ([[(0.1, 0.1), (0.2, False)]], "error.strokes_malformed"),
        ([[(0.1, 0.1), (1.0001, 0.2)]], "error.point_outside"),
        ([[(0.1, 0.1), (0.2, -0.01)]], "error.point_outside"),
        ([[(0.1, 0.1), (0.2, 0.2, 0.3)]], "error.strokes_malformed"),
        ([[(0.1, 0.1), (0.2,)]], "error.strokes_malformed"),
        ([[(0.1, 0.1), {"x": 0.2, "y": 0.2}]], "error.strokes_malformed"),
        ([[0.1, 0.2]], "error.strokes_malformed"),
        ([["ab", "cd"]], "error.strokes_malformed"),
        (["stroke"], "error.strokes_malformed"),
        ([{"points": []}], "error.strokes_malformed"),
        ("not strokes", "error.strokes_malformed"),
        ({"strokes": []}, "error.strokes_malformed"),
        (None, "error.strokes_malformed"),
        (42, "error.strokes_malformed"),
    ],
)
def test_bad_strokes_are_refused_each_with_its_own_key(strokes, key):
    with pytest.raises(RuleError) as error:
        rules.validate_strokes(strokes, 1)
    assert error.value.key == key


def test_stroke_size_limits_are_inclusive():
    assert len(rules.validate_strokes([[(0.0, 0.0), (1.0, 1.0)]], 1)[0]) == 2
    assert len(rules.validate_strokes([[(0.5, 0.5)] * 2000], 2)[0]) == 2000


@given(st.floats(allow_nan=True, allow_infinity=True), st.floats(0, 1))
def test_any_bad_coordinate_is_refused(x, y):
    stroke = [(0.5, 0.5), (x, y)]
    if math.isfinite(x) and 0 <= x <= 1:
        assert rules.validate_strokes([stroke], 1)
    else:
        with pytest.raises(RuleError) as error:
            rules.validate_strokes([stroke], 1)
        assert error.value.key in ("error.point_not_finite", "error.point_outside")


# ---------------------------------------------------------------- names


# Letters, digits, punctuation and spaces, as typed (hidden characters: test_engine_names.py).
TYPED = st.characters(categories=("Lu", "Ll", "Nd", "Pd", "Po", "Zs")) | st.sampled_from("\t\n\r")


@given(st.text(TYPED, max_size=40))
def test_clean_name_keeps_1_to_24_characters_after_trimming(raw):
    trimmed = " ".join(unicodedata.normalize("NFKC", raw).split())
    if not trimmed:
        with pytest.raises(RuleError) as error:
            names.clean_name(raw)
        assert error.value.key == "error.name_empty"
    elif len(trimmed) > 24:
        with pytest.raises(RuleError) as error:
            names.clean_name(raw)
        assert error.value.key == "error.name_too_long"
    else:
        assert names.clean_name(raw) == trimmed


def test_clean_name_examples():
    assert names.clean_name("  Ana  ") == "Ana"
    assert names.clean_name("x" * 24) == "x" * 24
    assert names.clean_name("<b>x</b>") == "<b>x</b>"
    for bad, key in [
        ("", "error.name_empty"),
        ("   ", "error.name_empty"),
        ("\t\n", "error.name_empty"),
        (None, "error.name_empty"),
        (12, "error.name_empty"),
        ("x" * 25, "error.name_too_long"),
        ("  " + "y" * 25 + "  ", "error.name_too_long"),
    ]:
        with pytest.raises(RuleError) as error:
            names.clean_name(bad)
        assert error.value.key == key


# ---------------------------------------------------------------- R3 signatures


def _words(text: str) -> set[str]:
    folded = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(c for c in folded if not unicodedata.combining(c))
    return set(re.findall(r"\w+", plain))


def test_no_signature_name_uses_a_word_of_any_deck_object():
    object_words = set()
    for obj in DECK["objects"]:
        object_words |= _words(obj["en"]) | _words(obj["es"])
    for colour in rules.COLOURS:
        for shape in rules.SHAPES:
            for language in ("en", "es"):
                name = rules.signature_name(colour.id, shape.id, language)
                assert not _words(name) & object_words, name


@given(count=st.integers(1, len(rules.COLOURS)), seed=seeds)
def test_signatures_are_distinct_and_ids_are_safe(count, seed):
    signatures = rules.draw_signatures(count, random.Random(seed))
    assert len({s.id for s in signatures}) == count
    assert len({s.colour for s in signatures}) == count  # names never collide
    for signature in signatures:
        assert re.fullmatch(r"[A-Za-z0-9_-]+", signature.id)


# ---------------------------------------------------------------- R6 options


def test_options_hold_true_false_and_two_neutrals_and_no_slot_marks_the_target():
    neutrals = ["n1", "n2", "n3", "n4", "n5"]
    true_slots, false_slots = Counter(), Counter()
    for seed in range(400):
        options = rules.draw_options("t", "f", neutrals, random.Random(seed))
        assert len(options) == 4 and len(set(options)) == 4
        assert "t" in options and "f" in options
        assert len(set(options) & set(neutrals)) == 2
        true_slots[options.index("t")] += 1
        false_slots[options.index("f")] += 1
    assert set(true_slots) == {0, 1, 2, 3}
    assert set(false_slots) == {0, 1, 2, 3}
    assert min(true_slots.values()) > 40  # roughly uniform, not just possible


@given(seed=seeds, neutrals=st.lists(st.text("abcxyz", min_size=1), min_size=2, unique=True))
def test_options_property(seed, neutrals):
    options = rules.draw_options("TRUE", "FALSE", neutrals, random.Random(seed))
    assert {"TRUE", "FALSE"} <= set(options)
    assert len(set(options)) == 4
    assert len([o for o in options if o in neutrals]) == 2


# ---------------------------------------------------------------- phases and durations


def test_phase_table_runs_the_round_in_order_and_finishes_after_round_n():
    order = []
    phase, round_number = rules.Phase.LOBBY, 0
    while phase is not rules.Phase.FINISHED:
        phase = rules.next_phase(phase, round_number, 2)
        if phase is rules.Phase.ROLES:
            round_number += 1
        order.append(phase.value)
    one_round = ["roles", "pulse1", "merge", "pulse2", "discussion", "choice", "accusation"]
    assert order == [*one_round, "reveal", *one_round, "reveal", "finished"]


@pytest.mark.parametrize(
    "overrides",
    [
        {"pulse1": 0},
        {"pulse1": -5},
        {"pulse1": 3601},
        {"pulse1": math.nan},
        {"pulse1": True},
        {"pulse1": "40"},
        {"nap": 10},
        {"pulse1": 0.5},
    ],
)
def test_bad_durations_are_refused(overrides):
    with pytest.raises(RuleError) as error:
        durations_for(overrides, rules.DEFAULT_DURATIONS)
    assert error.value.key == "error.bad_durations"


def test_winners_share_ties():
    assert winners({"a": 300, "b": 500, "c": 500}) == ["b", "c"]
    assert winners({"a": 0}) == ["a"]
    assert winners({}) == []


@settings(max_examples=50)
@given(st.dictionaries(st.text(min_size=1, max_size=5), st.integers(0, 5000), min_size=1))
def test_winners_are_exactly_the_leaders(totals):
    best = max(totals.values())
    assert set(winners(totals)) == {n for n, p in totals.items() if p == best}
