"""A phone in the real game: the artist's page at 360x740 with touch (test_canvas.py covers
the canvas helper on a probe page; this is /play itself, in ink pulse 1).
"""

from __future__ import annotations

import pytest
from gamekit import UI_TIMEOUT_MS, Table, button, heading_text, t, wait_canvas
from playwright.sync_api import expect

from engine.names import NAME_MAX_CHARS

pytestmark = pytest.mark.browser

NAMES = ["Phone", "Bea", "Cruz", "Dana", "Eli"]


def test_phone_artist_sees_the_whole_canvas_and_a_touch_stroke_counts(
    table: Table, new_page, touch_draw
):
    table.create_game()
    phone = new_page(width=360, height=740, touch=True, scale=2)
    others = new_page()
    # The join form: Streamlit's English "Press Enter to submit form", drawn over a long name
    # at 360 px, is hidden; the page says the limit and Enter in its own words.
    phone.goto(f"{table.server.url}/play?code={table.code}")
    phone.locator(".st-key-join_name input").press_sequentially("Guadalupe Fernández")
    hint = phone.get_by_text(t("ui.play.name_hint", most=NAME_MAX_CHARS))
    expect(hint).to_be_visible(timeout=UI_TIMEOUT_MS)
    expect(phone.get_by_test_id("InputInstructions")).to_be_hidden()
    table.join(NAMES[0], page=phone)
    for name in NAMES[1:]:
        table.join(name, page=others)
    others.close()
    table.start()
    artist = next(name for name in NAMES if table.view(name)["role"] != "curator")
    if artist != NAMES[0]:  # the phone belongs to an artist this round
        phone.goto(f"{table.server.url}/play?token={table.players[artist].token}")
        table.players[artist].page = phone
    table.advance("roles", 1)
    expect(phone.locator(".cc-phase").first).to_have_text(
        heading_text("pulse1", 1, len(NAMES)), timeout=UI_TIMEOUT_MS
    )

    canvas = wait_canvas(phone)
    box = canvas.bounding_box()
    assert box is not None
    assert box["x"] >= 0 and box["x"] + box["width"] <= 360, box
    assert box["width"] >= 280, box  # a usable size, not shrunk to a stamp
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    assert phone.evaluate("document.documentElement.clientWidth") == 360

    touch_draw(phone, canvas, [(0.2, 0.5), (0.5, 0.55), (0.8, 0.5)])
    expect(
        phone.get_by_text(t("ui.play.stroke_counter", count=1, most=3), exact=True)
    ).to_be_visible(timeout=UI_TIMEOUT_MS)
    button(phone, "submit_fragment").tap()
    button(phone, "confirm_submit").tap(timeout=UI_TIMEOUT_MS)
    expect(phone.get_by_text(t("ui.play.locked"))).to_be_visible(timeout=UI_TIMEOUT_MS)

    view = table.view(artist)
    (mine,) = [f for f in view["fragments"] if f["signature"] == view["signature"]]
    (stroke,) = mine["strokes"]
    xs = [x for x, _ in stroke]
    ys = [y for _, y in stroke]
    assert min(xs) == pytest.approx(0.2, abs=0.04) and max(xs) == pytest.approx(0.8, abs=0.04)
    assert all(0.45 <= y <= 0.6 for y in ys)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
