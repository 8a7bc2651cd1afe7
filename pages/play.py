"""A student's page: join, then the game's phone (its parts: ui/games.py) and the live part.

Identity lives in the address bar (?token=...): a reload, a locked phone or a new tab brings
the student back to the same role, signature and locked actions (R12).
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from engine import FINISHED, LOBBY, NAME_MAX_CHARS, Engine, PlayerView, RuleError, avatars
from ui.browser import browser_id
from ui.classes.tables import is_class, table_tag_html, view_of_code
from ui.face_picker import NO_FACE, FaceChoice, face_picker
from ui.faces import named_html
from ui.games import last_seconds, parts_of
from ui.how_to_play import lobby_how_to
from ui.join_code import code_game_html
from ui.live import follow_changes, live_status, status_of
from ui.look import bottom_bar_css, page_style, standings
from ui.runtime import get_engine, query_param
from ui.sound import phone_cue
from ui.tab import name_the_tab
from ui.text import (
    Translator,
    browser_language,
    dead_end,
    literal,
    mark_robots,
    robots_in,
    sentence_html,
    show_error,
    translator,
)

PLAY_CSS = """
.stMainBlockContainer { padding-top: 1rem; }
.cc-role { font-size: 1.3rem; font-weight: 800; }
.cc-phase { font-size: 1.1rem; }
/* The reveal table sizes its columns to their words (a fixed layout gave three equal columns
   and broke "Konstantinova" mid-word); a name breaks between its words, and only a single
   over-long word (ui/crossed_canvas/look.py's cc-long-word) anywhere. */
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
/* An open menu (a ribbon's receiver, a background) lies above the countdown, which would
   cover its first options once the page has scrolled. */
body:has([data-baseweb="popover"]) :is(.cc-timer, .cc-warn) { visibility: hidden; }
[data-testid="stLayoutWrapper"]:has(> .st-key-cc_stage) { display: none; }
.st-key-cc_card { padding: .6rem .9rem; }
.cc-warn { position: fixed; top: 3.1rem; right: .8rem; z-index: 999991; pointer-events: none;
  background: #b00020; color: #fff; font-weight: 700; border-radius: .4rem;
  padding: .1rem .5rem; }
