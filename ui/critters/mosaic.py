"""Canvas Critters: one player's mosaic, placed by touch (ui/critters/mosaic.js).

A square frame holds the player's pieces; under it (beside it on a wide screen) a palette
shows how many of each critter are left in the table's pile. Tap a palette button to take a
piece, drag a piece to move it, tap it to return it. Holding a piece with one finger, twist a
second finger around it to turn it (15 degree steps) or tap with the second to flip it, as
the engine's placements allow. A keyboard does it all: Enter takes or returns, arrow keys
move, R and Shift+R turn (45 degrees), F flips. The page should say so in its help text.

The server decides every take: two players never hold the same piece, and a race for the
last one is the engine's to settle. So `mosaic` only returns what the player asks, at most
one request per run, and the page applies it, then reruns to draw the truth::

    request = mosaic("mine", palette=..., pieces=..., piece_size=rules.PIECE_SIZE, ...)
    if request:
        message = apply(request)  # e.g. engine.take_piece(token, kind, x, y, request_id,
        st.rerun()                # rotation=..., mirrored=...); nothing drawn in between

Until the truth arrives the browser shows what it expects (a taken piece dimmed at its spot);
a request the engine refused simply vanishes on the next run. Each request carries an id of
its own (`request`): the browser sends a request not yet answered again under the same id
after a while, so the engine should answer a repeated id with its first answer. This module
never returns one id twice in a browser session, and tells the browser which ids it has
returned, one run later (after the page applied them), so the browser's guess and the truth
never both show.

Apply a request right after `mosaic` returns it, with everything the engine call needs (the
player's token) read before `mosaic`: Streamlit (runner.fastReruns, on by default) may stop
a run for a newer one at any element drawn and at any read or write of st.session_state or
st.query_params, and a request returned but stopped before the engine saw it is lost (the
browser was told it was answered). Seen here with a probe that read its session state in
between: about one sequence of quick key presses in ten lost a request.
"""

from __future__ import annotations

import base64
import functools
import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import streamlit as st

#: What `texts` must hold. In the browser `{label}` becomes the critter's name and `{count}`
#: how many are left, e.g. take "{label}: take one, {count} left", take_last "{label}: take
#: the last one, {count} left", none_left "{label}: {count} left" (the count the button shows
#: is in its name, and not in brackets: tests/ui/test_mosaic_texts.py), piece "{label}, tap
#: to return", pending "{label}, on its way", keys "Enter returns it to the pile, arrow keys
#: move it, R turns it, F flips it" (a focused piece's description), palette "The pile".
TEXT_KEYS = ("take", "take_last", "none_left", "piece", "pending", "keys", "palette")
#: How many answered request ids a session remembers (far more than can be on their way).
SEEN_KEPT = 64
ACTIONS = ("take", "move", "return")
MAX_REQUEST_ID = 64
#: Positions are returned rounded to 1/10000 of the canvas side, as the engine keeps them.
POSITION_DIGITS = 4

