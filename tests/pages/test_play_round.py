"""pages/play.py during a round: role card, canvas and submit, choice, accusation."""

from __future__ import annotations

import re

import pytest
from pagekit import (
    a_path,
    canvases,
    drawing_state,
    has_word,
    html_text,
    keys,
    picture_in,
    rendered,
    run,
    seat_lobby,
    served_media,
    tr,
    unescaped,
    visible_text,
)

from tests.kit import rid

# ---------------------------------------------------------------- role card


def targets(table) -> tuple[dict, dict]:
    """(true, false) objects, as the loyal artists and the Distorter are told them."""
    true_target = table.view(table.with_role("loyal")[0])["target"]
    false_target = table.view(table.who("distorter"))["target"]
    assert true_target["id"] != false_target["id"]
    return true_target, false_target


def secrets_shown(at, objects) -> list[str]:
    """Ids of the objects whose name or picture the page carries."""
    text = rendered(at)
    served = served_media(text, [])
    return [o["id"] for o in objects if has_word(text, o["name"]) or picture_in(o["image"], served)]


@pytest.mark.parametrize("phase", ["roles", "pulse1", "discussion", "accusation"])
def test_role_card_hidden_until_shown_then_only_ones_own_object(started, phase):
    table = started
    table.advance_to(phase)
    true_target, false_target = targets(table)
    expected = {"loyal": [true_target["id"]], "distorter": [false_target["id"]], "curator": []}
    for role in ("loyal", "distorter", "curator"):
        name = table.who(role)
        at = table.play(name)
        toggle = at.toggle(key="show_role")
        assert toggle.value is False
        assert tr("en", f"ui.role.{role}") not in rendered(at)
        assert secrets_shown(at, [true_target, false_target]) == [], role

        at = run(toggle.set_value(True))
        shown = rendered(at)
        assert tr("en", f"ui.role.{role}") in html_text(at), role
        # What to do, in the role's own words: in full as roles are dealt, then in one line
        # (not while drawing: the phone's card, canvas and Submit must fit on one screen).
        todo = {"roles": ["help"], "pulse1": []}.get(phase, ["todo"])
        said = [m.value for m in at.markdown]
        assert [k for k in ("help", "todo") if tr("en", f"ui.role.{role}.{k}") in said] == todo
        for other in ("loyal", "distorter", "curator"):
            if other != role:
                assert tr("en", f"ui.role.{other}") not in shown
        assert secrets_shown(at, [true_target, false_target]) == expected[role], role
        if expected[role]:
            mine = true_target if role == "loyal" else false_target
            assert has_word(html_text(at), mine["name"])  # the name, as text
            assert picture_in(mine["image"], served_media(shown, []))  # and the picture


def test_role_card_hides_again_next_round(started):
    table = started
    name = table.with_role("loyal")[0]
    at = table.play(name)
    at = run(at.toggle(key="show_role").set_value(True))
    assert at.toggle(key="show_role").value is True
    table.advance_to("reveal")
    table.engine.advance(table.fac)  # round 2, roles
    at = run(at)
    assert table.public()["round"] == 2
    assert at.toggle(key="show_role").value is False


def test_spanish_game_role_card_in_spanish(engine):
    table = seat_lobby(engine, language="es")
    table.start()
    name = table.who("curator")
    at = run(table.play(name).toggle(key="show_role").set_value(True))
    assert tr("es", "ui.role.curator") in html_text(at)
    assert at.toggle(key="show_role").label == tr("es", "ui.play.show_role")


# ---------------------------------------------------------------- ink pulses


def canvas_key(view) -> str:
    pulse = 1 if view["phase"] == "pulse1" else 2
    return f"draw_r{view['round']}_p{pulse}-gen0"


