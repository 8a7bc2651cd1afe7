"""A student's phone in Canvas Critters: the theme card, the mosaic built by touch, its title,
the ribbons given in secret, the duel's guess, and the round's points.

Everything shown comes from the player's own view; every move is an engine command for the
phase on screen (ui/moves.py). What the player may do now is the view's `actions`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import streamlit as st

from engine import RuleError
from engine.critters import rules
from engine.critters.views import given_text
from engine.paths import DATA
from engine.view_types import GameView
from ui.critters.mosaic import mosaic, svg_picture
from ui.critters.mosaic_svg import mosaic_img
from ui.critters.ribbons import givers, golden_kept
from ui.critters.screen import card_letters, mosaic_alt, round_text, unfinished_html
from ui.moves import act, act_and_redraw, act_once, done_elsewhere, offer, show_kept_refusal
from ui.runtime import get_engine
from ui.text import Translator, literal, name_html, plain_label

PIECES = DATA / "critters" / "pieces"


def heading_html(view: Mapping[str, Any], t: Translator) -> str:
    """The header under the student's name (pages/play.py)."""
    return f'<div class="cc-phase">{heading_line(view, t)}</div>'


def heading_line(view: Mapping[str, Any], t: Translator) -> str:
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


def following(view: Mapping[str, Any]) -> tuple[bool, str]:
    """How the page follows the game: the live part lists who is done; while mosaics are
    built the palette's counts are the shared pile's, so every take at the table runs the
    page again (a phone never offers a piece that is gone), otherwise a new stage only."""
    building = view["pile"] is not None and view["mosaic"] is not None
    return True, "any" if building else "stage"


def last_seconds(view: Mapping[str, Any]) -> str | None:
    """While judging, a giver whose picks are incomplete is warned: only a complete set is
    given when time runs out. Building ends by its own sand timer, which the pages show."""
    if "ribbon_draft" not in view:  # the projector's or the teacher's page: no picks of theirs
        return None
    offered = view["actions"].get("award")
    if offered is None:
        return None
    picked = (view["ribbon_draft"] or {}).get("ribbons", {})
    return None if set(picked) == set(offered["ribbons"]) else "ui.critters.play.last_seconds"


def calls(view: Mapping[str, Any]) -> bool:
    """Whether this moment calls the student's phone (its own cue, ui/sound.py), read from
    what the projector shows too (never a secret theme): the theme to pick (the active
    player's; both in the duel), a mosaic to build (the round's builders: the tied ones in a
    tie-break), ribbons to give (everyone; the judges in a tie-break), the duel's guess. Each
    is the heading's phase ("Choosing the theme", "Build your mosaic", "Ribbons, in secret",
    "Guess the theme")."""
    me, phase = view.get("name"), str(view["phase"])
    builds: bool = me in view["builders"]
    if phase == "theme":
        return bool(view["duel"]) or view["active"] == me
    if phase == "build":
        return builds
    if phase == "judging":
        return not (view["tie_break"] and builds)
    return phase == "guess"


def ending_html(view: Mapping[str, Any], t: Translator) -> str:
    """Under the standings: the student's own mosaics, a round each (none in a tie-break
    they judged), with its title and the points it scored; a tap opens one larger."""
    figures = [
        f'<figure class="cc-mosaic">{enlargeable_html(mosaic, t)}'
        f"<figcaption>{_round_points_html(entry, view['name'], t)}"
        f"{_title_html(mosaic, t)}</figcaption></figure>"
        for entry in view["gallery"]
        for mosaic in entry["mosaics"]
        if mosaic["name"] == view["name"]
    ]
    if not figures:
        return ""
    heading = f"<h3>{literal(t('ui.critters.end.yours'))}</h3>"
    hint = f'<div class="cc-muted">{literal(t("ui.critters.play.enlarge"))}</div>'
    return f'{FIGURE_CSS}{heading}{hint}<div class="cc-mosaics">{"".join(figures)}</div>'


