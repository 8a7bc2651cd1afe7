"""A game's results as a CSV file for the teacher's records, written from the game's own
`Results` part: no registry here, so a game's parts write their own file (in their ZIPs)
without reaching back through ui/games.py to themselves.

No cell runs as a formula in a spreadsheet, whatever separator it splits on (engine.spreadsheet:
a student named =1+1, =HYPERLINK(...) or x;=1+1 stays text). The file is UTF-8 with a byte
order mark, which is how Excel knows to read "Chloé" as UTF-8.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Protocol

from engine.spreadsheet import spreadsheet_csv
from ui.text import Translator


class Results(Protocol):
    """A game's rows of the results CSV, and their columns (ui/<game>/results.py)."""

    @property
    def COLUMNS(self) -> tuple[str, ...]: ...  # read-only: a module's own tuple fits it

    def rows(self, view: Mapping[str, Any], t: Translator) -> list[list[object]]: ...


def game_csv(results: Results, view: Mapping[str, Any], t: Translator) -> bytes:
    """The game's rows (a facilitator's view) under its columns' names. Bytes, UTF-8 with a
    byte order mark, ready for a download button."""
    header = [t(f"ui.csv.{column}") for column in results.COLUMNS]
    return csv_bytes([header, *results.rows(view, t)])


def csv_bytes(rows: Iterable[Iterable[object]]) -> bytes:
    return spreadsheet_csv(rows).encode("utf-8-sig")
