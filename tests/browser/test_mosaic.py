"""The Canvas Critters mosaic (ui/critters/mosaic.py) in a real Chromium, on its probe page
(mosaic_probe_app.py, whose stand-in engine keeps a pile and pieces): a phone takes a piece
by tap, moves it by drag (never off the canvas), returns it by tap; a lost race takes its
pending piece away; a keyboard does it all; a finished mosaic cannot change; a 360 px phone
sees the whole canvas and the palette.
"""

from __future__ import annotations

import json
import math
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.base import AXE_SCRIPT
from conftest import draw_stroke, touch_stroke
from gamekit import UI_TIMEOUT_MS
from playwright.sync_api import Locator, Page, expect

from engine.critters.rules import PIECE_SIZE  # the probe's, as the game has it
from tests.kit import eventually
from ui.critters.mosaic import TEXT_KEYS, checked_request, mosaic

PROBE = "tests/browser/mosaic_probe_app.py"
HALF = PIECE_SIZE / 2
# Longer than the component waits before asking again (RETRY_MS in ui/critters/mosaic.js).
RETRY_WAIT_S = 3.0
SHOTS = Path("/tmp/mosaic-shots")

pytestmark = pytest.mark.browser
on_probe = pytest.mark.parametrize("streamlit_server", [PROBE], indirect=True)


def open_probe(page: Page, server, query: str = "") -> Locator:
    """The probe page, once its mosaic is drawn; returns the canvas frame."""
    page.goto(f"{server.url}/{('?' + query) if query else ''}")
    frame = page.locator(".mosaic .frame")
    frame.wait_for()
    read(page, "probe_state")
    return frame


def read(page: Page, part: str) -> Any:
    return json.loads(page.locator(f".st-key-{part}").inner_text())


def wait_for(page: Page, part: str, ok: Callable[[Any], bool], timeout: float = 10.0) -> Any:
    """The probe's `part` (JSON) once `ok` holds for it."""

    def holds() -> bool:
        try:
            return ok(read(page, part))
        except LookupError:  # not there (yet)
            return False

    eventually(holds, timeout=timeout, what=f"the probe's {part} matching")
    return read(page, part)


def button(page: Page, name: str) -> Locator:
    """A palette button ("Take a fox, 12 left") or a placed piece ("fox, tap to return")."""
    return page.get_by_role("button", name=name, exact=True)


def applied_after_a_take(page: Page, tap: bool = True) -> list[str]:
    """The actions the probe has applied, once a take asked now (a fox) has arrived: the
    component sends its requests one at a time, in order, so whatever was sent before the
    take has arrived by then. Where nothing must arrive, this waits for the page, not for a
    guessed time."""
    before = len(read(page, "probe_log"))
    take = button(page, "Take a fox, 12 left")
    take.tap() if tap else take.click()
    log = wait_for(page, "probe_log", lambda log: len(log) > before and log[-1]["action"] == "take")
    return [request["action"] for request in log]


def shot(page: Page, name: str) -> None:
    """A screenshot to look at (a person's eyes, not this test, judge the look)."""
    pictures = page.locator(".mosaic img")
    loaded = "all => all.every((img) => img.complete && img.naturalWidth > 0)"
    eventually(lambda: pictures.evaluate_all(loaded), what="the mosaic's pictures loaded")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def assert_inside(item: Locator, frame: Locator) -> None:
    box, outer = item.bounding_box(), frame.bounding_box()
    assert box is not None and outer is not None
    assert box["x"] >= outer["x"] - 0.5 and box["y"] >= outer["y"] - 0.5, (box, outer)
    assert box["x"] + box["width"] <= outer["x"] + outer["width"] + 0.5, (box, outer)
    assert box["y"] + box["height"] <= outer["y"] + outer["height"] + 0.5, (box, outer)


def centre(item: Locator, frame: Locator) -> tuple[float, float]:
    """An element's centre as fractions of the frame."""
    box, outer = item.bounding_box(), frame.bounding_box()
    assert box is not None and outer is not None
    return (
        (box["x"] + box["width"] / 2 - outer["x"]) / outer["width"],
        (box["y"] + box["height"] / 2 - outer["y"]) / outer["height"],
    )


