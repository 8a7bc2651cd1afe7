"""Canvas Critters' rulebook as pure functions (engine/critters), with hypothesis: the pile,
placing pieces, the timer, titles, ribbons and scoring, tie-breaks, the duel, the theme deck,
the piece pictures, and the messages of every refusal."""

from __future__ import annotations

import ast
import itertools
import json
import math
import random
import re
import string
from collections import Counter
from pathlib import Path
from xml.etree import ElementTree

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from engine.critters import rules, themes
from engine.critters.rules import Award, Guess, Held, Placement, TieRule
from engine.errors import RuleError
from engine.standings import winners
from tests.kit import refused

ROOT = Path(__file__).resolve().parents[2]
PIECES_DIR = ROOT / "data" / "critters" / "pieces"

judged_counts = st.integers(min_value=rules.JUDGED_MIN_PLAYERS, max_value=rules.MAX_PLAYERS)
seeds = st.integers(min_value=0, max_value=2**64)
CENTRE = Placement(0.5, 0.5)
BUILDERS = (1, 2, 3)  # the players building this round, in the tests that take pieces


# ---------------------------------------------------------------- the pile


def test_the_pile_holds_the_rulebooks_critters_in_its_order():
    assert list(rules.PILE.items()) == [
        ("giraffe", 12),
        ("turtle", 12),
        ("penguin", 12),
        ("shark", 12),
        ("fox", 12),
        ("crab", 12),
        ("elephant", 5),
        ("flamingo", 5),
        ("octopus", 5),
        ("whale", 5),
        ("snake", 5),
        ("rhino", 5),
    ]
    assert rules.PILE_SIZE == 6 * 12 + 6 * 5 == 102
    with pytest.raises(TypeError):
        rules.PILE["fox"] = 99


def test_every_piece_has_its_own_stable_id_and_kind():
    pile = rules.initial_pile()
    assert len(pile) == len(set(pile)) == rules.PILE_SIZE
    assert Counter(rules.piece_kind(piece) for piece in pile) == Counter(rules.PILE)
    assert pile[:2] == ("giraffe-01", "giraffe-02")
    assert "fox-07" in pile and "fox-12" in pile and "rhino-05" in pile
    assert rules.piece_kind("fox-07") == "fox"
    assert rules.initial_pile() == pile


@pytest.mark.parametrize(
    "piece", ["fox-13", "fox-00", "fox-7", "rhino-06", "dog-01", "FOX-07", "", None, 7, ["fox-07"]]
)
def test_anything_else_is_not_a_piece(piece):
    refused("error.critters.unknown_piece", rules.piece_kind, piece)
    refused(
        "error.critters.unknown_piece", rules.take_piece, {}, 1, piece, CENTRE, builders=BUILDERS
    )


@given(count=judged_counts)
def test_a_canvas_holds_the_pile_but_what_the_others_still_need_to_reach_seven(count):
    # Any piece counts toward seven (rule 3 names no kind): only the pile's size matters.
    builders = range(count)
    most = rules.PILE_SIZE - (count - 1) * rules.MIN_PIECES  # 88 with three, 67 with six
    pile = rules.initial_pile()
    table = {piece: Held(0, CENTRE) for piece in pile[:most]}
    assert rules.most_pieces(table, 0, builders) == most
    error = refused(
        "error.critters.too_many_pieces",
        rules.take_piece,
        table,
        0,
        pile[-1],
        CENTRE,
        builders=builders,
    )
    assert error.params == {"most": most, "fewest": rules.MIN_PIECES}
    # At the limit a canvas still exchanges, and every other builder still takes toward seven.
    assert len(rules.mosaic_of(rules.exchange_piece(table, 0, pile[0], pile[-1]), 0)) == most
    table = rules.take_piece(table, 1, pile[-1], CENTRE, builders=builders)
    assert rules.most_pieces(table, 1, builders) == rules.MIN_PIECES  # still reaches seven


def test_only_the_builders_shortfall_is_kept_back():
    pile = rules.initial_pile()
    tied = (0, 1)  # of six players, only the tied build
    assert rules.most_pieces({}, 0, tied) == rules.PILE_SIZE - rules.MIN_PIECES
    seven = {piece: Held(1, CENTRE) for piece in pile[-rules.MIN_PIECES :]}
    assert rules.most_pieces(seven, 0, tied) == rules.PILE_SIZE - rules.MIN_PIECES
    assert rules.most_pieces(seven, 1, tied) == rules.PILE_SIZE - rules.MIN_PIECES


# ---------------------------------------------------------------- players and rounds


@given(count=judged_counts, seed=seeds)
def test_everyone_is_active_once_twice_with_three_and_the_card_passes_clockwise(count, seed):
    first = rules.first_active(count, random.Random(seed))
    rounds = rules.rounds_for(count)
    seats = [rules.active_seat(first, n, count) for n in range(1, rounds + 1)]
    laps = 2 if count == 3 else 1
    assert rounds == laps * count
    assert Counter(seats) == dict.fromkeys(range(count), laps)
    assert seats[0] == first
    for before, after in itertools.pairwise([*seats, rules.active_seat(first, rounds + 1, count)]):
        assert after == (before + 1) % count  # tie-break rounds go on clockwise