def _round_points_html(entry: Mapping[str, Any], name: str, t: Translator) -> str:
    """ "Round 2 · 9 points" (a tie-break says so; a kept golden ribbon's cost may make it
    "−5 points") in bold, as HTML."""
    if entry["tie_break"]:
        said = t("ui.critters.screen.tie_break")
    else:
        said = t("ui.critters.end.your_round", round=entry["round"])
    points = entry["scores"].get(name, 0)
    scored = t("ui.points_value", points=str(points).replace("-", "−"), count=points)
    return f"<b>{literal(said)} · {literal(scored)}</b>"


def _title_html(mosaic: Mapping[str, Any], t: Translator) -> str:
    """A mosaic's title under it, quoted, on a line of its own (the duel has none)."""
    title = mosaic["title"]
    if not title:
        return ""
    return f"<div><i>{literal(t('ui.critters.screen.title_quoted', title=title))}</i></div>"


def totals_shown(view: GameView) -> bool:
    """Whether the running totals sit under the round: always (the scores add to them)."""
    return True


def phase_body(view: Mapping[str, Any], t: Translator, token: str) -> None:
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


def waiting(view: Mapping[str, Any], t: Translator) -> str:
    """What a player with nothing to do now waits for. In a tie-break one who makes no
    mosaic waits for the tied players' ("you have finished" would tell them otherwise)."""
    if view["mosaic"] is None and view["phase"] in ("build", "last_minute", "titles"):
        return t("ui.critters.play.wait.tie_break", names=", ".join(view["builders"]))
    return t(f"ui.critters.play.wait.{view['phase']}")


def ready_html(view: Mapping[str, Any], t: Translator) -> str:
    """Who is done with what the phase asks (the phone's live part), never what they did:
    "2 of 4 done: Ana, Ben", or "Nobody is done yet (0 of 4)." (no dangling dash). In the
    ribbons phase nobody done says what is given and that it stays secret until all have
    given theirs (a tied player in a tie-break reads it too: it asks nothing of them)."""
    ready = view["ready"]
    if ready is None or view["phase"] == "theme":
        return ""
    done, total = ready["done"], ready["total"]
    if not view["ready_players"]:
        none = "ready_none_judging" if view["phase"] == "judging" else "ready_none"
        return f"<div>{literal(t(f'ui.critters.play.{none}', total=total))}</div>"
    names = ", ".join(name_html(name) for name in view["ready_players"])
    said = t("ui.critters.play.ready", done=done, total=total, count=done)
    return f"<div>{literal(said)} {names}</div>"


def pick_theme(view: Mapping[str, Any], t: Translator, token: str) -> None:
    offer = view["actions"].get("pick_theme")
    if offer is None:
        if view["active"] and view["active"] != view["name"]:
            st.info(t("ui.critters.play.choosing", name=view["active"]))
        elif view["duel"]:  # one's own secret theme is picked: the other's is awaited
            st.info(t("ui.critters.play.wait.duel_theme", name=_opponent(view)))
        return
    st.subheader(t("ui.critters.play.pick_duel" if view["duel"] else "ui.critters.play.pick"))
    engine = get_engine()
    for theme in view["card"]["themes"]:
        if st.button(theme["text"], key=f"theme_{theme['id']}", width="stretch") and act(
            view, engine.pick_theme, token, theme["id"]
        ):
            st.rerun()


def build(view: Mapping[str, Any], t: Translator, token: str) -> None:
    """The player's canvas and the pile's palette (mosaic.py), and the buttons around it."""
    own = view["mosaic"]
    if own is None:
        return  # a tie-break: only the tied build
    card = view["card"]
    if card is not None and card["timed_out"]:  # said, or the theme would seem a stranger's
        st.info(t("ui.critters.play.theme_timed_out", theme=_own_theme(view) or ""))
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
        side=own["side"],
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


def _apply(view: Mapping[str, Any], token: str, request: dict[str, Any]) -> None:
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


def title(view: Mapping[str, Any], t: Translator, token: str) -> None:
    own = view["mosaic"]
    if own is None:
        return
    engine = get_engine()
    st.html(FIGURE_CSS + mosaic_img(own, MOSAIC_PX, mosaic_alt(own, t)) + unfinished_html(own, t))
    if own["title"]:
        st.success(t("ui.critters.play.titled", title=own["title"]))
    with st.form("title_form"):
        text = st.text_input(t("ui.critters.play.title_label"), value=own["title"] or "")
        st.caption(t("ui.critters.play.title_hint", most=rules.TITLE_MAX_CHARS))
        if st.form_submit_button(t("ui.critters.play.title_save"), type="primary") and act(
            view, engine.title_mosaic, token, text
        ):
            st.rerun()


