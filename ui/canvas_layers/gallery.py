"""Every painting of a game of Canvas Layers as an SVG file (its background under its three
layers, titled) and as a PNG of the same size (ui/archive.py renders it), and the ZIP a
teacher downloads: the paintings and the results CSV."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from engine.canvas_layers.pictures import painting_svg
from ui.archive import player_part, svg_png, unique_stem, zip_bytes
from ui.canvas_layers import results
from ui.csv_file import game_csv
from ui.drawn_faces import drawn_face_files
from ui.text import Translator


def file_stem(entry: Mapping[str, Any], robots: Collection[str]) -> str:
    """ "painting-ana-2": the painter's name made safe (ui/archive.player_part: a robot's says
    so) and the painting's number."""
    return f"painting-{player_part(entry['painter'], robots, 'painter')}-{entry['number']}"


def table_files(view: Mapping[str, Any], t: Translator) -> list[tuple[str, bytes]]:
    """Every painting so far as SVG and PNG, and the results CSV (file name, bytes): the
    gallery ZIP, and a table's folder in its class's ZIP. Nothing before the first painting."""
    if not view.get("history"):
        return []
    files = []
    seen: set[str] = set()
    for entry in view["history"]:
        stem = unique_stem(file_stem(entry, view["robots"]), seen)
        svg = painting_svg(entry["background"], entry["cards"], entry["title"])
        files.append((f"{stem}.svg", svg.encode("utf-8")))
        files.append((f"{stem}.png", svg_png(svg)))
    files.append(("results.csv", game_csv(results, view, t)))
    return files + drawn_face_files(view)


def gallery_zip(view: Mapping[str, Any], t: Translator, folder: str) -> bytes:
    """One ZIP, every file in `folder` (named for the game)."""
    return zip_bytes((f"{folder}/{name}", data) for name, data in table_files(view, t))