@pytest.mark.parametrize("count", range(rules.JUDGED_MIN_PLAYERS, rules.MAX_PLAYERS + 1))
def test_the_starting_player_is_drawn_not_fixed(count):
    firsts = {rules.first_active(count, random.Random(seed)) for seed in range(200)}
    assert firsts == set(range(count))
    assert rules.first_active(count, random.Random(5)) == rules.first_active(
        count, random.Random(5)
    )


def test_titles_are_read_from_the_active_player_clockwise():
    assert rules.judging_order(2, 5) == [2, 3, 4, 0, 1]
    assert rules.judging_order(0, 3) == [0, 1, 2]


def test_the_duel_plays_five_rounds_and_other_counts_are_not_a_game():
    assert rules.is_duel(2) and not rules.is_duel(3)
    assert rules.rounds_for(2) == rules.TWO_PLAYER_ROUNDS == 5
    for count in (0, 1, 7):
        with pytest.raises(ValueError):
            rules.rounds_for(count)
        with pytest.raises(ValueError):
            rules.ribbons_for(count)
    with pytest.raises(ValueError):
        rules.first_active(2, random.Random(1))  # the duel has no active player


# ---------------------------------------------------------------- placing pieces


def corners_inside(x, y, rotation):
    """The rulebook read independently: the four corners of the turned square in the frame."""
    half = rules.PIECE_SIZE / 2
    angle = math.radians(rotation)
    cos, sin = math.cos(angle), math.sin(angle)
    corners = [
        (x + dx * cos - dy * sin, y + dx * sin + dy * cos)
        for dx, dy in itertools.product((-half, half), repeat=2)
    ]
    return all(0 <= cx <= 1 and 0 <= cy <= 1 for cx, cy in corners), corners


@settings(max_examples=400)
@given(
    x=st.floats(min_value=-0.2, max_value=1.2),
    y=st.floats(min_value=-0.2, max_value=1.2),
    rotation=st.one_of(st.integers(-720, 720), st.floats(min_value=-1e6, max_value=1e6)),
    mirrored=st.booleans(),
)
def test_a_placement_is_accepted_exactly_when_the_whole_piece_is_in_the_frame(
    x, y, rotation, mirrored
):
    stored = (round(x, 4), round(y, 4), round(rotation) % 360)
    inside, corners = corners_inside(*stored)
    edges = [value for corner in corners for value in corner]
    assume(all(min(abs(value), abs(value - 1)) > 1e-6 for value in edges))
    if inside and 0 <= x <= 1 and 0 <= y <= 1:
        placement = rules.validate_placement(x, y, rotation, mirrored)
        assert (placement.x, placement.y, placement.rotation) == stored
        assert placement.mirrored is mirrored
        assert 0 <= placement.rotation < 360
    else:
        refused("error.critters.piece_outside", rules.validate_placement, x, y, rotation, mirrored)


def test_the_frame_is_exact_at_its_edges():
    half = rules.PIECE_SIZE / 2
    for rotation in (0, 90, 180, 270, -90, 450):
        assert rules.validate_placement(half, 1 - half, rotation) == Placement(
            half, 1 - half, rotation % 360
        )
        refused(
            "error.critters.piece_outside", rules.validate_placement, half - 0.0001, 0.5, rotation
        )
    assert rules.reach(45) == pytest.approx(half * math.sqrt(2))
    refused("error.critters.piece_outside", rules.validate_placement, half, 0.5, 45)
    refused("error.critters.piece_outside", rules.validate_placement, 0, 0.5)
    refused("error.critters.piece_outside", rules.validate_placement, 1, 0.5)


@pytest.mark.parametrize(
    "args",
    [
        ("0.5", 0.5),
        (0.5, None),
        (True, 0.5),
        (0.5, 0.5, "90"),
        (0.5, 0.5, False),
        (math.nan, 0.5),
        (0.5, math.inf),
        (0.5, 0.5, math.inf),
        (0.5, 0.5, -math.inf),
        (0.5, 0.5, math.nan),
        (0.5, 0.5, 0, 1),
        (0.5, 0.5, 0, "yes"),
        ([0.5], 0.5),
    ],
)
def test_a_placement_that_is_not_numbers_is_refused(args):
    refused("error.critters.bad_placement", rules.validate_placement, *args)


@pytest.mark.parametrize("huge", [10**400, -(10**400), 1e308])
def test_a_huge_coordinate_is_outside_not_a_crash(huge):
    refused("error.critters.piece_outside", rules.validate_placement, huge, 0.5)
    refused("error.critters.piece_outside", rules.validate_placement, 0.5, huge)
    assert rules.validate_placement(0.5, 0.5, huge).rotation == round(huge) % 360


def test_a_quarter_turn_reaches_as_far_as_none():
    assert {rules.reach(turn) for turn in (0, 90, 180, 270)} == {rules.PIECE_SIZE / 2}


@pytest.mark.parametrize("side", ["white", "black"])
def test_either_side_of_the_canvas(side):
    assert rules.validate_side(side) == side


@pytest.mark.parametrize("side", ["grey", "", None, 0, "White"])
def test_no_other_side(side):
    refused("error.critters.bad_side", rules.validate_side, side)


