"""The theme deck (data/critters/themes.json): 36 cards of four themes, in English and Spanish.

Written for the project, for classes of 10 to 16: each card mixes things, places, moments and
ideas that a mosaic of animal pieces can suggest, none violent, branded or tied to one culture's
holidays. The Spanish is Spain's, said as a Spanish speaker would say it.

The file ships with the game, so a broken one is a bug found at load time, not a player's
mistake: the loader checks it whole and raises ValueError naming what is wrong.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType

from engine.critters.rules import THEMES_PER_CARD
from engine.paths import DATA

THEMES_FILE = DATA / "critters" / "themes.json"
THEME_CARDS = 36  # Components: 36 theme cards
THEME_MAX_CHARS = 40  # fits one line on a phone at the game's type size
LANGUAGES = ("en", "es")
ID_PATTERN = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")


@dataclass(frozen=True)
class Theme:
    id: str
    en: str
    es: str

    def text(self, language: str) -> str:
        """The theme in `language` (en or es; anything else reads English)."""
        return self.es if language == "es" else self.en


@dataclass(frozen=True)
class ThemeCard:
    id: str
    themes: tuple[Theme, ...]


@cache
def load_themes(path: Path = THEMES_FILE) -> tuple[ThemeCard, ...]:
    """Every card of the deck, in the file's order, checked: 36 cards with distinct ids, four
    themes each, every theme with an id and a text of 1 to 40 characters in both languages,
    and no theme twice in the deck (by id, or by its text in either language)."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    raw_cards = data.get("cards") if isinstance(data, dict) else None
    if not isinstance(raw_cards, list) or len(raw_cards) != THEME_CARDS:
        raise ValueError(f"{path}: the deck must be {THEME_CARDS} cards under 'cards'")
    cards = tuple(_card(raw, path) for raw in raw_cards)
    _distinct(path, "card id", [card.id for card in cards])
    themes = [theme for card in cards for theme in card.themes]
    _distinct(path, "theme id", [theme.id for theme in themes])
    for language in LANGUAGES:
        _distinct(
            path, f"theme ({language})", [theme.text(language).casefold() for theme in themes]
        )
    return cards


@cache
def cards_by_id() -> Mapping[str, ThemeCard]:
    """The shipped deck's cards by id, built once: every view of a round looks its card up."""
    return MappingProxyType({card.id: card for card in load_themes()})


@cache
def themes_by_id() -> Mapping[str, Theme]:
    """Every theme of the shipped deck by its id, built once."""
    return MappingProxyType({theme.id: theme for card in load_themes() for theme in card.themes})


@cache
def theme_ids() -> Mapping[str, tuple[str, ...]]:
    """Each card's theme ids, in the card's order (built once: every pick checks it)."""
    return MappingProxyType(
        {card.id: tuple(theme.id for theme in card.themes) for card in load_themes()}
    )


def _card(raw: object, path: Path) -> ThemeCard:
    if not isinstance(raw, dict) or not isinstance(raw.get("themes"), list):
        raise ValueError(f"{path}: a card must be an object with an id and a list of themes")
    card_id = _id(raw.get("id"), path)
    if len(raw["themes"]) != THEMES_PER_CARD:
        raise ValueError(f"{path}: card {card_id} must have {THEMES_PER_CARD} themes")
    return ThemeCard(card_id, tuple(_theme(theme, card_id, path) for theme in raw["themes"]))


def _theme(raw: object, card_id: str, path: Path) -> Theme:
    if not isinstance(raw, dict):
        raise ValueError(f"{path}: card {card_id} has a theme that is not an object")
    theme_id = _id(raw.get("id"), path)
    texts = []
    for language in LANGUAGES:
        text = raw.get(language)
        if (
            not isinstance(text, str)
            or text != " ".join(text.split())
            or not 1 <= len(text) <= THEME_MAX_CHARS
        ):
            raise ValueError(
                f"{path}: theme {theme_id} needs a {language} text of 1 to {THEME_MAX_CHARS} "
                "characters, without leading, trailing or double spaces"
            )
        texts.append(text)
    return Theme(theme_id, *texts)


def _id(value: object, path: Path) -> str:
    if not isinstance(value, str) or not ID_PATTERN.fullmatch(value):
        raise ValueError(f"{path}: {value!r} is not an id (lower-case words joined by hyphens)")
    return value


def _distinct(path: Path, what: str, values: list[str]) -> None:
    seen: set[str] = set()
    for value in values:
        if value in seen:
            raise ValueError(f"{path}: {what} {value!r} appears twice in the deck")
        seen.add(value)
