"""The projector: built from public_view alone, so it is safe to show at any moment (R11)."""

from __future__ import annotations

import streamlit as st

from engine import FINISHED, LOBBY, RuleError
from ui.browser import browser_id
from ui.classes.tables import BIG_CSS, CLASS_CSS, class_screen, is_class, view_of_code
from ui.games import last_seconds
from ui.live import follow_changes
from ui.look import page_style
from ui.parts import in_round
from ui.projector import SCREEN_CSS, screen_body, screen_header
from ui.runtime import get_engine, query_param
from ui.sound import room_sound
from ui.tab import name_the_tab
from ui.text import browser_language, dead_end, mark_robots, robots_in, translator

st.set_page_config(page_title="Crossed Canvas", page_icon="🎨", layout="wide")
page_style(SCREEN_CSS)
engine = get_engine()

language = browser_language()
try:
    code = query_param("code", "error.bad_code")
    if code is None:
        st.title(translator(language)("ui.title"))
        dead_end(language, message_key="ui.screen.no_code")
    view, status = view_of_code(engine, code, browser_id())
except RuleError as error:
    dead_end(language, error)

if is_class(status):
    # One projector address for a game and for a whole class: the teacher opens it the same
    # way, and the same "Open the projector screen" button leads here.
    st.html(f"<style>{CLASS_CSS}{BIG_CSS}</style>")
    t = translator(view["language"])
    name_the_tab(view["game"], view["language"], t, "screen")
    mark_robots(robots_in(view), t)  # "robot" beside a robot's name
    class_screen(view, status, t)
    st.stop()

language = view["language"]
t = translator(language)
name_the_tab(view["game"], language, t, "screen")
mark_robots(robots_in(view), t)  # "robot" beside a robot's name
if view["phase"] == FINISHED and view["next_game"]:  # the teacher started the next game
    st.query_params.from_dict({"code": view["next_game"]})
    st.rerun()
# Canvas Critters shares the header, the lobby and the move to the next game; the rest is its own.
screen_header(view, status, t)
# The room's sound, once the teacher turns it on: a button in the corner, and the page's cues.
room_sound(view, status, t)


def follow_part() -> None:
    """The page's live part, placed where what changes within a phase sits (the lobby's
    roster, a round's readiness: ui/parts.py): a join, submit or vote comes by push, and the
    whole page runs again only when the phase moves (a stage, as on the phones)."""
    follow_changes(
        view["code"],
        status,
        language,
        view=view,
        big=True,
        redraw="stage",
        part="screen",
        warning=last_seconds(view),
    )


# Elsewhere (Canvas Critters, a reveal, the end) the whole page redraws on every change.
part_in_place = view["phase"] == LOBBY or in_round(view)
screen_body(view, t, join_code=view["code"], part=follow_part)
if not part_in_place:
    follow_changes(view["code"], status, language, big=True, warning=last_seconds(view))
