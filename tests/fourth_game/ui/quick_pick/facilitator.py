"""Quick Pick on the teacher's page: the rounds chosen in the lobby, the tally."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import streamlit as st

from engine import Engine
from tests.fourth_game.engine.quick_pick.rules import MOST_ROUNDS, ROUNDS
from tests.fourth_game.ui.quick_pick import results, screen
from ui.csv_file import game_csv
from ui.moderation import Run
from ui.text import Translator

FILE_PREFIX = "quick-pick"


def advance_key(view: Mapping[str, Any]) -> str:
    """Ending the pick shows the picks; ending the tally, the next round."""
    return "ui.quick_pick.advance" if view["phase"] == "pick" else "ui.quick_pick.next"


def table_files(view: Mapping[str, Any], t: Translator) -> list[tuple[str, bytes]]:
    return [("results.csv", game_csv(results, view, t))]


def lobby_body(engine: Engine, view: Mapping[str, Any], t: Translator, run: Run) -> None:
    """How many rounds, before the start."""
    chosen = view["rounds"] or ROUNDS
    rounds = st.number_input(t("ui.quick_pick.rounds"), 1, MOST_ROUNDS, chosen, key="qp_rounds")
    if rounds != chosen:
        run(engine.command, "set_rounds", rounds=int(rounds))


def round_body(
    engine: Engine, view: Mapping[str, Any], t: Translator, run: Run, *, listed: bool
) -> None:
    st.html(screen.picks_html(view, t))


def finished_body(engine: Engine, view: Mapping[str, Any], t: Translator, run: Run) -> None:
    st.html(screen.picks_html(view, t))


def side(engine: Engine, view: Mapping[str, Any], t: Translator, run: Run) -> None:
    return None
