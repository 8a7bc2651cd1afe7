"""R3 signatures stay apart for every player: colour-blind players and a washed-out projector.

Colours are checked with colour-science (a maintained library), not hand-written maths:
- simulation of protanopia, deuteranopia and tritanopia: Machado, Oliveira and Fernandes
  (2009) at severity 1, applied to linear sRGB as the model defines;
- colour difference: CIEDE2000 in CIELAB (D65), the CIE's current colour-difference formula;
- contrast: WCAG 2 contrast ratio, (Y1 + 0.05) / (Y2 + 0.05) of the relative luminances Y,
  which colour-science computes as sRGB's Y.

Thresholds, in CIEDE2000 units (one unit is about a just-noticeable difference between two
large patches side by side):
- ANY_PAIR: every two colours, under normal vision and each simulation. Strokes are thin
  and marks small, seen from the back of a classroom, and a player must recognise a colour
  named aloud ("the teal star"), not only notice two patches differ, so the floor is ten
  times a just-noticeable difference: a difference seen at a glance.
- SHARED_SHAPE: the few pairs that may share a shape (a round with more artists than
  shapes) must be told apart by colour alone, so they are far more than that apart, and
  apart in lightness too (which survives any colour vision and a washed-out projector).
"""

from __future__ import annotations

import itertools
import random
import warnings
from collections import defaultdict
from collections.abc import Iterator

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.crossed_canvas import rules
from engine.crossed_canvas.decks import DEFAULT_DECK, load_deck

with warnings.catch_warnings():
    # colour-science warns at import that its optional SciPy and Matplotlib features are off.
    warnings.simplefilter("ignore")
    import colour

PAPER = "#ffffff"
MIN_CONTRAST = 3.0  # WCAG 2.x 1.4.11: graphical objects, and the glyphs beside a name
ANY_PAIR = 10.0
SHARED_SHAPE = 30.0
SHARED_SHAPE_LIGHTNESS = 20.0  # CIELAB L*: dark against light, in any colour vision
VISIONS = {
    "normal": None,
    "protanopia": "Protanomaly",
    "deuteranopia": "Deuteranomaly",
    "tritanopia": "Tritanomaly",
}


def linear_rgb(hex_colour: str) -> np.ndarray:
    encoded = np.array([int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)])
    return colour.models.eotf_sRGB(encoded)


def seen_as_lab(hex_colour: str, vision: str) -> np.ndarray:
    """The colour as a person with this colour vision sees it, in CIELAB."""
    rgb = linear_rgb(hex_colour)
    deficiency = VISIONS[vision]
    if deficiency is not None:
        with warnings.catch_warnings():
            # The library notes that its tritanomaly matrices approximate tritanopia.
            warnings.simplefilter("ignore", colour.utilities.ColourUsageWarning)
            matrix = colour.matrix_cvd_Machado2009(deficiency, 1.0)
        rgb = np.clip(matrix @ rgb, 0.0, 1.0)
    xyz = colour.RGB_to_XYZ(rgb, colour.RGB_COLOURSPACES["sRGB"], apply_cctf_decoding=False)
    return colour.XYZ_to_Lab(xyz)


def difference(a: str, b: str, vision: str) -> float:
    return float(colour.delta_E(seen_as_lab(a, vision), seen_as_lab(b, vision), method="CIE 2000"))


def contrast(a: str, b: str) -> float:
    ya, yb = sorted(
        float(colour.sRGB_to_XYZ(linear_rgb(h), apply_cctf_decoding=False)[1]) for h in (a, b)
    )
    return (yb + 0.05) / (ya + 0.05)


def pairs() -> Iterator[tuple[rules.Colour, rules.Colour]]:
    return itertools.combinations(rules.COLOURS, 2)


def test_every_colour_stands_out_on_the_paper():
    assert contrast("#767676", PAPER) == pytest.approx(4.54, abs=0.01)  # WCAG's own example
    low = {c.id: round(contrast(c.hex, PAPER), 2) for c in rules.COLOURS}
    assert {i: r for i, r in low.items() if r < MIN_CONTRAST} == {}


@pytest.mark.parametrize("vision", VISIONS)
def test_every_two_colours_differ_at_a_glance(vision):
    distances = sorted((round(difference(a.hex, b.hex, vision), 1), a.id, b.id) for a, b in pairs())
    assert [d for d in distances if d[0] < ANY_PAIR] == [], f"closest: {distances[:3]}"


@pytest.mark.parametrize("vision", VISIONS)
def test_colours_that_may_share_a_shape_differ_by_far(vision):
    by_id = rules.COLOURS_BY_ID
    for a, b in rules.SHAPE_SHARING_PAIRS:
        assert difference(by_id[a].hex, by_id[b].hex, vision) >= SHARED_SHAPE, (a, b)
        lightness = [seen_as_lab(by_id[c].hex, vision)[0] for c in (a, b)]
        assert abs(lightness[0] - lightness[1]) >= SHARED_SHAPE_LIGHTNESS, (a, b)


def test_shape_sharing_pairs_cover_every_artist_beyond_the_shapes():
    """Disjoint pairs of known colours, enough of them for eleven artists with eight shapes."""
    members = [c for pair in rules.SHAPE_SHARING_PAIRS for c in pair]
    assert len(members) == len(set(members))
    assert set(members) <= set(rules.COLOURS_BY_ID)
    assert len(rules.SHAPE_SHARING_PAIRS) >= len(rules.COLOURS) - len(rules.SHAPES)


@given(count=st.integers(2, len(rules.COLOURS)), seed=st.integers(0, 2**64))
def test_only_far_apart_colours_ever_share_a_shape(count, seed):
    signatures = rules.draw_signatures(count, random.Random(seed))
    by_shape: dict[str, list[str]] = defaultdict(list)
    for signature in signatures:
        by_shape[signature.shape].append(signature.colour)
    allowed = {frozenset(pair) for pair in rules.SHAPE_SHARING_PAIRS}
    for colours in by_shape.values():
        assert len(colours) == 1 or (len(colours) == 2 and frozenset(colours) in allowed)
    if count <= len(rules.SHAPES):
        assert len(by_shape) == count


def test_every_colour_still_meets_every_shape():
    """Shapes stay drawn at random (R3): the pairing limits who shares, not who gets what."""
    seen = set()
    for seed in range(300):
        seen |= {(s.colour, s.shape) for s in rules.draw_signatures(11, random.Random(seed))}
    assert len(seen) == len(rules.COLOURS) * len(rules.SHAPES)


def test_signature_words_still_name_no_deck_object():
    """The deck loader refuses a deck naming an object with a signature word (R3)."""
    assert load_deck(DEFAULT_DECK).objects
