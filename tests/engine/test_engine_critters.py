"""Canvas Critters through the service: whole games of 4 and of 2, the sand timer, ribbons in
secret, tie-breaks, races for the last piece between threads and processes, and bad input
that changes nothing."""

from __future__ import annotations

import json
import threading

import critters_workers
import pytest
from critters_kit import LONG, Critters, seat_critters, spot
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import text
from test_engine_concurrency import in_processes

from engine import Engine, FakeClock
from engine.critters import rules
from engine.i18n import translate
from tests.kit import refused, rid


def test_a_whole_game_of_four_scores_every_ribbon_and_the_golden_rule(engine, clock):
    table = seat_critters(engine, clock, 4)
    assert table.public()["rounds"] == 4  # each player is the active player once
    actives = []
    for number in range(1, 5):
        view = table.public()
        assert (view["phase"], view["round"]) == ("theme", number)
        actives.append(view["active"])
        golden = {"Ana": "Di"} if number == 1 else None
        scores = table.play_judged_round(golden)
        assert scores["phase"] == "scores"
        turned = scores["turned_over"]
        assert len(turned["ribbons"]) == 4
        expected = {"Ana": 9, "Ben": 7, "Cy": 5, "Di": 3}
        if number == 1:
            expected["Di"] += rules.GOLDEN
        if number == 4:  # kept golden ribbons cost 5 after the last round
            expected = {name: pts - (0 if name == "Ana" else 5) for name, pts in expected.items()}
        assert turned["scores"] == expected
        engine.advance(table.fac)
    assert sorted(actives) == sorted(table.tokens)  # the card went round the table
    final = table.public()
    assert final["phase"] == "finished"
    assert final["totals"] == {"Ana": 36, "Ben": 23, "Cy": 15, "Di": 12}
    assert final["winners"] == ["Ana"]
    # The teacher's records: every round, its theme and chooser, titles, ribbons and points.
    history = table.facilitator()["history"]
    assert [entry["round"] for entry in history] == [1, 2, 3, 4]
    assert [entry["active"] for entry in history] == actives
    assert all(entry["theme"]["text"] for entry in history)
    assert history[0]["titles"] == {name: f"{name}'s zoo" for name in table.tokens}
    [ana] = [given for given in history[0]["ribbons"] if given["giver"] == "Ana"]
    assert ana["golden"] == "Di" and not history[0]["tie_break"]
    for name, total in final["totals"].items():  # every point is in the records
        assert sum(entry["scores"][name] for entry in history) == total
    assert "history" not in final


def test_the_first_to_finish_flips_the_one_minute_timer(engine, clock):
    table = seat_critters(engine, clock, 3, durations=None)
    table.pick_all()
    assert table.phase() == "build"
    table.build("Ana")
    table.build("Ben", pieces=3)
    table.finish("Ana")
    view = table.public()
    assert view["phase"] == "last_minute"
    assert view["seconds_left"] == rules.FINISH_TIMER_SECONDS
    assert view["ready_players"] == ["Ana"]
    refused(
        "error.critters.finished", engine.take_piece, table.tokens["Ana"], "fox", 0.5, 0.5, rid()
    )
    clock.advance(rules.FINISH_TIMER_SECONDS)
    view = table.public()
    assert view["phase"] == "titles"
    # Time is up: every mosaic is judged as it stands, even one short of seven pieces.
    pieces = {m["name"]: len(m["pieces"]) for m in view["mosaics"]}
    assert pieces == {"Ana": 7, "Ben": 3, "Cy": 0}


def test_a_build_nobody_finishes_ends_at_its_overall_limit_with_no_last_minute(engine, clock):
    # The ruling: nobody finished, so nobody flipped the sand timer: titles come at once.
    table = seat_critters(engine, clock, 3, durations=None)
    table.pick_all()
    table.build("Ben", pieces=3)
    clock.advance(engine.default_durations("canvas_critters")["build"])
    view = table.public()
    assert view["phase"] == "titles"
    assert view["seconds_left"] == engine.default_durations("canvas_critters")["titles"]
    assert {m["name"]: len(m["pieces"]) for m in view["mosaics"]} == {"Ana": 0, "Ben": 3, "Cy": 0}


