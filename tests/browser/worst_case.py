"""The worst case a projected page must hold, the same on every run.

A layout test that lets the game draw at random says "fits" one run and "does not fit" the
next about the same code (a fresh clone's Canvas Critters duel ended at 740 of 720 px with
two long themes it drew, and passed alone with shorter ones). The layout tests take the
widest content the rules allow, on purpose and every time:

- the widest names: 24 characters (the most a name may have) of wide letters;
- Crossed Canvas: each round deals the unused pair whose names are the longest in the game's
  language (`longest_pairs_first`);
- Canvas Critters: the theme deck lies with its longest cards on top (`longest_themes_first`),
  so a duel turns the four longest face up, and a player picks a card's longest theme
  (`longest_theme`).

The decks are stacked in the test's own process, where its engine plays every command (the
game's phases last an hour, so the server never moves one); each patch is undone when the
test ends (pytest's monkeypatch).
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from typing import Any

import pytest

from engine.critters import rules as critters_rules
from engine.critters.themes import load_themes
from engine.crossed_canvas.decks import Deck, Pair

#: Twelve players (the most a game takes), each name of 24 characters (the longest allowed)
#: in letters as wide as names have (M, W, m, w): in the projector's bold 28 px they measure
#: 345 to 388 px in English and 335 to 372 px in Spanish, where ordinary names of 24
#: characters measured 304 to 345 px.
WIDEST_NAMES = {
    "en": [
        "Mohammed Wardrum-Whitman",
        "Wilhelmina Montgomery-Wu",
        "Matthew Woodrow McMurray",
        "Magdalena Wolkowicz-Moon",
        "Gwendolyn Mumford-Wilcox",
        "Montgomery Woodward Moss",
        "Marmaduke Wyndham-Morrow",
        "Winnifred Mumm-Wadsworth",
        "Odhiambo Mwangi-Wamwangi",
        "Nkemdirim Mbah-Onwuemene",
        "Hermione Wadsworth-Holms",
        "Wendell Montgomery Worth",
    ],
    "es": [
        "Edmundo Montemayor Gómez",
        "Guillermo Méndez Montaño",
        "Wenceslao Montaño Medina",
        "Maximino Mondragón Muñoz",
        "Guadalupe Wong Maldonado",
        "Magdalena Ordóñez Montes",
        "Mónica Mayorga Hernández",
        "Osmundo Mejía Montemayor",
        "Wilfredo Menéndez Guzmán",
        "Moisés Mondragón Ordóñez",
        "Mariana Guadalupe Méndez",
        "Marcela Monserrat Guzmán",
    ],
}


def longest_theme(themes: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Of a card's themes as a view lists them (id and text), the one with the longest text."""
    return max(themes, key=lambda theme: len(theme["text"]))


def longest_themes_first(monkeypatch: pytest.MonkeyPatch, language: str) -> None:
    """Canvas Critters' theme deck shuffled with its longest cards in `language` on top."""
    length = {
        card.id: sum(len(theme.text(language)) for theme in card.themes) for card in load_themes()
    }

    def shuffled_deck(cards: Sequence[str], rng: random.Random) -> list[str]:
        return sorted(cards, key=lambda card: -length[card])

    monkeypatch.setattr(critters_rules, "shuffled_deck", shuffled_deck)


def longest_pairs_first(monkeypatch: pytest.MonkeyPatch, language: str) -> None:
    """Each Crossed Canvas round deals the unused pair whose names in `language` are the
    longest."""

    def unused_pair(deck: Deck, used: Collection[str], rng: random.Random) -> Pair:
        def length(pair: Pair) -> int:
            return sum(len(deck.objects[side].names[language]) for side in (pair.a, pair.b))

        return max((pair for pair in deck.pairs if pair.key not in used), key=length)

    monkeypatch.setattr(Deck, "unused_pair", unused_pair)


def widest_class(language: str, count: int) -> list[str]:
    """`count` names of a whole class (up to 36), as wide as WIDEST_NAMES: those, then each
    with its first word moved to the end ("Wardrum-Whitman Mohammed"), then each with the
    halves of its double name swapped ("Mohammed Whitman-Wardrum") or its last word first:
    the same letters and so the same width, and a name of its own."""
    names = WIDEST_NAMES[language]
    turned = [" ".join(reversed(name.split(" ", 1))) for name in names]
    everyone = names + turned + [_swapped(name) for name in names]
    assert count <= len(set(everyone)) == len(everyone), count
    return everyone[:count]


def _swapped(name: str) -> str:
    words = name.split(" ")
    for index, word in enumerate(words):
        if "-" in word:
            first, second = word.split("-", 1)
            words[index] = f"{second}-{first}"
            return " ".join(words)
    return " ".join([words[-1], *words[:-1]])
