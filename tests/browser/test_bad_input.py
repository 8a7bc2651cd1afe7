"""No visitor ever sees a traceback (issue point 5).

Garbage in an address or in a typed code (a NUL here) is a clear message on every page, tried
against the app on PostgreSQL, where it used to end in a traceback holding the SQL, the game's
row (its facilitator token too) and server paths. And whatever fails unexpectedly, the browser
gets a generic notice only: no exception type, text or path (``client.showErrorDetails``).
"""

from __future__ import annotations

import pytest
from gamekit import UI_TIMEOUT_MS, button, no_traceback, settle, t
from playwright.sync_api import expect

from tests.engine.postgres_server import PostgresServer

pytestmark = pytest.mark.browser

LEAKS = ("Traceback", 'File "', "sqlalchemy", "psycopg", ".py")
BAD_ADDRESSES = [
    ("/screen?code=%00", "error.bad_code"),
    ("/play?token=%00", "error.bad_player_token"),
    ("/play?code=%00", "error.bad_code"),
    ("/facilitator?key=%00", "error.bad_facilitator_token"),
]


@pytest.fixture(scope="module")
def postgres_app(start_streamlit):
    """The app served on a throwaway PostgreSQL database."""
    database = PostgresServer.start()
    yield start_streamlit("app.py", database_url=database.new_database())
    database.stop()


def assert_nothing_leaks(page) -> None:
    no_traceback(page)
    text = page.inner_text("body")
    for leak in LEAKS:
        assert leak not in text, text


@pytest.mark.parametrize(("address", "message"), BAD_ADDRESSES)
def test_bad_address_on_postgresql(page, postgres_app, address, message):
    page.goto(f"{postgres_app.url}{address}")
    expect(page.get_by_text(t(message))).to_be_visible(timeout=UI_TIMEOUT_MS)
    settle(page)
    assert_nothing_leaks(page)


def test_typed_code_with_a_control_character_on_postgresql(page, postgres_app):
    page.goto(f"{postgres_app.url}/")
    code = page.locator(".st-key-join_code input")
    code.fill("AB\x00CD")
    assert code.input_value() == "AB\x00CD"
    button(page, "join_go").click()
    expect(page.get_by_text(t("error.bad_code"))).to_be_visible(timeout=UI_TIMEOUT_MS)
    settle(page)
    assert_nothing_leaks(page)
    expect(button(page, "create_game")).to_be_visible()  # still home, ready to try again


@pytest.mark.parametrize("streamlit_server", ["tests/browser/error_probe_app.py"], indirect=True)
def test_an_unexpected_error_shows_a_generic_notice_only(page, streamlit_server):
    page.goto(streamlit_server.url)
    notice = page.locator('[data-testid="stException"]')
    expect(notice).to_be_visible(timeout=UI_TIMEOUT_MS)
    text = page.inner_text("body")
    for leak in (*LEAKS, "RuntimeError", "SELECT", "s3cr3t"):
        assert leak not in text, text