def test_a_server_asleep_through_the_build_catches_up_from_its_limit(engine, clock):
    paced = engine.default_durations("canvas_critters")
    table = seat_critters(engine, clock, 3, durations=None)
    table.pick_all()
    asleep = rules.FINISH_TIMER_SECONDS + 5  # past the build's limit and a minute more
    clock.advance(paced["build"] + asleep)
    view = table.public()
    # The titles started at the build's limit, never a minute later, and are over too.
    assert view["phase"] == "judging"
    assert view["seconds_left"] == paced["judging"] - (asleep - paced["titles"])


def test_a_paused_or_lengthened_build_still_ends_into_the_titles(engine, clock):
    paced = engine.default_durations("canvas_critters")
    table = seat_critters(engine, clock, 3, durations=None)
    table.pick_all()
    engine.pause(table.fac)
    clock.advance(paced["build"])
    engine.resume(table.fac)
    engine.extend(table.fac, 30)
    clock.advance(paced["build"] + 29)
    assert table.phase() == "build"
    clock.advance(1)
    assert table.phase() == "titles"
    assert table.public()["seconds_left"] == paced["titles"]


def test_the_teacher_ending_a_build_nobody_finished_goes_to_the_titles(engine, clock):
    table = seat_critters(engine, clock, 3)
    table.pick_all()
    engine.pause(table.fac)
    engine.advance(table.fac)
    assert table.phase() == "titles"
    assert table.facilitator()["paused"]  # still paused, the titles' time held whole


def test_mosaics_and_ribbons_are_shown_in_seat_order_from_the_active_player(engine, clock):
    table = seat_critters(engine, clock, 4)
    roster = list(table.tokens)
    active = table.public()["active"]
    at = roster.index(active)
    from_active = roster[at:] + roster[:at]
    table.pick_all()
    table.build_and_finish_all()
    table.title_all()
    for name in reversed(from_active):  # given in any order, all at once
        offer = table.view(name)["actions"]["award"]
        ribbons = dict(zip(offer["ribbons"], offer["receivers"], strict=False))
        engine.award_ribbons(table.tokens[name], ribbons, rid())
    view = table.public()
    assert [m["name"] for m in view["mosaics"]] == from_active
    assert [given["giver"] for given in view["turned_over"]["ribbons"]] == from_active


def test_with_three_a_canvas_may_hold_all_but_what_the_others_need_to_reach_seven(engine, clock):
    table = seat_critters(engine, clock, 3)
    table.pick_all()
    table.build("Ben", pieces=3)
    most = table.view("Ana")["actions"]["build"]["most"]
    assert most == rules.PILE_SIZE - 3 - 4 - 7 == 88  # Ben holds 3 and needs 4 more, Cy 7
    table.take_any("Ana", most)
    before = table.view("Ana")
    left = next(kind for kind, count in table.public()["pile"].items() if count)
    error = refused(
        "error.critters.too_many_pieces",
        engine.take_piece,
        table.tokens["Ana"],
        left,
        0.5,
        0.5,
        rid(),
    )
    assert error.params == {"most": most, "fewest": rules.MIN_PIECES}
    assert table.view("Ana") == before  # nothing changed
    table.take_any("Ben", 4)  # the others still reach seven
    table.take_any("Cy", 7)
    assert not any(table.public()["pile"].values())


def test_a_mosaic_short_of_seven_is_shown_unfinished_and_may_receive_ribbons(engine, clock):
    table = seat_critters(engine, clock, 3)
    table.pick_all()
    table.build("Ana")
    table.build("Ben", pieces=3)
    engine.advance(table.fac)  # the teacher ends the building: Cy has no piece at all
    view = table.public()
    assert view["phase"] == "titles"
    shown = {m["name"]: (len(m["pieces"]), m["unfinished"]) for m in view["mosaics"]}
    assert shown == {"Ana": (7, False), "Ben": (3, True), "Cy": (0, True)}
    table.title_all()
    offer = table.view("Ana")["actions"]["award"]
    assert sorted(offer["receivers"]) == ["Ben", "Cy"]
    engine.award_ribbons(table.tokens["Ana"], {3: "Cy", 1: "Ben"}, rid())


