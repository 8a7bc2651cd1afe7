"""Finding rows by what visitors bring (a code, a token, a name), and removing games (every row a
game owns, in one statement per table, children first), classes with their tables, and the
uploaded decks no game or class needs any more."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any, Protocol, TypeVar

from sqlalchemy import ColumnElement, String, bindparam, cast
from sqlmodel import Session, col, delete, select, update

from engine import names
from engine.declaration import GameDeclaration
from engine.errors import RuleError
from engine.models import Classroom, DeckPicture, Game, Player, StoredDeck, primary_keys
from engine.tokens import same_hash, token_hash, well_formed

# What a typed code may be once spaces and dashes are gone; anything else is refused unread.
CODE_PATTERN = re.compile(r"[A-Z0-9]{1,12}")
REQUEST_ID_PATTERN = re.compile(r"[A-Za-z0-9_.:-]{1,100}")


class Requested(Protocol):
    """A move's row that carries the request that made it (R12)."""

    request_id: str


R = TypeVar("R", bound=Requested)


# The look-ups every page run makes, each built once: building a statement costs more than
# running it from SQLAlchemy's cache of compiled statements.
GAME_BY_CODE = select(Game).where(Game.code == bindparam("code"))
GAME_BY_FACILITATOR = select(Game).where(Game.facilitator_hash == bindparam("digest"))
PLAYER_AND_GAME = (
    select(Player, Game)
    .join(Game, col(Game.id) == col(Player.game_id))
    .where(Player.token_hash == bindparam("digest"))
)


def game_by_code(session: Session, code: str) -> Game:
    normalised = normal_code(code)
    game = session.exec(GAME_BY_CODE, params={"code": normalised}).first() if normalised else None
    if game is None:
        raise RuleError("error.unknown_code", code=shown(code))
    return game


def game_by_facilitator(session: Session, token: str) -> Game:
    game = None
    if well_formed(token):
        digest = token_hash(token)
        game = session.exec(GAME_BY_FACILITATOR, params={"digest": digest}).first()
    if game is None or not same_hash(game.facilitator_hash, token):
        raise RuleError("error.bad_facilitator_token")
    return game


def player_and_game(session: Session, token: str) -> tuple[Player, Game]:
    """The token's player and their game in one query: a phone's every page run reads both,
    and a query is a round trip to the database."""
    found = None
    if well_formed(token):
        digest = token_hash(token)
        found = session.exec(PLAYER_AND_GAME, params={"digest": digest}).first()
        if found is None and removed(session, digest):
            raise RuleError("error.player_removed")
    if found is None or not same_hash(found[0].token_hash, token):
        raise RuleError("error.bad_player_token")
    return found[0], found[1]


def player_by_token(session: Session, token: str) -> Player:
    return player_and_game(session, token)[0]


def removed(session: Session, digest: str) -> bool:
    """Whether a facilitator removed the player whose token has this hash (Game.banned). Read
    only once a token matches no player, so the polling path never pays for it; a hash is
    hexadecimal, so it cannot be a LIKE pattern."""
    listed = cast(Game.banned, String).contains(f'"{digest}"')
    return session.exec(select(Game.id).where(listed)).first() is not None


def game_by_player(session: Session, token: str) -> Game:
    return player_and_game(session, token)[1]


def players(session: Session, game: Game) -> list[Player]:
    """The game's players in join order."""
    return list(
        session.exec(select(Player).where(Player.game_id == game.id).order_by(col(Player.seat)))
    )


def named(candidates: Sequence[Player], name: object) -> Player | None:
    """The player a facilitator picked by name, as a join compares names (case never counts);
    a name no join would accept picks nobody."""
    try:
        wanted = names.name_key(names.clean_name(name))
    except RuleError:
        return None
    return next((p for p in candidates if p.name_key == wanted), None)


def named_player(session: Session, game: Game, name: object) -> Player:
    """The player the facilitator picked from the game's roster (see `named`)."""
    player = named(players(session, game), name)
    if player is None:
        raise RuleError("error.unknown_player")
    return player