@on_probe
def test_a_tap_on_the_palette_takes_one_piece_asked_once(touch_page, streamlit_server):
    frame = open_probe(touch_page, streamlit_server)
    button(touch_page, "Take a turtle, 12 left").tap()

    turtle = button(touch_page, "turtle, tap to return")
    expect(turtle).to_be_visible()
    expect(button(touch_page, "Take a turtle, 11 left")).to_be_visible()
    expect(touch_page.locator(".mosaic .take", has_text="11")).to_have_count(1)
    state = wait_for(touch_page, "probe_state", lambda s: len(s["pieces"]) == 1)
    assert state["pile"]["turtle"] == 11
    assert state["pieces"][0]["kind"] == "turtle"
    assert_inside(turtle, frame)
    time.sleep(RETRY_WAIT_S)  # an unanswered request would have gone out again by now
    (request,) = read(touch_page, "probe_log")
    assert request["action"] == "take" and request["kind"] == "turtle"
    assert read(touch_page, "probe_state")["pile"]["turtle"] == 11


@on_probe
def test_in_a_fragment_a_take_reruns_only_the_fragment(touch_page, streamlit_server):
    open_probe(touch_page, streamlit_server, "fragment=1")
    runs = touch_page.locator(".st-key-probe_page_runs").inner_text()
    button(touch_page, "Take a crab, 12 left").tap()
    expect(button(touch_page, "crab, tap to return")).to_be_visible()
    wait_for(touch_page, "probe_state", lambda s: len(s["pieces"]) == 1)
    button(touch_page, "Take a crab, 11 left").tap()
    state = wait_for(touch_page, "probe_state", lambda s: len(s["pieces"]) == 2)
    assert state["pile"]["crab"] == 10
    expect(button(touch_page, "crab, tap to return")).to_have_count(2)
    assert touch_page.locator(".st-key-probe_page_runs").inner_text() == runs


@on_probe
def test_a_page_that_does_not_rerun_still_ends_showing_the_truth(touch_page, streamlit_server):
    open_probe(touch_page, streamlit_server, "rerun=0")
    button(touch_page, "Take a whale, 5 left").tap()
    expect(touch_page.get_by_role("img", name="whale, on its way")).to_be_visible()
    wait_for(touch_page, "probe_state", lambda s: len(s["pieces"]) == 1)
    # Asked again under the same id, the request is not returned twice; that run draws it.
    expect(button(touch_page, "whale, tap to return")).to_be_visible(timeout=RETRY_WAIT_S * 1000)
    expect(touch_page.locator(".mosaic .piece")).to_have_count(1)
    expect(button(touch_page, "Take a whale, 4 left")).to_be_visible()
    time.sleep(RETRY_WAIT_S)  # time is what is tested: a request unanswered is asked again
    assert [r["action"] for r in read(touch_page, "probe_log")] == ["take"]


@on_probe
def test_two_quick_taps_take_two_pieces_side_by_side(touch_page, streamlit_server):
    frame = open_probe(touch_page, streamlit_server)
    button(touch_page, "Take a fox, 12 left").tap()
    button(touch_page, "Take a fox, 11 left").tap()

    state = wait_for(touch_page, "probe_state", lambda s: len(s["pieces"]) == 2)
    expect(button(touch_page, "fox, tap to return")).to_have_count(2)
    expect(button(touch_page, "Take a fox, 10 left")).to_be_visible()
    first, second = state["pieces"]
    assert math.dist((first["x"], first["y"]), (second["x"], second["y"])) >= PIECE_SIZE
    for fox in button(touch_page, "fox, tap to return").all():
        assert_inside(fox, frame)
    time.sleep(RETRY_WAIT_S)  # time is what is tested: a request unanswered is asked again
    log = read(touch_page, "probe_log")
    assert [r["action"] for r in log] == ["take", "take"]
    assert len({r["request"] for r in log}) == 2
    assert read(touch_page, "probe_state")["pile"]["fox"] == 10


