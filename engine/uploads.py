"""Files a teacher uploads for a deck, read as untrusted input: the CSV's text, ZIP archives and
pictures.

Nothing is ever written to disk, yet a ZIP naming a path outside itself is refused all the
same (it was made to attack someone). Sizes are checked before anything is decompressed or
decoded, and again while reading, since a ZIP's declared sizes can lie; a ZIP that cannot be
read, for whatever reason, is the file's problem, said as such. An SVG is accepted only when
everything in it is on engine.svg_allowlist's list of plain drawing, and refused otherwise
rather than cleaned: a cleaner that misses one trick lets it through, a refusal does not.
"""

from __future__ import annotations

import base64
import io
import re
import stat
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import PurePosixPath

from PIL import Image

from engine.errors import RuleError
from engine.svg_allowlist import svg_problem

MEGABYTE = 1024 * 1024
# One uploaded file (the CSV, a ZIP or a picture); .streamlit/config.toml's maxUploadSize says
# the same to the browser, but a server checks for itself.
MAX_UPLOAD_BYTES = 20 * MEGABYTE
MAX_CSV_BYTES = 1 * MEGABYTE
# One picture: phones receive the pictures they show with every full rerun of their page.
MAX_PICTURE_BYTES = 512 * 1024
MAX_PICTURE_SIDE = 4096
# All pictures of one deck, as read (not as declared): what one deck may hold in memory.
MAX_DECK_PICTURE_BYTES = 24 * MEGABYTE
MAX_ZIP_MEMBERS = 500
MAX_ZIP_DECLARED_BYTES = 64 * MEGABYTE
RASTER_TYPES = {"PNG": "image/png", "JPEG": "image/jpeg"}


@dataclass
class UploadedPictures:
    """Pictures by file name (case folded, without folders), and what was wrong with the files."""

    files: dict[str, bytes] = field(default_factory=dict)
    problems: list[RuleError] = field(default_factory=list)
    read_bytes: int = 0

    def add(self, name: str, data: bytes) -> None:
        key = picture_key(name)
        if key in self.files:
            self.problems.append(RuleError("error.deck.picture_twice", file=shown(name)))
        self.read_bytes += len(data)
        self.files[key] = data


def shown(name: str) -> str:
    """A file name as a message quotes it: printable characters only, and not too many."""
    return "".join(ch for ch in str(name) if ch.isprintable())[:80]


def picture_key(name: str) -> str:
    """How a row's picture cell finds its file: by name alone, whatever folder or letter case."""
    return PurePosixPath(name.replace("\\", "/")).name.strip().casefold()


