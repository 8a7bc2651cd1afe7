"""RuleError: a refused command, carrying a stable message key so pages can translate it."""

from __future__ import annotations

from typing import Any


class RuleError(Exception):
    """A command the rules refuse. Nothing was changed.

    `key` names the message in data/i18n (stable across versions, e.g. "error.wrong_phase");
    `params` fills its placeholders. `str(error)` is the English message.
    """

    def __init__(self, key: str, **params: Any) -> None:
        self.key = key
        self.params = params
        super().__init__(key)

    def message(self, language: str = "en") -> str:
        """The message in `language` (en or es)."""
        from engine.i18n import translate

        return translate(language, self.key, **self.params)

    def __str__(self) -> str:
        return self.message("en")


class DeckError(ValueError):
    """A deck that cannot be played; the message names what is wrong."""
