"""Canvas Layers played to the end in real browsers: a game of two on 360 px touch phones.

The teacher creates it on the home page and starts it; the first two turns are taps on the
phones (a card that costs a token, then the free one), and so is the first painting: three
cards added from a full hand, confirmed, shown on the projector with its title. The turns
between and after make the same moves through the engine behind the pages (free cards, then
the best painting each turn), because more taps would prove nothing new and CI time is tight;
each phone then shows the end. Whole games from the views' listed actions are
tests/engine/test_conformance.py; the rules, tests/engine/test_engine_layers.py; the
composer's arrows and the secrecy of hands, tests/pages/test_layers_pages.py.
"""

from __future__ import annotations

import time
import uuid

import pytest
from gamekit import UI_TIMEOUT_MS, Table, button, measure_layout, no_traceback, settle, t
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

NAMES = ("Ana", "Ben")


def rid() -> str:
    return uuid.uuid4().hex


def start_game(table: Table, names: tuple[str, ...]) -> None:
    """Canvas Layers created on the home page, untimed, `names` on phones, started: the first
    turn has begun."""
    table.start_on_phones("canvas_layers", names)
    deadline = time.monotonic() + 20
    while table.public()["turn"] is None:
        assert time.monotonic() < deadline, "the game never started"
        time.sleep(0.2)


def turn_of(table: Table, name: str) -> int:
    """Wait until it is `name`'s turn and their phone says so; the turn's number."""
    deadline = time.monotonic() + 20
    while table.public()["turn"] != name:
        assert time.monotonic() < deadline, f"never {name}'s turn"
        time.sleep(0.2)
    phone = table.players[name].page
    expect(phone.locator(".cl-turn")).to_have_text(t("ui.layers.your_turn"), timeout=UI_TIMEOUT_MS)
    settle(phone)
    return table.public()["round"]


def test_a_game_of_two_by_taps(table):
    start_game(table, NAMES)
    first = table.public()["turn"]
    second = next(name for name in NAMES if name != first)
    screen = table.open_screen()

    # Turn 1: the first painter taps the card at position 2 (one token onto position 1).
    turn = turn_of(table, first)
    card = table.public()["market"][1]["card"]
    button(table.players[first].page, f"take_{turn}_2").tap()
    turn = turn_of(table, second)
    assert table.view(first)["hand"] == [card] and table.view(first)["tokens"] == 3
    phone = table.players[first].page
    expect(phone.locator("h3").filter(has_text=t("ui.layers.hand", count=1, most=5))).to_be_visible(
        timeout=UI_TIMEOUT_MS
    )
    # Turn 2: the second painter taps the free card, and gains the token lying on it.
    button(table.players[second].page, f"take_{turn}_1").tap()
    turn_of(table, first)
    assert table.view(second)["tokens"] == 5

    # Free cards through the engine until a painter holds five.
    while True:
        name = table.public()["turn"]
        if len(table.view(name)["hand"]) == 5:
            break
        free = table.public()["market"][0]["card"]
        table.engine.take_card(table.players[name].token, 1, free, rid())

    # A full hand: the phone offers only the composer; three taps on Add, then Confirm.
    turn = turn_of(table, name)
    phone = table.players[name].page
    expect(phone.get_by_text(t("ui.layers.must_complete", most=5))).to_be_visible(
        timeout=UI_TIMEOUT_MS
    )
    assert phone.locator('[class*="st-key-take_"] button').count() == 0
    hand = table.view(name)["hand"]
    for card in hand[:3]:
        button(phone, f"add_{turn}_{card}").tap()
        settle(phone)
    button(phone, f"confirm_{turn}").tap()
    deadline = time.monotonic() + 20
    while not next(p for p in table.public()["painters"] if p["name"] == name)["paintings"]:
        assert time.monotonic() < deadline, "the painting was never completed"
        time.sleep(0.2)
    painting = table.public()["last_painting"]
    assert painting["cards"] == hand[:3]
    expect(screen.locator(".cl-title")).to_have_text(
        t("ui.layers.title_quoted", title=painting["title"]), timeout=UI_TIMEOUT_MS
    )
    settle(screen, images=True)
    found = measure_layout(screen)  # the row's slot icons too: the back of the room reads them
    assert (found["small"], found["outside"]) == ([], [])

    # The rest through the engine: the best painting when one can be made, else the free card.
    for _ in range(100):
        view = table.public()
        if view["phase"] == "finished":
            break
        name = view["turn"] or view["picker"]
        token = table.players[name].token
        actions = table.view(name)["actions"]
        if "complete" in actions:
            best = max(actions["complete"], key=lambda a: sum(a["ribbons"].values()) + a["bonus"])
            table.engine.complete_painting(token, best["cards"], best["background"], rid())
        elif "take" in actions:
            free = actions["take"][0]
            table.engine.take_card(token, free["position"], free["card"], rid())
        else:
            table.engine.pick_winner(token, actions["pick"][0], rid())
    final = table.public()
    assert final["phase"] == "finished"
    assert final["winners"]  # two tied on points and tokens share the victory
    for name in NAMES:
        said = t("ui.play.you_won" if name in final["winners"] else "ui.play.game_over")
        expect(table.players[name].page.locator(".cc-role")).to_have_text(
            said, timeout=UI_TIMEOUT_MS
        )
        no_traceback(table.players[name].page)
    expect(screen.locator(".cc-podium")).to_be_visible(timeout=UI_TIMEOUT_MS)
    no_traceback(screen)
