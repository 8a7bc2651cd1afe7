"""Canvas Layers on the projector (pages/screen.py) and, smaller, on the teacher's page.

Built from the public view alone: the row with its tokens, the four scoring cards, whose turn
it is, each painter's tokens, hand size, paintings and ribbons (never a hand's cards), the
painting just completed large with its title and ribbons, and the podium at the end. `big`
is the projector: every text at least 28 px, within 1280x720.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import streamlit as st

from engine.canvas_layers.cards import scoring_by_id
from engine.canvas_layers.rules import PAINTINGS_EACH
from ui.canvas_layers.cards_html import (
    LAYERS_CSS,
    last_painting_html,
    layer_img,
    legend_items,
    painters_html,
    scoring_name,
    slots_html,
)
from ui.canvas_layers.ending import breakdown_html, painter_html, shown_painter
from ui.canvas_layers.play import heading_line
from ui.look import podium_html, winners_banner
from ui.text import Translator, literal, name_html, sentence_html

SCREEN_CSS = """
<style>
/* The row, the painters under it (a 24-character name on one line), and beside both the
   painting just completed or, in the first round, what each icon means; under them all, the
   four scoring cards: their points and what each asks, in a few words. */
.cl-screen { display: grid; grid-template-columns: minmax(0, 1fr) auto;
  grid-template-areas: "row side" "painters side" "band band"; gap: .3rem 1rem; }
.cl-big .cl-area-painters .cl-painters td, .cl-big .cl-area-painters .cl-painters th {
  padding: 0 .25em; }
.cl-screen > .cl-area-row { grid-area: row; }
.cl-screen > .cl-area-side { grid-area: side; }
.cl-screen > .cl-area-painters { grid-area: painters; }
.cl-screen > .cl-area-band { grid-area: band; }
/* Each card of the row a white card of its own, its five slots under its picture and no
   wider than it, a gap between cards: from the back, two cards never read as one strip. */
.cl-row { display: flex; gap: .6rem; }
.cl-row-card { flex: none; display: flex; flex-direction: column; align-items: center;
  line-height: 1.1; background: #fff; border: 2px solid #8a8f96; border-radius: .4rem;
  padding: .15rem .15rem .1rem; }
/* A faint picture (pale strokes on white) keeps a dark edge on every stroke. */
.cl-row-card .cl-layer { background: none; border: none;
  filter: drop-shadow(0 0 1px rgba(0, 0, 0, .85)); }
/* A slot's two icons stand one over the other, each glyph at least 32 px. */
.cl-row-card .cl-slots { gap: 2px; align-items: flex-start; font-size: 32px; }
.cl-row-card .cl-slot { min-width: 1em; padding: 0; font-size: 1em; flex-direction: column;
  height: auto; min-height: 1.2em; line-height: 1; }
/* A bonus icon in a slot no wider than the others: its "+" rides on its ring's corner. */
.cl-row-card .cl-bonus { font-size: 1em; position: relative; padding: 0; }
.cl-row-card .cl-plus { position: absolute; top: -.45em; right: -.3em; font-size: 28px;
  line-height: 1; font-weight: 700; }
