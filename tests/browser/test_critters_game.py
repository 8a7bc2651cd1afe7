"""Canvas Critters in real browsers: a teacher creates it on the home page, students play a
round on 360 px touch phones (theme, pieces tapped from the pile, finish, title, ribbons), the
game then runs to its end and every phone shows it; and a duel of two, round 1 by taps."""

from __future__ import annotations

import re
import time

import pytest
from gamekit import UI_TIMEOUT_MS, Table, button, no_traceback, settle, t
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

pytestmark = pytest.mark.browser

KINDS = ("fox", "crab", "turtle", "shark")


def critters_heading(view: dict) -> str:
    phase = t(f"ui.critters.phase.{view['phase']}")
    if view["phase"] in ("lobby", "finished"):
        return phase
    return f"{t('ui.round_of', round=view['round'], rounds=view['rounds'])} · {phase}"


def create_critters(table: Table) -> None:
    """The teacher picks Canvas Critters on the home page, untimed, and creates it."""
    page = table.new_page()
    page.goto(f"{table.server.url}/")
    games = page.locator(".st-key-create_game_name label")
    games.filter(has_text=t("ui.home.game.canvas_critters")).click()
    expect(page.locator(".st-key-create_kind")).to_have_count(0, timeout=UI_TIMEOUT_MS)
    settle(page)
    table.create_game(pace="untimed", home=page)
    assert table.public()["game"] == "canvas_critters"


def wait_all(table: Table, phase: str, round_number: int) -> dict:
    """The game reached `phase` of `round_number`, and every phone's heading says so."""
    deadline = time.monotonic() + 30
    view = table.public()
    while (view["phase"], view["round"]) != (phase, round_number):
        assert time.monotonic() < deadline, (view["phase"], view["round"])
        time.sleep(0.2)
        view = table.public()
    for person in table.players.values():
        heading = person.page.locator(".cc-phase").first
        expect(heading).to_contain_text(critters_heading(view), timeout=UI_TIMEOUT_MS)
        settle(person.page)
    return view


def tap_pieces(page: Page, kind: str, count: int) -> None:
    """Tap the palette's `kind` button `count` times, each once the last piece has landed."""
    for placed in range(1, count + 1):
        label = t(f"ui.critters.screen.kind.{kind}")
        page.locator(f"[aria-label^='{label}: take']").tap()
        expect(page.get_by_text(t("ui.critters.play.count", count=placed, fewest=7))).to_be_visible(
            timeout=UI_TIMEOUT_MS
        )


def choose(page: Page, key: str, option: str) -> None:
    """Pick `option` in the select box keyed `key`, as a student does: open it, tap the name
    (again if a rerun of the page closed the list before the tap)."""
    for _attempt in range(3):
        settle(page)
        page.locator(f".st-key-{key} [role=combobox]").click()
        try:
            page.get_by_role("option").filter(has_text=option).first.click(timeout=5_000)
            break
        except PlaywrightTimeout:
            continue
    expect(page.locator(f".st-key-{key} input")).to_have_value(re.compile(re.escape(option)))


def play_round_by_taps(table: Table, round_number: int, kinds: dict[str, str]) -> dict:
    view = wait_all(table, "theme", round_number)
    picker = view["active"] or next(iter(table.players))
    for name, person in table.players.items():
        offer = table.view(name)["actions"].get("pick_theme")
        if offer is None:
            continue
        theme = table.view(name)["card"]["themes"][1]["text"]
        person.page.get_by_role("button", name=theme).click()
        if name == picker and view["active"]:
            break
    wait_all(table, "build", round_number)
    for index, (name, person) in enumerate(table.players.items()):
        tap_pieces(person.page, kinds[name], 7)
        if index == 0:  # every other phone's palette counts the pieces taken from the pile
            kind = kinds[name]
            left = table.public()["pile"][kind]
            label = t(f"ui.critters.screen.kind.{kind}")
            take = t("ui.critters.mosaic.take", label=label, count=left)
            for other in list(table.players.values())[1:]:
                expect(other.page.get_by_role("button", name=take, exact=True)).to_be_visible(
                    timeout=UI_TIMEOUT_MS
                )
        settle(person.page)
        person.page.get_by_role("button", name=t("ui.critters.play.finish")).click()
        deadline = time.monotonic() + 20
        while not table.view(name)["mosaic"]["finished"]:
            assert time.monotonic() < deadline, f"{name} never finished"
            time.sleep(0.2)
    return table.public()