def judge(view: Mapping[str, Any], t: Translator, token: str) -> None:
    """The player's ribbons, placed in secret: one receiver per ribbon, and the golden one."""
    given = view["my_ribbons"]
    if given is not None and done_elsewhere("ribbons", view):
        given_said = plain_label(given_text(given))
        st.warning(
            t("error.critters.already_awarded", ribbons=given_said), icon=":material/devices:"
        )
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
    st.caption(t("ui.critters.play.enlarge"))
    with st.container(horizontal=True, gap="small"):
        for each in shown:
            said = [name_html(each["name"])]
            said += [literal(each["title"])] if each["title"] else []
            said += [unfinished_html(each, t)] if each["unfinished"] else []
            st.html(
                f'{FIGURE_CSS}<figure class="cc-mosaic">{enlargeable_html(each, t)}'
                f"<figcaption>{' · '.join(said)}</figcaption></figure>"
            )

    def label(name: str) -> str:
        shown = titles.get(name)
        return f"{name} · {shown}" if shown else name

    # Picks are kept as they are made: a complete set counts if time runs out (the ruling).
    st.info(t("ui.critters.play.picks_kept"), icon=":material/front_hand:")
    picks = ribbon_picks(view, allowed, label, t)
    golden = None
    if allowed["golden"]:
        golden = st.selectbox(
            t("ui.critters.play.golden"),
            allowed["receivers"],
            index=_index(allowed["receivers"], (view["ribbon_draft"] or {}).get("golden")),
            format_func=label,
            placeholder=t("ui.critters.play.golden_keep"),
            key="ribbon_golden",
        )
        if allowed["golden_last_round"]:  # the cost comes at this round's scores
            st.warning(t("ui.critters.play.golden_last_round", points=rules.GOLDEN))
        else:  # keeping it reads as safe; the cost comes only at the end, so say it here
            st.caption(t("ui.critters.play.golden_cost", points=rules.GOLDEN))
    _keep_draft(view, token, picks, golden)
    if st.button(t("ui.critters.play.award"), key="ribbons_give", type="primary"):
        engine = get_engine()
        if act_once("ribbons", view, engine.award_ribbons, token, picks, golden=golden):
            st.rerun()


def ribbon_picks(
    view: Mapping[str, Any], allowed: Mapping[str, Any], label: Callable[[str], str], t: Translator
) -> dict[int, str]:
    """One menu per ribbon, each offering only the mosaics no other ribbon of the player's is
    picked for (one ribbon a mosaic); at first the picks this phone kept (a reload)."""
    kept: Mapping[int, str] = (view["ribbon_draft"] or {}).get("ribbons", {})
    values: list[int] = allowed["ribbons"]
    current = {v: st.session_state.get(f"ribbon_{v}", kept.get(v)) for v in values}
    picks: dict[int, str] = {}
    for value in values:
        taken = {name for other, name in current.items() if other != value and name}
        options = [name for name in allowed["receivers"] if name not in taken]
        chosen = st.selectbox(
            t("ui.critters.play.ribbon", value=value),
            options,
            index=_index(options, current[value]),
            format_func=label,
            placeholder=t("ui.critters.play.ribbon_pick"),
            key=f"ribbon_{value}",
        )
        if chosen is not None:
            picks[value] = chosen
    return picks


def _index(options: list[str], chosen: str | None) -> int | None:
    return options.index(chosen) if chosen in options else None


def _keep_draft(
    view: Mapping[str, Any], token: str, picks: dict[int, str], golden: str | None
) -> None:
    """Keep the picks on the server as they change (engine.save_ribbon_draft), so a reload
    brings them back and a complete set counts at the time-out. A refusal here (judging just
    ended) is not the student's doing; the next run shows the new phase."""
    kept = view["ribbon_draft"] or {"ribbons": {}, "golden": None}
    if picks == kept["ribbons"] and golden == kept["golden"]:
        return
    try:
        get_engine().save_ribbon_draft(token, picks, golden=golden)
    except RuleError:
        return


