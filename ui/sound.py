"""The room's sound (issue 42): the projector plays a short cue when something happens that its
page already says in words, once the teacher has turned the sound on in that browser; and a
phone's own cue, the student's to turn on, when the game calls on them.

The tones are made in the browser by the Web Audio API from the notes below (ui/sound.js):
nothing is recorded, nothing is loaded. A component with no look but its switch mounts it:
in the projector's bottom-left corner a small speaker button opening the switch and the
volume (`room_sound`), and on the teacher's page the same two inline (`sound_switch`). Both
are kept in the browser (localStorage), off until turned on, so every projector tab of that
browser follows them; only the projector plays.

The cues, each where the page says it: a student joining the lobby (its roster and count), a
phase or turn starting (the heading), the last seconds of a timed phase (the countdown), the
reveal or the scores (the heading) and the podium. A cue plays on what the page shows as it
changes in front of it: a page opened or reloaded plays nothing of what it finds, and each
cue is claimed once per game and version (the stage for a phase and its last seconds, the
version of the roster for a join) for every tab of the browser, so two projector tabs play it
once.

A student's phone has its own switch (`phone_cue`, off until the student turns it on, kept in
that browser apart from the projector's): when a moment calls on them (their game's
`Phone.calls`: a Layers turn, a Critters theme to pick, a Crossed Canvas pulse...) it plays
the "turn" cue and vibrates where the phone can, once per moment, by the same claims. What
calls a phone is read from what every page shows (the phase, whose turn), never from a role
or a secret theme: a cue heard across the room tells nothing the projector does not.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, TypedDict

import streamlit as st

from engine import FINISHED, LOBBY
from ui.games import parts_of
from ui.live import WARN_SECONDS, timer_id
from ui.text import Translator


class Cue(TypedDict):
    """A cue's notes, each [frequency in Hz, start in s, length in s], and their waveform."""

    wave: str
    notes: list[tuple[float, float, float]]


#: Every cue's notes. No frequency is in two cues (a test tells cues apart by their notes):
#: soft sines for what is quiet, a triangle's brighter voice for the reveal and the podium.
CUES: dict[str, Cue] = {
    "join": {"wave": "sine", "notes": [(1046.50, 0.0, 0.35)]},
    "phase": {"wave": "sine", "notes": [(587.33, 0.0, 0.25), (880.00, 0.16, 0.45)]},
    "last": {"wave": "sine", "notes": [(659.26, 0.0, 0.2), (622.25, 0.25, 0.2)]},
    "reveal": {
        "wave": "triangle",
        "notes": [(392.00, 0.0, 0.3), (493.88, 0.14, 0.3), (783.99, 0.28, 0.6)],
    },
    "podium": {
        "wave": "triangle",
        "notes": [
            (523.25, 0.0, 0.25),
            (698.46, 0.18, 0.25),
            (1174.66, 0.36, 0.3),
            (1396.91, 0.54, 0.9),
        ],
    },
    # Played when the teacher turns the sound on or sets the volume on the projector: how
    # loud the room will hear it.
    "sample": {"wave": "sine", "notes": [(440.00, 0.0, 0.4)]},
    # A phone called on (and played as the student turns its cue on): short and high, heard
    # from a pocket but not across the room.
    "turn": {"wave": "sine", "notes": [(1318.51, 0.0, 0.15), (1567.98, 0.12, 0.3)]},
}
#: A called phone's vibration (ms on, off, on), where the phone has one.
VIBRATION = [90, 60, 90]

_CSS = """
.cc-sound { font-family: var(--st-font); color: var(--st-text-color); }
.cc-sound button {
  display: flex; align-items: center; justify-content: center; cursor: pointer;
  width: 2.5rem; height: 2.5rem; padding: .25rem; border-radius: var(--st-button-radius);
  color: var(--st-text-color); background: var(--st-background-color);
  border: 2px solid var(--st-border-color);
}
.cc-sound button:hover { background: var(--st-secondary-background-color); }
.cc-sound :focus-visible { outline: 2px solid var(--st-primary-color); }
.cc-sound svg { width: 100%; height: 100%; }
.cc-sound-panel { display: flex; flex-direction: column; gap: .5rem; }
.cc-sound-panel[hidden] { display: none; }
.cc-sound label { display: flex; align-items: center; gap: .6rem; }
.cc-sound input { font: inherit; }
.cc-sound input[type=checkbox] { width: 1.1em; height: 1.1em; margin: 0; }
.cc-sound input[type=range] { flex: 1; min-width: 6rem; }
.cc-sound p { margin: 0; font-size: .875rem; }
/* On the projector: a corner button, its panel above it, read from the back of the room. */
.cc-sound-corner { font-size: 1.75rem; line-height: 1.2; }
.cc-sound-corner .cc-sound-panel {
  position: absolute; left: 0; bottom: calc(100% + .4rem); width: max-content;
  padding: .6rem .9rem; background: var(--st-background-color);
  border: 2px solid var(--st-border-color); border-radius: var(--st-button-radius);
}
"""

