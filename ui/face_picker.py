"""A student picks their face (issue 42): an animal and a colour from two lists, the face
they make shown as it will be. At joining both may stay empty: the engine then gives the
seat's face (engine/avatars.py); in the lobby the student's face is picked already."""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from engine import avatars
from ui.faces import face_html, face_words
from ui.text import Translator


def face_picker(t: Translator, key: str, current: str | None = None) -> str | None:
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