_CSS = """
.mosaic {
  container-type: inline-size;
  font-family: var(--st-font);
  user-select: none;
  -webkit-user-select: none;
  -webkit-touch-callout: none;
}
/* A phone: the canvas as wide as the page, the palette under it, in reach of a thumb. */
.layout {
  display: grid;
  gap: 8px;
  width: min(100%, 480px);
  margin: 0 auto;
}
.frame {
  position: relative;
  width: 100%;
  aspect-ratio: 1;
  box-sizing: border-box;
  border: 3px solid #31333f;
  border-radius: 4px;
  background: #fff;
  overflow: hidden;
  /* A finger on the empty canvas scrolls the page (a phone's canvas is most of the screen);
     on a piece it drags the piece. */
  touch-action: manipulation;
}
/* The black side of the canvas (Art Tip), the colour the finished mosaic is drawn in. */
.frame.black { background: #161514; border-color: #8a8d96; }
.frame:focus { outline: none; }
.frame:focus-visible { outline: 3px solid var(--st-primary-color, #1f77b4); }
.hint {
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
}
.piece {
  position: absolute;
  box-sizing: border-box;
  touch-action: none;
  cursor: grab;
  border-radius: 6px;
}
.piece img, .take img {
  display: block;
  pointer-events: none;
  -webkit-user-drag: none;
}
.piece img { width: 100%; height: 100%; object-fit: contain; }
.piece:focus-visible { outline: 3px solid var(--st-primary-color, #1f77b4); outline-offset: -3px; }
.piece.pending { opacity: 0.45; outline: 2px dashed #555; cursor: progress; }
.piece.dragging { cursor: grabbing; filter: drop-shadow(0 3px 4px rgb(0 0 0 / 0.35)); }
.mosaic.disabled .piece { cursor: default; touch-action: manipulation; }
.mosaic.disabled .palette { display: none; }
.palette {
  display: grid;
  /* Six a row (two rows of the twelve critters), fewer on a phone too narrow for 44 px. */
  grid-template-columns: repeat(auto-fill, minmax(max(48px, calc((100% - 30px) / 6)), 1fr));
  gap: 6px;
}
.take {
  min-width: 44px;
  min-height: 56px;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 2px;
  padding: 4px 0;
  border: 1px solid #8a8d96;
  border-radius: 8px;
  background: var(--st-secondary-background-color, #f0f2f6);
  color: var(--st-text-color, #31333f);
  font: inherit;
  touch-action: manipulation;
  cursor: pointer;
}
.take img { width: 30px; height: 30px; object-fit: contain; }
.take .count { font-size: 14px; font-weight: 600; line-height: 1; }
.take:disabled { opacity: 0.4; cursor: not-allowed; }
.take:focus-visible { outline: 3px solid var(--st-primary-color, #1f77b4); outline-offset: 1px; }
/* A wider screen: the palette beside the canvas, so both fit a laptop's height. */
@container (min-width: 640px) {
  .layout {
    grid-template-columns: 480px 200px;
    justify-content: center;
    align-items: start;
    width: auto;
  }
  .mosaic.disabled .layout { grid-template-columns: 480px; }
  .palette { grid-template-columns: repeat(2, 1fr); }
}
"""

_component = st.components.v2.component(
    "crossed_canvas_mosaic",
    js=Path(__file__).with_name("mosaic.js").read_text(encoding="utf-8"),
    css=_CSS,
    isolate_styles=True,
)


@functools.cache
def svg_picture(path: Path) -> str:
    """An SVG file as a data URI for `palette[].picture`: the browser fetches nothing."""
    return "data:image/svg+xml;base64," + base64.b64encode(path.read_bytes()).decode("ascii")


def mosaic(
    key: str,
    *,
    palette: Sequence[Mapping[str, Any]],
    pieces: Sequence[Mapping[str, Any]],
    piece_size: float,
    frame_label: str,
    texts: Mapping[str, str],
    disabled: bool = False,
    side: str = "white",
) -> dict[str, Any] | None:
    """Draw the mosaic and return the player's request of this run, if any.

    `palette`: one dict per critter kind, none left too, in display order: `kind`, `label` (its
    name, in the page's language), `count` (left in the pile), `picture` (a data URI, see
    `svg_picture`). `pieces`: the player's pieces, bottom one first, dicts of `id`, `kind`,
    `x`, `y` (the piece's centre as fractions 0..1 of the canvas side) and optionally
    `rotation` (whole degrees clockwise, 0 if absent) and `mirrored` (left to right, after
    the turn; False if absent). `piece_size`: a piece's side as a fraction of the canvas
    side. `texts`: the browser's texts, see TEXT_KEYS. `disabled`: the mosaic is shown and
    nothing can be asked (the round ended, the player finished). `side`: the canvas's side,
    "white" or "black" (the double-sided canvas), drawn at once.

    Returns None or one of these, where a placement (x, y, rotation 0..359, mirrored) keeps
    the whole turned piece inside the frame, x and y rounded to POSITION_DIGITS:
    ``{"action": "take", "kind": k, "x": x, "y": y, "rotation": 0, "mirrored": False,
    "request": id}``,
    ``{"action": "move", "piece": piece_id, "x": x, "y": y, "rotation": r, "mirrored": m,
    "request": id}`` (a drag, an arrow key, a turn or a flip: the piece's new placement),
    ``{"action": "return", "piece": piece_id, "request": id}``.
    """
    missing = [name for name in TEXT_KEYS if name not in texts]
    if missing:
        raise ValueError(f"mosaic texts missing: {missing}")
    if not 0 < piece_size <= 1:
        raise ValueError(f"piece_size must be a fraction of the canvas side: {piece_size}")
    for entry in palette:
        if not str(entry["picture"]).startswith("data:image/"):
            raise ValueError(f"picture of {entry['kind']} is not a data URI")
    strays = {piece["kind"] for piece in pieces} - {entry["kind"] for entry in palette}
    if strays:
        raise ValueError(f"pieces of kinds not in the palette (it draws them): {strays}")
    seen: list[str] = st.session_state.setdefault(f"cc_mosaic_seen_{key}", [])
    result = _component(
        key=key,
        data={
            "palette": [
                {name: entry[name] for name in ("kind", "label", "count", "picture")}
                for entry in palette
            ],
            "pieces": [
                {
                    **{name: piece[name] for name in ("id", "kind", "x", "y")},
                    "rotation": piece.get("rotation", 0),
                    "mirrored": piece.get("mirrored", False),
                }
                for piece in pieces
            ],
            "piece_size": piece_size,
            "frame_label": frame_label,
            "texts": {name: texts[name] for name in TEXT_KEYS},
            "disabled": disabled,
            "side": "black" if side == "black" else "white",
            # Answered in earlier runs: the page has applied them and this run shows the truth.
            "seen": list(seen),
        },
        on_request_change=lambda: None,
    )
    sent = result.get("request")
    if not isinstance(sent, dict):
        return None
    request_id = sent.get("request")
    if not isinstance(request_id, str) or not 0 < len(request_id) <= MAX_REQUEST_ID:
        return None
    if request_id in seen:
        return None  # a repeat of a request already returned
    seen.append(request_id)
    del seen[:-SEEN_KEPT]
    return None if disabled else checked_request(sent, palette, pieces, piece_size)


