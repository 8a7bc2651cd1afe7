"""A student's phone in Crossed Canvas (pages/play.py draws the header and the live part): the
secret role card, the canvas of each ink pulse with its submit bar, the Curator's choice, the
accusation and the round's reveal.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import streamlit as st

from engine import RuleError
from engine.view_types import GameView
from ui.crossed_canvas.board import composition_png, show_composition
from ui.crossed_canvas.look import (
    SHAPE_GLYPHS,
    category_line,
    crossed_canvas_style,
    object_image,
    picture,
    reveal_pictures,
    reveal_summary,
    round_heading,
    signature_html,
)
from ui.drawing_canvas import drawing_canvas, reset_canvas
from ui.moves import act_once, done_elsewhere, offer
from ui.runtime import get_engine
from ui.strokes import Stroke
from ui.text import Translator, literal, plain_label

CANVAS_SIZE = 320  # fits a 360 px phone's main column (16 px padding each side)


def heading_html(view: Mapping[str, Any], t: Translator) -> str:
    """The header under the student's name: "Round 2 of 5 · Ink pulse 1" and the category.
    No signature here: the Curator has none, so a header with one would tell a neighbour who
    the Curator is. It is on the secret card (outside drawing), in the canvas's ink, and
    marked ready in the list once submitted."""
    return (
        f'<div class="cc-phase">{round_heading(view, t)}</div>'
        f'<div class="cc-muted">{category_line(view, t)}</div>'
    )


def following(view: Mapping[str, Any]) -> tuple[bool, str]:
    """How the page follows the game: whether the live part lists who is ready (not at the
    reveal), and which changes run the page again (a new stage only)."""
    return view["phase"] != "reveal", "stage"


def last_seconds(view: Mapping[str, Any]) -> str | None:
    """An ink pulse's last seconds: every page says so, so nobody is surprised by its end."""
    return "ui.last_seconds" if view["phase"] in ("pulse1", "pulse2") else None


#: The phases whose start calls every phone (its own cue, ui/sound.py), each named by the
#: heading ("Round 2 of 5 · Ink pulse 1"): the round's secret card to look at, each pulse,
#: the accusation. Every role is called alike, the Curator too, who draws nothing: a cue for
#: the artists alone, or the Curator's choice for the Curator alone, would tell a neighbour
#: who the Curator is.
CALLED_PHASES = frozenset({"roles", "pulse1", "pulse2", "accusation"})


def calls(view: Mapping[str, Any]) -> bool:
    """Whether this moment calls the student's phone: read from the phase alone, so never
    from a role."""
    return view["phase"] in CALLED_PHASES


def ending_html(view: Mapping[str, Any], t: Translator) -> str:
    """Nothing under the standings: the gallery is the projector's, round by round."""
    return ""


def totals_shown(view: GameView) -> bool:
    """Whether the running totals sit under the round (the reveal has its own)."""
    return view["phase"] != "reveal"


# Phases that share one showing of the card: it may stay open while the artist draws, and is
# hidden again when the class looks up to discuss, choose and vote, and in each new round.
CARD_STAGES = {"roles": "draw", "pulse1": "draw", "merge": "draw", "pulse2": "draw"}
DRAWING_PHASES = ("pulse1", "pulse2")
CURATOR_HINT_PHASES = ("pulse1", "pulse2", "choice")


def role_card(view: Mapping[str, Any], t: Translator, token: str) -> bool:
    """Hidden until tapped, so neighbours cannot read it. Returns whether it is shown.
    Opened while roles are dealt, it counts the player as ready (the teacher's count)."""
    stage = (view["round"], CARD_STAGES.get(view["phase"], view["phase"]))
    if st.session_state.get("card_stage") != stage:
        st.session_state["card_stage"] = stage
        st.session_state["show_role"] = False
    if not st.toggle(t("ui.play.show_role"), key="show_role"):
        return False
    if view["phase"] == "roles" and not view["role_seen"]:
        # The teacher's readiness count: how many have looked at their role (never which).
        get_engine().see_role(token)
    # While drawing, only the role and the picture, small and beside its name: a 740 px phone
    # then shows the card, the whole canvas and Submit at once, and a neighbour sees less of
    # it (the canvas's ink is the signature's colour).
    small = view["phase"] in DRAWING_PHASES
    with st.container(border=True, key="cc_card", gap="small"):
        role = view["role"]
        st.html(f'<div class="cc-role">{literal(t(f"ui.role.{role}"))}</div>')
        sig = view["signatures"].get(view["signature"] or "")
        if sig and not small:
            st.html(f"{literal(t('ui.play.your_signature'))} {signature_html(sig)}")
        if not small:  # in full as roles are dealt, then one line of what to do
            st.write(
                t(f"ui.role.{role}.help" if view["phase"] == "roles" else f"ui.role.{role}.todo")
            )
        if view["target"]:
            with st.container(horizontal=True, vertical_alignment="center"):
                picture(view["target"], 56 if small else 110, "cc-label" if small else "cc-big")
    return True


