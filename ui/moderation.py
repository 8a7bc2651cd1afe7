"""The teacher's commands every game shares: the runner of a button's command, the timer
buttons' keys and row, the names (remove, rename, the name filter and its exceptions) and the
steps through the gallery on the projector once a game is over, and the faces students drew,
hidden like any drawing. Crossed Canvas's hiding of a fragment is its own
(ui/crossed_canvas/facilitator.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import streamlit as st

from engine import Engine, RuleError, avatars
from ui.faces import named_html
from ui.text import Translator, isolate, literal, name_html, plain_label, show_error


class Run:
    """Runs a facilitator command (the engine method, then its arguments after the key) from a
    button's callback; a refusal is kept for the page to show once it reruns (callbacks run
    before the page draws). A timer button passes the phase and round on screen when it was
    drawn: a click that reaches the server once that phase is over (a double click, a page not
    yet refreshed) does nothing (RULINGS, timing). Called, it is a widget callback (Streamlit
    wants one that returns nothing); `ran` says whether the command was accepted."""

    def __init__(self, key: str) -> None:
        self.key = key

    def __call__(self, action: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
        self.ran(action, *args, **kwargs)

    def ran(self, action: Callable[..., Any], *args: Any, **kwargs: Any) -> bool:
        try:
            action(self.key, *args, **kwargs)
        except RuleError as error:
            st.session_state["command_error"] = error
            return False
        return True


def timer_key(base: str, *drawn: object) -> str:
    """A timer button's widget key, naming the stage it was drawn for (its phase and round).
    The second click of a double click is sent from the button as first drawn: with this key
    it reaches that button's own command, meant for a phase now over (a quiet no-op), or no
    button at all, never the button the next phase drew in the same place. The buttons sit
    in a row keyed `TIMER_ROW` (`TIMER_ROW_CSS`), so one just drawn takes no click at once."""
    return "-".join([base, *(str(part) for part in drawn)])


#: The key (or key prefix) of the rows that hold timer buttons.
TIMER_ROW = "cc_timer_row"
#: A timer button just drawn (a new phase, so a new key) ignores the pointer for a moment: a
#: double click's second click, landing after the page was redrawn, then ends nothing more.
TIMER_ROW_CSS = f"""
[class*="st-key-{TIMER_ROW}"] button {{ animation: cc-arm .7s; }}
@keyframes cc-arm {{ from, to {{ pointer-events: none; }} }}
"""


def pick_player(label: str, players: list[str], key: str, t: Translator) -> str | None:
    """A player picked from the roster (None until one is), names isolated as typed."""
    return st.selectbox(
        label,
        players,
        index=None,
        format_func=isolate,
        placeholder=t("ui.choose_player"),
        key=key,
    )


class NamesRun(Run):
    """`Run` for the Names panel: a refusal ("that name is taken") is said inside the panel,
    beside the field it is about, rather than at the top of a long page."""

    def ran(self, action: Callable[..., Any], *args: Any, **kwargs: Any) -> bool:
        if super().ran(action, *args, **kwargs):
            return True
        st.session_state[NAMES_REFUSAL] = st.session_state.pop("command_error")
        return False


def show_names_refusal(language: str) -> None:
    """The Names panel's last refusal (`NamesRun`), shown once, at the top of the panel."""
    if NAMES_REFUSAL in st.session_state:
        show_error(st.session_state.pop(NAMES_REFUSAL), language)


NAMES_REFUSAL = "names_refusal"


def names_panel(engine: Engine, view: Mapping[str, Any], t: Translator, run: Run) -> None:
    """Rename a player (lobby or mid-game; the same checks as a join), and the name filter
    with the names the teacher allowed despite it."""
    run = NamesRun(run.key)
    with st.expander(t("ui.fac.names"), key="names_panel", on_change="rerun"):
        show_names_refusal(view["language"])
        who = pick_player(t("ui.fac.rename_who"), view["players"], "rename_who", t)
        st.text_input(t("ui.fac.rename_to"), key="rename_to")
        st.button(
            t("ui.fac.rename"),
            key="rename_player",
            disabled=who is None,
            on_click=_rename,
            args=(engine, run),
        )
        name_filter_controls(view, t, run, engine.set_name_filter, engine.allow_name)