# ---------------------------------------------------------------- taking, moving, returning


def test_two_players_never_hold_the_same_piece():
    table = rules.take_piece({}, 1, "fox-07", CENTRE, builders=BUILDERS)
    before = dict(table)
    refused(
        "error.critters.piece_taken",
        rules.take_piece,
        table,
        2,
        "fox-07",
        CENTRE,
        builders=BUILDERS,
    )
    assert table == before
    assert (
        rules.take_piece(table, 1, "fox-07", Placement(0.2, 0.2), builders=BUILDERS) == table
    )  # a retried tap
    assert rules.mosaic_of(table, 1) == {"fox-07": CENTRE}
    assert rules.mosaic_of(table, 2) == {}


def test_a_moved_piece_goes_on_top_and_only_its_holder_moves_it():
    table = {}
    for piece in ("fox-01", "crab-01", "whale-01"):
        table = rules.take_piece(table, 1, piece, CENTRE, builders=BUILDERS)
    moved = rules.move_piece(table, 1, "fox-01", Placement(0.3, 0.7, 90, True))
    assert list(rules.mosaic_of(moved, 1)) == ["crab-01", "whale-01", "fox-01"]
    assert moved["fox-01"] == Held(1, Placement(0.3, 0.7, 90, True))
    refused("error.critters.not_your_piece", rules.move_piece, table, 2, "fox-01", CENTRE)
    refused("error.critters.not_your_piece", rules.move_piece, table, 1, "fox-02", CENTRE)
    assert list(table) == ["fox-01", "crab-01", "whale-01"]  # the table given is untouched


def test_returning_and_exchanging_one_at_a_time():
    table = rules.take_piece({}, 1, "fox-01", Placement(0.2, 0.3, 45), builders=BUILDERS)
    table = rules.take_piece(table, 2, "elephant-01", CENTRE, builders=BUILDERS)
    swapped = rules.exchange_piece(table, 1, "fox-01", "snake-02")
    assert rules.mosaic_of(swapped, 1) == {"snake-02": Placement(0.2, 0.3, 45)}
    assert "fox-01" not in swapped  # back in the pile
    # All or nothing: the elephant is held, so the fox stays on the canvas.
    refused("error.critters.piece_taken", rules.exchange_piece, table, 1, "fox-01", "elephant-01")
    refused("error.critters.not_your_piece", rules.exchange_piece, table, 1, "crab-01", "fox-02")
    refused("error.critters.not_your_piece", rules.return_piece, table, 1, "elephant-01")
    assert rules.return_piece(table, 1, "fox-01") == {"elephant-01": Held(2, CENTRE)}
    assert rules.clear_mosaic(table, 2) == {"fox-01": Held(1, Placement(0.2, 0.3, 45))}


class PileMachine(RuleBasedStateMachine):
    """Three to six players tap at one pile in any order, one of them with a head start of
    up to the whole pile: every move is done whole or refused whole, and every player can
    always still reach seven."""

    def __init__(self):
        super().__init__()
        self.table: dict[str, Held] = {}
        self.builders = range(rules.MAX_PLAYERS)

    @initialize(count=judged_counts, head_start=st.integers(0, rules.PILE_SIZE))
    def seat_builders(self, count, head_start):
        self.builders = range(count)
        for piece in rules.initial_pile()[:head_start]:
            self.attempt(rules.take_piece, 0, piece, CENTRE, builders=self.builders)

    def attempt(self, call, *args, **kwargs):
        before = dict(self.table)
        try:
            self.table = call(self.table, *args, **kwargs)
        except RuleError as error:
            assert error.key.startswith("error.critters.")
            assert self.table == before

    @rule(data=st.data(), piece=st.sampled_from(rules.initial_pile()))
    def take(self, data, piece):
        player = data.draw(st.sampled_from(self.builders))
        try:
            self.table = rules.take_piece(self.table, player, piece, CENTRE, builders=self.builders)
        except RuleError as error:
            # The limit is the largest: one piece more would leave another player short.
            if error.key == "error.critters.too_many_pieces":
                more = {**self.table, piece: Held(player, CENTRE)}
                assert not self.everyone_can_reach_seven(more)

    @rule(player=st.integers(0, 5), piece=st.sampled_from(rules.initial_pile()))
    def give_back(self, player, piece):
        self.attempt(rules.return_piece, player, piece)

    @rule(player=st.integers(0, 5), data=st.data())
    def exchange(self, player, data):
        give = data.draw(st.sampled_from(rules.initial_pile()))
        take = data.draw(st.sampled_from(rules.initial_pile()))
        self.attempt(rules.exchange_piece, player, give, take)

    @precondition(lambda self: self.table)
    @rule(data=st.data())
    def move_someones(self, data):
        piece = data.draw(st.sampled_from(sorted(self.table)))
        self.attempt(rules.move_piece, self.table[piece].player, piece, Placement(0.4, 0.6, 30))
        assert list(self.table)[-1] == piece

    def everyone_can_reach_seven(self, table):
        held = Counter(holding.player for holding in table.values())
        short = sum(max(0, rules.MIN_PIECES - held[b]) for b in self.builders)
        return rules.PILE_SIZE - len(table) >= short

    @invariant()
    def pieces_are_counted_once(self):
        held = Counter(holding.player for holding in self.table.values())
        assert self.everyone_can_reach_seven(self.table)
        assert set(self.table) <= rules.PIECE_IDS
        assert sum(held.values()) + (rules.PILE_SIZE - len(self.table)) == rules.PILE_SIZE