def test_a_mosaic_needs_seven_pieces_all_inside_the_frame(engine, clock):
    table = seat_critters(engine, clock, 3, durations=LONG)
    table.pick_all()
    ana = table.tokens["Ana"]
    table.build("Ana", pieces=6)
    error = refused("error.critters.too_few_pieces", engine.finish_mosaic, ana)
    assert error.params["count"] == 6
    refused("error.critters.piece_outside", engine.take_piece, ana, "fox", 0.02, 0.5, rid())
    refused("error.critters.piece_outside", engine.take_piece, ana, "fox", 1.5, 0.5, rid())
    assert "finish" in table.view("Ana")["actions"]
    assert not table.view("Ana")["actions"]["finish"]["ready"]
    table.build("Ana", pieces=1)
    table.finish("Ana")
    assert table.view("Ana")["mosaic"]["finished"]


def test_pieces_move_return_exchange_and_the_pile_counts_them(engine, clock):
    table = seat_critters(engine, clock, 3)
    table.pick_all()
    ana, ben = table.tokens["Ana"], table.tokens["Ben"]
    fox = engine.take_piece(ana, "fox", 0.5, 0.5, rid())
    assert table.public()["pile"]["fox"] == 11
    engine.move_piece(ana, fox, 0.3, 0.7, rotation=90, mirrored=True)
    piece = table.view("Ana")["mosaic"]["pieces"][0]
    assert (piece["x"], piece["y"], piece["rotation"], piece["mirrored"]) == (0.3, 0.7, 90, True)
    refused("error.critters.not_your_piece", engine.move_piece, ben, fox, 0.5, 0.5)
    refused("error.critters.not_your_piece", engine.return_piece, ben, fox)
    whale = engine.exchange_piece(ana, fox, "whale", rid())
    assert whale.startswith("whale-")
    assert table.public()["pile"]["fox"] == 12 and table.public()["pile"]["whale"] == 4
    moved = table.view("Ana")["mosaic"]["pieces"][0]
    assert (moved["kind"], moved["x"], moved["y"]) == ("whale", 0.3, 0.7)  # where the fox lay
    engine.return_piece(ana, whale)
    engine.return_piece(ana, whale)  # a double tap: the piece is already back
    assert table.public()["pile"]["whale"] == 5
    table.build("Ana", pieces=4)
    engine.clear_mosaic(ana)
    assert table.view("Ana")["mosaic"]["pieces"] == []
    engine.flip_canvas(ana, "black")
    assert table.view("Ana")["mosaic"]["side"] == "black"
    refused("error.critters.bad_side", engine.flip_canvas, ana, "green")


def test_a_retried_take_takes_one_piece_and_the_last_one_goes_to_one_player(engine, clock):
    table = seat_critters(engine, clock, 3)
    table.pick_all()
    ana, ben = table.tokens["Ana"], table.tokens["Ben"]
    request = rid()
    first = engine.take_piece(ana, "rhino", 0.5, 0.5, request)
    assert engine.take_piece(ana, "rhino", 0.5, 0.5, request) == first
    assert table.public()["pile"]["rhino"] == 4
    for i in range(4):
        engine.take_piece(ben, "rhino", *spot(i), rid())
    refused(
        "error.critters.none_left", engine.take_piece, table.tokens["Cy"], "rhino", 0.5, 0.5, rid()
    )


def test_ribbons_given_again_from_another_tab_are_said_back(engine, clock):
    """A retry of the same request is answered quietly with the first ribbons; another
    request (another tab on the same link) is refused with the ribbons that count, in the
    game's language, and changes nothing."""
    table = seat_critters(engine, clock, 4)
    table.pick_all()
    table.build_and_finish_all()
    table.title_all()
    ana, first_tab, second_tab = table.tokens["Ana"], rid(), rid()
    first = engine.award_ribbons(ana, {3: "Ben", 2: "Cy", 1: "Di"}, first_tab, golden="Ben")
    version = engine.status(table.code)["version"]
    assert engine.award_ribbons(ana, {3: "Di", 2: "Cy", 1: "Ben"}, first_tab) == first
    error = refused(
        "error.critters.already_awarded",
        engine.award_ribbons,
        ana,
        {3: "Di", 2: "Cy", 1: "Ben"},
        second_tab,
    )
    given = "+3 → \u2068Ben\u2069, +2 → \u2068Cy\u2069, +1 → \u2068Di\u2069, ★ +5 → \u2068Ben\u2069"
    assert error.message("en") == translate("en", "error.critters.already_awarded", ribbons=given)
    assert "otra pestaña" in error.message("es") and given in error.message("es")
    assert engine.status(table.code)["version"] == version
    assert table.view("Ana")["my_ribbons"]["ribbons"][0] == {"value": 3, "to": "Ben"}


