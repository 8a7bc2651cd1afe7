"""What a class does next (issue "Classroom-proof", point 9 and wording): the home page keeps
the chosen pace when switched to Spanish, and Spanish on the next visit; at the reveal each
phone says why it got its points; at the end the teacher plays again, the projector follows
and a student joins in one tap."""

from __future__ import annotations

import pytest
from gamekit import UI_TIMEOUT_MS, Table, button, eventually, keyed, t
from playwright.sync_api import expect

from engine.crossed_canvas.decks import load_deck
from engine.i18n import translate

pytestmark = pytest.mark.browser

NAMES = ["Ana", "Bea", "Cruz", "Dana", "Eli"]


def test_the_pace_survives_switching_the_home_page_to_spanish(streamlit_server, new_page):
    page = new_page()
    page.goto(f"{streamlit_server.url}/")
    pace = keyed(page, "create_pace").locator("[role=radiogroup] label")
    pace.filter(has_text=t("ui.pace.relaxed")).click()
    expect(pace.filter(has_text=t("ui.pace.relaxed")).locator("input")).to_be_checked()
    keyed(page, "home_language").locator("button").filter(has_text="Español").click()
    relaxed = pace.filter(has_text=translate("es", "ui.pace.relaxed"))
    expect(relaxed.locator("input")).to_be_checked(timeout=UI_TIMEOUT_MS)
    # A menu's chosen option is said in Spanish too (it kept its English label).
    deck = keyed(page, "create_deck")
    built_in = translate("es", "ui.deck.built_in", count=len(load_deck().objects))
    expect(deck.get_by_role("combobox")).to_have_value(built_in, timeout=UI_TIMEOUT_MS)
    # The next visit opens in Spanish: the browser remembers the choice (its locale is English).
    page.reload()
    heading = page.get_by_role("heading", name=translate("es", "ui.home.join_title"))
    expect(heading).to_be_visible(timeout=UI_TIMEOUT_MS)


def test_points_explained_then_play_again_with_the_same_class(table: Table, new_page):
    table.create_game()
    phone = new_page(width=360, height=740)
    others = new_page()
    for name in NAMES:
        table.join(name, page=phone if name == "Ana" else others)
    others.close()
    screen = table.open_screen()
    table.start()
    engine, key = table.engine, table.key
    while table.public()["phase"] != "reveal":
        engine.advance(key)
    phone.reload()  # after a burst of phase changes, read the page afresh (see the note)
    reveal = table.public()["reveal"]
    role = "distorter" if reveal["distorter"] == "Ana" else "others"
    nobody = translate("en", f"ui.points.nobody.{role}", points=0 if role == "others" else 400)
    expect(phone.get_by_text(nobody, exact=False)).to_be_visible(timeout=UI_TIMEOUT_MS)

    while table.public()["phase"] != "finished":
        engine.advance(key)
    phone.reload()
    expect(phone.get_by_text(t("ui.play.wait_next_game"))).to_be_visible(timeout=UI_TIMEOUT_MS)
    button(table.facilitator, "play_again").click()
    assert eventually(lambda: table.public()["next_game"] is not None, True)
    new_code = table.public()["next_game"]
    table.facilitator.wait_for_url(f"**/facilitator?game={new_code}", timeout=UI_TIMEOUT_MS)
    expect(screen.get_by_text(new_code).first).to_be_visible(timeout=UI_TIMEOUT_MS)

    old_address = phone.url
    button(phone, "join_next").click(timeout=UI_TIMEOUT_MS)
    assert eventually(lambda: engine.public_view(new_code)["players"], ["Ana"]) == ["Ana"]
    phone.wait_for_url(lambda address: address != old_address, timeout=UI_TIMEOUT_MS)
    assert "token=" in phone.url
    expect(table.facilitator.get_by_text("Ana", exact=True).first).to_be_visible(
        timeout=UI_TIMEOUT_MS
    )