TestPile = PileMachine.TestCase
TestPile.settings = settings(max_examples=60, stateful_step_count=40, deadline=None)


# ---------------------------------------------------------------- finishing


def mosaic(count, placement=CENTRE):
    return {piece: placement for piece in rules.initial_pile()[:count]}


def test_a_mosaic_needs_seven_pieces_all_inside_the_frame():
    error = refused("error.critters.too_few_pieces", rules.check_mosaic, mosaic(6))
    assert error.params == {"fewest": 7, "count": 6}
    rules.check_mosaic(mosaic(7))
    rules.check_mosaic(mosaic(rules.PILE_SIZE))
    hanging = {**mosaic(7), "rhino-01": Placement(0.99, 0.5)}  # never passed validation
    refused("error.critters.piece_outside", rules.check_mosaic, hanging)


# ---------------------------------------------------------------- titles


def test_a_title_is_trimmed_and_shown_as_typed():
    assert (
        rules.clean_title("  Dandelions   at\tNight ", filter_words=True) == "Dandelions at Night"
    )
    assert rules.clean_title("Ｒｏｓｅｓ", filter_words=True) == "Roses"  # NFKC
    assert rules.clean_title("¡Qué día de playa!", filter_words=True) == "¡Qué día de playa!"
    longest = "x" * rules.TITLE_MAX_CHARS
    assert rules.clean_title(longest, filter_words=True) == longest


@pytest.mark.parametrize(
    ("title", "key"),
    [
        ("", "error.critters.title_empty"),
        ("   ", "error.critters.title_empty"),
        (None, "error.critters.title_empty"),
        (42, "error.critters.title_empty"),
        ("x" * (rules.TITLE_MAX_CHARS + 1), "error.critters.title_too_long"),
        ("Tulips\u200bin Vase", "error.critters.title_bad_characters"),
        ("\u202eesaV ni spiluT", "error.critters.title_bad_characters"),
        ("Roses\x00", "error.critters.title_bad_characters"),
    ],
)
def test_a_title_that_cannot_be_shown_is_refused(title, key):
    refused(key, rules.clean_title, title, filter_words=False)


def test_the_games_name_filter_also_reads_titles():
    word = json.loads((ROOT / "data" / "name_filter.json").read_text(encoding="utf-8"))["en"][0]
    title = f"My {word} garden"
    refused("error.critters.title_refused", rules.clean_title, title, filter_words=True)
    assert rules.clean_title(title, filter_words=False) == title


# ---------------------------------------------------------------- ribbons


def test_each_player_has_three_ribbons_two_with_three_players_or_in_the_duel():
    assert rules.ribbons_for(2) == rules.ribbons_for(3) == (3, 1)
    assert rules.ribbons_for(4) == rules.ribbons_for(5) == rules.ribbons_for(6) == (3, 2, 1)


def test_a_giver_places_every_ribbon_and_may_add_the_golden_to_anyone_else():
    panel = rules.judging([10, 11, 12, 13])
    award = rules.validate_awards(
        panel, 10, {1: 13, 3: 11, 2: 12}, golden=11, golden_available=True
    )
    assert award == Award(10, ((3, 11), (2, 12), (1, 13)), golden=11)
    assert rules.round_scores([award], [10, 11, 12, 13]) == {10: 0, 11: 8, 12: 2, 13: 1}


@pytest.mark.parametrize(
    ("ribbons", "golden", "available", "key"),
    [
        ({3: 10, 2: 12, 1: 13}, None, True, "error.critters.own_mosaic"),
        ({3: 11, 2: 12, 1: 13}, 10, True, "error.critters.own_mosaic"),
        ({3: 11, 2: 11, 1: 13}, None, True, "error.critters.same_player_twice"),
        ({3: 11, 2: 12}, None, True, "error.critters.ribbons_missing"),
        ({}, 11, True, "error.critters.ribbons_missing"),
        ({3: 11, 2: 12, 1: 13, 5: 12}, None, True, "error.critters.no_such_ribbon"),
        ({3: 11, 2: 12, 1: 99}, None, True, "error.critters.cannot_receive"),
        ({3: 11, 2: 12, 1: 13}, 99, True, "error.critters.cannot_receive"),
        ({3: 11, 2: 12, 1: 13}, 12, False, "error.critters.golden_used"),
        ({3: 11, 2: 12, 1: True}, None, True, "error.critters.awards_malformed"),
        ({3: 11, 2: 12, 1: "13"}, None, True, "error.critters.awards_malformed"),
        ({"3": 11, 2: 12, 1: 13}, None, True, "error.critters.awards_malformed"),
        ({True: 11, 2: 12, 3: 13}, None, True, "error.critters.awards_malformed"),
        ({3: 11, 2: 12, 1: 13}, "11", True, "error.critters.awards_malformed"),
        ([(3, 11), (2, 12), (1, 13)], None, True, "error.critters.awards_malformed"),
        (None, None, True, "error.critters.awards_malformed"),
    ],
)
def test_an_illegal_award_is_refused_with_its_reason(ribbons, golden, available, key):
    panel = rules.judging([10, 11, 12, 13])
    refused(key, rules.validate_awards, panel, 10, ribbons, golden, golden_available=available)


