"""The class projector at a table's reveal (issue 24, "A whole class on one code"), in a real
Chromium at 1280x720.

A class of 12 is seated as two tables of 6 from the teacher's class page (a click on "2
tables"), started there, and one table is played to its reveal through the engine: on the
class projector that table takes the screen as a game's reveal does (the drawing replayed, at
least 480 px wide where the rows leave it the width: issue 34; a row per player with their
signature, points and vote), the other table
waits in a strip, and every text is at least 28 px within 1280x720. The same in Spanish with
three tables; a class of one table shows a game's projector; the lobby's QR code is 300 px.
"""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from gamekit import (
    PROJECTOR,
    SLOW,
    UI_TIMEOUT_MS,
    button,
    class_table_to_reveal,
    class_tables,
    element_width,
    eventually,
    projected_problems,
    replays_big_enough,
    seeded_engine,
    settle,
)
from playwright.sync_api import Page, expect

from engine import Engine
from engine.i18n import translate

pytestmark = pytest.mark.browser

SHOTS = "/tmp/cc"
NAMES = [f"Student {number:02d}" for number in range(1, 18)]


def seat_class(engine: Engine, students: int, language: str) -> tuple[str, str, dict[str, str]]:
    room = engine.create_class(language=language, durations=SLOW)
    tokens = {
        name: engine.join(room.code, name, browser=f"{language}-{index}-{uuid.uuid4().hex}")
        for index, name in enumerate(NAMES[:students])
    }
    return room.code, room.facilitator_token, tokens


def shows_the_reveal(screen: Page, view: dict[str, Any], number: int | None, language: str):
    """The projector shows table `number`'s reveal (a game's when None) as a game does."""
    heading = " · ".join(
        [
            *([translate(language, "ui.class.table", number=number)] if number else []),
            translate(language, "ui.round_of", round=1, rounds=len(view["players"])),
            translate(language, "ui.phase.reveal"),
        ]
    )
    expect(screen.locator(".cc-phase").first).to_have_text(heading, timeout=UI_TIMEOUT_MS)
    # measured next: a push may rerun it right after (old elements beside new)
    settle(screen, images=True, pause_ms=500)
    rows = screen.locator(".cc-by-player tr")
    expect(rows).to_have_count(1 + len(view["players"]))
    reveal = view["reveal"]
    for sig_id, author in reveal["authors"].items():
        row = rows.filter(has_text=author)
        expect(row).to_contain_text(reveal["signatures"][sig_id]["name"])
        expect(row).to_contain_text(reveal["signatures"][reveal["votes"][author]]["name"])
    for side in ("true_target", "false_target"):
        expect(screen.get_by_text(reveal[side]["name"], exact=True).first).to_be_visible()
    replays_big_enough(screen, len(view["players"]))
    expect(screen.locator(".cc-table-card")).to_have_count(0)


def test_a_class_of_12_as_two_tables_of_6_and_a_tables_reveal(streamlit_server, new_page):
    engine = seeded_engine(streamlit_server, "class-projector-two-tables")
    code, key, tokens = seat_class(engine, 12, "en")
    screen = new_page(**PROJECTOR)
    screen.goto(f"{streamlit_server.url}/screen?code={code}")
    expect(screen.locator(".cc-code").first).to_have_text(code, timeout=UI_TIMEOUT_MS)
    settle(screen, images=True)
    assert element_width(screen, 'img[alt="QR code to join the game"]') >= 300
    problems = projected_problems(screen, "lobby of one table")

    # The teacher chooses two tables on the class page, then starts them.
    teacher = new_page(width=1280, height=900)
    teacher.goto(f"{streamlit_server.url}/classroom?key={key}")
    two = translate("en", "ui.class.tables_of", tables="2 tables", sizes="6 + 6")
    teacher.get_by_role("radio", name=two).click(timeout=UI_TIMEOUT_MS)
    sizes = lambda: [len(v["players"]) for v in class_tables(engine, key).values()]  # noqa: E731
    seating = eventually(sizes, [6, 6])
    assert seating == [6, 6]
    expect(screen.locator(".cc-table-card")).to_have_count(2, timeout=UI_TIMEOUT_MS)
    # measured next: a push may rerun it right after (old elements beside new)
    settle(screen, images=True, pause_ms=300)
    assert element_width(screen, 'img[alt="QR code to join the game"]') >= 300
    problems += projected_problems(screen, "lobby of two tables")
    # clicked next: a push may rerun it right after, and a click in a run is lost
    settle(teacher, pause_ms=300)
    button(teacher, "start_all").click()
    assert eventually(lambda: {v["phase"] for v in class_tables(engine, key).values()}, {"roles"})

    view = class_table_to_reveal(engine, key, tokens, 2)
    shows_the_reveal(screen, view, 2, "en")
    strip = screen.locator(".cc-strip")
    expect(strip).to_contain_text(translate("en", "ui.class.table", number=1))
    problems += projected_problems(screen, "table 2's reveal")
    screen.screenshot(path=f"{SHOTS}/class-projector-reveal-two-tables.png")
    assert not problems, "\n".join(problems)