def phase_body(view: Mapping[str, Any], t: Translator, token: str) -> None:
    """A round's phase on the phone: the secret card, then what this role does now."""
    crossed_canvas_style()
    phase = view["phase"]
    card_shown = phase != "reveal" and role_card(view, t, token)
    curator = view["role"] == "curator"
    if phase in DRAWING_PHASES and not curator:
        if not card_shown and "draw" in view["actions"]:
            st.caption(t("ui.play.hint.draw", **view["actions"]["draw"]))
        draw(view, t, token)
    elif phase == "choice" and curator and view["options"]:
        choose(view, t, token)
    elif phase == "accusation":
        accuse(view, t, token)
    elif phase == "reveal":
        st.html(f'<div class="cc-role">{literal(points_line(view, t))}</div>')
        show_composition(view["fragments"], view["signatures"], CANVAS_SIZE, t)
        reveal_pictures(view["reveal"], t, 100)
        reveal_summary(view, t)
    else:
        # The Curator's own hint only where the Curator's page differs anyway (no canvas, the
        # options): elsewhere every phone with its card closed reads alike.
        own_hint = curator and phase in CURATOR_HINT_PHASES
        hint = f"ui.play.hint.{phase}.curator" if own_hint else f"ui.play.hint.{phase}"
        if phase == "merge" and view["seconds_left"] is None and not view["paused"]:
            hint = "ui.play.hint.merge.untimed"  # no "soon": it waits for the teacher
        if not (phase == "roles" and card_shown):
            st.info(t(hint))
        ended_pulse = {"merge": 1, "discussion": 2}.get(phase)
        if ended_pulse in view["auto_locked"]:
            st.success(t("ui.play.auto_locked"), icon=":material/lock:")
        if view["fragments"]:
            show_composition(view["fragments"], view["signatures"], CANVAS_SIZE, t)


def draw(view: Mapping[str, Any], t: Translator, token: str) -> None:
    """The artist's canvas for this pulse, then a confirmed, locked submit (R4, R5)."""
    pulse = 1 if view["phase"] == "pulse1" else 2
    if "draw" not in view["actions"]:  # this pulse's fragment is locked
        if done_elsewhere("fragment", view):
            st.warning(t("error.already_submitted"), icon=":material/devices:")
        else:
            st.success(t("ui.play.locked"))
        show_composition(view["fragments"], view["signatures"], CANVAS_SIZE, t)
        return
    offer("fragment", view)
    fewest, most = view["actions"]["draw"]["fewest"], view["actions"]["draw"]["most"]
    earlier = [f for f in view["fragments"] if f["pulse"] == 1]
    background = composition_png(earlier, view["signatures"], CANVAS_SIZE) if pulse == 2 else None
    canvas_key = f"draw_r{view['round']}_p{pulse}"
    colour = view["signatures"][view["signature"]]["colour"]
    kept = [[(x, y) for x, y in stroke] for stroke in view["draft"]]
    strokes = drawing_canvas(
        key=canvas_key,
        colour=colour,
        size=CANVAS_SIZE,
        background=background,
        max_strokes=most,
        initial=kept,
        undo_label=t("ui.play.undo"),
        clear_label=t("ui.play.clear"),
        full_message=t("ui.play.full", most=most),
    )
    keep_draft(token, canvas_key, strokes, kept)
    with st.container(key="cc_submit_bar"):
        submit_bar(view, t, token, canvas_key, strokes, (fewest, most))


