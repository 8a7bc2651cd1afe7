"""R4 drafts: an artist's finished strokes are kept on the server as they are drawn, seen by
their owner alone, and locked for them when the pulse ends, up to its limit in drawing order."""

from __future__ import annotations

import json

from cc_support import Table, fingerprint, seat_table, strokes

from engine import Engine, FakeClock
from tests.kit import refused, rid


def marked(count: int, mark: float) -> list:
    """`count` strokes whose points carry a coordinate nothing else uses, to find them."""
    return [
        [[mark, round(0.1 + 0.1 * i, 2)], [mark, round(0.15 + 0.1 * i, 2)]] for i in range(count)
    ]


def everyone_else(table: Table, owner: str) -> str:
    views = {
        "status": table.engine.status(table.code),
        "public": table.public(),
        "facilitator": table.facilitator(),
        "players": {n: table.view(n) for n in table.names if n != owner},
    }
    return json.dumps(views)


def test_a_draft_is_its_owners_alone_and_survives_a_reload(file_url):
    clock = FakeClock()
    table = seat_table(Engine(file_url, clock=clock, seed=5), clock, 5)
    table.advance_to("pulse1")
    owner, other = table.artists()[:2]
    version = table.engine.status(table.code)["version"]
    assert table.engine.save_draft(table.tokens[owner], marked(2, 0.4321)) == 2
    assert table.engine.status(table.code)["version"] == version  # nobody else reruns
    assert table.view(owner)["draft"] == marked(2, 0.4321)
    assert "0.4321" not in everyone_else(table, owner)
    assert table.view(other)["draft"] == []
    table.engine = Engine(file_url, clock=clock)  # a reloaded page, even on another server
    assert table.view(owner)["draft"] == marked(2, 0.4321)
    assert "0.4321" not in everyone_else(table, owner)


def test_time_running_out_locks_finished_strokes_up_to_the_limit(table):
    table.advance_to("pulse1")
    early, drafter, many, idle = table.artists()[:4]
    table.submit(early, 1)
    table.engine.save_draft(table.tokens[drafter], marked(2, 0.2222))
    table.engine.save_draft(table.tokens[many], marked(5, 0.3333))
    table.engine.save_draft(table.tokens[idle], [])
    table.clock.advance(40)
    assert table.phase() == "merge"
    shown = {f["signature"]: f["strokes"] for f in table.public()["fragments"]}
    assert set(shown) == {table.signature_of(n) for n in (early, drafter, many)}
    assert len(shown[table.signature_of(drafter)]) == 2
    assert shown[table.signature_of(many)] == marked(5, 0.3333)[:3]  # the first three drawn
    assert table.view(drafter)["auto_locked"] == [1]
    assert table.view(early)["auto_locked"] == []
    assert table.view(drafter)["draft"] == []


def test_the_facilitator_ending_a_pulse_locks_drafts_too(table):
    table.advance_to("pulse1")
    table.advance_to("pulse2")
    drafter = table.artists()[0]
    table.engine.save_draft(table.tokens[drafter], marked(3, 0.5555))
    table.engine.advance(table.fac, phase="pulse2")
    assert table.phase() == "discussion"
    [mine] = [f for f in table.public()["fragments"] if f["pulse"] == 2]
    assert len(mine["strokes"]) == 2  # pulse 2 takes at most 2
    assert table.view(drafter)["auto_locked"] == [2]


def test_a_submit_replaces_the_draft_and_nothing_is_locked_twice(table):
    table.advance_to("pulse1")
    artist = table.artists()[0]
    table.engine.save_draft(table.tokens[artist], marked(3, 0.6666))
    table.submit(artist, 1)
    assert table.view(artist)["draft"] == []
    table.clock.advance(40)
    mine = [f for f in table.public()["fragments"] if f["signature"] == table.signature_of(artist)]
    assert len(mine) == 1 and len(mine[0]["strokes"]) == 1
    assert table.view(artist)["auto_locked"] == []


def test_an_outage_keeps_drafts_unlocked_and_private(file_url):
    clock = FakeClock()
    table = seat_table(Engine(file_url, clock=clock, seed=5), clock, 5)
    table.advance_to("pulse1")
    artist = table.artists()[0]
    table.engine.save_draft(table.tokens[artist], marked(1, 0.7777))
    clock.advance(300)
    table.engine = Engine(file_url, clock=clock)  # back after five minutes: paused, unsettled
    assert table.public()["paused"] and table.phase() == "pulse1"
    assert table.view(artist)["draft"] == marked(1, 0.7777)
    assert "0.7777" not in everyone_else(table, artist)


def test_drafts_are_refused_where_they_make_no_sense_and_change_nothing(table):
    curator = table.curator()
    artist = table.artists()[0]
    before = fingerprint(table)
    refused("error.wrong_phase", table.engine.save_draft, table.tokens[artist], marked(1, 0.1))
    table.advance_to("pulse1")
    before = fingerprint(table)
    refused("error.curator_does_not_draw", table.engine.save_draft, table.tokens[curator], [])
    refused("error.strokes_malformed", table.engine.save_draft, table.tokens[artist], "x")
    refused(
        "error.point_outside", table.engine.save_draft, table.tokens[artist], [[(2, 2), (3, 3)]]
    )
    refused("error.stroke_count", table.engine.save_draft, table.tokens[artist], strokes(1) * 11)
    refused("error.bad_player_token", table.engine.save_draft, "nobody" * 5, [])
    assert fingerprint(table) == before
    table.engine.submit_fragment(table.tokens[artist], strokes(1), rid())
    refused("error.already_submitted", table.engine.save_draft, table.tokens[artist], [])
