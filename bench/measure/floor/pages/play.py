"""Streamlit's floor for a phone's page (issue 23): the same elements and components as one run
of a phone's whole page, drawn by Streamlit's own calls, with no engine, no database and none of
our code deciding what to draw.

`bench/measure/run_cost.py` records the messages one run of a real phone's page sent
(bench/measure/tab.py) and starts `streamlit run bench/measure/floor/home.py` with
FLOOR_MESSAGES naming that file. Each run
of this page draws the same things again, read from those messages: each container with its
key and direction, each HTML block, caption, toggle and button with its label, key and state,
the drawing canvas through streamlit-drawable-canvas's `st_canvas` with the recorded
arguments, the live component (the same JavaScript) with the recorded data, and the live part
inside a fragment as the page has it. So the gap between the real page and this one is ours
to remove: reading the game, deciding, building texts.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from functools import cache
from itertools import groupby
from pathlib import Path
from typing import Any

import streamlit as st
from streamlit.proto.Block_pb2 import Block
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

LIVE_NAME = "crossed_canvas_live"  # ui/live.py's component, and the events it sends
LIVE_EVENTS = ("changed", "poll", "stale", "page")
# ui/aria_words.py's and ui/sound.py's (the phone's own cue) have no events.
OWN_NAMES = (LIVE_NAME, "crossed_canvas_aria_words", "cc_room_sound")
CANVAS_NAME = "streamlit-drawable-canvas"


@cache
def recorded() -> tuple[ForwardMsg, ...]:
    """The recorded messages, each as a 4-byte length and its bytes (run_cost.py writes them)."""
    data = Path(os.environ["FLOOR_MESSAGES"]).read_bytes()
    messages, at = [], 0
    while at < len(data):
        size = int.from_bytes(data[at : at + 4], "big")
        message = ForwardMsg()
        message.ParseFromString(data[at + 4 : at + 4 + size])
        messages.append(message)
        at += 4 + size
    return tuple(messages)


@cache
def own_component(name: str, js: str, css: str) -> Callable[..., Any]:
    """One of our v2 components (ui/live.py's, ui/aria_words.py's), by its recorded name and
    code: the same JavaScript and CSS, declared by the floor."""
    return st.components.v2.component(name, js=js, css=css or None, isolate_styles=False)


def key_of(element_id: str) -> str | None:
    """The key a widget or container was given ("$$ID-<hash>-<key>"), if any."""
    parts = element_id.split("-", 2)
    return parts[2] if len(parts) == 3 and element_id.startswith("$$ID") else None


def roots() -> dict[tuple[int, ...], Any]:
    return {(0,): st._main, (1,): st.sidebar, (2,): st._event, (3,): st._bottom}


def draw(message: ForwardMsg, places: dict[tuple[int, ...], Any]) -> None:
    """One recorded delta, drawn by the Streamlit call that makes it."""
    path = tuple(message.metadata.delta_path)
    parent = places[path[:-1]] or st  # None: the fragment's own container, where st draws
    delta = message.delta
    if delta.WhichOneof("type") == "add_block":
        flex = delta.add_block.flex_container
        horizontal = flex.direction == Block.FlexContainer.Direction.HORIZONTAL
        places[path] = parent.container(key=key_of(delta.add_block.id), horizontal=horizontal)
        return
    element = delta.new_element
    kind = element.WhichOneof("type")
    if kind == "html":
        parent.html(element.html.body, unsafe_allow_javascript=element.html.unsafe_allow_javascript)
    elif kind == "markdown":
        parent.caption(element.markdown.body)
    elif kind == "checkbox":
        parent.toggle(element.checkbox.label, key=key_of(element.checkbox.id))
    elif kind == "button":
        button = element.button
        parent.button(
            button.label,
            key=key_of(button.id),
            type=button.type or "secondary",
            disabled=button.disabled,
            icon=button.icon or None,
        )
    elif kind == "bidi_component":
        if parent is st:
            component(element.bidi_component)
        else:
            with parent:
                component(element.bidi_component)
    else:
        raise ValueError(f"the floor cannot draw a {kind}: add it here")


def component(recorded_component: Any) -> None:
    data = json.loads(recorded_component.json)
    key = key_of(recorded_component.id)
    if CANVAS_NAME in recorded_component.component_name:
        from streamlit_drawable_canvas import st_canvas  # as ui/drawing_canvas.py

        st_canvas(
            fill_color=data["fillColor"],
            stroke_width=data["strokeWidth"],
            stroke_color=data["strokeColor"],
            background_color=data["backgroundColor"],
            update_streamlit=data["realtimeUpdateStreamlit"],
            height=data["canvasHeight"],
            width=data["canvasWidth"],
            drawing_mode=data["drawingMode"],
            initial_drawing=data["initialDrawing"],
            key=key.rsplit("-gen", 1)[0] if key else None,
            disabled=data["disabled"],
        )
    elif recorded_component.component_name.endswith(OWN_NAMES):
        name = recorded_component.component_name.rpartition(".")[2]
        events = LIVE_EVENTS if name == LIVE_NAME else ()
        own_component(name, recorded_component.js_content, recorded_component.css_content)(
            key=key, data=data, **{f"on_{event}_change": lambda: None for event in events}
        )
    else:
        raise ValueError(f"the floor has no {recorded_component.component_name}")


def runs() -> Iterator[tuple[str, list[ForwardMsg]]]:
    """The messages in order, grouped by the fragment that drew them ("" for none)."""
    for fragment, group in groupby(recorded(), key=lambda m: m.delta.fragment_id):
        yield fragment, list(group)


# This file is the page at /play, beside its home (bench/measure/floor/home.py), as the app serves
# pages/play.py beside app.py.
places = roots()
for fragment, messages in runs():
    if fragment:
        # Its first delta is the fragment's own container, which st.fragment makes.
        places[tuple(messages[0].metadata.delta_path)] = None

        @st.fragment
        def live_part(messages: list[ForwardMsg] = messages[1:]) -> None:
            for message in messages:
                draw(message, places)

        live_part()
    else:
        for message in messages:
            draw(message, places)
