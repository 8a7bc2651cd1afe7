"""Quick Pick's one line for each registry, as a new game adds one to engine/games.py and one
to ui/games.py: the tests hand them to an Engine (`GAMES`, `Engine(games=...)`) and to the
pages' registries (its texts, to the catalogues: texts.py)."""

from __future__ import annotations

from engine.games import DECLARATIONS
from tests.fourth_game.engine.quick_pick.game import QUICK_PICK
from tests.fourth_game.ui import quick_pick

#: engine/games.py's line.
ENGINE_LINE = (QUICK_PICK.name, QUICK_PICK)
#: ui/games.py's line.
UI_LINE = (QUICK_PICK.name, quick_pick.PARTS)
#: The product's games and Quick Pick: what a test's Engine runs.
GAMES = dict([*DECLARATIONS.items(), ENGINE_LINE])
