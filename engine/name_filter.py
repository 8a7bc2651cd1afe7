"""The built-in filter of names a school would refuse (data/name_filter.json).

A name is refused when one of its words, or the whole name run together, is a listed word once
both are normalised the same way: NFKC, case folded, accents dropped, the usual digit and
symbol stand-ins read as letters ("sh1t", "$hit"), then the TR39 confusable skeleton (a
Cyrillic "с" reads as "c"). Whole words only, never a part of one, so "Cassandra" and
"Dickens" pass; a real name it still catches ("Dick") is allowed by the facilitator.
"""

from __future__ import annotations

import json
import re
import unicodedata
from functools import lru_cache

from engine.names import skeleton
from engine.paths import DATA

WORDS_FILE = DATA / "name_filter.json"
LANGUAGES = ("en", "es")
# Digits and symbols written for the letters they look like.
STAND_INS = str.maketrans({"0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a",
                           "$": "s", "!": "i", "|": "i"})  # fmt: skip
_WORD = re.compile(r"[^\W_]+")


def _plain(text: str) -> str:
    """Case folded, accents dropped, stand-ins read as letters."""
    folded = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", text).casefold())
    return "".join(c for c in folded if not unicodedata.combining(c)).translate(STAND_INS)


@lru_cache(maxsize=1)
def refused_words() -> frozenset[str]:
    """Every listed word of every language, as `refuses` compares them."""
    data = json.loads(WORDS_FILE.read_text(encoding="utf-8"))
    return frozenset(skeleton(_plain(word)) for language in LANGUAGES for word in data[language])


def refuses(name: str) -> bool:
    """Whether the filter refuses this (already cleaned) name."""
    words = _WORD.findall(_plain(name))
    candidates = {*words, "".join(words)}
    return any(skeleton(word) in refused_words() for word in candidates if word)
