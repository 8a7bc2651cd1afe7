"""A teacher's deck as a CSV: reading one (every row checked, every problem named by its row),
and writing one (the template and the built-in deck as a worked example).

One row per object: its English and Spanish names, its category in both languages, its
picture's file name (empty for a deck of names only) and the objects it looks like, each with
a closeness level from 1 to 3 ("dog:3; fox:2"). Rows are numbered as a spreadsheet shows them:
the header is row 1.
"""

from __future__ import annotations

import csv
import io
import re
import secrets
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.crossed_canvas.decks import (
    CLOSENESS_LEVELS,
    Deck,
    DeckObject,
    reads_as,
    signature_word,
)
from engine.crossed_canvas.rules import MAX_PLAYERS
from engine.errors import DeckRefused, RuleError
from engine.names import typed_text
from engine.spreadsheet import spreadsheet_csv
from engine.uploads import checked_picture, csv_text, picture_key, shown, uploaded_pictures

COLUMNS = ("english", "spanish", "category_en", "category_es", "picture", "close_to")
REQUIRED = COLUMNS[:4]
MAX_OBJECTS = 300
MAX_NAME_LENGTH = 40
# A round needs a pair plus two neutral options of the same category (R6; decks.Deck.neutrals).
MIN_CATEGORY_OBJECTS = 4
# Characters that separate a close_to cell's entries, so a name cannot hold them.
SEPARATORS = ",;:"
MAX_PROBLEMS = 40
TEMPLATE_ROWS = (
    ("apple", "manzana", "fruit", "frutas", "apple.png", "pear:3; cherry:1"),
    ("pear", "pera", "fruit", "frutas", "pear.png", "banana:1"),
    ("cherry", "cereza", "fruit", "frutas", "cherry.png", ""),
    ("banana", "plátano", "fruit", "frutas", "banana.png", ""),
)


@dataclass(frozen=True)
class ParsedDeck:
    """A deck accepted whole: its content as the database keeps it, and its pictures (MIME
    type and bytes) by object id."""

    content: dict[str, Any]
    pictures: dict[str, tuple[str, bytes]]

    @property
    def objects(self) -> int:
        """How many objects the deck holds (its owner's deck list says it)."""
        return len(self.content["objects"])


@dataclass
class _Row:
    number: int
    english: str
    spanish: str
    category_en: str
    category_es: str
    picture: str
    close_to: str
    id: str = ""


def parse_deck(csv_data: bytes, files: Sequence[tuple[str, bytes]]) -> ParsedDeck:
    """The deck in `csv_data` with its pictures among `files`, or DeckRefused listing every
    problem found; nothing is half-accepted."""
    try:
        rows = _rows(csv_text(csv_data))
    except RuleError as error:
        raise DeckRefused([error]) from error
    problems: list[RuleError] = []
    _check_names(rows, problems)
    named = {picture_key(row.picture) for row in rows if row.picture}
    if not named and files:
        problems.append(RuleError("error.deck.pictures_unused"))
    if named and not files:
        # One message, not one per row: the teacher forgot the pictures, or meant names only.
        problems.append(RuleError("error.deck.no_pictures"))
    uploaded = uploaded_pictures(files, named)
    problems += uploaded.problems
    pictures: dict[str, tuple[str, bytes]] = {}
    ids = _fresh_ids(len(rows))
    for row, object_id in zip(rows, ids, strict=True):
        row.id = object_id
        if uploaded.problems or not files:
            continue  # no pictures, or refused files: every row would repeat the one problem
        if not row.picture:
            if named:
                problems.append(RuleError("error.deck.picture_none", row=row.number))
            continue
        data = uploaded.files.get(picture_key(row.picture))
        if data is None:
            problems.append(
                RuleError("error.deck.picture_missing", row=row.number, file=shown(row.picture))
            )
            continue
        try:
            pictures[object_id] = (checked_picture(row.number, row.picture, data), data)
        except RuleError as error:
            problems.append(error)
    categories = _categories(rows, problems)
    pairs = _pairs(rows, problems)
    if len(pairs) < MAX_PLAYERS:
        problems.append(RuleError("error.deck.few_pairs", count=len(pairs), most=MAX_PLAYERS))
    if problems:
        problems.sort(key=lambda problem: problem.params.get("row", 0))
        raise DeckRefused(problems[:MAX_PROBLEMS], more=max(0, len(problems) - MAX_PROBLEMS))
    content = {
        "categories": [{"id": cid, "en": en, "es": es} for cid, (en, es) in categories.items()],
        "objects": [
            {
                "id": row.id,
                "category": _category_id(categories, row),
                "en": row.english,
                "es": row.spanish,
            }
            for row in rows
        ],
        "pairs": pairs,
    }
    return ParsedDeck(content, pictures)


