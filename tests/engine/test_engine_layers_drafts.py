"""A painter arranges a painting from their hand while the others play (issue 41): kept for
them alone as a drawing's draft is, changing no version; on their own turn it is one of the
moves their phone lists, so painting it is one tap; cards and a background it no longer
holds drop out of it."""

from __future__ import annotations

import json

import pytest
from layers_kit import seat_layers

from engine.canvas_layers.rules import LAYERS
from tests.kit import refused, rid


@pytest.fixture
def seed() -> int:
    """This module's deals were worked out on seed 11."""
    return 11


def waiting_with_three(table):
    """Takes the free card turn after turn until a painter who is not acting holds three
    cards; returns their name."""
    for _turn in range(40):
        acting = table.acting()
        waiting = [
            name for name in table.tokens if name != acting and len(table.view(name)["hand"]) >= 3
        ]
        if waiting:
            return waiting[0]
        table.take_first(acting)
    raise AssertionError("nobody waited with three cards")


def test_a_draft_is_its_painters_alone_and_changes_no_version(engine, clock):
    table = seat_layers(engine, clock, 3)
    name = waiting_with_three(table)
    mine = table.view(name)
    cards, background = list(reversed(mine["hand"][:LAYERS])), mine["backgrounds"][1]
    version = engine.status(table.code)["version"]
    engine.save_painting_draft(table.tokens[name], cards, background)
    assert engine.status(table.code)["version"] == version
    assert table.view(name)["painting_draft"] == {"cards": cards, "background": background}
    others = [table.public(), table.facilitator()]
    others += [table.view(other) for other in table.tokens if other != name]
    for view in others:
        assert view.get("painting_draft") is None
        assert background not in json.dumps(view)  # nor anything of it, anywhere


def test_on_the_painters_turn_the_draft_is_one_listed_move_away(engine, clock):
    table = seat_layers(engine, clock, 3)
    name = waiting_with_three(table)
    mine = table.view(name)
    cards, background = mine["hand"][:LAYERS], mine["backgrounds"][0]
    engine.save_painting_draft(table.tokens[name], cards[:2], None)  # arranged in steps
    engine.save_painting_draft(table.tokens[name], cards, background)
    while table.acting() != name:
        table.take_first(table.acting())
    view = table.view(name)
    draft = view["painting_draft"]
    assert draft == {"cards": cards, "background": background}
    offered = [a for a in view["actions"]["complete"] if a["cards"] == draft["cards"]]
    assert any(a["background"] == background for a in offered)
    engine.complete_painting(table.tokens[name], cards, background, rid())
    # Its cards and its background are used now: nothing of it is left to paint again.
    assert table.view(name)["painting_draft"] == {"cards": [], "background": None}


def test_a_draft_the_rules_could_never_paint_is_refused_and_the_last_one_kept(engine, clock):
    table = seat_layers(engine, clock, 3)
    name = waiting_with_three(table)
    token, hand = table.tokens[name], table.view(name)["hand"]
    engine.save_painting_draft(token, hand[:1], None)
    someone_else = next(other for other in table.tokens if other != name)
    theirs = table.view(someone_else)["backgrounds"][0]
    for key, cards, background in [
        ("error.layers.not_in_hand", ["no-such-card"], None),
        ("error.layers.card_twice", [hand[0], hand[0]], None),
        ("error.layers.three_cards", [*hand[:LAYERS], hand[0]], None),  # four
        ("error.layers.not_your_background", hand[:1], theirs),
        ("error.layers.bad_action", "not a list", None),
    ]:
        refused(key, engine.save_painting_draft, token, cards, background)
    assert table.view(name)["painting_draft"] == {"cards": hand[:1], "background": None}


def test_no_draft_before_the_game_starts(engine, clock):
    table = seat_layers(engine, clock, 3, start=False)
    name = next(iter(table.tokens))
    refused("error.layers.no_draft_now", engine.save_painting_draft, table.tokens[name], [], None)
