"""A downloaded CSV read back as a spreadsheet would: its rows of cells."""

from __future__ import annotations

import codecs
import csv
import io


def rows_of(data: bytes) -> list[list[str]]:
    """The file's rows; it starts with the byte-order mark that tells Excel it is UTF-8."""
    assert data.startswith(codecs.BOM_UTF8)
    return list(csv.reader(io.StringIO(data.decode("utf-8-sig"), newline="")))
