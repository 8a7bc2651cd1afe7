"""The shared composition as a picture, cached so polling reruns never redraw it."""

from __future__ import annotations

import base64
import json
from collections.abc import Mapping, Sequence
from typing import Any

import streamlit as st

from ui.crossed_canvas.composition import FRAME_COLOUR, render_composition
from ui.crossed_canvas.composition_svg import composition_svg
from ui.text import Translator, literal

# The reveal's replay ends within this, so the class sees the whole drawing before the 12 s
# reveal is over (and the page may load a second or two into it).
REPLAY_SECONDS = 7.0


@st.cache_data(max_entries=256, show_spinner=False)
def _png(fragments_json: str, signatures_json: str, size: int) -> bytes:
    import io

    from PIL import ImageDraw

    image = render_composition(json.loads(fragments_json), json.loads(signatures_json), size)
    # A thin frame: the canvas edge is part of the drawing (a stroke "at the top").
    ImageDraw.Draw(image).rectangle((0, 0, size - 1, size - 1), outline=FRAME_COLOUR, width=3)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


def composition_png(
    fragments: Sequence[Mapping[str, Any]], signatures: Mapping[str, Any], size: int
) -> bytes:
    """PNG bytes of the composition; the same fragments give the same bytes (stable widgets)."""
    return _png(
        json.dumps(list(fragments), sort_keys=True), json.dumps(signatures, sort_keys=True), size
    )


def composition_alt(fragments: Sequence[Mapping[str, Any]], t: Translator) -> str:
    """What the picture shows, for a screen reader: counts only, since it is also projected
    (never a role, an author or an object)."""
    if not fragments:
        return t("ui.board.alt_empty")
    drawn_by = {fragment["signature"] for fragment in fragments}
    return t(
        "ui.board.alt",
        fragments=t("ui.board.fragments", count=len(fragments)),
        signatures=t("ui.board.signatures", count=len(drawn_by)),
    )


def show_composition(
    fragments: Sequence[Mapping[str, Any]], signatures: Mapping[str, Any], size: int, t: Translator
) -> None:
    """The composition, drawn at twice `size` for sharp lines on phones and projectors.

    An <img> with a data URI, not st.image: st.image would decode, shrink and re-encode the
    picture on every full rerun (measured: 14 to 30 ms of a 20 to 45 ms rerun).
    """
    st.html(composition_html(fragments, signatures, size, t))


def composition_html(
    fragments: Sequence[Mapping[str, Any]], signatures: Mapping[str, Any], size: int, t: Translator
) -> str:
    """The <img> `show_composition` draws, for a page that builds its own HTML around it."""
    data = base64.b64encode(composition_png(fragments, signatures, size * 2)).decode("ascii")
    alt = literal(composition_alt(fragments, t))
    return (
        f'<img class="cc-board cc-arriving" alt="{alt}" src="data:image/png;base64,{data}" '
        f'style="width:{size}px;max-width:100%;height:auto">'
    )


# The page, not the picture, decides between the two: Chromium does not pass the page's
# reduced-motion setting into an SVG shown as an image.
REPLAY_CSS = (
    "<style>@media (prefers-reduced-motion: reduce){.cc-replay{display:none}}"
    "@media (prefers-reduced-motion: no-preference){.cc-replay-still{display:none}}</style>"
)


@st.cache_data(max_entries=64, show_spinner=False)
def _svg_uri(fragments_json: str, signatures_json: str, size: int, replay: bool) -> str:
    svg = composition_svg(
        json.loads(fragments_json),
        json.loads(signatures_json),
        size,
        replay_seconds=REPLAY_SECONDS if replay else None,
        frame=FRAME_COLOUR,
    )
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")


def show_replay(
    fragments: Sequence[Mapping[str, Any]], signatures: Mapping[str, Any], size: int, t: Translator
) -> None:
    """The composition redrawn stroke by stroke in drawing order, in each signature's colour
    and mark: an animated SVG in an <img>, so the browser plays it (no script, no rerun per
    frame). The same fragments give the same address, so a rerun of the page leaves the
    picture as it is. Where motion is unwelcome the final frame is shown instead. It takes the
    width it is given, up to `size` px."""
    args = (json.dumps(list(fragments), sort_keys=True), json.dumps(signatures, sort_keys=True))
    alt = literal(composition_alt(fragments, t))
    # Less the projector's extra heading line, if any (ui/projector.py --cc-aside-line).
    style = f'style="width:100%;max-width:calc({size}px - var(--cc-aside-line, 0px));height:auto"'
    st.html(
        REPLAY_CSS
        + f'<img class="cc-board cc-replay" alt="{alt}" src="{_svg_uri(*args, size, True)}" '
        f"{style}>"
        f'<img class="cc-board cc-replay-still" alt="{alt}" '
        f'src="{_svg_uri(*args, size, False)}" {style}>'
    )