def earlier(
    session: Session, table: type[R], owner_column: Any, player: Player, request_id: str
) -> R | None:
    """The action this request already made, if it is a retry (R12)."""
    if not isinstance(request_id, str) or not REQUEST_ID_PATTERN.fullmatch(request_id):
        raise RuleError("error.bad_request_id")
    return session.exec(
        select(table).where(owner_column == player.id, table.request_id == request_id)
    ).first()


def normal_code(value: object) -> str | None:
    """A typed code as stored (spaces and dashes gone, upper case); None if it cannot be one."""
    normalised = text(value).strip().upper().replace(" ", "").replace("-", "")
    return normalised if CODE_PATTERN.fullmatch(normalised) else None


def text(value: object) -> str:
    """Tokens and codes arrive from URLs and forms: anything but a string matches nothing."""
    return value if isinstance(value, str) else ""


def shown(value: object) -> str:
    """A visitor's text echoed in a message: printable characters only, and not much."""
    return "".join(ch for ch in text(value) if ch.isprintable())[:20]


def delete_games(
    session: Session, game_ids: Sequence[int], games: Iterable[GameDeclaration]
) -> None:
    """Delete these games and everything in them (players' names included): each game's own
    rows (`games`: every game that may be among them), then the shared ones."""
    if not game_ids:
        return
    for forget in dict.fromkeys(game.forget for game in games):
        forget(session, game_ids)
    session.exec(delete(Player).where(col(Player.game_id).in_(game_ids)))
    session.exec(delete(Game).where(col(Game.id).in_(game_ids)))


def lock_free(
    session: Session, model: type[Game] | type[Classroom], *where: ColumnElement[bool]
) -> list[int]:
    """The ids of `model`'s rows matching `where` that no other transaction holds now, locked
    for this one in id order (PostgreSQL; SQLite has one writer). A transaction that locks
    many games or classes must neither wait for one a command holds nor take them in
    another order than a second such transaction would: either makes a deadlock possible
    (docs/reliability.md, the order of locks). A row skipped is being written right now,
    which is all a sweep over many rows needs to know of it."""
    key = col(model.id)
    found = session.exec(
        select(key).where(*where).order_by(key).with_for_update(skip_locked=True)
    ).all()
    return primary_keys(found)


def mark_kept(session: Session, where: Sequence[ColumnElement[bool]], now: float) -> None:
    """Mark the games matching `where` kept by a server at `now` (the keeper's beat), but for
    those a command holds: that command marks its game kept itself (`Door.open`)."""
    kept = lock_free(session, Game, *where)
    if kept:
        session.exec(update(Game).where(col(Game.id).in_(kept)).values(kept_at=now))


def old_classes(session: Session, cutoff: float) -> list[int]:
    """The classes neither changed themselves nor at any table since `cutoff`, locked (but
    for one a command holds now: it is not old)."""
    recent = select(Game.classroom_id).where(
        Game.touched_at >= cutoff, col(Game.classroom_id).is_not(None)
    )
    return lock_free(
        session, Classroom, col(Classroom.touched_at) < cutoff, col(Classroom.id).not_in(recent)
    )


def delete_classes(
    session: Session, class_ids: Sequence[int], games: Iterable[GameDeclaration]
) -> int:
    """Delete these classes with every table they ever had; how many tables."""
    if not class_ids:
        return 0
    tables = session.exec(select(Game.id).where(col(Game.classroom_id).in_(class_ids))).all()
    delete_games(session, primary_keys(tables), games)
    session.exec(delete(Classroom).where(col(Classroom.id).in_(class_ids)))
    return len(tables)


def delete_unused_decks(session: Session, cutoff: float, prefix: str) -> None:
    """Delete the uploaded decks last used before `cutoff` that no remaining game plays on
    (a game names its deck `prefix` + the deck's id)."""
    # Locked first (PostgreSQL; SQLite has one writer anyway): a game being created on one of
    # them now either committed before (and is seen below) or waits and finds it gone.
    candidates = session.exec(
        select(StoredDeck.id, StoredDeck.ref)
        .where(StoredDeck.used_at < cutoff)
        .order_by(col(StoredDeck.id))  # two purges at once take them in one order
        .with_for_update()
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
