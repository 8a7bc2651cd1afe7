"""Updates by push (issue "Instant and light"): with the fallback poll turned off, the
projector, the facilitator and a phone still see each change as it happens, and a page whose
game does not change sends the server nothing while its countdown ticks in the browser."""

from __future__ import annotations

import time

import pytest
from gamekit import UI_TIMEOUT_MS, Table, t
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

NAMES = ["Ana", "Bea", "Cruz", "Dana", "Eli"]


@pytest.fixture(scope="module")
def push_only(start_streamlit):
    return start_streamlit("app.py", CC_FALLBACK_POLL_SECONDS="0")


def messages_sent(page: Page) -> list[float]:
    """When `page` sends anything on Streamlit's websocket (a rerun, a widget change): a
    page that polls would send a rerun request every second."""
    sent: list[float] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda _payload: sent.append(1.0)))
    return sent


def test_changes_arrive_by_push_alone_and_a_quiet_page_sends_nothing(push_only, new_page):
    table = Table(push_only, new_page)
    table.create_game(pace="standard")
    screen = new_page(width=1280, height=720)
    screen_sent = messages_sent(screen)
    screen.goto(f"{push_only.url}/screen?code={table.code}")
    table.screen = screen
    phone = new_page(width=360, height=740)
    phone_sent = messages_sent(phone)
    table.join("Ana", page=phone)
    for count, name in enumerate(NAMES[1:], start=2):  # the rest join from elsewhere
        table.engine.join(table.code, name, browser=f"push-test-browser-{name}")
        expect(screen.get_by_text(t("ui.players_joined", count=count))).to_be_visible()

    table.start()  # the facilitator's click reaches the projector and the phone
    timer = screen.locator(".cc-timer")
    before, screen_quiet, phone_quiet = timer.inner_text(), len(screen_sent), len(phone_sent)
    time.sleep(2.5)
    assert timer.inner_text() != before, "the countdown did not tick in the browser"
    assert len(screen_sent) == screen_quiet, "the projector asked the server for something"
    assert len(phone_sent) == phone_quiet, "the phone asked the server for something"

    # A change made by another process (the test's engine) reaches every page by push.
    table.engine.advance(table.key)
    table.wait_phase("pulse1", 1, timeout=UI_TIMEOUT_MS / 1000)
    table.engine.pause(table.key)
    for page in (screen, phone, table.facilitator):
        expect(page.locator(".cc-timer")).to_have_text(t("ui.paused"), timeout=UI_TIMEOUT_MS)
