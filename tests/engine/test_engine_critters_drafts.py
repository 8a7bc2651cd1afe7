"""Ribbons picked on a phone but never sent (the ruling "What a student chose on their phone
is theirs"): a complete, valid set still there when judging times out is given as picked, as
a drawing's draft is locked at a pulse's end; an incomplete one is not; nobody but its owner
ever sees it."""

from __future__ import annotations

from critters_kit import seat_critters

from engine.critters import rules
from tests.kit import refused


def judging(engine, clock, players: int = 4):
    table = seat_critters(engine, clock, players)
    table.pick_all()
    table.build_and_finish_all()
    table.title_all()
    assert table.phase() == "judging"
    return table


def time_out(engine, clock, table) -> None:
    clock.advance(engine.status(table.code)["seconds_left"] + 1)
    assert table.phase() == "scores"


def test_complete_picks_never_sent_are_given_at_the_time_out_and_incomplete_ones_not(engine, clock):
    table = judging(engine, clock)
    engine.save_ribbon_draft(table.tokens["Ana"], {3: "Ben", 2: "Cy", 1: "Di"}, golden="Cy")
    engine.save_ribbon_draft(table.tokens["Ben"], {3: "Ana", 2: "Cy"})  # one ribbon short
    engine.save_ribbon_draft(table.tokens["Cy"], {3: "Ana", 2: "Ben", 1: "Di"})  # no golden
    time_out(engine, clock, table)
    turned = table.public()["turned_over"]
    given = {g["giver"]: g for g in turned["ribbons"]}
    assert set(given) == {"Ana", "Cy"}
    assert [(r["value"], r["to"]) for r in given["Ana"]["ribbons"]] == [
        (3, "Ben"),
        (2, "Cy"),
        (1, "Di"),
    ]
    assert given["Ana"]["golden"] == "Cy" and given["Cy"]["golden"] is None
    assert turned["scores"] == {"Ana": 3, "Ben": 3 + 2, "Cy": 2 + rules.GOLDEN, "Di": 1 + 1}


def test_picks_sent_with_give_count_once_and_later_picks_change_nothing(engine, clock):
    table = judging(engine, clock)
    engine.save_ribbon_draft(table.tokens["Ana"], {3: "Ben", 2: "Cy", 1: "Di"})
    table.award_all()  # Ana gives Ben, Cy, Di as the kit does: the draft is set aside
    turned = table.public()["turned_over"]
    assert [g["giver"] for g in turned["ribbons"]].count("Ana") == 1


def test_a_draft_is_its_owners_alone_and_changes_no_version(engine, clock):
    table = judging(engine, clock)
    version = engine.status(table.code)["version"]
    engine.save_ribbon_draft(table.tokens["Ana"], {3: "Ben", 1: "Di"}, golden="Di")
    assert engine.status(table.code)["version"] == version
    assert table.view("Ana")["ribbon_draft"] == {"ribbons": {3: "Ben", 1: "Di"}, "golden": "Di"}
    for look in (table.public(), table.facilitator(), table.view("Ben"), table.view("Di")):
        assert look.get("ribbon_draft") is None
        assert look["ready_players"] == []  # a draft is no answer
    # Picks changed: the draft is replaced, never added to.
    engine.save_ribbon_draft(table.tokens["Ana"], {2: "Cy"})
    assert table.view("Ana")["ribbon_draft"] == {"ribbons": {2: "Cy"}, "golden": None}


def test_a_draft_that_breaks_the_rules_is_refused_and_changes_nothing(engine, clock):
    table = seat_critters(engine, clock, 4)
    ana = table.tokens["Ana"]
    refused("error.wrong_phase", engine.save_ribbon_draft, ana, {3: "Ben"})
    table.pick_all()
    table.build_and_finish_all()
    table.title_all()
    engine.save_ribbon_draft(ana, {3: "Ben"})
    refused("error.critters.same_player_twice", engine.save_ribbon_draft, ana, {3: "Ben", 2: "Ben"})
    refused("error.critters.own_mosaic", engine.save_ribbon_draft, ana, {3: "Ana"})
    refused("error.critters.no_such_ribbon", engine.save_ribbon_draft, ana, {4: "Cy"})
    refused("error.critters.awards_malformed", engine.save_ribbon_draft, ana, ["Ben"])
    refused("error.critters.cannot_receive", engine.save_ribbon_draft, ana, {}, golden="Zed")
    assert table.view("Ana")["ribbon_draft"] == {"ribbons": {3: "Ben"}, "golden": None}
    engine.award_ribbons(ana, {3: "Ben", 2: "Cy", 1: "Di"}, "cr-given")
    refused("error.critters.already_awarded", engine.save_ribbon_draft, ana, {3: "Cy"})


def test_a_golden_ribbon_used_before_is_not_given_from_a_later_draft(engine, clock):
    table = seat_critters(engine, clock, 3)
    table.play_judged_round(golden={"Ana": "Ben"})
    engine.advance(table.fac)
    table.pick_all()
    table.build_and_finish_all()
    table.title_all()
    refused(
        "error.critters.golden_used", engine.save_ribbon_draft, table.tokens["Ana"], {}, golden="Cy"
    )


def test_the_last_rounds_golden_ribbon_says_keeping_it_costs(engine, clock):
    table = seat_critters(engine, clock, 3)
    rounds = table.public()["rounds"]
    for number in range(1, rounds + 1):
        table.pick_all()
        table.build_and_finish_all()
        table.title_all()
        offer = table.view("Ana")["actions"]["award"]
        assert offer["golden_last_round"] is (number == rounds)
        table.award_all()
        engine.advance(table.fac)
