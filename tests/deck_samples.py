"""A teacher's deck for the tests: 20 objects in four categories of five, 16 close pairs, as a
CSV with a ZIP of PNG pictures or as names only. Engine, page and browser tests share it."""

from __future__ import annotations

import csv
import io
import zipfile

from PIL import Image, ImageDraw

from engine.crossed_canvas.deck_csv import COLUMNS

# (English, Spanish) names per category (English, Spanish); in each category the objects
# side by side are close: levels 3, 2, 1, 2.
CATEGORIES = {
    ("tools", "herramientas"): [
        ("hammer", "martillo"),
        ("mallet", "mazo"),
        ("saw", "sierra"),
        ("drill", "taladro"),
        ("pliers", "alicates"),
    ],
    ("fruit", "frutas"): [
        ("apple", "manzana"),
        ("pear", "pera"),
        ("cherry", "cereza"),
        ("grape", "uva"),
        ("banana", "plátano"),
    ],
    ("animals", "animales"): [
        ("cat", "gato"),
        ("dog", "perro"),
        ("wolf", "lobo"),
        ("fox", "zorro"),
        ("bear", "oso"),
    ],
    ("vehicles", "vehículos"): [
        ("car", "coche"),
        ("bus", "autobús"),
        ("truck", "camión"),
        ("train", "tren"),
        ("bike", "bicicleta"),
    ],
}
LEVELS = (3, 2, 1, 2)
PAIRS = 16


def rows(pictures: bool = True) -> list[list[str]]:
    """The deck's rows under its header: each object names the next one of its category."""
    result = [list(COLUMNS)]
    for (category_en, category_es), objects in CATEGORIES.items():
        for i, (english, spanish) in enumerate(objects):
            close = f"{objects[i + 1][0]}:{LEVELS[i]}" if i + 1 < len(objects) else ""
            picture = f"{english}.png" if pictures else ""
            result.append([english, spanish, category_en, category_es, picture, close])
    return result


def csv_bytes(table: list[list[str]], encoding: str = "utf-8") -> bytes:
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerows(table)
    return buffer.getvalue().encode(encoding)


def png(seed: int, size: int = 96) -> bytes:
    """A small picture of its own for each object: a coloured disc on white."""
    image = Image.new("RGB", (size, size), "white")
    colour = ((seed * 97) % 200, (seed * 57) % 200, (seed * 31) % 200)
    ImageDraw.Draw(image).ellipse((8, 8, size - 8, size - 8), fill=colour)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


def pictures_zip(
    table: list[list[str]],
    extra: dict[str, bytes] | None = None,
    compression: int = zipfile.ZIP_DEFLATED,
) -> bytes:
    """A ZIP of every picture the rows name (in a folder, as a teacher's export would be)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression) as archive:
        for i, row in enumerate(table[1:]):
            if row[4]:
                archive.writestr(f"pictures/{row[4]}", png(i))
        for name, data in (extra or {}).items():
            archive.writestr(name, data)
    return buffer.getvalue()


def upload(pictures: bool = True) -> tuple[bytes, list[tuple[str, bytes]]]:
    """The CSV and the files to upload with it."""
    table = rows(pictures)
    return csv_bytes(table), [("pictures.zip", pictures_zip(table))] if pictures else []
