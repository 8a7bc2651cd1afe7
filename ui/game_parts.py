"""What a game draws on the pages every game shares, as protocols its page parts meet: each
game's folder exports its `GameParts` from its `__init__.py` (ui/<game>/), and the registry
(ui/games.py) holds one line per game. A shared module: it names no game."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from engine import Engine
from engine.view_types import GameView
from ui.csv_file import Results
from ui.moderation import Run
from ui.text import Translator


class Phone(Protocol):
    """A game's phone (pages/play.py draws the header, the lobby, the end and the live part
    around it)."""

    def heading_html(self, view: Mapping[str, Any], t: Translator) -> str: ...
    def phase_body(self, view: Mapping[str, Any], t: Translator, token: str) -> None: ...
    def following(self, view: Mapping[str, Any]) -> tuple[bool, str]: ...
    def totals_shown(self, view: GameView) -> bool: ...
    def last_seconds(self, view: Mapping[str, Any]) -> str | None: ...
    def calls(self, view: Mapping[str, Any]) -> bool: ...
    def ending_html(self, view: Mapping[str, Any], t: Translator) -> str: ...


class Screen(Protocol):
    """A game on the projector (ui/projector.py draws the header and the lobby) and, smaller,
    on the teacher's page; a class's table on the class projector (ui/classes/tables.py): in
    a card, or taking the screen in a phase of `SHOWCASE` (its reveal, its scores)."""

    SHOWCASE: frozenset[str]

    def heading(self, view: Mapping[str, Any], t: Translator) -> tuple[str, str]: ...
    def showcase_body(self, view: Mapping[str, Any], t: Translator) -> None: ...
    def card_html(self, view: Mapping[str, Any], t: Translator) -> str: ...
    def round_body(
        self, view: Mapping[str, Any], t: Translator, *, big: bool, part: Callable[[], None]
    ) -> None: ...


class Facilitator(Protocol):
    """A game on the teacher's page (pages/facilitator.py draws the timer row, the roster,
    the totals, the results and the end around it)."""

    FILE_PREFIX: str

    def advance_key(self, view: Mapping[str, Any]) -> str: ...
    def table_files(self, view: Mapping[str, Any], t: Translator) -> list[tuple[str, bytes]]: ...
    def round_body(
        self, engine: Engine, view: Mapping[str, Any], t: Translator, run: Run, *, listed: bool
    ) -> None: ...
    def finished_body(
        self, engine: Engine, view: Mapping[str, Any], t: Translator, run: Run
    ) -> None: ...
    def side(self, engine: Engine, view: Mapping[str, Any], t: Translator, run: Run) -> None: ...


class LiveParts(Protocol):
    """What changes within a phase, drawn once from the public view for every device of a
    game (ui/parts.py): the push stream sends it, so it reaches them without a page run. In
    the lobby it stands under the roster (what a join changes: Canvas Critters' duel)."""

    def in_round(self, view: Mapping[str, Any]) -> bool: ...
    def phone_html(self, view: Mapping[str, Any], t: Translator) -> str: ...
    def screen_html(self, view: Mapping[str, Any], t: Translator) -> str: ...


class HowTo(Protocol):
    """A picture for each of a game's lobby lines (ui/how_to_play.py: `ui.howto.<game>.<n>`, on
    the projector and the phones): an SVG document `width` x `height` px and its alt text in
    `language`. Fixed compositions of the game's own assets, never what a game in progress
    drew (a lobby is public), and naming no role."""

    def how_to_pictures(
        self, t: Translator, language: str, width: int, height: int
    ) -> list[tuple[str, str]]: ...


class Decks(Protocol):
    """The deck choice and the own-deck upload on the home page's create form, for a game
    whose declaration takes decks (app.py draws them where that game is chosen)."""

    def deck_choice(self, engine: Engine, t: Translator) -> tuple[str, str | None]: ...
    def upload_form(self, engine: Engine, t: Translator, language: str) -> None: ...


#: What a game lets the teacher set in its lobby, under the roster (Canvas Layers' scoring
#: cards, Canvas Critters' ribbon givers named or not): drawn by pages/facilitator.py for a
#: game that has one.
LobbySettings = Callable[[Engine, Mapping[str, Any], Translator, Run], None]


@dataclass(frozen=True)
class GameParts:
    """What one game draws on the pages every game shares."""

    phone: Phone
    screen: Screen
    facilitator: Facilitator
    parts: LiveParts
    results: Results
    how_to: HowTo
    lobby: LobbySettings | None = None
    decks: Decks | None = None
