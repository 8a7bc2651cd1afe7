"""A student's page: join, then the role card, canvas, choice, accusation and reveal.

Identity lives in the address bar (?token=...): a reload, a locked phone or a new tab brings
the student back to the same role, signature and locked actions (R12).
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from engine import RuleError
from ui.browser import browser_id
from ui.classes.tables import is_class, view_of_code
from ui.critters import play as critters_play
from ui.crossed_canvas.board import composition_png, show_composition
from ui.crossed_canvas.canvas import drawing_canvas, reset_canvas
from ui.live import follow_changes, live_status, status_then_view
from ui.look import (
    SHAPE_GLYPHS,
    category_line,
    object_image,
    page_style,
    picture,
    reveal_pictures,
    reveal_summary,
    round_heading,
    signature_html,
    standings,
)
from ui.moves import act_once, done_elsewhere, offer
from ui.runtime import get_engine, query_param
from ui.text import (
    Translator,
    browser_language,
    dead_end,
    literal,
    name_html,
    plain_label,
    show_error,
    translator,
)

PLAY_CSS = """
.stMainBlockContainer { padding-top: 1rem; }
.cc-role { font-size: 1.3rem; font-weight: 800; }
.cc-phase { font-size: 1.1rem; }
/* The reveal table sizes its columns to their words (a fixed layout gave three equal columns
   and broke "Konstantinova" mid-word); a name breaks between its words, and only a single
   over-long word (ui/look.py's cc-long-word) anywhere. */
.cc-table { table-layout: auto; width: 100%; }
.cc-table td, .cc-table th { padding: .25rem .45rem; }
/* The countdown floats in the top corner, in sight while the student scrolls to draw; taps
   and strokes pass through it (the canvas corner, Clear). The heading's first lines wrap
   before it (an empty float of its size), the later ones take the whole width. */
.cc-timer { position: fixed; top: .35rem; right: .8rem; z-index: 999991; font-size: 1.8rem;
  background: rgba(255, 255, 255, .8); border-radius: .5rem; padding: 0 .5rem;
  pointer-events: none; }
.cc-head { word-break: normal; overflow-wrap: break-word; }
.cc-head::before { content: ""; float: right; width: 6.5rem; height: 2.4rem; }
/* The countdown and the stage marker take no room, and no gap, in the page's column: on a
   phone the height goes to the card and the canvas. */
[data-testid="stElementContainer"]:has(.cc-timer) { position: absolute; }
[data-testid="stLayoutWrapper"]:has(> .st-key-cc_stage) { display: none; }
.st-key-cc_card { padding: .6rem .9rem; }
.cc-warn { position: fixed; top: 3.1rem; right: .8rem; z-index: 999991; pointer-events: none;
  background: #b00020; color: #fff; font-weight: 700; border-radius: .4rem;
  padding: .1rem .5rem; }
