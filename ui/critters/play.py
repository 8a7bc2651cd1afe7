"""A student's phone in Canvas Critters: the theme card, the mosaic built by touch, its title,
the ribbons given in secret, the duel's guess, and the round's points.

Everything shown comes from the player's own view; every move is an engine command for the
phase on screen (ui/moves.py). What the player may do now is the view's `actions`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import streamlit as st

from engine.critters.views import given_text
from engine.paths import DATA
from ui.critters.mosaic import mosaic, svg_picture
from ui.critters.mosaic_svg import mosaic_img
from ui.critters.ribbons import golden_kept
from ui.critters.screen import mosaic_alt, round_text, unfinished_html
from ui.moves import act, act_and_redraw, act_once, done_elsewhere, offer, show_kept_refusal
from ui.runtime import get_engine
from ui.text import Translator, literal, name_html, plain_label

PIECES = DATA / "critters" / "pieces"


def heading_html(view: dict[str, Any], t: Translator) -> str:
    """ "Round 2 of 4 · Build your mosaic" (a tie-break says so), and the round's theme once
    it is known."""
    phase = literal(t(f"ui.critters.phase.{view['phase']}"))
    if view["phase"] in ("lobby", "finished"):
        return phase
    line = literal(round_text(view, t)) + " · " + phase
    theme = view["theme"]["text"] if view["theme"] else _own_theme(view)
    if theme:
        line += f'<div class="cc-muted">{literal(t("ui.critters.theme_is", theme=theme))}</div>'
    return line


def phase_body(view: dict[str, Any], t: Translator, token: str) -> None:
    """What the student sees and does in the current phase."""
    show_kept_refusal(view["language"])
    phase, actions = view["phase"], view["actions"]
    if phase == "theme":
        pick_theme(view, t, token)
    elif phase in ("build", "last_minute"):
        build(view, t, token)
    elif phase == "titles":
        title(view, t, token)
    elif phase == "judging":
        judge(view, t, token)
    elif phase == "guess":
        guess(view, t, token)
    elif phase == "scores":
        round_points(view, t)
    if not actions and phase not in ("theme", "scores"):
        st.info(waiting(view, t))


def waiting(view: dict[str, Any], t: Translator) -> str:
    """What a player with nothing to do now waits for. In a tie-break one who makes no
    mosaic waits for the tied players' ("you have finished" would tell them otherwise)."""
    if view["mosaic"] is None and view["phase"] in ("build", "last_minute", "titles"):
        return t("ui.critters.play.wait.tie_break", names=", ".join(view["builders"]))
    return t(f"ui.critters.play.wait.{view['phase']}")


def ready_html(view: Mapping[str, Any], t: Translator) -> str:
    """Who is done with what the phase asks (the phone's live part), never what they did."""
    ready = view["ready"]
    if ready is None or view["phase"] == "theme":
        return ""
    done = ", ".join(name_html(name) for name in view["ready_players"]) or "—"
    return (
        f"<div>{literal(t('ui.critters.play.ready', done=ready['done'], total=ready['total']))}"
        f" {done}</div>"
    )


def pick_theme(view: dict[str, Any], t: Translator, token: str) -> None:
    offer = view["actions"].get("pick_theme")
    if offer is None:
        if view["active"] and view["active"] != view["name"]:
            st.info(t("ui.critters.play.choosing", name=view["active"]))
        return
    st.subheader(t("ui.critters.play.pick_duel" if view["duel"] else "ui.critters.play.pick"))
    engine = get_engine()
    for theme in view["card"]["themes"]:
        if st.button(theme["text"], key=f"theme_{theme['id']}", width="stretch") and act(
            view, engine.pick_theme, token, theme["id"]
        ):
            st.rerun()


