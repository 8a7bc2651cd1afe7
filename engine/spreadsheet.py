"""CSV files the product writes for a spreadsheet (results, a deck's template and example).

A spreadsheet runs a cell that starts with = + - @, a tab or a carriage return as a formula,
and which character splits cells depends on its language: Spanish Excel splits on ";". So
every text cell is quoted (a spreadsheet that honours quotes keeps it whole), and a cell that
starts with a formula character, or holds a "," or ";" followed by one (a spreadsheet that
splits there anyway would start a cell with it), gets a single quote before that character,
as OWASP advises for CSV injection: a student named "x;=1+1" stays text. Numbers stay numbers.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable

# A formula character at the start of the text or of any part after a separator (spaces
# between them are skipped over by some spreadsheets, so they are kept before the quote).
FORMULA_START = re.compile(r"(^|[,;])( *)(?=[=+\-@\t\r])")


def text_cell(text: str) -> str:
    """`text` as a spreadsheet shows it, never runs it, whichever separator it splits on."""
    return FORMULA_START.sub(r"\1\2'", text)


def spreadsheet_csv(rows: Iterable[Iterable[object]]) -> str:
    """The rows as CSV: text cells quoted and neutralised (text_cell), numbers as numbers.."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, quoting=csv.QUOTE_NONNUMERIC, lineterminator="\r\n")
    writer.writerows([_cell(value) for value in row] for row in rows)
    return buffer.getvalue()


def _cell(value: object) -> object:
    if isinstance(value, int | float) and not isinstance(value, bool):
        return value
    return text_cell(str(value))
