"""Quick Pick on the projector: who has picked, then the round's picks."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import streamlit as st

from tests.fourth_game.ui.quick_pick.parts import in_round
from ui.text import Translator, literal

SHOWCASE: frozenset[str] = frozenset()


def heading(view: Mapping[str, Any], t: Translator) -> tuple[str, str]:
    key = "tally" if view["phase"] == "tally" else "pick"
    return literal(t(f"ui.quick_pick.{key}")), ""


def picks_html(view: Mapping[str, Any], t: Translator) -> str:
    """The last round shown: each player's colour."""
    if not view["rounds_shown"]:
        return ""
    last = view["rounds_shown"][-1]["picks"]
    rows = "".join(
        f"<li>{literal(name)}: {literal(t(f'ui.quick_pick.{colour}'))}</li>"
        for name, colour in last.items()
    )
    return f'<ul class="qp-picks">{rows}</ul>'


def showcase_body(view: Mapping[str, Any], t: Translator) -> None:
    st.html(picks_html(view, t))


def card_html(view: Mapping[str, Any], t: Translator) -> str:
    return picks_html(view, t)


def round_body(
    view: Mapping[str, Any], t: Translator, *, big: bool, part: Callable[[], None]
) -> None:
    """Who has picked while they pick (the live `part`, where `in_round` says it is), the
    picks once shown."""
    if in_round(view):
        part()
    st.html(picks_html(view, t))
