"""A phone in a real class (issue "Classroom-proof"): the teacher's double click ends one phase;
a 24-character name and the countdown share the top without covering each other or the canvas;
with the card open the whole canvas and Submit show as the page lands; strokes survive a
reload and are locked for the artist when the pulse ends before they tapped Submit."""

from __future__ import annotations

import pytest
from gamekit import UI_TIMEOUT_MS, Table, button, heading_text, open_card, settle, t, wait_canvas
from playwright.sync_api import expect

from tests.kit import eventually

pytestmark = pytest.mark.browser
#: Its game is made on the home page and a phone's layout measured: a seeded server of its own.
SEEDED_SERVER = True

LONG_NAME = "Maximiliana Bartolomea Q"  # 24 characters, the most a name may have
NAMES = [LONG_NAME, "Bea", "Cruz", "Dana", "Eli"]


def boxes_overlap(a: dict, b: dict) -> bool:
    return not (
        a["x"] + a["width"] <= b["x"]
        or b["x"] + b["width"] <= a["x"]
        or a["y"] + a["height"] <= b["y"]
        or b["y"] + b["height"] <= a["y"]
    )


def in_viewport(box: dict | None, height: int) -> bool:
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


def test_a_phone_through_a_pulse_and_a_double_click(table: Table, new_page, touch_draw):
    table.create_game()
    phone = new_page(width=360, height=740, touch=True, scale=2)
    others = new_page()
    for name in NAMES:
        table.join(name, page=phone if name == LONG_NAME else others)
    others.close()
    table.start()
    artist = next(name for name in NAMES if table.view(name)["role"] != "curator")
    if artist != LONG_NAME:  # the phone belongs to an artist this round
        phone.goto(f"{table.server.url}/play?token={table.players[artist].token}")
        table.players[artist].page = phone

    # The teacher double-clicks "End the roles now": one phase ends, not two.
    end = table.stage_button("advance_phase")
    expect(end).to_have_text(t("ui.fac.advance.roles"))
    end.dblclick()
    table.wait_phase("pulse1", 1)
    # time is what is tested: a second change, had the double click made one, lands in it
    settle(table.facilitator, pause_ms=1500)
    assert (table.public()["phase"], table.public()["round"]) == ("pulse1", 1)
    expect(table.stage_button("advance_phase")).to_have_text(t("ui.fac.advance.pulse1"))

    # The phone: card open, the canvas in view, Submit and the counter on screen.
    expect(phone.locator(".cc-phase").first).to_have_text(
        heading_text("pulse1", 1, len(NAMES)), timeout=UI_TIMEOUT_MS
    )
    open_card(phone)
    canvas = wait_canvas(phone)
    timer = phone.locator(".cc-timer:visible")
    expect(timer).to_be_visible(timeout=UI_TIMEOUT_MS)
    assert timer.evaluate("e => getComputedStyle(e).pointerEvents") == "none"
    name = phone.locator(".cc-head b").first
    assert not boxes_overlap(name.bounding_box(), timer.bounding_box())
    # As the page lands, not scrolled: the whole canvas and Submit, the card open above them.
    phone.locator('[data-testid="stMain"]').evaluate("e => e.scrollTo(0, 0)")
    submit = button(phone, "submit_fragment")
    assert in_viewport(submit.bounding_box(), 740), "Submit is off screen while drawing"
    assert in_viewport(canvas.bounding_box(), 740)
    bar = phone.locator(".st-key-cc_submit_bar")
    assert not boxes_overlap(canvas.bounding_box(), bar.bounding_box()), "the bar hides the canvas"

    # A stroke started in the canvas's top-right corner (where the countdown may sit) counts.
    touch_draw(phone, canvas, [(0.97, 0.03), (0.8, 0.15), (0.6, 0.3)])
    counter = phone.locator(".st-key-cc_submit_bar b").first
    expect(counter).to_have_text(t("ui.play.stroke_counter", count=1, most=3))
    assert in_viewport(counter.bounding_box(), 740)
    touch_draw(phone, canvas, [(0.1, 0.7), (0.5, 0.75), (0.9, 0.7)])
    expect(counter).to_have_text(t("ui.play.stroke_counter", count=2, most=3))

    # A reload brings the strokes back; nobody else's view ever holds them.
    eventually(lambda: len(table.view(artist)["draft"]), 2, what="the draft the server keeps")
    settle(phone)
    assert "draft" not in table.public()
    phone.reload()
    wait_canvas(phone)
    expect(phone.locator(".st-key-cc_submit_bar b").first).to_have_text(
        t("ui.play.stroke_counter", count=2, most=3), timeout=UI_TIMEOUT_MS
    )

    # The teacher ends the pulse before the artist taps Submit: the strokes are theirs anyway.
    table.advance("pulse1", 1)
    expect(phone.get_by_text(t("ui.play.auto_locked"))).to_be_visible(timeout=UI_TIMEOUT_MS)
    signature = table.view(artist)["signature"]
    (mine,) = [f for f in table.public()["fragments"] if f["signature"] == signature]
    assert len(mine["strokes"]) == 2


def human_double_click(page, target, gap_ms: int) -> None:
    """Two clicks where a person's double click puts them, `gap_ms` apart: raw mouse clicks,
    without Playwright's wait for the button to be ready (a hand does not wait)."""
    box = target.bounding_box()
    assert box is not None, "the button is not on the page"
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.click(x, y)
    page.wait_for_timeout(gap_ms)  # time is what is tested: the gap between a hand's clicks
    page.mouse.click(x, y)


def test_a_teacher_s_double_click_at_a_hand_s_pace_ends_one_phase(table: Table):
    """A double click as a hand makes it (the second click after the page was redrawn for the
    next phase, or while it is being redrawn) ends one phase and pauses once."""
    table.create_game(pace="untimed")  # every phase waits for the teacher
    for name in NAMES:
        table.engine.join(table.code, name, browser=f"browser-{name}")
    table.start()
    page = table.facilitator
    expected = iter([("pulse1", 1), ("merge", 1), ("pulse2", 1)])
    for gap_ms in (60, 200, 450):
        # clicked next: a push may rerun it right after, and a click in a run is lost
        settle(page, pause_ms=800)
        human_double_click(page, table.stage_button("advance_phase"), gap_ms)
        phase = next(expected)
        table.wait_phase(*phase)
        # time is what is tested: a second change, had the double click made one, lands in it
        settle(page, pause_ms=1500)
        assert (table.public()["phase"], table.public()["round"]) == phase, f"gap {gap_ms} ms"
    human_double_click(page, table.stage_button("pause_game"), 200)
    # time is what is tested: a second change, had the double click made one, lands in it
    settle(page, pause_ms=1500)
    assert table.public()["paused"], "a double click on Pause paused and resumed"
    expect(button(page, "resume_game")).to_be_visible()
