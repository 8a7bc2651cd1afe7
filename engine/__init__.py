"""The engine of every game: pure Python, no Streamlit. Pages use `Engine` and its views."""

from engine.clock import FakeClock
from engine.declaration import FINISHED, LOBBY
from engine.door import NewGame
from engine.errors import DeckError, DeckRefused, RuleError
from engine.names import NAME_MAX_CHARS
from engine.service import Engine
from engine.view_types import FacilitatorView, GameView, PlayerView

__all__ = [
    "FINISHED",
    "LOBBY",
    "NAME_MAX_CHARS",
    "DeckError",
    "DeckRefused",
    "Engine",
    "FacilitatorView",
    "FakeClock",
    "GameView",
    "NewGame",
    "PlayerView",
    "RuleError",
]
