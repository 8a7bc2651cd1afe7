"""Canvas Layers' tables, beside the shared Game and Player: one row per game holding the pure
state the rules need (engine/canvas_layers/rules.py) as JSON, so every move is one row written
in the command's one transaction and a view is one read; and one row per accepted move, so a
retried request answers what its first try did; and each painter's private draft."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import JSON, Column, UniqueConstraint
from sqlmodel import Field, Session, SQLModel, col, delete


class LayersGame(SQLModel, table=True):
    """A game of Canvas Layers between two moves (secret: the deck's order and every hand;
    only the views decide what leaves)."""

    __tablename__ = "layers_game"
    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", unique=True, index=True)
    # rules.State as JSON (engine/canvas_layers/game.py: state_to_json / state_of).
    state: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    # The turn (Game.round) in which its move was made: that turn then ends at once, and a
    # turn that ends without one is played for its player (the rulings).
    moved_turn: int = 0
    # The seat whose painting (its last) the projector shows large: set by a completion, cleared
    # by the next take, so every device shows it until the next move of the game.
    last_painter: int | None = None
    # The winner the best-placed player outside a tie picked (None: no pick, or not yet).
    picked: int | None = None
    # What the engine did for a painter whose turn ended without their move (the rulings),
    # by seat (a JSON key: its digits): {"turn", "card", "tokens"} for the free card taken
    # and the tokens lying on it, or {"turn", "painting"} for the number of the painting
    # completed. Their phone says so until their own next move, which clears it.
    played_for: dict[str, Any] | None = Field(default=None, sa_column=Column(JSON, nullable=True))


class LayersMove(SQLModel, table=True):
    """One accepted move and what it answered (a retry answers the same)."""

    __tablename__ = "layers_move"
    __table_args__ = (UniqueConstraint("player_id", "request_id"),)
    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    player_id: int = Field(foreign_key="player.id")
    turn: int
    request_id: str = Field(max_length=100)
    result: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))


class LayersDraft(SQLModel, table=True):
    """A painting a painter is arranging from their hand while others play (cards bottom
    first, at most three, and a background or none), replaced at each change: a reload brings
    it back, their own turn can be one tap, and nobody else ever sees it (drafts.py)."""

    __tablename__ = "layers_draft"
    __table_args__ = (UniqueConstraint("game_id", "player_id"),)
    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    player_id: int = Field(foreign_key="player.id")
    cards: list[str] = Field(sa_column=Column(JSON, nullable=False))
    background: str | None = Field(default=None, max_length=64)


def forget(session: Session, game_ids: Sequence[int]) -> None:
    """Delete these games' Canvas Layers rows, children first."""
    session.exec(delete(LayersMove).where(col(LayersMove.game_id).in_(game_ids)))
    session.exec(delete(LayersDraft).where(col(LayersDraft.game_id).in_(game_ids)))
    session.exec(delete(LayersGame).where(col(LayersGame.game_id).in_(game_ids)))
