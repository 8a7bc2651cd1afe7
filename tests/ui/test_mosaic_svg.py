"""A mosaic as SVG (ui/critters/mosaic_svg.py): each piece where the engine put it, turned then
mirrored about its centre, on its canvas side inside a frame, typed text escaped."""

from __future__ import annotations

import base64
import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from engine.critters.rules import PIECE_SIZE
from ui.critters import mosaic_svg as module
from ui.critters.mosaic_svg import BACKGROUNDS, FRAME_COLOUR, mosaic_img, mosaic_svg, piece_img

SVG = "{http://www.w3.org/2000/svg}"
HALF = PIECE_SIZE / 2


def piece(kind: str, x: float, y: float, rotation: int = 0, mirrored: bool = False) -> dict:
    return {
        "piece": f"{kind}-01",
        "kind": kind,
        "x": x,
        "y": y,
        "rotation": rotation,
        "mirrored": mirrored,
    }


def mosaic(*pieces: dict, side: str = "white", title: str | None = None, name: str = "Ana"):
    return {"name": name, "side": side, "finished": True, "title": title, "pieces": list(pieces)}


def multiply(a: list[float], b: list[float]) -> list[float]:
    """Two affine matrices (a b c d e f, as SVG writes them) composed: a after b."""
    return [
        a[0] * b[0] + a[2] * b[1],
        a[1] * b[0] + a[3] * b[1],
        a[0] * b[2] + a[2] * b[3],
        a[1] * b[2] + a[3] * b[3],
        a[0] * b[4] + a[2] * b[5] + a[4],
        a[1] * b[4] + a[3] * b[5] + a[5],
    ]


def matrix(transform: str) -> list[float]:
    """An SVG transform list as one matrix (its first item applied last)."""
    result = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0]
    for name, args in re.findall(r"(\w+)\(([^)]*)\)", transform):
        values = [float(v) for v in args.replace(",", " ").split()]
        if name == "translate":
            step = [1, 0, 0, 1, values[0], values[1] if len(values) > 1 else 0]
        elif name == "scale":
            step = [values[0], 0, 0, values[-1], 0, 0]
        elif name == "rotate":
            r = math.radians(values[0])
            step = [math.cos(r), math.sin(r), -math.sin(r), math.cos(r), 0, 0]
        else:
            raise AssertionError(f"unexpected transform {name}")
        result = multiply(result, step)
    return result


def corners(svg: str) -> list[dict[str, tuple[float, float]]]:
    """Where each drawn piece's picture corners land, as fractions of the canvas: "top-left"
    is the picture's own top-left corner (the Twemoji's (0, 0))."""
    root = ET.fromstring(svg)
    canvas = next(r for r in root.iter(f"{SVG}rect") if r.get("x") is None)
    side = float(canvas.get("width"))
    found = []
    for use in root.iter(f"{SVG}use"):
        m = matrix(use.get("transform", ""))
        x, y = float(use.get("x")), float(use.get("y"))
        w, h = float(use.get("width")), float(use.get("height"))
        named = {
            "top-left": (x, y),
            "top-right": (x + w, y),
            "bottom-left": (x, y + h),
            "bottom-right": (x + w, y + h),
        }
        found.append(
            {
                corner: (
                    round((m[0] * px + m[2] * py + m[4]) / side, 6),
                    round((m[1] * px + m[3] * py + m[5]) / side, 6),
                )
                for corner, (px, py) in named.items()
            }
        )
    return found


def test_each_piece_is_a_square_of_piece_size_centred_where_the_engine_put_it():
    drawn = corners(mosaic_svg(mosaic(piece("fox", 0.25, 0.75), piece("crab", 0.5, 0.5)), 400))
    assert drawn[0]["top-left"] == (0.25 - HALF, 0.75 - HALF)
    assert drawn[0]["bottom-right"] == (0.25 + HALF, 0.75 + HALF)
    assert drawn[1]["top-left"] == (0.5 - HALF, 0.5 - HALF)


def test_pieces_are_drawn_in_list_order_each_with_its_own_picture():
    svg = mosaic_svg(mosaic(piece("whale", 0.5, 0.5), piece("fox", 0.5, 0.5)), 300)
    root = ET.fromstring(svg)
    assert [u.get("href") for u in root.iter(f"{SVG}use")] == [
        "#cc-piece-whale",
        "#cc-piece-fox",
    ]  # the fox, drawn last, lies on top of the whale
    symbols = {s.get("id"): s for s in root.iter(f"{SVG}symbol")}
    assert symbols.keys() == {"cc-piece-whale", "cc-piece-fox"}
    assert symbols["cc-piece-fox"].get("viewBox") == "0 0 36 36"
    fox = Path(module.PIECES_DIR / "fox.svg").read_text(encoding="utf-8")
    first_path = ET.fromstring(fox).find(f"{SVG}path").get("d")
    assert symbols["cc-piece-fox"].find(f"{SVG}path").get("d") == first_path


