"""Who may create a game when the app runs as a JupyterHub service.

Behind a hub, anyone who can open the hub's address can open the app: students join with a
code and no account, as everywhere. Creating a game, though, takes a hub sign-in by someone
the hub lets use this service (the scope `access:services!service=<name>`, which the hub's
admin grants to teachers), so a class cannot fill the server with games. The hub's own OAuth
for services does the signing in, through its client library (`jupyterhub.services.auth`).

The sign-in lasts as long as this tab's session: creating a game is a rare step, and once a
game exists its facilitator's private link, not the hub account, is what controls it.
"""

from __future__ import annotations

import json
import os
import secrets
from typing import TYPE_CHECKING
from urllib.parse import urlencode

import streamlit as st

from engine import RuleError
from ui.links import app_path

if TYPE_CHECKING:
    from jupyterhub.services.auth import HubOAuth

#: Holds the sign-in's `state` between leaving for the hub and coming back: the callback
#: accepts only the answer to a sign-in this browser started (OAuth's CSRF protection).
STATE_COOKIE = "cc_hub_state"
STATE_SECONDS = 600
SIGNED_IN = "hub_teacher"


@st.cache_resource
def _hub_oauth() -> HubOAuth:
    from jupyterhub.services.auth import HubOAuth  # only a hub service needs jupyterhub

    return HubOAuth()


def hub_auth() -> HubOAuth | None:
    """The hub's OAuth client when this app runs as a hub service (its hub sets
    JUPYTERHUB_SERVICE_NAME and JUPYTERHUB_API_TOKEN), else None: no sign-in anywhere."""
    if not (os.environ.get("JUPYTERHUB_SERVICE_NAME") and os.environ.get("JUPYTERHUB_API_TOKEN")):
        return None
    return _hub_oauth()


def signed_in_teacher() -> str | None:
    """The hub name of the teacher signed in on this tab, if any."""
    return st.session_state.get(SIGNED_IN)


def sign_in_url(auth: HubOAuth) -> str:
    """The hub's sign-in address for this tab; its `state` is kept in a cookie to compare on
    the way back."""
    state = st.session_state.setdefault("hub_state", secrets.token_urlsafe(24))
    if st.session_state.get("hub_state_stored") != state:
        st.session_state["hub_state_stored"] = state
        cookie = json.dumps(
            f"{STATE_COOKIE}={state}; path={app_path()}; max-age={STATE_SECONDS}; SameSite=Lax"
        )
        st.html(f"<script>document.cookie = {cookie};</script>", unsafe_allow_javascript=True)
    query = urlencode(
        {
            "client_id": auth.oauth_client_id,
            "redirect_uri": auth.oauth_redirect_uri,
            "response_type": "code",
            "state": state,
        }
    )
    return f"{auth.oauth_authorization_url}?{query}"


def finish_sign_in(auth: HubOAuth, code: str | None, state: str | None) -> str:
    """Complete a sign-in the hub sent back: the teacher's hub name, now signed in on this tab.

    Raises RuleError when the answer is not for a sign-in this browser started, when the hub
    does not confirm it, or when the account may not use this service.
    """
    expected = st.context.cookies.get(STATE_COOKIE)
    if not (code and state and isinstance(expected, str) and expected):
        raise RuleError("error.hub_sign_in_expired")
    if not secrets.compare_digest(expected.encode(), state.encode()):
        raise RuleError("error.hub_sign_in_expired")
    try:
        user = auth.user_for_token(auth.token_for_code(code), use_cache=False)
    except Exception as error:  # the hub refused the code, or could not be reached
        raise RuleError("error.hub_sign_in_expired") from error
    if not user or not auth.check_scopes(auth.access_scopes, user):
        raise RuleError("error.hub_not_allowed")
    name: str = user["name"]
    st.session_state[SIGNED_IN] = name
    return name
