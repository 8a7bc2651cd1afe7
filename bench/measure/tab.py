"""One browser tab, without a browser: Streamlit's websocket protocol plus the game's push
stream, as the page and its live components (ui/live.py, ui/live.js) use them.

A tab loads its page (`rerun_script` with the page's name and query string). Each run's deltas
name the live component drawn (ui/live.py's `bidi_component`) and the fragment it sits in
(`delta.fragment_id`): every page has one, `cc_follow`, in the fragment `follow_changes`
(last on the page; on a phone, where it also draws the list of who joined or is ready).

The live component is one `Part`, as live.js makes one instance of it: it opens its own
Server-Sent Events stream while the page shows it at the same place (when the page's layout
changes, at a new phase, the browser mounts a new instance with a new stream:
bench/measure/browser_check.py counts them in Chromium), keeps the newest version and stage
the stream told of, and when it is behind (a newer version than its part shows, or a newer
stage than the page shows) asks as live.js's `catchUp` does: never while a run is going on (it looks
again every 100 ms), not again for the same version within RETRY_MS, and with the rerun the
browser sends for a component's trigger: the page's `rerun_script` carrying the trigger
`changed` in `json_trigger_value` and the `fragment_id` of its fragment, so only that fragment
runs. For a newer stage than the page shows it asks, as live.js's `askPage` does when nobody
touched the page (nobody touches a tab), through the page's asker (the same component outside
the fragment, `cc_page_ask`): its trigger `page` and no fragment id, and the whole page runs.
Otherwise `follow_changes` reads the game's status and calls `st.rerun()` when the page is
behind in what it compares (version on the facilitator page, stage on a phone and on the
projector): the fragment's run ends FINISHED_EARLY_FOR_RERUN and a full page run follows on
the same request; otherwise it redraws itself. Within a stage a phone's and the projector's
event carries their part (ui/parts.py: the list of who joined or is ready, the roster or the
readiness), which live.js puts in place with no request; the tab records it as shown then.

Every request is recorded as a `Run`: what asked, whether the whole page ran or only a
fragment, and which live components were drawn at which version and stage. A change counts
as shown on a phone only when what shows it was drawn at or after the change's version: the
page (the part's `page_version`) for a new phase, the live part (its `version`) for the ready
list.

Like a browser, the tab tells the server which large messages it keeps (Streamlit's message
cache: `cached_message_hashes`) and reads the references the server sends instead of them.
Components send nothing on their own: the drawing canvas has no background image (its canvas.py
paints the picture under it), so it sends no first value when it appears, and
bench/measure/browser_check.py shows Chromium's phone sending nothing more than the tab at
each pulse's start. What differs from a browser: a request carries only the trigger, not the
values of the page's other widgets (Chromium sends the role card's toggle and the canvas's
strokes with every request; the server keeps the values it last had, and on the bench's pages
nobody taps, so these are the defaults), and nothing is rendered.
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
FOLLOW = "cc_follow"  # the page's live part (ui/live.py follow_changes), one per page
#: What a run drew, by what it shows: PAGE the page's top (a new phase: the part's
#: `page_version`), READY the live part itself (a phone's list of who is ready: its `version`).
PAGE = "page"
READY = "ready list"
#: Streamlit's prefix of internal widget ids; a bidi component's triggers travel on the id
#: `<prefix>_<component id>__events` (streamlit/components/v2/bidi_component/main.py).
TRIGGER_ID = "$$STREAMLIT_INTERNAL_KEY_{id}__events"
RECV_TIMEOUT = 60.0  # one answer from a loaded server; past this the tab gives up
MAX_MESSAGE = 32 * 2**20
RETRY_S = 2.0  # live.js RETRY_MS: a part still behind this long after asking asks again
MAX_CACHED_AGE = 2  # Streamlit's global.maxCachedMessageAge, the browser's cache rule
BUSY_POLL_S = 0.1  # live.js: while the page's script runs, look again this much later


@dataclass
class Run:
    """One request to the server and everything it ran, until the last run was over."""

    asked: float  # time.monotonic() when the request was sent
    finished: float  # when the server said the (last) run was over
    asked_by: str  # the part that asked ("" for the page's load)
    asked_for: int  # the newest version that part's stream had told of (-1 for a load)
    page: bool  # the whole page ran (a load, or the fragment's st.rerun())
    fragment: bool  # a fragment ran (the part's own; before the page, if it then reran it)
    drawn: dict[str, tuple[int, int]]  # live parts drawn: slot -> (version, stage)

    @property
    def seconds(self) -> float:
        return self.finished - self.asked


@dataclass(eq=False)
class Part:
    """One live component on the page, as live.js's instance of it."""

    slot: str
    data: dict  # as last drawn: stream, key, version, stage, redraw, ...
    component_id: str
    fragment_id: str
    path: tuple[int, ...]  # where the page draws it (ForwardMsg metadata.delta_path)
    latest: int = 0
    latest_stage: int = 0
    asked: int | None = None
    asked_at: float = -1e9
    stream: asyncio.Task | None = None
    waiting: asyncio.Task | None = None  # live.js's `waiting` timeout, or the request itself
    requesting: bool = False  # its request is on the wire: the run's end looks again
    placed: int = 0  # the version of the last part an event brought (live.js `place`)

    def behind(self) -> bool:
        """live.js `behind`: a newer version than this part shows, or a newer stage than the
        page shows."""
        shown = max(self.data["version"], self.placed)
        return self.latest > shown or self.latest_stage > self.data["stage"]

    def place(self, progress: dict) -> bool:
        """live.js `place`: whether the event's part (ui/parts.py) and clock are put in
        place, which shows its version without a run: on a page that redraws by stage only,
        or on any page that shows the version since which only the clock changed
        (`clock_only_since`: a pause, a resume, "+30 s")."""
        data = self.data
        shown = max(data["version"], self.placed)
        since = progress.get("clock_only_since")
        in_place = data.get("redraw") == "stage" or (isinstance(since, int) and since <= shown)
        if not in_place or progress["stage"] > data["stage"] or "clock" not in progress:
            return False
        if progress["version"] <= shown:
            return False
        if data.get("pause_redraws") and progress["clock"]["paused"] != data["paused"]:
            return False
        kind = data.get("part")
        if kind and progress.get("parts", {}).get(kind) is None:
            return False
        self.placed = progress["version"]
        return True


