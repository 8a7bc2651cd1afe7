"""The artist's canvas in a real Chromium: strokes arrive normalised, survive polling reruns,
undo/clear work, a 360 px phone sees the whole canvas, and the hidden toolbar swallows nothing.
"""

from __future__ import annotations

import json

import pytest
from gamekit import settle, wait_canvas

from tests.kit import eventually

PROBE = "tests/browser/canvas_probe_app.py"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.parametrize("streamlit_server", [PROBE], indirect=True),
]


def open_probe(page, server, query: str = ""):
    page.goto(f"{server.url}/{('?' + query) if query else ''}")
    canvas = page.locator("canvas.upper-canvas")
    canvas.wait_for(state="visible")
    read_strokes(page)  # the probe's output is rendered
    # The toolbar fix is in place before we draw (marked on the component host).
    page.locator('[data-testid="stBidiComponentIsolated"][data-cc-canvas-fix="1"]').wait_for(
        state="attached"
    )
    return canvas


def read_strokes(page) -> list:
    text = page.locator(".st-key-probe_strokes").inner_text(timeout=15_000)
    return json.loads(text)["strokes"]


def wait_for_count(page, count: int, timeout: float = 10.0) -> list:
    """The strokes the page returned, once there are `count` of them."""
    eventually(lambda: len(read_strokes(page)), count, timeout, what="the strokes returned")
    return read_strokes(page)


def canvas_redrawn(page, timeout: float = 15.0):
    """The canvas a run drew anew (an undo or a clear re-seeds it), once that run has ended,
    it is the only canvas on the page and it is ready for strokes (`wait_canvas`): drawn on
    sooner, a stroke can land on the canvas the run is replacing and be lost (a fresh clone's
    CI, after a fixed half-second wait)."""
    settle(page)
    canvases = page.locator("canvas.upper-canvas")
    eventually(canvases.count, 1, timeout, what="the canvases on the page")
    return wait_canvas(page)


def polls(page) -> int:
    """How many times the page has run (its polling fragment counts every run)."""
    text = page.locator(".st-key-probe_polls").inner_text()
    return int(text.strip().split("=")[1])


def runs_twice_more(page) -> None:
    """Wait until the page has run twice more: whatever a stroke or a click sent before has
    been through a run by then (where nothing must arrive, this waits for the page, not for a
    guessed time)."""
    start = polls(page)
    eventually(lambda: polls(page) >= start + 2, what="two more runs of the page")


def flat(stroke) -> list[float]:
    return [c for point in stroke for c in point]


def assert_normalised(stroke) -> None:
    assert len(stroke) >= 2
    for x, y in stroke:
        assert 0.0 <= x <= 1.0 and 0.0 <= y <= 1.0


def test_mouse_stroke_arrives_normalised_in_the_right_region(page, streamlit_server, draw):
    canvas = open_probe(page, streamlit_server)
    draw(page, canvas, [(0.2, 0.3), (0.5, 0.3), (0.8, 0.3)])
    (stroke,) = wait_for_count(page, 1)
    assert len(stroke) >= 8, stroke
    assert_normalised(stroke)
    xs, ys = [p[0] for p in stroke], [p[1] for p in stroke]
    assert min(xs) == pytest.approx(0.2, abs=0.03)
    assert max(xs) == pytest.approx(0.8, abs=0.03)
    assert all(y == pytest.approx(0.3, abs=0.03) for y in ys)


def test_strokes_survive_polling_reruns(page, streamlit_server, draw):
    canvas = open_probe(page, streamlit_server)
    draw(page, canvas, [(0.1, 0.1), (0.4, 0.4)])
    wait_for_count(page, 1)
    runs_twice_more(page)  # the polling fragment reruns
    assert len(read_strokes(page)) == 1

    # A stroke in progress across several polling reruns is kept whole.
    box = canvas.bounding_box()
    page.mouse.move(box["x"] + 0.1 * box["width"], box["y"] + 0.8 * box["height"])
    page.mouse.down()
    for i in range(1, 31):
        page.mouse.move(
            box["x"] + (0.1 + 0.8 * i / 30) * box["width"], box["y"] + 0.8 * box["height"]
        )
        if i == 15:  # halfway, the pen stays down while the page runs twice
            runs_twice_more(page)
    page.mouse.up()
    first, second = wait_for_count(page, 2)
    xs = [p[0] for p in second]
    assert min(xs) == pytest.approx(0.1, abs=0.03)
    assert max(xs) == pytest.approx(0.9, abs=0.03)
    # The browser still holds the first stroke too (the JSON is the canvas's whole drawing).
    assert first[0] == pytest.approx([0.1, 0.1], abs=0.03)