_sound = st.components.v2.component(
    "cc_room_sound",
    js=Path(__file__).with_name("sound.js").read_text(encoding="utf-8"),
    css=_CSS,
)

#: The projector's corner, out of the page's flow: it takes no room from the layout.
CORNER_CSS = """
div:has(> .st-key-cc_sound_corner) {
  position: fixed; left: .25rem; bottom: .25rem; width: auto; z-index: 100;
}
"""


def cue_of(view: Mapping[str, Any]) -> str | None:
    """The cue of the moment `view` starts, when its phase or turn has just begun: none in
    the lobby (each join has its own), the podium at the end, the reveal or the scores where
    the game turns them over (the phases it shows on the class projector), else a phase."""
    phase = view["phase"]
    if phase == LOBBY:
        return None
    if phase == FINISHED:
        return "podium"
    return "reveal" if phase in parts_of(view).screen.SHOWCASE else "phase"


def phone_moment(view: Mapping[str, Any]) -> str | None:
    """The moment (round and phase) that calls this phone now, if one does (its game's
    `Phone.calls`); the phone cues once as it first shows it."""
    if view["phase"] in (LOBBY, FINISHED) or not parts_of(view).phone.calls(view):
        return None
    return f"{view['round']}:{view['phase']}"


def _words(t: Translator) -> dict[str, str]:
    return {
        "sound": t("ui.sound.switch"),
        "on": t("ui.sound.on"),
        "off": t("ui.sound.off"),
        "volume": t("ui.sound.volume"),
    }


def room_sound(view: Mapping[str, Any], status: Mapping[str, Any], t: Translator) -> None:
    """A game's projector's sound: its corner switch, and the cues of the page as it changes
    (a phase or turn starts when the round or the phase the page shows changed)."""
    moment = f"{view['round']}:{view['phase']}"
    projector_sound(view["code"], status, t, moment=moment, cue=cue_of(view), timer=view["code"])


def projector_sound(
    code: str,
    status: Mapping[str, Any],
    t: Translator,
    *,
    moment: str,
    cue: str | None,
    timer: str,
) -> None:
    """A projector's corner switch and cues, for game or class `code` at `status`: `cue`
    plays as the page first shows `moment` after another; the last seconds are those of the
    countdown of game `timer`."""
    st.html(f"<style>{CORNER_CSS}</style>")
    with st.container(key="cc_sound_corner"):
        _sound(
            key="cc_sound",
            width="content",
            data={
                "mode": "room",
                "words": _words(t),
                "cues": CUES,
                "code": code,
                "stage": status["stage"],
                "moment": moment,
                "cue": cue,
                "timer": timer_id(timer),
                "version": status["version"],
                "warn_seconds": WARN_SECONDS,
            },
        )


def sound_switch(t: Translator) -> None:
    """The same switch and volume on the teacher's page, in an expander: the projector pages
    of this browser follow them; this page plays nothing."""
    with st.expander(t("ui.sound.title")):
        _sound(
            key="cc_sound_switch",
            data={"mode": "switch", "words": {**_words(t), "hint": t("ui.sound.hint")}},
        )


def phone_cue(view: Mapping[str, Any], status: Mapping[str, Any], t: Translator) -> None:
    """A student's own switch, and their phone's cue when a moment calls on them."""
    _sound(
        key="cc_phone_cue",
        data={
            "mode": "phone",
            "words": {"sound": t("ui.sound.phone"), "hint": t("ui.sound.phone_hint")},
            "cues": {"turn": CUES["turn"]},
            "vibration": VIBRATION,
            # Claimed for this student in this game (two tabs of their phone cue once).
            "code": f"{view['code']}/{view['name']}",
            "stage": status["stage"],
            "moment": phone_moment(view),
        },
    )
