"""The SVG renderer (crossed_canvas/composition_svg): the PNG's geometry as SVG, text escaped, and a
replay that redraws each stroke in drawing order, played only where motion is welcome."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from ui.crossed_canvas.composition import (
    FALLBACK_COLOUR,
    OUTLINES,
    drawn_strokes,
    mark_side,
    render_composition,
)
from ui.crossed_canvas.composition_svg import composition_svg, replay_timings
from ui.strokes import STROKE_WIDTH_FRACTION

SVG = "{http://www.w3.org/2000/svg}"
SIGNATURES = {
    "sa": {"name": "red star", "colour": "#c9060a", "shape": "star"},
    "sb": {"name": "blue circle", "colour": "#0a95ff", "shape": "circle"},
}
FRAGMENTS = [
    {"signature": "sb", "pulse": 1, "strokes": [[[0.1, 0.1], [0.9, 0.9]]]},
    {
        "signature": "sa",
        "pulse": 1,
        "strokes": [[[0.2, 0.8], [0.5, 0.5]], [[0.3, 0.3], [0.4, 0.3]]],
    },
    {"signature": "sb", "pulse": 2, "strokes": [[[0.5, 0.1], [0.5, 0.9]]]},
]


def paths(svg: str) -> list[ET.Element]:
    return list(ET.fromstring(svg).iter(f"{SVG}path"))


def test_every_stroke_is_a_path_in_order_in_its_colour_at_the_pngs_scale():
    svg = composition_svg(FRAGMENTS, SIGNATURES, 400)
    drawn = paths(svg)
    assert [p.get("stroke") for p in drawn] == ["#0a95ff", "#c9060a", "#c9060a", "#0a95ff"]
    assert drawn[0].get("d") == "M40.0 40.0 L360.0 360.0"
    group = ET.fromstring(svg).find(f"{SVG}g")
    assert float(group.get("stroke-width")) == 400 * STROKE_WIDTH_FRACTION
    assert group.get("stroke-linecap") == "round"
    # where the SVG puts a stroke, the PNG has ink of that colour
    png = render_composition(FRAGMENTS, SIGNATURES, 400)
    assert png.getpixel((200, 300))[:3] == (0x0A, 0x95, 0xFF)


def test_every_stroke_starts_with_its_signatures_mark():
    svg = composition_svg(FRAGMENTS, SIGNATURES, 400)
    root = ET.fromstring(svg)
    marks = [g for g in root.iter(f"{SVG}g") if g.get("class") == "cc-m"]
    assert len(marks) == 4
    fills = [list(mark)[-1].get("fill") for mark in marks]
    assert fills == ["#0a95ff", "#c9060a", "#c9060a", "#0a95ff"]
    assert list(marks[0])[-1].tag == f"{SVG}circle"
    star = list(marks[1])[-1]
    assert star.tag == f"{SVG}polygon" and len(star.get("points").split()) == len(OUTLINES["star"])
    assert float(list(marks[0])[-1].get("r")) == mark_side(400) / 2


def test_a_hostile_colour_never_becomes_markup():
    hostile = {"sa": {"name": "x", "colour": '"/><script>alert(1)</script>', "shape": "star"}}
    svg = composition_svg(FRAGMENTS[1:2], hostile, 200)
    ET.fromstring(svg)  # still well-formed XML
    assert "<script" not in svg
    assert {p.get("stroke") for p in paths(svg)} == {FALLBACK_COLOUR}


def test_the_replay_redraws_strokes_one_after_another_within_its_time():
    strokes = drawn_strokes(FRAGMENTS, SIGNATURES)
    timings = replay_timings(strokes, 8.0)
    starts = [start for start, _ in timings]
    assert starts == sorted(starts) and starts[0] == 0
    for (start, duration), (following, _) in zip(timings, timings[1:], strict=False):
        assert start + duration <= following
    assert timings[-1][0] + timings[-1][1] <= 8.0
    # a long game is squeezed, never cut
    many = drawn_strokes(FRAGMENTS * 20, SIGNATURES)
    last_start, last_duration = replay_timings(many, 8.0)[-1]
    assert last_start + last_duration <= 8.0 and len(many) == 80


def test_the_replay_is_css_only_and_only_where_motion_is_welcome():
    svg = composition_svg(FRAGMENTS, SIGNATURES, 400, replay_seconds=8)
    style = ET.fromstring(svg).find(f"{SVG}style").text
    assert style.startswith("@media (prefers-reduced-motion: no-preference){")
    assert style.count("{") == style.count("}") and style.endswith("}}")
    assert "<script" not in svg and "href" not in svg  # nothing runs, nothing is fetched
    delay = re.compile(r"animation-delay:([\d.]+)s")
    delays = [float(delay.search(p.get("style")).group(1)) for p in paths(svg)]
    assert delays == sorted(delays) and delays[0] == 0 and delays[-1] > delays[-2]
    assert all(p.get("pathLength") == "1" for p in paths(svg))
    # without motion, the same picture is the final frame: nothing else differs
    still = composition_svg(FRAGMENTS, SIGNATURES, 400)
    assert re.sub(r' style="[^"]*"|<style>.*?</style>', "", svg) == still
