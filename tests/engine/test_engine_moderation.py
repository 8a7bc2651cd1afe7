"""Moderation (issue 10, part 4): the facilitator hides a fragment from everyone but
themselves without touching scores, renames a player through the checks a join makes, and
runs the built-in name filter, which they may override for a real name."""

from __future__ import annotations

import json

import pytest
from cc_support import fingerprint, seat_table, strokes

from engine import Engine, FakeClock
from engine.name_filter import refuses
from tests.kit import refused, rid


def at_merge(table):
    """Every artist's pulse-1 fragment is public; returns the first artist's signature."""
    table.advance_to("pulse1")
    for number, name in enumerate(table.artists(), start=1):
        drawing = strokes(1 + number % 3, offset=0.03 * number)  # a drawing of its own
        table.engine.submit_fragment(table.tokens[name], drawing, rid())
    assert table.phase() == "merge"
    return table.signature_of(table.artists()[0])


def everyone_but_the_facilitator(table):
    return [table.public(), *(table.view(name) for name in table.names)]


def shown(view):
    return {(f["signature"], f["pulse"]) for f in view["fragments"]}


def play_to_the_end(table):
    for _ in range(400):
        if table.phase() == "finished":
            return
        table.engine.advance(table.fac)
    raise AssertionError("the game never finished")


# ---------------------------------------------------------------- hiding a fragment


def test_a_hidden_fragment_reaches_nobody_but_the_facilitator(table):
    sig = at_merge(table)
    table.engine.hide_fragment(table.fac, round=1, signature=sig, pulse=1)
    for view in everyone_but_the_facilitator(table):
        assert (sig, 1) not in shown(view)
    facilitator = table.facilitator()
    assert (sig, 1) not in shown(facilitator)
    marked = [m for m in facilitator["moderation"] if m["signature"] == sig]
    assert [(m["round"], m["pulse"], m["hidden"]) for m in marked] == [(1, 1, True)]
    assert len(facilitator["moderation"]) == len(table.artists())
    # its strokes are in no view but the facilitator's moderation list
    hidden_strokes = json.dumps(marked[0]["strokes"])
    for view in everyone_but_the_facilitator(table):
        assert hidden_strokes not in json.dumps(view)
    assert json.dumps(facilitator).count(hidden_strokes) == 1
    table.engine.hide_fragment(table.fac, round=1, signature=sig, pulse=1, hidden=False)
    assert all((sig, 1) in shown(view) for view in everyone_but_the_facilitator(table))


def test_hiding_twice_or_showing_a_shown_fragment_changes_nothing(table):
    sig = at_merge(table)
    before = fingerprint(table)
    table.engine.hide_fragment(table.fac, round=1, signature=sig, pulse=1, hidden=False)
    assert fingerprint(table) == before
    table.engine.hide_fragment(table.fac, round=1, signature=sig, pulse=1)
    once = fingerprint(table)
    table.engine.hide_fragment(table.fac, round=1, signature=sig, pulse=1)  # a double click
    assert fingerprint(table) == once


def test_only_a_fragment_already_shown_can_be_hidden(table):
    table.advance_to("pulse1")
    artist = table.artists()[0]
    table.submit(artist, 1)
    sig = table.signature_of(artist)
    before = fingerprint(table)
    for where in ({"round": 1, "pulse": 1}, {"round": 1, "pulse": 2}, {"round": 2, "pulse": 1}):
        refused(
            "error.unknown_fragment", table.engine.hide_fragment, table.fac, signature=sig, **where
        )
    refused(
        "error.unknown_fragment",
        table.engine.hide_fragment,
        table.fac,
        round=1,
        signature="sx",
        pulse=1,
    )
    refused(
        "error.bad_facilitator_token",
        table.engine.hide_fragment,
        table.tokens[artist],
        round=1,
        signature=sig,
        pulse=1,
    )
    assert fingerprint(table) == before


@pytest.mark.parametrize(
    "where",
    [
        {"round": "1", "pulse": 1},
        {"round": True, "pulse": 1},
        {"round": 1, "pulse": True},
        {"round": 1, "pulse": "1"},
        {"round": 1, "pulse": [1]},
        {"round": 1, "pulse": 3},
        {"round": 10**30, "pulse": 1},
        {"round": 1, "pulse": 1, "signature": None},
        {"round": 1, "pulse": 1, "signature": ["s"]},
    ],
)
def test_a_fragment_named_with_garbage_is_unknown(table, where):
    sig = at_merge(table)
    before = fingerprint(table)
    hide = table.engine.hide_fragment
    refused("error.unknown_fragment", hide, table.fac, **({"signature": sig} | where))
    assert fingerprint(table) == before


def test_the_facilitator_lists_fragments_by_signature_not_by_submission(table):
    at_merge(table)
    listed = [m["signature"] for m in table.facilitator()["moderation"]]
    assert listed == sorted(listed)