def csv_text(data: bytes) -> str:
    """The CSV's text, which must be UTF-8 (a spreadsheet's "CSV UTF-8"); any other encoding is
    refused by name rather than guessed, since a wrong guess garbles every accented name."""
    if len(data) > MAX_CSV_BYTES:
        raise RuleError("error.deck.csv_too_large", most=MAX_CSV_BYTES // 1024)
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise RuleError("error.deck.csv_utf16")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise RuleError("error.deck.csv_not_utf8", row=line) from exc
    if "\x00" in text:
        raise RuleError("error.deck.csv_utf16")
    return text


def uploaded_pictures(files: Sequence[tuple[str, bytes]], wanted: set[str]) -> UploadedPictures:
    """The pictures among `files` (single pictures and ZIPs of them) whose names are `wanted`;
    other files in a ZIP are never decompressed."""
    found = UploadedPictures()
    for name, data in files:
        if len(data) > MAX_UPLOAD_BYTES:
            found.problems.append(
                RuleError(
                    "error.deck.file_too_large", file=shown(name), most=MAX_UPLOAD_BYTES // MEGABYTE
                )
            )
        elif _is_zip(name, data):
            _read_zip(name, data, wanted, found)
        else:
            found.add(name, data)
    if found.read_bytes > MAX_DECK_PICTURE_BYTES:
        found.problems.append(
            RuleError("error.deck.pictures_too_large", most=MAX_DECK_PICTURE_BYTES // MEGABYTE)
        )
    return found


def _is_zip(name: str, data: bytes) -> bool:
    """A ZIP, or what was meant as one: named .zip or starting as a ZIP does, even when its
    end is missing (a download cut short) and zipfile finds no archive in it."""
    return (
        zipfile.is_zipfile(io.BytesIO(data))
        or picture_key(name).endswith(".zip")
        or data.startswith(b"PK\x03\x04")
    )


def _read_zip(name: str, data: bytes, wanted: set[str], found: UploadedPictures) -> None:
    """The wanted pictures of one ZIP into `found`, or the one problem that stops it.

    A damaged archive (corrupt compressed data, bytes missing, a version, method or offset
    this reader cannot follow) makes zipfile, zlib, bz2, lzma or struct raise one of many
    kinds at any step: every one is the teacher's file's problem, said as error.deck.zip_bad.
    """
    try:
        problem = _unpack(shown(name), data, wanted, found)
    except Exception:  # a decoder of untrusted bytes: no list of its exceptions is complete
        problem = RuleError("error.deck.zip_bad", file=shown(name))
    if problem is not None:
        found.problems.append(problem)


def _unpack(file: str, data: bytes, wanted: set[str], found: UploadedPictures) -> RuleError | None:
    """What `_read_zip` does, up to the first problem (returned) or the first exception."""
    archive = zipfile.ZipFile(io.BytesIO(data))
    members = archive.infolist()
    if len(members) > MAX_ZIP_MEMBERS:
        return RuleError("error.deck.zip_members", file=file, most=MAX_ZIP_MEMBERS)
    if sum(m.file_size for m in members) > MAX_ZIP_DECLARED_BYTES:
        return RuleError("error.deck.zip_bomb", file=file)
    unsafe = next((m.filename for m in members if not _safe_member(m)), None)
    if unsafe is not None:
        return RuleError("error.deck.zip_path", file=file, member=shown(unsafe))
    for member in members:
        if member.is_dir() or picture_key(member.filename) not in wanted:
            continue
        if member.flag_bits & 0x1:
            return RuleError("error.deck.zip_bad", file=file)
        with archive.open(member) as stream:
            # One byte more than a picture may hold: enough to say it is too large, and a
            # member whose header understates its size is never inflated further.
            found.add(member.filename, stream.read(MAX_PICTURE_BYTES + 1))
        if found.read_bytes > MAX_DECK_PICTURE_BYTES:
            break
    return None


def _safe_member(member: zipfile.ZipInfo) -> bool:
    """A member that would unpack inside the archive's folder: no absolute path, no drive, no
    "..", no symbolic link, no control character."""
    name = member.filename.replace("\\", "/")
    if not name or name.startswith("/") or re.match(r"^[A-Za-z]:", name):
        return False
    if ".." in PurePosixPath(name).parts or not name.isprintable():
        return False
    return not stat.S_ISLNK(member.external_attr >> 16)


def picture_data_uri(data: bytes, mime: str) -> str:
    """A picture as an <img> shows it: a data URI, which no script inside could ever run from."""
    return f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}"


def checked_picture(row: int, name: str, data: bytes) -> str:
    """The picture's MIME type; RuleError naming `row` when it is too large, not a PNG, JPEG or
    SVG picture, or an SVG with anything beyond plain drawing in it."""
    if len(data) > MAX_PICTURE_BYTES:
        raise RuleError(
            "error.deck.picture_large", row=row, file=shown(name), most=MAX_PICTURE_BYTES // 1024
        )
    head = data.lstrip()[:256].lower()
    if head.startswith((b"<?xml", b"<svg", b"<!--")) or picture_key(name).endswith(".svg"):
        problem = svg_problem(data)
        if problem == "":
            raise RuleError("error.deck.picture_not_image", row=row, file=shown(name))
        if problem is not None:
            raise RuleError("error.deck.svg_unsafe", row=row, file=shown(name), what=problem)
        return "image/svg+xml"
    try:
        with Image.open(io.BytesIO(data)) as image:
            if image.format not in RASTER_TYPES:
                raise ValueError(image.format)
            if max(image.size) > MAX_PICTURE_SIDE:
                raise RuleError(
                    "error.deck.picture_large_side",
                    row=row,
                    file=shown(name),
                    most=MAX_PICTURE_SIDE,
                )
            image.verify()
            return RASTER_TYPES[image.format]
    except RuleError:
        raise
    except Exception as exc:  # Pillow raises many kinds for a file that is not a picture
        raise RuleError("error.deck.picture_not_image", row=row, file=shown(name)) from exc