def checked_request(
    sent: Mapping[str, Any],
    palette: Sequence[Mapping[str, Any]],
    pieces: Sequence[Mapping[str, Any]],
    piece_size: float,
) -> dict[str, Any] | None:
    """The browser's request in the shape `mosaic` promises, or None if it names a kind or a
    piece this player cannot ask for: the browser is never trusted."""
    action = sent.get("action")
    if action not in ACTIONS:
        return None
    request: dict[str, Any] = {"action": action}
    if action == "take":
        kinds = {entry["kind"] for entry in palette}
        if sent.get("kind") not in kinds:
            return None
        request["kind"] = sent["kind"]
    else:
        mine = {str(piece["id"]): piece["id"] for piece in pieces}
        if str(sent.get("piece")) not in mine:
            return None
        request["piece"] = mine[str(sent["piece"])]
    if action != "return":
        laid = _placement(sent, piece_size)
        if laid is None:
            return None
        request.update(laid)
    request["request"] = sent["request"]
    return request


def _placement(sent: Mapping[str, Any], piece_size: float) -> dict[str, Any] | None:
    """Where the browser asks to lay a piece, turned to whole degrees 0..359 and moved so the
    whole turned piece lies inside the frame even once rounded to POSITION_DIGITS."""
    try:
        x, y, rotation = float(sent["x"]), float(sent["y"]), float(sent.get("rotation", 0))
    except (KeyError, TypeError, ValueError, OverflowError):
        return None
    mirrored = sent.get("mirrored", False)
    if not all(math.isfinite(value) for value in (x, y, rotation)) or not isinstance(
        mirrored, bool
    ):
        return None
    turned = round(rotation) % 360
    margin = reach(turned, piece_size)
    scale = 10**POSITION_DIGITS
    low, high = math.ceil(margin * scale) / scale, math.floor((1 - margin) * scale) / scale
    return {
        "x": min(high, max(low, round(x, POSITION_DIGITS))),
        "y": min(high, max(low, round(y, POSITION_DIGITS))),
        "rotation": turned,
        "mirrored": mirrored,
    }


def reach(rotation: float, piece_size: float) -> float:
    """How far a piece turned by `rotation` degrees reaches from its centre, across and down:
    half the side of the turned square's bounding box (as engine/critters/rules.py has it)."""
    radians = math.radians(rotation)
    return piece_size / 2 * (abs(math.cos(radians)) + abs(math.sin(radians)))