def guess(view: Mapping[str, Any], t: Translator, token: str) -> None:
    """The duel's guess: the opponent's mosaic beside the four cards lettered as on the
    projector (one's own marked, never offered); then the card, the ribbon (+3 on one theme
    or +1 under the card, each saying what it can earn) and, for the +3, the theme."""
    mine = view["my_guess"]
    opponent = _opponent(view)
    if mine is not None:
        st.success(t("ui.critters.play.guessed"))
        st.html(f"<div>{literal(_placed_text(view, mine, opponent, t))}</div>")
        return
    offered = view["actions"].get("guess")
    if offered is None:
        return
    letters = card_letters(view)
    st.html(FIGURE_CSS + GUESS_CSS + guess_table_html(view, opponent, t))
    guessable = [card for card in view["face_up"] if card["id"] in offered["cards"]]
    number = view["round"]
    card = st.radio(
        plain_label(t("ui.critters.play.guess_which_card", name=opponent)),
        [card["id"] for card in guessable],
        index=None,
        format_func=lambda card_id: t("ui.critters.screen.card", letter=letters[card_id]),
        horizontal=True,
        key=f"guess_card_{number}",
    )
    ribbon = st.radio(
        t("ui.critters.play.guess_which_ribbon"),
        [3, 1],
        index=None,
        format_func=lambda value: t(f"ui.critters.play.guess_ribbon_{value}"),
        captions=[
            plain_label(t(f"ui.critters.play.guess_earns_{value}", name=opponent))
            for value in (3, 1)
        ],
        key=f"guess_ribbon_{number}",
    )
    theme = None
    if ribbon == 3 and card is not None:
        themes = next(c for c in guessable if c["id"] == card)["themes"]
        texts = {th["id"]: th["text"] for th in themes}
        theme = st.radio(
            t("ui.critters.play.guess_which_theme", letter=letters[card]),
            list(texts),
            index=None,
            format_func=lambda theme_id: plain_label(texts[theme_id]),
            key=f"guess_theme_{number}_{card}",
        )
    st.caption(plain_label(t("ui.critters.play.guess_creator", name=opponent)))
    if st.button(t("ui.critters.play.guess_go"), key="guess_go", type="primary"):
        missing = _missing_choice(card, ribbon, theme)
        if missing:
            st.warning(t(f"ui.critters.play.guess_missing.{missing}", name=opponent))
            return
        chosen_theme = theme if ribbon == 3 else None
        engine = get_engine()
        if act_once("guess", view, engine.guess_theme, token, ribbon, card, theme=chosen_theme):
            st.rerun()


def _missing_choice(card: str | None, ribbon: int | None, theme: str | None) -> str | None:
    """What a guess still lacks before it can be placed, or None: said, never ignored."""
    if card is None and ribbon is None:
        return "both"
    if card is None:
        return "card"
    if ribbon is None:
        return "ribbon"
    if ribbon == 3 and theme is None:
        return "theme"
    return None


def _opponent(view: Mapping[str, Any]) -> str:
    players: list[str] = view["players"]
    me: str = view["name"]
    return next((name for name in players if name != me), me)


def guess_table_html(view: Mapping[str, Any], opponent: str, t: Translator) -> str:
    """The opponent's mosaic (public once building is over) and the four face-up cards,
    lettered A to D in the projector's order; the player's own card marked as theirs."""
    theirs = next((m for m in view["mosaics"] if m["name"] == opponent), None)
    picture = ""
    if theirs is not None:
        caption = literal(t("ui.critters.play.guess_mosaic_of", name=opponent))
        picture = (
            f'<figure class="cc-mosaic cc-guess-mosaic">'
            f"{enlargeable_html(theirs, t, GUESS_MOSAIC_PX)}"
            f"<figcaption>{caption} {unfinished_html(theirs, t)}</figcaption></figure>"
        )
    own = (view.get("card") or {}).get("id")
    letters = card_letters(view)
    cards = []
    for card in view["face_up"]:
        label = literal(t("ui.critters.screen.card", letter=letters[card["id"]]))
        themes = "".join(f"<div>{literal(theme['text'])}</div>" for theme in card["themes"])
        if card["id"] == own:
            mark = literal(t("ui.critters.play.own_card_mark"))
            cards.append(
                f'<div class="cc-guess-card cc-guess-own"><b>{label}</b> '
                f'<span class="cc-guess-yours">{mark}</span>{themes}</div>'
            )
        else:
            cards.append(f'<div class="cc-guess-card"><b>{label}</b>{themes}</div>')
    return (
        f'<div class="cc-guess">{picture}<div class="cc-guess-cards">{"".join(cards)}</div></div>'
    )


