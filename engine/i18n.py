"""UI and error strings per language, from data/i18n/<language>.json."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from engine.paths import DATA

I18N_DIR = DATA / "i18n"
LANGUAGES = ("en", "es")


@cache
def catalogue(language: str) -> dict[str, str]:
    """All strings of one language, keyed by dotted message key."""
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}")
    strings: dict[str, str] = json.loads((I18N_DIR / f"{language}.json").read_text("utf-8"))
    return strings


def translate(language: str, key: str, **params: Any) -> str:
    """The message `key` in `language`, with `{placeholders}` filled from `params`; with
    `count` 1, its singular `key_one` where the catalogue has one ("1 table", not "1 tables").

    A key missing from the catalogue comes back as itself, so a gap is visible, never a crash.
    """
    strings = catalogue(language if language in LANGUAGES else "en")
    if params.get("count") == 1 and f"{key}_one" in strings:
        key = f"{key}_one"
    text = strings.get(key, key)
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):
        return text
