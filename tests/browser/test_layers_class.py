"""A whole class of Canvas Layers in real Chromium (issues 21 and 22, "classes for every game"):
twelve students from the class code at three tables of 4, the class projector at 1280x720
shows every table's turn and progress, a student takes a card by a tap on a phone and the
projector counts it, the teacher starts and ends on the class page, and every table played to
its end gives the class podium. Every projected text is at least 28 px."""

from __future__ import annotations

import uuid

import pytest
from gamekit import (
    UI_TIMEOUT_MS,
    button,
    eventually,
    open_class_projector,
    projected_problems,
    seeded_engine,
    settle,
    start_class_on_its_page,
)
from playwright.sync_api import expect

from engine.i18n import translate
from tests.engine.layers_kit import Layers

pytestmark = pytest.mark.browser

NAMES = [f"Student {number:02d}" for number in range(1, 13)]
SHOTS = "/tmp/cc"  # looked at by eye, as the Critters class's


def test_a_layers_class_of_twelve_at_three_tables_to_the_class_podium(streamlit_server, new_page):
    engine = seeded_engine(streamlit_server, "layers-class")
    # Turns of ten minutes: none runs out while the test looks, and the countdowns show.
    room = engine.create_class(game="canvas_layers", durations={"turn": 600.0})
    key = room.facilitator_token
    tokens = {
        name: engine.join(room.code, name, browser=f"cl-{uuid.uuid4().hex}") for name in NAMES
    }
    engine.set_table_count(key, 3)
    assert [len(table["players"]) for table in engine.class_view(key)["tables"]] == [4, 4, 4]
    screen = open_class_projector(streamlit_server, new_page, room.code, 3)
    problems = projected_problems(screen, "lobby of three tables")

    teacher = start_class_on_its_page(streamlit_server, new_page, room.code, key)
    assert eventually(
        lambda: all(t["phase"] != "lobby" for t in engine.class_view(key)["tables"]), True
    )
    none_yet = translate("en", "ui.layers.table_progress", done=0, total=12)
    cards = screen.locator(".cc-table-card")
    expect(cards.filter(has_text=none_yet)).to_have_count(3, timeout=UI_TIMEOUT_MS)

    # Table 1's first painter takes the free card on their phone; the projector sees the turn move.
    def table_of(listed: dict) -> Layers:
        seated = {name: tokens[name] for name in listed["players"]}
        return Layers(engine, None, listed["code"], engine.table_key(key, listed["code"]), seated)

    table = table_of(engine.class_view(key)["tables"][0])
    painter = table.acting()
    assert painter is not None
    phone = new_page(width=360, height=740, touch=True)
    phone.goto(f"{streamlit_server.url}/play?token={tokens[painter]}")
    turn = table.public()["round"]
    button(phone, f"take_{turn}_1").tap(timeout=UI_TIMEOUT_MS)
    assert eventually(lambda: table.public()["round"], turn + 1) == turn + 1
    assert len(table.view(painter)["hand"]) == 1
    expect(cards.first).to_contain_text(table.public()["turn"], timeout=UI_TIMEOUT_MS)
    # measured next: a push may rerun it right after (old elements beside new)
    settle(screen, images=True, pause_ms=300)
    problems += projected_problems(screen, "three tables playing")
    screen.screenshot(path=f"{SHOTS}/layers-class-projector-playing.png")

    # Every table plays until a painting was just completed: each card shows it, titled.
    for listed in engine.class_view(key)["tables"]:
        table = table_of(listed)
        while table.public()["last_painting"] is None:
            table.play_turn()
    expect(screen.locator(".cc-table-card .cl-last")).to_have_count(3, timeout=UI_TIMEOUT_MS)
    # measured next: a push may rerun it right after (old elements beside new)
    settle(screen, images=True, pause_ms=300)
    problems += projected_problems(screen, "a painting just completed at every table")
    screen.screenshot(path=f"{SHOTS}/layers-class-projector-paintings.png")

    for listed in engine.class_view(key)["tables"]:
        table_of(listed).play_to_the_end()
    expect(screen.locator(".cc-class-podium-big")).to_be_visible(timeout=UI_TIMEOUT_MS)
    # measured next: a push may rerun it right after (old elements beside new)
    settle(screen, pause_ms=300)
    problems += projected_problems(screen, "the class podium")
    screen.screenshot(path=f"{SHOTS}/layers-class-projector-podium.png")
    best = engine.class_public_view(room.code)["podium"]["best"][0]["name"]
    expect(screen.locator(".cc-class-podium-big")).to_contain_text(best)
    teacher.reload()
    expect(teacher.get_by_text(translate("en", "ui.class.podium"))).to_be_visible(
        timeout=UI_TIMEOUT_MS
    )
    assert not problems, "\n".join(problems)
