"""The game's results as CSV for the teacher's records: one row per round and player."""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from typing import Any

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


def results_csv(view: Mapping[str, Any], t: Translator) -> str:
    """Per round: targets, Curator, Distorter, choice, every vote and award; then totals."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow([t(f"ui.csv.{column}") for column in COLUMNS])
    for entry in view["history"]:
        names = {sig_id: sig["name"] for sig_id, sig in entry["signatures"].items()}
        signature_of = {author: sig_id for sig_id, author in entry["authors"].items()}
        choice = next((o["name"] for o in entry["options"] if o["id"] == entry["choice"]), "")
        for player, points in entry["awards"].items():
            writer.writerow(
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
        writer.writerow([t("ui.csv.total"), *[""] * 9, player, "", "", total])
    return buffer.getvalue()
