"""Canvas Layers' cards as HTML: an art card (its picture layer and its five slots of icons), a
scoring card, a painting (its layers stacked, engine/canvas_layers/pictures.py), the
ribbons it took, and the painters' table (what everyone may see of each painter). The
phone, the projector and the teacher's page draw the same parts.

Pictures are <img> with a data URI, as Canvas Critters' mosaics: st.html drops inline <svg>,
and nothing inside an image can run. Titles come from the card file, names from players:
both are escaped before they meet the markup.
"""

from __future__ import annotations

import base64
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from engine.canvas_layers.cards import (
    ELEMENTS,
    art_by_id,
    bonus_element,
    load_cards,
    picture_path,
    scoring_by_id,
)
from engine.canvas_layers.pictures import HEIGHT, WIDTH, painting_svg
from ui.faces import named_html
from ui.text import Translator, literal, name_html

#: One glyph per element, each in a colour of its own (and a shape of its own, so the icons
#: read without colour too); a bonus icon is its element's glyph in a dashed ring with "+".
GLYPHS = {"hue": "●", "shape": "▲", "texture": "▦", "tone": "◐"}

LAYERS_CSS = """
<style>
.cl { line-height: 1.2; }
.cl-big { font-size: 1.75rem; }
.cl-slots { display: inline-flex; gap: .12em; vertical-align: middle; }
.cl-slot { display: inline-flex; min-width: 1.5em; height: 1.3em; align-items: center;
  justify-content: center; border: 1px solid #999; border-radius: .2em; background: #fafafa;
  font-size: .95em; padding: 0 .1em; }
.cl-slot-covered { opacity: .35; }
.cl-icon-hue { color: #c2185b; } .cl-icon-shape { color: #1565c0; }
.cl-icon-texture { color: #6d4c41; } .cl-icon-tone { color: #424242; }
.cl-bonus { border: 1px dashed currentColor; border-radius: 50%; padding: 0 .1em;
  font-size: .8em; }
.cl-layer { background: repeating-conic-gradient(#c9cdd2 0 25%, #e2e5e8 0 50%) 0 0 / 12px 12px;
  border: 1px solid #bbb; border-radius: .3em; vertical-align: middle; }
.cl-painting { border: 4px solid #6b4f2a; border-radius: .2em; display: block;
  max-width: 100%; height: auto; }
.cl-title { font-weight: 800; font-style: italic; }
.cl-ribbon { display: inline-block; padding: .05em .45em; margin: .1em .15em 0 0;
  border-radius: 1em; background: #1c4fa1; color: #fff; font-weight: 700; }
/* Tokens lying on a row's card, for its taker: gold as the tokens are. */
.cl-on-card { background: #f2c230; border-radius: 1em; padding: 0 .3em; white-space: nowrap; }
.cl-bonus-points { display: inline-block; padding: .05em .45em; border-radius: 1em;
  background: #f2c230; color: #222; font-weight: 700; }
.cl-scoring { border: 3px solid #555; border-radius: .5rem; padding: .15em .5em; }
.cl-scoring b { font-size: 1.05em; }
.cl-points { font-weight: 700; }
.cl-points > span { white-space: nowrap; }
.cl-muted { opacity: .8; }
.cl-painters { border-collapse: collapse; width: 100%; margin-top: .3rem; }
.cl-painters td, .cl-painters th { padding: 0 .35em; text-align: left; }
.cl-painters .cl-now { background: #fff3bf; font-weight: 800; }
.cl-last { display: flex; gap: .6rem; align-items: flex-start; line-height: 1.1; }
.cl-last .cl-painting { flex: none; }
.cl-breakdown { border-collapse: collapse; margin-top: .4rem; }
.cl-breakdown th, .cl-breakdown td { text-align: left; padding: .05em .6em .05em 0; }
.cl-breakdown td:not(:first-child), .cl-breakdown th:not(:first-child) { text-align: right; }
.cl-breakdown tr + tr { border-top: 2px solid #ddd; }
.cl-breakdown .cl-tiebreak { border-left: 3px solid #bbb; padding-left: .6em; opacity: .8; }
.cl-paintings { display: flex; flex-wrap: wrap; gap: .4rem 1.2rem; align-items: flex-start; }
.cl-paintings figure { margin: 0; flex: 0 1 auto; line-height: 1.1; }
.cl-paintings figcaption { max-width: var(--cl-width); }
.cl-spread figure { flex: 1 1 0; min-width: 0; }
.cl-spread figcaption { max-width: none; }
.cl-spread .cl-bonus-points { margin: .1em .15em 0 0; }
.cl-painter-points { font-weight: 700; margin-bottom: .3rem; }
</style>
"""


