"""A game's rows as a game's hooks see them inside one write transaction."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlmodel import Session

from engine import storage
from engine.models import Game, Player


@dataclass
class Table:
    """One game inside a command's transaction, for the hooks a game declares: its rows, its
    deck, for a game that plays from decks (the engine keeps decks read, in the shape the
    game's `Decks` reads them) and randomness that a game's seed replays."""

    session: Session
    game: Game
    deck_of: Callable[[Session, Game], Any]

    @property
    def deck(self) -> Any:
        return self.deck_of(self.session, self.game)

    def rng(self, purpose: str) -> random.Random:
        """The same draws for the same game and purpose: a seed replays a whole game."""
        return random.Random(f"{self.game.seed}:{purpose}")

    def players(self) -> list[Player]:
        return storage.players(self.session, self.game)
