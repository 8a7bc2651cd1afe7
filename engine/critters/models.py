"""Canvas Critters' tables, beside the shared Game and Player. Unique constraints decide races:
one holder per piece in a round, one mosaic, one set of ribbons and one guess per player."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import JSON, Column, UniqueConstraint
from sqlmodel import Field, Session, SQLModel, col, delete, select


class CritterGame(SQLModel, table=True):
    """What a game of Canvas Critters keeps for all its rounds (secret: the deck's order)."""

    __tablename__ = "critter_game"
    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", unique=True, index=True)
    duel: bool = False
    # The starting player's seat (0-based, in join order); the card passes clockwise.
    first_active: int = 0
    # The theme cards left in the deck, top first (secret).
    deck: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    # Players whose golden ribbon has left play.
    golden_given: list[int] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    # Play off a tie at the end (the rulebook) or share the victory (rules.TieRule).
    tie_rule: str = Field(default="play_off", max_length=16)
    # Whether the ribbons turned over name their givers (the rulebook's tokens are the
    # givers' own) or only what each mosaic received: the teacher's choice in the lobby.
    givers_named: bool = True


class CritterRound(SQLModel, table=True):
    __tablename__ = "critter_round"
    __table_args__ = (UniqueConstraint("game_id", "number"),)
    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    number: int
    # The active player (None in the duel, where both choose their own theme in secret).
    active_id: int | None = None
    # Each chooser's card and chosen theme: {player id: {"card": id, "theme": id or None}},
    # and "timed_out": true when the time-out chose it (game.settle_themes).
    choices: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    # Players who build and receive in a tie-break round (empty: everyone).
    tied: list[int] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    # The duel's four cards turned face up for guessing.
    face_up: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    # Points each player received this round ({player id: points}), decided once when the
    # ribbons (or guesses) are turned over; None until then.
    scores: dict[str, int] | None = Field(default=None, sa_column=Column(JSON, nullable=True))


class Holding(SQLModel, table=True):
    """A piece out of the pile this round, on its holder's canvas; every other piece is in the
    pile. `layer` orders pieces bottom to top (a piece taken or moved goes on top)."""

    __table_args__ = (
        UniqueConstraint("round_id", "piece"),
        UniqueConstraint("player_id", "request_id"),
    )
    id: int | None = Field(default=None, primary_key=True)
    round_id: int = Field(foreign_key="critter_round.id", index=True)
    player_id: int = Field(foreign_key="player.id")
    piece: str = Field(max_length=16)
    x: float
    y: float
    rotation: int = 0
    mirrored: bool = False
    layer: int = 0
    # The page's request that took it: a retried tap finds the piece it already took.
    request_id: str = Field(max_length=100)


class Mosaic(SQLModel, table=True):
    __table_args__ = (UniqueConstraint("round_id", "player_id"),)
    id: int | None = Field(default=None, primary_key=True)
    round_id: int = Field(foreign_key="critter_round.id", index=True)
    player_id: int = Field(foreign_key="player.id")
    side: str = Field(default="white", max_length=8)
    finished_at: float | None = None
    title: str | None = Field(default=None, max_length=160)


class Ribbons(SQLModel, table=True):
    """One giver's ribbons in a round: [[value, receiver id], ...] and the golden one."""

    __table_args__ = (
        UniqueConstraint("round_id", "giver_id"),
        UniqueConstraint("giver_id", "request_id"),
    )
    id: int | None = Field(default=None, primary_key=True)
    round_id: int = Field(foreign_key="critter_round.id", index=True)
    giver_id: int = Field(foreign_key="player.id")
    ribbons: list[list[int]] = Field(sa_column=Column(JSON, nullable=False))
    golden: int | None = None
    request_id: str = Field(max_length=100)


class RibbonDraft(SQLModel, table=True):
    """A giver's ribbons picked on their phone and not yet given ({"value": receiver id}, some
    may be missing), replaced at each pick: a reload brings them back, nobody else ever sees
    them, and a complete set is given for them when judging ends (the ruling)."""

    __tablename__ = "ribbon_draft"
    __table_args__ = (UniqueConstraint("round_id", "giver_id"),)
    id: int | None = Field(default=None, primary_key=True)
    round_id: int = Field(foreign_key="critter_round.id", index=True)
    giver_id: int = Field(foreign_key="player.id")
    ribbons: dict[str, int] = Field(sa_column=Column(JSON, nullable=False))
    golden: int | None = None


class Guess(SQLModel, table=True):
    """One duel guess: the +1 under a card, or the +3 on one of its themes."""

    __tablename__ = "duel_guess"
    __table_args__ = (
        UniqueConstraint("round_id", "player_id"),
        UniqueConstraint("player_id", "request_id"),
    )
    id: int | None = Field(default=None, primary_key=True)
    round_id: int = Field(foreign_key="critter_round.id", index=True)
    player_id: int = Field(foreign_key="player.id")
    ribbon: int
    card: str = Field(max_length=32)
    theme: str | None = Field(default=None, max_length=64)
    request_id: str = Field(max_length=100)


def forget(session: Session, game_ids: Sequence[int]) -> None:
    """Delete these games' Canvas Critters rows, children first."""
    rounds = select(CritterRound.id).where(col(CritterRound.game_id).in_(game_ids))
    for table in (Holding, Mosaic, Ribbons, RibbonDraft, Guess):
        session.exec(delete(table).where(col(table.round_id).in_(rounds)))
    session.exec(delete(CritterRound).where(col(CritterRound.game_id).in_(game_ids)))
    session.exec(delete(CritterGame).where(col(CritterGame.game_id).in_(game_ids)))
