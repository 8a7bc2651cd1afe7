"""pages/facilitator.py: the teacher's controls."""

from __future__ import annotations

import pytest
from pagekit import (
    NAMES,
    base_key,
    element_text,
    home_hash,
    page,
    private_link,
    private_link_element,
    rendered,
    run,
    seat_lobby,
    timer,
    tr,
    visible_text,
    walk,
)

from engine import RuleError
from ui.text import isolate


@pytest.mark.parametrize("query", [{}, {"key": "nope"}, {"key": "  "}])
def test_bad_or_missing_key_says_so_and_links_home(engine, query):
    seat_lobby(engine, ["Ana"])
    at = run(page("pages/facilitator.py", **query))
    assert [e.value for e in at.error] == [tr("en", "error.bad_facilitator_token")]
    [link] = at.get("page_link")
    assert link.proto.label == tr("en", "ui.go_home")
    assert link.proto.page_script_hash == home_hash()
    assert not at.button


def test_bad_key_in_a_spanish_browser(engine):
    at = page("pages/facilitator.py", key="nope")
    at.context = {"locale": "es-AR"}
    run(at)
    assert [e.value for e in at.error] == [tr("es", "error.bad_facilitator_token")]


def test_lobby_shows_code_and_roster_and_removes_a_player(engine):
    table = seat_lobby(engine, ["Ana", "Ben", "Cai"])
    at = table.facilitator_page()
    shown = visible_text(at)
    assert table.code in shown
    assert tr("en", "ui.players_joined", count=3) in rendered(at)
    for name in ("Ana", "Ben", "Cai"):
        assert name in shown
    remove = at.selectbox(key="remove_name")
    # Each option isolated (FSI ... PDI), so a right-to-left name cannot reorder the list.
    assert list(remove.options) == [isolate(n) for n in ("Ana", "Ben", "Cai")]

    at = run(remove.set_value("Ben"))
    at = run(at.button(key="remove_player").click())
    assert not at.error
    assert engine.public_view(table.code)["players"] == ["Ana", "Cai"]
    assert list(at.selectbox(key="remove_name").options) == [isolate("Ana"), isolate("Cai")]
    assert tr("en", "ui.players_joined", count=2) in rendered(at)


@pytest.mark.parametrize("players", [0, 1, 4])
def test_start_disabled_below_five(engine, players):
    table = seat_lobby(engine, NAMES[:players])
    at = table.facilitator_page()
    assert at.button(key="start_game").disabled
    assert tr("en", "ui.fac.need_players", fewest=5) in rendered(at)
    assert table.phase() == "lobby"


def test_start_with_five(engine):
    table = seat_lobby(engine, NAMES)
    at = table.facilitator_page()
    start = at.button(key="start_game")
    assert not start.disabled
    at = run(start.click())
    view = engine.facilitator_view(table.fac)
    assert view["phase"] == "roles" and view["round"] == 1 and view["rounds"] == 5
    assert not [b for b in at.button if base_key(b.key) in ("start_game", "remove_player")]
    assert timer(at, "pause_game") and timer(at, "advance_phase")


def test_pause_resume_and_advance(started):
    table = started
    engine = table.engine
    at = table.facilitator_page()
    assert not [b for b in at.button if base_key(b.key) == "resume_game"]

    at = run(timer(at, "pause_game").click())
    assert engine.status(table.code)["paused"] is True
    assert not [b for b in at.button if base_key(b.key) == "pause_game"]
    assert tr("en", "ui.paused") in rendered(at)

    at = run(timer(at, "resume_game").click())
    status = engine.status(table.code)
    assert status["paused"] is False and status["phase"] == "roles"
    assert timer(at, "pause_game")

    at = run(timer(at, "advance_phase").click())
    assert engine.status(table.code)["phase"] == "pulse1"
    at = run(timer(at, "advance_phase").click())
    assert engine.status(table.code)["phase"] == "merge"
    assert tr("en", "ui.phase.merge") in visible_text(at)


def test_advance_while_paused_keeps_the_game_paused(started):
    table = started
    at = run(timer(table.facilitator_page(), "pause_game").click())
    run(timer(at, "advance_phase").click())
    status = table.engine.status(table.code)
    assert status["phase"] == "pulse1" and status["paused"] is True


@pytest.mark.parametrize("phase", ["roles", "pulse1", "reveal"])
def test_lost_link_only_after_choosing_a_name(started, phase):
    table = started
    table.advance_to(phase)
    at = table.facilitator_page()
    assert tr("en", "ui.fac.lost_link") in [e.label for e in at.expander]
    before = rendered(at)
    for token in table.tokens.values():
        assert token not in before
    assert at.selectbox(key="link_name").value is None

    at = run(at.selectbox(key="link_name").set_value("Cai"))
    assert not at.code  # picking a name alone changes nothing
    at = run(at.button(key="new_link").click())
    [code] = at.code
    token = code.value.rsplit("token=", 1)[1]
    assert table.engine.player_view(token)["name"] == "Cai"
    with pytest.raises(RuleError):  # the old link is retired
        table.engine.player_view(table.tokens["Cai"])
    shown = rendered(at)
    assert token in shown
    for name, old in table.tokens.items():
        assert old not in shown, name
    at = run(at.selectbox(key="link_name").set_value("Ana"))
    assert not at.code  # Cai's new link is not shown under another name


def test_the_key_leaves_the_address_and_the_page_keeps_working(table):
    """A projected facilitator page must not show the key (issue point 9): once verified, the
    address says ?game=CODE, and the tab keeps working on the key it remembers."""
    at = table.facilitator_page()
    assert at.query_params == {"game": table.code}
    # Only the "Copy my private link" button holds the key (as data for the clipboard).
    holders = [node for node in walk(at._tree) if table.fac in element_text(node)]
    assert holders == [private_link_element(at)]
    assert private_link(at).endswith(f"/facilitator?key={table.fac}")

    at = run(at.button(key="start_game").click())
    assert table.phase() == "roles"
    assert at.query_params == {"game": table.code}
    at = run(timer(at, "advance_phase").click())
    assert table.phase() == "pulse1"
    assert not at.error


@pytest.mark.parametrize("language", ["en", "es"])
def test_game_code_alone_asks_for_the_private_link(engine, language):
    """A new tab of ?game=CODE in a browser that never opened the private link controls nothing."""
    table = seat_lobby(engine, NAMES, language=language)
    at = page("pages/facilitator.py", game=table.code)
    at.context = {"locale": f"{language}-ES"}
    run(at)
    assert [w.value for w in at.warning] == [tr(language, "ui.fac.open_private_link")]
    assert not at.button and not at.error
    assert table.code not in rendered(at)
    [link] = at.get("page_link")
    assert link.proto.page_script_hash == home_hash()
