"""Canvas Layers' cards (data/canvas_layers/cards.json): 60 art cards, 15 backgrounds and 12
scoring cards, in English and Spanish, all written and drawn for the project.

The file ships with the game, so a broken one is a bug found at load time, not a player's
mistake: the loader checks it whole and raises CardDataError naming the card and what is wrong.
What a scoring card's condition *means* is code (engine/canvas_layers/rules.py); the file holds
its words, its most ribbons per painting and its points table.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from engine.paths import DATA

FOLDER = DATA / "canvas_layers"
CARDS_FILE = FOLDER / "cards.json"
PICTURES = FOLDER / "pictures"
LANGUAGES = ("en", "es")

ART_CARDS = 60
BACKGROUNDS = 15
SCORING_CARDS = 12
SLOTS = 5  # slots 1 to 5 from the left
MOST_ICONS_PER_SLOT = 2
FRAGMENT_MAX_CHARS = 28  # three fragments and two spaces fit two lines of a phone's title
#: A scoring card's gist: the projector shows four beside the row in a column 28 px high.
MAX_GIST = 26

# The four elements of design, and a bonus icon naming each. A bonus icon fills a slot but is
# no element (rules.py); its id says which element it rewards.
ELEMENTS = ("hue", "shape", "texture", "tone")
BONUS_PREFIX = "bonus-"
BONUSES = tuple(BONUS_PREFIX + element for element in ELEMENTS)
ICONS = frozenset(ELEMENTS + BONUSES)

# The six scoring cards the reference describes, then the six the product writes. The first
# game's four (the rulings) come first in DEFAULT_SCORING.
REFERENCE_SCORING = ("composition", "hierarchy", "movement", "proximity", "space", "symmetry")
OWN_SCORING = ("variety", "repetition", "unity", "rhythm", "harmony", "focus")
SCORING_IDS = REFERENCE_SCORING + OWN_SCORING
DEFAULT_SCORING = ("variety", "repetition", "unity", "composition")

ID_PATTERN = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
PICTURE_PATTERN = re.compile(r"[a-z0-9-]+\.svg")

Icon = str  # one of ICONS
Slots = tuple[tuple[Icon, ...], ...]  # five slots, each empty or one or two icons


class CardDataError(ValueError):
    """The shipped card file is wrong; the message names the card and the problem."""


def bonus_element(icon: Icon) -> str | None:
    """The element a bonus icon rewards ("hue" for "bonus-hue"); None for an element."""
    return icon.removeprefix(BONUS_PREFIX) if icon.startswith(BONUS_PREFIX) else None


@dataclass(frozen=True)
class Text:
    """A short text in both languages."""

    en: str
    es: str

    def text(self, language: str) -> str:
        """The text in `language` (en or es; anything else reads English)."""
        return self.es if language == "es" else self.en


@dataclass(frozen=True)
class Fragments:
    """An art card's three title fragments in one language, one per layer it may lie in."""

    bottom: str
    middle: str
    top: str


@dataclass(frozen=True)
class Element:
    id: str
    name: Text


@dataclass(frozen=True)
class ArtCard:
    """One transparent art card: its icons slot by slot, its picture layer and its title
    fragments. Which fragment a painting reads depends on the layer the card lies in."""

    id: str
    slots: Slots
    picture: str
    en: Fragments
    es: Fragments

    def fragments(self, language: str) -> Fragments:
        """The fragments in `language` (en or es; anything else reads English)."""
        return self.es if language == "es" else self.en


@dataclass(frozen=True)
class Background:
    """A background card: the full frame a painting's three layers lie over."""

    id: str
    picture: str
    name: Text


@dataclass(frozen=True)
class ScoringCard:
    """A scoring card: its name and one-sentence condition, the most ribbons one painting may
    take from it, and the points for 1, 2, 3 ... ribbons collected over a game."""

    id: str
    name: Text
    condition: Text
    gist: Text  # the condition in a few words: the projector's, where the sentence won't fit
    most: int
    points: tuple[int, ...]

    def points_for(self, ribbons: int) -> int:
        """Points for `ribbons` ribbons of this card (0 for none)."""
        if ribbons <= 0:
            return 0
        return self.points[min(ribbons, len(self.points)) - 1]


@dataclass(frozen=True)
class Cards:
    """Everything in the card file, each kind in the file's order."""

    elements: tuple[Element, ...]
    art: tuple[ArtCard, ...]
    backgrounds: tuple[Background, ...]
    scoring: tuple[ScoringCard, ...]


