"""Each game's full rules: docs/rules/<game>.<language>.md, the files the README links too.

They are found from the source tree, as data/ is (engine/paths.py), so the app
and a fresh clone read the same files. Only the files listed here are ever read: a page passes
what its address asks for, and a value that is not a known game and language reads nothing.
"""

from __future__ import annotations

from pathlib import Path

from engine.games import OFFERED
from engine.i18n import LANGUAGES
from engine.paths import RULES

#: Every rulebook, by (game, language): "crossed_canvas" reads crossed-canvas.en.md.
RULEBOOKS: dict[tuple[str, str], Path] = {
    (game, language): RULES / f"{game.replace('_', '-')}.{language}.md"
    for game in OFFERED
    for language in LANGUAGES
}


def rulebook(game: str, language: str) -> str | None:
    """The rules of `game` in `language` as Markdown, or None when either is unknown."""
    path = RULEBOOKS.get((game, language))
    return None if path is None else path.read_text(encoding="utf-8")
