"""What teachers asked for next, engine side: "Play again" with the same class, and which
signatures are still voting (role-neutral: the Curator votes under no signature)."""

from __future__ import annotations

import critters_kit
import layers_kit
from cc_support import seat_table

from engine.canvas_layers.cards import DEFAULT_SCORING
from tests.kit import refused, rid

BROWSER = "browser-0123456789abcdef"


def test_play_again_makes_one_new_game_the_players_can_join(engine, clock):
    table = seat_table(engine, clock, 5, durations={"pulse1": 60}, language="es")
    refused("error.not_finished", engine.play_again, table.fac)
    clock.advance(10_000)
    assert table.public()["next_game"] is None
    new = engine.play_again(table.fac)
    assert table.public()["next_game"] == new.code
    for name in table.names:
        assert table.view(name)["next_game"] == new.code
    error = refused("error.already_playing_again", engine.play_again, table.fac)  # double click
    assert error.params["code"] == new.code
    fresh = engine.facilitator_view(new.facilitator_token)
    assert (fresh["phase"], fresh["language"], fresh["players"]) == ("lobby", "es", [])
    assert fresh["durations"]["pulse1"] == 60
    token = engine.join(new.code, "Ana", browser=BROWSER)
    assert engine.player_view(token)["name"] == "Ana"
    assert engine.facilitator_view(table.fac)["phase"] == "finished"  # the old game stays


def test_voting_readiness_names_signatures_never_the_curator(table):
    table.advance_to("accusation")
    artists = table.artists()
    curator = table.curator()
    sigs = {name: table.signature_of(name) for name in artists}
    table.engine.accuse(table.tokens[curator], sigs[artists[0]], rid())
    view = table.public()
    assert view["ready"] == {"done": 1, "total": 6}
    assert view["ready_signatures"] == []  # the Curator voted: no signature is marked
    table.engine.accuse(table.tokens[artists[0]], sigs[artists[1]], rid())
    view = table.public()
    assert view["ready"] == {"done": 2, "total": 6}
    assert view["ready_signatures"] == [sigs[artists[0]]]


def test_play_again_keeps_the_choices_the_teacher_made_in_the_lobby(engine, clock):
    """A teacher who kept Canvas Critters' ribbon givers unnamed, or picked Canvas Layers'
    scoring cards, finds the next game set up the same way (still theirs to change)."""
    critters = critters_kit.seat_critters(engine, clock, 3, start=False)
    engine.set_givers_named(critters.fac, False)
    layers = layers_kit.seat_layers(engine, clock, 2, start=False)
    picked = ["symmetry", "rhythm", "focus", "space"]
    engine.set_scoring(layers.fac, picked)
    for table in (critters, layers):
        engine.start(table.fac)
    clock.advance(10**6)  # every phase runs out: both games reach their end
    assert critters.phase() == layers.phase() == "finished"
    again = engine.play_again(critters.fac)
    assert engine.facilitator_view(again.facilitator_token)["givers_named"] is False
    engine.set_givers_named(again.facilitator_token, True)  # the lobby's choice again
    assert engine.facilitator_view(again.facilitator_token)["givers_named"] is True
    again = engine.play_again(layers.fac)
    assert engine.public_view(again.code)["scoring"] == picked


def test_play_again_after_the_rulebook_s_choices_keeps_them(engine, clock):
    critters = critters_kit.seat_critters(engine, clock, 3)
    layers = layers_kit.seat_layers(engine, clock, 2)
    clock.advance(10**6)
    again = engine.play_again(critters.fac)
    assert engine.facilitator_view(again.facilitator_token)["givers_named"] is True
    again = engine.play_again(layers.fac)
    assert engine.public_view(again.code)["scoring"] == list(DEFAULT_SCORING)
