"""Crossed Canvas's look: signatures, the readiness legend, an object's picture, a round's
heading and clue, and the reveal's pictures, outcome and tables, with the styles only they use
(`crossed_canvas_style`: each part of the game that draws them on a page gives them).

Names and every other user-typed text go through `literal` before they meet HTML; a player's
name goes through `name_html`, which also isolates it in a <bdi>.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import streamlit as st

from engine import FINISHED, LOBBY
from engine.crossed_canvas.views import ObjectShown
from ui.faces import named_html
from ui.look import count_up_html
from ui.text import Translator, literal, name_html, sentence_html

SHAPE_GLYPHS = {
    "circle": "●",
    "square": "■",
    "triangle": "▲",
    "star": "★",
    "heart": "♥\ufe0e",
    "diamond": "◆",
    "hexagon": "⬢",
    "cross": "✚",
}


#: The rules only this look uses, after the shared ones (ui/look.py's BASE_CSS): where both
#: style one element with the same weight (a reveal's table cells), these win.
CROSSED_CANVAS_CSS = """
<style>
.cc-sig { font-weight: 700; white-space: nowrap; }
.cc-glyph { font-size: 1.3em; }
.cc-reveal p { margin: .4rem 0; }
/* Framed, not filled: signature colours are chosen for a white background. */
.cc-table .cc-accused td { border-top: 3px solid #222; border-bottom: 3px solid #222; }
.cc-label { font-size: 1.1rem; }
.cc-label-big { font-size: 1.75rem; line-height: 1.2; }
.cc-caption { font-weight: 700; overflow-wrap: anywhere; }
/* On the projector an object's name wraps beside its picture: the room it leaves the outcome
   beside them keeps that to five lines or so, and the reveal within 720 px, with the deck's
   longest names and two 24-character players' names in it (tests/browser/test_projector.py). */
.cc-label-big .cc-caption { max-width: 7em; }
.cc-outcome { line-height: 1.1; }
/* A deck of names only: the name stands where the picture would, large and framed. */
.cc-name-card { font-weight: 800; line-height: 1.15; overflow-wrap: break-word;
  border: 3px solid #161514; border-radius: .6rem; padding: .4rem .6rem; text-align: center; }
.cc-name-card.cc-label { font-size: 1.4rem; }
/* On the projector: narrow enough that a 40-character name beside the outcome, and twelve
   players below, still fit 1280x720 (tests/browser/test_own_deck.py). */
.cc-label-big .cc-name-card { font-size: 1.75rem; max-width: 9em; line-height: 1.1;
  padding: .2rem .5rem; }
.cc-picture { height: auto; max-width: 100%; }
.cc-legend-big { font-size: 2rem; line-height: 1.3; }
.cc-legend-big .cc-sig { white-space: normal; }
.cc-legend-grid { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: .1rem 1.2rem; }
/* A single word too long for its column (`cell_name`) breaks anywhere. */
.cc-long-word { overflow-wrap: anywhere; }
.cc-table .cc-sig { white-space: normal; }
/* Twelve rows and a four-line outcome above them end within 720 px (a fresh clone's run
   ended at 737 with 1.15 and the rows a whole gap apart). */
.cc-by-player { font-size: 1.75rem; line-height: 1.02; }
.cc-by-player td, .cc-by-player th { padding: 0 .5rem; white-space: nowrap; }
.cc-by-player .cc-sig { white-space: nowrap; }
.cc-by-player .cc-glyph { font-size: 1em; line-height: 1; }
.cc-distorter .cc-who { font-weight: 800; }
.cc-by-player .cc-slot { display: inline-block; width: 1.4em; }
.cc-sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden;
  clip-path: inset(50%); white-space: nowrap; }
div[class*="st-key-option_"] button, div[class*="st-key-accuse_"] button {
  min-height: 3.2rem; width: 100%; font-size: 1.15rem; }
/* The label stays dark text (4.5:1); the signature's colour is a thick frame (a mark, 3:1). */
div[class*="st-key-accuse_"] button { border: 4px solid var(--cc-colour);
  border-left-width: 1.2rem; }
</style>
"""


def crossed_canvas_style() -> None:
    """Crossed Canvas's styles on this page: its phone, projector and teacher's parts each
    give them before they draw (a style-only st.html takes no room)."""
    st.html(CROSSED_CANVAS_CSS)


def signature_html(signature: Mapping[str, str]) -> str:
    """A signature as shown everywhere: its shape in its colour, then its neutral name.

    Only the glyph is coloured (3:1 or more on the paper, like the strokes); the name keeps
    the page's text colour, since a signature colour is too light for text (4.5:1).
    """
    glyph = SHAPE_GLYPHS.get(signature["shape"], "●")
    return (
        f'<span class="cc-sig"><span class="cc-glyph" style="color:{literal(signature["colour"])}"'
        f' aria-hidden="true">{glyph}</span> {literal(signature["name"])}</span>'
    )


def signature_glyph_html(signature: Mapping[str, str]) -> str:
    """A signature as its glyph alone, in its colour; its name is there for screen readers."""
    glyph = SHAPE_GLYPHS.get(signature["shape"], "●")
    return (
        f'<span class="cc-sig"><span class="cc-glyph" style="color:{literal(signature["colour"])}"'
        f' aria-hidden="true">{glyph}</span><span class="cc-sr-only">'
        f"{literal(signature['name'])}</span></span>"
    )


def picture(obj: ObjectShown, width: int, caption_class: str = "cc-big") -> None:
    """An object's picture with its name under it (also its alt text: only a viewer allowed to
    see the object is shown its picture); in a deck of names only, the name alone, large."""
    if object_image(obj, width, name_class=caption_class):
        st.html(f'<div class="{caption_class} cc-caption">{literal(obj["name"])}</div>')


def object_image(
    obj: ObjectShown, width: int, *, name_card: bool = True, name_class: str = ""
) -> bool:
    """Show the object's picture `width` px wide; whether it had one. A deck's own file goes
    through st.image; an uploaded picture is an <img> with a data URI, so an SVG in it could run
    no script; a deck of names only shows the name large instead (`name_card`, its size from
    `name_class`), in the place a picture would take."""
    image, name = obj["image"], literal(obj["name"])
    if image is None:
        if name_card:
            card = f"cc-name-card {name_class}"
            st.html(f'<div class="{card}" style="min-width:{width}px">{name}</div>')
        return False
    if image.startswith("data:image/"):
        st.html(f'<img class="cc-picture" alt="{name}" src="{image}" style="width:{width}px">')
    else:
        st.image(image, width=width, alt=obj["name"])
    return True


def round_heading(view: Mapping[str, Any], t: Translator) -> str:
    """ "Round 2 of 6 · Ink pulse 1" as HTML."""
    if view["phase"] == LOBBY:
        return literal(t("ui.phase.lobby"))
    if view["phase"] == FINISHED:
        if shown := view.get("shown_round"):
            return literal(t("ui.gallery.heading", round=shown, rounds=view["rounds"]))
        return literal(t("ui.phase.finished"))
    return literal(
        t("ui.round_of", round=view["round"], rounds=view["rounds"])
        + " · "
        + t(f"ui.phase.{view['phase']}")
    )


def category_line(view: Mapping[str, Any], t: Translator) -> str:
    """The round's public clue: category and closeness level."""
    if not view.get("category") or view["phase"] == FINISHED:
        return ""
    return literal(
        t("ui.category", category=view["category"]) + " · " + t(f"ui.closeness.{view['closeness']}")
    )


