"""Faces (issue 42) where only a browser shows them: beside the twelve widest names in the
projector's lobby at 1280x720, every text still at least 28 px and nothing past the screen;
a new round's drawing fading in on the projector, and shown whole at once when the browser
reduces motion; and a 360 px phone's join form, where a student picks a face and sees it
before joining, with nothing wider than the phone; and a face drawn on that phone's canvas,
whole with its buttons at 360 px, then shown in the lobby on the phone and on the projector
beside eleven others, six of them drawn too.

The podium and the scores with faces are measured by tests/browser/test_motion.py (its
widest names, in the middle of their motion and at rest).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from gamekit import (
    FACES_DRAWN_JS,
    PROJECTOR,
    SLOW,
    UI_TIMEOUT_MS,
    button,
    mouse_stroke,
    projected_problems,
    seeded_engine,
    settle,
    wait_canvas,
)
from playwright.sync_api import Page, WebSocket, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from worst_case import WIDEST_NAMES

from engine.i18n import translate
from tests.kit import eventually

pytestmark = pytest.mark.browser

#: Each name of the roster and the face before it: drawn, on the same line, just before it.
_BESIDE_JS = """() => [...document.querySelectorAll(".cc-roster-big > span")].map((span) => {
  const face = span.querySelector("img.cc-face").getBoundingClientRect();
  const name = span.querySelector("bdi").getBoundingClientRect();
  const drawn = span.querySelector("img.cc-face").naturalWidth > 0;
  const level = face.top < name.bottom && name.top < face.bottom;
  return drawn && level && face.right <= name.left + 1 && name.left - face.right < 16;
})"""
_HOLD_ARRIVING_JS = """() => {
  const style = document.createElement("style");
  style.id = "held-arriving";
  style.textContent = ".cc-arriving { animation-play-state: paused !important; }";
  document.head.append(style);
}"""
#: The drawing's motions on the page (held ones stay until let go; ended ones are gone).
_ARRIVING = 'document.getAnimations().filter((a) => a.animationName === "cc-arrive-in")'
_ARRIVING_JS = f"() => {_ARRIVING}.map((a) => a.effect.target.tagName)"
_MIDWAY_OPACITY_JS = f"""() => {{
  for (const a of {_ARRIVING}) a.currentTime = 450;
  return getComputedStyle(document.querySelector("img.cc-board")).opacity;
}}"""
_LET_GO_JS = f"""() => {{
  document.getElementById("held-arriving").remove();
  for (const a of {_ARRIVING}) a.play();
}}"""
_BOARD_OPACITY_JS = '() => getComputedStyle(document.querySelector("img.cc-board")).opacity'


def projector_with_twelve(server, new_page, language: str, *, reduced: bool = False):
    """A game of the twelve widest names in `language`, its projector's lobby at 1280x720
    showing all twelve faces."""
    engine = seeded_engine(server, f"avatars-{language}-{reduced}")
    game = engine.create_game(language=language, durations=SLOW)
    for name in WIDEST_NAMES[language]:
        engine.join(game.code, name)
    page = new_page(**PROJECTOR)
    if reduced:
        page.emulate_media(reduced_motion="reduce")
    page.goto(f"{server.url}/screen?code={game.code}")
    expect(page.locator(".cc-roster-big img.cc-face")).to_have_count(12, timeout=UI_TIMEOUT_MS)
    settle(page, images=True)
    return engine, game, page


def round_shown(page: Page, language: str) -> None:
    """Until the projector shows the first round's roles phase, its drawing loaded."""
    heading = translate(language, "ui.phase.roles")
    expect(page.get_by_text(heading).first).to_be_visible(timeout=UI_TIMEOUT_MS)
    expect(page.locator("img.cc-board")).to_have_count(1, timeout=UI_TIMEOUT_MS)
    settle(page, images=True)


