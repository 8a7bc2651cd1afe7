"""What every game's pages share on screen: the page's style, the bottom bar, standings and
the podium, and the motion that tells what changed (issue 42). A game's own look is in its
folder (Crossed Canvas's: ui/crossed_canvas/look.py).

Motion is CSS alone and plays as an element first appears: the podium is built from third
place to first, points count up to what the page says (`count_up_html`), a student joining
the lobby lights up in the roster, a new drawing or painting fades in (`.cc-arriving`). It
moves nothing (no text shrinks, nothing leaves the screen): steps are unveiled in place and
a count is drawn over the final number, which stays in the page for every reader. A browser
set to reduce motion shows the end at once.

Names and every other user-typed text go through `literal` before they meet HTML, so a name
like <b>x</b> or **x** is shown as typed; a player's name goes through `name_html`, which also
isolates it in a <bdi>, so a right-to-left name cannot reorder its neighbours.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import streamlit as st

from ui.faces import FACE_CSS, named_html
from ui.text import Translator, literal

BASE_CSS = """
<style>
.cc-timer { font-size: 2rem; font-weight: 700; text-align: right;
  font-variant-numeric: tabular-nums; }
.cc-timer-big { font-size: 5rem; line-height: 1; }
.cc-code { font-size: 3.5rem; font-weight: 800; letter-spacing: .25em; font-family: monospace; }
.cc-code-huge { font-size: 6rem; }
.cc-phase { font-size: 1.4rem; font-weight: 700; }
.cc-big { font-size: 2.2rem; line-height: 1.25; }
/* A join address wraps at its parts (url_html), and anywhere if one part is still too long. */
.cc-url { overflow-wrap: anywhere; }
/* A link that looks like Streamlit's primary button (same colour as the theme's). */
.cc-button { display: inline-block; padding: .45rem .9rem; border-radius: .5rem;
  background: #a8283a; color: #fff !important; font-weight: 600; text-decoration: none; }
/* The live components (ui/live.py) have no look: they take no room, nor the gap before the
   wrappers Streamlit puts around their container and around a fragment holding only it. */
div:has(> div[class*="st-key-cc_live"]), div[class*="st-key-cc_live"],
div:has(> div > div:only-child > div[class*="st-key-cc_live"]) { display: none; }
/* Streamlit's own "Press Enter to submit form" is English only, and drawn inside the field,
   over a long name at 360 px: hidden, and the pages say the limit and Enter in the page's
   language below the fields that have one (ui.play.name_hint, ui.critters.play.title_hint). */
[data-testid="InputInstructions"] { display: none; }
.cc-huge { font-size: 2.4rem; font-weight: 800; line-height: 1.15; }
.cc-muted { opacity: .7; }
.cc-card { border: 2px solid #ccc; border-radius: .8rem; padding: .8rem 1rem; margin: .4rem 0; }
.cc-legend { display: flex; flex-wrap: wrap; gap: .3rem 1.2rem; }
.cc-roster { columns: 2; margin: 0; }
.cc-score { white-space: nowrap; }
.cc-podium { display: flex; justify-content: center; align-items: flex-end; gap: 1.5rem; }
.cc-step { text-align: center; flex: 0 1 21rem; font-size: 1.75rem; font-weight: 700;
  line-height: 1.2; }
.cc-step-many { flex-basis: 46rem; }
.cc-step-many .cc-step-names { display: grid; grid-template-columns: 1fr 1fr; column-gap: 1rem; }
.cc-step-block { background: #e9eef7; border: 3px solid #3b5bdb; border-radius: .6rem .6rem 0 0;
  font-size: 3rem; line-height: 1; font-weight: 800; color: #3b5bdb; padding-top: .4rem; }
.cc-step-points { font-size: 1.75rem; line-height: 1.2; color: #222; }
.cc-step-1 .cc-step-block { height: 8.5rem; }
.cc-step-2 .cc-step-block { height: 7rem; }
.cc-step-3 .cc-step-block { height: 6rem; }
/* Everyone's total under the podium: twelve of the widest names with their faces take six
   lines, set a little closer than body text so they end within 720 px. */
.cc-everyone { justify-content: center; margin-top: 1rem; font-size: 1.75rem; line-height: 1.4; }
/* Two names a line at 28 px: twelve of the widest 24-character names (390 px bold) each keep
   to one line under the join code, and the lobby within 720 px. */
.cc-roster-big { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 0 1.5rem;
  font-size: 1.75rem; line-height: 1.35; }
.cc-table { border-collapse: collapse; max-width: 100%; }
/* Names break between words (a game may let a single word too long for its column break
   anywhere: Crossed Canvas's cc-long-word). */
.cc-table td { word-break: normal; overflow-wrap: break-word; }
.cc-table td, .cc-table th { padding: .25rem .8rem; border-bottom: 1px solid #ddd;
  text-align: left; }
/* Motion (issue 42), only where the browser does not ask to reduce it: there, each element
   shows its end at once. The podium is built from third place to first: each step unveiled
   upwards in its place, its points counting up as it stands (count_up_html). */
.cc-podium .cc-step-3 { --cc-delay: .3s; }
.cc-podium .cc-step-2 { --cc-delay: 1.2s; }
.cc-podium .cc-step-1 { --cc-delay: 2.1s; }
/* A podium without a third step (ties, two players) starts at its lowest. */
.cc-podium:not(:has(.cc-step-3)) .cc-step-2 { --cc-delay: .3s; }
.cc-podium:not(:has(.cc-step-3)) .cc-step-1 { --cc-delay: 1.2s; }
.cc-podium:not(:has(.cc-step-2)) .cc-step-1 { --cc-delay: 1.2s; }
.cc-podium:not(:has(.cc-step-2, .cc-step-3)) .cc-step-1 { --cc-delay: .3s; }
@keyframes cc-build { from { clip-path: inset(100% 0 0 0); } to { clip-path: inset(0); } }
/* Points count up to the number the page holds: the number is see-through (still the page's
   text for every reader) while a counter drawn over it (same font, same place) runs from
   --cc-from to --cc-to. The counter is an integer, its syntax's opening bracket escaped
   (st.html drops a style whose text holds that bracket before a letter, as a tag). */
@property --cc-n { syntax: "\\3c integer>"; inherits: false; initial-value: 0; }
.cc-count { position: relative; display: inline-block; font-variant-numeric: tabular-nums; }
.cc-count::after { content: counter(cc-n); counter-reset: cc-n var(--cc-n); position: absolute;
  inset: 0; text-align: right; visibility: hidden; }
@keyframes cc-count-hidden { from, to { color: transparent; } }
@keyframes cc-count-up {
  from { --cc-n: var(--cc-from); visibility: visible; }
  to { --cc-n: var(--cc-to); visibility: visible; }
}
/* The student who joined last lights up in the lobby's roster as their name arrives. */
.cc-roster-big > span:last-child { border-radius: .3rem; }
@keyframes cc-arrive {
  from { opacity: 0; background-color: #ffe066; }
  30% { opacity: 1; background-color: #ffe066; }
  to { background-color: transparent; }
}
/* A new drawing or painting arriving (a round's composition, a painting just completed) fades
   in where it will stand: nothing around it moves, and its words are whole from the start. */
@keyframes cc-arrive-in { from { opacity: 0; } to { opacity: 1; } }
@media (prefers-reduced-motion: no-preference) {
  .cc-arriving { animation: cc-arrive-in .9s ease-out; }
  .cc-podium .cc-step { animation: cc-build .7s ease-out var(--cc-delay) backwards; }
  .cc-count > span { animation: cc-count-hidden 1.5s step-end var(--cc-delay, 0s) backwards; }
  .cc-count::after { animation: cc-count-up 1.5s ease-out var(--cc-delay, 0s) backwards; }
  .cc-roster-big > span:last-child { animation: cc-arrive 1.6s ease-out; }
}
</style>
"""
#: Where a translated text holds the number `count_up_html` draws (`counted_words`).
COUNT_MARK = "\ue000"


def bottom_bar_css(key: str) -> str:
    """CSS that keeps the container keyed `key` (a phone's Submit or Confirm with what it
    tells) in sight at the bottom of the screen while the student scrolls the page."""
    return (
        f'[data-testid="stLayoutWrapper"]:has(> .st-key-{key}) {{ position: sticky; bottom: 0;'
        " z-index: 20; background: #fff; padding: .25rem 0 .4rem; border-top: 1px solid #ddd; }"
    )


def page_style(extra_css: str = "") -> None:
    """The shared styles (and a page's own) once per run."""
    st.html(BASE_CSS + f"<style>{FACE_CSS}{extra_css}</style>")


def standings(
    totals: Mapping[str, int], winners: list[str], faces: Mapping[str, str], t: Translator
) -> None:
    """Totals, best first; the winners (ties share the victory) marked with a star; each
    name with its face (`faces`: the view's "avatars")."""
    rows = sorted(totals.items(), key=lambda item: (-item[1], item[0].casefold()))
    body = "".join(
        f"<tr><td>{'★ ' if name in winners else ''}{named_html(name, faces)}</td>"
        f"<td>{points}</td></tr>"
        for name, points in rows
    )
    head = f"<tr><th>{literal(t('ui.player'))}</th><th>{literal(t('ui.points'))}</th></tr>"
    st.html(f'<table class="cc-table">{head}{body}</table>')


def winners_banner(winners: Sequence[str], faces: Mapping[str, str]) -> str:
    """Who won, starred and large (ties share the victory), each with their face: the line
    above a podium, on the projector and the teacher's page."""
    return f'<div class="cc-huge">★ {", ".join(named_html(n, faces) for n in winners)}</div>'


def count_up_html(points: int, since: int = 0) -> str:
    """`points` as the page shows them, counting up from `since` as they first appear (the
    podium's, a round's new totals); as they are where points did not grow."""
    if points <= since or since < 0:
        return str(points)
    style = f"--cc-from:{since};--cc-to:{points}"
    return f'<span class="cc-count" style="{style}"><span>{points}</span></span>'


def counted_words(said: str, points: int, since: int = 0) -> str:
    """Translated text `said`, escaped, whose number (`COUNT_MARK` where it stands, given to
    the catalogue in its place) counts up from `since` (`count_up_html`)."""
    return literal(said).replace(COUNT_MARK, count_up_html(points, since))


def podium(totals: Mapping[str, int], faces: Mapping[str, str], t: Translator) -> None:
    """The final podium (`podium_html`), with everyone's total under it."""
    st.html(podium_html(totals, faces, t))


def podium_html(
    totals: Mapping[str, int], faces: Mapping[str, str], t: Translator, *, everyone: bool = True
) -> str:
    """The final podium: the three best scores, tied players sharing a step (R12); a step
    with more than three names is wider and lists them in two columns, to stay on screen.
    Each name with its face (`faces`: the view's "avatars"). `everyone`: every player's
    total under it (a game showing its own table leaves it out)."""
    steps = []
    for points in sorted(set(totals.values()), reverse=True):
        # Competition ranking: four tied leaders all stand first; the next player is fifth.
        place = 1 + sum(1 for other in totals.values() if other > points)
        if place > 3:
            break
        names = [
            f"<div>{named_html(n, faces)}</div>" for n, p in sorted(totals.items()) if p == points
        ]
        many = " cc-step-many" if len(names) > 3 else ""
        steps.append(
            f'<div class="cc-step cc-step-{place}{many}">'
            f'<div class="cc-step-names">{"".join(names)}</div>'
            f'<div class="cc-step-block">{place}<div class="cc-step-points">'
            f"{counted_words(t('ui.points_value', points=COUNT_MARK, count=points), points)}"
            "</div></div></div>"
        )
    # Second, first, third from left to right, as on a real podium.
    order = [steps[i] for i in (1, 0, 2) if i < len(steps)]
    shown = f'<div class="cc-podium">{"".join(order)}</div>'
    if not everyone:
        return shown
    chips = "".join(
        f'<span class="cc-score">{named_html(name, faces)} <b>{points}</b></span>'
        for name, points in sorted(totals.items(), key=lambda item: (-item[1], item[0].casefold()))
    )
    return f'{shown}<div class="cc-legend cc-everyone">{chips}</div>'
