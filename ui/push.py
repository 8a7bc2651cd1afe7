"""Push: a page learns at once that its game changed, instead of asking every second.

A page's live part (ui/live.py) opens a Server-Sent Events stream at
`<base path>/cc-events/<CODE>?v=<version it shows>&k=<watch key>`. This process's PushHub
keeps the version of every game someone follows here. It reads them all again, in one query,
when a command in this process changed a game, when another app server said so (PostgreSQL
NOTIFY, heard by `Engine.listen_to_other_servers`), and every few seconds anyway (SQLite has
no notices, and a notice can be lost): the database is the truth, a notice only a hint.
When a game's version moved, each of its streams gets one event, `{"version": V, "stage":
S, "parts": {...}, "clock": {...}}` (Game.stage: the version of the last change every page
must show; `parts`: what pages show that changes within a phase, drawn once for all of them
from the public view, ui/parts.py, so a join or a submit reaches every device without a page
run; `clock`: whether the game is paused and the seconds left as the change left them, so a
pause, a resume or "+30 s" reaches every countdown without a page run either;
`clock_only_since`: the first version since which the public view changed in nothing but
its clock, or null, so that even a page that redraws for every version, a building phone of
Canvas Critters, takes a pause in place if it shows that version or a later one).

A device whose game does not change costs nothing but an idle connection; the hub's own cost
is one small query per beat for all the games it follows.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
import threading
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse

from engine import Engine, RuleError
from engine.door import Progress
from engine.view_types import GameView
from ui.parts import PARTS
from ui.text import translator

#: How often the hub reads its games' versions without being told of a change. SQLite has no
#: cross-process notices: a change made by another process (a second server, a test driving
#: the engine) is seen within this. On PostgreSQL, LISTEN/NOTIFY carries changes at once.
WATCH_SECONDS = {"sqlite": 0.25, "postgresql": 2.0}
#: A comment line now and then keeps proxies from closing a quiet stream, and finds a closed
#: tab (the write fails).
HEARTBEAT_SECONDS = 15.0
STREAM_PATH = "cc-events"
#: The last event of a game deleted (by its teacher, or expired): its pages ask once more, find
#: it gone and say so, instead of showing it until they are reloaded.
GONE = 'data: {"gone": true}\n\n'

log = logging.getLogger(__name__)


@dataclass(eq=False)
class _Follower:
    """One open stream: the version its page shows, and where to hand it a newer one."""

    version: int
    loop: asyncio.AbstractEventLoop
    queue: asyncio.Queue[str] = field(default_factory=asyncio.Queue)

    def offer(self, progress: Progress, event: str) -> None:
        """From the hub's thread: queue `event` (telling `progress`) if it is news here."""
        if progress.version != self.version:
            self.version = progress.version
            self.loop.call_soon_threadsafe(self.queue.put_nowait, event)

    def end(self) -> None:
        """From the hub's thread: the game is gone; its stream says so, then closes."""
        self.loop.call_soon_threadsafe(self.queue.put_nowait, GONE)


