"""Every HTTP answer says `Keep-Alive: timeout=1`, so that JupyterHub's proxy sends no request
on a connection the app is closing.

configurable-http-proxy keeps its connections to the app open between requests, with no limit
of its own (`new http.Agent({keepAlive: true})`), while uvicorn, which serves `streamlit run`,
closes a connection idle for 5 s. A request the proxy sends on one at the moment uvicorn closes
it fails ("socket hang up", a 503): a student's page then lacks one of Streamlit's scripts and
never draws. Node's agent reads this header (Node 20, `Agent.keepSocketAlive`): it stops a
second before the time named, and an agent with no timeout of its own takes the hint only when
that leaves no time at all, so at 1 s it keeps no connection and opens a new one per request,
on loopback. Browsers keep their own connections as before (Chrome ignores the header); nginx
(the school command) does not reuse connections to the app servers.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

HINT = (b"keep-alive", b"timeout=1")


class KeepAliveHint:
    """ASGI middleware: adds HINT to every HTTP answer's headers; websockets pass untouched."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def hinted(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [h for h in message.get("headers", []) if h[0].lower() != HINT[0]]
                message = {**message, "headers": [*headers, HINT]}
            await send(message)

        await self.app(scope, receive, hinted)