@pytest.mark.parametrize("language", ["en", "es"])
def test_faces_beside_the_widest_names_keep_the_projector_legible(
    streamlit_server, new_page, language, tmp_path
):
    engine, game, page = projector_with_twelve(streamlit_server, new_page, language)
    page.screenshot(path=str(tmp_path / f"{language}-lobby.png"))
    assert page.evaluate(_BESIDE_JS) == [True] * 12
    problems = projected_problems(page, f"{language} lobby with faces")
    page.evaluate(_HOLD_ARRIVING_JS)
    engine.start(game.facilitator_token)
    round_shown(page, language)
    assert page.evaluate(_ARRIVING_JS) == ["IMG"]  # the round's drawing, arriving
    assert 0 < float(page.evaluate(_MIDWAY_OPACITY_JS)) < 1
    page.evaluate(_LET_GO_JS)
    page.wait_for_function(f"({_ARRIVING_JS})().length === 0", timeout=UI_TIMEOUT_MS)
    assert page.evaluate(_BOARD_OPACITY_JS) == "1"
    print(f"screenshots in {tmp_path}")
    assert problems == []


def test_with_motion_reduced_a_drawing_shows_whole_at_once(streamlit_server, new_page):
    engine, game, page = projector_with_twelve(streamlit_server, new_page, "en", reduced=True)
    page.evaluate(_HOLD_ARRIVING_JS)  # a motion that started would stay, held at its start
    engine.start(game.facilitator_token)
    round_shown(page, "en")
    assert page.evaluate(_ARRIVING_JS) == []
    assert page.evaluate(_BOARD_OPACITY_JS) == "1"


def pick(page: Page, label: str, option: str) -> None:
    """Open the list labelled `label` and pick `option`, then let the page's run end. A run
    of the page (the last pick's) that redraws the list while it is open closes it: the list
    is then opened again, as a student would tap it again."""
    chooser = page.get_by_role("combobox", name=label)

    def picked() -> bool:
        settle(page)
        chooser.click(timeout=UI_TIMEOUT_MS)
        try:
            page.get_by_role("option", name=option, exact=True).click(timeout=3_000)
        except PlaywrightTimeoutError:
            page.keyboard.press("Escape")
            return False
        return True

    eventually(picked, True, timeout=UI_TIMEOUT_MS / 1000, what=f"{option} picked in {label}")
    settle(page)


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_phone_of_360_px_picks_a_face_and_joins_with_it(
    streamlit_server, new_page, language, tmp_path
):
    engine = seeded_engine(streamlit_server, f"avatars-phone-{language}")
    game = engine.create_game(language=language, durations=SLOW)
    page = new_page(width=360, height=740)
    page.goto(f"{streamlit_server.url}/play?code={game.code}")
    owl, mint = translate(language, "avatar.animal.owl"), translate(language, "avatar.colour.mint")
    pick(page, translate(language, "ui.face.animal"), owl)
    pick(page, translate(language, "ui.face.colour"), mint)
    preview = page.get_by_alt_text(translate(language, "ui.face.words", animal=owl, colour=mint))
    expect(preview).to_be_visible(timeout=UI_TIMEOUT_MS)
    settle(page, images=True)
    page.screenshot(path=str(tmp_path / f"{language}-join.png"), full_page=True)
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 360
    box = preview.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360
    page.get_by_label(translate(language, "ui.play.name_label")).fill(WIDEST_NAMES[language][0])
    join = page.get_by_role("button", name=translate(language, "ui.play.join_submit"))
    join.scroll_into_view_if_needed()
    join_box = join.bounding_box()
    assert join_box is not None and join_box["x"] + join_box["width"] <= 360
    join.click()
    page.wait_for_url("**/play?token=*", timeout=UI_TIMEOUT_MS)
    # The phone's own line names the student with the face they picked.
    expect(page.locator(".cc-head img.cc-face")).to_be_visible(timeout=UI_TIMEOUT_MS)
    assert engine.public_view(game.code)["avatars"] == {WIDEST_NAMES[language][0]: "owl-mint"}
    print(f"screenshots in {tmp_path}")


