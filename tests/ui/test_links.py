"""Join addresses a student's phone can reach (ui/links.py)."""

from __future__ import annotations

import pytest

from ui.links import is_loopback, root_from_browser_url, served_directly, shown_url
from ui.text import url_html


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


@pytest.mark.parametrize(
    ("browser_url", "headers", "direct"),
    [
        # The teacher's browser on Streamlit's own port, nothing in between.
        ("http://127.0.0.1:8501/facilitator", {}, True),
        # Jupyter's own port: the app is behind jupyter-server-proxy, whose machine address
        # answers nothing (the address the issue saw: http://<machine address>:8888/...).
        ("http://127.0.0.1:8888/user/teacher/proxy/absolute/8501/facilitator", {}, False),
        # A hub's proxy adds forwarding headers, even on the same port.
        ("http://127.0.0.1:8501/services/canvas/", {"X-Forwarded-For": "127.0.0.1"}, False),
        ("http://localhost:8501/", {"Forwarded": "for=10.0.0.9"}, False),
    ],
)
def test_only_a_direct_browser_gets_the_machines_network_address(browser_url, headers, direct):
    assert served_directly(browser_url, headers, 8501) is direct


@pytest.mark.parametrize(
    ("url", "loopback"),
    [
        ("http://localhost:8501/play?code=A", True),
        ("http://127.0.0.1:8000/services/canvas/play", True),
        ("http://127.8.9.1/", True),
        ("http://[::1]:8501/", True),
        ("http://app.localhost/", True),
        ("http://10.1.2.3:8501/play", False),
        ("https://hub.school.example/services/canvas/play", False),
    ],
)
def test_a_loopback_address_is_recognised(url, loopback):
    assert is_loopback(url) is loopback


def test_a_hub_service_uses_the_public_address_its_hub_gives(monkeypatch):
    from ui import links

    monkeypatch.delenv("PUBLIC_URL", raising=False)
    monkeypatch.setenv("JUPYTERHUB_SERVICE_NAME", "canvas")
    monkeypatch.setenv("JUPYTERHUB_PUBLIC_URL", "https://hub.school.example/services/canvas/")
    assert links.page_url("play", code="ABC234") == (
        "https://hub.school.example/services/canvas/play?code=ABC234"
    )


def test_a_long_address_can_wrap_at_its_parts_and_stays_escaped():
    html = url_html("hub.example/user/teacher/proxy/absolute/8501/play?code=AB&x=<1>")
    assert html.count("<wbr>") == 8
    assert "&amp;<wbr>x=&lt;1&gt;" in html
    assert shown_url("https://hub.example/play?code=AB") == "hub.example/play?code=AB"