@on_probe
def test_a_drag_moves_a_piece_and_never_off_the_canvas(touch_page, streamlit_server):
    frame = open_probe(touch_page, streamlit_server, "start=turtle")  # at (0.2, 0.2)
    turtle = button(touch_page, "turtle, tap to return")
    touch_stroke(touch_page, frame, [(0.2, 0.2), (0.6, 0.7)])
    state = wait_for(touch_page, "probe_state", lambda s: s["pieces"][0]["x"] > 0.5)
    (moved,) = state["pieces"]
    assert moved["x"] == pytest.approx(0.6, abs=0.03)
    assert moved["y"] == pytest.approx(0.7, abs=0.03)
    assert centre(turtle, frame) == pytest.approx((moved["x"], moved["y"]), abs=0.02)

    # Off the bottom right corner, past the frame: the piece stops at the edge.
    touch_stroke(touch_page, frame, [(0.6, 0.7), (1.04, 1.3)])
    state = wait_for(touch_page, "probe_state", lambda s: s["pieces"][0]["y"] > 0.8)
    (moved,) = state["pieces"]
    assert (moved["x"], moved["y"]) == pytest.approx((1 - HALF, 1 - HALF))
    assert_inside(turtle, frame)
    shot(touch_page, "dragged-off-the-corner")
    assert [r["action"] for r in read(touch_page, "probe_log")] == ["move", "move"]
    assert state["pile"]["turtle"] == 11  # dragging never returned it


@on_probe
def test_a_piece_moved_onto_another_lies_on_top(touch_page, streamlit_server):
    frame = open_probe(touch_page, streamlit_server, "start=turtle,fox")  # (0.2, 0.2), (0.5, 0.2)
    touch_stroke(touch_page, frame, [(0.2, 0.2), (0.5, 0.2)])
    wait_for(touch_page, "probe_state", lambda s: s["pieces"][-1]["kind"] == "turtle")
    touch_stroke(touch_page, frame, [(0.5, 0.2), (0.502, 0.2)])  # a tap on the pile of two
    state = wait_for(touch_page, "probe_state", lambda s: len(s["pieces"]) == 1)
    assert state["pieces"][0]["kind"] == "fox"  # the turtle on top went back to the pile
    expect(button(touch_page, "Take a turtle, 12 left")).to_be_visible()


@on_probe
def test_a_swipe_on_the_empty_canvas_scrolls_the_page(touch_page, streamlit_server):
    touch_page.set_viewport_size({"width": 360, "height": 500})  # a short phone: it scrolls
    frame = open_probe(touch_page, streamlit_server, "start=turtle")  # at (0.2, 0.2)
    scrolled = "document.querySelector('[data-testid=stMain]').scrollTop + window.scrollY"
    touch_stroke(touch_page, frame, [(0.2, 0.2), (0.2, 0.05)], steps=10)
    wait_for(touch_page, "probe_state", lambda s: s["pieces"][0]["y"] < 0.15)
    assert touch_page.evaluate(scrolled) == 0  # a finger on a piece drags the piece only

    touch_stroke(touch_page, frame, [(0.6, 0.8), (0.6, 0.3)], steps=10)
    touch_page.wait_for_function(f"() => {scrolled} > 100")
    assert applied_after_a_take(touch_page) == ["move", "take"]  # the swipe sent nothing


def two_fingers(
    page: Page, frame: Locator, hold: tuple[float, float], path: list[tuple[float, float]]
) -> None:
    """One finger held at `hold` while a second goes down at path[0], along the path and up,
    then the first lifts (points as fractions of the frame), through CDP."""
    box = frame.bounding_box()
    assert box is not None

    def touch(number: int, fx: float, fy: float) -> dict[str, float]:
        return {"x": box["x"] + fx * box["width"], "y": box["y"] + fy * box["height"], "id": number}

    cdp = page.context.new_cdp_session(page)
    try:
        first = touch(1, *hold)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [first]})
        for index, point in enumerate(path):
            kind = "touchStart" if index == 0 else "touchMove"
            second = touch(2, *point)
            cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [first, second]})
        # Chromium lifts the fingers a touchEnd lists (seen here, not as CDP's docs say).
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": [second]})
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": [first]})
    finally:
        cdp.detach()


