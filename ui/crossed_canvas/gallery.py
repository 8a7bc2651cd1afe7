"""The gallery's files: each round as a PNG and an SVG card (the composition over its legend:
round, category, true object and decoy, and who drew which signature), a contact sheet of
every round, and one ZIP of them all with the results CSV, for the teacher to keep.

It draws nothing on a page: views in, bytes out. Everything comes from the facilitator view's
`gallery` (hidden fragments are not in it) and `history`. The PNG and the SVG share one layout
(the constants below) and the composition's geometry (composition.py); each carries its
round, object, category and authors as metadata too (PNG iTXt chunks; SVG <title>, <desc>
and <metadata>), escaped.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageColor, ImageDraw, ImageFont
from PIL.PngImagePlugin import PngInfo

from ui.archive import zip_bytes
from ui.crossed_canvas import results
from ui.crossed_canvas.composition import FRAME_COLOUR, draw_mark, mark_side, render_composition
from ui.crossed_canvas.composition_svg import composition_elements, mark_svg, xml_text
from ui.csv_file import game_csv
from ui.drawn_faces import drawn_face_files
from ui.text import Translator

CARD_SIDE = 800
CARD_MARGIN = 24
CARD_FONT_PX = 28
CARD_LINE_PX = 42
SHEET_THUMB = 360
SHEET_GAP = 24
SHEET_COLUMNS = 4
SHEET_FONT_PX = 24
SHEET_TITLE_PX = 36
INK = "#222222"
FONT_FILE = "DejaVuSans.ttf"
SOFTWARE = "Crossed Canvas"


@dataclass(frozen=True)
class Line:
    """One line of a card's legend; a signature's line starts with its mark."""

    text: str
    shape: str | None = None
    colour: str | None = None


@dataclass(frozen=True)
class Card:
    title: str
    lines: list[Line]
    authors: list[str]

    @property
    def description(self) -> str:
        return ". ".join(line.text for line in self.lines) + "."

    @property
    def height(self) -> int:
        return CARD_SIDE + 2 * CARD_MARGIN + CARD_LINE_PX * len(self.lines)


def card(entry: Mapping[str, Any], t: Translator) -> Card:
    """What a round's card says: heading, objects, then each signature and its author."""
    true_name, false_name = entry["true_target"]["name"], entry["false_target"]["name"]
    lines = [
        Line(f"{t('ui.gallery.round', round=entry['round'])} · "
             f"{t('ui.category', category=entry['category'])}"),
        Line(f"{t('ui.true_target')}: {true_name} · {t('ui.false_target')}: {false_name}"),
    ]  # fmt: skip
    for sig_id, author in entry["authors"].items():
        sig = entry["signatures"][sig_id]
        lines.append(Line(f"{sig['name']}: {author}", sig["shape"], sig["colour"]))
    title = f"{t('ui.title')} · {t('ui.gallery.round', round=entry['round'])}: {true_name}"
    return Card(title, lines, list(entry["authors"].values()))


@lru_cache(maxsize=8)
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """DejaVu Sans where the system has it (accents, Greek, Cyrillic), else Pillow's own."""
    try:
        return ImageFont.truetype(FONT_FILE, size)
    except OSError:
        return ImageFont.load_default(size)


def _png_bytes(image: Image.Image, text: Mapping[str, str]) -> bytes:
    info = PngInfo()
    for key, value in text.items():
        info.add_itxt(key, value)
    buffer = io.BytesIO()
    image.convert("RGB").save(buffer, format="PNG", pnginfo=info, optimize=True)
    return buffer.getvalue()


def round_png(entry: Mapping[str, Any], t: Translator) -> bytes:
    """A round's card as PNG, with Title, Description, Author and Software text chunks."""
    about = card(entry, t)
    image = Image.new("RGBA", (CARD_SIDE, about.height), "white")
    image.alpha_composite(render_composition(entry["fragments"], entry["signatures"], CARD_SIDE))
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, CARD_SIDE - 1, CARD_SIDE - 1), outline=FRAME_COLOUR, width=3)
    font = _font(CARD_FONT_PX)
    for index, line in enumerate(about.lines):
        middle = CARD_SIDE + CARD_MARGIN + CARD_LINE_PX * index + CARD_LINE_PX / 2
        x = CARD_MARGIN
        if line.shape is not None:
            colour = ImageColor.getrgb(line.colour or INK)
            draw_mark(image, line.shape, (*colour[:3], 255), (x + 16, middle), mark_side(CARD_SIDE))
            x += 44
        draw.text((x, middle), line.text, fill=INK, font=font, anchor="lm")
    return _png_bytes(
        image,
        {
            "Title": about.title,
            "Description": about.description,
            "Author": ", ".join(about.authors),
            "Software": SOFTWARE,
        },
    )


