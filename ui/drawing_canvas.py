"""The artist's drawing canvas (streamlit-drawable-canvas 0.13) as one Streamlit helper.

``st_canvas`` is imported inside :func:`drawing_canvas`: importing it at module level raises
outside a Streamlit runtime (plain unit tests), see the shared notes.

Stability contract (a polling rerun must never wipe a stroke in progress): while the artist
draws, the canvas keeps ONE widget key and identical arguments. The key only changes when the
artist presses our own Undo or Clear: that bumps a generation counter (part of the key) and
re-seeds the new canvas with the remaining strokes through ``initial_drawing``, which is stored
in session state so it stays byte-identical on every later rerun.

The library's own toolbar (undo/redo/edit/delete/reset) is invisible until hovered yet still
catches pointer events in the canvas's top-right corner, and on touch a tap there can hit
"Reset canvas & history". :func:`inject_canvas_fix` hides it from inside the component's shadow
root. The same stylesheet paints what is under the strokes (white, or the picture the page
names): the canvas is given no background image, since one makes it send a value, and so
rerun the whole page, as soon as the image loads.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Mapping
from typing import Any

from ui.strokes import (
    MAX_POINTS_PER_STROKE,
    Stroke,
    fabric_objects_to_strokes,
    stroke_width_px,
    strokes_to_drawing,
)

#: Canvas side in CSS pixels. On a 360 px phone Streamlit's main column leaves 328 px
#: (16 px padding each side, measured in Chromium), so 320 fits with margin; it is also
#: comfortable on Chromebooks. Points are normalised, so the size only sets on-screen scale.
DEFAULT_CANVAS_SIZE = 320

_GEN = "_cc_canvas_gen__{key}"
_SEED = "_cc_canvas_seed__{key}"
_LAST = "_cc_canvas_last__{key}"

# Runs in the page (st.html with unsafe_allow_javascript). Idempotent: a global guard keeps a
# single observer per browser tab however often the element is re-rendered or re-created.
# Every isolated CCv2 component host gets a constructable stylesheet adopted into its shadow
# root (a <style> element as a fallback); the rules only name drawable-canvas classes, so
# other components are unaffected. Hosts that got it are marked data-cc-canvas-fix="1".
_CANVAS_FIX_CSS = (
    ".dc-toolbar{display:none!important;pointer-events:none!important}"
    # The picture under the strokes (see _background_css), on white.
    ".dc-background-canvas{background:var(--cc-canvas-image,none) 0 0/100% 100% no-repeat #fff}"
    'button[title="Reset canvas & history"]{display:none!important}'
    ".dc-canvas,.upper-canvas{touch-action:none}"
)
_CANVAS_FIX_HTML = """<style>
[class*="st-key-cc_canvas_fix"],
[data-testid="stLayoutWrapper"]:has(> [class*="st-key-cc_canvas_fix"]) {display:none!important}
</style>
<script>
(() => {
  if (window.__ccCanvasFix) { window.__ccCanvasFix(); return; }
  const CSS = __CSS__;
  let sheet = null;
  try { sheet = new CSSStyleSheet(); sheet.replaceSync(CSS); } catch (e) { sheet = null; }
  const done = new WeakSet();
  const patch = () => {
    document.querySelectorAll('[data-testid="stBidiComponentIsolated"]').forEach((host) => {
      const root = host.shadowRoot;
      if (!root || done.has(root)) return;
      if (sheet && 'adoptedStyleSheets' in root) {
        root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
      } else {
        const style = document.createElement('style');
        style.textContent = CSS;
        root.appendChild(style);
      }
      done.add(root);
      host.setAttribute('data-cc-canvas-fix', '1');
    });
  };
  window.__ccCanvasFix = patch;
  // The shadow root is attached in a React effect just after the host appears: patch now,
  // on the next frame and a little later; a slow interval catches anything else.
  new MutationObserver(() => {
    patch();
    requestAnimationFrame(patch);
    setTimeout(patch, 60);
  }).observe(document.body, { childList: true, subtree: true });
  setInterval(patch, 400);
  patch();
})();
</script>""".replace("__CSS__", json.dumps(_CANVAS_FIX_CSS))


def inject_canvas_fix(key: str = "default") -> None:
    """Hide the drawable canvas's built-in toolbar on this page and paint what is under its
    strokes (idempotent per tab).

    Called by :func:`drawing_canvas`; call it yourself before any other ``st_canvas`` use.
    The element renders nothing visible (zero height, no gap).
    """
    import streamlit as st

    with st.container(key=f"cc_canvas_fix__{key}", border=False, gap=None):
        st.html(_CANVAS_FIX_HTML, unsafe_allow_javascript=True, width="content")


def _background_css(widget_key: str, png: bytes | None) -> None:
    """Show `png` under the canvas `widget_key`: the page sets a CSS variable on the canvas's
    element (Streamlit classes it st-key-<key>), which the canvas fix's stylesheet paints
    inside the component. Replacing it keeps the artist's strokes, as with an image."""
    import streamlit as st

    if png is None:
        return
    url = "data:image/png;base64," + base64.b64encode(png).decode("ascii")
    st.html(f'<style>.st-key-{widget_key} {{ --cc-canvas-image: url("{url}"); }}</style>')


def canvas_widget_key(key: str, generation: int) -> str:
    """The canvas widget's key for a generation. CCv2 refuses keys containing "__"."""
    return f"{key}-gen{generation}"


def _objects_from_state(value: Any) -> list[Any] | None:
    """Fabric objects out of a canvas's session-state value, if it has any."""
    if not isinstance(value, Mapping):
        return None
    drawing = value.get("drawing")
    if not isinstance(drawing, Mapping):
        return None
    raw = drawing.get("raw")
    if not isinstance(raw, Mapping):
        return None
    objects = raw.get("objects")
    return list(objects) if isinstance(objects, list) else None


