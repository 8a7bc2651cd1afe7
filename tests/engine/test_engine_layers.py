"""Canvas Layers through the door: whole seeded games to their end, every refusal changing
nothing, a turn that runs out (and one that waits), the secrecy of hands and a restart."""

from __future__ import annotations

import json
import random

import pytest
from layers_kit import NAMES, seat_layers
from sqlmodel import Session, select

from engine import Engine
from engine.canvas_layers import rules, turns
from engine.canvas_layers.cards import DEFAULT_SCORING, load_cards, scoring_by_id
from engine.canvas_layers.models import LayersGame, LayersMove
from engine.models import Game
from tests.kit import refused, rid


@pytest.fixture
def seed() -> int:
    """This module's deals were worked out on seed 11."""
    return 11


def unchanged(table, key, call, *args, **kwargs) -> None:
    """`call` is refused with `key`, and nobody sees anything change."""
    before = [table.public(), *(table.view(name) for name in table.tokens)]
    refused(key, call, *args, **kwargs)
    assert [table.public(), *(table.view(name) for name in table.tokens)] == before


def expected_score(painter: dict) -> int:
    """A painter's score as the rules say: each card's points for its ribbons, plus bonuses."""
    ribbons = sum(scoring_by_id()[card].points_for(n) for card, n in painter["ribbons"].items())
    return ribbons + sum(painting["bonus"] for painting in painter["paintings"])


# ---------------------------------------------------------------- whole games


@pytest.mark.parametrize("players", [2, 5])
def test_a_whole_seeded_game_plays_to_its_podium(engine, clock, players):
    table = seat_layers(engine, clock, players)
    first = table.public()
    assert first["phase"] == "turn" and first["game"] == "canvas_layers"
    assert [slot["cost"] for slot in first["market"]] == [0, 1, 2, 3, 4]
    assert all(p["tokens"] == 4 and p["hand_size"] == 0 for p in first["painters"])
    assert first["scoring"] == ["variety", "repetition", "unity", "composition"]

    end = table.play_to_the_end()

    assert end["phase"] == "finished" and end["seconds_left"] is None
    for painter in end["painters"]:
        assert len(painter["paintings"]) == 3
        assert painter["score"] == expected_score(painter)
    ranking = end["podium"]["ranking"]
    by_name = {p["name"]: p for p in end["painters"]}
    places = [(by_name[r["name"]]["score"], by_name[r["name"]]["tokens"]) for r in ranking]
    assert places == sorted(places, reverse=True)
    assert end["winners"][0] == ranking[0]["name"]
    assert end["totals"] == {p["name"]: p["score"] for p in end["painters"]}
    assert table.facilitator()["actions"] == []
    assert all(table.view(name)["actions"] == {} for name in table.tokens)


def test_a_game_that_just_completed_a_painting_shows_it_to_everyone(engine, clock):
    table = seat_layers(engine, clock, 2)
    while table.public()["last_painting"] is None:
        table.play_turn()
    last = table.public()["last_painting"]
    painter = next(p for p in table.public()["painters"] if p["name"] == last["name"])
    assert painter["paintings"][-1]["cards"] == last["cards"]
    assert len(last["cards"]) == 3 and last["title"]


def test_a_tie_on_points_and_tokens_is_picked_by_the_best_placed_outside_it(engine, clock):
    table = seat_layers(engine, clock, 3)
    _tied_ending(engine, table)
    picker = NAMES[2]
    view = table.public()
    assert view["turn"] is None and view["picker"] == picker and view["phase"] == "turn"
    assert view["winners"] == [] and set(view["podium"]["tied"]) == {"Ana", "Ben"}
    options = table.view(picker)["actions"]
    assert options == {"pick": ["Ana", "Ben"]}
    assert table.view("Ana")["actions"] == {}
    unchanged(
        table, "error.layers.not_picker", engine.pick_winner, table.tokens["Ana"], "Ana", rid()
    )
    unchanged(
        table, "error.layers.not_tied", engine.pick_winner, table.tokens[picker], "Cleo", rid()
    )
    unchanged(
        table, "error.layers.not_tied", engine.pick_winner, table.tokens[picker], "Zed", rid()
    )

    table.act(picker, "pick", "Ben")

    end = table.public()
    assert end["phase"] == "finished" and end["winners"] == ["Ben"]


