"""A tiny page for the canvas browser tests (not part of the app).

Shows ``ui.canvas.drawing_canvas`` next to a polling ``st.fragment(run_every=1)`` and prints
the returned strokes as JSON in the container keyed ``probe_strokes``; the fragment's counter
is in ``probe_polls``. Query parameters: ``size`` (canvas side, default 320), ``max``
(max strokes, default 3), ``bg=1`` (start with a composition as the canvas background; the
checkbox keyed ``probe_bg`` switches it while drawing).
"""

import json
import sys
from pathlib import Path

import streamlit as st

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from ui.crossed_canvas.composition import render_composition  # noqa: E402
from ui.drawing_canvas import DEFAULT_CANVAS_SIZE, drawing_canvas  # noqa: E402

params = st.query_params
size = int(params.get("size", DEFAULT_CANVAS_SIZE))
max_strokes = int(params.get("max", 3))

st.title("Canvas probe")


@st.fragment(run_every=1)
def poll() -> None:
    st.session_state["polls"] = st.session_state.get("polls", 0) + 1
    with st.container(key="probe_polls"):
        st.text(f"polls={st.session_state['polls']}")


poll()


@st.cache_data
def background_png(side: int) -> bytes:
    import io

    image = render_composition(
        [{"signature": "s1", "pulse": 1, "strokes": [[[0.1, 0.9], [0.9, 0.9]]]}],
        {"s1": {"name": "teal triangle", "colour": "#17a2a2", "shape": "triangle"}},
        side,
    )
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


with_background = st.checkbox(
    "Composition under the canvas", value=params.get("bg") == "1", key="probe_bg"
)
strokes = drawing_canvas(
    key="probe",
    colour="#1f77b4",
    size=size,
    background=background_png(size) if with_background else None,
    max_strokes=max_strokes,
    undo_key="undo_stroke",
    clear_key="clear_strokes",
    full_message="Canvas full: undo a stroke to draw another.",
)

st.session_state["runs"] = st.session_state.get("runs", 0) + 1
with st.container(key="probe_strokes"):
    st.text(json.dumps({"count": len(strokes), "strokes": strokes}))
