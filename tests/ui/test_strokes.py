"""Pure stroke conversions: fabric Path objects <-> normalised strokes."""

from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path

import pytest

from ui.strokes import (
    MAX_POINTS_PER_STROKE,
    clean_stroke,
    drawing_to_strokes,
    fabric_objects_to_strokes,
    path_commands_to_points,
    stroke_to_path_object,
    stroke_width_px,
    strokes_to_drawing,
    thin_points,
)

ROOT = Path(__file__).resolve().parents[2]

# What streamlit-drawable-canvas 0.13 (fabric 7.4) sends for one freedraw stroke.
FREEDRAW_PATH = {
    "type": "Path",
    "version": "7.4.0",
    "left": 31.0,
    "top": 61.0,
    "stroke": "#1f77b4",
    "strokeWidth": 6,
    "path": [
        ["M", 32.0, 64.0],
        ["Q", 32.0, 64.0, 48.0, 72.0],
        ["Q", 64.0, 80.0, 96.0, 96.0],
        ["L", 160.0, 128.0],
    ],
}


def flat(strokes):
    return [c for stroke in strokes for point in stroke for c in point]


def test_path_commands_give_the_end_point_of_each_command():
    assert path_commands_to_points(FREEDRAW_PATH["path"]) == [
        (32.0, 64.0),
        (48.0, 72.0),
        (96.0, 96.0),
        (160.0, 128.0),
    ]


def test_a_freedraw_path_becomes_one_normalised_stroke():
    (stroke,) = fabric_objects_to_strokes([FREEDRAW_PATH], 320, 320)
    assert stroke == [(0.1, 0.2), (0.15, 0.225), (0.3, 0.3), (0.5, 0.4)]


def test_only_paths_count_and_order_is_kept():
    second = {**FREEDRAW_PATH, "path": [["M", 0, 0], ["L", 320, 320]]}
    objects = [{"type": "Rect", "left": 1}, FREEDRAW_PATH, "junk", None, second]
    strokes = fabric_objects_to_strokes(objects, 320, 320)
    assert len(strokes) == 2
    assert strokes[1] == [(0.0, 0.0), (1.0, 1.0)]


def test_lower_case_path_type_is_accepted():
    assert len(fabric_objects_to_strokes([{**FREEDRAW_PATH, "type": "path"}], 320, 320)) == 1


def test_points_outside_the_canvas_are_clamped():
    obj = {"type": "Path", "path": [["M", -40, 10], ["L", 400, 330], ["L", 160, -5]]}
    (stroke,) = fabric_objects_to_strokes([obj], 320, 320)
    assert stroke == [(0.0, 10 / 320), (1.0, 1.0), (0.5, 0.0)]
    assert all(0.0 <= c <= 1.0 for c in flat([stroke]))


@pytest.mark.parametrize(
    "bad", [math.nan, math.inf, -math.inf, None, "x", "nan", True, [1], {"a": 1}]
)
def test_non_finite_or_malformed_points_are_dropped(bad):
    obj = {
        "type": "Path",
        "path": [["M", 32, 32], ["L", bad, 64], ["Q", 0, 0, 64, bad], ["L", 96, 96]],
    }
    (stroke,) = fabric_objects_to_strokes([obj], 320, 320)
    assert stroke == [(0.1, 0.1), (0.3, 0.3)]


def test_malformed_commands_are_skipped():
    path = [["M", 32, 32], ["Z"], [], "L 1 2", ["Q", 1, 2], ["L", 64, 64], ["X", 1, 2]]
    assert path_commands_to_points(path) == [(32.0, 32.0), (64.0, 64.0)]


def test_a_path_with_fewer_than_two_usable_points_is_left_out():
    objects = [
        {"type": "Path", "path": [["M", 10, 10]]},
        {"type": "Path", "path": [["M", 10, 10], ["L", math.nan, 5]]},
        {"type": "Path", "path": []},
        {"type": "Path"},
    ]
    assert fabric_objects_to_strokes(objects, 320, 320) == []


