"""A game as one declaration: its phase table and its moves are checked when declared, the
table walked by one loop, moves played by name through the door's one gate, and views list
what each viewer may do now, exactly what the service then accepts."""

from __future__ import annotations

import random
from typing import Any

import pytest
from cc_support import ROUND_ORDER, fingerprint, seat_table, strokes

from engine import Engine, flow
from engine.crossed_canvas.rules import PHASE_TABLE
from engine.declaration import (
    Answers,
    Bot,
    GameDeclaration,
    Move,
    PhaseRule,
    PhaseTable,
    nobody_answered,
)
from engine.models import Game
from engine.table import Table
from tests.kit import refused, rid


def test_a_table_whose_phases_and_rules_disagree_is_refused_when_declared():
    with pytest.raises(ValueError):
        PhaseTable("lobby", ("a", "b"), "end", {"a": PhaseRule(1)}, 3, 6)
    with pytest.raises(ValueError):
        PhaseTable("lobby", ("a", "a"), "end", {"a": PhaseRule(1)}, 3, 6)
    with pytest.raises(ValueError):
        PhaseTable("a", ("a",), "end", {"a": PhaseRule(1)}, 3, 6)


def test_a_phase_may_skip_the_next_when_its_answers_say_so_never_past_its_round():
    skipping = PhaseRule(1, skips_next=nobody_answered)
    rules = {"a": skipping, "b": PhaseRule(1), "c": PhaseRule(1)}
    table = PhaseTable("lobby", ("a", "b", "c"), "end", rules, 3, 6)
    assert table.skips_next("a", lambda: Answers(0, 3))
    assert not table.skips_next("a", lambda: Answers(1, 3))
    assert not table.skips_next("b", lambda: pytest.fail("asked only of a phase that skips"))
    assert table.next_phase("a", 1, 2, skip=True) == "c"
    assert table.next_phase("a", 1, 2) == "b"
    with pytest.raises(ValueError):  # the last phase of a round has no next phase to skip
        PhaseTable("lobby", ("a", "b"), "end", {"a": PhaseRule(1), "b": skipping}, 3, 6)


def test_the_walk_of_the_declared_table_is_the_rulebooks_order_round_after_round():
    phase, round_number, seen = "lobby", 0, []
    while phase != "finished":
        phase = PHASE_TABLE.next_phase(phase, round_number, 2)
        if phase == "roles":
            round_number += 1
        seen.append(phase)
    assert seen == ROUND_ORDER + ROUND_ORDER + ["finished"]


def test_the_home_page_pace_starts_from_the_rulebooks_lengths(engine: Engine):
    assert engine.default_durations() == {
        "roles": 12,
        "pulse1": 40,
        "merge": 5,
        "pulse2": 30,
        "discussion": 25,
        "choice": 15,
        "accusation": 20,
        "reveal": 12,
    }


def test_each_player_is_offered_exactly_the_moves_the_service_accepts(table):
    assert all(table.view(name)["actions"] == {} for name in table.names)  # roles
    table.advance_to("pulse1")
    curator = table.curator()
    assert table.view(curator)["actions"] == {}
    refused("error.curator_does_not_draw", table.submit, curator)
    artist, other = (name for name in table.artists()[:2])
    assert table.view(artist)["actions"] == {"draw": {"fewest": 1, "most": 3}}
    table.submit(artist)
    assert table.view(artist)["actions"] == {}
    assert "draw" in table.view(other)["actions"]
    table.advance_to("pulse2")
    assert table.view(artist)["actions"] == {"draw": {"fewest": 1, "most": 2}}
    table.advance_to("choice")
    assert table.view(curator)["actions"] == {"choose": {}}
    assert all(table.view(name)["actions"] == {} for name in table.artists())
    table.advance_to("accusation")
    assert all(table.view(name)["actions"] == {"accuse": {}} for name in table.names)
    voter = table.names[0]
    target = next(
        sig for sig in table.public()["signatures"] if sig != table.view(voter)["signature"]
    )
    table.engine.accuse(table.tokens[voter], target, rid())
    assert table.view(voter)["actions"] == {}
    assert table.view(table.names[1])["actions"] == {"accuse": {}}


def test_what_a_player_may_do_is_never_in_a_view_anyone_else_reads(table):
    table.advance_to("choice")
    assert "actions" not in table.public()
    assert "choose" not in table.facilitator()["actions"]


