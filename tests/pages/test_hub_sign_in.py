"""Behind a JupyterHub (ui/hub_login.py): creating a game needs a teacher's hub sign-in, and
the sign-in's way back accepts only an answer to a sign-in this browser started. A stand-in
for the hub's OAuth client records what the pages ask of it; the real hub is in
tests/browser/test_jupyterhub.py."""

from __future__ import annotations

from typing import Any

import pytest
from pagekit import html_text, page, run, tr

from ui import hub_login


class StandInHub:
    oauth_client_id = "service-canvas"
    oauth_redirect_uri = "/services/canvas/oauth_callback"
    oauth_authorization_url = "/hub/api/oauth2/authorize"
    access_scopes = {"access:services!service=canvas"}

    def __init__(self) -> None:
        self.codes: list[str] = []

    def token_for_code(self, code: str) -> str:
        self.codes.append(code)
        return "token"

    def user_for_token(self, token: str, use_cache: bool = True) -> dict[str, Any]:
        return {"name": "teacher", "scopes": sorted(self.access_scopes)}

    def check_scopes(self, required: set[str], user: dict[str, Any]) -> set[str]:
        return required & set(user["scopes"])


@pytest.fixture
def hub(monkeypatch) -> StandInHub:
    stand_in = StandInHub()
    monkeypatch.setenv("JUPYTERHUB_SERVICE_NAME", "canvas")
    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", "secret")
    monkeypatch.setattr(hub_login, "_hub_oauth", lambda: stand_in)
    return stand_in


def test_behind_a_hub_the_home_page_asks_a_teacher_to_sign_in(engine, hub):
    at = run(page("app.py"))
    assert not [b for b in at.button if b.key == "create_game"]
    assert tr("en", "ui.hub.sign_in_needed") in [m.value for m in at.markdown]
    link = html_text(at)
    assert 'href="/hub/api/oauth2/authorize?client_id=service-canvas' in link
    assert "redirect_uri=%2Fservices%2Fcanvas%2Foauth_callback" in link
    assert at.button(key="join_go")  # students still join with a code


def test_without_a_hub_anyone_creates_a_game(engine):
    at = run(page("app.py"))
    assert at.button(key="create_game")


def test_a_sign_in_this_browser_did_not_start_is_refused(engine, hub):
    at = run(page("pages/oauth_callback.py", code="from-elsewhere", state="forged"))
    assert [e.value for e in at.error] == [tr("en", "error.hub_sign_in_expired")]
    assert hub.codes == []  # the code was never even exchanged


def test_the_sign_in_page_is_nothing_without_a_hub(engine):
    at = run(page("pages/oauth_callback.py", code="x", state="y"))
    assert [w.value for w in at.warning] == [tr("en", "ui.hub.not_a_service")]
