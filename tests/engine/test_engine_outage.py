"""RULINGS (timing): a game the server could not keep for more than 30 s resumes paused, in
the round and phase it was in, with the time it had left and nothing settled; the facilitator
resumes it. Catch-up across short gaps, and while a server was there, stays as it was."""

from __future__ import annotations

from cc_support import Table, strokes

from engine import Engine, FakeClock
from tests.kit import rid

NAMES = ["Ana", "Ben", "Carmen", "Dario", "Elif", "Femi", "Gus", "Hiro"]


def seated_in_pulse1(url: str, clock: FakeClock) -> Table:
    """An eight-player game 10 s into round 1's ink pulse 1, two artists locked in."""
    engine = Engine(url, clock=clock, seed=11)
    game = engine.create_game()
    table = Table(engine, clock, game.code, game.facilitator_token)
    for name in NAMES:
        table.tokens[name] = engine.join(game.code, name)
    engine.start(game.facilitator_token)
    table.advance_to("pulse1")
    clock.advance(10)
    for name in table.artists()[:2]:
        engine.submit_fragment(table.tokens[name], strokes(2), rid())
    return table


def restart(table: Table, clock: FakeClock, url: str, down_for: float) -> None:
    clock.advance(down_for)
    table.engine = Engine(url, clock=clock)


def test_a_server_down_five_minutes_resumes_paused_where_it_was(file_url):
    clock = FakeClock()
    table = seated_in_pulse1(file_url, clock)
    mine = {name: table.view(name)["fragments"] for name in table.names}
    restart(table, clock, file_url, 300)

    view = table.public()
    assert (view["round"], view["phase"]) == (1, "pulse1")
    assert view["paused"] and view["interrupted"]
    assert view["seconds_left"] == 30  # what it had left when the server went away
    assert set(view["totals"].values()) == {0}  # nothing settled, no Distorter windfall
    assert table.facilitator()["history"] == []
    assert {name: table.view(name)["fragments"] for name in table.names} == mine
    clock.advance(600)  # still nobody resumes: it waits, whole
    assert (table.phase(), table.seconds_left()) == ("pulse1", 30)

    table.engine.resume(table.fac)
    view = table.public()
    assert (view["phase"], view["paused"], view["interrupted"]) == ("pulse1", False, False)
    clock.advance(30)
    assert table.phase() == "merge"


def test_a_short_restart_catches_up_as_before(file_url):
    clock = FakeClock()
    table = seated_in_pulse1(file_url, clock)
    restart(table, clock, file_url, 20)
    view = table.public()
    assert (view["phase"], view["paused"], view["seconds_left"]) == ("pulse1", False, 10)
    table.engine.keep()  # the app's keeper beats once the server is back
    restart(table, clock, file_url, 25)  # pulse 1 and the merge ended while it was away
    view = table.public()
    assert (view["phase"], view["paused"], view["seconds_left"]) == ("pulse2", False, 20)


def test_an_outage_keeps_the_phases_that_ended_before_it(file_url):
    """Phases whose deadlines passed while a server still kept the game are walked; only the
    time after the server went away is frozen."""
    clock = FakeClock()
    table = seated_in_pulse1(file_url, clock)
    for name in table.artists()[2:]:
        table.engine.submit_fragment(table.tokens[name], strokes(1), rid())
    assert table.phase() == "merge"  # everyone locked: 5 s of merge, then pulse 2
    table.engine.keep()  # a keeper's beat: the server is here
    clock.advance(3)
    table.engine.keep()
    restart(table, clock, file_url, 400)
    view = table.public()
    assert (view["phase"], view["paused"], view["seconds_left"]) == ("merge", True, 2)


def test_a_server_kept_alive_by_its_keeper_moves_games_on_and_never_pauses(engine, clock):
    """Nobody looking is not an outage: the keeper moves games on at their deadlines."""
    table = Table(engine, clock, *engine.create_game())
    for name in NAMES[:5]:
        table.tokens[name] = engine.join(table.code, name)
    engine.start(table.fac)
    for _beat in range(15 * 60 // 5):  # fifteen minutes (five rounds), nobody looking
        engine.keep()
        clock.advance(5)
    view = table.public()
    assert (view["phase"], view["paused"]) == ("finished", False)
    assert [h["round"] for h in table.facilitator()["history"]] == [1, 2, 3, 4, 5]


def test_a_late_keeper_beat_means_the_machine_slept(engine, clock):
    """A laptop that slept five minutes: same process, but the game waits, paused."""
    table = Table(engine, clock, *engine.create_game())
    for name in NAMES[:5]:
        table.tokens[name] = engine.join(table.code, name)
    engine.start(table.fac)
    table.advance_to("discussion")
    engine.keep()
    clock.advance(5)
    engine.keep()
    clock.advance(300)  # asleep: no beat
    view = table.public()  # a page asks before the keeper's thread wakes
    assert (view["phase"], view["paused"], view["interrupted"]) == ("discussion", True, True)
    assert view["seconds_left"] == 20
    engine.keep()  # the keeper wakes: nothing more changes
    assert table.public()["seconds_left"] == 20


def test_another_server_keeping_the_game_is_no_outage(file_url):
    """Two app servers: one stops for good; the other kept beating, so games go on."""
    clock = FakeClock()
    table = seated_in_pulse1(file_url, clock)
    other = Engine(file_url, clock=clock)
    del table.engine  # the first server stops
    for _beat in range(60):  # five minutes of the other server's beats
        other.keep()
        clock.advance(5)
    table.engine = Engine(file_url, clock=clock)  # the first server comes back
    view = table.public()
    assert not view["paused"]
    assert view["round"] >= 2  # the game went on without pausing