def test_the_facilitator_is_offered_start_once_enough_have_joined(engine, clock):
    waiting = seat_table(engine, clock, 4, start=False)
    view = waiting.facilitator()
    assert view["actions"] == [] and view["min_players"] == 5
    waiting.tokens["Eve"] = engine.join(waiting.code, "Eve")
    assert waiting.facilitator()["actions"] == ["start"]
    engine.start(waiting.fac)
    assert waiting.facilitator()["actions"] == ["pause", "advance", "extend"]
    engine.pause(waiting.fac)
    assert waiting.facilitator()["actions"] == ["resume", "advance", "extend"]


def test_an_untimed_phase_offers_no_more_time(engine, clock):
    untimed = seat_table(engine, clock, 5, durations=dict.fromkeys(ROUND_ORDER))
    assert untimed.facilitator()["actions"] == ["pause", "advance"]
    refused("error.untimed_phase", engine.extend, untimed.fac)


def test_a_finished_game_offers_no_timer_command(engine, clock):
    short = seat_table(engine, clock, 5)
    for _ in range(5 * len(ROUND_ORDER)):
        engine.advance(short.fac)
    assert short.phase() == "finished"
    assert short.facilitator()["actions"] == []
    refused("error.game_finished", engine.pause, short.fac)


def test_a_robot_refuses_an_action_it_cannot_play():
    """A game's new move fails every robot game until its bot plays it, never skipped."""
    with pytest.raises(ValueError, match="take"):
        Bot({}).legal_moves({"actions": {"take": []}}, random.Random(0))


def _declaration(phases: PhaseTable, **declared: Any) -> GameDeclaration:
    """A game of `phases` whose hooks and views do nothing, with what the test declares
    (no moves, and a robot that plays none, unless it declares some)."""
    return GameDeclaration(
        name="declared",
        table=phases,
        setup=lambda table: None,
        answers=lambda table: Answers(),
        read=lambda table: None,
        views={},
        forget=lambda session, ids: None,
        **(
            {"moves": {}, "bot": Bot({}), "titles": {"en": "Declared", "es": "Declarado"}}
            | declared
        ),
    )


def _walk(finished) -> list[tuple[str, int]]:  # type: ignore[no-untyped-def]
    """The phases a two-phase, five-round game enters from its lobby, given its `finished`."""
    phases = PhaseTable(
        lobby="lobby",
        round_phases=("draw", "vote"),
        finished="finished",
        rules={"draw": PhaseRule(10), "vote": PhaseRule(10)},
        min_players=1,
        max_players=2,
    )
    game_rules = _declaration(phases, finished=finished)
    game = Game(
        code="WALKED",
        kind="walked",
        facilitator_hash="-",
        language="en",
        deck="-",
        durations={},
        seed=1,
    )
    game.rounds = 5
    table = Table(None, game, None)  # type: ignore[arg-type]
    entered = []
    for _step in range(phases.most_steps(game.rounds)):
        flow.enter_next_phase(table, game_rules, 0.0)
        entered.append((game.phase, game.round))
        if game.phase == phases.finished:
            return entered
    raise AssertionError("the walk did not end")


def test_a_game_ends_after_its_last_round_unless_it_says_it_is_over_sooner():
    by_rounds = _walk(None)
    assert len(by_rounds) == 11 and by_rounds[-2:] == [("vote", 5), ("finished", 5)]
    # Asked as each phase ends (never as the lobby does): over once round 2's drawing ends.
    sooner = _walk(lambda table: (table.game.phase, table.game.round) == ("draw", 2))
    assert sooner == [("draw", 1), ("vote", 1), ("draw", 2), ("finished", 2)]


def _declared(moves):  # type: ignore[no-untyped-def]
    """A one-phase game whose phase allows "draw", declared with `moves`."""
    phases = PhaseTable(
        "lobby", ("draw",), "finished", {"draw": PhaseRule(10, frozenset({"draw"}))}, 1, 2
    )
    return _declaration(phases, moves=moves)


def test_a_declaration_whose_phases_allow_a_move_it_lacks_is_refused_when_declared():
    with pytest.raises(ValueError, match="draw"):
        _declared({})
    with pytest.raises(ValueError, match="draw"):
        _declared({"paint": Move(lambda table, player, now: None)})
    assert set(_declared({"draw": Move(lambda table, player, now: None)}).moves) == {"draw"}


def test_the_door_plays_a_declared_move_by_its_name_and_answers_a_retry_alike(table):
    table.advance_to("pulse1")
    artist = table.artists()[0]
    token, request = table.tokens[artist], rid()
    first = table.engine.move(token, "draw", request, strokes=strokes(2))
    assert first == {"pulse": 1, "signature": table.signature_of(artist), "strokes": 2}
    assert table.view(artist)["actions"] == {}
    seen = fingerprint(table)
    assert table.engine.move(token, "draw", request, strokes=strokes(1)) == first
    assert fingerprint(table) == seen


