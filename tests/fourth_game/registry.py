"""Quick Pick's one line for each registry, as a new game adds one to engine/games.py and one
to ui/games.py, and its texts, as a new game adds them to data/i18n/: the tests hand them to an
Engine (`GAMES`, `Engine(games=...)`) and to the pages' registries and catalogues."""

from __future__ import annotations

from engine.games import DECLARATIONS
from tests.fourth_game.engine.quick_pick.game import QUICK_PICK
from tests.fourth_game.texts import TEXTS  # noqa: F401  (the catalogues' lines)
from tests.fourth_game.ui.quick_pick import facilitator, how_to, parts, play, results, screen
from ui.games import GameParts

#: engine/games.py's line.
ENGINE_LINE = (QUICK_PICK.name, QUICK_PICK)
#: ui/games.py's line.
UI_LINE = (
    QUICK_PICK.name,
    GameParts(
        phone=play,
        screen=screen,
        facilitator=facilitator,
        parts=parts,
        results=results,
        how_to=how_to,
        lobby=facilitator.lobby_body,
    ),
)
#: The product's games and Quick Pick: what a test's Engine runs.
GAMES = dict([*DECLARATIONS.items(), ENGINE_LINE])
