"""One browser tab, without a browser: Streamlit's websocket protocol plus the game's push
stream, as the page and its live component (ui/live.py, ui/live.js) use them.

A tab loads its page (`rerun_script` with the page's name and query string), reads the data
of the `cc_follow` component from the page's deltas (`stream`, `key`, `version`), opens that
Server-Sent Events stream as the component's EventSource does, and when the stream names a
newer version asks for a rerun the way the component does: the page's rerun carrying the
component's trigger "changed" (`json_trigger_value` of its trigger widget). Like live.js it
never asks while a run is going on; it asks again after the run if the stream moved on.

What differs from a browser: the rerun carries only the trigger, not the values of the page's
other widgets (they fall back to their defaults; the bench's pages have none that matter), and
nothing is rendered. Every finished run is recorded with the version the page was drawn at, so
the bench can tell when a change reached this tab.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from dataclasses import dataclass, field

import aiohttp
import websockets
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

LIVE_COMPONENT = "crossed_canvas_live"  # ui/live.py's component
#: Streamlit's prefix of internal widget ids; a bidi component's triggers travel on the id
#: `<prefix>_<component id>__events` (streamlit/components/v2/bidi_component/main.py).
TRIGGER_ID = "$$STREAMLIT_INTERNAL_KEY_{id}__events"
RECV_TIMEOUT = 60.0  # one answer from a loaded server; past this the tab gives up
MAX_MESSAGE = 32 * 2**20


@dataclass
class Run:
    finished: float  # time.monotonic() when the server said the run was over
    version: int  # the game's version the page was drawn at (the live component's data)
    seconds: float  # from asking to finished


@dataclass
class Tab:
    """One page (`page` is its URL path: "play", "screen", "facilitator")."""

    base: str  # http://host:port of the app (or of the load balancer)
    page: str
    query: str
    cookie: str = ""  # e.g. the load balancer's choice of server, as a browser keeps it
    ws: websockets.ClientConnection | None = None
    page_hash: str = ""
    live: dict = field(default_factory=dict)  # the cc_follow component's data
    trigger_id: str = ""
    runs: list[Run] = field(default_factory=list)
    latest: int = 0  # the newest version the stream told of
    heard: list[tuple[float, int]] = field(default_factory=list)  # (when, version) of events
    error: str = ""
    _news: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def version(self) -> int:
        return self.runs[-1].version if self.runs else -1

    async def load(self) -> None:
        """Connect and run the page as a browser does for its address."""
        ws_base = self.base.replace("http://", "ws://", 1)
        self.ws = await websockets.connect(
            f"{ws_base}/_stcore/stream",
            subprotocols=["streamlit"],
            max_size=MAX_MESSAGE,
            open_timeout=RECV_TIMEOUT,
            additional_headers={"Cookie": self.cookie} if self.cookie else None,
        )
        await self._run(self._ask())

    async def follow(self, http: aiohttp.ClientSession) -> None:
        """Read the page's push stream and rerun the page on news, until cancelled."""
        rerunning = asyncio.create_task(self._rerun_on_news())
        try:
            await self._read_stream(http)
        except (aiohttp.ClientError, TimeoutError, ValueError) as error:
            self.error = f"stream: {type(error).__name__}: {error}"
        finally:
            rerunning.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await rerunning

    async def close(self) -> None:
        if self.ws is not None:
            with contextlib.suppress(Exception):
                async with asyncio.timeout(5):
                    await self.ws.close()

    # -- the push stream, as live.js's EventSource ------------------------------------------

    async def _read_stream(self, http: aiohttp.ClientSession) -> None:
        url = f"{self.base}{self.live['stream']}"
        params = {"k": self.live["key"], "v": str(self.live["version"])}
        headers = {"Cookie": self.cookie} if self.cookie else None
        timeout = aiohttp.ClientTimeout(total=None)
        async with http.get(url, params=params, headers=headers, timeout=timeout) as r:
            r.raise_for_status()
            async for raw in r.content:
                line = raw.decode().strip()
                if line.startswith("data:"):
                    version = json.loads(line[5:])["version"]
                    self.heard.append((time.monotonic(), version))
                    self.latest = max(self.latest, version)
                    self._news.set()

    async def _rerun_on_news(self) -> None:
        """live.js's catchUp: one rerun at a time, again while the stream knows better."""
        try:
            while True:
                await self._news.wait()
                self._news.clear()
                while self.latest > self.version:
                    await self._run(self._ask(trigger="changed"))
        except (OSError, TimeoutError, websockets.ConnectionClosed, RuntimeError) as error:
            self.error = f"rerun: {type(error).__name__}: {error}"

    # -- Streamlit's protocol -----------------------------------------------------------------

    def _ask(self, trigger: str | None = None) -> BackMsg:
        message = BackMsg()
        rerun = message.rerun_script
        rerun.query_string = self.query
        rerun.page_name = self.page
        if self.page_hash:
            rerun.page_script_hash = self.page_hash
        if trigger:
            state = rerun.widget_states.widgets.add()
            state.id = self.trigger_id
            state.json_trigger_value = json.dumps(
                [{"event": trigger, "value": int(time.time() * 1000)}]
            )
        return message

    async def _run(self, message: BackMsg) -> None:
        """Send one rerun request and read until its run is over; record the run."""
        asked = time.monotonic()
        await self.ws.send(message.SerializeToString())
        live: dict | None = None
        while True:
            # asyncio.timeout, not wait_for: on Python 3.11 wait_for can swallow a cancel that
            # comes as the answer arrives, and the bench then never ends.
            async with asyncio.timeout(RECV_TIMEOUT):
                raw = await self.ws.recv()
            reply = ForwardMsg()
            reply.ParseFromString(raw)
            kind = reply.WhichOneof("type")
            if kind == "navigation":
                # The page that ran: later reruns must name it, or the home page runs.
                self.page_hash = reply.navigation.page_script_hash
            elif kind == "page_info_changed":
                self.query = reply.page_info_changed.query_string  # the address bar follows
            elif kind == "page_not_found":
                raise RuntimeError(f"page not found: /{self.page}")
            elif kind == "delta" and reply.delta.WhichOneof("type") == "new_element":
                found = _live_data(reply.delta.new_element)
                if found is not None:
                    live = found
            elif kind == "script_finished":
                if reply.script_finished == ForwardMsg.FINISHED_EARLY_FOR_RERUN:
                    continue  # the page's own st.rerun(): the next run follows
                break
        if live is None:
            raise RuntimeError(f"/{self.page}?{self.query[:16]}... has no live component")
        self.live = live
        self.trigger_id = TRIGGER_ID.format(id=live.pop("_id"))
        self.runs.append(Run(time.monotonic(), int(live["version"]), time.monotonic() - asked))


def _live_data(element) -> dict | None:
    """The live component's data, if `element` is that component."""
    if element.WhichOneof("type") != "bidi_component":
        return None
    component = element.bidi_component
    if LIVE_COMPONENT not in component.component_name or not component.json:
        return None
    data = json.loads(component.json)
    data["_id"] = component.id
    return data