def _rows(text: str) -> list[_Row]:
    """The data rows under a header naming the columns (any order, any letter case); a ";" or
    tab delimiter (a Spanish spreadsheet's CSV) is recognised from the header."""
    header_line = text.split("\n", 1)[0]
    delimiter = max(",;\t", key=header_line.count)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    try:
        header = [cell.strip().casefold() for cell in next(reader, [])]
        missing = [column for column in REQUIRED if column not in header]
        if missing:
            raise RuleError(
                "error.deck.columns", missing=", ".join(missing), expected=", ".join(COLUMNS)
            )
        rows: list[_Row] = []
        for number, cells in enumerate(reader, start=2):
            if not any(cell.strip() for cell in cells):
                continue
            if len(rows) == MAX_OBJECTS:
                raise RuleError("error.deck.too_many_rows", most=MAX_OBJECTS)
            values = dict(zip(header, (cell.strip() for cell in cells), strict=False))
            rows.append(_Row(number, *(values.get(column, "") for column in COLUMNS)))
    except csv.Error as exc:
        raise RuleError("error.deck.csv_broken", row=reader.line_num) from exc
    if not rows:
        raise RuleError("error.deck.empty")
    return rows


def _check_names(rows: list[_Row], problems: list[RuleError]) -> None:
    """Every name present, something one can see, short, free of invisible characters (as
    engine.names.typed_text has them for students' names), separators and signature words (R3), and
    no two objects whose names read the same (decks.reads_as) in either language. The rows
    keep each name as typed_text shows it."""
    first_row: dict[tuple[str, str], int] = {}
    for row in rows:
        for column in REQUIRED:
            value = _checked_name(row, column, problems)
            if value is not None:
                setattr(row, column, value)
        for language, name in (("en", row.english), ("es", row.spanish)):
            word = signature_word(name)
            if word is not None:
                problems.append(
                    RuleError(
                        "error.deck.signature_word", row=row.number, name=shown(name), word=word
                    )
                )
            earlier = first_row.setdefault((language, reads_as(name)), row.number)
            if name and earlier != row.number:
                problems.append(
                    RuleError(
                        "error.deck.duplicate", row=row.number, name=shown(name), first=earlier
                    )
                )


def _checked_name(row: _Row, column: str, problems: list[RuleError]) -> str | None:
    """The row's name in `column` as shown, or None with its problem added."""
    value = getattr(row, column)
    if not value:
        problems.append(RuleError("error.deck.missing", row=row.number, column=column))
        return None
    try:
        cleaned = typed_text(value, empty="error.deck.looks_blank", bad="error.deck.name_chars")
    except RuleError as error:
        problems.append(RuleError(error.key, row=row.number, column=column, name=shown(value)))
        return None
    if len(cleaned) > MAX_NAME_LENGTH:
        problems.append(
            RuleError(
                "error.deck.name_long", row=row.number, name=shown(value), most=MAX_NAME_LENGTH
            )
        )
        return None
    if any(ch in SEPARATORS for ch in cleaned):
        problems.append(RuleError("error.deck.name_chars", row=row.number, name=shown(value)))
        return None
    return cleaned


