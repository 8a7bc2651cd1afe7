"""A Canvas Layers painter's turns on a 360 px phone, shared by the browser tests that play
the game (test_layers_game.py, and test_rehearsal.py's teacher among robots). Texts are read in
`gamekit.LANGUAGE` (a Spanish game's test sets it)."""

from __future__ import annotations

from gamekit import UI_TIMEOUT_MS, Table, button, settle, t
from playwright.sync_api import Page, expect

from tests.kit import eventually


def turn_of(table: Table, name: str) -> int:
    """Wait until it is `name`'s turn and their phone says so; the turn's number."""
    eventually(lambda: table.public()["turn"], name)
    phone = table.players[name].page
    expect(phone.locator(".cl-turn")).to_have_text(t("ui.layers.your_turn"), timeout=UI_TIMEOUT_MS)
    settle(phone)
    return table.public()["round"]


def stack(phone: Page, turn: int, cards: list[str]) -> None:
    """Tap Add on each card, each once the last lies in the stack (its remove button shows): a
    tap while the page runs for the last one can be lost with that run."""
    for card in cards:
        button(phone, f"add_{turn}_{card}").tap()
        stacked = button(phone, f"drop_{turn}_{card}").filter(visible=True)
        expect(stacked).to_have_count(1, timeout=UI_TIMEOUT_MS)
        settle(phone)


def turn_ended(table: Table, turn: int) -> None:
    def over() -> bool:
        view = table.public()
        return view["round"] != turn or view["turn"] is None

    eventually(over, what=f"the end of turn {turn}")
