"""Pure composition rendering: strokes land in their signature's colour, to scale."""

from __future__ import annotations

import itertools
import math

import pytest
from PIL import Image

from ui.crossed_canvas.composition import FALLBACK_COLOUR, MARK_FRACTION, render_composition

SIGNATURES = {
    "s1": {"name": "teal triangle", "colour": "#17a2a2", "shape": "triangle"},
    "s2": {"name": "violet star", "colour": "#8e44ad", "shape": "star"},
}
TEAL = (0x17, 0xA2, 0xA2)
VIOLET = (0x8E, 0x44, 0xAD)
WHITE = (255, 255, 255)


def rgb(image: Image.Image, x: float, y: float) -> tuple[int, int, int]:
    return image.convert("RGB").getpixel((round(x), round(y)))


def close(a, b, tol=6) -> bool:
    return all(abs(p - q) <= tol for p, q in zip(a, b, strict=True))


def fragment(sig, strokes, pulse=1):
    return {"signature": sig, "pulse": pulse, "strokes": strokes}


def test_pixels_along_the_stroke_take_the_signature_colour():
    size = 400
    image = render_composition(
        [fragment("s1", [[[0.1, 0.1], [0.5, 0.5], [0.9, 0.1]]])], SIGNATURES, size
    )
    assert image.size == (size, size)
    for t in (0.0, 0.25, 0.5, 0.75, 1.0):
        x, y = 0.1 + 0.4 * t, 0.1 + 0.4 * t
        assert close(rgb(image, x * (size - 1), y * (size - 1)), TEAL), (t, "first leg")
        x2 = 0.5 + 0.4 * t
        y2 = 0.5 - 0.4 * t
        assert close(rgb(image, x2 * (size - 1), y2 * (size - 1)), TEAL), (t, "second leg")
    # Away from the stroke: background.
    assert rgb(image, 200, 380) == WHITE
    assert rgb(image, 5, 395) == WHITE


def test_each_fragment_uses_its_own_signature_and_later_strokes_are_on_top():
    size = 300
    image = render_composition(
        [
            fragment("s1", [[[0.1, 0.5], [0.9, 0.5]]]),
            fragment("s2", [[[0.5, 0.1], [0.5, 0.9]]], pulse=2),
        ],
        SIGNATURES,
        size,
    )
    assert close(rgb(image, 0.2 * 299, 0.5 * 299), TEAL)
    assert close(rgb(image, 0.5 * 299, 0.2 * 299), VIOLET)
    assert close(rgb(image, 0.5 * 299, 0.5 * 299), VIOLET)  # the crossing: drawn last


def stroke_thickness(image: Image.Image, x: int) -> int:
    column = [image.convert("RGB").getpixel((x, y)) for y in range(image.size[1])]
    return sum(1 for p in column if close(p, TEAL, tol=40))


def test_width_is_proportional_to_size():
    strokes = [fragment("s1", [[[0.1, 0.5], [0.9, 0.5]]])]
    small = stroke_thickness(render_composition(strokes, SIGNATURES, 200), 100)
    large = stroke_thickness(render_composition(strokes, SIGNATURES, 800), 400)
    assert 3 <= small <= 6  # 0.02 x 200 = 4 px
    assert large == pytest.approx(4 * small, abs=4)


def test_explicit_stroke_width_and_transparent_background():
    image = render_composition(
        [fragment("s1", [[[0.1, 0.5], [0.9, 0.5]]])],
        SIGNATURES,
        200,
        background=None,
        stroke_width=20,
    )
    assert image.mode == "RGBA"
    assert image.getpixel((5, 5))[3] == 0
    assert image.getpixel((100, 100))[3] == 255
    assert 18 <= stroke_thickness(image, 100) <= 22


def test_a_dot_is_drawn():
    image = render_composition([fragment("s1", [[[0.5, 0.5], [0.5, 0.5]]])], SIGNATURES, 200)
    assert close(rgb(image, 99.5, 99.5), TEAL)


def test_bad_input_is_skipped_not_fatal():
    image = render_composition(
        [
            fragment("nobody", [[[0.1, 0.1], [0.9, 0.1]]]),
            fragment("s1", [[[math.nan, 0.5], [0.2, 0.5], [math.inf, 1], [0.8, 0.5]]]),
            fragment("s1", [[[0.3, 0.3]], [], None]),
            fragment("s2", [[[-1, 0.9], [2, 0.9]]]),
            {"signature": "s1"},
            "junk",
        ],
        SIGNATURES,
        200,
    )
    fallback = tuple(int(FALLBACK_COLOUR[i : i + 2], 16) for i in (1, 3, 5))
    assert close(rgb(image, 100, 0.1 * 199), fallback)
    assert close(rgb(image, 100, 0.5 * 199), TEAL)
    assert close(rgb(image, 100, 0.9 * 199), VIOLET)  # clamped to the image


def test_empty_composition_is_plain_background():
    image = render_composition([], SIGNATURES, 64, background="#000000")
    assert image.convert("RGB").getcolors() == [(64 * 64, (0, 0, 0))]


def test_size_must_be_positive():
    with pytest.raises(ValueError):
        render_composition([], SIGNATURES, 0)


def dark(pixel: tuple[int, int, int]) -> bool:
    return max(pixel) < 80


def test_every_stroke_starts_with_a_dark_outlined_mark_of_its_shape():
    """Colour is not the only signal (R3): each stroke's start carries its signature's shape,
    in its colour, outlined in a dark line that shows on paper and on other strokes."""
    size = 400
    image = render_composition(
        [fragment("s1", [[[0.3, 0.5], [0.9, 0.5]], [[0.3, 0.2], [0.9, 0.2]]])], SIGNATURES, size
    )
    half = MARK_FRACTION * size / 2
    for start in (0.5, 0.2):
        x, y = round(0.3 * (size - 1)), round(start * (size - 1))
        assert close(rgb(image, x, y), TEAL)
        # Beyond the stroke's half width (4 px), on the triangle's base and on its left.
        below = [rgb(image, x, y + d) for d in range(3, round(1.5 * half))]
        left = [rgb(image, x - d, y + 0.4 * half) for d in range(1, round(1.5 * half))]
        assert any(dark(p) for p in below) and any(dark(p) for p in left), start
    assert rgb(image, 0.6 * (size - 1), 0.5 * (size - 1) + 2 * half) == WHITE  # only at starts


def test_each_shape_has_its_own_mark():
    from engine.crossed_canvas.rules import SHAPES

    size, centre = 200, 99.5
    masks = {}
    for shape in SHAPES:
        signatures = {"s1": {"colour": "#17a2a2", "shape": shape.id}}
        image = render_composition([fragment("s1", [[[0.5, 0.5], [0.5, 0.5]]])], signatures, size)
        half = round(MARK_FRACTION * size)
        masks[shape.id] = {
            (dx, dy)
            for dx in range(-half, half + 1)
            for dy in range(-half, half + 1)
            if rgb(image, centre + dx, centre + dy) != WHITE
        }
    for a, b in itertools.combinations(masks, 2):
        assert len(masks[a] ^ masks[b]) >= 8, (a, b)


def test_the_frame_is_never_mistaken_for_a_signatures_ink():
    from engine.crossed_canvas.rules import COLOURS
    from ui.crossed_canvas.composition import FRAME_COLOUR

    def rgb(hex_colour: str) -> tuple[int, ...]:
        return tuple(int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))

    for colour in COLOURS:
        distance = sum(abs(a - b) for a, b in zip(rgb(FRAME_COLOUR), rgb(colour.hex), strict=True))
        assert distance > 150, colour.id
