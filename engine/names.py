"""What people type into the app (students' names, mosaic titles, deck names) as it is shown
and compared: NFKC, spaces collapsed, nothing invisible or direction-changing, and look-alikes
told apart by their TR39 confusable skeleton. Shared by every game and by the decks.
"""

from __future__ import annotations

import hashlib
import unicodedata

from disarm import skeleton_key

from engine.errors import RuleError

NAME_MAX_CHARS = 24

# Characters a name may not hold: controls (NUL included), format characters (zero-width
# ones, bidi overrides, isolates and marks: an override reversed the projector's sentences),
# lone surrogates, private use, unassigned code points, and line or paragraph separators.
FORBIDDEN_IN_NAMES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
# The controls a keyboard or a paste brings as spaces; they collapse like spaces.
TYPED_WHITESPACE = frozenset("\t\n\r")
# Unicode's Default_Ignorable_Code_Point characters the categories above let through: the
# combining grapheme joiner, Hangul fillers, Khmer inherent vowels and the variation
# selectors. Each shows as nothing, so "gre\u034fen" or "Ana\u3164" passes for another name.
VARIATION_SELECTORS = frozenset(
    [
        *map(chr, range(0xFE00, 0xFE10)),
        *map(chr, range(0xE0100, 0xE01F0)),
        *"\u180b\u180c\u180d\u180f",
    ]
)
IGNORABLE = VARIATION_SELECTORS | frozenset("\u034f\u115f\u1160\u17b4\u17b5\u3164\uffa0")
# A variation selector picks how the symbol, digit or sign before it looks ("❤️", "1️⃣"):
# there it is part of an emoji; after a letter or a mark it only hides.
VARIATION_BASES = frozenset("NPS")


def clean_name(name: object) -> str:
    """A player's name as shown: NFKC, spaces trimmed and collapsed, 1 to 24 characters.

    NFKC makes a full-width or decomposed spelling the ordinary one, so the roster shows one
    spelling per name. Invisible or direction-changing characters are refused rather than
    dropped, so nobody is seated under a name other than the one they typed; so is a name
    with nothing to see (only fillers or blank patterns).
    """
    cleaned = typed_text(name, empty="error.name_empty", bad="error.name_bad_characters")
    if len(cleaned) > NAME_MAX_CHARS:
        raise RuleError("error.name_too_long", max=NAME_MAX_CHARS)
    return cleaned


def typed_text(text: object, *, empty: str, bad: str) -> str:
    """What a person typed (a name, a title) as shown: NFKC, spaces trimmed and collapsed;
    refused with `empty` when it has nothing to see, with `bad` when it holds an invisible
    or direction-changing character (an emoji's variation selector is not one)."""
    if not isinstance(text, str):
        raise RuleError(empty)
    normal = unicodedata.normalize("NFKC", text)
    if any(
        unicodedata.category(char) in FORBIDDEN_IN_NAMES and char not in TYPED_WHITESPACE
        for char in normal
    ):
        raise RuleError(bad)
    cleaned = " ".join(normal.split())
    if not cleaned or not skeleton(cleaned):
        raise RuleError(empty)
    if _hides(cleaned):
        raise RuleError(bad)
    return cleaned


def _hides(text: str) -> bool:
    """Whether `text` holds a character that shows as nothing (IGNORABLE), other than a
    variation selector right after the symbol, digit or sign it styles."""
    return any(
        char in IGNORABLE
        and not (
            char in VARIATION_SELECTORS
            and index > 0
            and unicodedata.category(text[index - 1])[0] in VARIATION_BASES
        )
        for index, char in enumerate(text)
    )


def name_key(name: str) -> str:
    """What two names in a game must not share: a SHA-256 hex digest of their confusable
    skeleton, so "Ana", "ANA" and an "Ana" spelt with a Cyrillic or full-width A share one key.

    A digest because the skeleton of a 24-character name can be longer than the 64
    characters of player.name_key; equal skeletons still give equal keys. The facilitator's
    pick reaches here unchecked, so a lone surrogate must not make encoding fail.
    """
    return hashlib.sha256(skeleton(name).encode("utf-8", "surrogatepass")).hexdigest()


def skeleton(name: str) -> str:
    """The Unicode TR39 confusable skeleton (disarm's, from Unicode's confusables.txt) of the
    case-folded NFKC name: case folded first, so case never counts (RULINGS); digits fold as
    TR39 has them (0 like o, 1 like l), so "B0b" is "Bob"."""
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    return skeleton_key(folded, digit_policy="tr39")
