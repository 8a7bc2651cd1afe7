"""Each game's full rules: docs/rules/<game>.<language>.md, the files the README links too;
and the privacy notice, docs/privacy.md (docs/privacy.es.md in Spanish).

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


#: The privacy notice in each language; each file links the other, which the app's page shows
#: at its own address (/privacy?lang=es) rather than as a file.
PRIVACY: dict[str, Path] = {"en": RULES.parent / "privacy.md", "es": RULES.parent / "privacy.es.md"}


def privacy_notice(language: str) -> str:
    """The privacy notice in `language` (a known one) as Markdown, its link to the other
    language made the app's."""
    text = PRIVACY[language].read_text(encoding="utf-8")
    for other, path in PRIVACY.items():
        text = text.replace(f"]({path.name})", f"](privacy?lang={other})")
    return text


def rulebook(game: str, language: str) -> str | None:
    """The rules of `game` in `language` as Markdown, or None when either is unknown."""
    path = RULEBOOKS.get((game, language))
    return None if path is None else path.read_text(encoding="utf-8")
