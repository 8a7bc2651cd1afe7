"""A game's results as CSV for the teacher's records: one row per round and player, the rows
and columns each game's own (ui/<game>/results.py, found through ui/games.py).

No cell runs as a formula in a spreadsheet, whatever separator it splits on (engine.spreadsheet:
a student named =1+1, =HYPERLINK(...) or x;=1+1 stays text). The file is UTF-8 with a byte
order mark, which is how Excel knows to read "Chloé" as UTF-8.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.classes.views import points_per_round
from engine.spreadsheet import spreadsheet_csv

# The module, not its names: the registry imports the games' parts, which write results too.
from ui import games
from ui.text import Translator


def results_csv(view: Mapping[str, Any], t: Translator) -> bytes:
    """The game's rows (a facilitator's view) under its columns' names; then totals.
    Bytes, UTF-8 with a byte order mark, ready for a download button."""
    results = games.parts_of(view).results
    header = [t(f"ui.csv.{column}") for column in results.COLUMNS]
    return _csv([header, *results.rows(view, t)])


def class_results_csv(view: Mapping[str, Any], t: Translator) -> bytes:
    """One file for a whole class (Engine.class_view): each table's rows as `results_csv`
    writes them, led by the table's number and how many rounds it played, and ended by the
    row's player's points per round (a table's size sets its rounds, so a class compares
    totals of unequal games by that, as its podium does)."""
    tables = view["tables"]
    columns = games.parts_of(tables[0]["view"]).results.COLUMNS if tables else ()
    header = [
        t("ui.csv.table"),
        t("ui.csv.rounds"),
        *(t(f"ui.csv.{column}") for column in columns),
        t("ui.csv.points_per_round"),
    ]
    player = columns.index("player")
    rows = []
    for table in tables:
        table_view = table["view"]
        rounds, totals = table_view["rounds"], table_view["totals"]
        for row in games.parts_of(table_view).results.rows(table_view, t):
            total = totals.get(row[player])
            per_round = "" if total is None else points_per_round(total, rounds)
            rows.append([table["table"], rounds, *row, per_round])
    return _csv([header, *rows])


def _csv(rows: list[list[object]]) -> bytes:
    return spreadsheet_csv(rows).encode("utf-8-sig")
