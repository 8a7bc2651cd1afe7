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


class DeckRefused(RuleError):
    """An uploaded deck refused whole, with every problem found (each a RuleError that names
    its row): a teacher fixes them all in one go, and nothing of the deck was kept."""

    def __init__(self, problems: list[RuleError], more: int = 0) -> None:
        super().__init__("error.deck.refused", count=len(problems) + more)
        self.problems = problems
        self.more = more

    def message(self, language: str = "en") -> str:
        """The summary line, then one line per problem."""
        from engine.i18n import translate

        lines = [super().message(language), *(p.message(language) for p in self.problems)]
        if self.more:
            lines.append(translate(language, "error.deck.more", count=self.more))
        return "\n".join(lines)