"""
# While drawing, the stroke counter and Submit stay in sight at the bottom of a phone.
PLAY_CSS += bottom_bar_css("cc_submit_bar")
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
    name_the_tab(view["game"], language, t)
    mark_robots(robots_in(view), t)  # "robot" beside a robot's name
    st.title(t("ui.play.join_title"))
    st.html(f'<div class="cc-code">{literal(view["code"])}</div>')
    st.html(code_game_html(view["code"], view["game"], language))
    # A class always seats a newcomer (a late student gets a table of their own to start).
    if not is_class(status) and (view["phase"] != LOBBY or view["locked"]):
        # Said before a name is typed (a late student, a locked lobby), unless this browser
        # holds a seat already: joining again returns it, on its same link, whatever the name.
        try:
            enter(engine.join(view["code"], "", browser=browser))
        except RuleError as error:
            show_error(error, language)
            st.page_link("app.py", label=t("ui.go_home"))
        return
    seated = engine.seated_name(view["code"], browser=browser)
    if seated is not None:
        already_in(view["code"], seated, t, language)
        return
    face = NO_FACE
    if view["faces"]:  # the teacher may play by names alone
        st.subheader(t("ui.face.title"))
        st.caption(t("ui.face.hint"))
        face = face_picker(t, "join_face")
    with st.form("join"):
        # No max_chars, here or on any typed text: Streamlit drops a longer paste whole and
        # says nothing; the engine refuses it saying the limit, and the text stays to shorten.
        name = st.text_input(t("ui.play.name_label"), key="join_name")
        st.caption(t("ui.play.name_hint", most=NAME_MAX_CHARS))
        submitted = st.form_submit_button(
            t("ui.play.join_submit"), key="join_submit", type="primary"
        )
    if submitted:
        join_and_enter(view["code"], name, language, face)


def already_in(code: str, name: str, t: Translator, language: str) -> None:
    """The join form of a game or class this browser is seated in (Back from one's phone, or
    another tab): no form, a way back to one's phone instead, on the same link (a join from
    this browser returns its seat)."""
    st.html(f'<p class="cc-already-in">{sentence_html(t, "ui.play.already_in", name)}</p>')
    if st.button(t("ui.play.back_to_phone"), key="back_to_phone", type="primary"):
        join_and_enter(code, "", language)


def join_and_enter(code: str, name: str, language: str, face: FaceChoice = NO_FACE) -> None:
    """Join `code` as `name` with the `face` picked or drawn (none: the seat's), or this
    browser's seat there, and go to one's phone; a refusal is said and changes nothing."""
    try:
        token = engine.join(code, name, browser=browser, avatar=face.face, drawing=face.drawing)
    except RuleError as error:
        show_error(error, language)
    else:
        enter(token)


def enter(token: str) -> None:
    """Go to one's seat: the personal link replaces the code in the address bar."""
    st.query_params.from_dict({"token": token})
    st.rerun()


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


def scroll_to_top_on_new_phase(view: PlayerView) -> None:
    """A new phase starts at the top of the page, not where the last one was scrolled to."""
    with st.container(key="cc_stage", gap=None):
        st.html(SCROLL_TO_TOP_SCRIPT, unsafe_allow_javascript=True)
        st.html(f'<span data-cc-stage="{view["round"]}-{view["phase"]}"></span>')


def next_game(view: PlayerView, t: Translator) -> None:
    """Once the teacher starts the next game, join it in one tap, under the same name."""
    if not view["next_game"]:
        st.info(t("ui.play.wait_next_game"))
        return
    if st.button(t("ui.play.join_next"), key="join_next", type="primary", width="stretch"):
        try:
            face = worn_face(view)
            token = engine.join(
                view["next_game"],
                view["name"],
                browser=browser,
                avatar=face.face,
                drawing=face.drawing,
            )
        except RuleError as error:
            show_error(error, view["language"])
            st.page_link(
                "pages/play.py",
                label=t("ui.play.join_next_by_code"),
                query_params={"code": view["next_game"]},
            )
        else:
            enter(token)


def follow(
    view: PlayerView, status: dict[str, Any], listed: bool = True, redraw: str = "stage"
) -> None:
    """The page's live part (ui/live.py); `listed`, it also lists who joined or is ready,
    which other students change within a phase: the push stream brings the list, so a submit
    does not rerun every phone's page and canvas."""
    part = "phone" if listed else None
    follow_changes(
        view["code"],
        status,
        view["language"],
        view=view,
        redraw=redraw,
        part=part,
        warning=last_seconds(view),
    )


def view_and_status(token: str) -> tuple[PlayerView, dict[str, Any]]:
    """The student's view and the game's status as it was built (`status_of`: one read); the
    tab remembers each token's game, to say that the game itself is gone (deleted, expired)
    rather than that the link is wrong. The view is of the student's own game, so a student a
    class moved to another table follows that table's status."""
    games = st.session_state.setdefault(GAME_OF_TOKEN, {})
    try:
        view = engine.player_view(token, browser=browser)
    except RuleError:
        if token in games:
            engine.status(games[token])  # raises the code's own error if the game is gone
        raise
    games[token] = view["code"]
    return view, status_of(view)


def latecomers_words(view: PlayerView, t: Translator) -> str:
    """What a latecomer waits for, as it stands: enough to start (the teacher may), every
    other table finished (the class's next game), or how many more must come."""
    fewest = Engine.offered_games()[view["game"]]["class_fewest"]
    seated = len(view["players"])
    if seated >= fewest:
        return t("ui.play.latecomers_ready", count=seated)
    if view["others_finished"]:
        return t("ui.play.latecomers_over")
    return t("ui.play.latecomers", count=fewest - seated, seated=seated)


def worn_face(view: PlayerView) -> FaceChoice:
    """The face the student wears now: the animal's id, or the strokes they drew."""
    face = view["avatars"].get(view["name"])
    if face is None or not avatars.is_drawn(face):
        return FaceChoice(face)
    return FaceChoice(None, engine.drawn_avatar(face))


def change_face(view: PlayerView, token: str, t: Translator) -> None:
    """The student's face, picked or drawn again until the game starts; a refusal is said."""
    face = face_picker(t, "lobby_face", view["avatars"].get(view["name"]), engine.drawn_avatar)
    drawing = st.session_state.get("lobby_face_kind") == "drawn"
    label = "ui.face.use_drawing" if drawing else "ui.face.change"
    if st.button(t(label), key="change_face") and (face.face or face.drawing):
        try:
            if face.drawing:
                engine.draw_avatar(token, face.drawing)
            elif face.face:
                engine.set_avatar(token, face.face)
        except RuleError as error:
            show_error(error, view["language"])
        else:
            st.rerun()


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
    name_the_tab(view["game"], language, t)
    mark_robots(robots_in(view), t)  # "robot" beside a robot's name
    phase = view["phase"]

    phone = parts_of(view).phone
    # At a class's table: its name in its colour, as on the class projector's card.
    table = "" if view["table"] is None else f" {table_tag_html(view['table'], t)}"
    st.html(
        f'<div class="cc-head"><b>{named_html(view["name"], view["avatars"])}</b>{table}'
        f"{phone.heading_html(view, t)}</div>"
    )
    live_status(view["code"], status, language, warning=last_seconds(view))

    if phase == LOBBY:
        # The game is named, and told in a few lines, while the class waits for the start.
        st.subheader(Engine.game_title(view["game"], language))
        if view["latecomers"]:  # the class's other tables play: say why, and what comes
            st.info(latecomers_words(view, t))
        else:
            st.success(t("ui.play.waiting_start"))
        if view["faces"]:  # the teacher may play by names alone
            with st.expander(t("ui.face.title")):
                change_face(view, token, t)
        with st.expander(t("ui.home.how_to_play")):
            lobby_how_to(view["game"], language, t)
        phone_cue(view, status, t)  # turned on while the class waits
        # A latecomer's words count who is here: every join redraws them (a quiet lobby).
        follow(view, status, redraw="any" if view["latecomers"] else "stage")
        return
    if phase == FINISHED:
        winners = view["winners"]
        message = "ui.play.you_won" if view["name"] in winners else "ui.play.game_over"
        st.html(f'<div class="cc-role">{literal(t(message))}</div>')
        next_game(view, t)
        standings(view["totals"], winners, view["avatars"], t)
        if ending := phone.ending_html(view, t):
            st.html(ending)
        follow(view, status, listed=False)
        return
    scroll_to_top_on_new_phase(view)
    phone.phase_body(view, t, token)
    listed, redraw = phone.following(view)
    follow(view, status, listed=listed, redraw=redraw)
    if view["round"] > 1 and phone.totals_shown(view):
        with st.expander(t("ui.totals")):
            standings(view["totals"], [], view["avatars"], t)
    phone_cue(view, status, t)


try:
    token = query_param("token", "error.bad_player_token")
except RuleError as error:
    dead_end(browser_language(), error)
if token:
    player_page(token)
else:
    join_form()
