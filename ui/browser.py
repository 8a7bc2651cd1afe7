"""Ids for this browser, kept in cookies.

`browser_id`: the browser session's id. It holds one seat per game, it is what a removed
player's ban names, and it is what failed guesses are counted against (a school's devices all
share one network address, so the address cannot be it). Its cookie has no expiry: it ends
with the browser session.

`deck_owner_id`: the key a teacher's uploaded decks belong to. A deck is for next week's
lesson too, so this cookie lasts a year; it is set only in a browser that uploads a deck, and
without it nobody can list or use those decks.

`remember_language`: the language last picked on the home page, for a year, so a teacher who
switched to Spanish finds the home page in Spanish next time (before any choice, the browser's
own language decides).

The id cookies hold nothing but a random id. Streamlit reads cookies when the page connects, so
on the very first visit an id comes from this tab's session state while a script stores it in
the cookie for the next load.
"""

from __future__ import annotations

import json
import secrets

import streamlit as st

from engine.tokens import new_token, well_formed
from ui.links import app_path

COOKIE = "cc_browser"
DECK_COOKIE = "cc_decks"
DECK_COOKIE_SECONDS = 365 * 86400
LANGUAGE_COOKIE = "cc_language"


def browser_id() -> str:
    """This browser session's id (made and stored on first use)."""
    known = st.context.cookies.get(COOKIE)
    if well_formed(known):
        return known
    made: str = st.session_state.setdefault(COOKIE, secrets.token_urlsafe(18))
    _store_cookie(COOKIE, made, "")
    return made


def known_deck_owner_id() -> str | None:
    """The deck key this browser already has (from its cookie or this tab), if any; the
    cookie is stored here once the tab made a key, and never for a browser without one."""
    known = st.context.cookies.get(DECK_COOKIE)
    if well_formed(known):
        return known
    made = st.session_state.get(DECK_COOKIE)
    if not well_formed(made):
        return None
    _store_cookie(DECK_COOKIE, made, f"; max-age={DECK_COOKIE_SECONDS}")
    return made


def deck_owner_id() -> str:
    """This browser's deck key, made on first use (a deck's upload: no page element, so a
    button's callback may call it); `known_deck_owner_id` then stores it in the cookie."""
    return known_deck_owner_id() or st.session_state.setdefault(DECK_COOKIE, new_token())


def remembered_language(languages: tuple[str, ...]) -> str | None:
    """The language this browser last picked on the home page, if it is one of `languages`."""
    chosen = st.session_state.get(_stored(LANGUAGE_COOKIE))
    chosen = chosen or st.context.cookies.get(LANGUAGE_COOKIE)
    return chosen if chosen in languages else None


def remember_language(language: str) -> None:
    """Keep the home page's language for this browser's next visit."""
    _store_cookie(LANGUAGE_COOKIE, language, f"; max-age={DECK_COOKIE_SECONDS}")


def _store_cookie(cookie: str, value: str, lifetime: str) -> None:
    """Once per tab and value: a script sets the cookie, which Streamlit reads at the next page
    load."""
    if st.session_state.get(_stored(cookie)) == value:
        return
    st.session_state[_stored(cookie)] = value
    # Scoped to the app's path: behind a hub, other services and users' servers share the
    # origin, and have no use for it.
    text = json.dumps(f"{cookie}={value}; path={app_path()}; SameSite=Lax{lifetime}")
    st.html(f"<script>document.cookie = {text};</script>", unsafe_allow_javascript=True)


def _stored(cookie: str) -> str:
    """The session-state key of the value this tab last stored in `cookie`."""
    return f"{cookie}_stored"
