"""Updates by push (issue "Instant and light"): with the fallback poll turned off, the
projector, the facilitator and a phone still see each change as it happens; a page whose game
does not change sends the server nothing while its countdown ticks in the browser; and another
student's submit reruns only the part of a phone that shows who is ready."""

from __future__ import annotations

import time

import pytest
from gamekit import UI_TIMEOUT_MS, Table, engine_strokes, t
from playwright.sync_api import Page, expect
from streamlit.proto.BackMsg_pb2 import BackMsg

pytestmark = pytest.mark.browser

NAMES = ["Ana", "Bea", "Cruz", "Dana", "Eli"]


@pytest.fixture(scope="module")
def push_only(start_streamlit):
    return start_streamlit("app.py", CC_FALLBACK_POLL_SECONDS="0")


def reruns_asked(page: Page) -> list[str]:
    """Each rerun `page` asks of the server, by what asked: "cc_follow" (the page's live part,
    which redraws the whole page when it is behind), "cc_part_<name>" (a part of a phone),
    or "" (anything else: a click, the canvas). A page that polled would ask every second."""
    asked: list[str] = []

    def sent(payload: str | bytes) -> None:
        message = BackMsg.FromString(payload if isinstance(payload, bytes) else payload.encode())
        if message.WhichOneof("type") != "rerun_script":
            return
        live = [
            widget.id.rsplit("-", 1)[-1].removesuffix("__events")
            for widget in message.rerun_script.widget_states.widgets
            if widget.json_trigger_value and "cc_" in widget.id
        ]
        asked.append(live[0] if live else "")

    page.on("websocket", lambda ws: ws.on("framesent", sent))
    return asked


def test_changes_arrive_by_push_alone_and_a_quiet_page_sends_nothing(push_only, new_page):
    table = Table(push_only, new_page)
    table.create_game(pace="standard")
    screen = new_page(width=1280, height=720)
    screen_asked = reruns_asked(screen)
    screen.goto(f"{push_only.url}/screen?code={table.code}")
    table.screen = screen
    phone = new_page(width=360, height=740)
    phone_asked = reruns_asked(phone)
    table.join("Ana", page=phone)
    joined = len(phone_asked)
    tokens = {}
    for count, name in enumerate(NAMES[1:], start=2):  # the rest join from elsewhere
        tokens[name] = table.engine.join(table.code, name, browser=f"push-test-browser-{name}")
        expect(screen.get_by_text(t("ui.players_joined", count=count))).to_be_visible()
        # The phone's list of players grows without its page being drawn again.
        expect(phone.get_by_text(name, exact=True)).to_be_visible()
    assert "cc_follow" not in phone_asked[joined:], "a join redrew the whole phone page"

    table.start()  # the facilitator's click reaches the projector and the phone
    timer = screen.locator(".cc-timer")
    before, screen_quiet, phone_quiet = timer.inner_text(), len(screen_asked), len(phone_asked)
    time.sleep(2.5)
    assert timer.inner_text() != before, "the countdown did not tick in the browser"
    assert len(screen_asked) == screen_quiet, "the projector asked the server for something"
    assert len(phone_asked) == phone_quiet, "the phone asked the server for something"

    # A change made by another process (the test's engine) reaches every page by push.
    table.engine.advance(table.key)
    table.wait_phase("pulse1", 1, timeout=UI_TIMEOUT_MS / 1000)

    # Other students submit: the phone shows who is ready, never redrawing its whole page.
    roles = {name: table.engine.player_view(token)["role"] for name, token in tokens.items()}
    artists = [name for name, role in roles.items() if role != "curator"]
    before_submits = len(phone_asked)
    for index, name in enumerate(artists[:2]):
        table.engine.submit_fragment(tokens[name], engine_strokes(index, 1), f"push-{name}")
    expect(phone.get_by_text(t("ui.ready_count", done=2, total=4))).to_be_visible(
        timeout=UI_TIMEOUT_MS
    )
    # (The list may also come with a rerun of the phone's own, e.g. its canvas's first value.)
    submits_asked = phone_asked[before_submits:]
    assert "cc_follow" not in submits_asked, "a submit redrew the whole phone page"

    table.engine.pause(table.key)  # a change every page shows: the whole page again
    for page in (screen, phone, table.facilitator):
        expect(page.locator(".cc-timer")).to_have_text(t("ui.paused"), timeout=UI_TIMEOUT_MS)
    assert "cc_follow" in phone_asked[before_submits + len(submits_asked) :]
