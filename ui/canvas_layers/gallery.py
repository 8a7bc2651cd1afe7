"""Every painting of a game of Canvas Layers as one SVG file (its background under its three
layers, titled), and the ZIP a teacher downloads: the paintings and the results CSV.

SVG only: no library already in the project renders SVG to PNG (Pillow reads none), and a
PNG of these layers would need one (cairosvg, resvg) added for this alone.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

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
    """Every painting so far as SVG, and the results CSV (file name, bytes): the gallery ZIP,
    and a table's folder in its class's ZIP. Nothing before the first painting."""
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
    files.append(("results.csv", game_csv(results, view, t)))
    return files


def gallery_zip(view: Mapping[str, Any], t: Translator, folder: str) -> bytes:
    """One ZIP, every file in `folder` (named for the game)."""
    return zip_bytes((f"{folder}/{name}", data) for name, data in table_files(view, t))