class PushHub:
    """The games followed in this process, and the thread that watches their versions."""

    def __init__(self, engine: Engine, *, watch_seconds: float) -> None:
        self._engine = engine
        self._watch_seconds = watch_seconds
        self._followers: dict[str, set[_Follower]] = {}
        # Each followed game's last event, by the version it tells: drawn once per change.
        self._events: dict[str, tuple[Progress, str]] = {}
        # Each followed game's public view at its last event, less its clock, and the first
        # version the hub saw it at (`_event`).
        self._looks: dict[str, tuple[str, int]] = {}
        self._lock = threading.Lock()
        self._poke = threading.Event()
        self._stop = threading.Event()
        engine.changes.subscribe(lambda _code: self._poke.set())
        threading.Thread(target=self._watch, name="crossed-canvas-push", daemon=True).start()
        threading.Thread(
            target=engine.listen_to_other_servers,
            args=(self._stop,),
            name="crossed-canvas-listen",
            daemon=True,
        ).start()

    def stop(self) -> None:
        self._stop.set()
        self._poke.set()

    @contextmanager
    def follow(self, code: str, version: int) -> Iterator[asyncio.Queue[str]]:
        """A queue that gets each newer version of game `code` while the block runs (called
        on the event loop that will read it)."""
        follower = _Follower(version, asyncio.get_running_loop())
        with self._lock:
            self._followers.setdefault(code, set()).add(follower)
        self._poke.set()  # the page may already be behind: compare at once
        try:
            yield follower.queue
        finally:
            with self._lock:
                followers = self._followers.get(code, set())
                followers.discard(follower)
                if not followers:
                    self._followers.pop(code, None)

    def following(self) -> int:
        """How many streams are open here (for benchmarks and tests)."""
        with self._lock:
            return sum(len(f) for f in self._followers.values())

    def _watch(self) -> None:
        while not self._stop.is_set():
            self._poke.wait(self._watch_seconds)
            self._poke.clear()
            with self._lock:
                codes = list(self._followers)
            if not codes:
                continue
            try:
                versions = self._engine.versions(codes)
            except Exception:  # a database hiccup: the next beat tries again
                log.exception("reading versions for push failed")
                continue
            events = {code: self._event(code, versions[code]) for code in codes if code in versions}
            self._events = events  # only this thread reads or writes these two
            self._looks = {code: look for code, look in self._looks.items() if code in events}
            with self._lock:
                followers = [
                    (follower, events[code])
                    for code in events
                    for follower in self._followers.get(code, ())
                ]
                gone = [
                    follower
                    for code in codes
                    if code not in versions
                    for follower in self._followers.get(code, ())
                ]
            for follower, (progress, event) in followers:
                follower.offer(progress, event)
            for follower in gone:
                follower.end()

    def _event(self, code: str, progress: Progress) -> tuple[Progress, str]:
        """The event telling `progress`, with the parts of the pages drawn anew (ui/parts.py)
        when the game changed since the last: one public view per change, for all of them."""
        last = self._events.get(code)
        if last is not None and last[0] == progress:
            return last
        message: dict[str, object] = progress._asdict()
        try:
            view = self._engine.public_view(code)
            language = translator(view["language"])
            message["parts"] = {kind: draw(view, language) for kind, draw in PARTS.items()}
            message["clock"] = {"paused": view["paused"], "seconds_left": view["seconds_left"]}
            message["clock_only_since"] = self._clock_only_since(code, progress, view)
        except RuleError:
            pass  # a class's code: its pages redraw whole
        except Exception:  # e.g. a busy database: the pages ask for their part
            log.exception("drawing the parts of %s for push failed", code)
        event = (progress, f"data: {json.dumps(message)}\n\n")
        self._events[code] = event
        return event

    def _clock_only_since(self, code: str, progress: Progress, view: GameView) -> int | None:
        """The first version before `progress` since which `view` differs in its clock alone
        (a new stage is a change too: every view carries it); otherwise its look is kept."""
        look = json.dumps({k: v for k, v in view.items() if k not in CLOCK_KEYS}, sort_keys=True)
        earlier = self._looks.get(code)
        if earlier is not None and earlier[0] == look:
            return earlier[1] if earlier[1] < progress.version else None
        # The view is read after the versions, so a change may land between the two: the look
        # is this view's own version's, never the older one the event tells.
        self._looks[code] = (look, view["version"])
        return None


#: What a pause, a resume or "+30 s" changes in a public view (`clock_only_since`).
CLOCK_KEYS = frozenset({"version", "paused", "seconds_left"})

_hubs: dict[int, PushHub] = {}
_hubs_lock = threading.Lock()


def push_hub(engine: Engine) -> PushHub:
    """This process's hub for `engine` (made on first use)."""
    with _hubs_lock:
        if id(engine) not in _hubs:
            backend = "postgresql" if engine.hears_other_servers else "sqlite"
            _hubs[id(engine)] = PushHub(engine, watch_seconds=WATCH_SECONDS[backend])
        return _hubs[id(engine)]


def stop_push_hub(engine: Engine) -> None:
    with _hubs_lock:
        hub = _hubs.pop(id(engine), None)
    if hub is not None:
        hub.stop()


def stream_path(base_path: str, code: str) -> str:
    """Where a page of this app opens its game's stream (`base_path` ends in "/")."""
    return f"{base_path}{STREAM_PATH}/{code}"


async def events(request: Request) -> Response:
    """The stream of one game's versions, for a page that holds its watch key."""
    from ui.runtime import get_engine  # the one engine of this process, as the pages use it

    engine = get_engine()
    code = request.path_params["code"]
    key = request.query_params.get("k", "")
    try:
        version = int(request.query_params.get("v", ""))
        expected = await run_in_threadpool(engine.watch_key, code)
    except (ValueError, RuleError):
        return Response(status_code=403)
    if not hmac.compare_digest(expected.encode(), key.encode()):
        return Response(status_code=403)
    hub = push_hub(engine)

    async def stream() -> AsyncIterator[str]:
        yield ": following\n\n"  # sent at once: the browser knows the stream is open
        with hub.follow(code, version) as events:
            while True:
                try:
                    event = await asyncio.wait_for(events.get(), HEARTBEAT_SECONDS)
                except TimeoutError:
                    yield ": still here\n\n"
                    continue
                yield event
                if event == GONE:
                    return

    headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
    return StreamingResponse(stream(), media_type="text/event-stream", headers=headers)