def test_the_missing_ribbons_are_named_and_a_three_player_game_has_no_two():
    panel = rules.judging([1, 2, 3])
    error = refused(
        "error.critters.ribbons_missing",
        rules.validate_awards,
        panel,
        1,
        {3: 2},
        golden_available=True,
    )
    assert error.params == {"ribbons": "+3, +1"}
    error = refused(
        "error.critters.no_such_ribbon",
        rules.validate_awards,
        panel,
        1,
        {3: 2, 2: 3},
        golden_available=True,
    )
    assert error.params == {"value": 2}
    assert rules.validate_awards(panel, 1, {3: 2, 1: 3}, golden_available=True).golden is None


def independently_legal(players, giver, ribbons, golden, available):
    values = rules.ribbons_for(len(players))
    receivers = list(ribbons.values())
    return (
        set(ribbons) == set(values)
        and all(r in players and r != giver for r in receivers)
        and len(set(receivers)) == len(receivers)
        and (golden is None or (available and golden in players and golden != giver))
    )


@settings(max_examples=300)
@given(data=st.data(), count=judged_counts, available=st.booleans())
def test_an_award_is_accepted_exactly_when_the_rulebook_allows_it(data, count, available):
    players = list(range(100, 100 + count))
    giver = data.draw(st.sampled_from(players))
    anyone = st.sampled_from([*players, 7])
    ribbons = data.draw(st.dictionaries(st.sampled_from([1, 2, 3]), anyone, max_size=3))
    golden = data.draw(st.one_of(st.none(), anyone))
    panel = rules.judging(players)
    legal = independently_legal(players, giver, ribbons, golden, available)
    try:
        award = rules.validate_awards(panel, giver, ribbons, golden, golden_available=available)
    except RuleError as error:
        assert not legal, error.key
    else:
        assert legal
        assert dict(award.ribbons) == ribbons and award.golden == golden


def legal_awards(players, panel, golden_left):
    """A strategy: one legal award from every giver, the golden ribbon given or not."""

    def from_giver(giver):
        others = sorted(panel.receivers - {giver})
        picks = st.permutations(others).map(lambda order: order[: len(panel.ribbons)])
        golden = st.one_of(st.none(), st.sampled_from(others))
        if not (panel.golden and giver in golden_left):
            golden = st.none()
        return st.tuples(picks, golden).map(
            lambda pair: rules.validate_awards(
                panel,
                giver,
                dict(zip(panel.ribbons, pair[0], strict=True)),
                pair[1],
                golden_available=giver in golden_left,
            )
        )

    return st.tuples(*(from_giver(giver) for giver in sorted(panel.givers)))


@settings(max_examples=200, deadline=None)
@given(data=st.data(), count=judged_counts)
def test_a_round_scores_the_ribbons_given_and_nobody_scores_their_own(data, count):
    players = list(range(count))
    panel = rules.judging(players)
    awards = data.draw(legal_awards(players, panel, set(players)))
    scores = rules.round_scores(awards, players)
    given_out = sum(
        sum(v for v, _ in a.ribbons) + (5 if a.golden is not None else 0) for a in awards
    )
    assert sum(scores.values()) == given_out
    assert sum(scores.values()) == count * sum(rules.ribbons_for(count)) + 5 * len(
        rules.golden_given(awards)
    )
    for award in awards:
        receivers = [receiver for _, receiver in award.ribbons]
        assert award.giver not in receivers and award.golden != award.giver
        assert len(set(receivers)) == len(receivers)
    for player in players:
        # What a player scores is what the others gave them: removing their own award changes
        # nothing of their score.
        without = rules.round_scores([a for a in awards if a.giver != player], players)
        assert without[player] == scores[player]


@settings(max_examples=100, deadline=None)
@given(data=st.data(), count=judged_counts)
def test_a_golden_ribbon_is_given_at_most_once_a_game_and_a_kept_one_costs_five(data, count):
    players = list(range(count))
    panel = rules.judging(players)
    golden_left = set(players)
    totals = dict.fromkeys(players, 0)
    given_by = Counter()
    for _ in range(rules.rounds_for(count)):
        awards = data.draw(legal_awards(players, panel, golden_left))
        for giver in rules.golden_given(awards):
            given_by[giver] += 1
        golden_left -= rules.golden_given(awards)
        for player, points in rules.round_scores(awards, players).items():
            totals[player] += points
        for giver in set(players) - golden_left:  # refused it in every later round
            others = [p for p in players if p != giver]
            ribbons = dict(zip(panel.ribbons, others, strict=False))
            refused(
                "error.critters.golden_used",
                rules.validate_awards,
                panel,
                giver,
                ribbons,
                others[0],
                golden_available=False,
            )
    assert all(times <= 1 for times in given_by.values())
    final = rules.less_kept_golden(totals, golden_left)
    for player in players:
        assert final[player] == totals[player] - (5 if player in golden_left else 0)


