"""ui/keep_alive.py: every HTTP answer names a keep-alive of 1 s, once, whatever the answer
said; a websocket's messages pass as they were sent. (What a proxy does with the header:
tests/browser/test_jupyterhub.py.)"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from ui.keep_alive import HINT, KeepAliveHint


def sent_by(inner: Any, kind: str) -> list[dict[str, Any]]:
    """The messages the middleware sends on for `inner`'s, on a scope of `kind`."""
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b""}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    with ThreadPoolExecutor(1) as pool:  # no event loop a browser test left in this thread
        pool.submit(asyncio.run, KeepAliveHint(inner)({"type": kind}, receive, send)).result()
    return sent


def test_an_answer_names_one_second_once_and_keeps_its_headers() -> None:
    async def answer(scope: Any, receive: Any, send: Any) -> None:
        headers = [(b"content-type", b"text/plain"), (b"Keep-Alive", b"timeout=5")]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": b"ok"})

    start, body = sent_by(answer, "http")
    assert start["headers"] == [(b"content-type", b"text/plain"), HINT]
    assert body == {"type": "http.response.body", "body": b"ok"}


def test_a_websocket_passes_untouched() -> None:
    accept = {"type": "websocket.accept", "headers": [(b"x-a", b"1")]}

    async def socket(scope: Any, receive: Any, send: Any) -> None:
        await send(accept)

    assert sent_by(socket, "websocket") == [accept]
