"""A student picks their face (issue 42): an animal and a colour from two lists, the face
they make shown as it will be; or they draw one on the drawing canvas (ui/drawing_canvas.py).
At joining the lists may stay empty: the engine then gives the seat's face
(engine/avatars.py); in the lobby the student's face is picked already."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

import streamlit as st

from engine import avatars
from ui.drawing_canvas import drawing_canvas
from ui.faces import INK, face_html, face_words
from ui.strokes import Stroke
from ui.text import Translator

#: The face's canvas: small, so a 360 px phone shows it and its buttons whole beside the
#: join form; its strokes are normalised, so the size sets only how fine a line can be.
FACE_CANVAS_SIZE = 240
KINDS = ("animal", "drawn")
#: Reads a drawn face's strokes by its id (None: none such).
Drawn = Callable[[str], list[Stroke] | None]


class FaceChoice(NamedTuple):
    """What the student chose: an animal's face (None: none picked), and a drawing (None:
    they pick an animal) shown instead of it."""

    face: str | None
    drawing: list[Stroke] | None = None


#: No face chosen: the engine gives the seat's.
NO_FACE = FaceChoice(None)


def face_picker(
    t: Translator, key: str, current: str | None = None, drawn: Drawn = lambda face: None
) -> FaceChoice:
    """Pick an animal (`animal_picker`) or draw a face (keyed from `key`); `current`: the
    student's face now, and `drawn` reads a drawn face's strokes (`Engine.drawn_avatar`),
    which the canvas starts from."""
    kind = st.radio(
        t("ui.face.kind"),
        KINDS,
        index=1 if current and avatars.is_drawn(current) else 0,
        format_func=lambda kind: t(f"ui.face.kind.{kind}"),
        horizontal=True,
        key=f"{key}_kind",
    )
    if kind == "animal":
        return FaceChoice(animal_picker(t, key, current))
    st.caption(t("ui.face.draw_hint", most=avatars.MAX_FACE_STROKES))
    strokes = drawing_canvas(
        key=f"{key}_draw",
        colour=INK,
        size=FACE_CANVAS_SIZE,
        max_strokes=avatars.MAX_FACE_STROKES,
        initial=drawn(current) if current and avatars.is_drawn(current) else None,
        undo_key=f"{key}_undo",
        clear_key=f"{key}_clear",
        undo_label=t("ui.play.undo"),
        clear_label=t("ui.play.clear"),
    )
    return FaceChoice(None, strokes or None)


def animal_picker(t: Translator, key: str, current: str | None = None) -> str | None:
    """The two lists (keyed from `key`) and the face they make; None while neither is
    picked. One picked alone makes a face with the other list's first choice, shown, so the
    student sees what they would get."""
    if st.session_state.get(f"{key}_for") != current:
        # The lists show the student's face as it is now: at their first draw, and when it
        # changed elsewhere (another tab, or a reseat that recoloured it, engine/avatars.py
        # `keep_apart`). A list keeps its own choice otherwise (Streamlit keys it by name).
        animal_now, colour_now = avatars.parts(current) if current in avatars.CHOICES else ("", "")
        st.session_state[f"{key}_animal"] = animal_now or None
        st.session_state[f"{key}_colour"] = colour_now or None
        st.session_state[f"{key}_for"] = current
    animal_list, colour_list, shown = st.columns([2, 2, 1], vertical_alignment="bottom")
    with animal_list:
        animal = _chooser(t, "animal", avatars.ANIMALS, f"{key}_animal")
    with colour_list:
        colour = _chooser(t, "colour", avatars.COLOURS, f"{key}_colour")
    if animal is None and colour is None:
        return None
    face = avatars.face_id(animal or avatars.ANIMALS[0], colour or avatars.COLOURS[0])
    with shown:
        st.html(face_html(face, alt=face_words(face, t), big=True))
    return face


def _chooser(t: Translator, part: str, choices: Sequence[str], key: str) -> str | None:
    """One list of a face's `part` ("animal" or "colour"), at its choice in session state
    (none yet: its placeholder)."""
    return st.selectbox(
        t(f"ui.face.{part}"),
        choices,
        index=None,
        format_func=lambda choice: t(f"avatar.{part}.{choice}"),
        placeholder=t(f"ui.face.any_{part}"),
        key=key,
    )
