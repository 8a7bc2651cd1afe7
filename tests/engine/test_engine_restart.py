"""Layer 8: a new Engine on the same file continues every game exactly (a server restart)."""

from __future__ import annotations

from cc_support import Table, row_counts, seat_table, strokes

from engine import Engine, FakeClock
from tests.kit import rid


def everything(table: Table) -> dict:
    return {
        "public": table.public(),
        "facilitator": table.facilitator(),
        "players": {name: table.view(name) for name in table.tokens},
    }


def test_a_restart_mid_pulse_continues_the_game_exactly(file_url):
    clock = FakeClock()
    first = Engine(file_url, clock=clock, seed=21)
    game = first.create_game()
    table = Table(first, clock, game.code, game.facilitator_token)
    for name in ["Ana", "Ben", "Carmen", "Dario", "Elif", "Femi", "Gus"]:
        table.tokens[name] = first.join(game.code, name)
    first.start(game.facilitator_token)
    clock.advance(159 + 12 + 17)  # round 2, 17 s into pulse 1
    artists = table.artists()
    for name in artists[:3]:
        table.submit(name, 2)
    before = everything(table)
    assert (before["public"]["phase"], before["public"]["round"]) == ("pulse1", 2)
    assert before["public"]["seconds_left"] == 23
    del first  # the server goes away

    second = Engine(file_url, clock=clock)  # no seed: nothing random is needed to go on
    table.engine = second
    assert everything(table) == before  # same phase, time left, fragments, roles, secrets
    for name in artists[:3]:
        assert len(table.view(name)["fragments"]) == 1
    for name in artists[3:]:
        table.submit(name, 1)
    assert table.phase() == "merge"
    assert len(table.public()["fragments"]) == len(artists)
    table.advance_to("choice")
    true_id, _ = table.true_and_false()
    second.choose(table.tokens[table.curator()], true_id, rid())
    clock.advance(10_000)
    view = table.public()
    assert (view["phase"], view["round"]) == ("finished", 7)
    assert [h["round"] for h in table.facilitator()["history"]] == list(range(1, 8))


def test_two_engines_on_one_file_see_each_others_changes(file_url):
    clock = FakeClock()
    one, two = Engine(file_url, clock=clock, seed=1), Engine(file_url, clock=clock, seed=2)
    game = one.create_game()
    names = ["Ana", "Ben", "Carmen", "Dario", "Elif"]
    tokens = {name: (one if i % 2 else two).join(game.code, name) for i, name in enumerate(names)}
    assert two.public_view(game.code)["players"] == names
    assert one.public_view(game.code)["players"] == names  # a cached view is not stale
    two.start(game.facilitator_token)
    assert one.public_view(game.code)["phase"] == "roles"
    one.advance(game.facilitator_token)
    curator = next(n for n in names if two.player_view(tokens[n])["role"] == "curator")
    artist = next(n for n in names if n != curator)
    one.submit_fragment(tokens[artist], [[(0.1, 0.1), (0.2, 0.2)]], "r1")
    assert len(two.player_view(tokens[artist])["fragments"]) == 1
    # a retry arriving at the other server is still the same request
    assert two.submit_fragment(tokens[artist], [[(0.3, 0.3), (0.4, 0.4)]], "r1")["strokes"] == 1


def test_retries_after_a_restart_answer_what_the_first_server_answered(file_url):
    """A server died after sending its answers, which never arrived: the pages retry on the
    server that replaced it, a round later, and are told the first answers, nothing stored
    twice."""
    clock = FakeClock()
    first = Engine(file_url, clock=clock, seed=5)
    table = seat_table(first, clock, 5)
    table.advance_to("pulse1")
    artist, curator, distorter = table.artists()[0], table.curator(), table.distorter()
    drawn = table.submit(artist, 2, request_id="draw-1")
    table.advance_to("choice")
    true_id, false_id = table.true_and_false()
    chosen = first.choose(table.tokens[curator], true_id, "choose-1")
    table.advance_to("accusation")
    voter = curator
    suspect = table.signature_of(distorter)
    voted = first.accuse(table.tokens[voter], suspect, "vote-1")
    del first

    second = Engine(file_url, clock=clock)
    table.engine = second
    table.advance_to("pulse1", 2)
    again = {
        "draw": second.submit_fragment(table.tokens[artist], strokes(1), "draw-1"),
        "choose": second.choose(table.tokens[curator], false_id, "choose-1"),
        "vote": second.accuse(table.tokens[voter], "other", "vote-1"),
    }
    assert again == {"draw": drawn, "choose": chosen, "vote": voted}
    assert table.facilitator()["history"][0]["choice"] == true_id
    stored = row_counts(second)
    assert (stored["fragment"], stored["choice"], stored["vote"]) == (1, 1, 1)