def faces_panel(engine: Engine, view: Mapping[str, Any], t: Translator, run: Run) -> None:
    """The switch of faces beside names (off: names alone, on every page); the faces
    students drew, each beside its name with a button to hide it (an unkind drawing: their
    animal shows instead, on every page at once), and the ones hidden, by name alone (this
    page may be projected), each to show again."""
    drawn = {name: face for name, face in view["avatars"].items() if avatars.is_drawn(face)}
    hidden = engine.hidden_avatars(run.key)
    with st.expander(t("ui.fac.faces"), key="faces_panel", on_change="rerun"):
        faces_switch(view, t, run, engine.set_faces)
        if not view["faces"]:
            return
        if not drawn and not hidden:
            st.caption(t("ui.fac.faces_none"))
        rows = [(name, True) for name in drawn] + [(name, False) for name in hidden]
        for index, (name, shown) in enumerate(rows):
            with st.container(horizontal=True, vertical_alignment="center"):
                if shown:
                    st.html(named_html(name, drawn))
                else:
                    st.html(f"{name_html(name)} ({literal(t('ui.fac.face_hidden'))})")
                st.button(
                    t("ui.fac.face_hide" if shown else "ui.fac.face_show"),
                    key=f"face_{'hide' if shown else 'show'}_{index}",
                    on_click=run,
                    args=(engine.hide_avatar, name, shown),
                )


def faces_switch(
    view: Mapping[str, Any], t: Translator, run: Run, set_faces: Callable[..., Any]
) -> None:
    """Faces beside names on or off: for one game (`Engine.set_faces`) or a whole class
    (`set_class_faces`)."""
    label, hint = t("ui.fac.faces_on"), t("ui.fac.faces_on_hint")
    setting_switch(view["faces"], "faces_on", label, run, set_faces, help=hint)


def setting_switch(
    on: bool,
    key: str,
    label: str,
    run: Run,
    setter: Callable[..., Any],
    help: str | None = None,
) -> None:
    """A teacher's on/off setting as the view has it; flipped, `run` calls `setter` with the
    teacher's key and `not on`. The widget's key names the state it shows, so a change made
    elsewhere (another tab, the class page) is drawn afresh rather than kept as this page's
    widget state."""
    st.toggle(label, value=on, key=f"{key}_{on}", on_change=run, args=(setter, not on), help=help)


def name_filter_controls(
    view: Mapping[str, Any],
    t: Translator,
    run: Run,
    set_filter: Callable[..., Any],
    allow: Callable[..., Any],
) -> None:
    """The name filter's switch, and a real name to let through despite it: for one game
    (`Engine.set_name_filter`, `allow_name`) or a whole class (`set_class_name_filter`,
    `allow_class_name`)."""
    setting_switch(view["name_filter"], "name_filter", t("ui.fac.name_filter"), run, set_filter)
    st.text_input(t("ui.fac.allow_name"), key="allow_name_text")
    st.button(t("ui.fac.allow"), key="allow_name", on_click=_allow, args=(allow, run))
    if view.get("allowed_names"):
        st.caption(plain_label(t("ui.fac.allowed", names=", ".join(view["allowed_names"]))))


def _rename(engine: Engine, run: Run) -> None:
    """The rename button: the name typed is read when clicked (a text field commits its value
    with the click), and once accepted the fields are emptied for the next one."""
    state = st.session_state
    if run.ran(engine.rename_player, state["rename_who"], state.get("rename_to", "")):
        state["rename_who"], state["rename_to"] = None, ""


def _allow(allow: Callable[..., Any], run: Run) -> None:
    state = st.session_state
    if run.ran(allow, state.get("allow_name_text", "")):
        state["allow_name_text"] = ""


def gallery_steps(
    engine: Engine,
    shown: int | None,
    pages: int,
    t: Translator,
    run: Run,
    *,
    labels: tuple[str, str] = ("ui.fac.gallery_previous", "ui.fac.gallery_next"),
    showing: str = "",
) -> None:
    """The projector's gallery once the game is over (Engine.show_round): what it shows now
    (`showing`, or the round), the previous and the next page (a round, or a painter of
    Canvas Layers: `labels` name them), and the podium again. Each button names the page it
    leads to, as drawn: a double click shows that page twice, once."""
    st.subheader(t("ui.fac.gallery"))
    if not shown:
        st.caption(t("ui.fac.gallery_showing_podium"))
    else:  # a painter's name, as typed, read as plain text
        st.caption(plain_label(showing) if showing else t("ui.fac.gallery_showing", round=shown))
    previous, following = labels
    steps = (
        ("gallery_previous", previous, (shown or 1) - 1 or None, not shown),
        ("gallery_next", following, (shown or 0) + 1, shown == pages),
        ("gallery_podium", "ui.fac.gallery_podium", None, not shown),
    )
    with st.container(horizontal=True):
        for widget, label, target, disabled in steps:
            st.button(
                t(label),
                key=widget,
                disabled=disabled,
                on_click=run,
                args=(engine.show_round, target),
            )
