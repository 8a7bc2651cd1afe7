"""Decks: objects with bilingual names and pictures, grouped in visually close pairs.

A deck is checked whole when it is loaded, so a broken deck is refused before any game uses it,
with a message naming what is wrong.
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from engine.errors import DeckError
from engine.i18n import LANGUAGES
from engine.rules import MAX_PLAYERS, signature_words

DEFAULT_DECK = Path(__file__).resolve().parent.parent / "data" / "deck.json"
ID_PATTERN = re.compile(r"^[A-Za-z0-9_-]{1,40}$")
CLOSENESS_LEVELS = (1, 2, 3)


@dataclass(frozen=True)
class DeckObject:
    id: str
    category: str
    names: dict[str, str]
    # A file of a deck in data/, a data URI of an uploaded one, None in a deck of names only.
    image: Path | str | None


@dataclass(frozen=True)
class Pair:
    a: str
    b: str
    closeness: int

    @property
    def key(self) -> str:
        """The same for (a, b) and (b, a): what "never repeat a pair" compares."""
        return "|".join(sorted((self.a, self.b)))


@dataclass(frozen=True)
class Deck:
    path: Path | None  # None for a deck uploaded to the database
    categories: dict[str, dict[str, str]]
    objects: dict[str, DeckObject]
    pairs: tuple[Pair, ...]

    def neutrals(self, pair: Pair) -> list[str]:
        """Objects of the pair's category that are not in it: candidates for neutral options."""
        category = self.objects[pair.a].category
        return sorted(
            obj.id
            for obj in self.objects.values()
            if obj.category == category and obj.id not in (pair.a, pair.b)
        )


@cache
def load_deck(path: Path | str = DEFAULT_DECK) -> Deck:
    """The deck at `path`, validated; raises DeckError naming the first problem found."""
    path = Path(path).resolve()
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise DeckError(f"deck {path}: cannot be read as JSON ({exc})") from exc
    if not isinstance(raw, dict):
        raise DeckError(f"deck {path}: the top level must be an object")
    categories = _categories(path, raw.get("categories"))
    objects = _objects(path, raw.get("objects"), categories)
    pairs = _pairs(path, raw.get("pairs"), objects)
    deck = Deck(path, categories, objects, pairs)
    for pair in pairs:
        if len(deck.neutrals(pair)) < 2:
            raise DeckError(
                f"deck {path}: pair {pair.a}/{pair.b} needs at least two other objects "
                f"in category {objects[pair.a].category!r} for neutral options"
            )
    return deck


def _names(path: Path, where: str, entry: dict) -> dict[str, str]:
    names = {}
    for language in LANGUAGES:
        name = entry.get(language)
        if not isinstance(name, str) or not name.strip():
            raise DeckError(f"deck {path}: {where} has no {language!r} name")
        names[language] = name.strip()
    return names


def _entries(path: Path, raw: object, what: str) -> list[dict]:
    if not isinstance(raw, list) or not raw or not all(isinstance(e, dict) for e in raw):
        raise DeckError(f"deck {path}: {what!r} must be a non-empty list of objects")
    return raw


def _checked_id(path: Path, value: object, what: str, seen: set[str]) -> str:
    if not isinstance(value, str) or not ID_PATTERN.match(value):
        raise DeckError(f"deck {path}: {what} id {value!r} must be letters, digits, - or _")
    if value in seen:
        raise DeckError(f"deck {path}: {what} id {value!r} appears twice")
    seen.add(value)
    return value


def _categories(path: Path, raw: object) -> dict[str, dict[str, str]]:
    seen: set[str] = set()
    result = {}
    for entry in _entries(path, raw, "categories"):
        category_id = _checked_id(path, entry.get("id"), "category", seen)
        result[category_id] = _names(path, f"category {category_id!r}", entry)
    return result


def _objects(path: Path, raw: object, categories: dict) -> dict[str, DeckObject]:
    seen: set[str] = set()
    forbidden = {fold(word) for word in signature_words()}
    result = {}
    for entry in _entries(path, raw, "objects"):
        object_id = _checked_id(path, entry.get("id"), "object", seen)
        where = f"object {object_id!r}"
        if entry.get("category") not in categories:
            raise DeckError(f"deck {path}: {where} has unknown category {entry.get('category')!r}")
        names = _names(path, where, entry)
        for language, name in names.items():
            clash = forbidden & set(re.findall(r"\w+", fold(name)))
            if clash:
                raise DeckError(
                    f"deck {path}: {where} {language} name {name!r} uses the signature word "
                    f"{sorted(clash)[0]!r}, so a signature could hint at it"
                )
        image = path.parent / str(entry.get("image", ""))
        if not entry.get("image") or not image.is_file():
            raise DeckError(f"deck {path}: {where} picture {entry.get('image')!r} is missing")
        result[object_id] = DeckObject(object_id, entry["category"], names, image)
    return result


def fold(text: str) -> str:
    """Lower case without accents: "Círculo" and "circulo" are the same word to a reader."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _pairs(path: Path, raw: object, objects: dict[str, DeckObject]) -> tuple[Pair, ...]:
    keys: set[str] = set()
    pairs = []
    for entry in _entries(path, raw, "pairs"):
        a, b = entry.get("a"), entry.get("b")
        where = f"pair {a}/{b}"
        if a not in objects or b not in objects:
            raise DeckError(f"deck {path}: {where} names an unknown object")
        if a == b:
            raise DeckError(f"deck {path}: {where} pairs an object with itself")
        if objects[a].category != objects[b].category:
            raise DeckError(f"deck {path}: {where} mixes two categories")
        if entry.get("closeness") not in CLOSENESS_LEVELS:
            raise DeckError(f"deck {path}: {where} closeness must be one of {CLOSENESS_LEVELS}")
        pair = Pair(a, b, entry["closeness"])
        if pair.key in keys:
            raise DeckError(f"deck {path}: {where} appears twice")
        keys.add(pair.key)
        pairs.append(pair)
    if len(pairs) < MAX_PLAYERS:
        raise DeckError(
            f"deck {path}: {len(pairs)} pairs cannot give a {MAX_PLAYERS}-player game a new "
            f"pair every round"
        )
    return tuple(pairs)


def stored_deck(content: dict[str, Any], pictures: dict[str, str]) -> Deck:
    """An uploaded deck from what the database keeps (checked whole when it was uploaded);
    `pictures` are data URIs by object id, none at all for a deck of names only."""
    objects = {
        entry["id"]: DeckObject(
            entry["id"],
            entry["category"],
            {language: entry[language] for language in LANGUAGES},
            pictures.get(entry["id"]),
        )
        for entry in content["objects"]
    }
    return Deck(
        None,
        {c["id"]: {language: c[language] for language in LANGUAGES} for c in content["categories"]},
        objects,
        tuple(Pair(p["a"], p["b"], p["closeness"]) for p in content["pairs"]),
    )
