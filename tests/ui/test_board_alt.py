"""The composition's alt text: what a screen reader says of the drawing, from counts alone
(the picture is projected, so the text may name no role, author or object)."""

from __future__ import annotations

import pytest

from ui.crossed_canvas.board import composition_alt
from ui.text import translator


def fragment(sig: str, pulse: int = 1) -> dict:
    return {"signature": sig, "pulse": pulse, "strokes": [[[0.1, 0.1], [0.9, 0.9]]]}


@pytest.mark.parametrize(
    ("language", "fragments", "expected"),
    [
        ("en", [], "The drawing so far: nothing drawn yet"),
        ("en", [fragment("a")], "The drawing so far: 1 fragment by 1 signature"),
        ("en", [fragment("a"), fragment("a", 2)], "The drawing so far: 2 fragments by 1 signature"),
        (
            "en",
            [fragment("a"), fragment("b"), fragment("c"), fragment("a", 2)],
            "The drawing so far: 4 fragments by 3 signatures",
        ),
        ("es", [fragment("a"), fragment("b")], "El dibujo hasta ahora: 2 fragmentos de 2 firmas"),
    ],
)
def test_alt_counts_fragments_and_signatures(language, fragments, expected):
    assert composition_alt(fragments, translator(language)) == expected