def test_the_rulebooks_scoring_examples():
    players = [1, 2, 3, 4]
    panel = rules.judging(players)
    awards = [
        rules.validate_awards(panel, 1, {3: 2, 2: 3, 1: 4}, golden=2, golden_available=True),
        rules.validate_awards(panel, 3, {3: 4, 2: 2, 1: 1}, golden_available=True),
        rules.validate_awards(panel, 4, {3: 3, 2: 1, 1: 2}, golden_available=True),
        rules.validate_awards(panel, 2, {3: 1, 2: 4, 1: 3}, golden_available=True),
    ]
    scores = rules.round_scores(awards, players)
    assert scores == {1: 3 + 1 + 2, 2: 3 + 5 + 2 + 1, 3: 2 + 3 + 1, 4: 1 + 3 + 2}
    assert rules.golden_given(awards) == {1}


# ---------------------------------------------------------------- the end of the game


def test_the_most_points_win_and_a_tie_is_played_off_or_shared():
    assert winners({1: 10, 2: 12, 3: 7}) == [2]
    assert winners({1: 12, 2: 12, 3: 7}) == [1, 2]
    assert winners({}) == []
    assert rules.tie_break_players({1: 10, 2: 12, 3: 7}) == []
    assert rules.tie_break_players({1: 12, 2: 12, 3: 12, 4: 3}) == [1, 2, 3]
    tied = {1: 12, 2: 12, 3: 7}
    last = rules.rounds_for(3)
    assert not rules.game_over(
        rounds_played=last - 1, players=3, totals={1: 9, 2: 1, 3: 0}, tie_rule=TieRule.PLAY_OFF
    )
    assert not rules.game_over(
        rounds_played=last, players=3, totals=tied, tie_rule=TieRule.PLAY_OFF
    )
    assert rules.game_over(rounds_played=last, players=3, totals=tied, tie_rule=TieRule.SHARE)
    assert rules.game_over(
        rounds_played=last + 2, players=3, totals={1: 14, 2: 12, 3: 7}, tie_rule=TieRule.PLAY_OFF
    )
    assert rules.game_over(
        rounds_played=5, players=2, totals={1: 4, 2: 3}, tie_rule=TieRule.PLAY_OFF
    )
    assert not rules.game_over(
        rounds_played=5, players=2, totals={1: 4, 2: 4}, tie_rule=TieRule.PLAY_OFF
    )
    assert TieRule("share") is TieRule.SHARE


def test_in_a_tie_break_only_the_others_award_and_only_the_tied_receive():
    panel = rules.judging([1, 2, 3, 4, 5], tied=[2, 4])
    assert panel.givers == {1, 3, 5} and panel.receivers == {2, 4}
    assert panel.ribbons == (3, 2) and not panel.golden
    refused(
        "error.critters.not_judging",
        rules.validate_awards,
        panel,
        2,
        {3: 4, 2: 1},
        golden_available=True,
    )
    refused(
        "error.critters.cannot_receive",
        rules.validate_awards,
        panel,
        1,
        {3: 2, 2: 3},
        golden_available=True,
    )
    refused(
        "error.critters.golden_not_now",
        rules.validate_awards,
        panel,
        1,
        {3: 2, 2: 4},
        2,
        golden_available=True,
    )
    refused(
        "error.critters.no_such_ribbon",
        rules.validate_awards,
        panel,
        1,
        {3: 2, 1: 4},
        golden_available=True,
    )
    assert rules.validate_awards(panel, 1, {3: 2, 2: 4}, golden_available=True).ribbons == (
        (3, 2),
        (2, 4),
    )
    three_tied = rules.judging([1, 2, 3, 4, 5], tied=[1, 2, 3])
    assert three_tied.givers == {4, 5} and three_tied.ribbons == (3, 2, 1)
    assert rules.judging([1, 2, 3], tied=[1, 2]).ribbons == (3, 1)


def test_when_everyone_is_tied_nobody_is_left_to_judge_and_they_share():
    everyone = {1: 12, 2: 12, 3: 12}
    assert rules.tie_break_players(everyone) == []
    assert rules.game_over(rounds_played=6, players=3, totals=everyone, tie_rule=TieRule.PLAY_OFF)
    assert winners(everyone) == [1, 2, 3]
    # The duel's two judge by guessing: tied, they play off when the facilitator chose so.
    assert rules.tie_break_players({1: 4, 2: 4}, duel=True) == [1, 2]
    for tied in ([1], [1, 9], [9, 8], [1, 2, 3]):
        with pytest.raises(ValueError):
            rules.judging([1, 2, 3], tied=tied)


@settings(max_examples=150, deadline=None)
@given(data=st.data(), count=judged_counts)
def test_tie_break_rounds_go_on_between_the_still_tied_until_one_leads(data, count):
    players = list(range(count))
    tied = data.draw(st.lists(st.sampled_from(players), min_size=2, unique=True))
    totals = {
        player: (20 if player in tied else data.draw(st.integers(0, 19))) for player in players
    }
    for _ in range(30):
        leaders = rules.tie_break_players(totals)
        assert set(leaders) <= set(tied)
        if not leaders:
            break
        tied = leaders
        panel = rules.judging(players, tied=leaders)
        awards = data.draw(legal_awards(players, panel, set(players)))
        assert all(a.golden is None for a in awards)
        scores = rules.round_scores(awards, players)
        assert all(scores[p] == 0 for p in players if p not in leaders)
        totals = {p: totals[p] + scores[p] for p in players}
    assert winners(totals)[0] in tied