def test_three_tables_in_spanish_and_a_class_of_one_table(streamlit_server, new_page):
    engine = seeded_engine(streamlit_server, "class-projector-three-tables-es")
    code, key, tokens = seat_class(engine, 17, "es")
    engine.set_table_count(key, 3)  # 6, 6 and 5
    screen = new_page(**PROJECTOR)
    screen.goto(f"{streamlit_server.url}/screen?code={code}")
    expect(screen.locator(".cc-table-card")).to_have_count(3, timeout=UI_TIMEOUT_MS)
    settle(screen, images=True)
    assert element_width(screen, 'img[alt="Código QR para unirse a la partida"]') >= 300
    problems = projected_problems(screen, "es lobby of three tables")
    engine.start_tables(key)
    engine.advance_tables(key, 1)
    view = class_table_to_reveal(engine, key, tokens, 3)
    shows_the_reveal(screen, view, 3, "es")
    for number in (1, 2):
        expect(screen.locator(".cc-strip")).to_contain_text(f"Mesa {number}")
    problems += projected_problems(screen, "es table 3's reveal")
    screen.screenshot(path=f"{SHOTS}/class-projector-reveal-three-tables-es.png")

    # A class of one table: a game's projector, its code the class's.
    code, key, tokens = seat_class(engine, 6, "en")
    screen.goto(f"{streamlit_server.url}/screen?code={code}")
    expect(screen.locator(".cc-code-huge")).to_have_text(code, timeout=UI_TIMEOUT_MS)
    settle(screen, images=True)
    assert element_width(screen, 'img[alt="QR code to join the game"]') >= 300
    problems += projected_problems(screen, "lobby of a class of one table")
    engine.start_tables(key)
    view = class_table_to_reveal(engine, key, tokens, 1)
    shows_the_reveal(screen, view, None, "en")
    problems += projected_problems(screen, "the reveal of a class of one table")
    screen.screenshot(path=f"{SHOTS}/class-projector-reveal-one-table.png")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("language", ["en", "es"])
def test_each_phone_names_its_table_as_the_projector_s_card(streamlit_server, new_page, language):
    """Issue 40: a phone at a class's table names its table in its header, in the colour of
    that table's card on the class projector, so the class sits together by table."""
    engine = seeded_engine(streamlit_server, f"class-phone-table-{language}")
    code, key, tokens = seat_class(engine, 12, language)
    engine.set_table_count(key, 2)
    engine.start_tables(key)
    screen = new_page(**PROJECTOR)
    screen.goto(f"{streamlit_server.url}/screen?code={code}")
    cards = screen.locator(".cc-table-card .cc-table-tag")
    expect(cards).to_have_count(2, timeout=UI_TIMEOUT_MS)
    colour = "e => getComputedStyle(e).backgroundColor"
    projected = {cards.nth(i).inner_text(): cards.nth(i).evaluate(colour) for i in range(2)}
    phone = new_page(width=360, height=740, touch=True, scale=2)
    for number, view in class_tables(engine, key).items():
        phone.goto(f"{streamlit_server.url}/play?token={tokens[view['players'][0]]}")
        tag = phone.locator(".cc-head .cc-table-tag")
        title = translate(language, "ui.class.table", number=number)
        expect(tag).to_have_text(title, timeout=UI_TIMEOUT_MS)
        assert tag.evaluate(colour) == projected[title]
    assert len(set(projected.values())) == 2  # two tables, two colours


def test_a_latecomer_s_phone_counts_each_latecomer_who_joins(streamlit_server, new_page):
    """Issue 40: the latecomers sit together, and a latecomer's phone redraws its words as the
    others arrive (how many more the table needs), without a reload."""
    engine = seeded_engine(streamlit_server, "class-latecomers-phone")
    code, key, tokens = seat_class(engine, 6, "en")
    engine.start_tables(key)
    late = engine.join(code, "Late Ana", browser=f"late-ana-{uuid.uuid4().hex}")
    phone = new_page(width=360, height=740, touch=True, scale=2)
    phone.goto(f"{streamlit_server.url}/play?token={late}")
    words = phone.locator('[data-testid="stAlertContentInfo"]')
    expect(words).to_have_text(
        translate("en", "ui.play.latecomers", count=4, seated=1), timeout=UI_TIMEOUT_MS
    )
    engine.join(code, "Late Bo", browser=f"late-bo-{uuid.uuid4().hex}")
    expect(words).to_have_text(
        translate("en", "ui.play.latecomers", count=3, seated=2), timeout=UI_TIMEOUT_MS
    )
    assert class_tables(engine, key)[2]["players"] == ["Late Ana", "Late Bo"]
