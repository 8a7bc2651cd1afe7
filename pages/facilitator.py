"""The teacher's page: roster, start, timer controls, lost links, reveal, standings, results.

It may be projected, so it shows only the facilitator view: nothing of a round is secret here
that the screen does not also keep secret, and personal links appear only when asked for.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

from engine import FINISHED, LOBBY, RuleError
from ui.browser import browser_id
from ui.faces import named_html
from ui.games import last_seconds, parts_of
from ui.links import join_details, page_url, qr_png
from ui.live import follow_changes, live_status, status_of
from ui.look import (
    page_style,
    standings,
    winners_banner,
)
from ui.moderation import (
    TIMER_ROW,
    TIMER_ROW_CSS,
    Run,
    faces_panel,
    names_panel,
    pick_player,
    timer_key,
)
from ui.parts import in_round
from ui.private_link import key_from_address, private_link_button, show_code_only
from ui.results import results_csv
from ui.runtime import get_engine
from ui.sound import sound_switch
from ui.tab import name_the_tab
from ui.text import (
    browser_language,
    dead_end,
    isolate,
    mark_robots,
    plain_label,
    robots_in,
    show_error,
    translator,
)

st.set_page_config(page_title="Crossed Canvas · facilitator", page_icon="🎨", layout="wide")
page_style(TIMER_ROW_CSS)
engine = get_engine()

language = browser_language()
try:
    key = key_from_address("game", language, "ui.fac.open_private_link")
    view = engine.facilitator_view(key, browser=browser_id())
    status = status_of(view)  # as the view was built: one read, as on a phone
except RuleError as error:
    dead_end(language, error)

# The page may be projected: the address shows the game's code, never its key.
show_code_only("game", view["code"], key)
language = view["language"]
t = translator(language)
name_the_tab(view["game"], language, t, "facilitator")
mark_robots(robots_in(view), t)  # "robot" beside a robot's name


def command(action: Callable[..., Any], *args: Any) -> None:
    """Run one facilitator command; a refusal is shown, a success re-renders the page."""
    try:
        action(key, *args)
    except RuleError as error:
        show_error(error, language)
    else:
        st.rerun()


run = Run(key)


def timer_button(label: str, widget_key: str, action: Callable[..., Any], **options: Any) -> None:
    """A button ending or pausing the phase on screen, meant only for it (`timer_key`)."""
    meant_for = {"phase": view["phase"], "round": view["round"]}
    st.button(
        label,
        key=timer_key(widget_key, view["round"], view["phase"]),
        on_click=run,
        args=(action,),
        kwargs=meant_for,
        **options,
    )


def lost_link() -> None:
    """A new personal link and QR code for a student, once the teacher picks the name and asks
    for it: only a hash of each token is kept, so the old link is retired, not shown again."""
    with st.expander(t("ui.fac.lost_link")):
        students = [name for name in view["players"] if name not in view["robots"]]
        who = pick_player(t("ui.fac.lost_link_who"), students, "link_name", t)
        if who is None:
            return
        if st.button(plain_label(t("ui.fac.lost_link_make", name=isolate(who))), key="new_link"):
            try:
                token = engine.player_token(key, who)
            except RuleError as error:
                show_error(error, language)
            else:
                st.session_state["made_link"] = (who, page_url("play", token=token))
        made_for, link = st.session_state.get("made_link", (None, ""))
        if made_for == who:
            st.caption(t("ui.fac.lost_link_hint"))
            st.code(link, language=None, wrap_lines=True)  # no scrolled box a keyboard cannot reach
            st.image(qr_png(link), width=260, alt=t("ui.qr.personal_link"))


def play_again() -> None:
    """A new game for the same class: this game's players see its code and join in a tap."""
    with st.container(horizontal=True, vertical_alignment="center"):
        if st.button(t("ui.fac.play_again"), key="play_again", type="primary"):
            try:
                new_game = engine.play_again(key)
            except RuleError as error:
                show_error(error, language)
            else:
                st.switch_page(
                    "pages/facilitator.py", query_params={"key": new_game.facilitator_token}
                )
        st.page_link("app.py", label=t("ui.go_home"), icon=":material/home:")


# The game's own parts (ui/games.py): its heading, advance labels, round and side panel.
game = parts_of(view)
heading, timer = st.columns([3, 1])
with heading:
    heading_html, clue_html = game.screen.heading(view, t)
    st.html(f'<div class="cc-phase">{heading_html}</div>')
    st.html(f"<div>{clue_html}</div>")
with timer:
    live_status(view["code"], status, language, warning=last_seconds(view))

