"""Removing games (every row a game owns, in one statement per table, children first), classes
with their tables, and the uploaded decks no game or class needs any more."""

from __future__ import annotations

from collections.abc import Sequence

from sqlmodel import Session, col, delete, select

from engine.models import (
    Award,
    Choice,
    Classroom,
    DeckPicture,
    Draft,
    Fragment,
    Game,
    Player,
    Round,
    StoredDeck,
    Vote,
)


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


def old_classes(session: Session, cutoff: float) -> list[int]:
    """The classes neither changed themselves nor at any table since `cutoff`."""
    recent = select(Game.classroom_id).where(
        Game.touched_at >= cutoff, col(Game.classroom_id).is_not(None)
    )
    stale = select(Classroom.id).where(
        Classroom.touched_at < cutoff, col(Classroom.id).not_in(recent)
    )
    return list(session.exec(stale).all())


def delete_classes(session: Session, class_ids: Sequence[int]) -> int:
    """Delete these classes with every table they ever had; how many tables."""
    if not class_ids:
        return 0
    tables = session.exec(select(Game.id).where(col(Game.classroom_id).in_(class_ids))).all()
    delete_games(session, list(tables))
    session.exec(delete(Classroom).where(col(Classroom.id).in_(class_ids)))
    return len(tables)


def delete_unused_decks(session: Session, cutoff: float, prefix: str) -> None:
    """Delete the uploaded decks last used before `cutoff` that no remaining game plays on
    (a game names its deck `prefix` + the deck's id)."""
    # Locked first (PostgreSQL; SQLite has one writer anyway): a game being created on one of
    # them now either committed before (and is seen below) or waits and finds it gone.
    candidates = session.exec(
        select(StoredDeck.id, StoredDeck.ref).where(StoredDeck.used_at < cutoff).with_for_update()
    ).all()
    if not candidates:
        return
    in_use = set(session.exec(select(Game.deck).where(col(Game.deck).startswith(prefix))).all())
    classes = select(Classroom.deck).where(col(Classroom.deck).startswith(prefix))
    in_use |= set(session.exec(classes).all())
    old = [deck_id for deck_id, ref in candidates if prefix + ref not in in_use]
    if old:
        session.exec(delete(DeckPicture).where(col(DeckPicture.deck_id).in_(old)))
        session.exec(delete(StoredDeck).where(col(StoredDeck.id).in_(old)))
