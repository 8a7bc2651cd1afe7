"""Removing games: every row a game owns, in one statement per table, children first."""

from __future__ import annotations

from collections.abc import Sequence

from sqlmodel import Session, col, delete, select

from engine.models import Award, Choice, Draft, Fragment, Game, Player, Round, Vote


def delete_games(session: Session, game_ids: Sequence[int]) -> None:
    """Delete these games and everything in them (players' names included)."""
    if not game_ids:
        return
    rounds = select(Round.id).where(col(Round.game_id).in_(game_ids))
    for table in (Award, Vote, Choice, Draft, Fragment):
        session.exec(delete(table).where(col(table.round_id).in_(rounds)))
    session.exec(delete(Round).where(col(Round.game_id).in_(game_ids)))
    session.exec(delete(Player).where(col(Player.game_id).in_(game_ids)))
    session.exec(delete(Game).where(col(Game.id).in_(game_ids)))