def data_uri(svg: str) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")


@cache
def layer_uri(card: str) -> str:
    """One art card's picture layer alone (transparent), as a data URI."""
    return data_uri(picture_path(art_by_id()[card].picture).read_text(encoding="utf-8"))


def element_name(element: str, language: str) -> str:
    names = {e.id: e.name.text(language) for e in load_cards().elements}
    return names[element]


def icon_html(icon: str, t: Translator, language: str) -> str:
    """An icon's glyph, with its name for a screen reader: "Hue", or "Bonus: Hue"."""
    element = bonus_element(icon)
    shown = element or icon
    name = element_name(shown, language)
    glyph = GLYPHS[shown]
    if element is None:
        return (
            f'<span class="cl-icon-{shown}" role="img" aria-label="{literal(name)}">{glyph}</span>'
        )
    said = literal(t("ui.layers.bonus_icon", element=name))
    inside = f'<span class="cl-plus">+</span>{glyph}'
    return f'<span class="cl-icon-{shown} cl-bonus" role="img" aria-label="{said}">{inside}</span>'


def slots_html(card: str, t: Translator, language: str, covered: Sequence[bool] = ()) -> str:
    """A card's five slots, left to right, each with its icons (empty slots stay empty);
    `covered` slots (hidden under a higher layer in a painting) are greyed."""
    cells = []
    for index, icons in enumerate(art_by_id()[card].slots):
        faded = " cl-slot-covered" if index < len(covered) and covered[index] else ""
        inside = "".join(icon_html(icon, t, language) for icon in icons)
        cells.append(f'<span class="cl-slot{faded}">{inside}</span>')
    said = literal(t("ui.layers.slots_label"))
    return f'<span class="cl-slots" role="group" aria-label="{said}">{"".join(cells)}</span>'


def layer_img(card: str, px: int, t: Translator) -> str:
    """An art card's picture layer, `px` wide, over a checkerboard (it is transparent)."""
    height = px * HEIGHT // WIDTH
    alt = literal(t("ui.layers.card_alt", card=card))
    return (
        f'<img class="cl-layer" src="{layer_uri(card)}" width="{px}" height="{height}" alt="{alt}">'
    )


def painting_img(background: str, cards: Sequence[str], px: int, alt: str) -> str:
    """A painting (or a painting being composed): the background under the cards, bottom
    first, `px` wide."""
    height = px * HEIGHT // WIDTH
    uri = data_uri(painting_svg(background, cards))
    return (
        f'<img class="cl-painting" src="{uri}" width="{px}" height="{height}" alt="{literal(alt)}">'
    )


def background_name(background: str, language: str) -> str:
    backgrounds = {b.id: b.name.text(language) for b in load_cards().backgrounds}
    return backgrounds[background]


def scoring_name(card: str, language: str) -> str:
    return scoring_by_id()[card].name.text(language)


def ribbons_html(ribbons: Mapping[str, int], bonus: int, t: Translator, language: str) -> str:
    """The ribbons a painting took (or would take), card by card, and its bonus points; a
    painting that takes none says so."""
    chips = [
        f'<span class="cl-ribbon">{literal(t("ui.layers.ribbon", card=name, count=count))}</span>'
        for card, count in ribbons.items()
        for name in (scoring_name(card, language),)
        if count
    ]
    if bonus:
        said = literal(t("ui.layers.bonus", points=bonus, count=bonus))
        chips.append(f'<span class="cl-bonus-points">{said}</span>')
    if not chips:
        return f'<span class="cl-muted">{literal(t("ui.layers.no_ribbons"))}</span>'
    return "".join(chips)


