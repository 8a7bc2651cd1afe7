"""pages/facilitator.py: the controls that keep a class safe: the lobby's lock, deleting a
game's data, a game that waited through an outage, and timer clicks that arrive too late."""

from __future__ import annotations

import pytest
from pagekit import LONG, NAMES, rendered, run, seat_lobby, timer, tr
from sqlalchemy import text

from engine import RuleError


def test_locking_the_lobby_keeps_newcomers_out_until_it_is_opened(engine):
    table = seat_lobby(engine, ["Ana", "Ben"])
    at = table.facilitator_page()
    at = run(at.toggle(key="lock_lobby").set_value(True))
    assert table.public()["locked"] is True
    with pytest.raises(RuleError) as refused:
        engine.join(table.code, "Cai")
    assert refused.value.key == "error.lobby_locked"
    at = run(at.toggle(key="lock_lobby").set_value(False))
    engine.join(table.code, "Cai")
    assert table.public()["players"] == ["Ana", "Ben", "Cai"]


def test_removing_a_player_says_they_cannot_come_back_from_that_browser(engine):
    at = seat_lobby(engine, ["Ana", "Ben"]).facilitator_page()
    assert tr("en", "ui.fac.remove_hint") in rendered(at)


@pytest.mark.parametrize("phase", ["lobby", "reveal"])
def test_deleting_the_game_removes_it_at_once(engine, phase):
    table = seat_lobby(engine)
    if phase != "lobby":
        table.start()
        table.advance_to(phase)
    at = table.facilitator_page()
    assert tr("en", "ui.fac.delete") in [e.label for e in at.expander]
    at.button(key="delete_game").click().run()
    with pytest.raises(RuleError):
        engine.public_view(table.code)
    with pytest.raises(RuleError):
        engine.player_view(table.tokens["Ana"])


def test_a_game_that_waited_through_an_outage_says_so_and_resumes(engine, db_url):
    table = seat_lobby(engine)
    table.start()
    table.advance_to("pulse1")
    with engine.door.db.engine.begin() as connection:  # the server was gone for 100 s
        connection.execute(text("UPDATE game SET kept_at = kept_at - 100"))
    at = table.facilitator_page()
    assert [w.value for w in at.warning] == [tr("en", "ui.fac.interrupted")]
    assert table.public()["paused"] and table.phase() == "pulse1"
    at = run(timer(at, "resume_game").click())
    assert not at.warning
    assert not table.public()["paused"]


def test_a_timer_click_meant_for_a_phase_already_over_does_nothing(engine):
    """A double click on "End this phase now": the second click was drawn in the roles phase."""
    table = seat_lobby(engine)
    table.start()
    stale = table.facilitator_page()  # drawn during roles
    engine.advance(table.fac)  # the first click already ended the roles phase
    assert table.phase() == "pulse1"
    at = run(timer(stale, "advance_phase").click())
    assert table.phase() == "pulse1"
    assert not at.error
    at = run(timer(at, "advance_phase").click())  # a click drawn in pulse 1 ends it
    assert table.phase() == "merge"


# What the teacher reads on the button that ends each phase: what comes next.
NEXT_IN_ENGLISH = {
    "roles": "Start ink pulse 1",
    "pulse1": "Show pulse 1's drawing",
    "merge": "Start ink pulse 2",
    "pulse2": "Start the discussion",
    "discussion": "Let the Curator choose",
    "choice": "Start the vote",
    "accusation": "Show who was who",
    "reveal": "Next round",
}


@pytest.mark.parametrize(("language", "timed"), [("en", True), ("es", True), ("es", False)])
def test_the_end_button_names_what_comes_next(engine, language, timed):
    table = seat_lobby(engine, NAMES, language, durations=LONG if timed else dict.fromkeys(LONG))
    table.start()
    for phase, english in NEXT_IN_ENGLISH.items():
        table.advance_to(phase)
        label = timer(table.facilitator_page(), "advance_phase").label
        assert label == (english if language == "en" else tr("es", f"ui.fac.advance.{phase}"))
        assert language == "en" or label != english, phase
    # The last round's reveal leads to the final results, and its button says so.
    while (table.public()["round"], table.phase()) != (len(NAMES), "reveal"):
        engine.advance(table.fac)
    at = table.facilitator_page()
    final = timer(at, "advance_phase").label
    assert final == {"en": "Final results", "es": "Resultados finales"}[language]
    run(timer(at, "advance_phase").click())
    assert table.phase() == "finished"


def test_the_facilitator_sees_which_signatures_still_vote(engine):
    table = seat_lobby(engine)
    table.start()
    table.advance_to("accusation")
    voter, target = table.with_role("loyal")[:2]
    table.engine.accuse(table.tokens[voter], table.view(target)["signature"], "v1")
    shown = rendered(table.facilitator_page())
    voted = table.public()["signatures"][table.view(voter)["signature"]]["name"]
    assert f"{voted}</span>\u00a0✔" in shown
    assert shown.count("\u00a0…") == len(table.public()["signatures"]) - 1