def build(view: dict[str, Any], t: Translator, token: str) -> None:
    """The player's canvas and the pile's palette (mosaic.py), and the buttons around it."""
    own = view["mosaic"]
    if own is None:
        return  # a tie-break: only the tied build
    engine = get_engine()
    offer = view["actions"].get("build")
    pieces = [
        {k: p[k] for k in ("kind", "x", "y", "rotation", "mirrored")} | {"id": p["piece"]}
        for p in own["pieces"]
    ]
    request = mosaic(
        f"mosaic_{view['round']}",
        palette=[
            {
                "kind": kind,
                "label": t(f"ui.critters.screen.kind.{kind}"),
                "count": count,
                "picture": svg_picture(PIECES / f"{kind}.svg"),
            }
            for kind, count in view["pile"].items()
        ],
        pieces=pieces,
        piece_size=0.125 if offer is None else offer["piece_size"],
        frame_label=t("ui.critters.play.frame", name=view["name"]),
        texts={key: t(f"ui.critters.mosaic.{key}") for key in MOSAIC_TEXTS},
        disabled=offer is None,
    )
    if request:
        _apply(view, token, request)
    if offer is None:
        return
    finish = view["actions"]["finish"]
    count = t("ui.critters.play.count", count=offer["pieces"], fewest=finish["fewest"])
    st.html(f"<b>{literal(count)}</b>")
    if offer["pieces"] >= offer["most"]:  # said before a tap is refused, and why
        st.info(t("error.critters.too_many_pieces", most=offer["most"], fewest=finish["fewest"]))
    with st.container(horizontal=True):
        if st.button(
            t("ui.critters.play.finish"),
            key="finish_mosaic",
            type="primary",
            disabled=not finish["ready"],
        ) and act(view, engine.finish_mosaic, token):
            st.rerun()
        other = "black" if own["side"] == "white" else "white"
        if st.button(t(f"ui.critters.play.side.{other}"), key="flip_canvas") and act(
            view, engine.flip_canvas, token, other
        ):
            st.rerun()
        if st.button(t("ui.critters.play.clear"), key="clear_mosaic") and act(
            view, engine.clear_mosaic, token
        ):
            st.rerun()
    st.caption(t("ui.critters.play.how"))


def _apply(view: dict[str, Any], token: str, request: dict[str, Any]) -> None:
    """Send the mosaic's request to the engine, then draw the truth (a refusal kept for it)."""
    engine = get_engine()
    place = {"rotation": request.get("rotation", 0), "mirrored": request.get("mirrored", False)}
    if request["action"] == "take":
        act_and_redraw(
            view,
            engine.take_piece,
            token,
            request["kind"],
            request["x"],
            request["y"],
            request["request"],
            **place,
        )
    if request["action"] == "move":
        act_and_redraw(
            view, engine.move_piece, token, request["piece"], request["x"], request["y"], **place
        )
    act_and_redraw(view, engine.return_piece, token, request["piece"])


def title(view: dict[str, Any], t: Translator, token: str) -> None:
    own = view["mosaic"]
    if own is None:
        return
    engine = get_engine()
    st.html(mosaic_img(own, MOSAIC_PX, mosaic_alt(own, t)) + unfinished_html(own, t))
    if own["title"]:
        st.success(t("ui.critters.play.titled", title=own["title"]))
    with st.form("title_form"):
        text = st.text_input(t("ui.critters.play.title_label"), value=own["title"] or "")
        if st.form_submit_button(t("ui.critters.play.title_save"), type="primary") and act(
            view, engine.title_mosaic, token, text
        ):
            st.rerun()


