"""The teacher's page for a whole class: one code, every table at a glance, and commands for
all tables at once or for one.

Like the facilitator page it may be projected: the address shows only the class code (the key
is remembered, ui/private_link.py), it draws only the class's view (each table's public view),
and each table's own facilitator page is a link by code, its key kept in this browser's
cookies, never in the page.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import streamlit as st

from engine import FINISHED, LOBBY, RuleError
from ui.browser import browser_id
from ui.classes.downloads import class_file_stem, class_zip
from ui.classes.tables import (
    CLASS_CSS,
    class_heading,
    class_podium_html,
    table_card_html,
    ticking,
)
from ui.games import parts_of
from ui.links import join_details, page_url, qr_png
from ui.live import follow_changes, page_top, status_then_view
from ui.look import page_style
from ui.moderation import (
    TIMER_ROW,
    TIMER_ROW_CSS,
    NamesRun,
    Run,
    faces_switch,
    name_filter_controls,
    show_names_refusal,
    timer_key,
)
from ui.private_link import (
    key_from_address,
    private_link_button,
    remember_in_browser,
    show_code_only,
)
from ui.results import class_results_csv
from ui.runtime import get_engine
from ui.sound import sound_switch
from ui.tab import name_the_tab
from ui.text import (
    browser_language,
    dead_end,
    isolate,
    mark_robots,
    robots_in,
    show_error,
    translator,
)

st.set_page_config(page_title="Crossed Canvas · class", page_icon="🎨", layout="wide")
page_style(CLASS_CSS + TIMER_ROW_CSS)
engine = get_engine()

language = browser_language()
try:
    key = key_from_address("class", language, "ui.class.open_private_link")
    known = None if "key" in st.query_params else st.query_params.get("class")
    view, status = status_then_view(known, lambda: engine.class_view(key, browser=browser_id()))
except RuleError as error:
    dead_end(language, error)

# The page may be projected: the address shows the class's code, never its key.
show_code_only("class", view["code"], key)
language = view["language"]
t = translator(language)
name_the_tab(view["game"], language, t, "class")
mark_robots(robots_in(view), t)  # "robot" beside a robot's name
page_top(view["code"], status["version"])
run = Run(key)
tables = view["tables"]
phases = {table["phase"] for table in tables}


def table_keys() -> dict[str, str]:
    """Each table's own facilitator key ({table code: key}), derived from the class key; kept
    for this tab, since a class's tables change only with a new game."""
    known_keys = st.session_state.setdefault("table_keys", {})
    for table in tables:
        if table["code"] not in known_keys:
            known_keys[table["code"]] = engine.table_key(key, table["code"])
    return {table["code"]: known_keys[table["code"]] for table in tables}


def all_button(
    label: str,
    widget_key: str,
    action: Callable[..., Any],
    enabled: bool,
    drawn: Mapping[int, tuple[str, int]] | None = None,
) -> None:
    """A command for every table; `drawn` ({table: (phase, round)} as shown) guards each
    table as its own button would (`timer_key`)."""
    stages = sorted((drawn or {}).items())
    st.button(
        label,
        key=timer_key(widget_key, *(f"{n}_{p}_{r}" for n, (p, r) in stages)),
        on_click=run,
        args=(action,),
        kwargs={} if drawn is None else {"drawn": drawn},
        disabled=not enabled,
        type="primary" if widget_key == "start_all" else "secondary",
    )