@dataclass
class Tab:
    """One page (`page` is its URL path: "play", "screen", "facilitator")."""

    base: str  # http://host:port of the app (or of the load balancer)
    page: str
    query: str
    cookie: str = ""  # e.g. the load balancer's choice of server, as a browser keeps it
    ws: websockets.ClientConnection | None = None
    page_hash: str = ""
    session_id: str = ""  # the server's name for this tab (its run trace's, run_trace.py)
    parts: dict[str, Part] = field(default_factory=dict)
    runs: list[Run] = field(default_factory=list)
    events: dict[str, list[tuple[float, int, int]]] = field(default_factory=dict)
    placed: list[tuple[float, int]] = field(default_factory=list)  # parts put in place
    error: str = ""
    http: aiohttp.ClientSession | None = None
    #: The browser's message cache: hash -> (message, script runs counted when last seen).
    cache: dict[str, tuple[ForwardMsg, int]] = field(default_factory=dict)
    script_runs: int = 0
    streams_opened: int = 0
    #: When a list: every delta message of the next runs, as sent (bench/measure/floor/pages/
    #: play.py sends them again for the floor of bench/measure/run_cost.py).
    recorded: list[ForwardMsg] | None = None
    #: The page's asker (ui/live.py `cc_page_ask`) as its last whole run drew it, if it did.
    page_asker: str = ""
    _running: bool = False
    _stopped: bool = False  # following ended: no part asks again
    _asking: asyncio.Task | None = None  # the task whose request is on the wire
    _lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    def shown(self, slot: str) -> list[tuple[float, int]]:
        """(when, version) of each run that drew `slot`, and of each part an event put in
        place (READY), in order."""
        drawn = [(r.finished, r.drawn[slot][0]) for r in self.runs if slot in r.drawn]
        return sorted(drawn + (self.placed if slot == READY else []))

    def heard(self) -> list[tuple[float, int, int]]:
        """(when, version, stage) of each event the page's live parts' streams delivered."""
        return sorted(event for events in self.events.values() for event in events)

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
        await self._request(self._ask(), asked_by="", asked_for=-1)

    async def follow(self, http: aiohttp.ClientSession) -> None:
        """Open the streams of the page's live parts; keep following until cancelled."""
        self.http = http
        self._mounted()
        try:
            await asyncio.Event().wait()
        finally:
            self._stopped = True
            _cancel(self._asking)  # maybe a part's no longer on the page (drawn elsewhere)
            for part in self.parts.values():
                _cancel(part.stream)
                _cancel(part.waiting)
            pending = [t for p in self.parts.values() for t in (p.stream, p.waiting) if t]
            if pending:
                await asyncio.wait(pending, timeout=5)

    async def close(self) -> None:
        if self.ws is not None:
            with contextlib.suppress(Exception):
                async with asyncio.timeout(5):
                    await self.ws.close()

    # -- the live parts, as live.js ------------------------------------------------------------

    def _mounted(self) -> None:
        """After a run: each part shown opens its stream if it has none (a new instance),
        and looks whether it is behind (live.js calls catchUp whenever it is rendered)."""
        if self.http is None or self._stopped:
            return  # still loading (`follow` opens the streams), or no longer following
        for part in self.parts.values():
            if part.stream is None:
                part.stream = asyncio.create_task(self._read_stream(part))
                self.streams_opened += 1
            self._catch_up(part)

    def _catch_up(self, part: Part) -> None:
        if part.requesting or self._stopped:
            return
        _cancel(part.waiting)
        part.waiting = asyncio.create_task(self._ask_when_free(part))

    async def _ask_when_free(self, part: Part) -> None:
        """live.js `catchUp`: ask for the part's rerun when it is behind, at most once per
        version per RETRY_S, and never while a run is going on."""
        try:
            while not self._stopped and self.parts.get(part.slot) is part and part.behind():
                waited = time.monotonic() - part.asked_at
                if part.asked == part.latest and waited < RETRY_S:
                    await asyncio.sleep(RETRY_S - waited)
                    continue
                if self._running:
                    await asyncio.sleep(BUSY_POLL_S)
                    continue
                part.asked, part.asked_at = part.latest, time.monotonic()
                part.requesting = True
                try:
                    # live.js `askPage` (nobody touches a tab): a new stage, or a new version
                    # on a page that runs for every version.
                    shown = max(part.data["version"], part.placed)
                    every = part.data.get("redraw") == "any" and part.latest > shown
                    stage = part.latest_stage > part.data["stage"]
                    whole = bool(self.page_asker) and (stage or every)
                    message = self._ask(part, whole=whole)
                    await self._request(message, asked_by=part.slot, asked_for=part.latest)
                finally:
                    part.requesting = False
                self._mounted()  # live.js: each part drawn looks again (catchUp on render)
                return
        except (OSError, TimeoutError, websockets.ConnectionClosed, RuntimeError) as error:
            self.error = f"rerun: {type(error).__name__}: {error}"

    async def _read_stream(self, part: Part) -> None:
        """live.js's EventSource, one per part for the part's life."""
        url = f"{self.base}{part.data['stream']}"
        params = {"k": part.data["key"], "v": str(part.data["version"])}
        headers = {"Cookie": self.cookie} if self.cookie else None
        timeout = aiohttp.ClientTimeout(total=None)
        try:
            async with self.http.get(url, params=params, headers=headers, timeout=timeout) as r:
                r.raise_for_status()
                async for raw in r.content:
                    line = raw.decode().strip()
                    if line.startswith("data:"):
                        progress = json.loads(line[5:])
                        version, stage = progress["version"], progress["stage"]
                        heard = self.events.setdefault(part.slot, [])
                        heard.append((time.monotonic(), version, stage))
                        part.latest = max(part.latest, version)
                        part.latest_stage = max(part.latest_stage, stage)
                        if part.place(progress):
                            self.placed.append((time.monotonic(), version))
                        self._catch_up(part)
        except (aiohttp.ClientError, TimeoutError, ValueError) as error:
            self.error = f"stream: {type(error).__name__}: {error}"

    # -- Streamlit's protocol -----------------------------------------------------------------

    def _ask(self, part: Part | None = None, whole: bool = False) -> BackMsg:
        message = BackMsg()
        rerun = message.rerun_script
        rerun.query_string = self.query
        rerun.page_name = self.page
        if self.page_hash:
            rerun.page_script_hash = self.page_hash
        rerun.cached_message_hashes.extend(self.cache)
        if whole:  # through the page's asker: no fragment
            state = rerun.widget_states.widgets.add()
            state.id = TRIGGER_ID.format(id=self.page_asker)
            state.json_trigger_value = json.dumps([{"event": "page", "value": time.time()}])
        elif part is not None:
            rerun.fragment_id = part.fragment_id
            state = rerun.widget_states.widgets.add()
            state.id = TRIGGER_ID.format(id=part.component_id)
            # As ui/live.js asks: with the newest version and stage its stream told of.
            heard = {"version": part.latest, "stage": part.latest_stage}
            state.json_trigger_value = json.dumps([{"event": "changed", "value": heard}])
        return message

    async def _request(self, message: BackMsg, *, asked_by: str, asked_for: int) -> None:
        async with self._lock:
            self._running, self._asking = True, asyncio.current_task()
            try:
                run = await self._exchange(message, asked_by, asked_for)
            finally:
                self._running, self._asking = False, None
        self.runs.append(run)

    async def _exchange(self, message: BackMsg, asked_by: str, asked_for: int) -> Run:
        """Send one rerun request and read until its last run is over."""
        asked = time.monotonic()
        await self.ws.send(message.SerializeToString())
        drawn: dict[str, tuple[dict, str]] = {}  # slot -> (data with its id, fragment id)
        page = fragment = False
        asker = ""
        while True:
            # asyncio.timeout, not wait_for: on Python 3.11 wait_for can swallow a cancel that
            # comes as the answer arrives, and the bench then never ends.
            async with asyncio.timeout(RECV_TIMEOUT):
                raw = await self.ws.recv()
            reply = ForwardMsg()
            reply.ParseFromString(raw)
            reply = self._cached(reply)
            kind = reply.WhichOneof("type")
            if self.recorded is not None and kind == "delta":
                self.recorded.append(reply)
            if kind == "new_session":
                self.session_id = reply.new_session.initialize.session_id or self.session_id
                if reply.metadata.run.fragment_ids:
                    fragment = True
                else:
                    page = True
                    drawn.clear()  # a full run draws the page anew
            elif kind == "navigation":
                # The page that ran: later reruns must name it, or the home page runs.
                self.page_hash = reply.navigation.page_script_hash
            elif kind == "page_info_changed":
                self.query = reply.page_info_changed.query_string  # the address bar follows
            elif kind == "page_not_found":
                raise RuntimeError(f"page not found: /{self.page}")
            elif kind == "delta" and reply.delta.WhichOneof("type") == "new_element":
                element = reply.delta.new_element
                found = _live_data(element)
                if found is not None and "asks_for" in found:
                    asker = found["_id"]
                elif found is not None:
                    found["_path"] = tuple(reply.metadata.delta_path)
                    drawn[found["slot"]] = (found, reply.delta.fragment_id)
            elif kind == "script_finished":
                if reply.script_finished == ForwardMsg.FINISHED_EARLY_FOR_RERUN:
                    continue  # the fragment's st.rerun(): the page's run follows
                self._age_cache(list(reply.metadata.run.fragment_ids))
                break
        if page:
            self.page_asker = asker
        if page and FOLLOW not in drawn:
            raise RuntimeError(f"/{self.page}?{self.query[:16]}... has no live component")
        for slot in list(self.parts):
            gone = page and slot not in drawn  # no longer on the page
            # Drawn somewhere else (the page's layout changed, as at a new phase): the browser
            # mounts a new instance of the component, with a stream of its own.
            moved = slot in drawn and drawn[slot][0]["_path"] != self.parts[slot].path
            if gone or moved:
                part = self.parts.pop(slot)
                _cancel(part.stream)
                _cancel(part.waiting)
        for slot, (data, fragment_id) in drawn.items():
            component_id, path = data.pop("_id"), data.pop("_path")
            part = self.parts.get(slot)
            if part is None:
                self.parts[slot] = Part(slot, data, component_id, fragment_id, path)
            else:
                part.data, part.component_id, part.fragment_id = data, component_id, fragment_id
        return Run(
            asked,
            time.monotonic(),
            asked_by,
            asked_for,
            page,
            fragment,
            {
                shown: (int(d[key]), int(d["stage"]))
                for d, _ in drawn.values()
                for shown, key in ((PAGE, "page_version"), (READY, "version"))
            },
        )

    def _cached(self, reply: ForwardMsg) -> ForwardMsg:
        """The browser's ForwardMsg cache: keep what the server marks cacheable, and read a
        reference (`ref_hash`) as the message it names."""
        if reply.WhichOneof("type") == "ref_hash":
            kept = self.cache.get(reply.ref_hash)
            if kept is None:
                raise RuntimeError("the server referred to a message this tab never had")
            self.cache[reply.ref_hash] = (kept[0], self.script_runs)
            whole = ForwardMsg()
            whole.CopyFrom(kept[0])
            whole.metadata.CopyFrom(reply.metadata)
            return whole
        if reply.metadata.cacheable and reply.hash:
            self.cache[reply.hash] = (reply, self.script_runs)
        return reply

    def _age_cache(self, fragment_ids: list[str]) -> None:
        """As the browser does at each run's end: forget what was not seen for
        MAX_CACHED_AGE runs (a fragment's run ages only that fragment's messages)."""
        self.script_runs += 1
        for digest, (message, seen) in list(self.cache.items()):
            if fragment_ids and message.delta.fragment_id not in fragment_ids:
                continue
            if self.script_runs - seen > MAX_CACHED_AGE:
                del self.cache[digest]


def _cancel(task: asyncio.Task | None) -> None:
    if task is not None and not task.done() and task is not asyncio.current_task():
        task.cancel()


def _live_data(element) -> dict | None:
    """The live component's data, if `element` is that component."""
    if element.WhichOneof("type") != "bidi_component":
        return None
    component = element.bidi_component
    if LIVE_COMPONENT not in component.component_name or not component.json:
        return None
    data = json.loads(component.json)
    data["_id"] = component.id
    data["slot"] = FOLLOW
    return data
