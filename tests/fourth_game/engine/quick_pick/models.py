"""Quick Pick's one table, a pick per player and round, in a metadata of its own: a test's
game must not add a table to every database the product makes (a real game's tables come with
an Alembic revision; this one's are made by `create_tables` on the test's database)."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import UniqueConstraint, create_engine
from sqlalchemy.orm import registry
from sqlmodel import Field, Session, SQLModel, col, delete


class QuickPickBase(SQLModel, registry=registry()):
    """Quick Pick's rows, apart from the product's metadata."""


class QuickPick(QuickPickBase, table=True):
    __tablename__ = "quick_pick"
    __table_args__ = (
        UniqueConstraint("game_id", "round", "player_id"),
        UniqueConstraint("player_id", "request_id"),
    )
    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(index=True)
    round: int
    player_id: int
    colour: str
    request_id: str


def create_tables(database_url: str) -> None:
    """The game's table in a test's database (its migration)."""
    QuickPickBase.metadata.create_all(create_engine(database_url))


def forget(session: Session, game_ids: Sequence[int]) -> None:
    """Delete these games' picks."""
    session.exec(delete(QuickPick).where(col(QuickPick.game_id).in_(game_ids)))
