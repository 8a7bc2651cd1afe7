"""Who gave each ribbon (issue 41): the rulebook's ribbons are the givers' own tokens, so the
round turned over names them by default; a teacher may choose in the lobby that nobody's page
names them. Then no view, the projector's, the teacher's or any phone's, holds a giver beside
a ribbon, nor anything that points back to one (seat order, two ribbons given together)."""

from __future__ import annotations

from typing import Any

from cc_support import seat_table
from critters_kit import seat_critters

from tests.kit import refused

GIVERS = ("Ana", "Ben", "Cy", "Di")


def givers_beside_ribbons(view: Any) -> list[Any]:
    """Every "giver" said beside a ribbon anywhere in a view, and every group of more than one
    ribbon given together (which would say that one student gave them both)."""
    found: list[Any] = []
    if isinstance(view, dict):
        if "giver" in view and "ribbons" in view:
            if view["giver"] is not None:
                found.append(view["giver"])
            if len(view["ribbons"]) + (view["golden"] is not None) > 1:
                found.append(view["ribbons"])
        for value in view.values():
            found += givers_beside_ribbons(value)
    elif isinstance(view, list):
        for value in view:
            found += givers_beside_ribbons(value)
    return found


def scores_of_one_round(engine, clock, *, named: bool) -> Any:
    table = seat_critters(engine, clock, len(GIVERS), start=False)
    if not named:
        engine.set_givers_named(table.fac, False)
    assert table.facilitator()["givers_named"] is named
    table.start()
    table.play_judged_round(golden={"Ana": "Cy"})
    assert table.phase() == "scores"
    return table


def test_by_default_the_ribbons_turned_over_name_their_givers(engine, clock):
    table = scores_of_one_round(engine, clock, named=True)
    turned = table.view("Cy")["turned_over"]
    assert sorted(given["giver"] for given in turned["ribbons"]) == list(GIVERS)
    assert givers_beside_ribbons(table.public())  # the detector finds them when they are there


def test_givers_kept_unnamed_reach_no_view_and_every_ribbon_still_counts(engine, clock):
    named = scores_of_one_round(engine, clock, named=True).public()["turned_over"]
    table = scores_of_one_round(engine, clock, named=False)
    views = {
        "projector": table.public(),
        "teacher": table.facilitator(),
        **{name: table.view(name) for name in GIVERS},
    }
    for who, view in views.items():
        # A giver's own ribbons, on their own phone, are theirs to see.
        others = {key: value for key, value in view.items() if key != "my_ribbons"}
        assert givers_beside_ribbons(others) == [], who
        if who in GIVERS:
            assert view["my_ribbons"]["giver"] == who
    turned = views["projector"]["turned_over"]
    assert turned["scores"] == named["scores"]
    assert sorted(turned["gave"]) == sorted(named["gave"]) == list(GIVERS)

    def received(ribbons: list[dict[str, Any]]) -> list[tuple[str, int]]:
        return sorted((r["to"], r["value"]) for given in ribbons for r in given["ribbons"])

    assert received(turned["ribbons"]) == received(named["ribbons"])
    assert [g["golden"] for g in turned["ribbons"] if g["golden"]] == ["Cy"]
    assert views["teacher"]["history"][0]["ribbons"] == turned["ribbons"]


def test_the_choice_is_made_in_the_lobby_only_and_by_critters_only(engine, clock):
    table = seat_critters(engine, clock, len(GIVERS))
    version = engine.status(table.code)["version"]
    refused("error.already_started", engine.set_givers_named, table.fac, False)
    assert table.facilitator()["givers_named"] is True
    assert engine.status(table.code)["version"] == version
    crossed = seat_table(engine, clock, 5, start=False)
    refused("error.critters.no_givers_option", engine.set_givers_named, crossed.fac, False)
