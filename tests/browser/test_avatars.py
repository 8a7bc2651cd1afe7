"""Faces (issue 42) where only a browser shows them: beside the twelve widest names in the
projector's lobby at 1280x720, every text still at least 28 px and nothing past the screen;
a new round's drawing fading in on the projector, and shown whole at once when the browser
reduces motion; and a 360 px phone's join form, where a student picks a face and sees it
before joining, with nothing wider than the phone.

The podium and the scores with faces are measured by tests/browser/test_motion.py (its
widest names, in the middle of their motion and at rest).
"""

from __future__ import annotations

import pytest
from gamekit import (
    PROJECTOR,
    SLOW,
    UI_TIMEOUT_MS,
    projected_problems,
    seeded_engine,
    settle,
)
from playwright.sync_api import Page, expect
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
