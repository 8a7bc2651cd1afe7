"""Facts of the rulebooks and rulings (../shared) that no other test held, each checked with
the number or the words the book gives, never with the code's own constant.

Crossed Canvas: the Curator's two other options are of the pair's category (R6), and the
category and closeness everyone sees are the round's pair's (R2). Canvas Critters: an active
player who picks no theme gets the card's first; an unfinished mosaic keeps the ribbons it is
given; a golden ribbon never given costs 5 once, at the end; the default lengths of building,
the sand timer and a title. Canvas Layers: a turn lasts 30 s by default.
"""

from __future__ import annotations

import pytest
from cc_support import seat_table
from critters_kit import seat_critters
from layers_kit import seat_layers

from engine import RuleError
from engine.crossed_canvas.decks import load_deck


@pytest.fixture
def seed() -> int:
    """This module's deals were worked out on seed 11."""
    return 11


def test_the_curators_other_two_options_are_objects_of_the_pairs_category(engine, clock):
    deck = load_deck()
    table = seat_table(engine, clock, 6)
    for number in range(1, 6):
        table.advance_to("choice", number)
        true_id, false_id = table.true_and_false()
        options = [option["id"] for option in table.view(table.curator())["options"]]
        category = deck.objects[true_id].category
        others = set(options) - {true_id, false_id}
        assert {true_id, false_id} <= set(options) and len(others) == 2, options
        assert {deck.objects[other].category for other in others} == {category}, number


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_category_and_closeness_everyone_sees_are_the_rounds_pairs(engine, clock, language):
    deck = load_deck()
    closeness = {frozenset((pair.a, pair.b)): pair.closeness for pair in deck.pairs}
    table = seat_table(engine, clock, 5, language=language)
    for number in range(1, 6):
        table.advance_to("roles", number)
        true_id, false_id = table.true_and_false()
        category = deck.categories[deck.objects[true_id].category][language]
        for seen in (table.public(), table.view(table.curator())):
            assert (seen["category"], seen["closeness"]) == (
                category,
                closeness[frozenset((true_id, false_id))],
            ), number


def test_an_active_player_who_picks_no_theme_gets_the_cards_first(engine, clock):
    table = seat_critters(engine, clock, 3, durations={"theme": 30})
    active = table.public()["active"]
    first = table.view(active)["actions"]["pick_theme"]["themes"][0]
    clock.advance(31)
    assert table.phase() == "build"
    card = table.view(active)["card"]
    assert card["chosen"] == first
    assert next(theme["text"] for theme in card["themes"] if theme["id"] == first)


def test_an_unfinished_mosaic_keeps_the_ribbons_it_is_given(engine, clock):
    table = seat_critters(engine, clock, 3)
    table.pick_all()
    ana, ben, cy = table.tokens
    table.build(ana, pieces=3)  # fewer than seven when building ends: unfinished
    for name in (ben, cy):
        table.build(name)
        table.finish(name)
    table.engine.advance(table.fac)  # the teacher ends the sand timer
    assert table.phase() == "titles"
    table.title_all()
    top, low = table.view(ben)["actions"]["award"]["ribbons"]  # +3 and +1 at a table of three
    for giver, ribbons in {ben: {top: ana, low: cy}, cy: {top: ana, low: ben}}.items():
        table.engine.award_ribbons(table.tokens[giver], ribbons, f"r-{giver}")
    table.engine.award_ribbons(table.tokens[ana], {top: ben, low: cy}, "r-ana")
    assert table.phase() == "scores"
    assert table.public()["turned_over"]["scores"][ana] == 2 * top == 6


def test_a_golden_ribbon_never_given_costs_five_once_at_the_end(engine, clock):
    table = seat_critters(engine, clock, 3)
    table.engine.set_tie_rule(table.fac, "share")  # no tie-break round: five rounds in all
    ribbons = dict.fromkeys(table.tokens, 0)
    for _ in range(table.public()["rounds"]):
        turned = table.play_judged_round()["turned_over"]  # no golden ribbon is ever given
        for giver in turned["ribbons"]:
            assert giver["golden"] is None
            for ribbon in giver["ribbons"]:
                ribbons[ribbon["to"]] += ribbon["value"]
        table.engine.advance(table.fac)
    assert table.phase() == "finished"
    assert table.public()["totals"] == {name: points - 5 for name, points in ribbons.items()}


def test_critters_lengths_are_the_rulings(engine, clock):
    """Building's overall limit is 300 s, the sand timer one minute, a title 1 to 40
    characters."""
    table = seat_critters(engine, clock, 3, durations=None)
    table.pick_all()
    assert table.phase() == "build" and table.public()["seconds_left"] == pytest.approx(300)
    ana, *_ = table.tokens
    table.build(ana)
    table.finish(ana)
    assert table.phase() == "last_minute" and table.public()["seconds_left"] == pytest.approx(60)
    clock.advance(61)
    assert table.phase() == "titles"
    table.engine.title_mosaic(table.tokens[ana], "x" * 40)
    with pytest.raises(RuleError):
        table.engine.title_mosaic(table.tokens[ana], "y" * 41)


def test_a_layers_turn_lasts_thirty_seconds_by_default(engine, clock):
    table = seat_layers(engine, clock, 3, durations=None)
    assert table.public()["seconds_left"] == pytest.approx(30)