/* While drawing, the stroke counter and Submit stay in sight at the bottom of a phone. */
[data-testid="stLayoutWrapper"]:has(> .st-key-cc_submit_bar) { position: sticky; bottom: 0;
  z-index: 20; background: #fff; padding: .25rem 0 .4rem; border-top: 1px solid #ddd; }
/* Canvas Critters: the mosaics a student judges, two a row. */
.cc-mosaic { margin: 0; }
.cc-mosaic figcaption { max-width: 150px; word-break: normal; overflow-wrap: break-word; }
"""
CANVAS_SIZE = 320  # fits a 360 px phone's main column (16 px padding each side)
#: Session state: {token: game code} of the personal links this tab has shown.
GAME_OF_TOKEN = "game_of_token"

st.set_page_config(page_title="Crossed Canvas", page_icon="🎨", layout="centered")
page_style(PLAY_CSS)
engine = get_engine()
browser = browser_id()


def code_form(language: str) -> None:
    """No code and no personal link: ask for the code on the screen."""
    t = translator(language)
    st.title(t("ui.title"))
    st.info(t("ui.play.no_link"))
    code = st.text_input(t("ui.home.code_label"), key="join_code")
    if st.button(t("ui.home.join_go"), key="join_go", type="primary") and code.strip():
        st.query_params["code"] = code.strip().upper()
        st.rerun()
    st.page_link("app.py", label=t("ui.go_home"))


def join_form() -> None:
    """Code (?code=...) and name: join the game in its lobby, then keep the personal link in
    the URL. No code, or a wrong one: the code form."""
    language = browser_language()
    try:
        code = query_param("code", "error.bad_code")
        view, status = view_of_code(engine, code, browser) if code else (None, {})
    except RuleError as error:
        show_error(error, language)
        view = None
    if view is None:
        code_form(language)
        return
    language = view["language"]
    t = translator(language)
    st.title(t("ui.play.join_title"))
    st.html(f'<div class="cc-code">{literal(view["code"])}</div>')
    # A class always seats a newcomer (a late student gets a table of their own to start).
    if not is_class(status) and (view["phase"] != "lobby" or view["locked"]):
        # Said before a name is typed (a late student, a locked lobby), unless this browser
        # holds a seat already: joining again returns it, whatever the name.
        try:
            enter(seat_of_this_tab(view["code"]) or engine.join(view["code"], "", browser=browser))
        except RuleError as error:
            show_error(error, language)
            st.page_link("app.py", label=t("ui.go_home"))
        return
    with st.form("join"):
        # No max_chars, here or on any typed text: Streamlit drops a longer paste whole and
        # says nothing; the engine refuses it saying the limit, and the text stays to shorten.
        name = st.text_input(t("ui.play.name_label"), key="join_name")
        submitted = st.form_submit_button(
            t("ui.play.join_submit"), key="join_submit", type="primary"
        )
    if submitted:
        try:
            token = engine.join(view["code"], name, browser=browser)
        except RuleError as error:
            show_error(error, language)
        else:
            enter(token)


def seat_of_this_tab(code: str) -> str | None:
    """The personal link this tab last showed for game `code`, while it still works. Back from
    one's seat lands on the code page; joining again there would make a new link and retire
    this one (only its hash is kept), leaving Forward, a reload and any other tab on a dead
    page."""
    for token, game in reversed(st.session_state.get(GAME_OF_TOKEN, {}).items()):
        if game == code:
            try:
                engine.player_view(token)  # its own link, not a guess to count
            except RuleError:
                return None
            return token
    return None


def enter(token: str) -> None:
    """Go to one's seat: the personal link replaces the code in the address bar."""
    st.query_params.from_dict({"token": token})
    st.rerun()


# Phases that share one showing of the card: it may stay open while the artist draws, and is
# hidden again when the class looks up to discuss, choose and vote, and in each new round.
CARD_STAGES = {"roles": "draw", "pulse1": "draw", "merge": "draw", "pulse2": "draw"}
DRAWING_PHASES = ("pulse1", "pulse2")
CURATOR_HINT_PHASES = ("pulse1", "pulse2", "choice")


def role_card(view: dict[str, Any], t: Translator, token: str) -> bool:
    """Hidden until tapped, so neighbours cannot read it. Returns whether it is shown.
    Opened while roles are dealt, it counts the player as ready (the teacher's count)."""
    stage = (view["round"], CARD_STAGES.get(view["phase"], view["phase"]))
    if st.session_state.get("card_stage") != stage:
        st.session_state["card_stage"] = stage
        st.session_state["show_role"] = False
    if not st.toggle(t("ui.play.show_role"), key="show_role"):
        return False
    if view["phase"] == "roles" and not view["role_seen"]:
        # The teacher's readiness count: how many have looked at their role (never which).
        engine.see_role(token)
    # While drawing, only the role and the picture, small and beside its name: a 740 px phone
    # then shows the card, the whole canvas and Submit at once, and a neighbour sees less of
    # it (the canvas's ink is the signature's colour).
    small = view["phase"] in DRAWING_PHASES
    with st.container(border=True, key="cc_card", gap="small"):
        role = view["role"]
        st.html(f'<div class="cc-role">{literal(t(f"ui.role.{role}"))}</div>')
        sig = view["signatures"].get(view["signature"] or "")
        if sig and not small:
            st.html(f"{literal(t('ui.play.your_signature'))} {signature_html(sig)}")
        if not small:  # in full as roles are dealt, then one line of what to do
            st.write(
                t(f"ui.role.{role}.help" if view["phase"] == "roles" else f"ui.role.{role}.todo")
            )
        if view["target"]:
            with st.container(horizontal=True, vertical_alignment="center"):
                picture(view["target"], 56 if small else 110, "cc-label" if small else "cc-big")
    return True


# Installed once per tab: when the stage marker changes (a new phase), scroll back to the top.
# (A script in st.html runs once, when first mounted, so it watches a plain marker element.)
SCROLL_TO_TOP_SCRIPT = """<style>[class*="st-key-cc_stage"] { display: none; }</style><script>
if (!window.__ccStageWatch) {
  window.__ccStageWatch = true;
  let last = null;
  new MutationObserver(() => {
    const marker = document.querySelector("[data-cc-stage]");
    const stage = marker && marker.dataset.ccStage;
    if (stage && stage !== last) {
      if (last !== null) document.querySelector("[data-testid=stMain]")?.scrollTo(0, 0);
      last = stage;
    }
  }).observe(document.body, { childList: true, subtree: true, attributes: true });
}
</script>"""


def scroll_to_top_on_new_phase(view: dict[str, Any]) -> None:
    """A new phase starts at the top of the page, not where the last one was scrolled to."""
    with st.container(key="cc_stage", gap=None):
        st.html(SCROLL_TO_TOP_SCRIPT, unsafe_allow_javascript=True)
        st.html(f'<span data-cc-stage="{view["round"]}-{view["phase"]}"></span>')


def draw(view: dict[str, Any], t: Translator, token: str) -> None:
    """The artist's canvas for this pulse, then a confirmed, locked submit (R4, R5)."""
    pulse = 1 if view["phase"] == "pulse1" else 2
    if "draw" not in view["actions"]:  # this pulse's fragment is locked
        if done_elsewhere("fragment", view):
            st.warning(t("error.already_submitted"), icon=":material/devices:")
        else:
            st.success(t("ui.play.locked"))
        show_composition(view["fragments"], view["signatures"], CANVAS_SIZE, t)
        return
    offer("fragment", view)
    fewest, most = view["actions"]["draw"]["fewest"], view["actions"]["draw"]["most"]
    earlier = [f for f in view["fragments"] if f["pulse"] == 1]
    background = composition_png(earlier, view["signatures"], CANVAS_SIZE) if pulse == 2 else None
    canvas_key = f"draw_r{view['round']}_p{pulse}"
    colour = view["signatures"][view["signature"]]["colour"]
    kept = [[(x, y) for x, y in stroke] for stroke in view["draft"]]
    strokes = drawing_canvas(
        key=canvas_key,
        colour=colour,
        size=CANVAS_SIZE,
        background=background,
        max_strokes=most,
        initial=kept,
        undo_label=t("ui.play.undo"),
        clear_label=t("ui.play.clear"),
        full_message=t("ui.play.full", most=most),
    )
    keep_draft(token, canvas_key, strokes, kept)
    with st.container(key="cc_submit_bar"):
        submit_bar(view, t, token, canvas_key, strokes, (fewest, most))


def submit_bar(
    view: dict[str, Any],
    t: Translator,
    token: str,
    canvas_key: str,
    strokes: list,
    limits: tuple[int, int],
) -> None:
    """The stroke counter, Submit and its confirmation: a bar kept in sight while drawing."""
    fewest, most = limits
    counter = f"<b>{literal(t('ui.play.stroke_counter', count=len(strokes), most=most))}</b>"
    confirm_key = f"confirming_{canvas_key}"
    if not st.session_state.get(confirm_key):
        # One row, the counter beside Submit: the bar covers as little of the canvas as it can.
        row = st.container(horizontal=True, vertical_alignment="center", key="cc_submit_row")
        row.html(counter, width="content")
        if row.button(
            t("ui.play.submit"),
            key="submit_fragment",
            type="primary",
            disabled=len(strokes) < fewest,
        ):
            st.session_state[confirm_key] = True
            st.rerun()
        return
    st.html(counter)
    question = "ui.play.confirm_question" if len(strokes) > 1 else "ui.play.confirm_question_one"
    st.warning(t(question, count=len(strokes)))
    yes, no = st.columns(2)
    if no.button(t("ui.play.keep_drawing"), key="cancel_submit"):
        st.session_state[confirm_key] = False
        st.rerun()
    if yes.button(t("ui.play.confirm"), key="confirm_submit", type="primary") and act_once(
        "fragment", view, engine.submit_fragment, token, strokes
    ):
        st.session_state[confirm_key] = False
        reset_canvas(canvas_key)
        st.rerun()


def keep_draft(token: str, canvas_key: str, strokes: list, kept: list) -> None:
    """Send the finished strokes to the server whenever they change (R4): a reload brings
    them back, and if time runs out they are locked for the artist. A refusal here (the pulse
    just ended) is not the artist's doing; the next rerun shows the new phase."""
    sent = f"draft_sent_{canvas_key}"
    if strokes != st.session_state.setdefault(sent, kept):
        try:
            engine.save_draft(token, strokes)
        except RuleError:
            return
        st.session_state[sent] = strokes


def choose(view: dict[str, Any], t: Translator, token: str) -> None:
    """The Curator's four options as large buttons, in the engine's shuffled order (R6)."""
    st.html(f'<div class="cc-role">{literal(t("ui.play.choose"))}</div>')
    show_composition(view["fragments"], view["signatures"], 240, t)
    # Two per row in horizontal containers: unlike columns, they do not stack on a phone.
    for row in (view["options"][:2], view["options"][2:]):
        with st.container(horizontal=True):
            for option in row:
                with st.container(width=150, horizontal_alignment="center"):
                    object_image(option, 80, name_card=False)
                    if st.button(
                        plain_label(option["name"]), key=f"option_{option['id']}", width="stretch"
                    ) and act_once("choice", view, engine.choose, token, option["id"]):
                        st.rerun()


def accuse(view: dict[str, Any], t: Translator, token: str) -> None:
    """One button per signature, a vote locks (R7). One's own looks like the others, so the
    Curator's buttons tell a neighbour nothing; tapping it says it cannot be accused."""
    show_composition(view["fragments"], view["signatures"], CANVAS_SIZE, t)
    voted = view["my_vote"]
    if voted:
        chip = signature_html(view["signatures"][voted])
        st.html(f"<div>{literal(t('ui.play.you_accused'))} {chip}</div>")
    else:
        st.html(f'<div class="cc-role">{literal(t("ui.play.accuse"))}</div>')
    colours = "".join(
        f".st-key-accuse_{sig_id} {{ --cc-colour: {sig['colour']}; }}"
        for sig_id, sig in view["signatures"].items()
    )
    st.html(f"<style>{colours}</style>")
    for sig_id, sig in view["signatures"].items():
        label = f"{SHAPE_GLYPHS.get(sig['shape'], '●')} {sig['name']}"
        if st.button(
            plain_label(label), key=f"accuse_{sig_id}", width="stretch", disabled=bool(voted)
        ) and act_once("vote", view, engine.accuse, token, sig_id):
            st.rerun()


def next_game(view: dict[str, Any], t: Translator) -> None:
    """Once the teacher starts the next game, join it in one tap, under the same name."""
    if not view["next_game"]:
        st.info(t("ui.play.wait_next_game"))
        return
    if st.button(t("ui.play.join_next"), key="join_next", type="primary", width="stretch"):
        try:
            token = engine.join(view["next_game"], view["name"], browser=browser)
        except RuleError as error:
            show_error(error, view["language"])
            st.page_link(
                "pages/play.py",
                label=t("ui.play.join_next_by_code"),
                query_params={"code": view["next_game"]},
            )
        else:
            enter(token)


def points_line(view: dict[str, Any], t: Translator) -> str:
    """Why this player got this round's points (R8 to R10), in one line: each of the round's
    two outcomes pays either everyone but the Distorter, or the Distorter alone."""
    reveal, name = view["reveal"], view["name"]
    mine = reveal["awards"].get(name, 0)
    distorter = name == reveal["distorter"]
    target = "found" if reveal["target_found"] else "missed"
    if reveal["distorter_caught"]:
        accusation = "caught"
    else:
        accusation = "escaped" if reveal["accused"] else "nobody"

    def paid(outcome: str, kind: str) -> str:
        points = reveal["points"][kind].get(name, 0)
        return t(f"ui.points.{outcome}.{'distorter' if distorter else 'others'}", points=points)

    reasons = [paid(target, "target"), paid(accusation, "accusation")]
    return t("ui.points.line", points=mine, reasons="; ".join(reasons))


def follow(
    view: dict[str, Any], status: dict[str, Any], listed: bool = True, redraw: str = "stage"
) -> None:
    """The page's live part (ui/live.py); `listed`, it also lists who joined or is ready,
    which other students change within a phase: the push stream brings the list, so a submit
    does not rerun every phone's page and canvas."""
    part = "phone" if listed else None
    follow_changes(view["code"], status, view["language"], redraw=redraw, part=part)


def view_and_status(token: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The student's view and the status read just before it (see `status_then_view`); the
    tab remembers each token's game, so only a first load reads the view twice."""
    games = st.session_state.setdefault(GAME_OF_TOKEN, {})
    view, status = status_then_view(
        games.get(token), lambda: engine.player_view(token, browser=browser)
    )
    games[token] = view["code"]
    return view, status


def player_page(token: str) -> None:
    """The student's page for this game's phase, and its live part."""
    try:
        view, status = view_and_status(token)
    except RuleError as error:
        # The language this tab last showed the game in, if it did (a removed student).
        dead_end(st.session_state.get("language", browser_language()), error)
    language = view["language"]
    st.session_state["language"] = language
    t = translator(language)
    phase = view["phase"]

    critters = view.get("game") == "canvas_critters"
    if critters:
        st.html(
            f'<div class="cc-head"><b>{name_html(view["name"])}</b>'
            f'<div class="cc-phase">{critters_play.heading_html(view, t)}</div></div>'
        )
    else:
        # No signature here: the Curator has none, so a header with one would tell a
        # neighbour who the Curator is. It is on the secret card (outside drawing), in the
        # canvas's ink, and marked ready in the list once submitted.
        st.html(
            f'<div class="cc-head"><b>{name_html(view["name"])}</b>'
            f'<div class="cc-phase">{round_heading(view, t)}</div>'
            f'<div class="cc-muted">{category_line(view, t)}</div></div>'
        )
    live_status(view["code"], status, language)

    if phase == "lobby":
        st.success(t("ui.play.waiting_start"))
        follow(view, status)
        return
    if phase == "finished":
        winners = view["winners"]
        message = "ui.play.you_won" if view["name"] in winners else "ui.play.game_over"
        st.html(f'<div class="cc-role">{literal(t(message))}</div>')
        next_game(view, t)
        standings(view["totals"], winners, t)
        follow(view, status, listed=False)
        return
    scroll_to_top_on_new_phase(view)
    if critters:
        critters_play.phase_body(view, t, token)
        # While mosaics are built the palette's counts are the shared pile's: every take at
        # the table redraws them, so a phone never offers a piece that is gone.
        building = view["pile"] is not None and view["mosaic"] is not None
        follow(view, status, redraw="any" if building else "stage")
        if view["round"] > 1:
            with st.expander(t("ui.totals")):
                standings(view["totals"], [], t)
        return
    card_shown = phase != "reveal" and role_card(view, t, token)
    curator = view["role"] == "curator"
    if phase in DRAWING_PHASES and not curator:
        if not card_shown and "draw" in view["actions"]:
            st.caption(t("ui.play.hint.draw", **view["actions"]["draw"]))
        draw(view, t, token)
    elif phase == "choice" and curator and view["options"]:
        choose(view, t, token)
    elif phase == "accusation":
        accuse(view, t, token)
    elif phase == "reveal":
        st.html(f'<div class="cc-role">{literal(points_line(view, t))}</div>')
        show_composition(view["fragments"], view["signatures"], CANVAS_SIZE, t)
        reveal_pictures(view["reveal"], t, 100)
        reveal_summary(view, t)
    else:
        # The Curator's own hint only where the Curator's page differs anyway (no canvas, the
        # options): elsewhere every phone with its card closed reads alike.
        own_hint = curator and phase in CURATOR_HINT_PHASES
        hint = f"ui.play.hint.{phase}.curator" if own_hint else f"ui.play.hint.{phase}"
        if phase == "merge" and view["seconds_left"] is None and not view["paused"]:
            hint = "ui.play.hint.merge.untimed"  # no "soon": it waits for the teacher
        if not (phase == "roles" and card_shown):
            st.info(t(hint))
        ended_pulse = {"merge": 1, "discussion": 2}.get(phase)
        if ended_pulse in view["auto_locked"]:
            st.success(t("ui.play.auto_locked"), icon=":material/lock:")
        if view["fragments"]:
            show_composition(view["fragments"], view["signatures"], CANVAS_SIZE, t)
    follow(view, status, listed=phase != "reveal")
    if view["round"] > 1 and phase != "reveal":
        with st.expander(t("ui.totals")):
            standings(view["totals"], [], t)


try:
    token = query_param("token", "error.bad_player_token")
except RuleError as error:
    dead_end(browser_language(), error)
if token:
    player_page(token)
else:
    join_form()