@on_probe
def test_two_fingers_turn_and_flip_a_piece(touch_page, streamlit_server):
    frame = open_probe(touch_page, streamlit_server, "start=giraffe")  # at (0.2, 0.2)
    # The second finger circles a quarter turn clockwise around the first.
    arc = [
        (0.2 + 0.4 * math.cos(math.radians(a)), 0.2 + 0.4 * math.sin(math.radians(a)))
        for a in range(0, 91, 10)
    ]
    two_fingers(touch_page, frame, (0.2, 0.2), arc)
    state = wait_for(touch_page, "probe_state", lambda s: s["pieces"][0]["rotation"] != 0)
    (turned,) = state["pieces"]
    assert (turned["rotation"], turned["mirrored"]) == (90, False)
    assert (turned["x"], turned["y"]) == pytest.approx((0.2, 0.2), abs=0.01)

    two_fingers(touch_page, frame, (0.2, 0.2), [(0.7, 0.7)])  # a second finger's tap
    state = wait_for(touch_page, "probe_state", lambda s: s["pieces"][0]["mirrored"])
    assert state["pieces"][0]["rotation"] == 90
    assert [r["action"] for r in read(touch_page, "probe_log")] == ["move", "move"]
    expect(button(touch_page, "giraffe, tap to return")).to_be_visible()
    shot(touch_page, "turned-and-flipped")


@on_probe
def test_a_mouse_drag_moves_without_returning(page, streamlit_server):
    frame = open_probe(page, streamlit_server, "start=crab")  # at (0.2, 0.2)
    draw_stroke(page, frame, [(0.2, 0.2), (0.5, 0.25)])
    state = wait_for(page, "probe_state", lambda s: s["pieces"][0]["x"] > 0.4)
    assert state["pieces"][0]["x"] == pytest.approx(0.5, abs=0.03)
    # The click that ends a mouse drag must not count as a tap (a return).
    assert applied_after_a_take(page, tap=False) == ["move", "take"]
    expect(button(page, "crab, tap to return")).to_be_visible()


@on_probe
def test_a_tap_on_a_piece_returns_it_even_with_a_shaky_finger(touch_page, streamlit_server):
    frame = open_probe(touch_page, streamlit_server, "start=fox,fox")
    expect(button(touch_page, "Take a fox, 10 left")).to_be_visible()
    button(touch_page, "fox, tap to return").first.tap()
    expect(button(touch_page, "Take a fox, 11 left")).to_be_visible()
    expect(button(touch_page, "fox, tap to return")).to_have_count(1)
    # A tap that wobbles a few pixels is still a tap.
    touch_stroke(touch_page, frame, [(0.5, 0.2), (0.505, 0.205)])
    expect(button(touch_page, "Take a fox, 12 left")).to_be_visible()
    expect(button(touch_page, "fox, tap to return")).to_have_count(0)
    state = wait_for(touch_page, "probe_state", lambda s: not s["pieces"])
    assert state["pile"]["fox"] == 12
    log = read(touch_page, "probe_log")
    assert [(r["action"], r["piece"]) for r in log] == [("return", 1), ("return", 2)]


@on_probe
def test_a_screen_readers_activation_returns_a_piece(page, streamlit_server):
    open_probe(page, streamlit_server, "start=snake")
    button(page, "snake, tap to return").dispatch_event("click")  # a click with no press
    expect(button(page, "Take a snake, 5 left")).to_be_visible()
    wait_for(page, "probe_state", lambda s: not s["pieces"])


@on_probe
def test_a_lost_race_takes_the_pending_piece_away(touch_page, streamlit_server):
    open_probe(touch_page, streamlit_server, "lose=1&delay=1.5")
    button(touch_page, "Take a shark, 12 left").tap()

    pending = touch_page.get_by_role("img", name="shark, on its way", exact=True)
    expect(pending).to_be_visible()
    assert float(pending.evaluate("node => getComputedStyle(node).opacity")) < 0.6
    shot(touch_page, "pending-take")
    expect(button(touch_page, "Take a shark, 11 left")).to_be_visible()

    expect(touch_page.get_by_text("Someone else took the last shark.")).to_be_visible()
    expect(pending).to_have_count(0)
    expect(touch_page.locator(".mosaic .piece")).to_have_count(0)
    expect(button(touch_page, "No shark left")).to_be_disabled()
    assert read(touch_page, "probe_state")["pieces"] == []