def test_ribbons_stay_secret_until_everyone_has_awarded(engine, clock):
    table = seat_critters(engine, clock, 4)
    table.pick_all()
    table.build_and_finish_all()
    table.title_all()
    assert table.phase() == "judging"
    engine.award_ribbons(table.tokens["Ana"], {3: "Ben", 2: "Cy", 1: "Di"}, rid(), golden="Ben")
    mine = table.view("Ana")["my_ribbons"]
    assert mine["golden"] == "Ben" and {r["to"] for r in mine["ribbons"]} == {"Ben", "Cy", "Di"}
    for look in (table.public(), table.facilitator(), table.view("Ben"), table.view("Cy")):
        assert look["turned_over"] is None
        assert look.get("my_ribbons") is None
        assert look["ready_players"] == ["Ana"]  # who has awarded, never what
        assert '"golden": "Ben"' not in json.dumps(look)
    table.award_all()
    turned = table.public()["turned_over"]
    assert {given["giver"] for given in turned["ribbons"]} == set(table.tokens)
    assert turned["scores"]["Ben"] == 3 + 2 + 2 + rules.GOLDEN  # Ana, Cy, Di, and the golden


def test_ribbons_follow_the_rulebook(engine, clock):
    table = seat_critters(engine, clock, 4)
    table.pick_all()
    table.build_and_finish_all()
    table.title_all()
    ana = table.tokens["Ana"]
    refused(
        "error.critters.own_mosaic", engine.award_ribbons, ana, {3: "Ana", 2: "Cy", 1: "Di"}, rid()
    )
    refused(
        "error.critters.same_player_twice",
        engine.award_ribbons,
        ana,
        {3: "Ben", 2: "Ben", 1: "Di"},
        rid(),
    )
    refused("error.critters.ribbons_missing", engine.award_ribbons, ana, {3: "Ben", 2: "Cy"}, rid())
    refused(
        "error.critters.cannot_receive",
        engine.award_ribbons,
        ana,
        {3: "Zed", 2: "Cy", 1: "Di"},
        rid(),
    )
    refused("error.critters.awards_malformed", engine.award_ribbons, ana, ["Ben"], rid())
    request = rid()
    first = engine.award_ribbons(ana, {3: "Ben", 2: "Cy", 1: "Di"}, request)
    assert engine.award_ribbons(ana, {3: "Cy", 2: "Ben", 1: "Di"}, request) == first  # a retry
    refused(
        "error.critters.already_awarded",
        engine.award_ribbons,
        ana,
        {3: "Cy", 2: "Ben", 1: "Di"},
        rid(),
    )


def test_three_players_give_only_plus_three_and_plus_one_and_play_twice_round(engine, clock):
    table = seat_critters(engine, clock, 3)
    assert table.public()["rounds"] == 6
    table.pick_all()
    table.build_and_finish_all()
    table.title_all()
    assert table.view("Ana")["actions"]["award"]["ribbons"] == [3, 1]


def test_a_tie_for_the_lead_is_played_off_by_the_tied_and_judged_by_the_others(engine, clock):
    table = seat_critters(engine, clock, 3)
    tokens = table.tokens
    for number in range(1, 7):
        table.pick_all()
        table.build_and_finish_all()
        table.title_all()
        engine.award_ribbons(tokens["Ana"], {3: "Ben", 1: "Cy"}, rid())
        engine.award_ribbons(tokens["Ben"], {3: "Ana", 1: "Cy"}, rid())
        first, second = ("Ana", "Ben") if number % 2 else ("Ben", "Ana")
        engine.award_ribbons(tokens["Cy"], {3: first, 1: second}, rid())
        engine.advance(table.fac)
    view = table.public()
    assert (view["phase"], view["round"], view["rounds"]) == ("theme", 7, 6)
    assert view["tie_break"]
    assert view["totals"]["Ana"] == view["totals"]["Ben"] > view["totals"]["Cy"]
    table.pick_all()
    assert table.public()["builders"] == ["Ana", "Ben"]
    refused("error.critters.not_building", engine.take_piece, tokens["Cy"], "fox", 0.5, 0.5, rid())
    table.build_and_finish_all()
    table.title_all()
    offer = table.view("Cy")["actions"]["award"]
    assert offer == {
        "ribbons": [3, 1],
        "receivers": ["Ana", "Ben"],
        "golden": False,
        "golden_last_round": False,
    }
    assert "award" not in table.view("Ana")["actions"]
    refused(
        "error.critters.golden_not_now",
        engine.award_ribbons,
        tokens["Cy"],
        {3: "Ana", 1: "Ben"},
        rid(),
        golden="Ana",
    )
    engine.award_ribbons(tokens["Cy"], {3: "Ben", 1: "Ana"}, rid())
    engine.advance(table.fac)
    final = table.public()
    assert final["phase"] == "finished" and final["winners"] == ["Ben"]


