"""The home page's "Try it with robots": a teacher rehearses a game alone, seated at one seat
under her own name with robots in the others (engine/robots.py moves them on the server), and
opens her teacher's page, the projector and her phone's page from three links."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, NamedTuple

import streamlit as st

from engine import Engine, RuleError
from ui.links import page_url
from ui.text import Translator

#: Where the rehearsal made in this browser session waits to be opened (its links).
REHEARSAL = "rehearsal"


class Rehearsal(NamedTuple):
    """A game made for a rehearsal: its code, its teacher's key and her seat's link."""

    code: str
    key: str
    token: str


def robot_range(game: Mapping[str, Any]) -> tuple[int, int]:
    """How many robots a rehearsal of `game` (an entry of `Engine.offered_games`) may seat
    beside the teacher: enough to make its fewest players, at most its largest table's."""
    return max(1, game["fewest"] - 1), game["most"] - 1


def seats(game: Mapping[str, Any], t: Translator) -> tuple[str, int]:
    """The teacher's name and how many robots she picks (within `robot_range`)."""
    st.caption(t("ui.home.robots_help"))
    name = st.text_input(t("ui.home.robots_name"), key="robots_name", max_chars=40)
    fewest, most = robot_range(game)
    count = st.number_input(
        t("ui.home.robots_count"),
        min_value=fewest,
        max_value=most,
        value=fewest,
        step=1,
        key="robots_count",
    )
    return name, int(count)


def create(
    engine: Engine,
    seated: tuple[str, int],
    *,
    game: str,
    language: str,
    deck: str | Path | None,
    durations: Mapping[str, float | None],
    deck_owner: str | None,
    browser: str,
) -> Rehearsal:
    """A new game in its lobby with the teacher seated (her name checked as any join's) and
    the robots after her; nothing is left behind when her name is refused."""
    name, robots = seated
    new = engine.create_game(
        language=language, deck=deck, durations=durations, browser=deck_owner, game=game
    )
    try:
        token = engine.join(new.code, name, browser=browser)
        engine.add_robots(new.facilitator_token, robots)
    except RuleError:
        engine.delete_game(new.facilitator_token)
        raise
    return Rehearsal(new.code, new.facilitator_token, token)


def links(rehearsal: Rehearsal, t: Translator) -> None:
    """The three pages of a rehearsal, each opening in a tab of its own."""
    st.success(t("ui.home.robots_ready"))
    pages = (
        ("facilitator", "ui.home.robots_open_facilitator", {"key": rehearsal.key}),
        ("screen", "ui.home.robots_open_screen", {"code": rehearsal.code}),
        ("play", "ui.home.robots_open_phone", {"token": rehearsal.token}),
    )
    for page, label, params in pages:
        url = page_url(page, for_other_devices=False, **params)
        st.link_button(t(label), url, key=f"rehearsal_{page}")