@cache
def load_cards(path: Path = CARDS_FILE) -> Cards:
    """The card file, checked whole: counts, distinct ids, icons per slot, pictures present,
    fragments and texts in both languages, points tables rising faster than the count."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise CardDataError(f"{path}: cannot be read as JSON ({error})") from error
    if not isinstance(data, dict):
        raise CardDataError(f"{path}: the file must hold one object")
    pictures = path.parent / "pictures"
    elements = tuple(_element(raw, path) for raw in _list(data, "elements", len(ELEMENTS), path))
    if tuple(element.id for element in elements) != ELEMENTS:
        raise CardDataError(f"{path}: the elements must be {', '.join(ELEMENTS)}, in that order")
    art = tuple(_art(raw, path, pictures) for raw in _list(data, "art", ART_CARDS, path))
    backgrounds = tuple(
        _background(raw, path, pictures) for raw in _list(data, "backgrounds", BACKGROUNDS, path)
    )
    scoring = tuple(_scoring(raw, path) for raw in _list(data, "scoring", SCORING_CARDS, path))
    if sorted(card.id for card in scoring) != sorted(SCORING_IDS):
        raise CardDataError(f"{path}: the scoring cards must be {', '.join(SCORING_IDS)}")
    pictured: tuple[ArtCard | Background, ...] = (*art, *backgrounds)
    _distinct(path, "id", [card.id for card in pictured])
    _distinct(path, "picture", [card.picture for card in pictured])
    for language in LANGUAGES:
        for layer in ("bottom", "middle", "top"):
            _distinct(
                path,
                f"{layer} fragment ({language})",
                [getattr(card.fragments(language), layer).casefold() for card in art],
            )
        _distinct(path, f"scoring name ({language})", [c.name.text(language) for c in scoring])
    return Cards(elements, art, backgrounds, scoring)


@cache
def art_by_id() -> Mapping[str, ArtCard]:
    """The shipped art cards by id, built once."""
    return MappingProxyType({card.id: card for card in load_cards().art})


@cache
def backgrounds_by_id() -> Mapping[str, Background]:
    """The shipped backgrounds by id, built once."""
    return MappingProxyType({card.id: card for card in load_cards().backgrounds})


@cache
def scoring_by_id() -> Mapping[str, ScoringCard]:
    """The shipped scoring cards by id, built once."""
    return MappingProxyType({card.id: card for card in load_cards().scoring})


def picture_path(picture: str) -> Path:
    """Where a card's picture file lies."""
    return PICTURES / picture


# ---------------------------------------------------------------- checking one card


def _list(data: dict[str, Any], key: str, count: int, path: Path) -> list[Any]:
    raw = data.get(key)
    if not isinstance(raw, list) or len(raw) != count:
        raise CardDataError(f"{path}: '{key}' must be a list of {count}")
    return raw


def _object(raw: object, what: str, path: Path) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise CardDataError(f"{path}: {what} is not an object")
    return raw


def _id(value: object, path: Path) -> str:
    if not isinstance(value, str) or not ID_PATTERN.fullmatch(value):
        raise CardDataError(f"{path}: {value!r} is not an id (lower-case words joined by hyphens)")
    return value


def _text(value: object, what: str, path: Path, most: int) -> str:
    if (
        not isinstance(value, str)
        or value != " ".join(value.split())
        or not 1 <= len(value) <= most
    ):
        raise CardDataError(
            f"{path}: {what} must be 1 to {most} characters, without leading, trailing or "
            "double spaces"
        )
    return value


def _texts(raw: object, what: str, path: Path, most: int) -> Text:
    raw = _object(raw, what, path)
    return Text(
        *(_text(raw.get(language), f"{what} ({language})", path, most) for language in LANGUAGES)
    )


def _picture(value: object, card_id: str, path: Path, pictures: Path) -> str:
    if not isinstance(value, str) or not PICTURE_PATTERN.fullmatch(value):
        raise CardDataError(f"{path}: card {card_id} must name an .svg picture")
    if not (pictures / value).is_file():
        raise CardDataError(f"{path}: card {card_id}'s picture {value} is not in {pictures}")
    return value


def _element(raw: object, path: Path) -> Element:
    raw = _object(raw, "an element", path)
    element_id = _id(raw.get("id"), path)
    return Element(element_id, _texts(raw.get("name"), f"element {element_id}'s name", path, 20))