def test_a_pick_that_runs_out_names_the_first_of_the_tied_in_turn_order(engine, clock):
    table = seat_layers(engine, clock, 3)
    state = _tied_ending(engine, table)
    clock.advance(rules.TURN_SECONDS)
    end = table.public()
    first_tied = rules.outcome(state).tied[0]
    assert end["phase"] == "finished" and end["winners"] == [NAMES[first_tied]]


def _tied_ending(engine, table) -> rules.State:
    """Store an ending (everyone has painted three) where Ana and Ben are level on points and
    tokens and Cleo is behind: a table the seeded deal does not reach on its own."""
    cards = [card.id for card in load_cards().art]
    backgrounds = [b.id for b in load_cards().backgrounds]
    scoring = tuple(DEFAULT_SCORING)
    no_ribbons = tuple((card, 0) for card in scoring)

    def painter(chosen: list[str], tokens: int, seat_: int) -> rules.Painter:
        mine = tuple(backgrounds[seat_ * 3 : seat_ * 3 + 3])
        paintings = tuple(
            rules.Painting(mine[i], tuple(chosen[i * 3 : i * 3 + 3]), no_ribbons) for i in range(3)
        )
        return rules.Painter((), tokens, mine, paintings)

    def bonus(chosen: list[str]) -> int:
        return sum(rules.bonus_points(rules.shown(chosen[i * 3 : i * 3 + 3])) for i in range(3))

    draw = random.Random(5)
    ana = cards[:9]
    rest = cards[9:]
    for _attempt in range(5000):
        draw.shuffle(rest)
        ben, cleo = rest[:9], rest[9:18]
        if bonus(ben) == bonus(ana) and bonus(cleo) <= bonus(ana):
            break
    else:
        raise AssertionError("no tied deal found")
    state = rules.State(
        scoring,
        (),
        (),
        (painter(ana, 3, 0), painter(ben, 3, 1), painter(cleo, 1, 2)),
        0,
        None,
    )

    def deal(session: Session) -> None:
        game = session.exec(select(Game).where(Game.code == table.code)).one()
        keep = session.exec(select(LayersGame).where(LayersGame.game_id == game.id)).one()
        keep.state = turns.to_json(state)
        game.version += 1
        session.add_all([keep, game])

    engine.door.db.write(deal)
    return state


# ---------------------------------------------------------------- refusals


def test_only_the_player_whose_turn_it_is_may_move(engine, clock):
    table = seat_layers(engine, clock, 3)
    acting = table.acting()
    other = next(name for name in table.tokens if name != acting)
    slot = table.public()["market"][0]
    assert table.view(other)["actions"] == {}
    unchanged(
        table,
        "error.layers.not_your_turn",
        engine.take_card,
        table.tokens[other],
        1,
        slot["card"],
        rid(),
    )


def test_a_card_costing_more_tokens_than_held_is_refused(engine, clock):
    table = seat_layers(engine, clock, 2)
    first = table.acting()
    fifth = table.public()["market"][4]
    table.act(first, "take", {"position": 5, "card": fifth["card"]})
    assert next(p for p in table.public()["painters"] if p["name"] == first)["tokens"] == 0
    table.play_turn()  # the other player
    offered = {a["position"] for a in table.view(first)["actions"]["take"]}
    assert offered == {1}
    second = table.public()["market"][1]
    unchanged(
        table,
        "error.layers.cannot_afford",
        engine.take_card,
        table.tokens[first],
        2,
        second["card"],
        rid(),
    )


def test_a_card_no_longer_where_the_page_showed_it_is_refused(engine, clock):
    table = seat_layers(engine, clock, 2)
    name = table.acting()
    market = table.public()["market"]
    token = table.tokens[name]
    unchanged(
        table, "error.layers.market_changed", engine.take_card, token, 1, market[1]["card"], rid()
    )
    unchanged(table, "error.layers.no_such_position", engine.take_card, token, 6, "art-01", rid())


