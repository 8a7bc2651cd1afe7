"""A teacher alone rehearses Crossed Canvas with robots (issue 43): from the home page's "Try
it with robots" she opens her three pages, starts, plays her own seat on her phone's page,
runs the untimed phases from her teacher's page, and reaches the podium. The robots think for
a fraction of a second here (the server's ROBOT_SECONDS; seconds in class)."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from gamekit import UI_TIMEOUT_MS, Person, Table, button, keyed, podium, settle, stroke_set, t
from playwright.sync_api import Page, expect

from tests.kit import eventually

pytestmark = [pytest.mark.browser, pytest.mark.whole_game]

TEACHER = "Marta"
#: The phases nobody answers in an untimed game: the teacher ends them.
TEACHERS_PHASES = ("roles", "merge", "discussion", "reveal")


def link(home: Page, page: str) -> str:
    """Where one of the rehearsal's three link buttons leads."""
    href = keyed(home, f"rehearsal_{page}").locator("a").get_attribute("href")
    assert href
    return href


def moved_on(table: Table, phase: str, round_number: int, timeout: float = 30.0) -> None:
    """Wait until the game left `phase` of `round_number` (the robots answered)."""
    eventually(
        lambda: table.stage() != (phase, round_number),
        timeout=timeout,
        what=f"the robots ending {phase} of {round_number}",
    )


def test_a_teacher_alone_with_robots_reaches_the_podium(start_streamlit, new_page, tmp_path):
    server = start_streamlit("app.py", ROBOT_SECONDS="0.2,0.6")
    home = new_page()
    home.goto(f"{server.url}/")
    kinds = keyed(home, "create_kind").locator("label")
    kinds.filter(has_text=t("ui.home.kind.robots", fewest=4, most=11)).click()
    name = keyed(home, "robots_name").locator("input")
    expect(name).to_be_visible(timeout=UI_TIMEOUT_MS)
    name.fill(TEACHER)
    name.press("Enter")
    keyed(home, "create_pace").locator("label").filter(has_text=t("ui.pace.untimed")).click()
    settle(home)
    button(home, "create_game").click()
    expect(home.get_by_text(t("ui.home.robots_ready"))).to_be_visible(timeout=UI_TIMEOUT_MS)

    table = Table(server, new_page)
    table.key = parse_qs(urlsplit(link(home, "facilitator")).query)["key"][0]
    table.code = table.engine.game_code(table.key)
    table.facilitator = new_page()
    table.facilitator.goto(link(home, "facilitator"))
    table.screen = new_page(width=1280, height=720)
    table.screen.goto(link(home, "screen"))
    phone = new_page(width=360, height=740)
    phone.goto(link(home, "play"))
    token = parse_qs(urlsplit(link(home, "play")).query)["token"][0]
    table.players[TEACHER] = Person(TEACHER, phone, token)
    robots = [f"Robot {n}" for n in range(1, 5)]
    for page in table.pages():  # everyone is named, the robots as robots
        for robot in robots:
            expect(page.get_by_text(robot).first).to_be_visible(timeout=UI_TIMEOUT_MS)
    table.start()

    while (view := table.public())["phase"] != "finished":
        phase, round_number = view["phase"], view["round"]
        if phase in TEACHERS_PHASES:
            table.wait_phase(phase, round_number)
            table.advance(phase, round_number)
            continue
        actions = table.view(TEACHER)["actions"]
        if "draw" in actions:
            table.wait_phase(phase, round_number)
            pulse = 1 if phase == "pulse1" else 2
            table.draw(TEACHER, stroke_set(0, pulse)[:1], pulse)
            table.submit(TEACHER)
        elif "choose" in actions:
            table.wait_phase(phase, round_number)
            table.choose(TEACHER, table.view(TEACHER)["options"][0]["id"])
        elif "accuse" in actions:
            table.wait_phase(phase, round_number)
            mine = table.view(TEACHER)["signature"]
            table.accuse(TEACHER, next(s for s in view["signatures"] if s != mine))
        moved_on(table, phase, round_number)

    table.wait_phase("finished")
    totals, _first = podium(table.screen)
    # Every robot is on the podium, "robot" written beside its name (a mark of its own).
    assert set(totals) == {TEACHER, *(name + t("ui.robot_mark") for name in robots)}
    for page, name in (
        (table.screen, "projector"),
        (table.facilitator, "teacher"),
        (phone, "phone"),
    ):
        page.screenshot(path=str(tmp_path / f"rehearsal-{name}.png"), full_page=True)
    print(f"screenshots in {tmp_path}")
