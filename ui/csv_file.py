"""A game's results as a CSV file for the teacher's records, written from the game's own
`Results` part: no registry here, so a game's parts write their own file (in their ZIPs)
without reaching back through ui/games.py to themselves.

No cell runs as a formula in a spreadsheet, whatever separator it splits on (engine.spreadsheet:
a student named =1+1, =HYPERLINK(...) or x;=1+1 stays text). The file is UTF-8 with a byte
order mark, which is how Excel knows to read "Chloé" as UTF-8.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any, Protocol

from engine.spreadsheet import spreadsheet_csv
from ui.text import Translator


class Results(Protocol):
    """A game's rows of the results CSV, and their columns (ui/<game>/results.py)."""

    @property
    def COLUMNS(self) -> tuple[str, ...]: ...  # read-only: a module's own tuple fits it

    def rows(self, view: Mapping[str, Any], t: Translator) -> list[list[object]]: ...


def game_csv(results: Results, view: Mapping[str, Any], t: Translator) -> bytes:
    """The game's rows (a facilitator's view) under its columns' names, each player's marked
    when a robot (`robot_marked`). Bytes, UTF-8 with a byte order mark, ready for a download
    button."""
    header = robot_marked([t(f"ui.csv.{column}") for column in results.COLUMNS], results, t)
    marked = [robot_marked(row, results, t, view["robots"]) for row in results.rows(view, t)]
    return csv_bytes([header, *marked])


def robot_marked(
    row: Sequence[object], results: Results, t: Translator, robots: Collection[str] | None = None
) -> list[object]:
    """`row` with a "Robot" cell after its player's: "yes" for a robot's row, empty for a
    student's; without `robots`, the header's row, naming the column."""
    player = results.COLUMNS.index("player") + 1
    if robots is None:
        return [*row[:player], t("ui.csv.robot"), *row[player:]]
    robot = t("ui.yes") if row[player - 1] in robots else ""
    return [*row[:player], robot, *row[player:]]


def csv_bytes(rows: Iterable[Iterable[object]]) -> bytes:
    return spreadsheet_csv(rows).encode("utf-8-sig")
