"""Canvas Layers played to the end in real browsers, on 360 px touch phones: a game of two
and a game of five, each created by the teacher on the home page and started there.

The game of two: the first two turns are taps on the phones (a card that costs a token, then
the free one), and so is the first painting (three cards added from a full hand, confirmed,
shown on the projector with its title); the turns between and after make the same moves
through the engine behind the pages (free cards, then the best painting each turn).

The game of five, timed (a minute a turn, so the countdown shows): of its 70 turns the first
five are taps (each phone takes a card), and so are the first painting (turn 26: three cards
added from a full hand, confirmed, then large on the projector) and the last (the painting
that ends the game); the turns between are the same moves through the engine, because more
taps would prove nothing new (each phone's own taps are its first turn) and CI time is tight.
Whose turn it is and the countdown stay in sight on a phone scrolled to its bottom, and the
composer's Confirm beside them; every phone then shows the end, the projector its podium.

Whole games from the views' listed actions are tests/engine/test_conformance.py; the rules,
tests/engine/test_engine_layers.py; the composer's arrows, the tie's pick and the secrecy of
hands, tests/pages/test_layers_pages.py.
"""

from __future__ import annotations

import pytest
from gamekit import (
    UI_TIMEOUT_MS,
    Table,
    button,
    measure_layout,
    no_traceback,
    settle,
    shows_stage,
    t,
)
from layers_phones import stack, turn_ended, turn_of
from playwright.sync_api import Page, expect

from tests.kit import eventually, rid

pytestmark = pytest.mark.browser
#: Its games are made on the home page and their layout measured: a seeded server of its own.
SEEDED_SERVER = True

NAMES = ("Ana", "Ben")


def projected_totals(screen: Page) -> dict[str, int]:
    """The end's table on the projector: each painter's total, the column headed "Points"
    (the tokens' column after it only breaks a tie)."""
    table = screen.locator(".cl-breakdown")
    column = table.locator("th").all_inner_texts().index(t("ui.points"))
    rows = table.locator("tr:has(td)")
    totals = {}
    for index in range(rows.count()):
        cells = rows.nth(index).locator("td").all_inner_texts()
        totals[cells[0].strip()] = int(cells[column])
    return totals


def start_game(table: Table, names: tuple[str, ...], pace: str = "untimed") -> None:
    """Canvas Layers created on the home page at `pace`, `names` on phones, started: the
    first turn has begun."""
    table.start_on_phones("canvas_layers", names, pace)
    eventually(lambda: table.public()["turn"] is not None, what="the first turn")


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
    # Waited for: the run that drew the warning may still be replacing the take buttons.
    expect(phone.locator('[class*="st-key-take_"] button')).to_have_count(0, timeout=UI_TIMEOUT_MS)
    hand = table.view(name)["hand"]
    stack(phone, turn, hand[:3])
    button(phone, f"confirm_{turn}").tap()

    def paintings() -> list[int]:
        return [len(p["paintings"]) for p in table.public()["painters"] if p["name"] == name]

    eventually(paintings, [1])
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
    final = sees_the_end(table, screen)
    assert final["winners"]  # two tied on points and tokens share the victory


def sees_the_end(table: Table, screen: Page) -> dict:
    """The game finished: every phone says whether its player won, the projector shows the
    podium; the final public view."""
    eventually(lambda: table.public()["phase"], "finished")
    final = table.public()
    for name, person in table.players.items():
        said = t("ui.play.you_won" if name in final["winners"] else "ui.play.game_over")
        expect(person.page.locator(".cc-role")).to_have_text(said, timeout=UI_TIMEOUT_MS)
        no_traceback(person.page)
    expect(screen.locator(".cc-podium")).to_be_visible(timeout=UI_TIMEOUT_MS)
    no_traceback(screen)
    return final


FIVE = ("Ana", "Ben", "Cai", "Dee", "Eli")
#: The turns played by taps in the game of five: each painter's first card, and the first
#: painting (after five rounds of five free cards, the first painter's hand is full); then the
#: engine, but for the game's last painting.
TAPPED_TURNS = (*range(1, len(FIVE) + 1), len(FIVE) * 5 + 1)


def tap_a_turn(table: Table, name: str) -> None:
    """`name` plays their turn by taps: the free card, or with a full hand the three oldest
    cards added to the composer and confirmed. Whose turn it is and the countdown stay in
    sight on the phone all along, and so does Confirm."""
    turn = turn_of(table, name)
    phone = table.players[name].page
    hand = table.view(name)["hand"]
    if len(hand) < 5:
        button(phone, f"take_{turn}_1").tap()
    else:
        stack(phone, turn, hand[:3])
        confirm = button(phone, f"confirm_{turn}")
        for shown in (phone.locator(".cl-turn"), phone.locator(".cc-timer:visible"), confirm):
            expect(shown).to_be_in_viewport()
        confirm.tap()
    turn_ended(table, turn)


def engine_turn(table: Table, name: str) -> None:
    """The same move as `tap_a_turn`, through the engine behind the pages."""
    view, token = table.view(name), table.players[name].token
    if len(view["hand"]) < 5:
        table.engine.take_card(token, 1, view["market"][0]["card"], rid())
    else:
        table.engine.complete_painting(token, view["hand"][:3], view["backgrounds"][0], rid())


def last_painting_left(view: dict) -> bool:
    """Whether the painter whose turn it is makes the game's last painting now."""
    left = [p for p in view["painters"] if len(p["paintings"]) < 3]
    return len(left) == 1 and len(left[0]["paintings"]) == 2 and left[0]["hand_size"] == 5


@pytest.mark.whole_game
def test_a_game_of_five_by_taps(table):
    start_game(table, FIVE, pace="extra_relaxed")  # turns of a minute: the countdown shows
    screen = table.open_screen()
    first = table.public()["turn"]
    waiting = table.players[FIVE[(FIVE.index(first) + 1) % 5]].page
    expect(waiting.locator(".cl-turn")).to_contain_text(first, timeout=UI_TIMEOUT_MS)
    waiting.locator('[data-testid="stExpander"]').last.scroll_into_view_if_needed()  # the bottom
    for shown in (waiting.locator(".cl-turn"), waiting.locator(".cc-timer:visible")):
        expect(shown).to_be_in_viewport()

    for _ in range(80):
        view = table.public()
        if view["turn"] is None:
            break
        if view["round"] in TAPPED_TURNS or last_painting_left(view):
            # After turns through the engine, the phone shows this turn's stage (not a redraw
            # of one just made) before it is tapped.
            shows_stage(table.players[view["turn"]].page, table.engine.status(table.code)["stage"])
            tap_a_turn(table, view["turn"])
        else:
            engine_turn(table, view["turn"])
        if view["round"] == 1:  # the projector says whose turn follows
            expect(screen.locator(".cc-phase").first).to_contain_text(table.public()["turn"])
        if (
            view["round"] == TAPPED_TURNS[-1]
        ):  # the first painting, large on the projector with its title
            title = t("ui.layers.title_quoted", title=table.public()["last_painting"]["title"])
            expect(screen.locator(".cl-title")).to_have_text(title, timeout=UI_TIMEOUT_MS)
    view = table.public()
    if view["picker"] is not None:  # a tie on points and tokens: the picker taps a name
        phone = table.players[view["picker"]].page
        phone.locator('[class*="st-key-pick_"] button').first.tap()
    final = sees_the_end(table, screen)
    assert all(len(p["paintings"]) == 3 for p in final["painters"])
    assert projected_totals(screen) == final["totals"]