def table_buttons(table: Mapping[str, Any]) -> None:
    """One table's commands, for the phase drawn (a click meant for a phase already over
    does nothing, as on a game's own page)."""
    number, phase = table["table"], table["phase"]
    meant_for = {"table": number, "phase": phase, "round": table["round"]}
    stage = (table["round"], phase)
    with st.container(horizontal=True, key=f"{TIMER_ROW}_{number}"):
        if phase == LOBBY:
            st.button(
                t("ui.class.start_table"),
                key=f"start_table_{number}",
                on_click=run,
                args=(engine.start_tables,),
                kwargs={"table": number},
                disabled=not table["can_start"],
            )
            short = view["fewest_per_table"] - len(table["players"])
            if short > 0:  # too few to start: robots may fill the other seats
                st.button(
                    t("ui.class.fill_robots", count=short),
                    key=f"fill_robots_{number}",
                    help=t("ui.class.fill_robots_help", count=short),
                    on_click=run,
                    args=(engine.fill_table_with_robots,),
                    kwargs={"table": number},
                )
        elif phase != FINISHED:
            paused = table["paused"]
            st.button(
                t("ui.fac.resume") if paused else t("ui.fac.pause"),
                key=timer_key(f"{'resume' if paused else 'pause'}_table_{number}", *stage),
                on_click=run,
                args=(engine.resume_tables if paused else engine.pause_tables,),
                kwargs=meant_for,
            )
            st.button(
                t(parts_of(table["view"]).facilitator.advance_key(table["view"])),
                key=timer_key(f"advance_table_{number}", *stage),
                on_click=run,
                args=(engine.advance_tables,),
                kwargs=meant_for,
            )
        own = page_url("facilitator", for_other_devices=False, game=table["code"])
        st.link_button(t("ui.class.own_page"), own, key=f"own_page_{number}")
    if table["waiting"] and 0 < len(table["players"]) < view["fewest_per_table"]:
        st.caption(t("ui.class.latecomers", fewest=view["fewest_per_table"]))


def join_block() -> None:
    """The class code, the address and the QR code students join with (one for the class)."""
    info, qr = st.columns([3, 2])
    with info:
        join_url = join_details(view["code"], "ui.class.code", t)
        st.caption(t("ui.class.join_info"))
    with qr:
        st.image(qr_png(join_url), width=220, alt=t("ui.qr.join"))


def choose_tables() -> None:
    """How many tables, before any starts: every count whose tables all fit the game's sizes
    (a class of 12: one table of 12, or two of 6). Choosing one seats the class again."""
    counts, plans = view["table_counts"], view["table_plans"]
    if len(counts) < 2:
        return
    current = sum(1 for table in tables if table["players"])
    seated = sum(len(table["players"]) for table in tables)
    sizes = dict(zip(counts, plans, strict=True))
    widget = f"table_count-{current}-{seated}"  # drawn anew when the seating changed

    def chosen() -> None:
        if st.session_state.get(widget) not in (None, current):
            run(engine.set_table_count, st.session_state[widget])

    st.segmented_control(
        t("ui.class.table_count"),
        counts,
        default=current if current in counts else None,
        key=widget,
        format_func=lambda count: t(
            "ui.class.tables_of",
            tables=t("ui.class.tables", count=count),
            sizes=" + ".join(map(str, sizes[count])),
        ),
        on_change=chosen,
    )
    st.caption(
        t("ui.class.table_count_hint", fewest=view["fewest_per_table"], most=view["most_per_table"])
    )


def move_student() -> None:
    """Seat a student at another table (before that table starts); the engine keeps them
    there when more students join. Every table still in its lobby with room is offered; a
    robot stays where it was seated, and is not offered."""
    seated = {
        name: table["table"]
        for table in tables
        for name in table["players"]
        if name not in table["view"]["robots"]
    }
    if not seated or LOBBY not in phases:
        return
    with (
        st.expander(t("ui.class.move")),
        st.container(horizontal=True, vertical_alignment="bottom"),
    ):
        who = st.selectbox(
            t("ui.class.move_who"),
            sorted(seated, key=str.casefold),
            index=None,
            placeholder=t("ui.class.move_who_pick"),
            key="move_who",
            format_func=lambda name: t(
                "ui.class.student_at", name=isolate(name), number=seated[name]
            ),
        )
        room = {
            table["table"]: len(table["players"])
            for table in tables
            if table["phase"] == LOBBY
            and len(table["players"]) < view["most_per_table"]
            and table["table"] != seated.get(who or "")
        }
        to = st.selectbox(
            t("ui.class.move_to"),
            list(room),
            placeholder=t("ui.class.move_to_none"),  # shown only when no table has room
            key="move_to",
            format_func=lambda number: t(
                "ui.class.table_with",
                table=t("ui.class.table", number=number),
                students=t("ui.class.students", count=room[number]),
            ),
        )
        st.button(
            t("ui.class.move_go"),
            key="move_student",
            disabled=who is None or to is None,
            on_click=run,
            args=(engine.move_player, who, to),
        )
    st.caption(t("ui.class.move_hint"))