def test_a_quarter_turn_is_clockwise_about_the_centre():
    [turned] = corners(mosaic_svg(mosaic(piece("fox", 0.3, 0.6, rotation=90)), 400))
    assert turned["top-left"] == (0.3 + HALF, 0.6 - HALF)  # the picture's top now at the right
    assert turned["top-right"] == (0.3 + HALF, 0.6 + HALF)


def test_mirrored_flips_left_and_right_about_the_centre():
    [flipped] = corners(mosaic_svg(mosaic(piece("fox", 0.3, 0.6, mirrored=True)), 400))
    assert flipped["top-left"] == (0.3 + HALF, 0.6 - HALF)
    assert flipped["bottom-right"] == (0.3 - HALF, 0.6 + HALF)


def test_a_piece_is_turned_first_then_mirrored():
    [both] = corners(mosaic_svg(mosaic(piece("fox", 0.5, 0.5, rotation=90, mirrored=True)), 400))
    # Turned a quarter clockwise, the top-right corner is at the bottom right; mirrored, left.
    assert both["top-right"] == (0.5 - HALF, 0.5 + HALF)
    assert both["top-left"] == (0.5 - HALF, 0.5 - HALF)


@pytest.mark.parametrize("side", ["white", "black"])
def test_the_canvas_side_is_the_background_inside_a_frame_that_shows_on_either(side):
    svg = mosaic_svg(mosaic(piece("fox", 0.5, 0.5), side=side), 240)
    root = ET.fromstring(svg)
    assert (root.get("width"), root.get("height")) == ("240", "240")
    frame, canvas = list(root.iter(f"{SVG}rect"))
    assert canvas.get("fill") == BACKGROUNDS[side]
    assert frame.get("fill") == FRAME_COLOUR
    # The frame lies outside the canvas all round, so a piece at the edge stays whole.
    x, width = float(frame.get("x")), float(frame.get("width"))
    assert x < 0 and x + width > float(canvas.get("width"))
    assert FRAME_COLOUR not in BACKGROUNDS.values()


def test_hostile_title_and_name_stay_text():
    hostile = "<script>alert(1)</script> & \"'"
    svg = mosaic_svg(mosaic(piece("fox", 0.5, 0.5), title=hostile, name="<b>Ben</b>"), 200)
    assert "<script" not in svg and "<b>" not in svg
    root = ET.fromstring(svg)  # still well-formed
    label = root.find(f"{SVG}title").text
    assert hostile in label and "<b>Ben</b>" in label
    assert root.get("aria-label") == label
    assert root.get("role") == "img"


def test_the_img_carries_the_label_as_alt_and_the_svg_as_its_data():
    hostile = '"><script>alert(1)</script>'
    made = mosaic(piece("crab", 0.5, 0.5), title=hostile)
    img = mosaic_img(made, 180, label=f"Ana: {hostile}")
    assert "<script" not in img
    alt = re.search(r'alt="([^"]*)"', img).group(1)
    assert alt == "Ana: &quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"
    data = re.search(r"base64,([A-Za-z0-9+/=]+)", img).group(1)
    assert base64.b64decode(data).decode("utf-8") == mosaic_svg(made, 180, f"Ana: {hostile}")


def test_without_a_label_the_picture_is_named_by_title_and_maker():
    titled = ET.fromstring(mosaic_svg(mosaic(title="Zoo", name="Di"), 100))
    assert titled.find(f"{SVG}title").text == "“Zoo” — Di"
    untitled = ET.fromstring(mosaic_svg(mosaic(name="Di"), 100))
    assert untitled.find(f"{SVG}title").text == "Di"


def test_each_piece_picture_is_read_from_disk_once(monkeypatch):
    module.piece_body.cache_clear()
    reads = []
    real = Path.read_text

    def counting(self, *args, **kwargs):
        reads.append(self.name)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Path, "read_text", counting)
    made = mosaic(piece("fox", 0.2, 0.2), piece("fox", 0.5, 0.5), piece("crab", 0.8, 0.8))
    for _ in range(3):
        mosaic_svg(made, 200)
    piece_img("fox", 40, "Fox")
    assert sorted(reads) == ["crab.svg", "fox.svg"]


def test_only_the_piles_kinds_are_read():
    with pytest.raises(ValueError):
        mosaic_svg(mosaic(piece("../../engine/__init__", 0.5, 0.5)), 100)