#: A face as a student draws it: two eyes and a smile (fractions of the canvas).
FACE_STROKES = [
    [(0.3, 0.3), (0.32, 0.4)],
    [(0.7, 0.3), (0.68, 0.4)],
    [(0.2, 0.6), (0.35, 0.78), (0.5, 0.82), (0.65, 0.78), (0.8, 0.6)],
]


def holds_strokes(count: int) -> Callable[[bytes | str], bool]:
    """Whether a message a page sends holds a canvas drawing of `count` strokes (the
    drawing's JSON: each stroke a fabric.js path), to know the whole drawing was sent."""

    def holds(payload: bytes | str) -> bool:
        text = payload.decode(errors="replace") if isinstance(payload, bytes) else payload
        return text.count('"type":"Path"') >= count

    return holds


def inside_phone(page: Page, locator) -> bool:
    box = locator.bounding_box()
    return box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_face_drawn_on_a_360_px_phone_shows_in_the_lobby_and_on_the_projector(
    streamlit_server, new_page, language, tmp_path
):
    engine = seeded_engine(streamlit_server, f"drawn-faces-{language}")
    game = engine.create_game(language=language, durations=SLOW)
    names = WIDEST_NAMES[language]
    for index, name in enumerate(names[1:]):  # eleven seated, six of them with drawn faces
        drawing = [[(x, (y + index / 40) % 1) for x, y in s] for s in FACE_STROKES]
        engine.join(game.code, name, drawing=drawing if index % 2 == 0 else None)
    phone = new_page(width=360, height=740)
    sockets: list[WebSocket] = []
    phone.on("websocket", lambda socket: sockets.append(socket))
    phone.goto(f"{streamlit_server.url}/play?code={game.code}")
    phone.get_by_text(translate(language, "ui.face.kind.drawn")).click()
    canvas = wait_canvas(phone)
    # The canvas sends its drawing 200 ms after the last change: a tap on Join before that
    # is overtaken by the drawing's own rerun, and lost with the run it started.
    whole = holds_strokes(len(FACE_STROKES))
    with sockets[-1].expect_event("framesent", predicate=whole, timeout=UI_TIMEOUT_MS):
        for stroke in FACE_STROKES:
            mouse_stroke(phone, canvas, stroke)
    undo = button(phone, "join_face_undo")
    expect(undo).to_be_enabled(timeout=UI_TIMEOUT_MS)
    settle(phone)
    assert all(
        inside_phone(phone, part) for part in (canvas, undo, button(phone, "join_face_clear"))
    )
    assert phone.evaluate("document.scrollingElement.scrollWidth") <= 360
    phone.screenshot(path=str(tmp_path / f"{language}-phone-join-drawing.png"), full_page=True)
    phone.get_by_label(translate(language, "ui.play.name_label")).fill(names[0])
    phone.get_by_role("button", name=translate(language, "ui.play.join_submit")).click()
    phone.wait_for_url("**/play?token=*", timeout=UI_TIMEOUT_MS)
    mine = phone.locator('.cc-head img.cc-face[src*="drawn-"]')
    expect(mine).to_be_visible(timeout=UI_TIMEOUT_MS)
    settle(phone, images=True)
    assert phone.evaluate(FACES_DRAWN_JS) and all(phone.evaluate(FACES_DRAWN_JS))
    phone.screenshot(path=str(tmp_path / f"{language}-phone-lobby.png"), full_page=True)
    projector = new_page(**PROJECTOR)
    projector.goto(f"{streamlit_server.url}/screen?code={game.code}")
    drawn = projector.locator('.cc-roster-big img.cc-face[src*="drawn-"]')
    expect(drawn).to_have_count(7, timeout=UI_TIMEOUT_MS)
    settle(projector, images=True)
    assert projector.evaluate(_BESIDE_JS) == [True] * 12
    projector.screenshot(path=str(tmp_path / f"{language}-projector-lobby.png"))
    print(f"screenshots in {tmp_path}")
    assert projected_problems(projector, f"{language} lobby with drawn faces") == []