def test_with_five_in_hand_a_player_must_complete_a_painting(engine, clock):
    table = seat_layers(engine, clock, 2)
    while True:
        name = table.acting()
        view = table.view(name)
        if len(view["hand"]) == 5:
            break
        table.take_first(name)
    assert set(view["actions"]) == {"complete"}
    slot = table.public()["market"][0]
    unchanged(
        table,
        "error.layers.must_complete",
        engine.take_card,
        table.tokens[name],
        1,
        slot["card"],
        rid(),
    )


def test_a_painting_needs_three_different_cards_of_the_hand_over_an_unused_background(
    engine, clock
):
    table = seat_layers(engine, clock, 2)
    while len(table.view(table.acting())["hand"]) < 4:
        name = table.acting()
        table.take_first(name)
    name = table.acting()
    mine = table.view(name)
    hand, background, token = mine["hand"], mine["backgrounds"][0], table.tokens[name]
    other = next(n for n in table.tokens if n != name)
    theirs = table.view(other)["backgrounds"][0]
    stranger = next(c.id for c in load_cards().art if c.id not in hand)
    complete = engine.complete_painting
    unchanged(table, "error.layers.three_cards", complete, token, hand[:2], background, rid())
    unchanged(table, "error.layers.card_twice", complete, token, [hand[0]] * 3, background, rid())
    unchanged(
        table, "error.layers.not_in_hand", complete, token, [*hand[:2], stranger], background, rid()
    )
    unchanged(table, "error.layers.not_your_background", complete, token, hand[:3], theirs, rid())
    unchanged(table, "error.layers.bad_action", complete, token, "abc", background, rid())
    table.act(name, "complete", {"cards": hand[:3], "background": background})
    while table.acting() != name or len(table.view(name)["hand"]) < 3:
        if table.acting() == name:
            table.take_first(name)
        else:
            table.play_turn()
    left = table.view(name)
    assert background not in left["backgrounds"] and len(left["backgrounds"]) == 2
    unchanged(
        table, "error.layers.background_used", complete, token, left["hand"][:3], background, rid()
    )


def test_a_retry_answers_the_first_result_and_changes_nothing(engine, clock):
    table = seat_layers(engine, clock, 2)
    name = table.acting()
    slot = table.public()["market"][0]
    request = rid()
    first = engine.take_card(table.tokens[name], 1, slot["card"], request)
    after = table.public()
    again = engine.take_card(table.tokens[name], 1, slot["card"], request)
    assert again == first and table.public() == after
    assert table.view(name)["hand"] == [slot["card"]]


def test_a_game_whose_server_slept_through_every_turn_wakes_at_its_end(engine, clock):
    """A laptop closed mid-game: on waking, every turn that ran out is played for its
    painter at once (five painters: more turns than any other game has phases)."""
    table = seat_layers(engine, clock, 5)
    clock.advance(10**6)
    view = table.public()
    assert view["phase"] == "finished"
    assert all(len(painter["paintings"]) == 3 for painter in view["painters"])


def test_nothing_moves_while_the_game_is_paused(engine, clock):
    table = seat_layers(engine, clock, 2)
    name = table.acting()
    slot = table.public()["market"][0]
    engine.pause(table.fac)
    assert table.view(name)["actions"] == {}
    unchanged(table, "error.paused", engine.take_card, table.tokens[name], 1, slot["card"], rid())
    clock.advance(600)
    assert table.public()["turn"] == name
    engine.resume(table.fac)
    table.act(name, "take", {"position": 1, "card": slot["card"]})
    assert table.public()["turn"] != name


def test_a_move_meant_for_an_earlier_turn_is_refused(engine, clock):
    table = seat_layers(engine, clock, 2)
    shown = table.public()["round"]
    table.play_turn()
    name = table.acting()
    slot = table.public()["market"][0]
    unchanged(
        table,
        "error.wrong_phase",
        engine.take_card,
        table.tokens[name],
        1,
        slot["card"],
        rid(),
        round=shown,
    )


def test_no_move_before_the_start_or_after_the_end(engine, clock):
    table = seat_layers(engine, clock, 2, start=False)
    refused("error.wrong_phase", engine.take_card, table.tokens["Ana"], 1, "art-01", rid())
    engine.start(table.fac)
    table.play_to_the_end()
    refused("error.wrong_phase", engine.take_card, table.tokens["Ana"], 1, "art-01", rid())


