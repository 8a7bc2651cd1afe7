"""Where a game's deck comes from and how it is found again: the data folder's, a file the
code names, or one a teacher uploaded (stored in the database, for their browser alone). Any
game that plays from decks (its declaration's `Decks`) is served the same way; the last few
uploaded decks read stay in memory, since an uploaded deck never changes.
"""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

from sqlmodel import Session, col, select

from engine import storage
from engine.caches import Shelf
from engine.declaration import Decks, UploadedDeck
from engine.errors import RuleError
from engine.models import DeckPicture, Game, StoredDeck, id_of
from engine.seats import browser_key
from engine.uploads import picture_data_uri

DEFAULT_DECK_NAME = "default"
# A game on an uploaded deck stores this before the deck's id (never a file's path).
STORED_DECK_PREFIX = "stored:"
# An uploaded deck's id: unguessable, since it is all a page sends to play from it.
DECK_REF_BYTES = 18
MAX_DECK_TITLE = 60
# Uploaded decks this process keeps read (with their pictures, up to 24 MB each).
DECK_CACHE_SIZE = 8


class DeckStore:
    """The decks games are played from, and the uploaded ones this process last read."""

    def __init__(self, size: int = DECK_CACHE_SIZE) -> None:
        self._read: Shelf[str, Any] = Shelf(size)

    @staticmethod
    def name_for(
        session: Session, deck: object, browser: str | None, now: float, decks: Decks | None
    ) -> str:
        """What a new game playing from `decks` stores to find its deck again.

        Decks come from the data folder, by name, from a JSON file in the data folder the code
        itself names (a `Path`: tests and tools, never a visitor, who can only send text), or
        from the database, by the id only its uploading browser knows and for that browser
        alone; anything else (a file outside the data folder too, any deck for a game that
        plays from none) is refused unread, with one message whether the deck is missing or
        someone else's.
        """
        if deck is None or deck == DEFAULT_DECK_NAME:
            return DEFAULT_DECK_NAME
        if decks is None:
            raise RuleError("error.unknown_deck", deck=storage.shown(str(deck)))
        if isinstance(deck, Path):
            path = decks.in_data(deck)
            if path is None:
                raise RuleError("error.unknown_deck", deck=storage.shown(deck.name))
            return str(decks.load(path).path)
        owner = browser_key(browser)
        stored = (
            # Locked: a purge of unused decks at this moment waits for this game, or wins.
            session.exec(select(StoredDeck).where(StoredDeck.ref == deck).with_for_update()).first()
            if isinstance(deck, str) and owner is not None
            else None
        )
        if stored is None or stored.owner != owner:
            raise RuleError("error.unknown_deck", deck=storage.shown(deck))
        stored.used_at = now
        session.add(stored)
        return STORED_DECK_PREFIX + stored.ref

    def deck_of(self, session: Session, game: Game, decks: Decks | None) -> Any:
        """The game's deck, read by its game's `decks`; the default one by name, so a game
        survives the app moving folders."""
        if decks is None:
            raise ValueError(f"game {game.code}: {game.kind} plays from no deck")
        if game.deck == DEFAULT_DECK_NAME:
            return decks.load(decks.default)
        if not game.deck.startswith(STORED_DECK_PREFIX):
            return decks.load(Path(game.deck))
        ref = game.deck.removeprefix(STORED_DECK_PREFIX)
        deck = self._read.get(ref)
        if deck is not None:
            return deck
        stored = session.exec(select(StoredDeck).where(StoredDeck.ref == ref)).one()
        pictures = {
            picture.object_id: picture_data_uri(picture.data, picture.mime)
            for picture in session.exec(select(DeckPicture).where(DeckPicture.deck_id == stored.id))
        }
        deck = decks.from_stored(stored.content, pictures)
        self._read.put(ref, deck)
        return deck


def upload_owner(browser: str, title: str) -> tuple[str, str]:
    """The browser key an upload is kept for (the only one that finds it again) and its
    title as kept, refused before the deck is read when either is not one (no browser key; a
    title empty, too long or unprintable)."""
    owner = browser_key(browser)
    if owner is None:
        raise RuleError("error.deck.no_browser")
    cleaned = storage.text(title).strip()
    if not 1 <= len(cleaned) <= MAX_DECK_TITLE or not cleaned.isprintable():
        raise RuleError("error.deck.bad_title", most=MAX_DECK_TITLE)
    return owner, cleaned


def keep_upload(session: Session, owner: str, title: str, deck: UploadedDeck, now: float) -> str:
    """Store a teacher's deck, read whole, for its `owner` (`upload_owner`); returns its id
    for `create_game`."""
    stored = StoredDeck(
        ref=secrets.token_urlsafe(DECK_REF_BYTES),
        owner=owner,
        title=title,
        content=deck.content,
        objects=deck.objects,
        pictures=bool(deck.pictures),
        created_at=now,
        used_at=now,
    )
    session.add(stored)
    session.flush()
    for object_id, (mime, data) in deck.pictures.items():
        session.add(DeckPicture(deck_id=id_of(stored), object_id=object_id, mime=mime, data=data))
    return stored.ref


def uploaded_by(session: Session, browser: str) -> list[dict[str, Any]]:
    """The decks this browser key uploaded, newest first, as its deck list shows them: never
    their objects (a list is no place for a game's secrets)."""
    owner = browser_key(browser)
    if owner is None:
        return []
    found = session.exec(
        select(StoredDeck)
        .where(StoredDeck.owner == owner)
        .order_by(col(StoredDeck.created_at).desc(), col(StoredDeck.id).desc())
    ).all()
    return [
        {
            "id": deck.ref,
            "title": deck.title,
            "objects": deck.objects,
            "pictures": deck.pictures,
            "created_at": deck.created_at,
        }
        for deck in found
    ]