def legend(view: Mapping[str, Any], t: Translator, big: bool = False) -> None:
    """`legend_html` drawn."""
    html = legend_html(view, t, big)
    if html:
        st.html(html)


def legend_html(view: Mapping[str, Any], t: Translator, big: bool = False) -> str:
    """The round's signatures (a stroke's colour read as its signature) with role-neutral
    readiness: how many have answered and, in a pulse, which signatures have submitted."""
    signatures = view.get("signatures") or {}
    ready = view.get("ready")
    if not signatures and not ready:
        return ""
    done = set(view.get("ready_signatures") or [])
    # Who has answered: those who opened their card as roles are dealt, the artists in a
    # pulse, the voters in the accusation (the Curator has no signature, so only the count
    # says when they have).
    in_pulse = view["phase"] in ("roles", "pulse1", "pulse2", "accusation")
    # A no-break space: a mark never wraps away from its signature.
    marks = {
        sig_id: ("\u00a0✔" if sig_id in done else "\u00a0…") if in_pulse else ""
        for sig_id in signatures
    }
    chips = "".join(
        f"<span>{signature_html(sig)}{marks[sig_id]}</span>" for sig_id, sig in signatures.items()
    )
    count = (
        f"<b>{literal(t('ui.ready_count', done=ready['done'], total=ready['total']))}</b>"
        if ready
        else ""
    )
    size, layout = ("cc-legend-big", "cc-legend-grid") if big else ("", "cc-legend")
    return f'<div class="{size}">{count}<div class="{layout}">{chips}</div></div>'


