"""Reconnecting (R12) and wrong addresses.

A student who reloads mid-pulse, or opens their personal link in a new tab, gets back their
own role, picture, signature and locked fragment (the locked message and their strokes on the
composition). A bad personal link, a missing or wrong game code and a bad facilitator key show
a clear message and a way forward, never a traceback.
"""

from __future__ import annotations

import base64
import io

import pytest
from gamekit import (
    UI_TIMEOUT_MS,
    Table,
    button,
    heading_text,
    no_traceback,
    open_card,
    seeded_engine,
    stroke_set,
    t,
)
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

NAMES = ["Rosa", "Sam", "Tariq", "Uma", "Vik"]


def coloured_pixels(png: bytes, colour: str, tolerance: int = 60) -> list[tuple[float, float]]:
    """Positions (as fractions of the image) of pixels close to ``colour`` (#rrggbb)."""
    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("RGB")
    want = tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))
    width, height = image.size
    found = []
    for y in range(0, height, 2):
        for x in range(0, width, 2):
            pixel = image.getpixel((x, y))
            if sum(abs(a - b) for a, b in zip(pixel, want, strict=True)) <= tolerance:
                found.append((x / width, y / height))
    return found


def picture_bytes(page, picture) -> bytes:
    """The picture's own PNG, not a screenshot (a sticky header can overlap a screenshot)."""
    src = picture.evaluate("img => img.src")
    prefix = "data:image/png;base64,"
    if src.startswith(prefix):
        return base64.b64decode(src[len(prefix) :])
    return page.request.get(src).body()


def check_restored(page, before: dict) -> None:
    """The page of ``name`` shows their role, picture, submitted signature and locked strokes
    again."""
    expect(page.locator(".cc-phase").first).to_have_text(
        heading_text("pulse1", 1, len(NAMES)), timeout=UI_TIMEOUT_MS
    )
    no_traceback(page)
    expect(page.get_by_text(t("ui.play.locked"))).to_be_visible(timeout=UI_TIMEOUT_MS)
    # Their signature (no longer in the header: the Curator has none) shows as submitted.
    mine = page.locator(".cc-legend > span", has_text=before["signature"])
    expect(mine).to_contain_text("✔", timeout=UI_TIMEOUT_MS)
    assert button(page, "submit_fragment").count() == 0
    # Their strokes are on the composition they see (in their signature's colour).
    picture = page.locator('img.cc-board, [data-testid="stImage"] img').last
    picture.wait_for(timeout=UI_TIMEOUT_MS)
    page.wait_for_function(
        "img => img.complete && img.naturalWidth > 0", arg=picture.element_handle()
    )
    marks = coloured_pixels(picture_bytes(page, picture), before["colour"])
    assert len(marks) > 30, "the locked strokes are not on the player's composition"
    ys = [y for _, y in marks]
    assert min(ys) > 0.05 and max(ys) < 0.40, (min(ys), max(ys))  # stroke_set(0, 1): y 0.15-0.23
    # The secret card opens again on the same role and picture.
    assert open_card(page) == before["role_line"]
    expect(page.get_by_text(before["target"], exact=True)).to_be_visible()


def test_reload_and_new_tab_restore_role_signature_and_fragment(table: Table, new_page):
    table.create_game()
    joiner = new_page()
    for name in NAMES:
        table.join(name, page=joiner)
    table.start()
    roles = table.by_role()
    name = roles["loyal"][0]
    page = new_page(width=412, height=915)
    page.goto(f"{table.server.url}/play?token={table.players[name].token}")
    table.players[name].page = page
    joiner.close()
    table.wait_phase("roles", 1)
    table.advance("roles", 1)
    table.wait_phase("pulse1", 1)

    view = table.view(name)
    signature = view["signatures"][view["signature"]]
    before = {
        "role_line": table.show_role(name),
        "target": view["target"]["name"],
        "signature": signature["name"],
        "colour": signature["colour"],
    }
    assert before["role_line"] == t("ui.role.loyal")
    table.draw(name, stroke_set(0, 1), pulse=1)
    table.submit(name)
    assert table.public()["phase"] == "pulse1"  # the others have not drawn: still mid-pulse

    # 1. A reload of the same tab (a new Streamlit session).
    page.reload()
    expect(page).to_have_url(f"{table.server.url}/play?token={table.players[name].token}")
    check_restored(page, before)

    # 2. The same personal link in a new tab of another browser context.
    other = new_page(width=360, height=740)
    other.goto(f"{table.server.url}/play?token={table.players[name].token}")
    check_restored(other, before)

    # Reconnecting created nothing: one fragment of two strokes, and nothing public yet.
    mine = [f for f in table.view(name)["fragments"] if f["signature"] == view["signature"]]
    assert len(mine) == 1 and len(mine[0]["strokes"]) == 2
    assert table.public()["fragments"] == []

    # A late joiner is refused clearly once the game has started, before typing a name.
    late = new_page()
    late.goto(f"{table.server.url}/play?code={table.code}")
    expect(late.get_by_text(t("error.already_started"))).to_be_visible()
    assert late.locator(".st-key-join_name input").count() == 0
    no_traceback(late)


BAD_ADDRESSES = [
    ("/play?token=not-a-real-token", "error.bad_player_token", {}),
    ("/play", "ui.play.no_link", {}),
    ("/play?code=ZZZZZZ", "error.unknown_code", {"code": "ZZZZZZ"}),
    ("/screen", "ui.screen.no_code", {}),
    ("/screen?code=ZZZZZZ", "error.unknown_code", {"code": "ZZZZZZ"}),
    ("/facilitator", "error.bad_facilitator_token", {}),
    ("/facilitator?key=not-a-real-key", "error.bad_facilitator_token", {}),
]


def test_every_bad_address_shows_a_message_and_a_link_home(page, streamlit_server):
    """Each bad address in turn, in one browser (as one student might try them all): the
    message, no traceback, and its link home leads to the home page."""
    for address, message, params in BAD_ADDRESSES:
        page.goto(f"{streamlit_server.url}{address}")
        said = page.get_by_text(t(message, **params))
        expect(said, f"{address} says {message}").to_be_visible(timeout=UI_TIMEOUT_MS)
        no_traceback(page)
        text = page.inner_text("body")
        assert "Error:" not in text and "Exception" not in text, (address, text)
        home = page.get_by_role("link", name=t("ui.go_home"))
        expect(home, f"{address} links home").to_be_visible()
        home.click()
        expect(button(page, "create_game"), f"home from {address}").to_be_visible(
            timeout=UI_TIMEOUT_MS
        )
        no_traceback(page)


@pytest.mark.parametrize("address", ["/play", "/play?code=ZZZZZZ"])
def test_play_page_without_a_valid_link_offers_the_code_form(streamlit_server, page, address):
    """A way forward right there: typing the right code opens the game's join form."""
    game = seeded_engine(streamlit_server, f"code-form-{address}").create_game("en")
    page.goto(f"{streamlit_server.url}{address}")
    code = page.locator(".st-key-join_code input")
    expect(code).to_be_visible(timeout=UI_TIMEOUT_MS)
    no_traceback(page)
    code.fill(game.code.lower())
    button(page, "join_go").click()
    expect(page.locator(".st-key-join_name input")).to_be_visible(timeout=UI_TIMEOUT_MS)
    expect(page).to_have_url(f"{streamlit_server.url}/play?code={game.code}")
    no_traceback(page)