st.html(f'<div class="cc-phase">{class_heading(view, t)}</div>')
if "command_error" in st.session_state:
    show_error(st.session_state.pop("command_error"), language)

playing = [table for table in tables if table["phase"] not in (LOBBY, FINISHED)]
with st.container(horizontal=True, vertical_alignment="center", key=TIMER_ROW):
    all_button(t("ui.class.start_all"), "start_all", engine.start_tables, view["can_start"])
    paused = [table["paused"] for table in playing]
    all_button(t("ui.class.pause_all"), "pause_all", engine.pause_tables, not all(paused))
    all_button(t("ui.class.resume_all"), "resume_all", engine.resume_tables, any(paused))
    drawn = {table["table"]: (table["phase"], table["round"]) for table in playing}
    all_button(
        t("ui.class.advance_all"), "advance_all", engine.advance_tables, bool(playing), drawn
    )
    st.link_button(t("ui.fac.open_screen"), page_url("screen", code=view["code"]))
    private_link_button(view["code"], key, t, page="classroom")
st.caption(t("ui.class.private_link_hint"))

# Before any table starts, the class joins: the code and QR in full, first. Once tables play,
# the tables' controls come first, and the code stays one line below them for latecomers.
joining = phases <= {LOBBY}  # (a new class has no table until a student joins)
if joining:
    join_block()

if phases == {LOBBY}:  # before any table starts: how many tables
    choose_tables()
remember_in_browser(table_keys())
for column, table in zip(st.columns(len(tables)) if tables else [], tables, strict=True):
    with column:
        st.html(table_card_html(table, t, status["version"]))
        table_buttons(table)
st.caption(t(f"ui.class.own_page_hint.{view['game']}"))
if not joining:
    with st.expander(t("ui.class.code_folded", code=view["code"]), key="class_code"):
        join_block()
move_student()
with st.expander(t("ui.fac.names"), key="names_panel", on_change="rerun"):
    show_names_refusal(language)
    name_filter_controls(
        view, t, NamesRun(run.key), engine.set_class_name_filter, engine.allow_class_name
    )
with st.expander(t("ui.fac.faces"), key="faces_panel"):
    faces_switch(view, t, run, engine.set_class_faces)
sound_switch(t)  # the class projector's, kept in this browser

if view["podium"] is not None:
    st.subheader(t("ui.class.podium"))
    st.html(class_podium_html(view["podium"], t))
if FINISHED in phases:
    # Named for the game on screen: a double click finds the next one made, and stops there.
    st.button(
        t("ui.class.next_game"),
        key="next_class_game",
        type="primary",
        disabled=not view["can_play_next"],
        on_click=run,
        args=(engine.next_class_game,),
        kwargs={"sitting": view["sitting"]},
        help=None if view["can_play_next"] else t("ui.class.next_game_wait"),
    )
if phases - {LOBBY}:
    st.download_button(
        t("ui.class.results_csv"),
        class_results_csv(view, t),
        file_name=f"{class_file_stem(view)}.csv",
        mime="text/csv",
        key="class_csv",
        on_click="ignore",
    )
if view["podium"]:
    st.download_button(
        t("ui.class.gallery_zip"),
        lambda: class_zip(view, t),
        file_name=f"{class_file_stem(view)}.zip",
        mime="application/zip",
        key="class_gallery",
        on_click="ignore",
    )
follow_changes(view["code"], status, language, clocks=ticking(tables))