def _placed_text(
    view: Mapping[str, Any], guess: Mapping[str, Any], opponent: str, t: Translator
) -> str:
    """A placed guess said back, with what it can earn: "+3 on “Rain” (card A): 3 points for
    you if it is Ben's secret theme, and 1 for Ben"."""
    letter = card_letters(view).get(guess["card"], "?")
    if guess["ribbon"] == 1:
        return t("ui.critters.play.placed_card", letter=letter, name=opponent)
    return t(
        "ui.critters.play.placed_theme",
        theme=_theme_text(view, guess["theme"]),
        letter=letter,
        name=opponent,
    )


def _theme_text(view: Mapping[str, Any], theme_id: str | None) -> str:
    texts: dict[str, str] = {
        th["id"]: th["text"] for card in view["face_up"] for th in card["themes"]
    }
    return texts.get(theme_id or "", "?")


def duel_points_lines(view: Mapping[str, Any], t: Translator) -> list[str]:
    """What the duel's round earned this player, line by line (2-player rule 7, the ruling):
    their guess (+3 for the theme, +1 for its card, else 0), then the +1 a creator gains when
    the opponent's +3 names their exact theme."""
    turned, me = view["turned_over"], view["name"]
    opponent = _opponent(view)
    letters = card_letters(view)
    lines = []
    secret = turned["themes"].get(opponent)
    if secret:
        lines.append(
            t(
                "ui.critters.play.their_theme",
                name=opponent,
                theme=secret["text"],
                letter=letters.get(secret["card"], "?"),
            )
        )
    mine = turned["guesses"].get(me)
    if mine is None:
        lines.append(t("ui.critters.play.earned.none"))
    else:
        right = secret is not None and _right(mine, secret)
        key = f"ui.critters.play.earned.{'theme' if mine['ribbon'] == 3 else 'card'}"
        lines.append(
            t(
                f"{key}_{'right' if right else 'wrong'}",
                theme=_theme_text(view, mine["theme"]),
                letter=letters.get(mine["card"], "?"),
                points=mine["ribbon"] if right else 0,
            )
        )
    theirs, own = turned["guesses"].get(opponent), turned["themes"].get(me)
    named = theirs is not None and own is not None and theirs["ribbon"] == 3 and _right(theirs, own)
    lines.append(t(f"ui.critters.play.creator.{'right' if named else 'wrong'}", name=opponent))
    return lines


def _right(guess: Mapping[str, Any], secret: Mapping[str, Any]) -> bool:
    """Whether a guess scores against the secret (card, theme): its points, by the rules."""
    points = rules.guess_points(
        rules.Guess(guess["ribbon"], guess["card"], guess["theme"]), secret["card"], secret["id"]
    )
    return points.guesser > 0