.cl-cost { font-weight: 700; text-align: center; white-space: nowrap; }
/* The four scoring cards in two columns under the painters, all game long. */
.cl-band { display: grid; grid-template-columns: 1fr 1fr; gap: 0 1.2rem; line-height: 1.15; }
.cl-band .cl-caption { grid-column: 1 / -1; }
.cl-band > div:not(.cl-caption) { border-top: 2px solid #ccc; }
/* Beside the row in the first round: each icon's meaning, a line each. */
.cl-side { max-width: 9.5em; line-height: 1.15; display: flex; flex-direction: column;
  gap: .4rem; }
.cl-side .cl-bonus { font-size: 1em; }
/* The painting just completed beside the row: its picture over its title and ribbons. */
.cl-big .cl-area-side .cl-last { flex-direction: column; gap: .2rem; }
/* The teacher's page: narrower cards. */
.cl-small .cl-row-card .cl-slots { font-size: .8em; }
</style>
"""
# Sizes on the projector (big) and on the teacher's page (a row card is as wide as its
# five slots, wider than its picture on the projector).
ROW_PX = {True: 100, False: 70}
LAST_PX = {True: 150, False: 120}
# A painter's three paintings side by side at the end, their titles under them.
GALLERY_PX = {True: 270, False: 150}
# The painting just completed in a class's table card on the class projector.
CARD_PX = 100
#: Between a scoring card's points: a dot alone, so six numbers and a gist fit half a line.
POINTS_SEPARATOR = "·"

# The phase in which a table of a class takes the class projector: none (a game of turns has
# no moment the whole class watches; its card shows whose turn it is).
SHOWCASE: frozenset[str] = frozenset()


def heading(view: Mapping[str, Any], t: Translator) -> tuple[str, str]:
    """A page's heading ("Turn 5 · Ana's turn", or at the end the painter whose paintings
    the projector shows); no line under it (the deck's count sits beside the row, leaving
    the projector's height to five painters)."""
    painter = shown_painter(view)
    if painter is not None:
        return sentence_html(t, "ui.layers.end.paintings_of", painter["name"]), ""
    return heading_line(view, t), ""


def showcase_body(view: Mapping[str, Any], t: Translator) -> None:
    """Never called (SHOWCASE is empty); the projector's own body, if it were."""
    show_layers(view, t, big=True)


def card_html(view: Mapping[str, Any], t: Translator) -> str:
    """A class's table in its card on the class projector, under its heading (which says
    whose turn it is): how far the table has got, in paintings completed, and the painting
    just completed until the table's next move."""
    if view["phase"] != "turn":
        return ""
    painters = view["painters"]
    done = sum(len(painter["paintings"]) for painter in painters)
    said = t("ui.layers.table_progress", done=done, total=PAINTINGS_EACH * len(painters))
    last = last_painting_html(view, t, CARD_PX)
    return f'{LAYERS_CSS}<div class="cc-muted">{literal(said)}</div>{last}'


def round_body(
    view: Mapping[str, Any],
    t: Translator,
    *,
    big: bool,
    part: Callable[[], None] | None = None,
) -> None:
    """The projector after the lobby (`big`) or its copy on the teacher's page; every move
    redraws the page, so `part` has no place of its own."""
    show_layers(view, t, big=big)


def show_layers(view: Mapping[str, Any], t: Translator, *, big: bool) -> None:
    size = "cl-big" if big else "cl-small"
    if view["phase"] == "finished":
        st.html(f'{LAYERS_CSS}<div class="cl {size}">{ending_html(view, t, big)}</div>')
        return
    left = literal(t("ui.layers.deck_left", count=view["deck_left"]))
    beside = last_painting_html(view, t, LAST_PX[big]) or legend_side_html(view, t)
    st.html(
        f'{LAYERS_CSS}{SCREEN_CSS}<div class="cl {size}"><div class="cl-screen">'
        f'<div class="cl-area-row">{market_html(view, t, big)}</div>'
        f'<div class="cl-area-side cl-side"><div>{left}</div>{beside}</div>'
        f'<div class="cl-area-painters">{painters_html(view, t)}</div>'
        f'<div class="cl-area-band">{band_html(view, t)}</div></div></div>'
    )


def ending_html(view: Mapping[str, Any], t: Translator, big: bool) -> str:
    """The end: the painter the teacher put on the projector, their paintings large; else
    the podium, with where each painter's points came from under it."""
    painter = shown_painter(view)
    if painter is not None:
        return painter_html(view, painter, t, GALLERY_PX[big], spread=big)
    totals = podium_html(view["totals"], view["avatars"], t, everyone=False)
    return winners_line(view, t) + totals + breakdown_html(view, t)


def winners_line(view: Mapping[str, Any], t: Translator) -> str:
    """Who won (two level on points share the podium's step: tokens or the pick decided),
    and, when the pick broke a tie on points and tokens, between whom (a tie on points that
    tokens broke shows its winner alone, as the rulings rank it)."""
    line = winners_banner(view["winners"], view["avatars"])
    podium_view = view.get("podium") or {}
    if podium_view.get("tied") and len(view["winners"]) == 1:
        tied = ", ".join(name_html(name) for name in podium_view["tied"])
        line += f"<div>{literal(t('ui.layers.tie_broken'))} {tied}</div>"
    return line


def market_html(view: Mapping[str, Any], t: Translator, big: bool) -> str:
    language = view["language"]
    cards = "".join(
        f'<div class="cl-row-card">{layer_img(slot["card"], ROW_PX[big], t)}'
        f"<div>{slots_html(slot['card'], t, language)}</div>"
        f'<div class="cl-cost">{row_cost_html(slot, t)}</div></div>'
        for slot in view["market"]
    )
    label = literal(t("ui.layers.market"))
    return f'<div class="cl-row" role="group" aria-label="{label}">{cards}</div>'


def row_cost_html(slot: Mapping[str, Any], t: Translator) -> str:
    """A card's cost and, in a gold chip beside it, the tokens its taker gains ("Costs 2
    +5"): one line under a card of the projector's row."""
    cost = slot["cost"]
    said = t("ui.layers.free") if cost == 0 else t("ui.layers.screen.costs", cost=cost)
    shown = literal(said)
    if count := slot["tokens"]:
        named = literal(t("ui.layers.screen.tokens_on", count=count))
        shown += f' <span class="cl-on-card" role="img" aria-label="{named}">+{count}</span>'
    return shown


def legend_side_html(view: Mapping[str, Any], t: Translator) -> str:
    """In the first round (each painter's first turn), what each icon means, a line each
    beside the row; later nothing: the class knows them by then."""
    if view["round"] > len(view["painters"]):
        return ""
    lines = "".join(f"<div>{item}</div>" for item in legend_items(t, view["language"]))
    return f"<div>{lines}</div>"


def band_html(view: Mapping[str, Any], t: Translator) -> str:
    """The four scoring cards, all game long: each card's name, its points for 1, 2, 3 ...
    ribbons collected, and what it asks in a few words (the sentence is the phone's)."""
    language = view["language"]
    cards = "".join(
        f"<div><b>{literal(scoring_name(card, language))}</b> "
        f'<span class="cl-points">'
        f"{POINTS_SEPARATOR.join(str(points) for points in scoring_by_id()[card].points)}"
        f"</span>: {literal(scoring_by_id()[card].gist.text(language))}</div>"
        for card in view["scoring"]
    )
    caption = literal(t("ui.layers.screen.points_for"))
    return f'<div class="cl-band"><div class="cl-caption">{caption}</div>{cards}</div>'