def reveal_pictures(
    reveal: Mapping[str, Any], t: Translator, width: int, big: bool = False
) -> None:
    """The true object and the decoy side by side (a horizontal container: also on phones).

    On the projector each label and name stand beside their picture, not above and below
    it: the height they save is what lets the whole reveal fit a 720 px screen.
    """
    with st.container(horizontal=True, gap="large", width="content" if big else "stretch"):
        for label, obj in (("ui.true_target", "true_target"), ("ui.false_target", "false_target")):
            if big:
                with st.container(horizontal=True, width="content", vertical_alignment="center"):
                    # Names only: the name, framed and large, is the picture.
                    shown = object_image(reveal[obj], width, name_card=False)
                    card = "" if shown else " cc-name-card"
                    st.html(
                        f'<div class="cc-label-big"><b>{literal(t(label))}</b>'
                        f'<div class="cc-caption{card}">{literal(reveal[obj]["name"])}</div></div>',
                        width="content",
                    )
            else:
                with st.container(width=width + 20):
                    st.html(f"<b>{literal(t(label))}</b>")
                    picture(reveal[obj], width, "cc-label")


def reveal_outcome_html(reveal: Mapping[str, Any], t: Translator) -> str:
    """Who the Curator was and what they chose, who the Distorter was and whether caught."""
    chosen = next((o["name"] for o in reveal["options"] if o["id"] == reveal["choice"]), None)
    outcome = t("ui.target_found") if reveal["target_found"] else t("ui.target_missed")
    choice_text = t("ui.curator_chose", name=chosen) if chosen else t("ui.curator_no_choice")
    if reveal["distorter_caught"]:
        caught = t("ui.distorter_caught")
    elif reveal["accused"] is None:
        caught = t("ui.distorter_escaped_nobody")  # a tie, or no votes: say so
    else:
        caught = t("ui.distorter_escaped")
    return (
        f"{sentence_html(t, 'ui.curator_was', reveal['curator'])} {literal(choice_text)} "
        f"<b>{literal(outcome)}</b><br>{sentence_html(t, 'ui.distorter_was', reveal['distorter'])} "
        f"<b>{literal(caught)}</b>"
    )


#: The longest word a phone's reveal table keeps whole: three columns share 328 px.
LONG_WORD = 14


def cell_name(name: str) -> str:
    """A name in a table cell: it wraps between its words; one with a word longer than
    LONG_WORD characters ("Supercalifragilistic") may also break inside that word, or it
    would push the table past a phone's edge."""
    if max((len(word) for word in name.split()), default=0) > LONG_WORD:
        return f'<span class="cc-long-word">{name_html(name)}</span>'
    return name_html(name)


