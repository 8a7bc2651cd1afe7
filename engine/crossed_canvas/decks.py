"""Decks: objects with bilingual names and pictures, grouped in visually close pairs.

A deck is checked whole when it is loaded, so a broken deck is refused before any game uses it,
with a message naming where it is wrong. Names are checked as a reader sees them (reads_as):
no invisible character, none blank, no two alike in a language, no signature word (R3).
"""

from __future__ import annotations

import json
import random
import re
import unicodedata
from collections.abc import Collection
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from engine.crossed_canvas.rules import MAX_PLAYERS, signature_words
from engine.errors import DeckError, RuleError
from engine.i18n import LANGUAGES
from engine.names import skeleton, typed_text
from engine.paths import DATA

# The only folder a game's deck file may come from (create_game refuses any other unread).
DATA_FOLDER = DATA
DEFAULT_DECK = DATA_FOLDER / "deck.json"
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

    def unused_pair(self, used: Collection[str], rng: random.Random) -> Pair:
        """A pair whose key is not in `used`, drawn at random: a game never repeats one."""
        return rng.choice([pair for pair in self.pairs if pair.key not in used])

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
    """The deck at `path`, validated; raises DeckError naming the first problem found.

    A message names where the problem is (an entry's position, a field), never what the
    file holds: a tool may point this at any file, and an error is shown and logged.
    """
    path = Path(path).resolve()
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno}, column {exc.colno}"
        raise DeckError(f"deck {path}: cannot be read as JSON ({where})") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise DeckError(
            f"deck {path}: cannot be read as UTF-8 JSON ({type(exc).__name__})"
        ) from None
    if not isinstance(raw, dict):
        raise DeckError(f"deck {path}: the top level must be an object")
    categories = _categories(path, raw.get("categories"))
    objects = _objects(path, raw.get("objects"), categories)
    pairs = _pairs(path, raw.get("pairs"), objects)
    deck = Deck(path, categories, objects, pairs)
    for index, pair in enumerate(pairs):
        if len(deck.neutrals(pair)) < 2:
            raise DeckError(
                f"deck {path}: pairs[{index}] needs at least two other objects in its "
                f"category for neutral options"
            )
    return deck


def data_deck(path: Path) -> Path | None:
    """`path` resolved (symbolic links followed) when it names a JSON file inside the data
    folder, else None; decided from the name alone, without opening the file."""
    resolved = Path(path).resolve()
    inside = resolved.is_relative_to(DATA_FOLDER.resolve()) and resolved.suffix == ".json"
    return resolved if inside else None


def reads_as(text: str) -> str:
    """A deck's name as a reader sees it: without case, accents, invisible characters or
    letters of another script that look the same (the TR39 skeleton of the folded text), so
    "Círculo", "circulo" and a "circulo" spelt with a Cyrillic "о" are one name."""
    return skeleton(fold(text))


@cache
def _signature_words_read() -> dict[str, str]:
    return {reads_as(word): word for word in signature_words()}


def signature_word(name: str) -> str | None:
    """The first signature word (R3) in `name`, compared as read (reads_as): a look-alike
    spelling of "green" still names a signature's colour."""
    words = _signature_words_read()
    return min((words[w] for w in re.findall(r"\w+", reads_as(name)) if w in words), default=None)


NAME_PROBLEMS = {
    "error.deck.looks_blank": "has no {language!r} name one can see",
    "error.deck.name_chars": "hides an invisible character in its {language!r} name",
}


def _names(path: Path, where: str, entry: dict[str, Any]) -> dict[str, str]:
    """An entry's names, one per language, as a page shows them (engine.names.typed_text)."""
    names = {}
    for language in LANGUAGES:
        try:
            names[language] = typed_text(
                entry.get(language), empty="error.deck.looks_blank", bad="error.deck.name_chars"
            )
        except RuleError as error:
            problem = NAME_PROBLEMS[error.key].format(language=language)
            raise DeckError(f"deck {path}: {where} {problem}") from None
    return names


def _entries(path: Path, raw: object, what: str) -> list[dict[str, Any]]:
    if not isinstance(raw, list) or not raw or not all(isinstance(e, dict) for e in raw):
        raise DeckError(f"deck {path}: {what!r} must be a non-empty list of objects")
    return raw


def _checked_id(path: Path, value: object, where: str, seen: dict[str, str]) -> str:
    if not isinstance(value, str) or not ID_PATTERN.match(value):
        raise DeckError(f"deck {path}: {where} id must be 1 to 40 letters, digits, - or _")
    if value in seen:
        raise DeckError(f"deck {path}: {where} id appears twice (first in {seen[value]})")
    seen[value] = where
    return value


def _distinct(
    path: Path, where: str, names: dict[str, str], seen: dict[tuple[str, str], str]
) -> None:
    """Refuse a name that reads the same (reads_as) as an earlier entry's in its language."""
    for language, name in names.items():
        first = seen.setdefault((language, reads_as(name)), where)
        if first != where:
            raise DeckError(f"deck {path}: {where} {language!r} name reads the same as {first}'s")


def _categories(path: Path, raw: object) -> dict[str, dict[str, str]]:
    ids: dict[str, str] = {}
    read: dict[tuple[str, str], str] = {}
    result = {}
    for index, entry in enumerate(_entries(path, raw, "categories")):
        where = f"categories[{index}]"
        category_id = _checked_id(path, entry.get("id"), where, ids)
        result[category_id] = _names(path, where, entry)
        _distinct(path, where, result[category_id], read)
    return result


def _objects(
    path: Path, raw: object, categories: dict[str, dict[str, str]]
) -> dict[str, DeckObject]:
    ids: dict[str, str] = {}
    read: dict[tuple[str, str], str] = {}
    result = {}
    for index, entry in enumerate(_entries(path, raw, "objects")):
        where = f"objects[{index}]"
        object_id = _checked_id(path, entry.get("id"), where, ids)
        if entry.get("category") not in categories:
            raise DeckError(f"deck {path}: {where} has an unknown category")
        names = _names(path, where, entry)
        _distinct(path, where, names, read)
        for language, name in names.items():
            word = signature_word(name)
            if word is not None:
                raise DeckError(
                    f"deck {path}: {where} {language} name uses the signature word "
                    f"{word!r}, so a signature could hint at it"
                )
        image = path.parent / str(entry.get("image", ""))
        if not entry.get("image") or not image.is_file():
            raise DeckError(f"deck {path}: {where} picture is missing")
        result[object_id] = DeckObject(object_id, entry["category"], names, image)
    return result


def fold(text: str) -> str:
    """Lower case without accents: "Círculo" and "circulo" are the same word to a reader."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _pairs(path: Path, raw: object, objects: dict[str, DeckObject]) -> tuple[Pair, ...]:
    keys: set[str] = set()
    pairs = []
    for index, entry in enumerate(_entries(path, raw, "pairs")):
        a, b = entry.get("a"), entry.get("b")
        where = f"pairs[{index}]"
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