def test_undo_removes_the_last_stroke_and_clear_removes_all(page, streamlit_server, draw):
    canvas = open_probe(page, streamlit_server)
    draw(page, canvas, [(0.1, 0.2), (0.9, 0.2)])
    wait_for_count(page, 1)
    draw(page, canvas, [(0.1, 0.7), (0.9, 0.7)])
    wait_for_count(page, 2)

    page.locator(".st-key-undo_stroke button").click()
    (kept,) = wait_for_count(page, 1)
    assert all(y == pytest.approx(0.2, abs=0.03) for _, y in kept)

    # The re-seeded canvas really holds the kept stroke: a new stroke comes back beside it.
    canvas = canvas_redrawn(page)
    draw(page, canvas, [(0.5, 0.4), (0.5, 0.9)])
    kept_again, new = wait_for_count(page, 2)
    assert flat(kept_again) == pytest.approx(flat(kept), abs=0.01)
    assert all(x == pytest.approx(0.5, abs=0.03) for x, _ in new)

    page.locator(".st-key-clear_strokes button").click()
    wait_for_count(page, 0)
    draw(page, canvas_redrawn(page), [(0.3, 0.5), (0.7, 0.5)])
    (only,) = wait_for_count(page, 1)
    assert all(y == pytest.approx(0.5, abs=0.03) for _, y in only)


def test_phone_shows_the_whole_canvas_and_takes_a_touch_stroke(
    touch_page, streamlit_server, tmp_path, touch_draw
):
    page = touch_page
    canvas = open_probe(page, streamlit_server)
    box = canvas.bounding_box()
    assert box["x"] >= 0
    assert box["x"] + box["width"] <= 360, box
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    touch_draw(page, canvas, [(0.2, 0.6), (0.5, 0.6), (0.8, 0.6)])
    (stroke,) = wait_for_count(page, 1)
    assert_normalised(stroke)
    xs, ys = [p[0] for p in stroke], [p[1] for p in stroke]
    assert max(xs) - min(xs) > 0.5
    assert all(y == pytest.approx(0.6, abs=0.03) for y in ys)
    page.screenshot(path=str(tmp_path / "probe-360x740.png"), full_page=True)


def test_stroke_from_the_top_right_corner_is_drawn(page, streamlit_server, draw):
    canvas = open_probe(page, streamlit_server)
    draw(page, canvas, [(0.97, 0.02), (0.7, 0.2), (0.5, 0.4)])
    (stroke,) = wait_for_count(page, 1)
    assert stroke[0] == pytest.approx([0.97, 0.02], abs=0.03)
    assert stroke[-1] == pytest.approx([0.5, 0.4], abs=0.03)


def test_touch_tap_in_the_top_right_corner_keeps_the_drawing(
    touch_page, streamlit_server, touch_draw
):
    page = touch_page
    canvas = open_probe(page, streamlit_server)
    touch_draw(page, canvas, [(0.2, 0.5), (0.8, 0.5)])
    wait_for_count(page, 1)
    touch_draw(page, canvas, [(0.98, 0.01), (0.9, 0.1)])
    strokes = wait_for_count(page, 2)
    assert strokes[1][0] == pytest.approx([0.98, 0.01], abs=0.03)


def test_full_canvas_stops_taking_strokes_until_undo(page, streamlit_server, draw):
    canvas = open_probe(page, streamlit_server, "max=2")
    draw(page, canvas, [(0.1, 0.2), (0.9, 0.2)])
    wait_for_count(page, 1)
    draw(page, canvas, [(0.1, 0.5), (0.9, 0.5)])
    wait_for_count(page, 2)
    page.get_by_text("Canvas full").wait_for()
    # Drawn on the canvas the full page shows now (not the one before its run redrew it,
    # where a stroke is lost whether or not it would be refused), then given two runs to
    # arrive in.
    draw(page, canvas_redrawn(page), [(0.1, 0.8), (0.9, 0.8)])
    runs_twice_more(page)
    strokes = read_strokes(page)
    assert len(strokes) == 2  # disabling the canvas did not wipe it, the third was refused
    assert [round(s[0][1], 1) for s in strokes] == [0.2, 0.5]

    page.locator(".st-key-undo_stroke button").click()
    wait_for_count(page, 1)
    draw(page, canvas_redrawn(page), [(0.1, 0.8), (0.9, 0.8)])
    strokes = wait_for_count(page, 2)
    assert [round(s[0][1], 1) for s in strokes] == [0.2, 0.8]


def test_composition_background_does_not_count_as_strokes(page, streamlit_server, draw):
    canvas = open_probe(page, streamlit_server, "bg=1")
    assert read_strokes(page) == []
    draw(page, canvas, [(0.2, 0.2), (0.6, 0.2)])
    (stroke,) = wait_for_count(page, 1)
    assert_normalised(stroke)


def test_switching_the_background_keeps_unsubmitted_strokes(page, streamlit_server, draw):
    canvas = open_probe(page, streamlit_server)
    draw(page, canvas, [(0.2, 0.2), (0.6, 0.2)])
    wait_for_count(page, 1)
    page.locator(".st-key-probe_bg label").click()
    page.wait_for_function(
        "() => document.querySelector('.st-key-probe_bg input').checked === true"
    )
    runs_twice_more(page)  # the canvas drawn anew over its new background has run too
    assert len(read_strokes(page)) == 1
    draw(page, canvas, [(0.2, 0.6), (0.6, 0.6)])
    first, _second = wait_for_count(page, 2)
    assert first[0] == pytest.approx([0.2, 0.2], abs=0.03)