def round_svg(entry: Mapping[str, Any], t: Translator) -> str:
    """A round's card as SVG: the same layout as the PNG, its text escaped, with <title>,
    <desc> and a <metadata> record of the round (object, decoy, category, authors)."""
    about = card(entry, t)
    texts = []
    for index, line in enumerate(about.lines):
        middle = CARD_SIDE + CARD_MARGIN + CARD_LINE_PX * index + CARD_LINE_PX / 2
        x = CARD_MARGIN
        if line.shape is not None:
            texts.append(mark_svg(line.shape, line.colour or INK, CARD_SIDE, (x + 16, middle)))
            x += 44
        texts.append(
            f'<text x="{x}" y="{middle:.1f}" dominant-baseline="central">'
            f"{xml_text(line.text)}</text>"
        )
    authors = "".join(
        f'<cc:author signature="{xml_text(entry["signatures"][sig_id]["name"])}" '
        f'name="{xml_text(name)}"/>'
        for sig_id, name in entry["authors"].items()
    )
    record = (
        f'<cc:round xmlns:cc="urn:crossed-canvas:gallery" number="{int(entry["round"])}" '
        f'category="{xml_text(entry["category"])}" '
        f'object="{xml_text(entry["true_target"]["name"])}" '
        f'decoy="{xml_text(entry["false_target"]["name"])}">{authors}</cc:round>'
    )
    height = about.height
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {CARD_SIDE} {height}" '
        f'width="{CARD_SIDE}" height="{height}" role="img">'
        f"<title>{xml_text(about.title)}</title><desc>{xml_text(about.description)}</desc>"
        f"<metadata>{record}</metadata>"
        f'<rect width="{CARD_SIDE}" height="{height}" fill="#ffffff"/>'
        + composition_elements(entry["fragments"], entry["signatures"], CARD_SIDE)
        + f'<rect x="1.5" y="1.5" width="{CARD_SIDE - 3}" height="{CARD_SIDE - 3}" fill="none" '
        f'stroke="{FRAME_COLOUR}" stroke-width="3"/>'
        f'<g font-family="DejaVu Sans, Arial, sans-serif" font-size="{CARD_FONT_PX}" '
        f'fill="{INK}">{"".join(texts)}</g></svg>'
    )


def contact_sheet_png(gallery: Sequence[Mapping[str, Any]], t: Translator, code: str) -> bytes:
    """Every round's composition in a grid, each under its round, object and decoy."""
    columns = max(1, min(SHEET_COLUMNS, len(gallery)))
    rows = -(-len(gallery) // columns)
    cell_h = SHEET_THUMB + 2 * SHEET_FONT_PX + SHEET_GAP
    top = SHEET_GAP + SHEET_TITLE_PX + SHEET_GAP
    width = SHEET_GAP + columns * (SHEET_THUMB + SHEET_GAP)
    image = Image.new("RGBA", (width, top + rows * (cell_h + SHEET_GAP)), "white")
    draw = ImageDraw.Draw(image)
    title = f"{t('ui.title')} · {code}"
    draw.text((SHEET_GAP, SHEET_GAP), title, fill=INK, font=_font(SHEET_TITLE_PX))
    font = _font(SHEET_FONT_PX)
    for index, entry in enumerate(gallery):
        x = SHEET_GAP + (index % columns) * (SHEET_THUMB + SHEET_GAP)
        y = top + (index // columns) * (cell_h + SHEET_GAP)
        thumb = render_composition(entry["fragments"], entry["signatures"], SHEET_THUMB)
        image.alpha_composite(thumb, (x, y))
        draw.rectangle((x, y, x + SHEET_THUMB - 1, y + SHEET_THUMB - 1), outline=FRAME_COLOUR)
        heading = f"{t('ui.gallery.round', round=entry['round'])}: {entry['true_target']['name']}"
        decoy = f"{t('ui.false_target')}: {entry['false_target']['name']}"
        draw.text((x, y + SHEET_THUMB + 6), heading, fill=INK, font=font)
        draw.text((x, y + SHEET_THUMB + 6 + SHEET_FONT_PX), decoy, fill=INK, font=font)
    return _png_bytes(image, {"Title": title, "Software": SOFTWARE})


def gallery_zip(view: Mapping[str, Any], t: Translator) -> bytes:
    """One ZIP, in a folder named for the game: each round as PNG and SVG, the contact sheet
    and the results CSV."""
    folder = f"crossed-canvas-{view['code']}"
    return zip_bytes((f"{folder}/{name}", data) for name, data in table_files(view, t))


def table_files(view: Mapping[str, Any], t: Translator) -> list[tuple[str, bytes]]:
    """What a finished game's ZIP holds (file name, bytes), for its folder in a class's ZIP
    too; nothing before its gallery exists."""
    if not view.get("gallery"):
        return []
    files = []
    for entry in view["gallery"]:
        stem = f"round-{int(entry['round']):02d}"
        files.append((f"{stem}.png", round_png(entry, t)))
        files.append((f"{stem}.svg", round_svg(entry, t).encode("utf-8")))
    files.append(("contact-sheet.png", contact_sheet_png(view["gallery"], t, view["code"])))
    files.append(("results.csv", game_csv(results, view, t)))
    return files + drawn_face_files(view)