@pytest.mark.parametrize(("phase", "paths"), [("pulse1", 3), ("pulse2", 2)])
def test_artist_draws_submits_and_locks(started, phase, paths):
    table = started
    table.advance_to(phase)
    artist, other = table.with_role("loyal")[:2]
    at = table.play(artist)
    key = canvas_key(table.view(artist))
    assert canvases(at) == [key]
    assert at.button(key="submit_fragment").disabled  # nothing drawn yet
    at.session_state[key] = drawing_state(*[a_path(30 + 60 * i) for i in range(paths)])
    at = run(at)
    assert tr("en", "ui.play.stroke_counter", count=paths, most=paths) in html_text(at)
    pulse = 1 if phase == "pulse1" else 2
    at = run(at.button(key="submit_fragment").click())
    assert not [f for f in table.view(artist)["fragments"] if f["pulse"] == pulse], (
        "Submit only asks for confirmation; nothing is locked yet"
    )
    assert [w.value for w in at.warning] == [tr("en", "ui.play.confirm_question", count=paths)]
    at = run(at.button(key="confirm_submit").click())
    assert not at.error, [e.value for e in at.error]

    mine = [f for f in table.view(artist)["fragments"] if f["pulse"] == pulse]
    assert len(mine) == 1 and len(mine[0]["strokes"]) == paths
    assert mine[0]["signature"] == table.view(artist)["signature"]
    assert [s.value for s in at.success] == [tr("en", "ui.play.locked")]
    assert not keys(at, "submit_fragment") and not keys(at, "confirm_submit")
    assert canvases(at) == []  # the canvas is gone

    # Another artist's page shows the readiness, role-neutrally.
    artists = len(table.public()["signatures"])
    seen = html_text(table.play(other))
    assert tr("en", "ui.ready_count", done=1, total=artists) in seen


def test_cancel_keeps_drawing_and_submits_nothing(started):
    table = started
    table.advance_to("pulse1")
    artist = table.with_role("loyal")[0]
    at = table.play(artist)
    at.session_state[canvas_key(table.view(artist))] = drawing_state(a_path())
    at = run(run(at).button(key="submit_fragment").click())
    at = run(at.button(key="cancel_submit").click())
    assert at.button(key="submit_fragment")
    assert table.view(artist)["fragments"] == []
    assert table.public()["ready"]["done"] == 0


def test_too_many_strokes_cannot_be_submitted(started):
    """Pulse 2 takes at most 2 strokes: only the first two are ever sent (R4)."""
    table = started
    table.advance_to("pulse2")
    artist = table.with_role("loyal")[0]
    at = table.play(artist)
    at.session_state[canvas_key(table.view(artist))] = drawing_state(
        a_path(20), a_path(100), a_path(180)
    )
    at = run(run(at).button(key="submit_fragment").click())
    at = run(at.button(key="confirm_submit").click())
    mine = [f for f in table.view(artist)["fragments"] if f["pulse"] == 2]
    assert len(mine) == 1 and len(mine[0]["strokes"]) == 2


def test_curator_has_no_canvas_and_waits(started):
    table = started
    table.advance_to("pulse1")
    at = table.play(table.who("curator"))
    assert canvases(at) == []
    assert not keys(at, "submit_fragment")
    assert [i.value for i in at.info] == [tr("en", "ui.play.hint.pulse1.curator")]


def test_submitted_fragment_survives_a_reload(started):
    table = started
    table.advance_to("pulse1")
    artist = table.with_role("loyal")[0]
    table.engine.submit_fragment(table.tokens[artist], [[(0.1, 0.1), (0.9, 0.9)]], rid())
    at = table.play(artist)  # a fresh session with the personal link
    assert [s.value for s in at.success] == [tr("en", "ui.play.locked")]
    assert not keys(at, "submit_fragment")


# ---------------------------------------------------------------- choice


def test_curator_chooses_among_four_options_in_the_engines_order(started):
    table = started
    table.advance_to("choice")
    curator = table.who("curator")
    options = table.view(curator)["options"]
    assert len(options) == 4
    at = table.play(curator)
    assert keys(at, "option_") == [f"option_{o['id']}" for o in options]
    for option in options:
        assert option["name"] in unescaped(at.button(key=f"option_{option['id']}").label)

    at = run(at.button(key=f"option_{options[2]['id']}").click())
    assert not at.error
    assert table.engine.facilitator_view(table.fac)["phase"] == "accusation"
    assert table.public()["phase"] == "accusation"
    assert table.view(curator)["my_choice"] == options[2]["id"]
    assert not keys(at, "option_")  # the page moved on to the accusation


