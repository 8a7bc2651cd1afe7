"""The Canvas Critters controls on the teacher's page: what a tie for first place leads to."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

import streamlit as st

from engine import Engine
from engine.critters import rules
from ui.archive import file_part, player_part, svg_png, unique_stem, zip_bytes
from ui.critters import results
from ui.critters.mosaic_svg import mosaic_svg
from ui.critters.screen import show_critters
from ui.csv_file import game_csv
from ui.drawn_faces import drawn_face_files
from ui.moderation import Run, gallery_steps, setting_switch
from ui.text import Translator

TIE_RULES = ("play_off", "share")


def tie_rule_choice(engine: Engine, view: Mapping[str, Any], t: Translator, run: Run) -> None:
    """Play a tie off (the rulebook's extra rounds) or share the victory, changeable until
    the game ends. Keyed by the rule in force, so a choice made on another tab shows here."""
    current = view["tie_rule"]
    other = next(rule for rule in TIE_RULES if rule != current)
    st.radio(
        t("ui.critters.fac.tie_rule"),
        TIE_RULES,
        index=TIE_RULES.index(current),
        format_func=lambda rule: t(f"ui.critters.fac.tie_rule.{rule}"),
        key=f"tie_rule_{current}",
        on_change=run,
        args=(engine.set_tie_rule, other),
        captions=[t(f"ui.critters.fac.tie_rule_hint.{rule}") for rule in TIE_RULES],
    )


def lobby_body(engine: Engine, view: Mapping[str, Any], t: Translator, run: Run) -> None:
    """Before the start: whether the phones and the projector name who gave each ribbon (the
    rulebook's way) or say only what each mosaic received. Keyed by the choice in force, so
    one made on another tab shows here."""
    label, hint = t("ui.critters.fac.givers_named"), t("ui.critters.fac.givers_named_hint")
    setting_switch(
        view["givers_named"], "givers_named", label, run, engine.set_givers_named, help=hint
    )


#: Downloads are named after the game: canvas-critters-<code>.csv.
FILE_PREFIX = "canvas-critters"
#: A mosaic's side in a downloaded SVG (it scales; this is the size it opens at) and PNG.
MOSAIC_FILE_PX = 800


def mosaic_stem(round_number: int, mosaic: Mapping[str, Any], robots: Collection[str]) -> str:
    """ "round-01-ana-the-sleepy-fox": the round, the maker (a robot's says so) and the title
    (the duel has none), each typed part made safe for a file name (ui/archive.file_part)."""
    parts = [f"round-{round_number:02d}", player_part(mosaic["name"], robots, "student")]
    if mosaic["title"]:
        parts.append(file_part(mosaic["title"], "mosaic"))
    return "-".join(parts)


def table_files(view: Mapping[str, Any], t: Translator) -> list[tuple[str, bytes]]:
    """What a finished game's ZIP holds (its folder in a class's ZIP too): every round's
    mosaics as SVG and PNG, each named for its round, maker and title, and the results. A
    canvas left empty is no picture to keep."""
    if view["phase"] != "finished":
        return []
    files = []
    seen: set[str] = set()
    for entry in view["history"]:
        for mosaic in entry["mosaics"]:
            if not mosaic["pieces"]:
                continue
            stem = unique_stem(mosaic_stem(int(entry["round"]), mosaic, view["robots"]), seen)
            svg = mosaic_svg(mosaic, MOSAIC_FILE_PX)
            files += [(f"{stem}.svg", svg.encode("utf-8")), (f"{stem}.png", svg_png(svg))]
    return [*files, ("results.csv", game_csv(results, view, t)), *drawn_face_files(view)]


def advance_key(view: Mapping[str, Any]) -> str:
    """The catalogue key of the button that ends the current phase now, named after what
    comes next: the duel's building leads to the guesses, the judged game's to the titles
    (a build ended by the teacher had nobody finished, so no last minute follows), and the
    scores of the last planned round to the final results, or to a tie-break."""
    phase = view["phase"]
    if phase == "build" and view["duel"]:
        return "ui.critters.fac.advance.duel_build"
    if phase == "scores" and view["round"] >= view["rounds"]:
        return f"ui.critters.fac.advance.{'scores_last' if game_ends(view) else 'scores_tie'}"
    return f"ui.critters.fac.advance.{phase}"


def game_ends(view: Mapping[str, Any]) -> bool:
    """Whether ending these scores ends the game: no tie for the lead left to play off."""
    points = dict(enumerate(view["totals"].values()))
    return rules.game_over(
        rounds_played=view["round"],
        players=len(points),
        totals=points,
        tie_rule=rules.TieRule(view["tie_rule"]),
    )


def round_body(
    engine: Engine, view: Mapping[str, Any], t: Translator, run: Run, *, listed: bool
) -> None:
    """A round in the main column: the projector's phase, smaller."""
    show_critters(view, t, big=False)


def finished_body(engine: Engine, view: Mapping[str, Any], t: Translator, run: Run) -> None:
    """After the podium: the gallery on the projector, round by round (each round's mosaics
    as its scores showed them), and every mosaic of the game to keep."""
    gallery_steps(engine, view["shown_round"], len(view["gallery"]), t, run)
    folder = f"{FILE_PREFIX}-{view['code']}"
    st.download_button(
        t("ui.critters.fac.mosaics_zip"),
        lambda: zip_bytes((f"{folder}/{name}", data) for name, data in table_files(view, t)),
        file_name=f"{folder}.zip",
        mime="application/zip",
        key="gallery_zip",
        on_click="ignore",
        type="primary",
    )


def side(engine: Engine, view: Mapping[str, Any], t: Translator, run: Run) -> None:
    """Beside the totals: what a tie for first place leads to, until the game ends."""
    if view["phase"] != "finished":
        tie_rule_choice(engine, view, t, run)