def round_points(view: Mapping[str, Any], t: Translator) -> None:
    """The round turned over on the phone: one's own mosaic and its title, the points, and
    where they came from (the ribbons received; in the duel, each guess and the creator's
    +1); a golden ribbon never given is said in words with its cost."""
    turned = view["turned_over"]
    if turned is None:
        return
    if view["tie_break"] and view["name"] not in view["builders"]:
        said = t("ui.critters.play.judged_tie_break")
    else:
        points = turned["scores"].get(view["name"], 0)
        said = t("ui.critters.play.points", points=points, count=points)
    st.html(f'<div class="cc-role">{literal(said)}</div>')
    own = next((m for m in view["mosaics"] if m["name"] == view["name"]), None)
    if own is not None:
        title = own["title"]
        quoted = literal(t("ui.critters.screen.title_quoted", title=title)) if title else ""
        st.html(
            f'{FIGURE_CSS}<figure class="cc-mosaic">{mosaic_img(own, THUMB_PX, mosaic_alt(own, t))}'
            f"<figcaption><i>{quoted}</i></figcaption></figure>"
        )
    if view["duel"]:
        for line in duel_points_lines(view, t):
            st.html(f"<div>{literal(line)}</div>")
        return
    if not turned["gave"]:
        st.html(f"<div>{literal(t('ui.critters.nobody_gave'))}</div>")
    elif view["name"] in givers(view) and view["name"] not in turned["gave"]:
        st.html(f"<div>{literal(t('ui.critters.play.ribbons_not_given'))}</div>")
    for given in turned["ribbons"]:
        for ribbon in given["ribbons"]:
            if ribbon["to"] == view["name"]:
                st.html(_got_html(t, "ui.critters.play.got", given, value=ribbon["value"]))
        if given["golden"] == view["name"]:
            st.html(_got_html(t, "ui.critters.play.got_golden", given))
    kept = golden_kept(turned, view["name"])
    if kept:
        st.html(literal(t("ui.critters.play.golden_kept", points=kept)))


def _got_html(t: Translator, key: str, given: Mapping[str, Any], **values: object) -> str:
    """A ribbon received "from" its giver, or said alone (`key`_unnamed) when the teacher
    keeps givers unnamed."""
    if given["giver"] is None:
        return literal(t(f"{key}_unnamed", **values))
    return f"{literal(t(key, **values))} {name_html(given['giver'])}"


def _own_theme(view: Mapping[str, Any]) -> str | None:
    """The duel's own secret theme, shown to its owner alone."""
    card = view.get("card")
    if not card or not card.get("chosen"):
        return None
    return next((th["text"] for th in card["themes"] if th["id"] == card["chosen"]), None)


def enlargeable_html(mosaic: Mapping[str, Any], t: Translator, px: int | None = None) -> str:
    """A mosaic's thumbnail that a tap opens over the whole screen, and a second tap closes
    (a <details> element: no script, and a screen reader announces it as expandable). The
    picture is an SVG, drawn again at any size."""
    picture = mosaic_img(mosaic, px or THUMB_PX, mosaic_alt(mosaic, t))
    return f'<details class="cc-enlarge"><summary>{picture}</summary></details>'


MOSAIC_PX = 300  # one's own mosaic on a 360 px phone
THUMB_PX = 150  # two mosaics a row to judge
GUESS_MOSAIC_PX = 150  # the opponent's mosaic beside the four cards
# A mosaic with its caption on the phone, two a row when judging; a thumbnail opened fills
# the screen, dimmed around it.
FIGURE_CSS = """
<style>
.cc-mosaic { margin: 0; }
.cc-mosaics { display: flex; flex-wrap: wrap; gap: .5rem; }
.cc-mosaic figcaption { max-width: 150px; word-break: normal; overflow-wrap: break-word; }
.cc-cr-unfinished { font-style: italic; color: #333; }
.cc-enlarge summary { list-style: none; cursor: zoom-in; }
.cc-enlarge summary::-webkit-details-marker { display: none; }
.cc-enlarge[open] summary { position: fixed; inset: 0; z-index: 1000000; display: flex;
  align-items: center; justify-content: center; background: rgba(0, 0, 0, .85);
  cursor: zoom-out; }
.cc-enlarge[open] summary img { width: min(96vw, 96vh); height: auto; }
</style>
"""
GUESS_CSS = """
<style>
.cc-guess { display: flex; flex-wrap: wrap; gap: .5rem; align-items: flex-start; }
.cc-guess-mosaic { flex: 0 0 auto; text-align: center; }
.cc-guess-cards { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: .4rem;
  flex: 1 1 18rem; min-width: 0; line-height: 1.2; }
.cc-guess-card { border: 2px solid #555; border-radius: .5rem; padding: .2em .45em;
  word-break: normal; overflow-wrap: break-word; }
.cc-guess-own { border-style: dashed; opacity: .75; }
.cc-guess-yours { font-weight: 700; }
</style>
"""
MOSAIC_TEXTS = ("take", "take_last", "none_left", "piece", "pending", "keys", "palette")
