"""Canvas Layers' results as CSV rows (ui/results.py writes the file): a row per painting
completed (its painter, its number, its title, its ribbons and bonus), then each painter's
tokens and final score."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ui.canvas_layers.cards_html import scoring_name
from ui.text import Translator

COLUMNS = ("player", "painting", "title", "ribbons", "bonus", "tokens", "points")


def rows(view: Mapping[str, Any], t: Translator) -> list[list[object]]:
    language = view["language"]
    rows: list[list[object]] = [
        [
            entry["painter"],
            entry["number"],
            entry["title"],
            ", ".join(
                f"{scoring_name(card, language)} x{count}"
                for card, count in entry["ribbons"].items()
                if count
            ),
            entry["bonus"],
            "",
            "",
        ]
        for entry in view["history"]
    ]
    for painter in view["painters"]:
        rows.append(
            [painter["name"], t("ui.csv.total"), "", "", "", painter["tokens"], painter["score"]]
        )
    return rows
