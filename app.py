"""Home: a teacher creates a game; a student joins one by its code.

`streamlit run app.py` serves this page and the pages in pages/: /facilitator, /play, /screen,
/rules.
"""

from __future__ import annotations

import functools

import streamlit as st

from engine import RuleError
from engine.i18n import LANGUAGES
from ui import rehearsal
from ui.aria_words import speak_the_page_language
from ui.browser import browser_id, remember_language, remembered_language
from ui.games import PARTS
from ui.how_to_play import game_summary
from ui.hub_login import hub_auth, sign_in_url, signed_in_teacher
from ui.join_code import join_form
from ui.look import page_style
from ui.runtime import get_engine
from ui.text import browser_language, literal, sentence_html, show_error, translator

# Timer paces a teacher can pick: the rulebook's, or longer phases for younger classes.
# Untimed (None): every phase waits for the facilitator, for classes that need it (WCAG 2.2.1).
PACES: dict[str, float | None] = {
    "standard": 1.0,
    "relaxed": 1.5,
    "extra_relaxed": 2.0,
    "untimed": None,
}
LANGUAGE_NAMES = {"en": "English", "es": "Español"}
# What a teacher creates: one game, a whole class seated at several tables (one code), or a
# rehearsal alone with robots (ui/rehearsal.py).
KINDS = ("game", "class", "robots")

if __name__ != "__main__":
    # `streamlit run app.py` imports this file once to find `app`: Streamlit's pages plus the
    # app's own routes (ui/routes.py: the push stream, the faces), served as
    # ui/server_start.py sets up (no Nagle's 40 ms waits, each run's theme built once), every
    # answer saying how long an idle connection is kept (ui/keep_alive.py, for JupyterHub's
    # proxy). Every visit then runs it as a page, below.
    from starlette.middleware import Middleware
    from streamlit import config

    from ui.keep_alive import KeepAliveHint
    from ui.routes import app_routes
    from ui.server_start import server_lifespan

    app = st.App(
        __file__,
        routes=app_routes(config.get_option("server.baseUrlPath")),
        lifespan=server_lifespan,
        middleware=[Middleware(KeepAliveHint)],
    )