def test_a_table_seats_two_to_five(engine, clock):
    table = seat_layers(engine, clock, 1, start=False)
    refused("error.too_few_players", engine.start, table.fac)
    full = seat_layers(engine, clock, 5, start=False)
    refused("error.game_full", engine.join, full.code, "Fay")


def test_the_facilitator_picks_the_scoring_cards_in_the_lobby(engine, clock):
    table = seat_layers(engine, clock, 2, start=False)
    assert table.public()["scoring"] == list(DEFAULT_SCORING)  # the first game's four
    picked = ["symmetry", "rhythm", "focus", "space"]
    engine.set_scoring(table.fac, picked)
    assert table.public()["scoring"] == picked
    assert table.view("Ana")["scoring"] == picked
    engine.start(table.fac)
    assert table.public()["scoring"] == picked  # the game is played with them
    unchanged(table, "error.already_started", engine.set_scoring, table.fac, list(DEFAULT_SCORING))


@pytest.mark.parametrize(
    ("scoring", "key"),
    [
        (["variety", "unity", "focus"], "error.layers.scoring_count"),
        (["variety", "unity", "focus", "focus"], "error.layers.scoring_twice"),
        (["variety", "unity", "focus", "glitter"], "error.layers.scoring_unknown"),
        # Not a list at all (a form posting nothing, a number): refused, not a TypeError.
        (None, "error.layers.scoring_count"),
        (4, "error.layers.scoring_count"),
        ("variety", "error.layers.scoring_count"),
    ],
)
def test_a_wrong_pick_of_scoring_cards_is_refused_and_changes_nothing(engine, clock, scoring, key):
    table = seat_layers(engine, clock, 2, start=False)
    unchanged(table, key, engine.set_scoring, table.fac, scoring)
    assert table.public()["scoring"] == list(DEFAULT_SCORING)


def test_only_a_game_of_canvas_layers_has_scoring_cards_to_pick(engine, clock):
    other = engine.create_game(game="canvas_critters")
    refused("error.layers.no_scoring", engine.set_scoring, other.facilitator_token, ["variety"])
    refused("error.bad_facilitator_token", engine.set_scoring, "nobody", list(DEFAULT_SCORING))


def test_the_facilitator_view_lists_every_painting_completed(engine, clock):
    table = seat_layers(engine, clock, 2)
    table.play_to_the_end()
    history = table.facilitator()["history"]
    assert len(history) == 6  # three paintings each
    assert {(entry["painter"], entry["number"]) for entry in history} == {
        (name, number) for name in ("Ana", "Ben") for number in (1, 2, 3)
    }
    assert all(entry["title"] and len(entry["cards"]) == 3 for entry in history)


# ---------------------------------------------------------------- time


def test_a_turn_that_runs_out_takes_the_free_card(engine, clock):
    table = seat_layers(engine, clock, 2)
    name = table.acting()
    free = table.public()["market"][0]["card"]
    assert table.public()["seconds_left"] == rules.TURN_SECONDS
    clock.advance(rules.TURN_SECONDS - 1)
    assert table.public()["turn"] == name
    clock.advance(1)
    assert table.view(name)["hand"] == [free]
    assert table.public()["turn"] != name


def test_a_painter_whose_turn_ran_out_is_told_what_they_got_until_their_next_move(engine, clock):
    table = seat_layers(engine, clock, 2)
    first = table.acting()
    assert table.view(first)["played_for_you"] is None
    table.take_first(first)
    second = table.acting()
    fifth = table.public()["market"][4]["card"]
    table.act(second, "take", {"position": 5, "card": fifth})  # a token on positions 1 to 4
    turn = table.public()["round"]
    free = table.public()["market"][0]
    assert free["tokens"] == 1
    clock.advance(rules.TURN_SECONDS)
    told = {"turn": turn, "card": free["card"], "tokens": 1}
    assert table.view(first)["played_for_you"] == told
    # Only the painter's own phone is told; the other's turn is theirs to play.
    assert table.view(second)["played_for_you"] is None
    assert "played_for_you" not in table.public()
    table.take_first(second)
    assert table.view(first)["played_for_you"] == told  # still theirs until they move
    table.take_first(first)
    assert table.view(first)["played_for_you"] is None


