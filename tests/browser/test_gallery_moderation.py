"""Moderation and the gallery in a real Chromium (issue 10): the facilitator hides one
drawing with a click, and from then on its strokes reach neither the projector's DOM (its
composition, the reveal's replay, the final gallery) nor the gallery ZIP; the replay plays on
the projector at the reveal.

Students act through the engine (this test looks at the projector and the facilitator page,
not at phones); every picture the projector holds is decoded from its page and searched.
"""

from __future__ import annotations

import base64
import io
import re
import uuid
import zipfile

import pytest
from gamekit import UI_TIMEOUT_MS, heading_text
from PIL import Image
from playwright.sync_api import expect

from engine import Engine
from engine.rules import ROUND_PHASES
from ui.gallery import CARD_SIDE

pytestmark = pytest.mark.browser

NAMES = ["Wen", "Xavi", "Yara", "Zoe", "Ayo"]
SLOW = {phase.value: 3600.0 for phase in ROUND_PHASES}
# The unkind drawing fills the top-left corner; every other stroke stays far from it.
UNKIND = [[0.04, 0.04], [0.2, 0.04], [0.2, 0.2], [0.04, 0.2], [0.12, 0.12]]
CORNER = (0.03, 0.22)


def kind(index: int) -> list[list[float]]:
    y = 0.45 + 0.1 * index
    return [[0.45, y], [0.7, y + 0.03], [0.92, y]]


def pictures(page) -> tuple[list[str], list[Image.Image]]:
    """Every inline picture in the page's DOM: SVG documents as text, PNGs as images."""
    svgs, pngs = [], []
    inline = re.findall(r"data:image/(svg\+xml|png);base64,([A-Za-z0-9+/=]+)", page.content())
    for form, data in inline:
        raw = base64.b64decode(data)
        if form == "png":
            pngs.append(Image.open(io.BytesIO(raw)).convert("RGB"))
        else:
            svgs.append(raw.decode("utf-8"))
    return svgs, pngs


def corner_is_blank(image: Image.Image, box: tuple[float, float] = CORNER) -> bool:
    """No ink (nothing darker than the paper's frame) in the corner the unkind drawing filled."""
    low, high = (round(edge * image.width) for edge in box)
    pixels = image.crop((low, low, high, high)).getdata()
    return all(min(pixel) > 200 for pixel in pixels)


def path_start(points: list[list[float]], size: float) -> str:
    return f"M{points[0][0] * size:.1f} {points[0][1] * size:.1f}"


def test_a_hidden_drawing_never_reaches_the_projector_or_the_zip(streamlit_server, new_page):
    engine = Engine(streamlit_server.database_url)
    game = engine.create_game(durations=SLOW)
    fac = game.facilitator_token
    tokens = {name: engine.join(game.code, name) for name in NAMES}
    projector = new_page(width=1280, height=720)
    projector.goto(f"{streamlit_server.url}/screen?code={game.code}")
    teacher = new_page(width=1280, height=900)
    teacher.goto(f"{streamlit_server.url}/facilitator?key={fac}")
    engine.start(fac)
    engine.advance(fac)  # roles -> pulse 1
    artists = [name for name in NAMES if engine.player_view(tokens[name])["signature"]]
    unkind_artist = artists[0]
    for index, name in enumerate(artists):
        drawing = UNKIND if name == unkind_artist else kind(index)
        engine.submit_fragment(tokens[name], [drawing], uuid.uuid4().hex)
    signature = engine.player_view(tokens[unkind_artist])["signature"]
    merge = heading_text("merge", 1, 5)
    expect(projector.locator(".cc-phase").first).to_have_text(merge, timeout=UI_TIMEOUT_MS)
    projector.wait_for_timeout(1000)  # the page settles on its picture
    [board] = pictures(projector)[1]
    assert not corner_is_blank(board)  # the detector works: the drawing is there before

    # The teacher hides it from the facilitator page, with a click.
    expect(teacher.locator(".cc-phase").first).to_have_text(merge, timeout=UI_TIMEOUT_MS)
    teacher.get_by_text("Hide a drawing", exact=True).click()
    teacher.locator(f".st-key-fragment_1_1_{signature} button").click()
    expect(teacher.locator(f".st-key-fragment_1_1_{signature} button")).to_have_text(
        "Show again", timeout=UI_TIMEOUT_MS
    )
    expect(projector.locator("img.cc-board")).to_have_attribute(
        "alt", "The drawing so far: 3 fragments by 3 signatures", timeout=UI_TIMEOUT_MS
    )
    [board] = pictures(projector)[1]
    assert corner_is_blank(board)

    # The reveal: the replay is on the projector, plays, and has no stroke of the hidden one.
    engine.advance(fac)  # merge -> pulse 2
    engine.submit_fragment(tokens[artists[1]], [kind(5)], uuid.uuid4().hex)
    while engine.public_view(game.code)["phase"] != "reveal":
        engine.advance(fac)
    replay = projector.locator("img.cc-replay")
    expect(replay).to_be_visible(timeout=UI_TIMEOUT_MS)
    first = replay.screenshot()
    projector.wait_for_timeout(2500)
    assert replay.screenshot() != first, "the replay does not move"
    source = replay.get_attribute("src")
    assert source.startswith("data:image/svg+xml;base64,")  # nothing fetched
    svg = base64.b64decode(source.split(",", 1)[1]).decode("utf-8")
    assert "@keyframes cc-draw" in svg and "prefers-reduced-motion: no-preference" in svg
    size = float(re.search(r'viewBox="0 0 (\d+)', svg).group(1))
    assert svg.count('class="cc-s"') == 4  # three pulse-1 strokes and one of pulse 2
    assert path_start(kind(1), size) in svg and path_start(UNKIND, size) not in svg
    assert "<script" not in svg
    svgs, _ = pictures(projector)
    assert svg in svgs and not any(path_start(UNKIND, size) in other for other in svgs)

    # The end: the teacher steps to round 1's drawing on the projector, then takes the ZIP.
    while engine.public_view(game.code)["phase"] != "finished":
        engine.advance(fac)
    expect(teacher.locator(".st-key-gallery_next button")).to_be_visible(timeout=UI_TIMEOUT_MS)
    teacher.locator(".st-key-gallery_next button").click()
    expect(projector.locator(".cc-phase").first).to_have_text(
        "Gallery · round 1 of 5", timeout=UI_TIMEOUT_MS
    )
    projector.wait_for_timeout(1000)
    expect(projector.get_by_text(unkind_artist, exact=True)).to_be_visible()  # still its author
    [board] = pictures(projector)[1]
    assert corner_is_blank(board) and not corner_is_blank(board, (0.45, 0.75))
    with teacher.expect_download(timeout=60_000) as download:
        teacher.locator(".st-key-gallery_zip button").click()
    archive = zipfile.ZipFile(download.value.path())
    folder = f"crossed-canvas-{game.code}"
    svg = archive.read(f"{folder}/round-01.svg").decode("utf-8")
    assert path_start(kind(1), CARD_SIDE) in svg and path_start(UNKIND, CARD_SIDE) not in svg
    card = Image.open(io.BytesIO(archive.read(f"{folder}/round-01.png"))).convert("RGB")
    assert corner_is_blank(card.crop((0, 0, CARD_SIDE, CARD_SIDE)))
    assert f"{folder}/contact-sheet.png" in archive.namelist()
    sheet = Image.open(io.BytesIO(archive.read(f"{folder}/contact-sheet.png")))
    sheet.load()
