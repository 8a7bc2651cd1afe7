"""Every painting of a game of Canvas Layers as an SVG file (its background under its three
layers, titled) and as a PNG of the same size, and the ZIP a teacher downloads: the
paintings and the results CSV.

The PNG is rendered by resvg (resvg-py, a wheel with no system library): on the card
pictures it matches Chromium's rendering pixel for pixel but for anti-aliased edges.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import resvg_py

from engine.canvas_layers.pictures import painting_svg
from ui.archive import zip_bytes
from ui.canvas_layers import results
from ui.csv_file import game_csv
from ui.text import Translator

_UNSAFE = re.compile(r"[^a-z0-9]+")


def file_stem(entry: Mapping[str, Any]) -> str:
    """ "painting-ana-2": the painter's name as letters and digits only (any name is safe
    in a ZIP), and the painting's number."""
    name = _UNSAFE.sub("-", entry["painter"].casefold()).strip("-") or "painter"
    return f"painting-{name}-{entry['number']}"


def table_files(view: Mapping[str, Any], t: Translator) -> list[tuple[str, bytes]]:
    """Every painting so far as SVG and PNG, and the results CSV (file name, bytes): the
    gallery ZIP, and a table's folder in its class's ZIP. Nothing before the first painting."""
    if not view.get("history"):
        return []
    files = []
    seen: set[str] = set()
    for entry in view["history"]:
        stem = file_stem(entry)
        while stem in seen:  # two names alike once reduced to letters
            stem += "-b"
        seen.add(stem)
        svg = painting_svg(entry["background"], entry["cards"], entry["title"])
        files.append((f"{stem}.svg", svg.encode("utf-8")))
        files.append((f"{stem}.png", bytes(resvg_py.svg_to_bytes(svg_string=svg))))
    files.append(("results.csv", game_csv(results, view, t)))
    return files


def gallery_zip(view: Mapping[str, Any], t: Translator, folder: str) -> bytes:
    """One ZIP, every file in `folder` (named for the game)."""
    return zip_bytes((f"{folder}/{name}", data) for name, data in table_files(view, t))