@on_probe
def test_a_keyboard_takes_moves_and_returns(page, streamlit_server):
    open_probe(page, streamlit_server)
    button(page, "Take a crab, 12 left").focus()
    page.keyboard.press("Enter")
    crab = button(page, "crab, tap to return")
    expect(crab).to_be_visible()
    wait_for(page, "probe_state", lambda s: len(s["pieces"]) == 1)

    crab.focus()
    for key in ("ArrowRight", "ArrowRight", "ArrowUp"):
        page.keyboard.press(key)
    state = wait_for(page, "probe_state", lambda s: s["pieces"][0]["y"] < 0.5)
    assert (state["pieces"][0]["x"], state["pieces"][0]["y"]) == pytest.approx((0.55, 0.475))
    expect(crab).to_be_focused()
    shot(page, "laptop-keyboard")
    # A laptop shows the palette beside the canvas: all of it without scrolling.
    for target in (page.locator(".mosaic .frame"), page.locator(".mosaic button.take").last):
        box = target.bounding_box()
        assert box is not None and box["y"] + box["height"] <= 800, box

    for key in ("r", "r", "f"):  # a quarter turn clockwise, then a flip
        page.keyboard.press(key)
    state = wait_for(page, "probe_state", lambda s: s["pieces"][0]["mirrored"])
    assert state["pieces"][0]["rotation"] == 90
    # Its top now points left: turned a quarter clockwise (top to the right), then mirrored.
    picture = crab.locator("img")
    # Drawn by the page's next frame: waited for as long as any page change (a busy machine's
    # frame came after expect's default 5 s once, in a fresh clone run beside other tests).
    expect(picture).to_have_css("transform", "matrix(0, 1, 1, 0, 0, 0)", timeout=UI_TIMEOUT_MS)
    page.keyboard.press("r")  # mirrored, a turn still looks clockwise: its top goes up-left
    wait_for(page, "probe_state", lambda s: s["pieces"][0]["rotation"] == 45)
    turned = re.compile(r"matrix\(-0\.7071\d*, 0\.7071")
    expect(picture).to_have_css("transform", turned, timeout=UI_TIMEOUT_MS)

    page.keyboard.press("Enter")
    expect(button(page, "Take a crab, 12 left")).to_be_visible()
    expect(crab).to_have_count(0)
    log = wait_for(page, "probe_log", lambda log: log[-1]["action"] == "return")
    assert log[0]["action"] == "take" and {r["action"] for r in log[1:-1]} == {"move"}


@on_probe
def test_a_finished_mosaic_shows_and_cannot_change(touch_page, streamlit_server):
    frame = open_probe(touch_page, streamlit_server, "disabled=1&start=turtle,fox")
    expect(touch_page.get_by_role("button", name=re.compile("^Take"))).to_have_count(0)
    turtle = touch_page.get_by_role("img", name="turtle", exact=True)
    fox = touch_page.get_by_role("img", name="fox", exact=True)
    expect(turtle).to_be_visible()
    expect(fox).to_be_visible()
    where = centre(fox, frame)

    turtle.tap()
    touch_stroke(touch_page, frame, [(0.5, 0.2), (0.7, 0.8)])  # the fox
    time.sleep(RETRY_WAIT_S)  # time is what is tested: a request unanswered is asked again
    assert read(touch_page, "probe_log") == []
    expect(turtle).to_be_visible()
    assert centre(fox, frame) == pytest.approx(where, abs=0.005)
    expect(touch_page.get_by_role("button", name="fox, tap to return")).to_have_count(0)


@on_probe
def test_a_360_px_phone_sees_the_whole_canvas_and_palette(touch_page, streamlit_server):
    kinds = ["elephant"] * 4 + ["turtle", "fox", "crab"]  # 7 pieces, one elephant left
    frame = open_probe(touch_page, streamlit_server, "start=" + ",".join(kinds))
    expect(touch_page.locator(".mosaic .piece")).to_have_count(7)
    expect(button(touch_page, "Take the last elephant")).to_be_visible()
    shot(touch_page, "phone-360")

    box = frame.bounding_box()
    assert box is not None
    assert box["x"] >= 0 and box["x"] + box["width"] <= 360, box
    assert box["width"] >= 300 and box["height"] == pytest.approx(box["width"], abs=1)
    buttons = touch_page.locator(".mosaic button.take")
    expect(buttons).to_have_count(12)
    for take in buttons.all():
        target = take.bounding_box()
        assert target is not None
        assert target["width"] >= 44 and target["height"] >= 44, target
        assert target["x"] >= 0 and target["x"] + target["width"] <= 360, target
        assert target["y"] + target["height"] <= 740, target  # no scrolling to reach it
    for item in touch_page.locator(".mosaic .piece").all():
        assert_inside(item, frame)
    assert touch_page.evaluate("document.documentElement.scrollWidth") <= 360


