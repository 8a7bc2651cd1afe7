"""The home page in Chromium: what a student meets first, and the creation's choices kept.

AppTest keeps a radio's value in Python; the browser keeps it by its label, so a choice whose
label changes (the kinds name the game's player counts) is only seen lost here.
"""

from __future__ import annotations

import pytest
from gamekit import UI_TIMEOUT_MS, button, keyed, settle, t
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("kind", ["game", "class"])
def test_what_to_run_keeps_its_choice_when_the_game_is_switched(page, streamlit_server, kind):
    page.goto(f"{streamlit_server.url}/")
    kinds = keyed(page, "create_kind")
    expect(kinds).to_be_visible(timeout=UI_TIMEOUT_MS)
    kinds.locator("label").filter(has_text=t(f"ui.home.kind.{kind}", fewest=5, most=12)).click()
    settle(page)
    checked = keyed(page, "create_kind").locator("label:has(input:checked)")
    expect(checked).to_have_text(t(f"ui.home.kind.{kind}", fewest=5, most=12))
    for game in ("canvas_critters", "canvas_layers", "crossed_canvas"):
        keyed(page, "create_game_name").locator("label").filter(
            has_text=t(f"ui.home.game.{game}")
        ).click()
        settle(page)
        expect(checked).to_have_count(1)
        fewest = most = 0  # the kind's label names the game's player counts
        if kind == "game":
            fewest, most = {"canvas_critters": (2, 6), "canvas_layers": (2, 5)}.get(game, (5, 12))
        expect(checked).to_have_text(t(f"ui.home.kind.{kind}", fewest=fewest, most=most))


@pytest.mark.parametrize(("width", "height"), [(1280, 720), (360, 740)])
def test_the_join_comes_first_and_the_creation_below(browser, streamlit_server, width, height):
    """The code field and Join sit in the first screen, above the teacher's creation."""
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    try:
        page.goto(f"{streamlit_server.url}/")
        join = button(page, "join_go")
        join.wait_for(timeout=UI_TIMEOUT_MS)
        settle(page)
        code_box = keyed(page, "join_code").bounding_box()
        join_box = join.bounding_box()
        games_box = keyed(page, "create_game_name").bounding_box()
        assert code_box and join_box and games_box
        assert join_box["y"] + join_box["height"] <= height  # in sight without scrolling
        assert join_box["y"] + join_box["height"] < games_box["y"]  # the creation below
        assert code_box["x"] + code_box["width"] <= width
    finally:
        context.close()
