"""The game's results as CSV for the teacher's records: one row per round and player.

No cell runs as a formula in a spreadsheet, whatever separator it splits on (engine.spreadsheet:
a student named =1+1, =HYPERLINK(...) or x;=1+1 stays text). The file is UTF-8 with a byte
order mark, which is how Excel knows to read "Chloé" as UTF-8.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.spreadsheet import spreadsheet_csv
from ui.critters.ribbons import golden_kept, received
from ui.text import Translator

COLUMNS = (
    "round",
    "category",
    "true_target",
    "false_target",
    "curator",
    "distorter",
    "curator_choice",
    "target_found",
    "accused_signature",
    "distorter_caught",
    "player",
    "signature",
    "voted_for",
    "points",
)
#: Canvas Critters' columns: a row per round and player, as Crossed Canvas's.
CRITTERS_COLUMNS = (
    "round",
    "theme",
    "active_player",
    "tie_break",
    "player",
    "title",
    "ribbons",
    "golden_ribbon",
    "guess",
    "golden_kept",
    "points",
)


def results_csv(view: Mapping[str, Any], t: Translator) -> bytes:
    """Per round: targets, Curator, Distorter, choice, every vote and award; then totals.
    A game of Canvas Critters: per round its theme, each mosaic's title, the ribbons each
    player received (or their duel guess), what a golden ribbon never given cost them (-5 in
    the last round, else 0) and their points; then totals.

    Bytes, UTF-8 with a byte order mark, ready for a download button.
    """
    if view.get("game") == "canvas_critters":
        header = [t(f"ui.csv.{column}") for column in CRITTERS_COLUMNS]
        return _csv([header, *_critters_rows(view, t)])
    return _csv([[t(f"ui.csv.{column}") for column in COLUMNS], *_rows(view, t)])


def _critters_rows(view: Mapping[str, Any], t: Translator) -> list[list[object]]:
    rows: list[list[object]] = []
    for entry in view["history"]:
        for player, points in entry["scores"].items():
            theme = entry["themes"].get(player) or entry["theme"] or {"text": ""}
            values, golden = received(entry, player)
            guess = entry["guesses"].get(player)
            rows.append(
                [
                    entry["round"],
                    theme["text"],
                    entry["active"] or "",
                    t("ui.yes") if entry["tie_break"] else t("ui.no"),
                    player,
                    entry["titles"].get(player) or "",
                    ", ".join(map(str, values)),  # "+3" would read as a formula
                    t("ui.yes") if golden else t("ui.no"),
                    "" if guess is None else guess["ribbon"],
                    -golden_kept(entry, player),  # -5 in the last round for a ribbon kept
                    points,
                ]
            )
    for player, total in view["totals"].items():
        rows.append([t("ui.csv.total"), *[""] * 3, player, *[""] * 5, total])
    return rows


def class_results_csv(view: Mapping[str, Any], t: Translator) -> bytes:
    """One file for a whole class (Engine.class_view): each table's rows as `results_csv`
    writes them, led by the table's number."""
    header = [t("ui.csv.table"), *(t(f"ui.csv.{column}") for column in COLUMNS)]
    return _csv(
        [header]
        + [[table["table"], *row] for table in view["tables"] for row in _rows(table["view"], t)]
    )


def _rows(view: Mapping[str, Any], t: Translator) -> list[list[object]]:
    """One game's rows (a facilitator's view): a row per round and player, then totals."""
    rows: list[list[object]] = []
    for entry in view["history"]:
        names = {sig_id: sig["name"] for sig_id, sig in entry["signatures"].items()}
        signature_of = {author: sig_id for sig_id, author in entry["authors"].items()}
        choice = next((o["name"] for o in entry["options"] if o["id"] == entry["choice"]), "")
        for player, points in entry["awards"].items():
            rows.append(
                [
                    entry["round"],
                    entry["category"],
                    entry["true_target"]["name"],
                    entry["false_target"]["name"],
                    entry["curator"],
                    entry["distorter"],
                    choice,
                    t("ui.yes") if entry["target_found"] else t("ui.no"),
                    names.get(entry["accused"] or "", ""),
                    t("ui.yes") if entry["distorter_caught"] else t("ui.no"),
                    player,
                    names.get(signature_of.get(player, ""), ""),
                    names.get(entry["votes"].get(player, ""), ""),
                    points,
                ]
            )
    for player, total in view["totals"].items():
        rows.append([t("ui.csv.total"), *[""] * 9, player, "", "", total])
    return rows


def _csv(rows: list[list[object]]) -> bytes:
    return spreadsheet_csv(rows).encode("utf-8-sig")