def _live_strokes(key: str, size: int) -> list[Stroke]:
    """The artist's strokes as the browser last reported them (callbacks read this)."""
    import streamlit as st

    generation = st.session_state.get(_GEN.format(key=key), 0)
    try:
        value = st.session_state.get(canvas_widget_key(key, generation))
    except Exception:  # a presenter error must not break undo
        value = None
    objects = _objects_from_state(value)
    if objects is not None:
        return fabric_objects_to_strokes(objects, size, size)
    return list(st.session_state.get(_LAST.format(key=key), []))


def _reseed(key: str, size: int, colour: str, keep: int | None) -> None:
    """Undo (keep = all but the last) or clear (keep = 0): new generation, re-seeded."""
    import streamlit as st

    strokes = _live_strokes(key, size)
    remaining = strokes[:-1] if keep is None else strokes[:keep]
    gen_key = _GEN.format(key=key)
    st.session_state[gen_key] = st.session_state.get(gen_key, 0) + 1
    st.session_state[_SEED.format(key=key)] = (
        strokes_to_drawing(remaining, size, colour=colour) if remaining else None
    )
    st.session_state[_LAST.format(key=key)] = remaining


def reset_canvas(key: str) -> None:
    """Forget this helper's bookkeeping (generation, seed, last strokes) for ``key``.

    Housekeeping only (e.g. after a submit): the browser's drawing belongs to the widget, so
    for a fresh empty canvas use a new ``key`` (one per round and pulse).
    """
    import streamlit as st

    for template in (_GEN, _SEED, _LAST):
        st.session_state.pop(template.format(key=key), None)


def drawing_canvas(
    *,
    key: str,
    colour: str,
    size: int = DEFAULT_CANVAS_SIZE,
    background: bytes | None = None,
    max_strokes: int = 3,
    initial: list[Stroke] | None = None,
    undo_key: str = "undo_stroke",
    clear_key: str = "clear_strokes",
    undo_label: str = "Undo last stroke",
    clear_label: str = "Clear",
    full_message: str | None = None,
) -> list[Stroke]:
    """Show the artist's canvas and return their current, unsubmitted strokes.

    Returns at most ``max_strokes`` strokes, in drawing order, each a list of (x, y) tuples
    normalised to [0, 1], clamped, non-finite points dropped, 2..2000 points.

    key: stable for the whole pulse (e.g. ``f"draw_r{round}_p{pulse}"``); a new key is a new,
        empty canvas. colour: the signature colour (stroke colour, fixed). size: canvas side
        in CSS pixels (square). background: PNG bytes under the strokes (the
        pulse-1 composition in pulse 2).
    max_strokes: once reached the canvas stops accepting strokes (Undo frees one).
    initial: strokes to start from the first time this tab shows the key (the draft the
        server kept, after a reload); later reruns ignore it, so the canvas stays stable.
    undo_key / clear_key: widget keys of our Undo / Clear buttons.
    full_message: caption shown when ``max_strokes`` is reached (None: nothing).
    """
    if "__" in key:
        raise ValueError(f"canvas key {key!r} must not contain '__' (Streamlit CCv2 rule)")
    import streamlit as st
    from streamlit_drawable_canvas import st_canvas

    inject_canvas_fix(key)

    if _SEED.format(key=key) not in st.session_state:
        st.session_state[_SEED.format(key=key)] = (
            strokes_to_drawing(initial, size, colour=colour) if initial else None
        )
        st.session_state[_LAST.format(key=key)] = list(initial or [])

    generation = st.session_state.get(_GEN.format(key=key), 0)
    seed = st.session_state.get(_SEED.format(key=key))
    widget_key = canvas_widget_key(key, generation)

    # What the browser already reported (the widget state is current at script start):
    # decides whether the canvas is full before it is drawn, without waiting a rerun.
    try:
        before = _objects_from_state(st.session_state.get(widget_key))
    except Exception:  # no state yet is the normal case
        before = None
    if before is not None:
        count_before = len(fabric_objects_to_strokes(before, size, size))
    else:  # a fresh generation: what it was seeded with
        count_before = len(st.session_state.get(_LAST.format(key=key), []))
    full = count_before >= max_strokes

    _background_css(widget_key, background)
    result = st_canvas(
        stroke_width=stroke_width_px(size),
        stroke_color=colour,
        fill_color="rgba(0, 0, 0, 0)",
        # No background_color (changing it resets the drawing) and no background_image: a
        # canvas with an image sends the image's fit as soon as it loads, which would rerun the
        # whole page of every artist at the second pulse's start. _background_css puts the
        # picture under the strokes instead.
        background_color="",
        update_streamlit=True,
        height=size,
        width=size,
        drawing_mode="freedraw",
        initial_drawing=seed,
        key=widget_key,
        disabled=full,
    )
    all_strokes = fabric_objects_to_strokes(
        (result.json_data or {}).get("objects") or (),
        size,
        size,
        max_points=MAX_POINTS_PER_STROKE,
    )
    st.session_state[_LAST.format(key=key)] = all_strokes
    strokes = all_strokes[:max_strokes]

    if full_message and len(all_strokes) >= max_strokes:
        st.caption(full_message)

    with st.container(horizontal=True, gap="small"):
        for label, button_key, keep, icon in (
            (undo_label, undo_key, None, ":material/undo:"),
            (clear_label, clear_key, 0, ":material/delete:"),
        ):
            st.button(
                label,
                key=button_key,
                disabled=not all_strokes,
                on_click=_reseed,
                args=(key, size, colour, keep),
                icon=icon,
            )
    return strokes
