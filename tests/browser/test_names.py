"""Names on a real projector: a right-to-left name is welcome and stays inside its own bidi
isolate, so it cannot reorder its neighbours; a right-to-left override is refused at the door."""

from __future__ import annotations

import pytest
from gamekit import UI_TIMEOUT_MS, Table, button, no_traceback, t
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

RTL_NAME = "مريم"
NEXT_NAME = "7 Ben"  # after an Arabic name, its digit would jump left of it without isolation

# Boxes (left, top, bottom) of the RTL name and of the next name's first character, as laid out
# on screen.
POSITIONS_JS = """(element, [rtl, next]) => {
  const box = (needle) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.data.indexOf(needle);
      if (at >= 0) {
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + (needle === rtl ? needle.length : 1));
        const {left, top, bottom} = range.getBoundingClientRect();
        return {left, top, bottom};
      }
    }
    return null;
  };
  return [box(rtl), box(next)];
}"""


def test_rtl_name_is_isolated_on_the_projector_and_an_override_is_refused(table: Table):
    table.create_game()
    screen = table.open_screen()

    page = table.new_page(width=400, height=800, touch=True)
    page.goto(f"{table.server.url}/play?code={table.code}")
    field = page.locator(".st-key-join_name input")
    field.fill("Ana\u202eevil")
    button(page, "join_submit").click()
    expect(page.get_by_text(t("error.name_bad_characters"))).to_be_visible(timeout=UI_TIMEOUT_MS)
    assert "token=" not in page.url
    assert table.public()["players"] == []
    no_traceback(page)

    for name in ("Ana", RTL_NAME, NEXT_NAME):
        table.join(name, page=page if name == "Ana" else None)

    roster = screen.locator(".cc-big").filter(has_text=NEXT_NAME)
    expect(roster).to_be_visible(timeout=UI_TIMEOUT_MS)
    expect(roster.locator("bdi")).to_have_text(["Ana", RTL_NAME, NEXT_NAME])
    rtl, after = roster.evaluate(POSITIONS_JS, [RTL_NAME, NEXT_NAME])
    # In reading order: to the right on the same line, or on a later line (the projector lists
    # names in columns). Bidi reordering, the failure looked for, moves text within a line.
    later_line = after["top"] >= rtl["bottom"] - 2
    assert later_line or rtl["left"] < after["left"], (
        "the next name's first character jumped before the RTL name"
    )
