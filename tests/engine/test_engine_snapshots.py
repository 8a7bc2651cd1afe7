"""Every view comes from one consistent snapshot of the database, on SQLite and PostgreSQL.

A commit landing between a view's statements must not mix two rounds: at READ COMMITTED a
reveal once named the next round's true object and Distorter on the projector.
"""

from __future__ import annotations

from cc_support import NAMES, Table
from sqlalchemy import event

from engine import Engine, FakeClock


def test_a_commit_between_a_views_reads_never_mixes_two_rounds(file_url):
    clock = FakeClock()
    writer = Engine(file_url, clock=clock, seed=3)
    game = writer.create_game()
    table = Table(writer, clock, game.code, game.facilitator_token)
    for name in NAMES[:6]:
        table.tokens[name] = writer.join(game.code, name)
    writer.start(game.facilitator_token)
    table.advance_to("reveal")
    reader = Engine(file_url, clock=clock)  # another app server, with its own connections

    armed = True

    def next_round_commits_now(conn, cursor, statement, parameters, context, executemany):
        """Right after the reader has read the game row, the writer opens round 2."""
        nonlocal armed
        if armed and "FROM round" in statement:
            armed = False
            writer.advance(game.facilitator_token)

    event.listen(reader.door.db.engine, "before_cursor_execute", next_round_commits_now)
    try:
        seen = reader.public_view(game.code)
    finally:
        event.remove(reader.door.db.engine, "before_cursor_execute", next_round_commits_now)
    assert not armed, "the writer never ran between the reader's statements"

    assert (seen["phase"], seen["round"]) == ("reveal", 1)
    [round_one] = writer.facilitator_view(game.facilitator_token)["history"]
    for field in ("true_target", "false_target", "distorter", "curator", "authors"):
        assert seen["reveal"][field] == round_one[field], field
    assert seen["category"] == round_one["category"]
    # and what the reader shows next is round 2's start, with nothing of round 1 left over
    after = reader.public_view(game.code)
    assert (after["phase"], after["round"], after["reveal"]) == ("roles", 2, None)


def test_a_game_given_the_id_of_one_deleted_elsewhere_shows_its_own_rows(file_url):
    """Another app server deleted a game this one had shown, and SQLite gave its id to the
    next game created: a Canvas Critters game must never be shown Crossed Canvas's kept rows,
    even at the very version the deleted game had."""
    clock = FakeClock()
    other, server = Engine(file_url, clock=clock), Engine(file_url, clock=clock)
    old = other.create_game()
    for name in NAMES[:5]:
        other.join(old.code, name)
    shown = server.public_view(old.code)  # kept by this server at the game's version
    other.delete_game(old.facilitator_token)
    new = other.create_game(game="canvas_critters")
    while other.status(new.code)["version"] < shown["version"]:
        other.join(new.code, NAMES[other.status(new.code)["version"] % len(NAMES)])
    assert other.status(new.code)["version"] == shown["version"]
    view = server.public_view(new.code)
    assert view["game"] == "canvas_critters"
    assert view["code"] == new.code