def submit_bar(
    view: Mapping[str, Any],
    t: Translator,
    token: str,
    canvas_key: str,
    strokes: list[Stroke],
    limits: tuple[int, int],
) -> None:
    """The stroke counter, Submit and its confirmation: a bar kept in sight while drawing."""
    fewest, most = limits
    counter = f"<b>{literal(t('ui.play.stroke_counter', count=len(strokes), most=most))}</b>"
    confirm_key = f"confirming_{canvas_key}"
    if not st.session_state.get(confirm_key):
        # One row, the counter beside Submit: the bar covers as little of the canvas as it can.
        row = st.container(horizontal=True, vertical_alignment="center", key="cc_submit_row")
        row.html(counter, width="content")
        if row.button(
            t("ui.play.submit"),
            key="submit_fragment",
            type="primary",
            disabled=len(strokes) < fewest,
        ):
            st.session_state[confirm_key] = True
            st.rerun()
        return
    st.html(counter)
    question = "ui.play.confirm_question" if len(strokes) > 1 else "ui.play.confirm_question_one"
    st.warning(t(question, count=len(strokes)))
    yes, no = st.columns(2)
    if no.button(t("ui.play.keep_drawing"), key="cancel_submit"):
        st.session_state[confirm_key] = False
        st.rerun()
    if yes.button(t("ui.play.confirm"), key="confirm_submit", type="primary") and act_once(
        "fragment", view, get_engine().submit_fragment, token, strokes
    ):
        st.session_state[confirm_key] = False
        reset_canvas(canvas_key)
        st.rerun()


def keep_draft(token: str, canvas_key: str, strokes: list[Stroke], kept: list[Stroke]) -> None:
    """Send the finished strokes to the server whenever they change (R4): a reload brings
    them back, and if time runs out they are locked for the artist. A refusal here (the pulse
    just ended) is not the artist's doing; the next rerun shows the new phase."""
    sent = f"draft_sent_{canvas_key}"
    if strokes != st.session_state.setdefault(sent, kept):
        try:
            get_engine().save_draft(token, strokes)
        except RuleError:
            return
        st.session_state[sent] = strokes


def choose(view: Mapping[str, Any], t: Translator, token: str) -> None:
    """The Curator's four options as large buttons, in the engine's shuffled order (R6)."""
    st.html(f'<div class="cc-role">{literal(t("ui.play.choose"))}</div>')
    show_composition(view["fragments"], view["signatures"], 240, t)
    # Two per row in horizontal containers: unlike columns, they do not stack on a phone.
    for row in (view["options"][:2], view["options"][2:]):
        with st.container(horizontal=True):
            for option in row:
                with st.container(width=150, horizontal_alignment="center"):
                    object_image(option, 80, name_card=False)
                    if st.button(
                        plain_label(option["name"]), key=f"option_{option['id']}", width="stretch"
                    ) and act_once("choice", view, get_engine().choose, token, option["id"]):
                        st.rerun()


def accuse(view: Mapping[str, Any], t: Translator, token: str) -> None:
    """One button per signature, a vote locks (R7). One's own looks like the others, so the
    Curator's buttons tell a neighbour nothing; tapping it says it cannot be accused."""
    show_composition(view["fragments"], view["signatures"], CANVAS_SIZE, t)
    voted = view["my_vote"]
    if voted:
        chip = signature_html(view["signatures"][voted])
        st.html(f"<div>{literal(t('ui.play.you_accused'))} {chip}</div>")
    else:
        st.html(f'<div class="cc-role">{literal(t("ui.play.accuse"))}</div>')
    colours = "".join(
        f".st-key-accuse_{sig_id} {{ --cc-colour: {sig['colour']}; }}"
        for sig_id, sig in view["signatures"].items()
    )
    st.html(f"<style>{colours}</style>")
    for sig_id, sig in view["signatures"].items():
        label = f"{SHAPE_GLYPHS.get(sig['shape'], '●')} {sig['name']}"
        if st.button(
            plain_label(label), key=f"accuse_{sig_id}", width="stretch", disabled=bool(voted)
        ) and act_once("vote", view, get_engine().accuse, token, sig_id):
            st.rerun()


def points_line(view: Mapping[str, Any], t: Translator) -> str:
    """Why this player got this round's points (R8 to R10), in one line: each of the round's
    two outcomes pays either everyone but the Distorter, or the Distorter alone."""
    reveal, name = view["reveal"], view["name"]
    mine = reveal["awards"].get(name, 0)
    distorter = name == reveal["distorter"]
    target = "found" if reveal["target_found"] else "missed"
    if reveal["distorter_caught"]:
        accusation = "caught"
    else:
        accusation = "escaped" if reveal["accused"] else "nobody"

    def paid(outcome: str, kind: str) -> str:
        points = reveal["points"][kind].get(name, 0)
        return t(f"ui.points.{outcome}.{'distorter' if distorter else 'others'}", points=points)

    reasons = [paid(target, "target"), paid(accusation, "accusation")]
    return t("ui.points.line", points=mine, reasons="; ".join(reasons))