def test_a_tie_may_be_shared_when_the_facilitator_says_so(engine, clock):
    table = seat_critters(engine, clock, 3)
    engine.set_tie_rule(table.fac, "share")
    assert table.facilitator()["tie_rule"] == "share"
    refused("error.critters.no_tie_rule", engine.set_tie_rule, table.fac, "coin toss")
    tokens = table.tokens
    for _number in range(6):
        table.pick_all()
        table.build_and_finish_all()
        table.title_all()
        engine.award_ribbons(tokens["Ana"], {3: "Ben", 1: "Cy"}, rid())
        engine.award_ribbons(tokens["Ben"], {3: "Cy", 1: "Ana"}, rid())
        engine.award_ribbons(tokens["Cy"], {3: "Ana", 1: "Ben"}, rid())
        engine.advance(table.fac)
    final = table.public()
    assert final["phase"] == "finished"
    assert sorted(final["winners"]) == ["Ana", "Ben", "Cy"]


def test_when_everyone_is_tied_at_the_end_they_share_the_victory(engine, clock):
    table = seat_critters(
        engine, clock, 3
    )  # the rulebook's play-off, but nobody would be left to judge
    assert table.facilitator()["tie_rule"] == "play_off"
    for _number in range(6):
        table.pick_all()
        table.build_and_finish_all()
        table.title_all()
        for giver, ribbons in {
            "Ana": {3: "Ben", 1: "Cy"},
            "Ben": {3: "Cy", 1: "Ana"},
            "Cy": {3: "Ana", 1: "Ben"},
        }.items():
            engine.award_ribbons(table.tokens[giver], ribbons, rid())
        engine.advance(table.fac)
    final = table.public()
    assert (final["phase"], final["rounds"]) == ("finished", 6)
    assert sorted(final["winners"]) == ["Ana", "Ben", "Cy"]


def _tied_duel(engine, clock, tie_rule: str | None) -> Critters:
    """A duel where nobody guesses for five rounds: 0 to 0."""
    table = seat_critters(engine, clock, 2)
    if tie_rule is not None:
        engine.set_tie_rule(table.fac, tie_rule)
    for _ in range(5 * 4):
        engine.advance(table.fac)
    return table


def test_a_tied_duel_is_shared_unless_the_facilitator_chose_to_play_it_off(engine, clock):
    shared = _tied_duel(engine, clock, None)
    assert shared.facilitator()["tie_rule"] == "share"
    final = shared.public()
    assert final["phase"] == "finished" and final["winners"] == ["Ana", "Ben"]
    played_off = _tied_duel(engine, clock, "play_off")
    view = played_off.public()
    assert (view["phase"], view["round"]) == ("theme", 6)
    assert view["builders"] == ["Ana", "Ben"]


def test_the_tie_rule_changed_at_the_last_scores_decides_what_comes_next(engine, clock):
    """The teacher reads the tie at the last planned scores and changes the rule there: the
    next phase is what the new rule says, a tie-break round or the end."""
    for first, then, after in [("play_off", "share", "finished"), ("share", "play_off", "theme")]:
        table = seat_critters(engine, clock, 2)  # nobody guesses: 0 to 0 after five rounds
        engine.set_tie_rule(table.fac, first)
        for _ in range(5 * 4 - 1):
            engine.advance(table.fac)
        assert (table.phase(), table.public()["round"]) == ("scores", 5)
        engine.set_tie_rule(table.fac, then)
        engine.advance(table.fac)
        assert table.phase() == after, (first, then)


