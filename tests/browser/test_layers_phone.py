"""Canvas Layers on a 360x740 phone at the start of a turn with three or four cards in hand
(issue 41): the turn reads as a choice, take a card or paint. Unscrolled, the phone shows
every Take button of the row, and the painting composer folded above the row, one tap from
open.

The worst case the rules allow, every run: the widest names (tests/browser/worst_case.py),
a table of three: at three cards tokens lie on four cards of the row (each says so) and the
student may take any of the five; at four cards the painting their neighbour has just
completed is on the page too. The moves are the engine's; the phone is only looked
at, and the composer opened by a tap. Each look is saved as a screenshot (the test's
temporary folder, printed).
"""

from __future__ import annotations

from typing import Any

import pytest
from gamekit import UI_TIMEOUT_MS, button, eventually, keyed, seeded_engine, settle
from playwright.sync_api import Page, expect
from worst_case import WIDEST_NAMES

from engine.i18n import translate
from tests.kit import rid

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740, "touch": True}


class Table:
    """Three painters through the engine; the first to play is the student looked at."""

    def __init__(self, server: Any, language: str) -> None:
        self.engine = seeded_engine(server, f"layers-phone-{language}")
        game = self.engine.create_game(language, durations={"turn": 3600}, game="canvas_layers")
        self.code = game.code
        self.tokens = {
            name: self.engine.join(self.code, name) for name in WIDEST_NAMES[language][:3]
        }
        self.engine.start(game.facilitator_token)
        self.student = self.public()["turn"]
        seats = [p["name"] for p in self.public()["painters"]]
        self.before = seats[(seats.index(self.student) - 1) % len(seats)]

    def public(self) -> dict[str, Any]:
        return self.engine.public_view(self.code)

    def view(self, name: str) -> dict[str, Any]:
        return self.engine.player_view(self.tokens[name])

    def until_the_student_holds(self, cards: int) -> dict[str, Any]:
        """Turns until the student's own begins with `cards` in hand; their view then. Each
        takes the free card (gaining what lies on it), but in the round before the student
        holds three or four: the others take the dearest card they can pay for (a token onto
        each card before it), and the painter just before the student paints if they can."""
        while True:
            name = self.public()["turn"]
            view = self.view(name)
            held = len(self.view(self.student)["hand"])
            if name == self.student and held == cards:
                return view
            actions = view["actions"]
            soon = held in (3, 4) and name != self.student
            if "complete" in actions and ((soon and name == self.before) or "take" not in actions):
                offer = actions["complete"][0]
                self.engine.complete_painting(
                    self.tokens[name], offer["cards"], offer["background"], rid()
                )
                continue
            offer = actions["take"][-1 if soon else 0]
            self.engine.take_card(self.tokens[name], offer["position"], offer["card"], rid())


def phone_at_turn(server: Any, new_page: Any, table: Table, view: dict[str, Any]) -> Page:
    """The student's phone opened at the start of their turn, everything drawn."""
    t = lambda key, **params: translate(view["language"], key, **params)  # noqa: E731
    phone = new_page(**PHONE)
    phone.goto(f"{server.url}/play?token={table.tokens[table.student]}")
    expect(phone.locator(".cl-turn")).to_have_text(t("ui.layers.your_turn"), timeout=UI_TIMEOUT_MS)
    hand = t("ui.layers.hand", count=len(view["hand"]), most=5)
    expect(phone.locator("h3").filter(has_text=hand)).to_be_visible(timeout=UI_TIMEOUT_MS)
    settle(phone, images=True)
    return phone


@pytest.mark.parametrize("language", ["en", "es"])
def test_three_or_four_cards_offer_take_or_paint_without_scrolling(
    streamlit_server, new_page, language, tmp_path
):
    t = lambda key, **params: translate(language, key, **params)  # noqa: E731
    table = Table(streamlit_server, language)
    for cards in (3, 4):
        view = table.until_the_student_holds(cards)
        takes = view["actions"]["take"]
        assert "complete" in view["actions"]
        if cards == 3:  # tokens on four cards of the row, the student able to take any
            assert [bool(slot["tokens"]) for slot in view["market"]].count(True) == 4
            assert len(takes) == 5
        else:
            assert table.public()["last_painting"]["name"] == table.before
        phone = phone_at_turn(streamlit_server, new_page, table, view)

        # Both ways in sight: every Take button of the row, under the turn's choice...
        for offer in takes:
            take = button(phone, f"take_{view['round']}_{offer['position']}")
            expect(take).to_have_text(t("ui.layers.take"))
            expect(take).to_be_in_viewport(ratio=1)
        expect(phone.get_by_role("heading", name=t("ui.layers.choice"))).to_be_in_viewport()
        phone.screenshot(path=str(tmp_path / f"phone-{language}-{cards}-cards.png"))
        print(f"screenshots in {tmp_path}")
        # ...and the composer, folded; one tap opens it on the cards of the hand.
        composer = keyed(phone, f"cl_compose_{view['round']}").locator("summary")
        expect(composer).to_contain_text(t("ui.layers.compose"))
        expect(composer).to_be_in_viewport(ratio=1)
        first = view["hand"][0]
        add = button(phone, f"add_{view['round']}_{first}")
        expect(add).not_to_be_visible()
        composer.tap()
        expect(add).to_be_visible(timeout=UI_TIMEOUT_MS)
        phone.screenshot(path=str(tmp_path / f"phone-{language}-{cards}-cards-composer.png"))
        if cards == 3:
            table.engine.take_card(table.tokens[table.student], 1, takes[0]["card"], rid())

    # The composer opened at four cards stays open as it is used: three cards added, then
    # Confirm in sight, and the painting is made.
    turn, chosen = view["round"], view["hand"][:3]
    for card in chosen:
        button(phone, f"add_{turn}_{card}").tap()
        expect(button(phone, f"drop_{turn}_{card}").filter(visible=True)).to_have_count(
            1, timeout=UI_TIMEOUT_MS
        )
        settle(phone)
    confirm = button(phone, f"confirm_{turn}")
    expect(confirm).to_be_in_viewport()
    phone.screenshot(path=str(tmp_path / f"phone-{language}-4-cards-confirm.png"))
    confirm.tap()
    eventually(lambda: table.public()["last_painting"]["cards"], chosen)
