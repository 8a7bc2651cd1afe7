"""Quick Pick's phone: the three colours to pick from, then the player's own pick."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import streamlit as st

from engine.view_types import GameView
from ui.moves import act_once
from ui.runtime import get_engine
from ui.text import Translator, literal


def heading_html(view: Mapping[str, Any], t: Translator) -> str:
    """The round of a game in play (the lobby and the end say their own)."""
    if view["phase"] in ("lobby", "finished"):
        return ""
    heading = t("ui.round_of", round=view["round"], rounds=view["rounds"])
    return f'<div class="cc-phase">{literal(heading)}</div>'


def phase_body(view: Mapping[str, Any], t: Translator, token: str) -> None:
    """The colours while the player may pick, else what they picked."""
    listed = view["actions"].get("pick")
    if listed is None:
        if view["my_pick"]:
            colour = t(f"ui.quick_pick.{view['my_pick']}")
            st.html(f"<p>{literal(t('ui.quick_pick.picked', colour=colour))}</p>")
        st.html(f"<p>{literal(t('ui.quick_pick.waiting'))}</p>")
        return
    st.subheader(t("ui.quick_pick.pick"))
    engine = get_engine()
    for colour in listed["colours"]:
        if st.button(t(f"ui.quick_pick.{colour}"), key=f"qp_{view['round']}_{colour}") and act_once(
            "pick", view, engine.move, token, "pick", colour=colour
        ):
            st.rerun()


def following(view: Mapping[str, Any]) -> tuple[bool, str]:
    """Who has picked is listed live; the page runs again for a new stage."""
    return True, "stage"


def totals_shown(view: GameView) -> bool:
    return True


def last_seconds(view: Mapping[str, Any]) -> str | None:
    return None


def calls(view: Mapping[str, Any]) -> bool:
    return bool(view.get("actions"))


def ending_html(view: Mapping[str, Any], t: Translator) -> str:
    return ""