def test_two_players_play_the_duel_with_secret_themes(engine, clock):
    table = seat_critters(engine, clock, 2)
    ana, ben = table.tokens["Ana"], table.tokens["Ben"]
    view = table.public()
    assert view["duel"] and view["rounds"] == 5 and view["active"] is None
    for number in range(1, 6):
        secret = table.pick("Ana", which=2)
        card = table.view("Ana")["card"]["id"]
        table.pick("Ben")
        assert table.phase() == "build"
        for look in (table.public(), table.view("Ben"), table.facilitator()):
            assert secret not in json.dumps(look) and card not in json.dumps(look)
        assert table.public()["seconds_left"] == 3600  # LONG: the timer runs from the start
        table.build_and_finish_all()
        assert table.phase() == "guess"
        face_up = table.public()["face_up"]
        assert len(face_up) == 4 and card in [c["id"] for c in face_up]
        assert table.public()["turned_over"] is None
        ben_card = table.view("Ben")["card"]
        engine.guess_theme(ana, 3, ben_card["id"], rid(), theme=ben_card["chosen"])
        wrong = next(c["id"] for c in face_up if c["id"] not in (card, ben_card["id"]))
        engine.guess_theme(ben, 1, wrong, rid())
        scores = table.public()
        assert scores["phase"] == "scores"
        turned = scores["turned_over"]
        assert turned["scores"] == {"Ana": 3, "Ben": 1}  # the creator gains 1 when guessed
        assert turned["themes"]["Ana"]["id"] == secret
        engine.advance(table.fac)
        assert table.public()["round"] == min(number + 1, 5)
    final = table.public()
    assert final["phase"] == "finished"
    assert final["totals"] == {"Ana": 15, "Ben": 5} and final["winners"] == ["Ana"]


# The home page's paces (app.PACES): each scales every phase; untimed leaves none timed.
PACES = {"standard": 1.0, "relaxed": 1.5, "extra_relaxed": 2.0, "untimed": None}


@pytest.mark.parametrize("factor", PACES.values(), ids=PACES.keys())
def test_the_duels_building_is_the_sand_timer_at_every_pace(engine, clock, factor):
    paced = {
        phase: None if factor is None else seconds * factor
        for phase, seconds in engine.default_durations("canvas_critters").items()
    }
    table = seat_critters(engine, clock, 2, durations=paced)
    table.pick_all()  # both secret themes picked: the sand timer is flipped
    view = table.public()
    assert view["phase"] == "build"
    sand = None if factor is None else rules.FINISH_TIMER_SECONDS * factor
    assert view["seconds_left"] == sand
    if sand is not None:
        clock.advance(sand)
        assert table.phase() == "guess"


def test_the_duels_sand_timer_is_the_teachers_last_minute(engine, clock):
    table = seat_critters(engine, clock, 2, durations={"last_minute": 45})
    table.pick_all()
    assert table.public()["seconds_left"] == 45


def test_the_duel_guess_follows_the_two_player_rules(engine, clock):
    table = seat_critters(engine, clock, 2)
    table.pick_all()
    table.build_and_finish_all()
    ana = table.tokens["Ana"]
    own = table.view("Ana")["card"]["id"]
    face_up = [card for card in table.public()["face_up"] if card["id"] != own]
    refused("error.critters.guess_own_card", engine.guess_theme, ana, 1, own, rid())
    refused("error.critters.guess_ribbon", engine.guess_theme, ana, 2, face_up[0]["id"], rid())
    refused("error.critters.guess_card_unknown", engine.guess_theme, ana, 1, "card-99", rid())
    refused(
        "error.critters.guess_theme_unknown",
        engine.guess_theme,
        ana,
        3,
        face_up[0]["id"],
        rid(),
        theme=face_up[1]["themes"][0]["id"],
    )
    engine.guess_theme(ana, 1, face_up[0]["id"], rid())
    refused("error.critters.already_guessed", engine.guess_theme, ana, 1, face_up[1]["id"], rid())


def test_a_duel_game_played_again_is_canvas_critters_for_anyone(engine, clock):
    table = _tied_duel(engine, clock, None)
    assert table.phase() == "finished"
    again = engine.play_again(table.fac)
    for name in ("Ana", "Ben", "Cy"):
        engine.join(again.code, name)
    engine.start(again.facilitator_token)
    assert not engine.public_view(again.code)["duel"]


