"""What teachers asked for next, engine side: "Play again" with the same class, and which
signatures are still voting (role-neutral: the Curator votes under no signature)."""

from __future__ import annotations

from cc_support import seat_table

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