def scoring_option(card: str, t: Translator, language: str) -> str:
    """A scoring card in a list to pick from: its name and what it asks, in a few words
    ("Variety: all four elements")."""
    scoring = scoring_by_id()[card]
    return t(
        "ui.layers.scoring_option",
        name=scoring.name.text(language),
        gist=scoring.gist.text(language),
    )


def points_words(card: str, t: Translator) -> list[str]:
    """A scoring card's points for 1, 2, 3 ... ribbons collected over the game, in words:
    "1 ribbon: 2 points", "2 ribbons: 5 points"..."""
    return [
        t(
            "ui.layers.points_for",
            ribbons=t("ui.layers.own.ribbons", count=count),
            points=t("ui.points_value", points=points, count=points),
        )
        for count, points in enumerate(scoring_by_id()[card].points, start=1)
    ]


def scoring_html(card: str, t: Translator, language: str) -> str:
    """A scoring card: its name, its condition, the most ribbons one painting takes from
    it, and its points for 1, 2, 3 ... ribbons over the game (a line wraps between them)."""
    scoring = scoring_by_id()[card]
    points = " · ".join(f"<span>{literal(said)}</span>" for said in points_words(card, t))
    said = f"<div>{literal(scoring.condition.text(language))}</div>"
    most = literal(t("ui.layers.most_per_painting", count=scoring.most))
    most = f'<div class="cl-muted">{most}</div>'
    return (
        f'<div class="cl-scoring"><b>{literal(scoring.name.text(language))}</b>{said}'
        f'<div class="cl-points">{points}</div>{most}</div>'
    )


def legend_items(t: Translator, language: str) -> list[str]:
    """What each glyph means, for a newcomer: a glyph and its word each."""
    glyphs = [
        f"{icon_html(element, t, language)} {literal(element_name(element, language))}"
        for element in ELEMENTS
    ]
    glyphs.append(f"{icon_html('bonus-hue', t, language)} {literal(t('ui.layers.bonus_legend'))}")
    return glyphs


def legend_html(t: Translator, language: str) -> str:
    """The legend on one line (a phone's)."""
    return " · ".join(legend_items(t, language))


def painters_html(view: Mapping[str, Any], t: Translator) -> str:
    """Each painter, their face beside their name: tokens, cards in hand (a count),
    paintings, ribbons and score; the one whose turn it is marked."""
    head = "".join(
        f"<th>{literal(t(key))}</th>"
        for key in (
            "ui.player",
            "ui.layers.col.tokens",
            "ui.layers.col.hand",
            "ui.layers.col.paintings",
            "ui.layers.col.ribbons",
            "ui.points",
        )
    )
    rows = "".join(
        f'<tr class="{"cl-now" if p["name"] in (view["turn"], view["picker"]) else ""}">'
        f"<td>{named_html(p['name'], view['avatars'])}</td>"
        f"<td>{p['tokens']}</td><td>{p['hand_size']}</td><td>{len(p['paintings'])}</td><td>{sum(p['ribbons'].values())}</td>"
        f"<td>{p['score']}</td></tr>"
        for p in view["painters"]
    )
    return f'<table class="cl-painters"><tr>{head}</tr>{rows}</table>'


def last_painting_html(view: Mapping[str, Any], t: Translator, px: int) -> str:
    """The painting just completed, until the next move: its picture `px` wide, and beside
    it its title, painter and ribbons (the projector, the phones, a class's table card)."""
    last = view["last_painting"]
    if last is None:
        return ""
    alt = t("ui.layers.painting_alt", title=last["title"], name=last["name"])
    said = literal(t("ui.layers.title_quoted", title=last["title"]))
    picture = painting_img(last["background"], last["cards"], px, alt)
    ribbons = ribbons_html(last["ribbons"], last["bonus"], t, view["language"])
    return (
        f'<div class="cl-last cc-arriving">{picture}<div><div class="cl-title">{said}</div>'
        f"<div>{name_html(last['name'])}</div><div>{ribbons}</div></div></div>"
    )