def reveal_summary(view: Mapping[str, Any], t: Translator) -> None:
    """The round's outcome (R11): choice, roles, who drew and accused what, points."""
    reveal = view["reveal"]
    signatures = reveal["signatures"]
    voters_by_sig: dict[str, list[str]] = {}
    for voter, sig_id in reveal["votes"].items():
        voters_by_sig.setdefault(sig_id, []).append(voter)
    rows = []
    for sig_id, author in reveal["authors"].items():
        mark = f" ⟵&nbsp;{literal(t('ui.accused'))}" if sig_id == reveal["accused"] else ""
        voters = ", ".join(cell_name(v) for v in voters_by_sig.get(sig_id, []))
        rows.append(
            f'<tr class="{"cc-accused" if mark else ""}">'
            f'<td><span class="cc-nowrap">{signature_html(signatures[sig_id])}<b>{mark}</b>'
            "</span></td>"
            f"<td>{cell_name(author)}</td><td>{voters}</td></tr>"
        )
    head = (
        f"<tr><th>{literal(t('ui.signature'))}</th><th>{literal(t('ui.drawn_by'))}</th>"
        f"<th>{literal(t('ui.accused_by'))}</th></tr>"
    )
    scores = "".join(
        f'<span class="cc-score">{name_html(name)} <b>{new_total_html(view, name, points)}</b>'
        f"{f' (+{points})' if points else ''}</span>"
        for name, points in sorted(
            reveal["awards"].items(), key=lambda item: -view["totals"].get(item[0], 0)
        )
    )
    st.html(
        f'<div class="cc-reveal"><p>{reveal_outcome_html(reveal, t)}</p>'
        f'<table class="cc-table">{head}{"".join(rows)}</table>'
        f'<p><b>{literal(t("ui.totals"))}</b></p><div class="cc-legend">{scores}</div></div>'
    )


def new_total_html(view: Mapping[str, Any], name: str, award: int) -> str:
    """A player's total at the reveal, counting up from the one before this round's award."""
    total = view["totals"].get(name, 0)
    return count_up_html(total, total - award)


def reveal_by_player(view: Mapping[str, Any], t: Translator, *, glyphs_only: bool = False) -> None:
    """The projector's reveal table (R11): a row per player, best total first, with the
    signature they drew (or "Curator"), their points this round and in all, and the signature
    they accused. Each name appears once, which is what lets twelve 24-character names fit
    a 1280x720 projector at 28 px; the accused signature's row and the Distorter's stand out.

    `glyphs_only`: each signature as its glyph alone (its name kept for screen readers), the
    player's own before their name (none before the Curator's, whom the outcome names), in
    three columns: the width the names leave a drawing
    beside twelve 24-character names (a signature is told apart by its glyph's shape and
    colour in every colour vision, engine/crossed_canvas/rules.py)."""
    reveal = view["reveal"]
    signatures = reveal["signatures"]
    sig = signature_glyph_html if glyphs_only else signature_html
    drew = {author: sig_id for sig_id, author in reveal["authors"].items()}
    curator = f'<span class="cc-muted">{literal(t("ui.screen.curator"))}</span>'
    rows = []
    for name in sorted(view["players"], key=lambda n: (-view["totals"].get(n, 0), n.casefold())):
        own, vote = drew.get(name), reveal["votes"].get(name)
        award = reveal["awards"].get(name, 0)
        marks = []
        if own and own == reveal["accused"]:
            marks.append("cc-accused")
        if name == reveal["distorter"]:
            marks.append("cc-distorter")
        drawn = sig(signatures[own]) if own else ""
        who = named_html(name, view["avatars"])  # the reveal names every author: faces too
        if glyphs_only:  # the glyph in a slot of its own width: the names line up
            first = f'<td class="cc-who"><span class="cc-slot">{drawn}</span>{who}</td>'
        else:
            first = f'<td>{drawn or curator}</td><td class="cc-who">{who}</td>'
        rows.append(
            f'<tr class="{" ".join(marks)}">{first}'
            f'<td class="cc-score">{new_total_html(view, name, award)}'
            f"{f' (+{award})' if award else ''}"
            f"</td><td>{f'→&nbsp;{sig(signatures[vote])}' if vote else '—'}</td></tr>"
        )
    columns = ("ui.signature", "ui.player", "ui.points", "ui.screen.accused")
    head = "".join(f"<th>{literal(t(key))}</th>" for key in columns[glyphs_only:])
    st.html(f'<table class="cc-table cc-by-player"><tr>{head}</tr>{"".join(rows)}</table>')


def authors_html(entry: Mapping[str, Any]) -> str:
    """Who drew which signature in a round (the gallery), one signature a line."""
    rows = "".join(
        f"<div>{signature_html(entry['signatures'][sig_id])} {name_html(author)}</div>"
        for sig_id, author in entry["authors"].items()
    )
    return f'<div class="cc-authors">{rows}</div>'