def test_refused_moves_change_nothing(engine, clock):
    table = seat_critters(engine, clock, 3)
    ana = table.tokens["Ana"]
    active = table.public()["active"]
    other = next(name for name in table.tokens if name != active)

    def everything() -> str:
        looks = [table.public(), table.facilitator()] + [table.view(n) for n in table.tokens]
        return json.dumps([engine.status(table.code), looks], sort_keys=True, default=str)

    before = everything()
    refused("error.wrong_phase", engine.take_piece, ana, "fox", 0.5, 0.5, rid())
    refused("error.critters.not_your_pick", engine.pick_theme, table.tokens[other], "sun")
    refused("error.critters.unknown_theme", engine.pick_theme, table.tokens[active], "sun-and-moon")
    refused("error.wrong_phase", engine.submit_fragment, ana, [[(0.1, 0.1), (0.2, 0.2)]], rid())
    refused("error.bad_player_token", engine.take_piece, "nobody", "fox", 0.5, 0.5, rid())
    assert everything() == before
    table.pick_all()
    before = everything()
    refused("error.critters.unknown_piece", engine.take_piece, ana, "dragon", 0.5, 0.5, rid())
    refused("error.critters.bad_placement", engine.take_piece, ana, "fox", "left", 0.5, rid())
    refused("error.critters.bad_placement", engine.take_piece, ana, "fox", float("nan"), 0.5, rid())
    refused("error.bad_request_id", engine.take_piece, ana, "fox", 0.5, 0.5, "no spaces allowed")
    refused("error.critters.unknown_piece", engine.return_piece, ana, "fox-99")
    refused("error.wrong_phase", engine.take_piece, ana, "fox", 0.5, 0.5, rid(), phase="theme")
    engine.pause(table.fac)
    paused = everything()
    refused("error.paused", engine.take_piece, ana, "fox", 0.5, 0.5, rid())
    assert everything() == paused
    engine.resume(table.fac)
    assert json.loads(everything())[1][0]["pile"] == json.loads(before)[1][0]["pile"]


def test_a_deleted_game_leaves_no_critters_rows(engine, clock):
    table = seat_critters(engine, clock, 3)
    table.play_judged_round()
    engine.delete_game(table.fac)
    with engine.door.db.engine.connect() as connection:
        for name in ("critter_game", "critter_round", "holding", "mosaic", "ribbons", "game"):
            assert connection.execute(text(f"SELECT COUNT(*) FROM {name}")).scalar_one() == 0


def test_an_unknown_game_is_refused_clearly(engine):
    refused("error.unknown_game", engine.create_game, game="chess")
    refused("error.unknown_game", engine.default_durations, "chess")


def test_threads_racing_for_the_last_pieces_of_a_kind_share_them_once(file_url):
    engine = Engine(file_url, clock=FakeClock(), seed=5)
    table = seat_critters(engine, engine.door.clock, 6)
    table.pick_all()
    barrier = threading.Barrier(6)
    outcomes: dict[str, list] = {}

    def grab(name: str) -> None:
        barrier.wait()
        got = []
        for i in range(3):
            try:
                got.append(engine.take_piece(table.tokens[name], "octopus", *spot(i), rid()))
            except Exception as error:  # a refusal is expected, anything else not
                got.append(getattr(error, "key", repr(error)))
        outcomes[name] = got

    threads = [threading.Thread(target=grab, args=(name,)) for name in table.tokens]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    taken = [piece for got in outcomes.values() for piece in got if piece.startswith("octopus-")]
    assert sorted(taken) == [f"octopus-{n:02d}" for n in range(1, 6)]  # each one, once
    refusals = [r for got in outcomes.values() for r in got if not r.startswith("octopus-")]
    assert refusals == ["error.critters.none_left"] * (18 - 5)
    assert table.public()["pile"]["octopus"] == 0


def test_processes_racing_for_the_last_piece_share_it_once(file_url):
    engine = Engine(file_url)
    new = engine.create_game(game="canvas_critters", durations=LONG)
    tokens = {name: engine.join(new.code, name) for name in ("Ana", "Ben", "Cy", "Di")}
    engine.start(new.facilitator_token)
    table = Critters(engine, None, new.code, new.facilitator_token, tokens)
    table.pick_all()
    for i in range(4):
        engine.take_piece(tokens["Ana"], "elephant", *spot(i), rid())
    halves = ({"Ben": tokens["Ben"], "Cy": tokens["Cy"]}, {"Di": tokens["Di"]})
    outcomes = in_processes(  # the keeper beats: slow children must not find it paused
        critters_workers.take_last, file_url, "elephant", halves, tags=("P", "Q"), keeper=engine
    )
    assert all(status == "ok" for _, status, _ in outcomes), outcomes
    answers = [answer for _, _, part in outcomes for answer in part.values()]
    assert sorted(answers) == [
        "elephant-05",
        "error.critters.none_left",
        "error.critters.none_left",
    ]
    assert engine.public_view(new.code)["pile"]["elephant"] == 0