@given(data=st.data())
def test_a_three_player_tie_between_two_is_always_broken_in_one_round(data):
    for tied in ([0, 1], [0, 2], [1, 2]):
        panel = rules.judging([0, 1, 2], tied=tied)
        (award,) = data.draw(legal_awards([0, 1, 2], panel, set()))
        scores = rules.round_scores([award], [0, 1, 2])
        assert len(rules.tie_break_players({p: 10 + scores[p] for p in tied})) == 0


# ---------------------------------------------------------------- theme cards and the deck

CARDS = [f"card-{n:02d}" for n in range(1, 37)]


@given(seed=seeds, count=st.integers(1, 5), rounds=st.integers(1, 30))
def test_drawing_never_runs_out_and_never_shows_a_card_twice_at_once(seed, count, rounds):
    rng = random.Random(seed)
    deck = rules.shuffled_deck(CARDS, rng)
    assert sorted(deck) == CARDS
    in_play: list[str] = []
    for _ in range(rounds):
        drawn, deck = rules.draw(deck, count, CARDS, rng, in_play=in_play)
        assert len(drawn) == len(set(drawn)) == count
        assert not set(drawn) & set(deck) and not set(drawn) & set(in_play)
        assert len(deck) == len(set(deck))
        in_play = drawn
    with pytest.raises(ValueError):
        rules.draw([], 37, CARDS, rng)


def test_a_game_draws_from_the_top():
    deck = rules.shuffled_deck(CARDS, random.Random(3))
    drawn, rest = rules.draw(deck, 1, CARDS, random.Random(0))
    assert drawn == deck[:1] and rest == deck[1:]


def test_the_theme_deck_is_36_cards_of_four_distinct_themes_in_both_languages():
    cards = themes.load_themes()
    assert len(cards) == 36 and all(len(card.themes) == 4 for card in cards)
    every = [theme for card in cards for theme in card.themes]
    assert len({theme.id for theme in every}) == 144
    for language in themes.LANGUAGES:
        texts = [theme.text(language).strip() for theme in every]
        assert all(texts) and len({text.casefold() for text in texts}) == 144
    assert sum(theme.en != theme.es for theme in every) > 130  # Spanish, not English again
    assert len({card.id for card in cards}) == 36
    assert themes.themes_by_id()["day-at-the-beach"].text("es") == "Un día de playa"


def write_deck(tmp_path, change):
    data = json.loads(themes.THEMES_FILE.read_text(encoding="utf-8"))
    change(data["cards"])
    path = tmp_path / "themes.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def set_theme(card, theme, field, value):
    def change(cards):
        cards[card]["themes"][theme][field] = value

    return change


@pytest.mark.parametrize(
    ("change", "complaint"),
    [
        (lambda cards: cards.pop(), "36 cards"),
        (lambda cards: cards.append(cards[0]), "36 cards"),
        (lambda cards: cards[3]["themes"].pop(), "must have 4 themes"),
        (lambda cards: cards[3].__setitem__("id", cards[4]["id"]), "card id"),
        (set_theme(5, 1, "es", ""), "es text"),
        (set_theme(5, 1, "en", "  A tree"), "en text"),
        (set_theme(5, 1, "es", 7), "es text"),
        (set_theme(5, 1, "en", "x" * 41), "en text"),
        (set_theme(5, 1, "id", "Not An Id"), "not an id"),
        (set_theme(9, 0, "id", "rainbow"), "theme id 'rainbow'"),
        (set_theme(9, 0, "en", "a RAINBOW"), "theme (en)"),
        (set_theme(9, 0, "es", "Un arcoíris"), "theme (es)"),
    ],
)
def test_a_broken_theme_file_is_refused_at_load(tmp_path, change, complaint):
    path = write_deck(tmp_path, change)
    with pytest.raises(ValueError, match=re.escape(complaint)):
        themes.load_themes(path)


# ---------------------------------------------------------------- the duel


FACE_UP = {
    "card-01": ("rainbow", "day-at-the-beach", "surprise-party", "happiness"),
    "card-02": ("sun", "under-the-sea", "picnic", "something-that-flies"),
    "card-03": ("flower", "in-the-jungle", "football-match", "my-favourite-food"),
    "card-04": ("tree", "outer-space", "storm", "friendship"),
}
EVERY_GUESS = [Guess(1, card) for card in FACE_UP] + [
    Guess(3, card, theme) for card, card_themes in FACE_UP.items() for theme in card_themes
]


