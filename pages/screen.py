"""The projector: built from public_view alone, so it is safe to show at any moment (R11)."""

from __future__ import annotations

import streamlit as st

from engine import RuleError
from ui.board import show_composition
from ui.browser import browser_id
from ui.links import page_url, qr_png
from ui.live import live_status
from ui.look import (
    category_line,
    legend,
    page_style,
    podium,
    reveal_pictures,
    reveal_summary,
    round_heading,
)
from ui.runtime import get_engine, query_param
from ui.text import browser_language, dead_end, literal, name_html, translator

# Read from the back of a classroom at 1280x720.
SCREEN_CSS = """
.stMainBlockContainer { padding-top: 1.2rem; padding-bottom: 1rem; max-width: 100%; }
.stMarkdown p { font-size: 1.35rem; }
.cc-phase { font-size: 2.4rem; }
.cc-clue { font-size: 1.8rem; margin-top: .3rem; }
"""

st.set_page_config(page_title="Crossed Canvas", page_icon="🎨", layout="wide")
page_style(SCREEN_CSS)
engine = get_engine()

language = browser_language()
try:
    code = query_param("code", "error.bad_code")
    if code is None:
        st.title(translator(language)("ui.title"))
        dead_end(language, message_key="ui.screen.no_code")
    status = engine.status(code)
    view = engine.public_view(code, browser=browser_id())
except RuleError as error:
    dead_end(language, error)

language = view["language"]
t = translator(language)
heading, timer = st.columns([3, 1])
with heading:
    st.html(
        f'<div class="cc-phase">{round_heading(view, t)}</div>'
        f'<div class="cc-clue">{category_line(view, t)}</div>'
    )
with timer:
    live_status(view["code"], status["version"], language, big=True)

phase = view["phase"]
if phase == "lobby":
    join_url = page_url("play", code=view["code"])
    left, right = st.columns([3, 2])
    with left:
        st.html(f'<div class="cc-huge">{literal(t("ui.screen.join_with"))}</div>')
        st.html(f'<div class="cc-code cc-code-huge">{literal(view["code"])}</div>')
        st.html(f'<div class="cc-big">{literal(join_url)}</div>')
        names = ", ".join(name_html(name) for name in view["players"]) or "—"
        st.html(
            f'<div class="cc-big"><b>{literal(t("ui.players_joined", count=len(view["players"])))}'
            f"</b> {names}</div>"
        )
    with right:
        st.image(qr_png(join_url), width=420, alt=t("ui.qr.join"))
elif phase == "finished":
    if view["next_game"]:  # the teacher started the next game: the projector follows
        st.query_params.from_dict({"code": view["next_game"]})
        st.rerun()
    podium(view["totals"], t)
elif phase == "reveal":
    pictures, summary = st.columns([1, 2])
    with pictures:
        reveal_pictures(view["reveal"], t, 110, big=True)
        show_composition(view["fragments"], view["signatures"], 240, t)
    with summary:
        reveal_summary(view, t, big=True)
else:
    drawing, side = st.columns([3, 2])
    with drawing:
        show_composition(view["fragments"], view["signatures"], 520, t)
    with side:
        st.html(f'<div class="cc-big">{literal(t(f"ui.screen.hint.{phase}"))}</div>')
        legend(view, t, big=True)
