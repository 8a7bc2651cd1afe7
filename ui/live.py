"""Live updates: the page learns by push that its game changed, and its countdown ticks in the
browser.

`live_status` draws the countdown (a warning in a timed move's last seconds); `follow_changes`, the
page's one live part (its last thing; on a phone, its list of who is ready), mounts a small
component with no look of its own (ui/live.js). In the
browser it counts the time down from what the server said, follows the game's push stream
(ui/push.py), and when the game changed asks Streamlit to rerun its fragment, saying what
the stream told of; the fragment reruns the whole page if the page is behind that (or, asked
without it, behind the game's status as read). A game that does not
change costs the server nothing. When the stream is down the component asks for that rerun
every FALLBACK_SECONDS instead, so a lost stream costs time, never an update.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import streamlit as st

from engine import RuleError
from ui.links import app_path
from ui.parts import PART_ID, part_html
from ui.push import stream_path
from ui.runtime import get_engine
from ui.text import Translator, seconds_text, translator

# The last seconds of a timed move (each game says whose: `Phone.last_seconds`), said on the
# phone so nobody is surprised by the end, and the countdown turns red.
WARN_SECONDS = 10
WARN_COLOUR = "#b00020"  # a dark red, 7:1 on white
#: Seconds between the fallback's reruns while the push stream is down; 0 turns the fallback
#: off (the test that proves updates come by push alone sets it so).
FALLBACK_SECONDS = float(os.environ.get("CC_FALLBACK_POLL_SECONDS") or 5.0)

_follow = st.components.v2.component(
    "crossed_canvas_live",
    js=(Path(__file__).with_name("live.js")).read_text(encoding="utf-8"),
    isolate_styles=False,
)


def live_status(
    code: str,
    status: Mapping[str, Any],
    language: str,
    *,
    big: bool = False,
    warning: str | None = None,
) -> None:
    """The countdown (ticking in the browser once `follow_changes` is on the page), red in its
    last seconds when the page has a `warning` to give then (its text's key), which a phone
    also says under it."""
    t = translator(language)
    left, paused = status["seconds_left"], status["paused"]
    warn = _warns(status, warning) and left <= WARN_SECONDS
    css = "cc-timer cc-timer-big" if big else "cc-timer"
    label = t("ui.paused") if paused else seconds_text(left)
    style = f' style="color:{WARN_COLOUR}"' if warn else ""
    # On a phone a line under the countdown says it (the play page styles .cc-warn).
    banner = _banner(t, warning) if warning and warn and not big else ""
    element_id = timer_id(code)
    st.html(
        f'<div id="{element_id}" class="{css}" role="timer" data-version="{status["version"]}"'
        f"{style}>{label}</div>"
        f'<div id="{element_id}-warn">{banner}</div>'
    )


def clock_html(
    code: str, seconds_left: float | None, paused: bool, version: int, t: Translator
) -> str:
    """A countdown of game `code` on a page that follows another code (a class's table on
    the class's pages): `follow_changes(..., clocks=...)` ticks it while it shows `version`."""
    label = t("ui.paused") if paused else seconds_text(seconds_left)
    return f'<span id="{timer_id(code)}" class="cc-timer" data-version="{version}">{label}</span>'


def page_top(code: str, version: int) -> None:
    """The version a page with no countdown of its own at its top draws (a class's pages:
    each table has its own), marked where a game's page has its countdown, so that its live
    part tells a half-drawn page there too (ui/live.js `checkTop`: in CI a class projector
    kept a phase's cards for good while its live part had drawn the next). Hidden: a
    container keyed cc_live* (ui/look.py)."""
    with st.container(key="cc_live_top"):
        st.html(f'<span id="{timer_id(code)}" data-version="{version}"></span>')


def status_of(view: Mapping[str, Any]) -> dict[str, Any]:
    """The game's status as a game's view was built, in the view's own read: the page says it
    shows exactly the version it shows, and reads the database once (a class's view has no
    status of its own: `status_then_view`)."""
    return {key: view[key] for key in STATUS_KEYS}


def status_then_view(
    code: str | None, read_view: Callable[[], dict[str, Any]]
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The view a page draws and the game's status (its version) read before it.

    In this order a change between the two reads leaves the page drawn newer than the version
    it says it shows, and its live part asks for one more rerun; in the other order a page
    could show an old phase while saying it shows the latest version, and stay behind for good.
    `code` None (the first load of a page opened by token or key): one more read of the view
    tells the code. (A game's pages take the status from their view instead: `status_of`.)
    """
    if code is None:
        code = read_view()["code"]
    status = get_engine().status(code)
    return read_view(), status


def follow_changes(
    code: str,
    status: Mapping[str, Any],
    language: str,
    *,
    view: Mapping[str, Any] | None = None,
    **options: Any,
) -> None:
    """`_live_part`, from the page's own run: handed the status the page has just read and,
    for its part, the view the page drew (its viewer's own: the part uses only what the public
    view holds alike), so that the part reads nothing again."""
    st.session_state[_PAGE_READ] = (status, view)
    # Outside the fragment: the live part asks through this instance for a whole page it knows
    # the page needs (a new stage), without a run of the fragment first (ui/live.js `askPage`).
    with st.container(key="cc_live_page"):
        _follow(key=_PAGE_ASK_KEY, data={"asks_for": timer_id(code)}, on_page_change=_no_op)
    _live_part(code, status, language, **options)


def _no_op() -> None:
    """A trigger whose whole meaning is the run it starts."""


@st.fragment
def _live_part(
    code: str,
    status: Mapping[str, Any],
    language: str,
    *,
    big: bool = False,
    redraw: str = "any",
    part: str | None = None,
    clocks: Mapping[str, float] | None = None,
    pause_redraws: bool = False,
    warning: str | None = None,
) -> None:
    """The page's one live part: reruns the page as soon as the game changed (see above), or
    with `redraw="stage"` only when every page must change (Game.stage). It draws `part`
    (ui/parts.py: a phone's list of who joined or is ready, the projector's roster or
    readiness), and with `redraw="stage"` another student's join or submit comes with the
    stream's event, which carries the part drawn anew: the browser puts it in place, and no
    page runs on the server. A page behind its stream (e.g. on the fallback poll) reruns
    this fragment, which draws the part afresh. `clocks` ({game code: seconds left}) ticks
    the page's other countdowns (`clock_html`: a class's tables). With `redraw="stage"` a
    pause, a resume or "+30 s" (no new stage) comes with the event too: the countdown says
    "Paused" or ticks from the new time, and no page runs, unless `pause_redraws` (a page
    whose buttons change with a pause, the facilitator's) asks for a run when paused changed.

    A fragment: the component's request reruns only it, and Streamlit lets a fragment's run
    wait for a run in progress, where a whole-page request would cut it short and lose a
    student's tap made just before. The fragment then reruns the whole page if the page, as
    drawn, is behind: at once when the request itself says the stream told of a newer stage
    or version, otherwise after reading the game's status. In the page's own run it uses the
    status the page read a moment before: a change since then comes by the stream like any
    other. For a new stage (a new phase: every page of the class asks at once, and each run
    spared is one less turn on the server's one core) the browser asks for the whole page
    directly instead, through the instance `follow_changes` mounts outside this fragment,
    when no run is in progress and the student has not touched the page for a few seconds
    (ui/live.js `askPage`): nothing is then in flight to cut short.
    """
    compared = _COMPARED[redraw]
    heard = st.session_state.pop(_HEARD, None) or {}
    page_status, page_view = st.session_state.pop(_PAGE_READ, None) or (None, None)
    if heard.get(compared, 0) > status[compared]:
        st.rerun()
    try:
        current = page_status or get_engine().status(code)
    except RuleError:
        st.rerun()  # the game is gone (deleted, expired): the page says so
    if current[compared] != status[compared] or st.session_state.pop(_STALE_TOP, False):
        st.rerun()
    if pause_redraws and current["paused"] != status["paused"]:
        st.rerun()
    if part is not None:
        # In the page's run, the view the page drew (read with `current`); in a run of this
        # part alone, read after `current`: a change between the two makes this part ask again.
        shown = page_view or get_engine().public_view(code)
        st.html(part_html(part, shown, translator(shown["language"])))
    # The clock as read now: a run of this part alone (a pause, the fallback poll) must not
    # set the countdown back to the page's older time.
    paused, left = current["paused"], current["seconds_left"]
    t = translator(language)
    try:
        watch_key = _watch_key(code)
    except RuleError:
        return
    with st.container(key="cc_live"):
        _follow(
            key=_FOLLOW_KEY,
            data={
                "stream": stream_path(app_path(), code),
                "key": watch_key,
                # What this fragment shows; the page's top (its countdown) shows `page_version`.
                "version": current["version"],
                "page_version": status["version"],
                "stage": status["stage"],
                "timer": timer_id(code),
                "seconds_left": left,
                "paused": paused,
                "paused_label": t("ui.paused"),
                "warn_seconds": WARN_SECONDS if warning else 0,
                "warn_colour": WARN_COLOUR,
                "banner": "" if big or not warning else _banner(t, warning),
                "redraw": redraw,
                "pause_redraws": pause_redraws,
                "fallback_seconds": FALLBACK_SECONDS,
                # The part the stream's events carry, when they may replace a rerun.
                "part": part if redraw == "stage" else None,
                "part_id": PART_ID,
                "clocks": [
                    {"timer": timer_id(game), "seconds_left": seconds}
                    for game, seconds in (clocks or {}).items()
                ],
            },
            on_changed_change=_note_heard,
            on_poll_change=_no_op,
            on_stale_change=lambda: st.session_state.update({_STALE_TOP: True}),
        )


def _note_heard() -> None:
    """The live part asked because its stream told of a newer version or stage (ui/live.js
    `catchUp`): kept for the fragment's run that follows. Only ints are kept; a made-up value
    can at most rerun its own page."""
    asked = (st.session_state.get(_FOLLOW_KEY) or {}).get("changed")
    if isinstance(asked, dict):
        kept = {k: v for k, v in asked.items() if k in ("version", "stage") and type(v) is int}
        st.session_state[_HEARD] = kept


def _watch_key(code: str) -> str:
    """The key of `code`'s push stream, which never changes: read once per browser session,
    not on every run of the live part (each change, on every device)."""
    keys: dict[str, str] = st.session_state.setdefault("cc_watch_keys", {})
    if code not in keys:
        keys[code] = get_engine().watch_key(code)
    return keys[code]


#: The live component's widget key: its requests' values are read under it (`_note_heard`).
_FOLLOW_KEY = "cc_follow"
#: The live component's instance outside the fragment, through which it asks for the page.
_PAGE_ASK_KEY = "cc_page_ask"
#: Set when the browser found the page's top older than its live part (ui/live.js checkTop).
_STALE_TOP = "cc_stale_top"
#: The version and stage the stream told of when the live part asked (`_note_heard`).
_HEARD = "cc_heard"
#: The status and view a page read in its own run, for its live part (`follow_changes`).
_PAGE_READ = "cc_page_read"
#: What `Engine.status` tells, as every game's view carries it too (`status_of`).
STATUS_KEYS = ("version", "stage", "phase", "paused", "seconds_left")
#: What a page compares to the game's status to know it is behind, by what it redraws for.
_COMPARED = {"any": "version", "stage": "stage"}


def _warns(status: Mapping[str, Any], warning: str | None) -> bool:
    return warning is not None and not status["paused"] and status["seconds_left"] is not None


def timer_id(code: str) -> str:
    """The id of game `code`'s countdown on a page (ui/sound.py reads the seconds it shows)."""
    return f"cc-timer-{code}"


def _banner(t: Translator, warning: str) -> str:
    return f'<div class="cc-warn" role="alert">{t(warning)}</div>'