def _categories(rows: list[_Row], problems: list[RuleError]) -> dict[str, tuple[str, str]]:
    """Categories by id, in order of first appearance, told apart as read (decks.reads_as);
    each needs MIN_CATEGORY_OBJECTS objects and one Spanish name of its own."""
    found: dict[str, tuple[str, str]] = {}
    members: dict[str, list[int]] = {}
    by_spanish: dict[str, tuple[str, int]] = {}  # a Spanish name as read: (category, row)
    for row in rows:
        if not row.category_en:
            continue
        key = reads_as(row.category_en)
        if key not in found and row.category_es:
            other, first = by_spanish.setdefault(reads_as(row.category_es), (key, row.number))
            if other != key:
                problems.append(
                    RuleError(
                        "error.deck.looks_same_category",
                        row=row.number,
                        category=shown(row.category_en),
                        first=first,
                    )
                )
        english, spanish = found.setdefault(key, (row.category_en, row.category_es))
        members.setdefault(key, []).append(row.number)
        if reads_as(spanish) != reads_as(row.category_es):
            problems.append(
                RuleError(
                    "error.deck.category_spanish",
                    row=row.number,
                    category=shown(english),
                    spanish=shown(spanish),
                )
            )
    for key, numbers in members.items():
        if len(numbers) < MIN_CATEGORY_OBJECTS:
            problems.append(
                RuleError(
                    "error.deck.small_category",
                    category=shown(found[key][0]),
                    count=len(numbers),
                    rows=", ".join(map(str, numbers)),
                    fewest=MIN_CATEGORY_OBJECTS,
                )
            )
    return {f"c{i}": names for i, names in enumerate(found.values(), start=1)}


def _category_id(categories: dict[str, tuple[str, str]], row: _Row) -> str:
    key = reads_as(row.category_en)
    return next(cid for cid, (en, _) in categories.items() if reads_as(en) == key)


def _pairs(rows: list[_Row], problems: list[RuleError]) -> list[dict[str, Any]]:
    """The close pairs the close_to cells name, each once, with its closeness level."""
    by_name = {reads_as(row.english): row for row in rows if row.english}
    pairs: dict[tuple[int, int], dict[str, Any]] = {}  # by the two rows' numbers
    for row in rows:
        for entry in filter(None, (e.strip() for e in re.split(r"[,;]", row.close_to))):
            name, _, level = (part.strip() for part in entry.rpartition(":"))
            if not name or level not in {str(n) for n in CLOSENESS_LEVELS}:
                problems.append(
                    RuleError("error.deck.close_bad", row=row.number, entry=shown(entry))
                )
                continue
            other = by_name.get(reads_as(name))
            if other is None:
                problems.append(
                    RuleError("error.deck.pair_unknown", row=row.number, name=shown(name))
                )
            elif other is row:
                problems.append(RuleError("error.deck.pair_self", row=row.number, name=shown(name)))
            elif reads_as(other.category_en) != reads_as(row.category_en):
                problems.append(
                    RuleError("error.deck.pair_category", row=row.number, name=shown(name))
                )
            else:
                key = (min(row.number, other.number), max(row.number, other.number))
                pair = pairs.setdefault(key, {"a": row.id, "b": other.id, "closeness": int(level)})
                if pair["closeness"] != int(level):
                    problems.append(
                        RuleError("error.deck.pair_levels", row=row.number, name=shown(name))
                    )
    return list(pairs.values())


def _fresh_ids(count: int) -> list[str]:
    """Random object ids: pages use ids in widget keys, and ids in row order would tell a
    Curator which two of the four options sit side by side in the teacher's list."""
    ids: set[str] = set()
    while len(ids) < count:
        ids.add(secrets.token_hex(5))
    return list(ids)


def template_csv() -> str:
    """The header and four example rows: a spreadsheet's starting point."""
    return spreadsheet_csv([COLUMNS, *TEMPLATE_ROWS])


def deck_as_csv(deck: Deck) -> str:
    """A deck loaded from files in the upload format (the worked example: the built-in deck);
    each pair is written once, on its first object's row."""
    close: dict[str, list[str]] = {}
    for pair in deck.pairs:
        close.setdefault(pair.a, []).append(f"{deck.objects[pair.b].names['en']}:{pair.closeness}")
    rows = [COLUMNS]
    for obj in deck.objects.values():
        category = deck.categories[obj.category]
        rows.append(
            (
                obj.names["en"],
                obj.names["es"],
                category["en"],
                category["es"],
                _picture_file(obj).name,
                "; ".join(close.get(obj.id, [])),
            )
        )
    return spreadsheet_csv(rows)


def deck_pictures_zip(deck: Deck) -> bytes:
    """The pictures of a deck loaded from files, in one ZIP, as the upload form takes them."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for obj in deck.objects.values():
            picture = _picture_file(obj)
            archive.write(picture, picture.name)
    return buffer.getvalue()


def _picture_file(obj: DeckObject) -> Path:
    """An object's picture in a deck loaded from files (never an uploaded deck's data URI)."""
    if not isinstance(obj.image, Path):
        raise ValueError(f"object {obj.id} has no picture file")
    return obj.image