def _art(raw: object, path: Path, pictures: Path) -> ArtCard:
    raw = _object(raw, "an art card", path)
    card_id = _id(raw.get("id"), path)
    slots = raw.get("slots")
    if not isinstance(slots, list) or len(slots) != SLOTS:
        raise CardDataError(f"{path}: card {card_id} must have {SLOTS} slots")
    checked = []
    for number, slot in enumerate(slots, start=1):
        if (
            not isinstance(slot, list)
            or len(slot) > MOST_ICONS_PER_SLOT
            or not all(isinstance(icon, str) and icon in ICONS for icon in slot)
            or len(set(slot)) < len(slot)
        ):
            raise CardDataError(
                f"{path}: card {card_id}'s slot {number} must be empty or hold one or two "
                f"different icons of {', '.join(sorted(ICONS))}"
            )
        checked.append(tuple(slot))
    if not any(checked):
        raise CardDataError(f"{path}: card {card_id} has no icon at all")
    title = _object(raw.get("title"), f"card {card_id}'s title", path)
    fragments = []
    for language in LANGUAGES:
        parts = title.get(language)
        if not isinstance(parts, list) or len(parts) != 3:
            raise CardDataError(
                f"{path}: card {card_id} needs three {language} title fragments "
                "(bottom, middle, top)"
            )
        what = f"card {card_id}'s {language} title fragment"
        fragments.append(Fragments(*(_text(p, what, path, FRAGMENT_MAX_CHARS) for p in parts)))
    picture = _picture(raw.get("picture"), card_id, path, pictures)
    return ArtCard(card_id, tuple(checked), picture, *fragments)


def _background(raw: object, path: Path, pictures: Path) -> Background:
    raw = _object(raw, "a background", path)
    card_id = _id(raw.get("id"), path)
    picture = _picture(raw.get("picture"), card_id, path, pictures)
    return Background(card_id, picture, _texts(raw.get("name"), f"{card_id}'s name", path, 30))


def _scoring(raw: object, path: Path) -> ScoringCard:
    raw = _object(raw, "a scoring card", path)
    card_id = _id(raw.get("id"), path)
    if card_id not in SCORING_IDS:
        raise CardDataError(f"{path}: {card_id!r} is no scoring card the rules know")
    name = _texts(raw.get("name"), f"{card_id}'s name", path, 20)
    condition = _texts(raw.get("condition"), f"{card_id}'s condition", path, 160)
    for language in LANGUAGES:
        sentence = condition.text(language)
        if not sentence.endswith(".") or sentence.count(".") != 1:
            raise CardDataError(f"{path}: {card_id}'s {language} condition must be one sentence")
    gist = _texts(raw.get("gist"), f"{card_id}'s gist", path, MAX_GIST)
    most = raw.get("most")
    if isinstance(most, bool) or not isinstance(most, int) or not 1 <= most <= SLOTS:
        raise CardDataError(f"{path}: {card_id}'s most ribbons per painting must be 1 to {SLOTS}")
    points = raw.get("points")
    # Three paintings a game: a player can hold at most three times `most` ribbons of a card.
    if (
        not isinstance(points, list)
        or len(points) != 3 * most
        or not all(isinstance(p, int) and not isinstance(p, bool) and p > 0 for p in points)
    ):
        raise CardDataError(
            f"{path}: {card_id}'s points must be {3 * most} positive whole numbers, for 1 to "
            f"{3 * most} ribbons"
        )
    if not rises_faster_than_count(points):
        raise CardDataError(
            f"{path}: {card_id}'s points must rise faster than the ribbons: each ribbon more "
            "must be worth more per ribbon"
        )
    return ScoringCard(card_id, name, condition, gist, most, tuple(points))


def rises_faster_than_count(points: list[int] | tuple[int, ...]) -> bool:
    """Whether points for n ribbons, divided by n, grow with every ribbon: collecting a set
    pays more than its ribbons one by one."""
    return all(
        later * count > earlier * (count + 1)
        for count, (earlier, later) in enumerate(zip(points, points[1:], strict=False), start=1)
    )


def _distinct(path: Path, what: str, values: list[str]) -> None:
    seen: set[str] = set()
    for value in values:
        if value in seen:
            raise CardDataError(f"{path}: {what} {value!r} appears twice")
        seen.add(value)