def test_a_painting_completed_for_a_painter_is_told_by_its_number(engine, clock):
    table = seat_layers(engine, clock, 2)
    first = table.acting()
    for _turn in range(11):  # five cards each, then the first painter's hand is painted
        clock.advance(rules.TURN_SECONDS)
    painted = next(p for p in table.public()["painters"] if p["name"] == first)["paintings"]
    assert len(painted) == 1
    assert table.view(first)["played_for_you"] == {"turn": 11, "painting": 1}


def test_turns_that_run_out_paint_the_three_oldest_cards_once_the_hand_is_full(engine, clock):
    table = seat_layers(engine, clock, 2)
    first = table.acting()
    taken: list[str] = []
    for _turn in range(10):  # five cards each, taken by the clock
        if table.acting() == first:
            taken.append(table.public()["market"][0]["card"])
        clock.advance(rules.TURN_SECONDS)
    mine = table.view(first)
    assert mine["hand"] == taken and table.acting() == first
    background = mine["backgrounds"][0]
    clock.advance(rules.TURN_SECONDS)
    painted = next(p for p in table.public()["painters"] if p["name"] == first)["paintings"]
    assert painted[0]["cards"] == taken[:3] and painted[0]["background"] == background
    assert table.view(first)["hand"] == taken[3:]


def test_the_facilitator_ending_a_turn_plays_it_as_if_it_ran_out(engine, clock):
    table = seat_layers(engine, clock, 2)
    name = table.acting()
    free = table.public()["market"][0]["card"]
    assert "advance" in table.facilitator()["actions"]
    engine.advance(table.fac)
    assert table.view(name)["hand"] == [free]


def test_an_untimed_turn_waits(engine, clock):
    table = seat_layers(engine, clock, 2, durations={"turn": None})
    name = table.acting()
    clock.advance(3600)
    assert table.public()["turn"] == name and table.public()["seconds_left"] is None
    assert table.view(name)["hand"] == []
    assert engine.default_durations("canvas_layers") == {"turn": rules.TURN_SECONDS}


# ---------------------------------------------------------------- secrecy and restart


def test_a_hand_is_seen_by_its_owner_alone(engine, clock):
    table = seat_layers(engine, clock, 3)
    for _turn in range(6):
        table.play_turn()
    hands = {name: table.view(name)["hand"] for name in table.tokens}
    assert all(len(hand) == 2 for hand in hands.values())
    with engine.door.db.read() as session:
        deck = session.exec(select(LayersGame)).one().state["deck"]
    assert deck
    seen = {"projector": table.public(), "facilitator": table.facilitator()}
    seen |= {name: table.view(name) | {"hand": []} for name in table.tokens}
    for viewer, view in seen.items():
        text = json.dumps(view)
        secret = [*deck, *(card for name, hand in hands.items() if name != viewer for card in hand)]
        assert not [card for card in secret if f'"{card}"' in text], viewer
        assert all(p["hand_size"] == 2 for p in view["painters"])


def test_a_new_engine_on_the_same_database_continues(tmp_path, clock):
    url = f"sqlite:///{tmp_path / 'layers.db'}"
    engine = Engine(url, clock=clock, seed=3)
    table = seat_layers(engine, clock, 3)
    for _turn in range(5):
        table.play_turn()
    views = [table.public(), *(table.view(name) for name in table.tokens)]
    again = Engine(url, clock=clock, seed=4)
    table.engine = again
    assert [table.public(), *(table.view(name) for name in table.tokens)] == views
    end = table.play_to_the_end()
    assert all(len(p["paintings"]) == 3 for p in end["painters"])


def test_deleting_a_game_forgets_its_rows(engine, clock):
    table = seat_layers(engine, clock, 2)
    table.play_turn()
    engine.delete_game(table.fac)
    with engine.door.db.read() as session:
        assert session.exec(select(LayersGame)).all() == []
        assert session.exec(select(LayersMove)).all() == []
