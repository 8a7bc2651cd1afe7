"""Every game's class projector at 1280x720 with the widest names (issue 34): the checks a
single game's projector passes (tests/browser/test_projector.py and its sisters: every text at
least 28 px, nothing past the right edge or the bottom) hold for a whole class, in English and
in Spanish.

Each class is seated from fixed 24-character names of wide letters (worst_case.widest_class)
at tables of its game's largest size, and played through the engine; its projector is looked
at in the lobby, during play, where a table takes the screen (Crossed Canvas's reveal,
Critters' scores) and at the class podium. Crossed Canvas sits 24 at two tables of 12 in
English (the largest table, the longest tie on the podium) and 20 at two tables of 10 in
Spanish (the largest reveal laid out beside its replay). Each look is saved as a screenshot
in /tmp/cc, to look at by eye.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from gamekit import (
    PROJECTOR,
    SLOW,
    UI_TIMEOUT_MS,
    class_table_to_reveal,
    engine_strokes,
    look,
    replays_big_enough,
    seeded_engine,
    settle,
)
from playwright.sync_api import Page, expect
from worst_case import longest_pairs_first, longest_themes_first, widest_class

from engine import Engine
from engine.i18n import translate
from tests.engine.critters_kit import LONG, Critters
from tests.engine.layers_kit import Layers

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/cc")


class Class:
    """A class of `game` seated at `tables` tables from the widest names, every move through
    the engine; its projector open on `page`."""

    def __init__(
        self, server: Any, page: Page, game: str, language: str, students: int, tables: int
    ) -> None:
        self.engine: Engine = seeded_engine(server, f"class-worst-{game}-{language}")
        self.language = language
        durations = {"canvas_critters": LONG, "canvas_layers": {"turn": 3600.0}}.get(game, SLOW)
        room = self.engine.create_class(language=language, durations=durations, game=game)
        self.code, self.key = room.code, room.facilitator_token
        self.tokens = {
            name: self.engine.join(self.code, name, browser=f"worst-{uuid.uuid4().hex}")
            for name in widest_class(language, students)
        }
        self.engine.set_table_count(self.key, tables)
        self.page = page
        page.goto(f"{server.url}/screen?code={self.code}")

    def t(self, key: str, **params: Any) -> str:
        return translate(self.language, key, **params)

    def tables(self) -> list[dict[str, Any]]:
        return self.engine.class_view(self.key)["tables"]

    def seated(self, kit: Callable[..., Any], table: dict[str, Any]) -> Any:
        """A table as its game's test kit plays it (tests/engine/*_kit.py)."""
        tokens = {name: self.tokens[name] for name in table["players"]}
        return kit(
            self.engine, None, table["code"], self.engine.table_key(self.key, table["code"]), tokens
        )

    def shown(self, moment: str, locator: Any, count: int | None = None) -> str:
        """`moment`, once the projector shows `locator` (`count` of them) and has settled."""
        if count is None:
            expect(locator.first).to_be_visible(timeout=UI_TIMEOUT_MS)
        else:
            expect(locator).to_have_count(count, timeout=UI_TIMEOUT_MS)
        settle(self.page, images=True, pause_ms=300)
        return moment

    def cards(self, text: str) -> Any:
        return self.page.locator(".cc-table-card").filter(has_text=text)

    def lobby(self) -> str:
        per_table = len(self.tables()[0]["players"])
        students = self.t("ui.class.students", count=per_table)
        return self.shown("lobby", self.cards(students), len(self.tables()))

    def table_heading(self, number: int, view: dict[str, Any], phase_key: str) -> Any:
        """The heading of table `number` when it takes the screen."""
        heading = " · ".join(
            [
                self.t("ui.class.table", number=number),
                self.t("ui.round_of", round=view["round"], rounds=view["rounds"]),
                self.t(phase_key),
            ]
        )
        return self.page.locator(".cc-phase").filter(has_text=heading)

    def podium(self) -> str:
        for _ in range(500):
            if self.engine.class_view(self.key)["podium"] is not None:
                break
            self.engine.advance_tables(self.key)
        return self.shown("podium", self.page.locator(".cc-class-podium-big"))

    # -- each game's moments ------------------------------------------------------------------

    def crossed_canvas(self) -> Iterator[str]:
        yield self.lobby()
        self.engine.start_tables(self.key)
        self.engine.advance_tables(self.key)  # the roles: every table draws its first pulse
        first, second = self.tables()
        views = {name: self.engine.player_view(self.tokens[name]) for name in second["players"]}
        artists = [name for name in second["players"] if views[name]["role"] != "curator"]
        for index, name in enumerate(artists[:5]):
            strokes = engine_strokes(index, 1)
            self.engine.submit_fragment(self.tokens[name], strokes, uuid.uuid4().hex)
        ready = self.t("ui.ready_count", done=5, total=len(artists))
        yield self.shown("pulse1", self.cards(ready), 1)
        view = class_table_to_reveal(self.engine, self.key, self.tokens, first["table"])
        yield self.shown("reveal", self.table_heading(first["table"], view, "ui.phase.reveal"))
        replays_big_enough(self.page, len(view["players"]))  # 400 px beside 12 long names
        yield self.podium()

    def critters(self) -> Iterator[str]:
        yield self.lobby()
        self.engine.start_tables(self.key)
        choosing = self.t("ui.critters.screen.phase.theme")
        yield self.shown("theme", self.cards(choosing), len(self.tables()))
        first = self.tables()[0]
        table = self.seated(Critters, first)
        table.pick_all()
        yield self.shown("build", self.cards(self.t("ui.critters.screen.phase.build")), 1)
        for name in table.public()["builders"]:
            table.take_any(name, 7)
            table.finish(name)
        table.title_all()
        table.award_all()
        view = table.public()
        heading = self.table_heading(first["table"], view, "ui.critters.screen.phase.scores")
        yield self.shown("scores", heading)
        yield self.podium()

    def layers(self) -> Iterator[str]:
        yield self.lobby()
        self.engine.start_tables(self.key)
        tables = [self.seated(Layers, listed) for listed in self.tables()]
        none_yet = self.t("ui.layers.table_progress", done=0, total=len(tables[0].tokens) * 3)
        yield self.shown("first-turn", self.cards(none_yet), len(tables))
        for table in tables:
            while table.public()["last_painting"] is None:
                table.play_turn()
        yield self.shown("painting", self.page.locator(".cc-table-card .cl-last"), len(tables))
        for table in tables:
            table.play_to_the_end()
        yield self.podium()


GAMES = {
    # game: (students, tables, moments)
    ("crossed_canvas", "en"): (24, 2, Class.crossed_canvas),
    ("crossed_canvas", "es"): (20, 2, Class.crossed_canvas),
    ("canvas_critters", "en"): (18, 3, Class.critters),
    ("canvas_critters", "es"): (18, 3, Class.critters),
    ("canvas_layers", "en"): (15, 3, Class.layers),
    ("canvas_layers", "es"): (15, 3, Class.layers),
}


@pytest.mark.parametrize(("game", "language"), list(GAMES))
def test_a_class_projector_is_big_enough_and_fits_with_the_widest_names(
    streamlit_server, new_page, monkeypatch, game, language
):
    longest_pairs_first(monkeypatch, language)
    longest_themes_first(monkeypatch, language)
    students, tables, moments = GAMES[game, language]
    page = new_page(**PROJECTOR)
    room = Class(streamlit_server, page, game, language, students, tables)
    seen, problems = look(page, moments(room), SHOTS, f"class-worst-{game}-{language}")
    assert seen[0] == "lobby" and seen[-1] == "podium", seen
    assert not problems, "\n".join(problems)
