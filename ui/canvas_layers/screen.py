"""Canvas Layers on the projector (pages/screen.py) and, smaller, on the teacher's page.

Built from the public view alone: the row with its tokens, the four scoring cards, whose turn
it is, each painter's tokens, hand size, paintings and ribbons (never a hand's cards), the
painting just completed large with its title and ribbons, and the podium at the end. `big`
is the projector: every text at least 28 px, within 1280x720.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any

import streamlit as st

from engine.canvas_layers.cards import scoring_by_id
from engine.canvas_layers.rules import PAINTINGS_EACH
from ui.canvas_layers.cards_html import (
    LAYERS_CSS,
    last_painting_html,
    layer_img,
    legend_html,
    painters_html,
    scoring_name,
    slots_html,
)
from ui.canvas_layers.ending import breakdown_html, painter_html, shown_painter
from ui.canvas_layers.play import heading_line
from ui.cycle import cycle_html
from ui.look import podium_html
from ui.text import Translator, literal, name_html, sentence_html

SCREEN_CSS = """
<style>
/* The row beside the scoring cards (or the painting just completed), the painters across
   the whole width under them (a 24-character name on one line), then a band that says in
   turn what each icon and each scoring card means. */
.cl-screen { display: grid; grid-template-columns: minmax(0, 1fr) 26rem;
  grid-template-areas: "row side" "painters painters" "band band"; gap: .3rem 1rem; }
.cl-screen > .cl-area-row { grid-area: row; }
.cl-screen > .cl-area-side { grid-area: side; }
.cl-screen > .cl-area-painters { grid-area: painters; }
.cl-screen > .cl-area-band { grid-area: band; }
.cl-row { display: flex; gap: .4rem; }
.cl-row-card { text-align: center; flex: 1 1 0; min-width: 0; line-height: 1.1; }
/* Five slots of icons under each card of the row, the glyphs (a bonus's too) as large as the
   text around them: the back of the room reads them at 28 px. */
.cl-row-card .cl-slots { gap: .05em; align-items: flex-start; }
/* A slot's two icons stand one over the other, so five slots fit the card's width. */
.cl-row-card .cl-slot { min-width: 1em; padding: 0; font-size: 1em; flex-direction: column;
  height: auto; min-height: 1.3em; line-height: 1; }
.cl-row-card .cl-bonus { font-size: 1em; }
.cl-cost { font-weight: 700; }
/* The four scoring cards, a line each: a name and its points for 1, 2, 3 ... ribbons. */
.cl-scorings { border-collapse: collapse; width: 100%; line-height: 1.15; }
.cl-scorings caption { text-align: left; caption-side: top; }
.cl-scorings th, .cl-scorings td { text-align: left; padding: .1em .3em .1em 0;
  border-top: 2px solid #ccc; vertical-align: top; }
.cl-scorings td { font-weight: 700; }
/* The band: one line at a time (ui/cycle.py), a bonus icon as large as the text. */
.cl-band { line-height: 1.15; }
.cl-band .cl-bonus { font-size: 1em; }
/* The teacher's page: a narrower side, and slots small enough for five under a card. */
.cl-small .cl-screen { grid-template-columns: minmax(0, 1fr) 14rem; }
.cl-small .cl-row-card .cl-slots { font-size: .8em; }
</style>
"""
# Sizes on the projector (big) and on the teacher's page.
ROW_PX = {True: 100, False: 70}
LAST_PX = {True: 190, False: 120}
# A painter's three paintings side by side at the end, their titles under them.
GALLERY_PX = {True: 270, False: 150}
# The painting just completed in a class's table card on the class projector.
CARD_PX = 100
#: Seconds each line of the band stays.
BAND_SECONDS = 8

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
    side = last_painting_html(view, t, LAST_PX[big]) or scorings_html(view, t)
    st.html(
        f'{LAYERS_CSS}{SCREEN_CSS}<div class="cl {size}"><div class="cl-screen">'
        f'<div class="cl-area-row">{market_html(view, t, big)}</div>'
        f'<div class="cl-area-side">{side}</div>'
        f'<div class="cl-area-painters">{painters_html(view, t)}</div>'
        f'<div class="cl-area-band">{band_html(view, t, time.time())}</div></div></div>'
    )


def ending_html(view: Mapping[str, Any], t: Translator, big: bool) -> str:
    """The end: the painter the teacher put on the projector, their paintings large; else
    the podium, with where each painter's points came from under it."""
    painter = shown_painter(view)
    if painter is not None:
        return painter_html(view, painter, t, GALLERY_PX[big])
    totals = podium_html(view["totals"], t, everyone=False)
    return winners_line(view, t) + totals + breakdown_html(view, t)


def winners_line(view: Mapping[str, Any], t: Translator) -> str:
    """Who won (two level on points share the podium's step: tokens or the pick decided),
    and, when the pick broke a tie on points and tokens, between whom (a tie on points that
    tokens broke shows its winner alone, as the rulings rank it)."""
    winners = ", ".join(name_html(name) for name in view["winners"])
    line = f'<div class="cc-huge">★ {winners}</div>'
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
    left = literal(t("ui.layers.deck_left", count=view["deck_left"]))
    return f'<b>{label}</b> · {left}<div class="cl-row">{cards}</div>'


def row_cost_html(slot: Mapping[str, Any], t: Translator) -> str:
    """A card's cost and the tokens its taker gains, short enough for a line each under a
    card of the projector's row ("Costs 2", "+3 on it")."""
    cost = slot["cost"]
    said = t("ui.layers.free") if cost == 0 else t("ui.layers.screen.costs", cost=cost)
    shown = f"<div>{literal(said)}</div>"
    if slot["tokens"]:
        shown += f"<div>{literal(t('ui.layers.screen.tokens_on', count=slot['tokens']))}</div>"
    return shown


def scorings_html(view: Mapping[str, Any], t: Translator) -> str:
    """The four scoring cards, a line each: the card and its points for 1, 2, 3 ...
    ribbons collected (what each asks, the band under the painters says in turn)."""
    language = view["language"]
    rows = "".join(
        f"<tr><th>{literal(scoring_name(card, language))}</th>"
        f"<td>{' · '.join(str(points) for points in scoring_by_id()[card].points)}</td></tr>"
        for card in view["scoring"]
    )
    caption = literal(t("ui.layers.screen.points_for"))
    return f'<table class="cl-scorings"><caption>{caption}</caption>{rows}</table>'


def band_html(view: Mapping[str, Any], t: Translator, now: float) -> str:
    """The legend of the icons, then each scoring card's name and condition, one at a time
    (a card's condition is too long to stand in its box at 28 px). `now` places the cycle:
    the same moment on every rerun and every projector."""
    language = view["language"]
    lines = [legend_html(t, language)] + [
        f"<b>{literal(scoring_name(card, language))}</b>: "
        f"{literal(scoring_by_id()[card].condition.text(language))}"
        for card in view["scoring"]
    ]
    return cycle_html(lines, BAND_SECONDS, now, "cl-band")
