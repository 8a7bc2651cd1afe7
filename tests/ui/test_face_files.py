"""The faces as files the app serves itself (issue 42): a roster names a face's short address
under the app's base path, and that address answers with the picture, kept by the browser; any
other name is a 404, whatever it tries to name."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

import pytest
from starlette.applications import Starlette

from engine import avatars
from ui.faces import face_src, face_svg, named_html
from ui.routes import app_routes

BASE = "services/canvas"


def get(path: str) -> tuple[int, dict[str, str], bytes]:
    """A GET of `path` from the app's routes mounted under BASE, as a browser would send it:
    the status, the headers and the body."""
    app = Starlette(routes=app_routes(BASE))
    sent: list[dict] = []

    async def receive() -> dict:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict) -> None:
        sent.append(message)

    raw_path, _, query = path.partition("?")
    scope = {
        "type": "http",
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": raw_path,
        "raw_path": raw_path.encode(),
        "query_string": query.encode(),
        "headers": [],
        "server": ("127.0.0.1", 8501),
    }
    # A thread of its own: a browser test earlier in the session may leave an event loop
    # running in this one, where asyncio.run refuses to start.
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, app(scope, receive, send)).result()
    start = sent[0]
    headers = {k.decode().lower(): v.decode() for k, v in start["headers"]}
    return start["status"], headers, b"".join(m.get("body", b"") for m in sent[1:])


@pytest.mark.parametrize("face", ["fox-mint", "koala-sage", avatars.ROBOT])
def test_a_roster_names_the_face_s_address_and_the_app_serves_it_there(face):
    named = named_html("Ana", {"Ana": face})
    assert "data:" not in named and len(named) < 120  # an address, not the picture
    # Every page is one step under the base path: the address resolves to <base>/cc-faces/.
    status, headers, body = get(f"/{BASE}/{face_src(face)}")
    assert status == 200
    assert body.decode() == face_svg(face)
    assert headers["content-type"].startswith("image/svg+xml")
    assert "max-age=31536000" in headers["cache-control"]


@pytest.mark.parametrize(
    "name",
    ["ghost-mint", "fox", "..%2F..%2Fpyproject.toml", "%2E%2E", "fox-mint.svg", "robot-lemon"],
)
def test_any_other_name_is_a_404_and_never_a_file(name):
    status, _, body = get(f"/{BASE}/cc-faces/{name}.svg")
    assert status == 404
    assert b"<svg" not in body and b"[project]" not in body
