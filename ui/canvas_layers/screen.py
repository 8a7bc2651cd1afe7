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

from engine.canvas_layers.rules import PAINTINGS_EACH
from ui.canvas_layers.cards_html import (
    LAYERS_CSS,
    layer_img,
    painters_html,
    painting_img,
    ribbons_html,
    scoring_html,
    slots_html,
)
from ui.canvas_layers.play import cost_html, heading_line
from ui.look import podium
from ui.text import Translator, literal, name_html

SCREEN_CSS = """
<style>
.cl-screen { display: grid; grid-template-columns: minmax(0, 1fr) 300px; gap: .2rem 1.2rem; }
.cl-row { display: flex; gap: .4rem; }
.cl-row-card { text-align: center; flex: 1 1 0; min-width: 0; line-height: 1.1; }
/* Five slots of icons under each card of the row, the glyphs (a bonus's too) as large as the
   text around them: the back of the room reads them at 28 px. */
.cl-row-card .cl-slots { gap: .05em; align-items: flex-start; }
/* A slot's two icons stand one over the other, so five slots fit the card's width. */
.cl-row-card .cl-slot { min-width: 1.1em; padding: 0; font-size: 1em; flex-direction: column;
  height: auto; min-height: 1.3em; line-height: 1; }
.cl-row-card .cl-bonus { font-size: 1em; }
.cl-cost { font-weight: 700; }
.cl-scorings { display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); gap: .4rem;
  margin-top: .3rem; }
.cl-scorings .cl-scoring { padding: 0 .3em; line-height: 1.1; }
.cl-scorings .cl-points { white-space: normal; }
.cl-last { text-align: center; }
.cl-last .cl-painting { margin: 0 auto .2em; }
.cl-small .cl-screen { grid-template-columns: minmax(0, 1fr) 200px; }
</style>
"""
# Sizes on the projector (big) and on the teacher's page.
ROW_PX = {True: 80, False: 70}
LAST_PX = {True: 250, False: 160}

# The phase in which a table of a class takes the class projector: none (a game of turns has
# no moment the whole class watches; its card shows whose turn it is).
SHOWCASE: frozenset[str] = frozenset()


def heading(view: Mapping[str, Any], t: Translator) -> tuple[str, str]:
    """A page's heading ("Turn 5 · Ana's turn"); no line under it (the deck's count sits
    beside the row, leaving the projector's height to five painters)."""
    return heading_line(view, t), ""


def showcase_body(view: Mapping[str, Any], t: Translator) -> None:
    """Never called (SHOWCASE is empty); the projector's own body, if it were."""
    show_layers(view, t, big=True)


def card_html(view: Mapping[str, Any], t: Translator) -> str:
    """A class's table in its card on the class projector, under its heading (which says
    whose turn it is): how far the table has got, in paintings completed."""
    if view["phase"] != "turn":
        return ""
    painters = view["painters"]
    done = sum(len(painter["paintings"]) for painter in painters)
    said = t("ui.layers.table_progress", done=done, total=PAINTINGS_EACH * len(painters))
    return f'<div class="cc-muted">{literal(said)}</div>'


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
    if view["phase"] == "finished":
        final_html = winners_line(view, t)
        podium(view["totals"], t)
        st.html(f'{LAYERS_CSS}<div class="cl {"cl-big" if big else ""}">{final_html}</div>')
        return
    size = "cl-big" if big else "cl-small"
    left = market_html(view, t, big) + scorings_html(view, t) + painters_html(view, t)
    right = last_painting_html(view, t, big)
    st.html(
        f'{LAYERS_CSS}{SCREEN_CSS}<div class="cl {size}"><div class="cl-screen">'
        f"<div>{left}</div><div>{right}</div></div></div>"
    )


def winners_line(view: Mapping[str, Any], t: Translator) -> str:
    """Who won, and, when the pick broke a tie on points and tokens, between whom (a tie
    on points that tokens broke shows its winner alone, as the rulings rank it)."""
    winners = ", ".join(name_html(name) for name in view["winners"])
    line = f'<div class="cc-huge">★ {winners}</div>'
    podium_view = view.get("podium") or {}
    if podium_view.get("tied") and len(view["winners"]) == 1:
        tied = ", ".join(name_html(name) for name in podium_view["tied"])
        said = literal(t("ui.layers.tie_broken"))
        line += f"<div>{said} {tied}</div>"
    return line


def market_html(view: Mapping[str, Any], t: Translator, big: bool) -> str:
    language = view["language"]
    cards = "".join(
        f'<div class="cl-row-card">{layer_img(slot["card"], ROW_PX[big], t)}'
        f"<div>{slots_html(slot['card'], t, language)}</div>"
        f'<div class="cl-cost">{cost_html(slot, t)}</div></div>'
        for slot in view["market"]
    )
    label = literal(t("ui.layers.market"))
    left = literal(t("ui.layers.deck_left", count=view["deck_left"]))
    return f'<b>{label}</b> · {left}<div class="cl-row">{cards}</div>'


def scorings_html(view: Mapping[str, Any], t: Translator) -> str:
    language = view["language"]
    cards = "".join(scoring_html(card, t, language, condition=False) for card in view["scoring"])
    return f'<div class="cl-scorings">{cards}</div>'


def last_painting_html(view: Mapping[str, Any], t: Translator, big: bool) -> str:
    """The painting just completed, large: its picture, title, painter and ribbons."""
    last = view["last_painting"]
    if last is None:
        return ""
    alt = t("ui.layers.painting_alt", title=last["title"], name=last["name"])
    said = literal(t("ui.layers.title_quoted", title=last["title"]))
    return (
        f'<div class="cl-last">{painting_img(last["background"], last["cards"], LAST_PX[big], alt)}'
        f'<div class="cl-title">{said}</div><div>{name_html(last["name"])}</div>'
        f"<div>{ribbons_html(last['ribbons'], last['bonus'], t, view['language'])}</div></div>"
    )