if "command_error" in st.session_state:
    show_error(st.session_state.pop("command_error"), language)
phase = view["phase"]
# A round of Crossed Canvas, where what changes within a phase is only who is ready.
readying = in_round(view)
screen_url = page_url("screen", code=view["code"])

if phase == LOBBY:
    info, qr = st.columns([3, 2])
    with info:
        join_url = join_details(view["code"], "ui.fac.code", t)
        players = view["players"]
        ready = "start" in view["actions"]
        with st.container(horizontal=True, vertical_alignment="center"):
            if st.button(t("ui.fac.start"), key="start_game", type="primary", disabled=not ready):
                command(engine.start)
            st.link_button(t("ui.fac.open_screen"), screen_url)
            private_link_button(view["code"], key, t)
        if not ready:
            st.caption(t("ui.fac.need_players", fewest=view["min_players"]))
        st.caption(t("ui.fac.private_link_hint"))
        st.subheader(t("ui.players_joined", count=len(players)))
        st.html(
            '<ol class="cc-roster">'
            + "".join(f"<li>{named_html(n, view['avatars'])}</li>" for n in players)
            + "</ol>"
        )
        if (
            st.toggle(t("ui.fac.lock_lobby"), value=view["locked"], key="lock_lobby")
            != view["locked"]
        ):
            command(engine.lock_lobby, not view["locked"])
        if players:
            with st.container(horizontal=True, vertical_alignment="bottom"):
                leaving = pick_player(t("ui.fac.remove_who"), players, "remove_name", t)
                if st.button(t("ui.fac.remove"), key="remove_player", disabled=leaving is None):
                    command(engine.remove_player, leaving)
            st.caption(t("ui.fac.remove_hint"))
            lost_link()
        if game.lobby is not None:  # what this game lets the teacher set before the start
            game.lobby(engine, view, t, run)
        names_panel(engine, view, t, run)
        faces_panel(engine, view, t, run)
    with qr:
        st.image(qr_png(join_url), width=260, alt=t("ui.qr.join"))
else:
    main, side = st.columns([3, 2], gap="large")
    with main:
        if view["interrupted"]:
            st.warning(t("ui.fac.interrupted"), icon=":material/power:")
        with st.container(horizontal=True, key=TIMER_ROW):
            if phase != FINISHED:
                if view["paused"]:
                    timer_button(t("ui.fac.resume"), "resume_game", engine.resume, type="primary")
                else:
                    timer_button(t("ui.fac.pause"), "pause_game", engine.pause)
                timer_button(t(game.facilitator.advance_key(view)), "advance_phase", engine.advance)
                if view["seconds_left"] is not None:
                    timer_button(t("ui.fac.extend"), "extend_phase", engine.extend)
            st.link_button(t("ui.fac.open_screen"), screen_url)
            private_link_button(view["code"], key, t)
        if readying:
            # Readiness changes within a phase: the push stream brings it (ui/parts.py), and
            # the page runs again only for a new stage (a command, a new phase).
            # A pause changes this page's buttons: it runs for that (pause_redraws).
            follow_changes(
                view["code"],
                status,
                language,
                view=view,
                redraw="stage",
                part="phone",
                pause_redraws=True,
                warning=last_seconds(view),
            )
        if phase == FINISHED:
            st.html(winners_banner(view["winners"], view["avatars"]))
            play_again()
            game.facilitator.finished_body(engine, view, t, run)
        else:
            game.facilitator.round_body(engine, view, t, run, listed=readying)
    with side:
        st.subheader(t("ui.totals"))
        standings(view["totals"], view["winners"], view["avatars"], t)
        game.facilitator.side(engine, view, t, run)
        if view["history"]:
            st.download_button(
                t("ui.fac.results_csv"),
                results_csv(view, t),
                file_name=f"{game.facilitator.FILE_PREFIX}-{view['code']}.csv",
                mime="text/csv",
                key="results_csv",
                on_click="ignore",
            )
        lost_link()
        names_panel(engine, view, t, run)
        faces_panel(engine, view, t, run)


def delete_game() -> None:
    """Delete everything of this game now (names included), after a confirmation."""
    with st.expander(t("ui.fac.delete")):
        st.caption(t("ui.fac.delete_hint"))
        if st.button(t("ui.fac.delete_confirm"), key="delete_game", type="primary"):
            try:
                engine.delete_game(key)
            except RuleError as error:
                show_error(error, language)
            else:
                st.switch_page("app.py")


with side if phase != LOBBY else qr:
    sound_switch(t)  # the projector's, kept in this browser
    delete_game()
if not readying:
    follow_changes(view["code"], status, language, warning=last_seconds(view))
