"""Where JupyterHub sends a teacher back after signing in (the hub's default redirect address
for a service, /services/<name>/oauth_callback): finish the sign-in, then go home to create
the game. Nobody is sent here otherwise, and it changes nothing but this tab's sign-in."""

from __future__ import annotations

import streamlit as st

from engine import RuleError
from ui.hub_login import finish_sign_in, hub_auth
from ui.look import page_style
from ui.runtime import query_param
from ui.text import browser_language, dead_end

st.set_page_config(page_title="Crossed Canvas", page_icon="🎨", layout="wide")
page_style()
language = browser_language()
auth = hub_auth()
if auth is None:
    dead_end(language, message_key="ui.hub.not_a_service")
try:
    finish_sign_in(
        auth,
        query_param("code", "error.hub_sign_in_expired"),
        query_param("state", "error.hub_sign_in_expired"),
    )
except RuleError as error:
    dead_end(language, error)
st.switch_page("app.py")