else:
    st.set_page_config(page_title="Crossed Canvas", page_icon="🎨", layout="centered")
    page_style()
    engine = get_engine()
    browser = browser_id()
    # The games a teacher may create, in the order offered (the engine's registry); the first
    # is picked until the teacher picks another.
    offered = engine.offered_games()
    first_game = next(iter(offered))

    def keep_choices() -> None:
        """The creation's choices set again after a change that relabels them (the page's
        language; the game, whose player counts the kinds name): the browser keeps a radio's
        choice by its label, and would drop it."""
        st.session_state["create_pace"] = st.session_state.get("create_pace") or "standard"
        st.session_state["create_kind"] = st.session_state.get("create_kind") or "game"
        st.session_state["create_game_name"] = (
            st.session_state.get("create_game_name") or first_game
        )
        if "create_deck" in st.session_state:
            st.session_state["create_deck"] = st.session_state["create_deck"]

    def game_language_follows() -> None:
        """Switching the page to Spanish also proposes a Spanish game (still changeable)."""
        if st.session_state.get("home_language"):
            st.session_state["create_language"] = st.session_state["home_language"]
        keep_choices()

    first_language = remembered_language(LANGUAGES) or browser_language()
    language = (
        st.segmented_control(
            "Language / Idioma",
            LANGUAGES,
            format_func=LANGUAGE_NAMES.__getitem__,
            default=first_language,
            key="home_language",
            label_visibility="collapsed",
            on_change=game_language_follows,
        )
        or first_language
    )
    if language != first_language:
        remember_language(language)
    t = translator(language)
    speak_the_page_language(language)  # the game pages' is in ui/tab.py `name_the_tab`

    # A student's part first (the bare address is what a class opens), the teacher's below.
    st.title(t("ui.home.join_title"))
    join_form(engine, browser, t, language)
    st.divider()

    def may_create_here() -> bool:
        """Anyone may create a game, except behind a JupyterHub: there only a teacher the hub lets
        use this service, signed in on this tab (ui/hub_login.py)."""
        hub = hub_auth()
        if hub is None:
            return True
        teacher = signed_in_teacher()
        if teacher is None:
            st.write(t("ui.hub.sign_in_needed"))
            # A link in this tab (st.link_button opens a new one): the sign-in comes back here.
            st.html(
                f'<a class="cc-button" href="{literal(sign_in_url(hub))}" target="_self">'
                f"{literal(t('ui.hub.sign_in'))}</a>"
            )
            return False
        st.html(sentence_html(t, "ui.hub.signed_in_as", teacher))
        return True

    st.header(t("ui.home.create_title"))
    if may_create_here():
        # Defaults through session state, not index=: the language switch sets both, and a
        # widget given a default and a value set in session state logs a warning.
        st.session_state.setdefault("create_language", language)
        st.session_state.setdefault("create_pace", "standard")
        st.session_state.setdefault("create_kind", "game")
        st.session_state.setdefault("create_game_name", first_game)
        game_name = st.radio(
            t("ui.home.game"),
            list(offered),
            format_func=lambda name: t(f"ui.home.game.{name}"),
            key="create_game_name",
            on_change=keep_choices,
        )
        # The game picked, in the page's language: its name and what it is.
        st.subheader(engine.game_title(game_name, language))
        st.write(t(f"ui.home.tagline.{game_name}"))
        game = offered[game_name]
        # A whole class on one code, in tables, for a game a class can play.
        kinds = [kind for kind in KINDS if kind != "class" or game["as_class"]]
        counts = {"robots": dict(zip(("fewest", "most"), rehearsal.robot_range(game), strict=True))}
        kind = st.radio(
            t("ui.home.kind"),
            kinds,
            format_func=lambda name: t(
                f"ui.home.kind.{name}",
                **counts.get(name, {"fewest": game["fewest"], "most": game["most"]}),
            ),
            key="create_kind",
        )
        if kind == "class":
            st.caption(
                t(
                    "ui.home.kind.class_help",
                    fewest=game["class_fewest"],
                    most=game["class_most"],
                )
            )
        seated = rehearsal.seats(game, t) if kind == "robots" else None
        game_language = st.selectbox(
            t("ui.home.game_language"),
            LANGUAGES,
            format_func=LANGUAGE_NAMES.__getitem__,
            key="create_language",
        )
        pace = st.radio(
            t("ui.home.pace"),
            list(PACES),
            format_func=lambda name: t(f"ui.pace.{name}"),
            key="create_pace",
        )
        decks = PARTS[game_name].decks
        deck, deck_owner = decks.deck_choice(engine, t) if decks else (None, None)
        if st.button(t("ui.home.create_go"), key="create_game", type="primary"):
            factor = PACES[pace]
            durations = {
                phase: None if factor is None else seconds * factor
                for phase, seconds in engine.default_durations(game_name).items()
            }
            create, page = (
                (functools.partial(engine.create_class, game=game_name), "pages/classroom.py")
                if kind == "class"
                else (
                    functools.partial(engine.create_game, game=game_name),
                    "pages/facilitator.py",
                )
            )
            try:
                if seated is not None:
                    st.session_state[rehearsal.REHEARSAL] = rehearsal.create(
                        engine,
                        seated,
                        game=game_name,
                        language=game_language,
                        deck=deck,
                        durations=durations,
                        deck_owner=deck_owner,
                        browser=browser,
                    )
                else:
                    new_game = create(
                        language=game_language,
                        deck=deck,
                        # None is an untimed phase, which the engine takes (durations_for)
                        # but its create_game/create_class annotations (Mapping[str, float])
                        # miss.
                        durations=durations,
                        browser=deck_owner,
                    )
                    st.switch_page(page, query_params={"key": new_game.facilitator_token})
            except RuleError as error:
                show_error(error, language)
        ready = st.session_state.get(rehearsal.REHEARSAL)
        if kind == "robots" and ready is not None:
            rehearsal.links(ready, t)
        if decks:
            with st.expander(t("ui.deck.own_title"), key="deck_form"):
                decks.upload_form(engine, t, language)

    with st.expander(t("ui.home.how_to_play")):
        # Each game's summary, then a link to its full rules in the page's language.
        for game_name in offered:
            game_summary(game_name, language, t)
    st.page_link(
        "pages/privacy.py",
        label=t("ui.home.privacy"),
        icon=":material/shield_person:",
        query_params={"lang": language},
    )
