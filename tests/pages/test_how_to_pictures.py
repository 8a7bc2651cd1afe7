"""A lobby tells its game in three lines, each with a picture that shows what it says, the way
Kahoot and Jackbox open (issue 34): on the projector, one line and its picture at a time, and
on every phone under "How to play". Each picture has its alt text in the page's language,
and neither a picture nor its alt text names a role."""

from __future__ import annotations

import html
import re

import pytest
from pagekit import page, run, tr

from engine import Engine

GAMES = ("crossed_canvas", "canvas_critters", "canvas_layers")
#: A line's picture, then the line (ui/how_to_play.py).
PICTURE_AND_LINE = re.compile(
    r'<img class="cc-howto-picture" alt="([^"]*)" src="data:image/svg\+xml;base64,[^"]+">'
    r"<div>([^<]*)</div>"
)
#: The fixed objects and theme the pictures show, named in their alt texts.
PARAMS = {
    ("crossed_canvas", "en"): {2: {"first": "tiger", "second": "leopard"}, 3: {"chosen": "tiger"}},
    ("crossed_canvas", "es"): {2: {"first": "tigre", "second": "leopardo"}, 3: {"chosen": "tigre"}},
    ("canvas_critters", "en"): {1: {"theme": "Under the sea"}},
    ("canvas_critters", "es"): {1: {"theme": "Bajo el mar"}},
}
ROLES = ("Curator", "Distorter", "Curador", "Distorsionador")


def told(markup: str) -> list[tuple[str, str]]:
    """Each (alt text, line) a page's HTML shows, a picture before its line."""
    return [
        (html.unescape(alt), html.unescape(line)) for alt, line in PICTURE_AND_LINE.findall(markup)
    ]


def expected(game: str, language: str) -> list[tuple[str, str]]:
    params = PARAMS.get((game, language), {})
    return [
        (
            tr(language, f"ui.howto.picture.{game}.{line}", **params.get(line, {})),
            tr(language, f"ui.howto.{game}.{line}"),
        )
        for line in (1, 2, 3)
    ]


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("game", GAMES)
def test_each_how_to_line_has_its_picture_on_the_projector_and_the_phones(
    engine: Engine, game: str, language: str
):
    new = engine.create_game(language, game=game)
    token = engine.join(new.code, "Ana")
    want = expected(game, language)
    for alt, _ in want:
        assert not alt.startswith("ui.howto"), alt  # in the catalogue, in this language
        assert not any(role in alt for role in ROLES)
    projector = run(page("pages/screen.py", code=new.code))
    (cycled,) = [h.value for h in projector.html if "cc-cycle cc-howto" in h.value]
    assert told(cycled) == want
    phone = run(page("pages/play.py", token=token))
    (how_to,) = [e for e in phone.expander if e.label == tr(language, "ui.home.how_to_play")]
    assert told("\n".join(h.value for h in how_to.html)) == want