def judge(view: dict[str, Any], t: Translator, token: str) -> None:
    """The player's ribbons, placed in secret: one receiver per ribbon, and the golden one."""
    given = view["my_ribbons"]
    if given is not None and done_elsewhere("ribbons", view):
        placed = plain_label(given_text(given))
        st.warning(t("error.critters.already_awarded", ribbons=placed), icon=":material/devices:")
        return
    if given is not None:
        st.success(t("ui.critters.play.awarded"))
        for ribbon in given["ribbons"]:
            st.html(f"+{ribbon['value']} → {name_html(ribbon['to'])}")
        if given["golden"]:
            st.html(f"★ +5 → {name_html(given['golden'])}")
        return
    allowed = view["actions"].get("award")
    if allowed is None:
        return
    offer("ribbons", view)
    titles = {m["name"]: m["title"] for m in view["mosaics"]}
    shown = [m for m in view["mosaics"] if m["name"] in allowed["receivers"]]
    with st.container(horizontal=True, gap="small"):
        for each in shown:
            st.html(
                f'<figure class="cc-mosaic">{mosaic_img(each, THUMB_PX, mosaic_alt(each, t))}'
                f"<figcaption>{unfinished_html(each, t)}{name_html(each['name'])}"
                f"{' · ' + literal(each['title']) if each['title'] else ''}</figcaption></figure>"
            )

    def label(name: str) -> str:
        shown = titles.get(name)
        return f"{name} · {shown}" if shown else name

    with st.form("ribbons_form"):
        chosen = {
            value: st.selectbox(
                t("ui.critters.play.ribbon", value=value),
                allowed["receivers"],
                index=None,
                format_func=label,
                placeholder=t("ui.critters.play.ribbon_pick"),
                key=f"ribbon_{value}",
            )
            for value in allowed["ribbons"]
        }
        golden = None
        if allowed["golden"]:
            golden = st.selectbox(
                t("ui.critters.play.golden"),
                allowed["receivers"],
                index=None,
                format_func=label,
                placeholder=t("ui.critters.play.golden_keep"),
                key="ribbon_golden",
            )
        if st.form_submit_button(t("ui.critters.play.award"), type="primary"):
            engine = get_engine()
            placed = {value: name for value, name in chosen.items() if name is not None}
            if act_once("ribbons", view, engine.award_ribbons, token, placed, golden=golden):
                st.rerun()


def guess(view: dict[str, Any], t: Translator, token: str) -> None:
    """The duel's guess: the +1 ribbon under a card, or the +3 on one of its themes."""
    mine = view["my_guess"]
    if mine is not None:
        st.success(t("ui.critters.play.guessed"))
        return
    if "guess" not in view["actions"]:
        return
    options: list[tuple[int, str, str | None]] = []
    labels: dict[tuple[int, str, str | None], str] = {}
    guessable = view["actions"]["guess"]["cards"]
    for card in view["face_up"]:
        themes = " / ".join(theme["text"] for theme in card["themes"])
        if card["id"] not in guessable:  # the player's own card: shown, not offered
            st.caption(t("ui.critters.play.own_card", themes=themes))
            continue
        options.append((1, card["id"], None))
        labels[options[-1]] = t("ui.critters.play.guess_card", themes=themes)
        for theme in card["themes"]:
            options.append((3, card["id"], theme["id"]))
            labels[options[-1]] = t("ui.critters.play.guess_theme", theme=theme["text"])
    with st.form("guess_form"):
        choice = st.radio(t("ui.critters.play.guess"), options, index=None, format_func=labels.get)
        submitted = st.form_submit_button(t("ui.critters.play.guess_go"), type="primary")
    if submitted and choice is not None:
        ribbon, card, theme = choice
        if act_once("guess", view, get_engine().guess_theme, token, ribbon, card, theme=theme):
            st.rerun()


def round_points(view: dict[str, Any], t: Translator) -> None:
    turned = view["turned_over"]
    if turned is None:
        return
    if view["tie_break"] and view["name"] not in view["builders"]:
        said = t("ui.critters.play.judged_tie_break")
    else:
        said = t("ui.critters.play.points", points=turned["scores"].get(view["name"], 0))
    st.html(f'<div class="cc-role">{literal(said)}</div>')
    for given in turned["ribbons"]:
        for ribbon in given["ribbons"]:
            if ribbon["to"] == view["name"]:
                st.html(
                    literal(t("ui.critters.play.got", value=ribbon["value"]))
                    + f" {name_html(given['giver'])}"
                )
        if given["golden"] == view["name"]:
            st.html(literal(t("ui.critters.play.got_golden")) + f" {name_html(given['giver'])}")
    kept = golden_kept(turned, view["name"])
    if kept:
        st.html(literal(t("ui.critters.play.golden_kept", points=kept)))


def _own_theme(view: dict[str, Any]) -> str | None:
    """The duel's own secret theme, shown to its owner alone."""
    card = view.get("card")
    if not card or not card.get("chosen"):
        return None
    return next((th["text"] for th in card["themes"] if th["id"] == card["chosen"]), None)


MOSAIC_PX = 300  # one's own mosaic on a 360 px phone
THUMB_PX = 150  # two mosaics a row to judge
MOSAIC_TEXTS = ("take", "take_last", "none_left", "piece", "pending", "keys", "palette")
