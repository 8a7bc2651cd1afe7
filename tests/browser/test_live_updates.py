"""While one artist draws, the others submit: every submit changes the game's version, so the
artist's page reruns whole. Neither a finished stroke nor one still being drawn may be lost."""

from __future__ import annotations

import pytest
from gamekit import UI_TIMEOUT_MS, Table, button, mouse_stroke, t, wait_canvas
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

NAMES = ["Ada", "Bo", "Cy", "Di", "Ed"]


def test_a_drawing_in_progress_survives_other_players_submitting(table: Table, new_page):
    table.create_game()
    for name in NAMES:
        table.join(name)
    table.start()
    table.advance("roles", 1)
    table.wait_phase("pulse1", 1)
    artists = table.by_role()["loyal"] + table.by_role()["distorter"]
    drawer, others = artists[0], artists[1:]
    page = table.players[drawer].page
    canvas = wait_canvas(page)

    def ready_shown(done: int) -> None:
        text = t("ui.ready_count", done=done, total=len(artists))
        expect(page.get_by_text(text)).to_be_visible(timeout=UI_TIMEOUT_MS)

    def counter_shown(count: int) -> None:
        text = t("ui.play.stroke_counter", count=count, most=3)
        expect(page.get_by_text(text, exact=True)).to_be_visible(timeout=UI_TIMEOUT_MS)

    # A finished stroke, then another device submits: the page reruns, the stroke stays.
    mouse_stroke(page, canvas, [(0.1, 0.2), (0.5, 0.25), (0.9, 0.2)])
    counter_shown(1)
    table.engine.submit_fragment(table.players[others[0]].token, [[(0.1, 0.9), (0.9, 0.9)]], "o1")
    ready_shown(1)
    counter_shown(1)

    # A stroke still being drawn (the finger is down) while two more devices submit.
    box = canvas.bounding_box()
    assert box is not None
    at = lambda fx, fy: (box["x"] + fx * box["width"], box["y"] + fy * box["height"])  # noqa: E731
    page.mouse.move(*at(0.1, 0.6))
    page.mouse.down()
    page.mouse.move(*at(0.4, 0.65), steps=5)
    for index, other in enumerate(others[1:], start=2):
        table.engine.submit_fragment(
            table.players[other].token, [[(0.2, 0.8), (0.8, 0.8)]], f"o{index}"
        )
        ready_shown(index)
    page.mouse.move(*at(0.9, 0.6), steps=5)
    page.mouse.up()
    counter_shown(2)

    button(page, "submit_fragment").click()
    button(page, "confirm_submit").click(timeout=UI_TIMEOUT_MS)
    table.wait_phase("merge", 1)  # the last artist's submit ends the pulse at once
    view = table.view(drawer)
    (mine,) = [f for f in view["fragments"] if f["signature"] == view["signature"]]
    first, second = mine["strokes"]
    assert max(y for _, y in first) < 0.35 and min(x for x, _ in first) < 0.15
    assert all(0.5 < y < 0.75 for _, y in second)
    assert min(x for x, _ in second) < 0.15 and max(x for x, _ in second) > 0.85