def twin_rounds(hide: bool):
    """The same seeded round played twice, with or without hiding the Distorter's drawing."""
    clock = FakeClock()
    table = seat_table(Engine("sqlite://", clock=clock, seed=11), clock, 6)
    at_merge(table)
    distorter_sig = table.signature_of(table.distorter())
    if hide:
        table.engine.hide_fragment(table.fac, round=1, signature=distorter_sig, pulse=1)
    table.advance_to("accusation")
    for name in table.names:
        if table.signature_of(name) != distorter_sig:
            table.engine.accuse(table.tokens[name], distorter_sig, rid())
    table.advance_to("reveal")
    return table.public()


def test_hiding_changes_no_vote_and_no_score():
    """A hidden fragment is still its artist's: it can be accused, and scores do not move."""
    plain, hidden = twin_rounds(False), twin_rounds(True)
    for key in ("votes", "accused", "distorter_caught", "awards"):
        assert plain["reveal"][key] == hidden["reveal"][key], key
    assert plain["reveal"]["distorter_caught"]
    assert plain["totals"] == hidden["totals"]
    assert len(hidden["fragments"]) == len(plain["fragments"]) - 1


def test_the_reveal_lists_fragments_in_drawing_order(table):
    table.advance_to("pulse1")
    artists = table.artists()
    for name in reversed(artists):
        table.submit(name, 1)
    table.engine.advance(table.fac)  # merge -> pulse 2
    for name in artists[:2]:
        table.submit(name, 1)
    before_reveal = [f["signature"] for f in table.public()["fragments"]]
    assert before_reveal[: len(artists)] == sorted(before_reveal[: len(artists)])
    table.advance_to("reveal")
    drawn = [(f["pulse"], f["signature"]) for f in table.public()["fragments"]]
    order = [(1, table.signature_of(n)) for n in reversed(artists)]
    assert drawn == order + [(2, table.signature_of(n)) for n in artists[:2]]


# ---------------------------------------------------------------- the gallery


def test_the_gallery_keeps_every_round_without_its_hidden_fragments(engine, clock):
    table = seat_table(engine, clock, 5)
    sig = at_merge(table)
    table.engine.hide_fragment(table.fac, round=1, signature=sig, pulse=1)
    refused("error.not_finished", table.engine.show_round, table.fac, 1)
    play_to_the_end(table)
    view = table.public()
    gallery = view["gallery"]
    assert [entry["round"] for entry in gallery] == [1, 2, 3, 4, 5]
    first = gallery[0]
    assert set(first) >= {"category", "true_target", "false_target", "signatures", "authors"}
    assert sig not in {f["signature"] for f in first["fragments"]}
    assert len(first["fragments"]) == 3  # four artists, one hidden
    assert all(entry["fragments"] == [] for entry in gallery[1:])
    assert all(g == gallery for g in (table.view(n)["gallery"] for n in table.names))
    facilitator = table.facilitator()
    assert facilitator["gallery"] == gallery
    assert [m["hidden"] for m in facilitator["moderation"] if m["signature"] == sig] == [True]
    # hidden after the game, too, and shown again
    other = gallery[0]["fragments"][0]["signature"]
    table.engine.hide_fragment(table.fac, round=1, signature=other, pulse=1)
    assert len(table.public()["gallery"][0]["fragments"]) == 2
    table.engine.hide_fragment(table.fac, round=1, signature=sig, pulse=1, hidden=False)
    assert len(table.public()["gallery"][0]["fragments"]) == 3


def test_the_facilitator_steps_the_projector_through_the_rounds(engine, clock):
    table = seat_table(engine, clock, 5)
    play_to_the_end(table)
    assert table.public()["shown_round"] is None
    table.engine.show_round(table.fac, 2)
    assert table.public()["shown_round"] == 2
    once = fingerprint(table)
    table.engine.show_round(table.fac, 2)  # a double click
    assert fingerprint(table) == once
    for wrong in (0, 6, "2", True, 2.5):
        refused("error.unknown_round", table.engine.show_round, table.fac, wrong)
    assert fingerprint(table) == once
    table.engine.show_round(table.fac, None)
    assert table.public()["shown_round"] is None


# ---------------------------------------------------------------- renaming a player


def test_a_rename_in_the_lobby(engine, clock):
    table = seat_table(engine, clock, 3, start=False)
    table.engine.rename_player(table.fac, "Ben", "  Benjamin   Lee ")
    assert table.public()["players"] == ["Ana", "Benjamin Lee", "Carmen"]
    assert table.view("Ben")["name"] == "Benjamin Lee"  # the same player, the same link
    once = fingerprint(table)
    table.engine.rename_player(table.fac, "Ben", "Benjamin Lee")  # a retry
    assert fingerprint(table) == once
    refused("error.name_taken", table.engine.join, table.code, "BENJAMIN LEE")
    table.engine.join(table.code, "Ben")  # the old name is free again


