"""An id for this browser session, kept in a cookie: it holds one seat per game, it is what a
removed player's ban names, and it is what failed guesses are counted against (a school's
devices all share one network address, so the address cannot be it).

The cookie has no expiry (it ends with the browser session) and holds nothing but a random id.
Streamlit reads cookies when the page connects, so on the very first visit the id comes from
this tab's session state while a script stores it in the cookie for the next load.
"""

from __future__ import annotations

import json
import secrets

import streamlit as st

from engine.tokens import well_formed
from ui.links import app_path

COOKIE = "cc_browser"


def browser_id() -> str:
    """This browser session's id (made and stored on first use)."""
    known = st.context.cookies.get(COOKIE)
    if well_formed(known):
        return known
    fresh = st.session_state.setdefault("cc_browser", secrets.token_urlsafe(18))
    if not st.session_state.get("cc_browser_stored"):
        st.session_state["cc_browser_stored"] = True
        # Scoped to the app's path: behind a hub, other services and users' servers share
        # the origin, and have no use for it.
        cookie = json.dumps(f"{COOKIE}={fresh}; path={app_path()}; SameSite=Lax")
        st.html(f"<script>document.cookie = {cookie};</script>", unsafe_allow_javascript=True)
    return fresh
