"""The facilitator key never stays in sight (issue point 9).

A teacher may project the facilitator page by mistake: once the page has opened, neither its
address nor anything in its DOM holds the key. The tab keeps working, a reload too (this
browser remembers the key); another browser needs the private link the teacher copied, and
that link always works.
"""

from __future__ import annotations

import re

import pytest
from gamekit import UI_TIMEOUT_MS, Table, button, copy_private_link, no_traceback, settle, t
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

# The page's markup, open shadow roots included (custom components live there), and the value
# of every form field: what someone could find on the page without reading the JS memory.
DOM_TEXT = """() => {
  const parts = [document.documentElement.outerHTML];
  const visit = (root) => root.querySelectorAll("*").forEach((element) => {
    if (typeof element.value === "string") parts.push(element.value);
    if (element.shadowRoot) {
      parts.push(element.shadowRoot.innerHTML);
      visit(element.shadowRoot);
    }
  });
  visit(document);
  return parts.join("\\n");
}"""


def dom_text(page: Page) -> str:
    return page.evaluate(DOM_TEXT)


def lobby_shows(page: Page, code: str, names: list[str]) -> None:
    """The facilitator's lobby of game ``code``, with its roster, on ?game=CODE."""
    expect(page.locator(".cc-code").first).to_have_text(code, timeout=UI_TIMEOUT_MS)
    expect(page.locator(".cc-roster li")).to_have_text(names, timeout=UI_TIMEOUT_MS)
    expect(button(page, "start_game")).to_be_visible()
    # The copy button is set up (the key has reached the page's script), and not just used.
    copy = page.locator(".st-key-private_link button")
    expect(copy).to_have_text(t("ui.fac.copy_link"), timeout=UI_TIMEOUT_MS)
    expect(page).to_have_url(re.compile(rf"/facilitator\?game={code}$"))
    settle(page)
    no_traceback(page)


def test_the_key_leaves_the_address_bar_and_the_page(table: Table, new_page):
    table.create_game()  # Create a game on the home page: the facilitator page opens on ?key=
    page, key, code = table.facilitator, table.key, table.code
    lobby_shows(page, code, [])
    assert key not in page.url and key not in dom_text(page)
    assert t("ui.fac.copy_link") in dom_text(page)  # the search does reach into shadow roots

    # "Copy my private link" puts the link on the clipboard, not on the page.
    link = copy_private_link(page)
    assert link == f"{table.server.url}/facilitator?key={key}"
    assert key not in dom_text(page)

    # The same tab keeps working on the key it remembers: a student's join shows up.
    table.join("Ana")
    lobby_shows(page, code, ["Ana"])
    # A reload of ?game=CODE: this browser remembers the key.
    page.reload()
    lobby_shows(page, code, ["Ana"])
    assert key not in dom_text(page)

    # Another browser with the game code alone controls nothing.
    stranger = new_page()
    stranger.goto(f"{table.server.url}/facilitator?game={code}")
    expect(stranger.get_by_text(t("ui.fac.open_private_link"))).to_be_visible(timeout=UI_TIMEOUT_MS)
    settle(stranger)
    no_traceback(stranger)
    assert button(stranger, "start_game").count() == 0
    assert key not in dom_text(stranger)

    # Another browser with the private link the teacher kept: the facilitator page, cleaned up.
    other = new_page()
    other.goto(link)
    lobby_shows(other, code, ["Ana"])
    assert key not in dom_text(other)
