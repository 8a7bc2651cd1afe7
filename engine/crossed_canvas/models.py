"""Crossed Canvas's tables, beside the shared Game and Player. Unique constraints carry
idempotency: whatever a retry or a race tries twice, the database itself refuses a second
fragment, choice, vote or award."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import JSON, Column, UniqueConstraint
from sqlmodel import Field, Session, SQLModel, col, delete, select

from engine.models import Game


class Round(SQLModel, table=True):
    __table_args__ = (UniqueConstraint("game_id", "number"),)
    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    number: int
    pair_key: str
    category: str
    closeness: int
    true_id: str
    false_id: str
    options: list[str] = Field(sa_column=Column(JSON, nullable=False))
    # {signature id: {"player": player id, "colour": colour id, "shape": shape id}}
    signatures: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    curator_id: int
    distorter_id: int
    # Decided once at the reveal (rules.round_outcome); None until then.
    outcome: dict[str, Any] | None = Field(default=None, sa_column=Column(JSON, nullable=True))


class Fragment(SQLModel, table=True):
    __table_args__ = (
        UniqueConstraint("round_id", "player_id", "pulse"),
        UniqueConstraint("player_id", "request_id"),
    )
    id: int | None = Field(default=None, primary_key=True)
    round_id: int = Field(foreign_key="round.id", index=True)
    player_id: int = Field(foreign_key="player.id")
    pulse: int
    signature: str
    strokes: list[Any] = Field(sa_column=Column(JSON, nullable=False))
    request_id: str = Field(max_length=100)
    # Locked for the artist from their draft when the pulse ended (R4), not by their submit.
    auto: bool = False
    # Hidden by the facilitator (an unkind drawing): kept, and still the artist's for scoring
    # and accusation, but drawn for nobody but the facilitator.
    hidden: bool = False


class Draft(SQLModel, table=True):
    """An artist's finished strokes not yet locked, kept as they are drawn (R4): a reload
    brings them back, nobody else ever sees them, and they are locked for the artist when the
    pulse ends."""

    __table_args__ = (UniqueConstraint("round_id", "player_id", "pulse"),)
    id: int | None = Field(default=None, primary_key=True)
    round_id: int = Field(foreign_key="round.id", index=True)
    player_id: int = Field(foreign_key="player.id")
    pulse: int
    strokes: list[Any] = Field(sa_column=Column(JSON, nullable=False))


class Choice(SQLModel, table=True):
    __table_args__ = (UniqueConstraint("player_id", "request_id"),)
    id: int | None = Field(default=None, primary_key=True)
    round_id: int = Field(foreign_key="round.id", unique=True)
    player_id: int = Field(foreign_key="player.id")
    option_id: str
    request_id: str = Field(max_length=100)


class Vote(SQLModel, table=True):
    __table_args__ = (
        UniqueConstraint("round_id", "voter_id"),
        UniqueConstraint("voter_id", "request_id"),
    )
    id: int | None = Field(default=None, primary_key=True)
    round_id: int = Field(foreign_key="round.id", index=True)
    voter_id: int = Field(foreign_key="player.id")
    signature: str
    request_id: str = Field(max_length=100)


class Award(SQLModel, table=True):
    __table_args__ = (UniqueConstraint("round_id", "player_id"),)
    id: int | None = Field(default=None, primary_key=True)
    round_id: int = Field(foreign_key="round.id", index=True)
    player_id: int = Field(foreign_key="player.id")
    points: int


def current_round(session: Session, game: Game) -> Round:
    return session.exec(
        select(Round).where(Round.game_id == game.id, Round.number == game.round)
    ).one()


def forget(session: Session, game_ids: Sequence[int]) -> None:
    """Delete these games' rounds and everything in them, children first."""
    rounds = select(Round.id).where(col(Round.game_id).in_(game_ids))
    for table in (Award, Vote, Choice, Draft, Fragment):
        session.exec(delete(table).where(col(table.round_id).in_(rounds)))
    session.exec(delete(Round).where(col(Round.game_id).in_(game_ids)))