def test_a_rename_mid_game_keeps_points_votes_and_drawings(table):
    at_merge(table)
    artist = table.artists()[0]
    sig = table.signature_of(artist)
    table.engine.rename_player(table.fac, artist, "Zoe")
    assert table.engine.player_view(table.tokens[artist])["signature"] == sig
    table.advance_to("accusation")
    table.engine.accuse(
        table.tokens[artist], next(s for s in table.public()["signatures"] if s != sig), rid()
    )
    table.advance_to("reveal")
    reveal = table.public()["reveal"]
    assert reveal["authors"][sig] == "Zoe" and "Zoe" in reveal["votes"]
    assert artist not in table.public()["totals"] and "Zoe" in table.public()["totals"]
    assert sum(table.public()["totals"].values()) == sum(reveal["awards"].values())


def test_a_case_only_rename_is_the_same_player(engine, clock):
    table = seat_table(engine, clock, 2, start=False)
    table.engine.rename_player(table.fac, "Ana", "ANA")
    assert table.public()["players"] == ["ANA", "Ben"]


@pytest.mark.parametrize(
    "new_name, key",
    [
        ("", "error.name_empty"),
        ("x" * 25, "error.name_too_long"),
        ("Ca\u202ermen", "error.name_bad_characters"),
        ("Ben", "error.name_taken"),
        ("B\u0435n", "error.name_taken"),  # a Cyrillic e: looks like Ben
        ("bEN", "error.name_taken"),
        ("Shit", "error.name_refused"),
    ],
)
def test_a_rename_is_refused_like_a_join_and_changes_nothing(engine, clock, new_name, key):
    table = seat_table(engine, clock, 3, start=False)
    before = fingerprint(table)
    refused(key, table.engine.rename_player, table.fac, "Ana", new_name)
    assert fingerprint(table) == before


def test_renaming_nobody_is_refused(engine, clock):
    table = seat_table(engine, clock, 2, start=False)
    refused("error.unknown_player", table.engine.rename_player, table.fac, "Zed", "Zara")
    refused(
        "error.bad_facilitator_token", table.engine.rename_player, table.tokens["Ana"], "Ana", "X"
    )


# ---------------------------------------------------------------- the name filter


@pytest.mark.parametrize(
    "name",
    ["shit", "Big Shit", "SH1T", "$hit", "s.h.i.t", "f u c k", "Mierda", "cabrón", "c\u043eño"],
)
def test_the_filter_refuses_words_a_school_would(name):
    assert refuses(name)


@pytest.mark.parametrize(
    "name", ["Cassandra", "Dickens", "Scunthorpe", "Ana", "Íñigo", "Shitaki Mori", "Puttanesca"]
)
def test_the_filter_leaves_names_that_only_contain_a_word(name):
    assert not refuses(name)


def test_a_refused_name_joins_once_the_facilitator_allows_it(engine, clock):
    table = seat_table(engine, clock, 1, start=False)
    before = fingerprint(table)
    error = refused("error.name_refused", table.engine.join, table.code, "Dick")
    assert "Dick" not in str(error)  # not echoed back to the class
    assert fingerprint(table) == before
    table.engine.allow_name(table.fac, " dick ")
    once = fingerprint(table)
    table.engine.allow_name(table.fac, "DICK")  # a retry, another spelling of the same name
    assert fingerprint(table) == once
    assert table.facilitator()["allowed_names"] == ["dick"]
    table.engine.join(table.code, "Dick")
    assert table.public()["players"] == ["Ana", "Dick"]
    refused("error.name_refused", table.engine.join, table.code, "Shit")


def test_the_facilitator_turns_the_filter_off_for_the_game(engine, clock):
    table = seat_table(engine, clock, 1, start=False)
    assert table.facilitator()["name_filter"] is True
    table.engine.set_name_filter(table.fac, False)
    once = fingerprint(table)
    table.engine.set_name_filter(table.fac, False)
    assert fingerprint(table) == once
    assert table.facilitator()["name_filter"] is False
    table.engine.join(table.code, "Idiota")
    table.engine.set_name_filter(table.fac, True)
    refused("error.name_refused", table.engine.rename_player, table.fac, "Ana", "Moron")
    refused("error.bad_facilitator_token", table.engine.set_name_filter, table.tokens["Ana"], False)
    refused("error.bad_facilitator_token", table.engine.allow_name, table.tokens["Ana"], "Dick")
    assert "name_filter" not in table.public() and "allowed_names" not in table.public()


# ---------------------------------------------------------------- on every database


def test_moderation_on_every_database(file_url):
    clock = FakeClock()
    table = seat_table(Engine(file_url, clock=clock, seed=5), clock, 5)
    sig = at_merge(table)
    table.engine.hide_fragment(table.fac, round=1, signature=sig, pulse=1)
    table.engine.rename_player(table.fac, "Ana", "Anabel")
    again = Engine(file_url, clock=clock)  # another app server on the same database
    assert (sig, 1) not in shown(again.public_view(table.code))
    assert "Anabel" in again.public_view(table.code)["players"]
    again.hide_fragment(table.fac, round=1, signature=sig, pulse=1, hidden=False)
    assert (sig, 1) in shown(table.public())