@pytest.mark.parametrize(
    ("chosen_card", "chosen_theme"), [(card, theme) for card, ts in FACE_UP.items() for theme in ts]
)
def test_every_duel_guess_scores_as_rule_seven_says(chosen_card, chosen_theme):
    outcomes = Counter()
    for guess in EVERY_GUESS:
        points = rules.guess_points(guess, chosen_card, chosen_theme)
        if guess.ribbon == 1:
            assert points.guesser == (1 if guess.card == chosen_card else 0)
            assert points.creator == 0  # a card is not the theme
        else:
            right = (guess.card, guess.theme) == (chosen_card, chosen_theme)
            assert (points.guesser, points.creator) == ((3, 1) if right else (0, 0))
        outcomes[points.guesser, points.creator] += 1
    assert outcomes == {(1, 0): 1, (0, 0): 3 + 15, (3, 1): 1}


def test_a_duel_round_scores_both_guesses():
    secrets = {7: ("card-02", "picnic"), 8: ("card-03", "flower")}
    guesses = {7: Guess(3, "card-03", "flower"), 8: Guess(1, "card-02")}
    assert rules.duel_round_scores(guesses, secrets) == {7: 3 + 0, 8: 1 + 1}
    assert rules.duel_round_scores({8: Guess(3, "card-02", "picnic")}, secrets) == {7: 1, 8: 3}
    assert rules.duel_round_scores({}, secrets) == {7: 0, 8: 0}
    with pytest.raises(ValueError):
        rules.duel_round_scores({}, {7: ("card-01", "sun")})


@pytest.mark.parametrize(
    ("guess", "key"),
    [
        ((2, "card-01", None), "error.critters.guess_ribbon"),
        ((True, "card-01", None), "error.critters.guess_ribbon"),
        ((1, "card-01", "rainbow"), "error.critters.guess_ribbon"),
        ((1, "card-09", None), "error.critters.guess_card_unknown"),
        ((3, None, "rainbow"), "error.critters.guess_card_unknown"),
        ((3, "card-01", None), "error.critters.guess_theme_unknown"),
        ((3, "card-01", "sun"), "error.critters.guess_theme_unknown"),
        ((3, "card-01", ["rainbow"]), "error.critters.guess_theme_unknown"),
    ],
)
def test_a_duel_guess_off_the_table_is_refused(guess, key):
    refused(key, rules.validate_guess, *guess, face_up=FACE_UP)


def test_a_duel_guess_on_the_table_is_kept():
    assert rules.validate_guess(1, "card-02", None, face_up=FACE_UP) == Guess(1, "card-02")
    assert rules.validate_guess(3, "card-02", "sun", face_up=FACE_UP) == Guess(3, "card-02", "sun")


@given(seed=seeds, short=st.booleans())
def test_the_secret_cards_are_shown_shuffled_among_two_from_the_top(seed, short):
    rng = random.Random(seed)
    deck = rules.shuffled_deck(CARDS, rng)
    secret, deck = rules.draw(deck, 2, CARDS, rng)
    if short:
        deck = deck[:1]  # the deck runs out: the top-up must not bring a secret card back
    face_up, rest = rules.guess_cards(secret, deck, CARDS, rng)
    assert len(face_up) == len(set(face_up)) == 4
    assert set(secret) <= set(face_up)
    decoys = [card for card in face_up if card not in secret]
    if not short:
        assert set(decoys) == set(deck[:2]) and rest == deck[2:]
    else:
        assert deck[0] in decoys
    assert not set(face_up) & set(rest)


def test_the_secret_cards_do_not_sit_in_fixed_places():
    places = set()
    for seed in range(50):
        face_up, _ = rules.guess_cards(
            ["card-01", "card-02"], CARDS[2:], CARDS, random.Random(seed)
        )
        places.add(face_up.index("card-01"))
    assert places == {0, 1, 2, 3}


# ---------------------------------------------------------------- pictures and messages


@pytest.mark.parametrize("kind", list(rules.PILE))
def test_every_kind_has_its_picture_credited(kind):
    path = PIECES_DIR / f"{kind}.svg"
    root = ElementTree.parse(path).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert root.get("viewBox") == "0 0 36 36"
    text = path.read_text(encoding="utf-8")
    assert not re.search(r"<script|href|foreignObject|\bon[a-z]+=", text, re.IGNORECASE)
    assert f"`pieces/{kind}.svg`" in (ROOT / "data" / "critters" / "ATTRIBUTION.md").read_text()
    assert sorted(p.stem for p in PIECES_DIR.iterdir()) == sorted(rules.PILE)


def raised_keys():
    """Every RuleError the critters modules can raise: (key, the placeholders it fills)."""
    found = []
    for source in (ROOT / "engine" / "critters").glob("*.py"):
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "RuleError":
                key = node.args[0]
                assert isinstance(key, ast.Constant), f"{source.name}: a key that is not literal"
                found.append((key.value, {keyword.arg for keyword in node.keywords}))
    return found


def test_every_refusal_speaks_both_languages_and_fills_its_placeholders():
    catalogues = {
        language: json.loads((ROOT / "data" / "i18n" / f"{language}.json").read_text("utf-8"))
        for language in ("en", "es")
    }
    found = raised_keys()
    assert len({key for key, _ in found}) >= 25
    for key, params in found:
        english, spanish = catalogues["en"].get(key), catalogues["es"].get(key)
        assert english and spanish and english != spanish, key
        for text in (english, spanish):
            names = {name for _, name, _, _ in string.Formatter().parse(text) if name}
            assert names <= params, (key, text, params)  # every placeholder is filled
