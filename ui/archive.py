"""The ZIPs teachers download (a game's pictures and results, a whole class's), written one
way, and what their files are named and drawn with.

A PNG is rendered from the picture's own SVG by resvg (resvg-py, a wheel with no system
library): on the game's pictures it matches Chromium's rendering but for anti-aliased edges.
"""

from __future__ import annotations

import io
import re
import unicodedata
import zipfile
from collections.abc import Collection, Iterable

import resvg_py

_UNSAFE = re.compile(r"[^a-z0-9]+")
_APOSTROPHES = re.compile(r"['’]")
#: Letters of a file name taken from one typed part (a name, a title): a whole title would
#: make names too long to read in a file list.
PART_CHARS = 40


def zip_bytes(files: Iterable[tuple[str, bytes]]) -> bytes:
    """A ZIP holding each (path inside it, content) of `files`, compressed."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, data in files:
            archive.writestr(path, data)
    return buffer.getvalue()


def file_part(typed: str, fallback: str) -> str:
    """A typed name or title as a safe part of a file name: "José's Fox!" -> "joses-fox",
    lower-case letters and digits only (accents and apostrophes dropped, anything else a
    dash), so every
    system and every ZIP tool keeps it; `fallback` when nothing is left (a name in another
    script)."""
    letters = "".join(
        c for c in unicodedata.normalize("NFKD", typed) if not unicodedata.combining(c)
    )
    part = _UNSAFE.sub("-", _APOSTROPHES.sub("", letters.casefold())).strip("-")
    return part[:PART_CHARS].strip("-") or fallback


def player_part(name: str, robots: Collection[str], fallback: str) -> str:
    """A player's name as part of a file name (`file_part`); a robot's says so, "robot-1-robot",
    so a student who typed "Robot 1" is never taken for one."""
    part = file_part(name, fallback)
    return f"{part}-robot" if name in robots else part


def unique_stem(stem: str, seen: set[str]) -> str:
    """`stem`, or `stem` with "-b", "-b-b"... when two pictures' names read alike once made
    safe; remembers it in `seen`."""
    while stem in seen:
        stem += "-b"
    seen.add(stem)
    return stem


def svg_png(svg: str) -> bytes:
    """An SVG document as a PNG of its own size."""
    return bytes(resvg_py.svg_to_bytes(svg_string=svg))