def test_a_tap_keeps_two_copies_of_its_point():
    obj = {"type": "Path", "path": [["M", 32, 32], ["Q", 32, 32, 32, 32], ["L", 32, 32]]}
    assert fabric_objects_to_strokes([obj], 320, 320) == [[(0.1, 0.1), (0.1, 0.1)]]


def test_long_paths_are_thinned_to_the_engine_limit_keeping_both_ends():
    path = [["M", 0, 0]] + [["L", i * 0.05, i * 0.05] for i in range(1, 6001)]
    (stroke,) = fabric_objects_to_strokes([{"type": "Path", "path": path}], 320, 320)
    assert len(stroke) == MAX_POINTS_PER_STROKE
    assert stroke[0] == (0.0, 0.0)
    assert stroke[-1] == pytest.approx((300 / 320, 300 / 320))


def test_thin_points_is_a_no_op_below_the_limit_and_keeps_order():
    points = [(i / 10, 0.0) for i in range(10)]
    assert thin_points(points, 20) == points
    thinned = thin_points(points, 4)
    assert len(thinned) == 4 and thinned[0] == points[0] and thinned[-1] == points[-1]
    assert thinned == sorted(thinned)


def test_clean_stroke_clamps_drops_and_dedupes():
    assert clean_stroke([(0.5, 0.5), (0.5, 0.5), (2, -1), (math.nan, 0.2), "bad"]) == [
        (0.5, 0.5),
        (1.0, 0.0),
    ]
    assert clean_stroke([(0.5, 0.5)]) is None
    assert clean_stroke([]) is None


def test_round_trip_normalised_strokes_through_initial_drawing():
    strokes = [
        [(0.1, 0.2), (0.15, 0.25), (0.9, 0.95)],
        [(0.0, 0.0), (1.0, 1.0)],
        [(0.333, 0.777), (0.334, 0.778), (0.5, 0.5)],
    ]
    for size in (320, 411, 800):
        drawing = strokes_to_drawing(strokes, size, colour="#17a2a2")
        back = drawing_to_strokes(drawing, size, size)
        assert len(back) == len(strokes)
        assert flat(back) == pytest.approx(flat(strokes), abs=1e-9)


def test_initial_drawing_objects_carry_the_colour_and_width():
    obj = stroke_to_path_object([(0.1, 0.1), (0.5, 0.5)], 320, colour="#17a2a2")
    assert obj["type"] == "Path"
    assert obj["stroke"] == "#17a2a2"
    assert obj["strokeWidth"] == stroke_width_px(320) == 6
    assert obj["path"] == [["M", 32.0, 32.0], ["L", 160.0, 160.0]]
    assert "left" not in obj and "top" not in obj  # fabric places it from the path itself
    assert obj["fill"] is None


def test_drawing_to_strokes_tolerates_empty_results():
    assert drawing_to_strokes(None, 320, 320) == []
    assert drawing_to_strokes({}, 320, 320) == []
    assert drawing_to_strokes({"objects": None}, 320, 320) == []
    assert strokes_to_drawing([], 320, colour="#000000")["objects"] == []


def test_stroke_width_scales_with_size():
    assert stroke_width_px(320) == 6
    assert stroke_width_px(800) == 16
    assert stroke_width_px(50) == 3  # never thinner than 3 px


def test_pure_modules_do_not_import_streamlit_or_the_canvas():
    """The shared stroke helpers stay pure (a game's package is not: its `__init__` exports
    the parts it draws on the pages, ui/game_parts.py), and the canvas component is imported
    only when a canvas is drawn."""
    code = (
        "import sys, ui.strokes\n"
        "assert 'streamlit' not in sys.modules, 'a pure module imported streamlit'\n"
        "import ui.drawing_canvas\n"
        "assert 'streamlit_drawable_canvas' not in sys.modules, 'st_canvas imported early'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)