def test_the_door_refuses_a_move_no_game_declares_and_one_out_of_its_phase(table):
    table.advance_to("pulse1")
    artist = table.artists()[0]
    token, other = table.tokens[artist], table.signature_of(table.artists()[1])
    before = fingerprint(table)
    refused("error.unknown_move", table.engine.move, token, "paint", rid(), strokes=strokes(1))
    refused("error.unknown_move", table.engine.move, token, ["draw"], rid())
    refused("error.wrong_phase", table.engine.move, token, "accuse", rid(), signature=other)
    # Another game's move (Canvas Critters') is as out of place as one of a later phase.
    refused("error.wrong_phase", table.engine.move, token, "take_piece", rid(), kind="fox")
    draw = {"strokes": strokes(1)}
    refused("error.wrong_phase", table.engine.move, token, "draw", rid(), phase="pulse2", **draw)
    assert fingerprint(table) == before
    assert "draw" in table.view(artist)["actions"]


def test_a_game_is_declared_with_its_name_in_every_language_the_pages_speak():
    with pytest.raises(ValueError, match="es"):
        phases = PhaseTable("lobby", ("draw",), "finished", {"draw": PhaseRule(10)}, 1, 2)
        _declaration(phases, titles={"en": "Declared"})
    assert Engine.game_title("crossed_canvas", "es") == "Lienzo cruzado"
    assert Engine.game_title("canvas_critters", "en") == "Canvas Critters"


def test_an_engine_runs_the_games_it_is_given_and_leaves_the_registry_as_it_is(tmp_path):
    """A test builds an Engine with the games it wants (`games=`), instead of editing the
    registry every other engine reads."""
    registry = dict(Engine.GAMES)
    only = {"canvas_critters": Engine.GAMES["canvas_critters"]}
    engine = Engine(f"sqlite:///{tmp_path / 'only.db'}", games=only)
    refused("error.unknown_game", engine.create_game, game="crossed_canvas")
    made = engine.create_game(game="canvas_critters")
    assert engine.public_view(made.code)["game"] == "canvas_critters"
    assert registry == Engine.GAMES
    other = Engine(f"sqlite:///{tmp_path / 'all.db'}")
    assert other.public_view(other.create_game(game="crossed_canvas").code)["phase"] == "lobby"


def test_an_engine_given_only_its_own_game_offers_creates_and_keeps_that_game(tmp_path, clock):
    """Everything reads the Engine's own games: what it offers, names and times, the game a
    bare `create_game()` makes, and the phases its keeper moves on at their deadlines (a
    phase no registered game has)."""
    phases = PhaseTable("lobby", ("stir",), "finished", {"stir": PhaseRule(10)}, 1, 2)
    own = _declaration(phases)
    engine = Engine(f"sqlite:///{tmp_path / 'own.db'}", clock=clock, games={"declared": own})
    assert list(engine.offered_games()) == ["declared"]
    assert engine.game_title("declared", "es") == "Declarado"
    assert engine.default_durations() == {"stir": 10}
    refused("error.unknown_game", engine.game_title, "crossed_canvas", "en")
    assert "crossed_canvas" in Engine.offered_games()  # the class still answers the registry's
    made = engine.create_game()
    engine.join(made.code, "Ada")
    engine.start(made.facilitator_token)
    assert engine.keep() == 10  # kept: the next deadline is the stirring's
    started = engine.versions([made.code])[made.code].version
    clock.advance(11)
    engine.keep()
    assert engine.versions([made.code])[made.code].version > started  # moved on unasked


def test_a_game_command_that_is_no_move_is_played_by_its_name(engine, clock):
    """`Engine.command` plays what a game declares in `commands`, with the token it takes:
    Crossed Canvas's role card seen once, a teacher's command refused to a seat's token and
    at a game that is not its own, a name no game declares refused."""
    table = seat_table(engine, clock, 5)
    token = table.tokens[table.names[0]]
    assert engine.command(token, "see_role") is True
    assert table.view(table.names[0])["role_seen"]
    assert engine.command(token, "see_role") is False
    refused("error.bad_facilitator_token", engine.command, token, "set_scoring", scoring=[])
    refused("error.layers.no_scoring", engine.command, table.fac, "set_scoring", scoring=[])
    refused("error.unknown_move", engine.command, token, "fly")