def test_a_whole_game_of_four_on_phones(table: Table):
    create_critters(table)
    for name in ("Ana", "Ben", "Cy", "Di"):
        table.join(name, width=360, height=740, touch=True)
    start = button(table.facilitator, "start_game")
    expect(start).to_be_enabled(timeout=UI_TIMEOUT_MS)
    start.click()
    kinds = dict(zip(table.players, KINDS, strict=True))
    play_round_by_taps(table, 1, kinds)
    wait_all(table, "titles", 1)
    for index, (name, person) in enumerate(table.players.items()):
        person.page.locator("input").first.fill(f"{name}'s <b>garden</b>")
        person.page.get_by_role("button", name=t("ui.critters.play.title_save")).click()
        if index < 3:  # the last title ends the phase at once
            titled = t("ui.critters.play.titled", title=f"{name}'s <b>garden</b>")
            expect(person.page.get_by_text(titled)).to_be_visible(timeout=UI_TIMEOUT_MS)
    wait_all(table, "judging", 1)
    names = list(table.players)
    for index, (name, person) in enumerate(table.players.items()):
        others = names[index + 1 :] + names[:index]
        for value, receiver in zip((3, 2, 1), others, strict=True):
            choose(person.page, f"ribbon_{value}", receiver)
        if name == "Ana":
            choose(person.page, "ribbon_golden", "Di")
        person.page.get_by_role("button", name=t("ui.critters.play.award")).click()
        if index < 3:
            expect(person.page.get_by_text(t("ui.critters.play.awarded"))).to_be_visible(
                timeout=UI_TIMEOUT_MS
            )
    scores = wait_all(table, "scores", 1)["turned_over"]["scores"]
    assert scores == {"Ana": 3 + 1 + 2, "Ben": 3 + 1 + 2, "Cy": 2 + 3 + 1, "Di": 1 + 2 + 3 + 5}
    for name, person in table.players.items():
        points = t("ui.critters.play.points", points=scores[name])
        expect(person.page.get_by_text(points)).to_be_visible(timeout=UI_TIMEOUT_MS)
        no_traceback(person.page)

    # The rest of the game through the engine: every phone follows to the final standings.
    # Nobody judges again, so Ana (golden ribbon given) and Di (kept, -5) tie at 6: the
    # teacher shares the victory rather than play it off.
    engine, key = table.engine, table.key
    engine.set_tie_rule(key, "share")
    engine.advance(key)
    for _step in range(3 * 6):
        view = table.public()
        if view["phase"] == "finished":
            break
        wait_all(table, view["phase"], view["round"])
        engine.advance(key)
    final = table.public()
    assert (final["phase"], final["rounds"]) == ("finished", 4)
    assert final["totals"] == {"Ana": 6, "Ben": 1, "Cy": 1, "Di": 6}
    assert sorted(final["winners"]) == ["Ana", "Di"]
    for name, person in table.players.items():
        won = "ui.play.you_won" if name in final["winners"] else "ui.play.game_over"
        expect(person.page.get_by_text(t(won))).to_be_visible(timeout=UI_TIMEOUT_MS)
        no_traceback(person.page)


def test_a_duel_of_two_guesses_secret_themes(table: Table):
    create_critters(table)
    for name in ("Ana", "Ben"):
        table.join(name, width=360, height=740, touch=True)
    button(table.facilitator, "start_game").click()
    play_round_by_taps(table, 1, {"Ana": "penguin", "Ben": "giraffe"})
    wait_all(table, "guess", 1)
    for name, person in table.players.items():
        other = next(n for n in table.players if n != name)
        card = table.view(other)["card"]
        chosen = next(th["text"] for th in card["themes"] if th["id"] == card["chosen"])
        person.page.get_by_text(t("ui.critters.play.guess_theme", theme=chosen)).click()
        person.page.get_by_role("button", name=t("ui.critters.play.guess_go")).click()
    turned = wait_all(table, "scores", 1)["turned_over"]
    assert turned["scores"] == {"Ana": 4, "Ben": 4}  # +3 each, +1 each as a guessed creator
    for person in table.players.values():
        expect(person.page.get_by_text(t("ui.critters.play.points", points=4))).to_be_visible(
            timeout=UI_TIMEOUT_MS
        )
        no_traceback(person.page)