@on_probe
def test_the_page_translates_it_and_axe_finds_nothing(touch_page, streamlit_server):
    open_probe(touch_page, streamlit_server, "lang=es&start=whale")
    expect(touch_page.get_by_role("group", name="Tu lienzo")).to_be_visible()
    expect(touch_page.get_by_role("group", name="El montón")).to_be_visible()
    expect(button(touch_page, "Tomar: ballena (quedan 4)")).to_be_visible()
    button(touch_page, "Tomar: zorro (quedan 12)").tap()
    expect(button(touch_page, "zorro, toca para devolver")).to_be_visible()
    expect(button(touch_page, "ballena, toca para devolver")).to_be_visible()
    wait_for(touch_page, "probe_state", lambda s: len(s["pieces"]) == 2)

    touch_page.evaluate(AXE_SCRIPT)
    results = touch_page.evaluate(
        """() => axe.run(document.querySelector('[data-testid=stBidiComponentIsolated]'),
            {runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa",
            "wcag22aa"]}, resultTypes: ["violations"]})"""
    )
    assert results["violations"] == []


PALETTE = [{"kind": "fox"}, {"kind": "crab"}]
PIECES = [{"id": 7, "kind": "fox", "x": 0.5, "y": 0.5}]


@pytest.mark.parametrize(
    "sent",
    [
        {"action": "take", "kind": "unicorn", "x": 0.5, "y": 0.5, "request": "r"},
        {"action": "move", "piece": 8, "x": 0.5, "y": 0.5, "request": "r"},
        {"action": "return", "piece": "someone else's", "request": "r"},
        {"action": "move", "piece": 7, "x": "NaN", "y": 0.5, "request": "r"},
        {"action": "take", "kind": "fox", "request": "r"},
        {"action": "steal", "piece": 7, "request": "r"},
        {"action": "move", "piece": 7, "x": 0.5, "y": 0.5, "rotation": "Infinity", "request": "r"},
        {"action": "move", "piece": 7, "x": 0.5, "y": 0.5, "mirrored": "yes", "request": "r"},
    ],
)
def test_a_forged_request_from_the_browser_is_dropped(sent):
    assert checked_request(sent, PALETTE, PIECES, PIECE_SIZE) is None


def test_a_request_is_passed_on_with_the_turned_piece_inside_the_frame():
    sent = {"action": "move", "piece": "7", "x": 1.7, "y": -3, "request": "r", "extra": 1}
    turned = {**sent, "rotation": -315, "mirrored": True}  # a quarter turn less than a whole one
    reach = HALF * math.sqrt(2)  # a square turned 45 degrees reaches out by half its diagonal
    assert checked_request(sent, PALETTE, PIECES, PIECE_SIZE) == {
        "action": "move",
        "piece": 7,
        "x": 1 - HALF,
        "y": HALF,
        "rotation": 0,
        "mirrored": False,
        "request": "r",
    }
    passed = checked_request(turned, PALETTE, PIECES, PIECE_SIZE)
    assert passed is not None
    assert (passed["rotation"], passed["mirrored"]) == (45, True)
    assert reach <= passed["y"] < reach + 1e-4 and 1 - reach - 1e-4 < passed["x"] <= 1 - reach


@pytest.mark.parametrize(
    "change",
    [
        {"pieces": [{"id": 1, "kind": "unicorn", "x": 0.5, "y": 0.5}]},  # would not be drawn
        {"palette": [{**PALETTE[0], "picture": "https://example.org/fox.svg"}]},  # a fetch
        {"texts": {}},
        {"piece_size": 0},
    ],
)
def test_a_page_mistake_is_refused_before_anything_is_drawn(change):
    arguments: dict[str, Any] = {
        "palette": [
            {**entry, "label": entry["kind"], "count": 1, "picture": "data:image/svg"}
            for entry in PALETTE
        ],
        "pieces": PIECES,
        "piece_size": PIECE_SIZE,
        "frame_label": "Your canvas",
        "texts": dict.fromkeys(TEXT_KEYS, "{label}"),
    }
    with pytest.raises(ValueError):
        mosaic("probe", **(arguments | change))
