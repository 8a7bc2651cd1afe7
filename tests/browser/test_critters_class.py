"""A whole class of Canvas Critters in real Chromium (issue 21, "classes for every game"): six
students seated as two tables of 3 from the class code, the class projector at 1280x720 shows
both tables, one table's round is played to its scores, which take the projector (the other
table waits in the strip), the teacher's "every table" button ends phases on the class page,
and the class podium ends it on the projector. Every projected text is at least 28 px."""

from __future__ import annotations

import uuid
from typing import Any

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

from engine import Engine, FakeClock
from engine.i18n import translate
from tests.engine.critters_kit import LONG, Critters

pytestmark = pytest.mark.browser

SHOTS = "/tmp/cc"


def phases(engine: Engine, key: str) -> list[str]:
    return [table["phase"] for table in engine.class_view(key)["tables"]]


def test_a_critters_class_of_six_at_two_tables_of_three(streamlit_server, new_page):
    engine = seeded_engine(streamlit_server, "critters-class")
    room = engine.create_class(game="canvas_critters", durations=LONG)
    tokens = {
        name: engine.join(room.code, name, browser=f"cr-{uuid.uuid4().hex}")
        for name in ["Ana", "Ben", "Cy", "Di", "Eli", "Fay"]
    }
    engine.set_table_count(room.facilitator_token, 2)  # 3 and 3
    screen = open_class_projector(streamlit_server, new_page, room.code, 2)
    problems = projected_problems(screen, "lobby of two tables")

    teacher = start_class_on_its_page(streamlit_server, new_page, room.code, room.facilitator_token)
    assert eventually(lambda: phases(engine, room.facilitator_token), ["theme", "theme"])
    choosing = translate("en", "ui.critters.screen.phase.theme")
    expect(screen.locator(".cc-table-card").filter(has_text=choosing)).to_have_count(
        2, timeout=UI_TIMEOUT_MS
    )
    # measured next: a push may rerun it right after (old elements beside new)
    settle(screen, pause_ms=300)
    problems += projected_problems(screen, "both tables choosing a theme")
    screen.screenshot(path=f"{SHOTS}/critters-class-projector-round.png")
    teacher.screenshot(path=f"{SHOTS}/critters-class-page-round.png", full_page=True)

    # Table 1 plays its round: its scores take the projector, table 2 waits in the strip.
    first: dict[str, Any] = engine.class_view(room.facilitator_token)["tables"][0]
    table = Critters(
        engine,
        FakeClock(),
        first["code"],
        engine.table_key(room.facilitator_token, first["code"]),
        {name: tokens[name] for name in first["players"]},
    )
    table.play_judged_round()
    heading = " · ".join(
        [
            translate("en", "ui.class.table", number=1),
            translate("en", "ui.round_of", round=1, rounds=first["rounds"]),
            translate("en", "ui.critters.screen.phase.scores"),
        ]
    )
    expect(screen.locator(".cc-phase").first).to_have_text(heading, timeout=UI_TIMEOUT_MS)
    expect(screen.locator(".cc-strip")).to_contain_text(translate("en", "ui.class.table", number=2))
    expect(screen.locator(".cc-table-card")).to_have_count(0)
    # measured next: a push may rerun it right after (old elements beside new)
    settle(screen, images=True, pause_ms=500)
    problems += projected_problems(screen, "table 1's scores")
    screen.screenshot(path=f"{SHOTS}/critters-class-projector-scores.png")

    # The teacher's "every table" button ends the phase the page drew at each table.
    before = phases(engine, room.facilitator_token)
    # clicked next: a push may rerun it right after, and a click in a run is lost
    settle(teacher, pause_ms=300)
    button(teacher, "advance_all").click()
    after = eventually(lambda: phases(engine, room.facilitator_token) != before, True, timeout=20)
    assert after
    # The rest ended as the teacher's buttons do, each table's phase at a time.
    for _ in range(100):
        if engine.class_view(room.facilitator_token)["podium"] is not None:
            break
        engine.advance_tables(room.facilitator_token)
    expect(screen.locator(".cc-class-podium-big")).to_be_visible(timeout=UI_TIMEOUT_MS)
    # measured next: a push may rerun it right after (old elements beside new)
    settle(screen, pause_ms=300)
    problems += projected_problems(screen, "the class podium")
    screen.screenshot(path=f"{SHOTS}/critters-class-projector-podium.png")
    teacher.reload()
    expect(teacher.get_by_text(translate("en", "ui.class.podium"))).to_be_visible(
        timeout=UI_TIMEOUT_MS
    )
    teacher.screenshot(path=f"{SHOTS}/critters-class-page-podium.png", full_page=True)
    assert not problems, "\n".join(problems)