OPS = st.lists(
    st.tuples(
        st.sampled_from(["take", "move", "return", "exchange"]),
        st.integers(0, 2),  # who
        st.sampled_from(["fox", "whale", "rhino"]),
        st.integers(0, 19),  # which spot / which of their pieces
    ),
    max_size=40,
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(OPS)
def test_whatever_players_do_every_piece_is_in_the_pile_or_on_one_canvas(ops):
    clock = FakeClock()
    engine = Engine("sqlite://", clock=clock, seed=1)
    table = seat_critters(engine, clock, 3)
    table.pick_all()
    names = list(table.tokens)
    for op, who, kind, which in ops:
        token = table.tokens[names[who]]
        mine = [p["piece"] for p in table.view(names[who])["mosaic"]["pieces"]]
        try:
            if op == "take":
                engine.take_piece(token, kind, *spot(which), rid())
            elif mine and op == "move":
                engine.move_piece(token, mine[which % len(mine)], *spot(which))
            elif mine and op == "return":
                engine.return_piece(token, mine[which % len(mine)])
            elif mine and op == "exchange":
                engine.exchange_piece(token, mine[which % len(mine)], kind, rid())
        except Exception as error:
            assert getattr(error, "key", None) in ("error.critters.none_left",), error
    pile = table.public()["pile"]
    canvases = [table.view(name)["mosaic"]["pieces"] for name in names]
    held = [p["piece"] for canvas in canvases for p in canvas]
    assert len(held) == len(set(held))  # nobody holds a piece another holds
    for kind, count in rules.PILE.items():
        assert pile[kind] + sum(p.startswith(kind + "-") for p in held) == count
    for canvas in canvases:  # whoever hoards, the pile still lets each other reach seven
        others = sum(max(0, rules.MIN_PIECES - len(other)) for other in canvases) - max(
            0, rules.MIN_PIECES - len(canvas)
        )
        assert sum(pile.values()) >= others


@pytest.mark.parametrize("players", [1, 7])
def test_critters_is_for_two_to_six(engine, clock, players):
    table = seat_critters(engine, clock, min(players, 6), start=False)
    if players > 6:
        refused("error.game_full", engine.join, table.code, "Gus")
    else:
        refused("error.too_few_players", engine.start, table.fac)


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_missing_title_reads_untitled_once_titles_are_shown(engine, clock, language):
    new = engine.create_game(language, game="canvas_critters", durations=LONG)
    table = Critters(engine, clock, new.code, new.facilitator_token)
    for name in ("Ana", "Ben", "Cy"):
        table.tokens[name] = engine.join(new.code, name)
    engine.start(new.facilitator_token)
    table.pick_all()
    table.build_and_finish_all()
    engine.title_mosaic(table.tokens["Ana"], "Zoo")
    assert table.view("Ben")["mosaic"]["title"] is None  # not yet titled: the field is empty
    engine.advance(table.fac)
    untitled = translate(language, "ui.critters.untitled")
    assert untitled == {"en": "Untitled", "es": "Sin título"}[language]
    titles = {m["name"]: m["title"] for m in table.public()["mosaics"]}
    assert titles == {"Ana": "Zoo", "Ben": untitled, "Cy": untitled}
    table.award_all()
    engine.advance(table.fac)
    [record] = table.facilitator()["history"]
    assert record["titles"] == {"Ana": "Zoo", "Ben": untitled, "Cy": untitled}


def test_a_theme_chosen_by_the_time_out_is_marked_for_its_chooser_alone(engine, clock):
    table = seat_critters(engine, clock, 3)
    active = table.public()["active"]
    assert table.view(active)["card"]["timed_out"] is False
    clock.advance(engine.status(table.code)["seconds_left"] + 1)
    assert table.phase() == "build"
    card = table.view(active)["card"]
    assert card["timed_out"] is True and card["chosen"] == card["themes"][0]["id"]
    others = [table.public(), table.facilitator()]
    others += [table.view(name) for name in table.tokens if name != active]
    assert all("timed_out" not in json.dumps(look) for look in others)


def test_a_theme_picked_in_time_is_not_marked(engine, clock):
    table = seat_critters(engine, clock, 3)
    table.pick_all()
    assert table.view(table.public()["active"])["card"]["timed_out"] is False
