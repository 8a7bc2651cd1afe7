"""Canvas Critters' results as CSV rows (ui/results.py writes the file): per round its theme,
each mosaic's title, the ribbons each player received (or their duel guess), what a golden
ribbon never given cost them (-5 in the last round, else 0) and their points; then totals."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ui.critters.ribbons import golden_kept, received
from ui.text import Translator

#: A row per round and player.
COLUMNS = (
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


def rows(view: Mapping[str, Any], t: Translator) -> list[list[object]]:
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
