"""A signature on screen (ui/look.py): the name is text in the page's colour, beside its glyph
in the signature colour, since signature colours are too light for text (4.5:1)."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from ui.crossed_canvas.look import SHAPE_GLYPHS, signature_html
from ui.look import BASE_CSS


class ColouredText(HTMLParser):
    """Each piece of text with the colour set by the elements around it (None: the page's)."""

    def __init__(self) -> None:
        super().__init__()
        self.colours: list[str | None] = []
        self.texts: list[tuple[str, str | None]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        style = dict(attrs).get("style") or ""
        colour = next(
            (
                rule.split(":", 1)[1].strip()
                for rule in style.split(";")
                if rule.strip().startswith("color:")
            ),
            None,
        )
        self.colours.append(colour or (self.colours[-1] if self.colours else None))

    def handle_endtag(self, tag: str) -> None:
        self.colours.pop()

    def handle_data(self, data: str) -> None:
        if data.strip():
            self.texts.append((data.strip(), self.colours[-1] if self.colours else None))


def test_the_name_keeps_the_page_colour_and_only_the_glyph_is_coloured():
    parser = ColouredText()
    parser.feed(signature_html({"name": "gold star", "colour": "#ba8822", "shape": "star"}))
    assert parser.texts == [(SHAPE_GLYPHS["star"], "#ba8822"), ("gold star", None)]


def test_the_shared_style_is_one_that_st_html_keeps():
    # st.html's sanitizer drops a whole <style> whose text holds "<" before a letter (as a
    # tag would): every page would lose the shared style (the 28 px roster, the podium).
    css = BASE_CSS.removeprefix("\n<style>").removesuffix("</style>\n")
    assert "<style>" not in css and "</style>" not in css
    assert not re.search(r"<[/\w!]", css), re.search(r"<[/\w!]", css)
