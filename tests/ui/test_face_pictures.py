"""The faces' pictures (issue 42): made here, each its own, light tints far from every ink."""

from __future__ import annotations

import re

from engine import avatars
from engine.crossed_canvas.rules import COLOURS
from ui.faces import DRAWINGS, TINTS, face_svg


def luminance(hex_colour: str) -> float:
    """WCAG's relative luminance of #rrggbb."""
    channels = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def test_every_face_is_drawn_here_and_each_is_its_own():
    pictures = {face: face_svg(face) for face in (*avatars.CHOICES, avatars.ROBOT)}
    assert set(DRAWINGS) == set(avatars.ANIMALS) and set(TINTS) == set(avatars.COLOURS)
    assert len(set(pictures.values())) == len(pictures)
    for picture in pictures.values():
        # Nothing from another host, no text, no script: shapes alone.
        body = picture.replace('xmlns="http://www.w3.org/2000/svg"', "")
        assert not re.search(r"href|https?:|url\(|<text|<script|<image", body)


def test_a_faces_tint_is_light_and_no_ink_is():
    """A face's colour can never be taken for a signature's ink: every tint is light (a dark
    outline reads on it), every ink of Crossed Canvas darker than any tint."""
    lightest_ink = max(luminance(colour.hex) for colour in COLOURS)
    assert min(luminance(tint) for tint in TINTS.values()) > max(0.45, lightest_ink + 0.15)
