"""The paintings of a game of Canvas Layers and, once it is over, where each painter's points
came from (a row each: ribbons' points, bonus, total, and apart the tokens for a tie) and a
painter's three paintings, each with its title, ribbons and bonus, on the projector page by
page (the teacher steps through them, as Crossed Canvas's gallery) and on each student's
phone (their own; during the game, everyone's so far).

Built from the public view alone: every painting and ribbon is public once completed. Its
styles are in LAYERS_CSS (ui/canvas_layers/cards_html.py), which every page drawing it holds.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.canvas_layers.cards import scoring_by_id
from ui.canvas_layers.cards_html import painting_img, ribbons_html, scoring_name
from ui.text import Translator, literal, name_html


def bonus_points(painter: Mapping[str, Any]) -> int:
    return sum(painting["bonus"] for painting in painter["paintings"])


def ranked(view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The painters in the podium's order (points, then tokens, then the tie's pick)."""
    by_name = {painter["name"]: painter for painter in view["painters"]}
    return [by_name[entry["name"]] for entry in view["podium"]["ranking"]]


def breakdown_html(view: Mapping[str, Any], t: Translator) -> str:
    """A row per painter, best first: the points their ribbons won, their bonus points and
    the total; then, set apart, their tokens, which count only to break a tie on points."""
    head = "".join(
        f"<th>{literal(t(key))}</th>"
        for key in ("ui.player", "ui.layers.end.ribbons", "ui.layers.end.bonus", "ui.points")
    )
    head += f'<th class="cl-tiebreak">{literal(t("ui.layers.end.tokens_tiebreak"))}</th>'
    rows = "".join(
        # A score is its ribbons' points and its bonus points (rules.scores): the first is
        # what the second leaves.
        f"<tr><td>{name_html(p['name'])}</td><td>{p['score'] - bonus_points(p)}</td>"
        f"<td>{bonus_points(p)}</td><td><b>{p['score']}</b></td>"
        f'<td class="cl-tiebreak">{p["tokens"]}</td></tr>'
        for p in ranked(view)
    )
    return f'<table class="cl-breakdown"><tr>{head}</tr>{rows}</table>'


def painter_html(
    view: Mapping[str, Any],
    painter: Mapping[str, Any],
    t: Translator,
    px: int,
    *,
    spread: bool = False,
) -> str:
    """One painter's points ("23 points, of which 6 bonus", then each scoring card's
    ribbons and their points), and their paintings `px` wide, each with its title, its
    ribbons and its bonus; `spread` across the page's width (`paintings_html`)."""
    language = view["language"]
    ribbons = ", ".join(
        t(
            "ui.layers.end.card_points",
            card=scoring_name(card, language),
            count=count,
            points=scoring_by_id()[card].points_for(count),
        )
        for card, count in painter["ribbons"].items()
        if count
    )
    said = t("ui.points_value", points=painter["score"], count=painter["score"])
    if bonus := bonus_points(painter):
        said = t("ui.layers.end.points_line", points=said, bonus=bonus)
    lines = f'<div class="cl-painter-points">{literal(said)}</div>'
    if ribbons:
        lines += f"<div>{literal(ribbons)}</div>"
    return lines + paintings_html(view, painter, t, px, spread=spread)


def paintings_html(
    view: Mapping[str, Any],
    painter: Mapping[str, Any],
    t: Translator,
    px: int,
    *,
    spread: bool = False,
) -> str:
    """A painter's paintings so far, `px` wide, side by side as room allows, each with its
    title, its ribbons and its bonus. `spread` (the projector's page of three): each takes a
    third of the width, its caption wider than its picture, so its ribbons and bonus share
    lines instead of stacking one a line past the bottom of a 1280x720 screen."""
    language = view["language"]
    figures = "".join(
        f"<figure>{painting_img(p['background'], p['cards'], px, _alt(p, painter, t))}"
        f'<figcaption><div class="cl-title">'
        f"{literal(t('ui.layers.title_quoted', title=p['title']))}</div>"
        f"<div>{ribbons_html(p['ribbons'], p['bonus'], t, language)}</div></figcaption></figure>"
        for p in painter["paintings"]
    )
    spread_class = " cl-spread" if spread else ""
    return f'<div class="cl-paintings{spread_class}" style="--cl-width: {px}px">{figures}</div>'


def _alt(painting: Mapping[str, Any], painter: Mapping[str, Any], t: Translator) -> str:
    return t("ui.layers.painting_alt", title=painting["title"], name=painter["name"])


def shown_painter(view: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The painter whose paintings the teacher put on the projector (by seat), if any."""
    shown = view.get("shown_round")
    if not shown or view["phase"] != "finished":
        return None
    painter: Mapping[str, Any] = view["painters"][shown - 1]
    return painter
