"""Crossed Canvas's results as CSV rows (ui/results.py writes the file): per round its
targets, Curator, Distorter, choice, every vote and award; then totals."""

from __future__ import annotations

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


def rows(view: Mapping[str, Any], t: Translator) -> list[list[object]]:
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
