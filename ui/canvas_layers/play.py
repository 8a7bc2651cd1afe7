"""A student's phone in Canvas Layers: whose turn it is (the countdown floats above, from
pages/play.py), the student's tokens and hand, the row with each card's cost (a card they
cannot take says why), the painting composer (three cards ordered bottom to top by arrows,
a background, the layered picture and the ribbons it would take, then confirm) and, after a
tie, the pick on the phone of the player who picks. With three or four cards in hand the turn
is a choice, take a card or paint: the composer folded above the row, both in sight on a
360x740 phone; with five it is the only move, open above the row. While the others play, the
student may arrange their next painting from their hand (kept for them alone by the engine):
their turn then opens on it, painted in one tap.

Everything shown comes from the player's own view; every move is one engine command for the
turn on screen (ui/moves.py), made only as the view's `actions` list it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import streamlit as st

from engine import RuleError
from engine.canvas_layers.rules import HAND_LIMIT, LAYERS, title
from engine.view_types import GameView
from ui.canvas_layers.cards_html import (
    LAYERS_CSS,
    background_name,
    last_painting_html,
    layer_img,
    legend_html,
    painting_img,
    ribbons_html,
    scoring_html,
    slots_html,
)
from ui.canvas_layers.ending import painter_html, paintings_html
from ui.faces import named_html
from ui.look import bottom_bar_css
from ui.moves import act_once, show_kept_refusal
from ui.runtime import get_engine
from ui.text import Translator, literal, name_html, sentence_html

#: The pictures' widths on a 360 px phone: a row card beside its text, a hand card, and the
#: painting being composed (it fills the column).
ROW_PX, HAND_PX, PAINTING_PX = 48, 48, 240
#: The student's paintings at the end, two a line; the painting just completed; everyone's
#: paintings so far, three a line.
ENDING_PX, LAST_PX, GALLERY_PX = 140, 110, 90
PHONE_CSS = """
<style>
/* Wrapped before the floating countdown (top right), under which it stays when scrolled. */
.cl-turn { font-size: 1.2rem; font-weight: 800; padding-right: 6.5rem; }
/* Whose turn stays in sight at the top while the student scrolls the row and the hand. */
[data-testid="stElementContainer"]:has(.cl-turn) { position: sticky; top: 0; z-index: 20;
  background: #fff; }
.cl-you { color: #1b5e20; }
.cl-painter { padding: .15rem .3rem; overflow-wrap: anywhere; }
.cl-painter.cl-now { background: #fff3bf; }
.cl-played-for { display: flex; gap: .6rem; align-items: center; background: #fff4e5;
  border-left: .3rem solid #b26a00; border-radius: .3rem; padding: .4rem .6rem; }
.cl-why { color: #8a1c1c; font-size: .95em; }
/* The stack's rows line up whatever the layer's name ("Bottom", "En medio"). */
.cl-stack-name { display: inline-block; min-width: 5.2em; }
"""
# While composing, Confirm stays in sight at the bottom of a phone as the student scrolls
# between the stack and the picture; a button reached by the keyboard scrolls clear of it.
PHONE_CSS += (
    bottom_bar_css("cl_confirm_bar")
    + """
[data-testid="stMain"] { scroll-padding-bottom: 4.5rem; }
</style>"""
)


def heading_html(view: Mapping[str, Any], t: Translator) -> str:
    """The header under the student's name (pages/play.py): the turn's number (whose turn
    it is stays in sight under it, `phase_body`)."""
    phase = view["phase"]
    if phase in ("lobby", "finished"):
        return f'<div class="cc-phase">{literal(t(f"ui.layers.phase.{phase}"))}</div>'
    return f'<div class="cc-phase">{literal(t("ui.layers.turn_number", turn=view["round"]))}</div>'


def heading_line(view: Mapping[str, Any], t: Translator) -> str:
    """ "Turn 5 · Your turn", "Turn 5 · Ana's turn" (the name as text, never markup)."""
    phase = view["phase"]
    if phase in ("lobby", "finished"):
        return literal(t(f"ui.layers.phase.{phase}"))
    turn = literal(t("ui.layers.turn_number", turn=view["round"]))
    return f"{turn} · {whose_turn_html(view, t)}"


def whose_turn_html(view: Mapping[str, Any], t: Translator) -> str:
    """Who acts now, as the viewer reads it: you, another painter, or the tie's picker."""
    me = view.get("name")
    if view["turn"] is not None:
        if view["turn"] == me:
            return f'<span class="cl-you">{literal(t("ui.layers.your_turn"))}</span>'
        return sentence_html(t, "ui.layers.their_turn", view["turn"])
    if view["picker"] is not None:
        if view["picker"] == me:
            return f'<span class="cl-you">{literal(t("ui.layers.you_pick"))}</span>'
        return sentence_html(t, "ui.layers.they_pick", view["picker"])
    return ""


def following(view: Mapping[str, Any]) -> tuple[bool, str]:
    """Every move ends its turn, so a new stage redraws the page; nothing to list between."""
    return False, "stage"


def last_seconds(view: Mapping[str, Any]) -> str | None:
    """The last seconds of the student's own turn: after them the turn is played for them
    (the free card, or their three oldest cards painted). Nobody else has a move to make."""
    mine = view.get("name")
    return "ui.layers.last_seconds" if mine is not None and view["turn"] == mine else None


def calls(view: Mapping[str, Any]) -> bool:
    """Whether this moment calls the student's phone (its own cue, ui/sound.py): their turn
    ("Your turn"), or the tie's winner to pick ("You pick the winner"), which every page
    names."""
    mine = view.get("name")
    return mine is not None and mine in (view["turn"], view["picker"])


def ending_html(view: Mapping[str, Any], t: Translator) -> str:
    """Under the standings: the student's own three paintings, their titles and ribbons,
    and where their points came from."""
    mine = next(p for p in view["painters"] if p["name"] == view["name"])
    heading = f"<h3>{literal(t('ui.layers.end.yours'))}</h3>"
    return LAYERS_CSS + heading + painter_html(view, mine, t, ENDING_PX)


def totals_shown(view: GameView) -> bool:
    """The scores sit in the painters' table on this page already."""
    return False


def phase_body(view: Mapping[str, Any], t: Translator, token: str) -> None:
    """The turn: the student's own state, the pick or the composer when it is theirs to
    make, the row, the hand and the table's scoring cards and painters."""
    show_kept_refusal(view["language"])
    st.html(LAYERS_CSS + PHONE_CSS)
    actions = view["actions"]
    st.html(f'<div class="cl-turn">{whose_turn_html(view, t)}</div>')
    if view["played_for_you"]:
        st.html(played_for_html(view, t))
    st.html(own_line(view, t))
    # The painting just completed, until the next move: three turns in four are someone
    # else's. On the student's own turn it waits under their move.
    mine = view["turn"] == view["name"]
    if view["last_painting"] and not mine:
        st.html(LAYERS_CSS + last_painting_html(view, t, LAST_PX))
    if "pick" in actions:
        pick(view, t, token, actions["pick"])
    if "complete" in actions and "take" in actions:
        choice(view, t, token)
    else:
        if "complete" in actions:
            paint_draft(view, t, token)
            composer(view, t, token)
        st.subheader(t("ui.layers.market"))
        market(view, t, token)
    if view["last_painting"] and mine:
        st.html(LAYERS_CSS + last_painting_html(view, t, LAST_PX))
    hand(view, t)
    if drafting(view):
        with st.expander(t("ui.layers.draft"), icon=":material/palette:"):
            st.caption(t("ui.layers.draft_hint"))
            composer(view, t, token, folded=True, draft=True)
    with st.expander(t("ui.layers.scoring_cards")):
        language = view["language"]
        st.html(
            LAYERS_CSS
            + "".join(scoring_html(card, t, language) for card in view["scoring"])
            + f"<div>{legend_html(t, language)}</div>"
        )
    with st.expander(t("ui.layers.painters")):
        st.html(painters_lines_html(view, t))
    if any(painter["paintings"] for painter in view["painters"]):
        with st.expander(t("ui.layers.all_paintings")):
            st.html(LAYERS_CSS + all_paintings_html(view, t))


def all_paintings_html(view: Mapping[str, Any], t: Translator) -> str:
    """Every painting completed so far, painter by painter (public: the table saw each)."""
    return "".join(
        f"<div><b>{name_html(painter['name'])}</b></div>"
        + paintings_html(view, painter, t, GALLERY_PX)
        for painter in view["painters"]
        if painter["paintings"]
    )


def painters_lines_html(view: Mapping[str, Any], t: Translator) -> str:
    """Each painter on lines of their own, as the projector's table has them (tokens, cards
    in hand, paintings, ribbons, points): six columns do not fit a 360 px phone, and a line
    wraps at any width. Each face beside its name; the one whose turn it is marked."""
    lines = []
    for painter in view["painters"]:
        counts = " · ".join(
            [
                t("ui.layers.own.tokens", count=painter["tokens"]),
                t("ui.layers.own.cards", count=painter["hand_size"]),
                t("ui.layers.own.paintings", count=len(painter["paintings"])),
                t("ui.layers.own.ribbons", count=sum(painter["ribbons"].values())),
                t("ui.points_value", points=painter["score"], count=painter["score"]),
            ]
        )
        now = " cl-now" if painter["name"] in (view["turn"], view["picker"]) else ""
        lines.append(
            f'<div class="cl-painter{now}"><b>{named_html(painter["name"], view["avatars"])}</b> '
            f"<span>{literal(counts)}</span></div>"
        )
    return "".join(lines)


def played_for_html(view: Mapping[str, Any], t: Translator) -> str:
    """What the engine did when the student's turn ended before their move (its time ran
    out, or the teacher ended it): the free card taken, with any tokens on it, or the
    painting made of their three oldest cards. Said until their own next move."""
    done = view["played_for_you"]
    if "card" in done:
        said = t("ui.layers.played_for.card")
        if done["tokens"]:
            tokens = t("ui.layers.own.tokens", count=done["tokens"])
            said = t("ui.layers.played_for.card_tokens", tokens=tokens)
        picture = layer_img(done["card"], ROW_PX, t)
    else:
        mine = next(p for p in view["painters"] if p["name"] == view["name"])
        painting = mine["paintings"][done["painting"] - 1]  # numbered from 1
        quoted = t("ui.layers.title_quoted", title=painting["title"])
        number = done["painting"]
        said = t("ui.layers.played_for.painting", number=number, title=quoted)
        picture = painting_img(painting["background"], painting["cards"], ROW_PX, quoted)
    return f'<div class="cl-played-for">{picture}<span>{literal(said)}</span></div>'


def own_line(view: Mapping[str, Any], t: Translator) -> str:
    """ "You: 1 token · 2 backgrounds left · 1 of 3 paintings · 4 points", each count in its
    singular when it is 1."""
    mine = next(p for p in view["painters"] if p["name"] == view["name"])
    tokens, backgrounds, paintings = (
        view["tokens"],
        len(view["backgrounds"]),
        len(mine["paintings"]),
    )
    said = t(
        "ui.layers.own_line",
        tokens=t("ui.layers.own.tokens", count=tokens),
        backgrounds=t("ui.layers.own.backgrounds", count=backgrounds),
        paintings=t("ui.layers.own.paintings", count=paintings),
        points=t("ui.points_value", points=mine["score"], count=mine["score"]),
    )
    return f"<div>{literal(said)}</div>"


def pick(view: Mapping[str, Any], t: Translator, token: str, tied: list[str]) -> None:
    """The tie-break: the best-placed player outside the tie names its winner."""
    st.subheader(t("ui.layers.pick_title"))
    st.caption(t("ui.layers.pick_hint"))
    engine = get_engine()
    for number, name in enumerate(tied):
        if st.button(
            name, key=f"pick_{view['round']}_{number}", type="primary", width="stretch"
        ) and act_once("pick", view, engine.pick_winner, token, name):
            st.rerun()


def choice(view: Mapping[str, Any], t: Translator, token: str) -> None:
    """Three or four cards in hand: the turn is a choice, take a card or paint. Both stay in
    sight on a 360x740 phone: the choice as the heading, the composer folded under it (one
    tap opens it), then the row with its Take buttons."""
    st.subheader(t("ui.layers.choice"))
    paint_draft(view, t, token)
    with st.expander(
        t("ui.layers.compose"), icon=":material/palette:", key=f"cl_compose_{view['round']}"
    ):
        composer(view, t, token, folded=True)
    market(view, t, token)


def drafting(view: Mapping[str, Any]) -> bool:
    """Whether the student may arrange their next painting now: while someone else plays,
    holding three cards or more and a background still to paint on."""
    return (
        view["phase"] == "turn"
        and "complete" not in view["actions"]
        and len(view["hand"]) >= LAYERS
        and bool(view["backgrounds"])
    )


def paint_draft(view: Mapping[str, Any], t: Translator, token: str) -> None:
    """On the student's turn, the painting they arranged while the others played, painted in
    one tap ("Paint “Title”"), when it is one of their moves now."""
    draft = view["painting_draft"]
    if draft is None:
        return
    offered = [
        a
        for a in view["actions"]["complete"]
        if a["cards"] == draft["cards"] and a["background"] == draft["background"]
    ]
    if not offered:
        return
    quoted = t("ui.layers.title_quoted", title=title(draft["cards"], view["language"]))
    if st.button(
        t("ui.layers.paint_draft", title=quoted),
        key=f"paint_draft_{view['round']}",
        type="primary",
        icon=":material/palette:",
        width="stretch",
    ) and act_once(
        "complete", view, get_engine().complete_painting, token, draft["cards"], draft["background"]
    ):
        st.session_state.pop(_order_key(view), None)
        st.rerun()


def market(view: Mapping[str, Any], t: Translator, token: str) -> None:
    """The row, left to right: each card with its icons, its cost and the tokens lying on
    it; a Take button for each card the student may take now, else the reason why not."""
    takes = {(a["position"], a["card"]) for a in view["actions"].get("take", [])}
    must_complete = "complete" in view["actions"] and not takes
    engine = get_engine()
    language = view["language"]
    # The cards half the page's gap apart: five Take buttons in sight on a 360x740 phone.
    with st.container(gap="xsmall"):
        for slot in view["market"]:
            position, card = slot["position"], slot["card"]
            with st.container(horizontal=True, vertical_alignment="center", gap="small"):
                st.html(LAYERS_CSS + layer_img(card, ROW_PX, t), width="content")
                with st.container(gap=None):
                    st.html(slots_html(card, t, language))
                    st.html(cost_html(slot, t))
                    if (position, card) not in takes and view["turn"] == view["name"]:
                        why = refusal(slot, view, must_complete, t)
                        st.html(f'<div class="cl-why">{literal(why)}</div>')
                if (
                    (position, card) in takes
                    and st.button(
                        t("ui.layers.take"), key=f"take_{view['round']}_{position}", type="primary"
                    )
                    and act_once("take", view, engine.take_card, token, position, card)
                ):
                    st.rerun()


def cost_html(slot: Mapping[str, Any], t: Translator) -> str:
    """ "Costs 2 tokens" (position 1 is free) and beside it, in a gold chip, "1 token on it"
    when any lie there for its taker: one line where the phone has room for both."""
    cost = slot["cost"]
    said = t("ui.layers.free") if cost == 0 else t("ui.layers.costs", cost=cost, count=cost)
    shown = literal(said)
    if slot["tokens"]:
        on_it = t("ui.layers.tokens_on", count=slot["tokens"])
        shown += f' <span class="cl-on-card">{literal(on_it)}</span>'
    return f"<div>{shown}</div>"


def refusal(slot: Mapping[str, Any], view: Mapping[str, Any], full: bool, t: Translator) -> str:
    """Why the student may not take this card on their turn: a full hand, or too few tokens."""
    if full:
        return t("ui.layers.why_full", most=HAND_LIMIT)
    return t("ui.layers.why_tokens", cost=slot["cost"], tokens=view["tokens"])


def hand(view: Mapping[str, Any], t: Translator) -> None:
    """The student's own cards (seen on this phone alone), oldest first."""
    cards = view["hand"]
    st.subheader(t("ui.layers.hand", count=len(cards), most=HAND_LIMIT))
    if not cards:
        st.caption(t("ui.layers.hand_empty"))
        return
    language = view["language"]
    st.html(
        LAYERS_CSS
        + "".join(
            f'<div class="cl-hand-card">{layer_img(card, HAND_PX, t)} '
            f"{slots_html(card, t, language)}</div>"
            for card in cards
        )
    )


# ---------------------------------------------------------------- the composer


def _order_key(view: Mapping[str, Any]) -> str:
    """This turn's composition in session state: the cards picked, bottom first."""
    return f"compose_{view['round']}"


def composer(
    view: Mapping[str, Any], t: Translator, token: str, folded: bool = False, draft: bool = False
) -> None:
    """Pick three cards of the hand, order them with arrows (bottom first), pick one of the
    unused backgrounds, see the layered painting, its title and the ribbons it would take,
    then confirm. With a full hand it is the only move there is, and it says so; `folded`
    in an expander that names it already. The stack comes first, the cards still to add
    under it. It opens on the painting arranged before (the engine's draft); as a `draft`
    (someone else's turn) each change is kept there, and there is nothing to confirm."""
    if not folded:
        st.subheader(t("ui.layers.compose"))
    if not draft and "take" not in view["actions"]:
        st.warning(t("ui.layers.must_complete", most=HAND_LIMIT))
    kept = view["painting_draft"] or {"cards": [], "background": None}
    order: list[str] = st.session_state.setdefault(_order_key(view), list(kept["cards"]))
    order[:] = [card for card in order if card in view["hand"]]
    language = view["language"]
    turn = view["round"]
    if order:
        st.caption(t("ui.layers.order_hint"))
    # Top layer first, as the cards lie in a stack: ↑ moves a card towards the top.
    for index in reversed(range(len(order))):
        card = order[index]
        with st.container(horizontal=True, vertical_alignment="center", gap="small"):
            layer = t(f"ui.layers.layer.{index}")
            st.html(
                f'<b class="cl-stack-name">{literal(layer)}</b> {layer_img(card, 44, t)}',
                width="content",
            )
            if st.button(
                "↑",
                key=f"up_{turn}_{card}",
                disabled=index == len(order) - 1,
                help=t("ui.layers.up"),
            ):
                order[index], order[index + 1] = order[index + 1], order[index]
                st.rerun()
            if st.button(
                "↓", key=f"down_{turn}_{card}", disabled=index == 0, help=t("ui.layers.down")
            ):
                order[index], order[index - 1] = order[index - 1], order[index]
                st.rerun()
            if st.button("✕", key=f"drop_{turn}_{card}", help=t("ui.layers.remove")):
                order.remove(card)
                st.rerun()
    # The cards left out under the stack: Confirm, which comes with the third card and stays
    # at the bottom of a phone, then rests under the stack's arrows and not over them (axe-core
    # found them partly covered), over the Add buttons it leaves disabled if anything.
    for card in view["hand"]:
        if card in order:
            continue
        with st.container(horizontal=True, vertical_alignment="center", gap="small"):
            st.html(LAYERS_CSS + layer_img(card, HAND_PX, t) + " " + slots_html(card, t, language))
            if st.button(
                t("ui.layers.add"), key=f"add_{turn}_{card}", disabled=len(order) >= LAYERS
            ):
                order.append(card)
                st.rerun()
    backgrounds = view["backgrounds"]
    background = st.radio(
        t("ui.layers.background"),
        backgrounds,
        index=backgrounds.index(kept["background"]) if kept["background"] in backgrounds else 0,
        format_func=lambda b: background_name(b, language),
        key=f"background_{turn}",
        horizontal=True,
    )
    shown_order = list(order)
    st.html(
        painting_img(
            background, shown_order, PAINTING_PX, t("ui.layers.preview_alt", count=len(order))
        )
    )
    if draft:
        _keep_draft(token, kept, order, background)
    else:
        confirm(view, t, token, order, background)


def _keep_draft(token: str, kept: Mapping[str, Any], order: list[str], background: str) -> None:
    """Keep the arrangement on the server as it changes (engine.save_painting_draft): a
    reload brings it back and the student's turn opens on it. Nothing arranged yet is no
    draft. A refusal here (the hand just changed) is not the student's doing; the next run
    shows the new hand."""
    if not order and not kept["cards"]:
        return
    if order == kept["cards"] and background == kept["background"]:
        return
    try:
        get_engine().save_painting_draft(token, order, background)
    except RuleError:
        return


def confirm(
    view: Mapping[str, Any], t: Translator, token: str, order: list[str], background: str
) -> None:
    """Under the picture: how many cards are still to add, or the painting's title and the
    ribbons it would take, then Confirm. Only the button (or the count still to add) stays
    in sight at the bottom of the phone: a taller bar covered the stack's arrows and
    remove buttons as the student scrolled them under it."""
    language = view["language"]
    if len(order) < LAYERS:
        with st.container(key="cl_confirm_bar"):
            st.caption(t("ui.layers.pick_three", count=LAYERS - len(order)))
        return
    shown_order = list(order)
    offered = next(
        (
            a
            for a in view["actions"]["complete"]
            if a["cards"] == shown_order and a["background"] == background
        ),
        None,
    )
    if offered is None:  # every ordered three over an unused background is listed
        return
    quoted = t("ui.layers.title_quoted", title=title(shown_order, language))
    st.html(
        f'<div class="cl-title">{literal(quoted)}</div>'
        f"<div>{literal(t('ui.layers.would_take'))} "
        f"{ribbons_html(offered['ribbons'], offered['bonus'], t, language)}</div>"
    )
    with st.container(key="cl_confirm_bar"):
        if st.button(
            t("ui.layers.confirm"), key=f"confirm_{view['round']}", type="primary", width="stretch"
        ) and act_once(
            "complete", view, get_engine().complete_painting, token, shown_order, background
        ):
            st.session_state.pop(_order_key(view), None)
            st.rerun()