def test_non_curators_get_no_options(started):
    table = started
    table.advance_to("choice")
    for name, role in table.roles().items():
        if role == "curator":
            continue
        at = table.play(name)
        assert not keys(at, "option_"), name
        assert [i.value for i in at.info] == [tr("en", "ui.play.hint.choice")]


# ---------------------------------------------------------------- accusation


def test_accusation_buttons_vote_and_lock(started):
    table = started
    table.advance_to("accusation")
    voter = table.with_role("loyal")[0]
    me = table.view(voter)
    signatures = list(me["signatures"])
    at = table.play(voter)
    assert sorted(keys(at, "accuse_")) == sorted(f"accuse_{s}" for s in signatures)
    for sig in signatures:  # one's own among them, alike: a neighbour learns nothing
        button = at.button(key=f"accuse_{sig}")
        assert not button.disabled
        assert me["signatures"][sig]["name"] in unescaped(button.label)
    at = run(at.button(key=f"accuse_{me['signature']}").click())
    assert [e.value for e in at.error] == [tr("en", "error.own_signature")]
    assert table.view(voter)["my_vote"] is None
    target = next(s for s in signatures if s != me["signature"])

    at = run(at.button(key=f"accuse_{target}").click())
    assert table.view(voter)["my_vote"] == target
    assert table.public()["ready"]["done"] == 1
    assert all(at.button(key=f"accuse_{s}").disabled for s in signatures)
    said = html_text(at)
    assert tr("en", "ui.play.you_accused") in said
    assert me["signatures"][target]["name"] in said

    # A reload (new session, same link) remembers the vote.
    again = table.play(voter)
    assert all(again.button(key=f"accuse_{s}").disabled for s in signatures)
    assert me["signatures"][target]["name"] in html_text(again)


def test_curator_can_accuse_any_signature(started):
    table = started
    table.advance_to("accusation")
    curator = table.who("curator")
    at = table.play(curator)
    sigs = list(table.view(curator)["signatures"])
    assert len(keys(at, "accuse_")) == len(sigs) == 4
    assert not any(at.button(key=f"accuse_{s}").disabled for s in sigs)
    run(at.button(key=f"accuse_{sigs[0]}").click())
    assert table.view(curator)["my_vote"] == sigs[0]


# What differs between two phones of one game whatever their roles: the browser's own id, and
# the countdown (each page is drawn a moment later).
PER_PHONE = (
    (re.compile(r"cc_browser=[\w-]+"), "cc_browser=ID"),
    (re.compile(r">\d+:\d\d<"), ">m:ss<"),
    (re.compile(r'seconds_left\\": [\d.]+'), "seconds_left: S"),
    # The student's own face beside their name, picked in the lobby (issue 42), not a role's.
    (re.compile(r"cc-faces/[\w-]+\.svg\?v=\w+"), "FACE"),
)


@pytest.mark.parametrize("phase", ["roles", "merge", "discussion", "accusation"])
def test_with_the_card_closed_every_role_shows_the_same_page(started, phase):
    """A neighbour glancing at a phone whose card is closed learns nothing of its role: outside
    drawing and choosing, the Curator's page is the artists' (same header, hints and buttons),
    down to every element the browser receives."""
    table = started
    table.advance_to(phase)
    seen = {}
    for role in ("loyal", "distorter", "curator"):
        name = table.who(role)
        page_text = rendered(table.play(name)).replace(name, "NAME")
        for pattern, same in PER_PHONE:
            page_text = pattern.sub(same, page_text)
        seen[role] = page_text
    assert seen["curator"] == seen["loyal"] == seen["distorter"]


def test_the_secret_card_holds_an_artists_signature(started):
    table = started
    for role in ("loyal", "distorter", "curator"):
        at = run(table.play(table.who(role)).toggle(key="show_role").set_value(True))
        assert (tr("en", "ui.play.your_signature") in visible_text(at)) == (role != "curator")
