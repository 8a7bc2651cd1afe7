"""A class's pages held to the same checks as a game's (issue 34), for every game a class
can play: the teacher's class page and the class projector, at 1280x720, before and after
"Start every table": axe-core finds no critical or serious violation and a Spanish page says
nothing in English (tests/browser/audit.py). The class is seated at two tables of the widest
names through the engine. Each game's class is looked at in one language, two in Spanish and
one in English: the class pages are one module for every game, and axe-core's judgement of a
page's structure does not change with its language.
"""

from __future__ import annotations

import pytest
from audit import LAPTOP, audited
from gamekit import FRESH, UI_TIMEOUT_MS, seeded_engine, settle
from playwright.sync_api import expect
from worst_case import WIDEST_NAMES

pytestmark = pytest.mark.browser

#: Each game's class of two tables: its players, and the language it is looked at in.
CLASSES = {"crossed_canvas": (10, "es"), "canvas_critters": (6, "es"), "canvas_layers": (4, "en")}


@pytest.mark.parametrize("game", list(CLASSES))
def test_a_class_of_two_tables_on_its_pages(streamlit_server, browser, game):
    """The class page and the class projector of every game, before and after the start."""
    players, language = CLASSES[game]
    with audited(browser, streamlit_server.url, language) as (people, audit):
        engine = seeded_engine(streamlit_server, f"audit-class-{game}-{language}")
        room = engine.create_class(language=language, game=game)
        for index, name in enumerate(WIDEST_NAMES[language][:players]):
            engine.join(room.code, name, browser=f"audit-{game}-{language}-{index}")
        engine.set_table_count(room.facilitator_token, 2)
        teacher = people.open(f"/classroom?key={room.facilitator_token}", LAPTOP)
        screen = people.open(f"/screen?code={room.code}", LAPTOP)
        for moment, waiting in (("class lobby", 2), ("class playing", 0)):
            for page in (teacher, screen):  # two tables' cards, waiting for players or not
                expect(page.locator(f".cc-table-card{FRESH}")).to_have_count(
                    2, timeout=UI_TIMEOUT_MS
                )
                expect(page.locator(f".cc-waiting{FRESH}")).to_have_count(
                    waiting, timeout=UI_TIMEOUT_MS
                )
                settle(page, images=True)
            audit.scan(f"{game} {moment} (class page)", teacher)
            audit.scan(f"{game} {moment} (class projector)", screen)
            if waiting:
                assert engine.start_tables(room.facilitator_token) == [1, 2]
