"""Join addresses a student's phone can reach (ui/links.py)."""

from __future__ import annotations

import pytest

from ui.links import root_from_browser_url


@pytest.mark.parametrize(
    ("browser_url", "root"),
    [
        # The teacher on the laptop itself: phones cannot reach "localhost".
        ("http://localhost:8501/facilitator", "http://10.1.2.3:8501"),
        ("http://127.0.0.1:8501/", "http://10.1.2.3:8501"),
        # A real host name or address is what the phones use too.
        ("http://classroom-pc.local:8501/facilitator", "http://classroom-pc.local:8501"),
        ("https://games.school.example/screen", "https://games.school.example"),
        # Under a base path (a JupyterHub proxy), the path stays; only the page name goes.
        (
            "https://hub.example/user/ana/proxy/absolute/8501/facilitator",
            "https://hub.example/user/ana/proxy/absolute/8501",
        ),
        ("http://localhost:8501/base/path/screen", "http://10.1.2.3:8501/base/path"),
    ],
)
def test_the_root_is_reachable_from_students_devices(browser_url, root):
    assert root_from_browser_url(browser_url, "10.1.2.3") == root


def test_without_a_network_address_localhost_stays():
    assert root_from_browser_url("http://localhost:8501/", None) == "http://localhost:8501"


def test_public_url_overrides_everything(monkeypatch):
    from ui import links

    monkeypatch.setenv("PUBLIC_URL", "https://canvas.school.example/play-here/")
    assert links.page_url("play", code="ABC234") == (
        "https://canvas.school.example/play-here/play?code=ABC234"
    )
