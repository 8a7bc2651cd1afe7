"""How robot seats play like a class (issue 43): a Crossed Canvas robot opens its role card,
a Canvas Layers robot paints and takes greedily, a Canvas Critters robot lays its pieces in a
shape of its own and titles its mosaic from words of the theme, and "play again" seats the
same robots in the next game."""

from __future__ import annotations

import random

from test_engine_robots import QUICK, play_to_the_end, robot_moves, teacher_with_robots

from engine import Engine, FakeClock, storage
from engine.canvas_layers.bots import BOT as LAYERS
from engine.critters import rules as critters_rules
from engine.critters.bots import BOT as CRITTERS
from engine.critters.bots import shaped_spot
from engine.critters.rules import TITLE
from engine.robots import robot_token


def test_robots_open_their_role_cards_as_phones_do():
    clock = FakeClock(1_000.0)
    engine = Engine("sqlite://", clock=clock, seed=6, robot_seconds=QUICK)
    code, key, ana = teacher_with_robots(engine, "crossed_canvas", 4)
    engine.start(key)
    with engine.door.db.read() as session:
        seed = storage.game_by_code(session, code).seed
    assert engine.facilitator_view(key)["ready"]["done"] == 0
    clock.advance(QUICK[1])
    engine.play_robots()
    seen = [engine.player_view(robot_token(seed, seat))["role_seen"] for seat in (2, 3, 4, 5)]
    assert engine.public_view(code)["phase"] == "roles"
    # Every robot looked, but one that lets this phase run out, as a student may.
    assert sum(seen) >= 3
    assert engine.facilitator_view(key)["ready"]["done"] == sum(seen)
    assert engine.player_view(ana)["role_seen"] is False  # the teacher's own card stays hers


def layers_view(**actions) -> dict:
    """A painter's view on its turn: the row (position 3 holds two tokens) and `actions`."""
    market = [{"position": n, "card": f"c{n}", "tokens": 2 if n == 3 else 0} for n in (1, 2, 3)]
    return {"phase": "turn", "market": market, "actions": actions}


def test_a_layers_robot_completes_the_painting_worth_most_as_soon_as_it_has_one():
    take = [{"position": n, "card": f"c{n}", "cost": n - 1} for n in (1, 2, 3)]
    paintings = [
        {"cards": ["a", "b"], "background": "sky", "ribbons": {"unity": 1}, "bonus": 0},
        {
            "cards": ["a", "c"],
            "background": "sea",
            "ribbons": {"unity": 1, "variety": 1},
            "bonus": 2,
        },
        {"cards": ["b", "c"], "background": "sky", "ribbons": {}, "bonus": 1},
    ]
    view = layers_view(take=take, complete=paintings)
    legal = LAYERS.legal_moves(view, random.Random(0))
    assert LAYERS.prefer is not None
    best = LAYERS.prefer(legal, view)
    assert best.move == "complete" and best.args["background"] == "sea"


def test_a_layers_robot_takes_the_card_that_gains_most_tokens_for_least():
    take = [{"position": n, "card": f"c{n}", "cost": n - 1} for n in (1, 2, 3)]
    view = layers_view(take=take)
    assert LAYERS.prefer is not None
    chosen = LAYERS.prefer(LAYERS.legal_moves(view, random.Random(0)), view)
    assert chosen.args == {"position": 1, "card": "c1"}  # position 3 gains 2 - 2: no more
    view["market"][2]["tokens"] = 4
    chosen = LAYERS.prefer(LAYERS.legal_moves(view, random.Random(0)), view)
    assert chosen.args == {"position": 3, "card": "c3"}  # 4 tokens for 2: a gain of 2


def test_a_critters_robot_lays_a_shape_of_its_own_inside_the_frame():
    for name in ("Robot 1", "Robot 2"):
        spots = [shaped_spot(i, name) for i in range(3 * critters_rules.MIN_PIECES)]
        assert len(set(spots)) == len(spots), name  # no piece on another
        placements = [critters_rules.Placement(x, y, rotation=45) for x, y in spots]
        assert all(critters_rules.inside_frame(p) for p in placements), name
    # Two robots' shapes differ: one lays a ring, the other a snake.
    assert shaped_spot(3, "Robot 1") != shaped_spot(3, "Robot 2")


def test_a_critters_robot_titles_its_mosaic_from_words_of_the_theme():
    theme = {"card": "card-02", "id": "something-that-flies", "text": "Something that flies"}
    (play,) = CRITTERS.plays[TITLE](None, {"theme": theme}, random.Random(1))
    words = play.args["title"].casefold().split()
    assert 1 <= len(words) <= 2 and set(words) <= {"something", "that", "flies"}


def test_play_again_seats_the_same_robots():
    clock = FakeClock(1_000.0)
    engine = Engine("sqlite://", clock=clock, seed=2, robot_seconds=QUICK)
    code, key, ana = teacher_with_robots(engine, "canvas_layers", 2)
    engine.start(key)
    play_to_the_end([engine], clock, code, ana, "canvas_layers")
    again = engine.play_again(key)
    lobby = engine.public_view(again.code)
    assert lobby["players"] == lobby["robots"] == ["Robot 1", "Robot 2"]
    ana = engine.join(again.code, "Ana")
    engine.start(again.facilitator_token)
    play_to_the_end([engine], clock, again.code, ana, "canvas_layers")
    moves = robot_moves(engine, again.code)  # the new game's robots played it with Ana
    assert sorted(moves) == ["Robot 1", "Robot 2"] and all(moves.values())
