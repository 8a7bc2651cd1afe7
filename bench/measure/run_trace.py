"""`streamlit run`, with the moments of every page run written down: where a command's time
goes between a tab's ask and the last message of the run it asked for (issue 33).

Run as `python -m bench.measure.run_trace run app.py ...` (bench/measure/servers.py does, with
`AppServer(trace=path)`): it installs its watches on Streamlit's own classes, then starts
Streamlit's command line as `streamlit` does. The app is unchanged. Each line of the trace
file (`CC_RUN_TRACE`) is JSON: `[what, session id, time.monotonic(), extra]`, where `what` is

- `asked`: a rerun request was read off the websocket, on the event loop (extra: the
  fragment's id, or "" for the whole page);
- `started`, `finished`: the script thread began and ended the run (extra of `finished`: the
  CPU seconds the thread spent on it);
- `sent`: the run's last message (`script_finished`) was handed to the websocket, on the
  event loop (extra: how many messages of the run were sent, and when the first was);
- `lag`: the event loop woke up late (extra: by how many seconds past a 10 ms sleep).

CLOCK_MONOTONIC is one clock for every process of the machine: a tab's own moments compare.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sys
import threading
import time
from typing import Any

TRACE_ENV = "CC_RUN_TRACE"
#: Levers to measure (issue 33), set by bench/measure/load.py: the GIL's switch interval, and
#: how many script runs may go on at once (the others wait their turn before starting).
SWITCH_ENV = "CC_SWITCH_INTERVAL"
MAX_RUNS_ENV = "CC_MAX_RUNS"
#: The event loop's heartbeat: how late it wakes up is how long a ready callback waited.
LAG_PERIOD_S = 0.010
LAG_WORTH_NOTING_S = 0.002
FLUSH_SECONDS = 0.5


class Trace:
    """The lines noted, kept in memory and written out by a thread of its own every
    FLUSH_SECONDS (a write per message would cost the server more than what it measures; a
    server stopped by a signal runs no exit hook, so nothing waits for the end)."""

    def __init__(self, path: str) -> None:
        self._path = path
        self._lines: list[str] = []
        self._lock = threading.Lock()
        threading.Thread(target=self._keep_writing, name="cc-run-trace", daemon=True).start()

    def note(self, what: str, session: str, extra: Any = None) -> None:
        line = json.dumps([what, session, time.monotonic(), extra])
        with self._lock:
            self._lines.append(line)

    def _keep_writing(self) -> None:
        while True:
            time.sleep(FLUSH_SECONDS)
            with self._lock:
                lines, self._lines = self._lines, []
            if lines:
                with open(self._path, "a", encoding="utf-8") as out:
                    out.write("\n".join(lines) + "\n")


def install(trace: Trace, max_runs: int | None = None) -> None:
    """Wrap the four places a run passes (Streamlit 1.67's names; a rename fails loudly).
    With `max_runs`, at most that many scripts run at once; `started` is noted once a run
    may go (its wait is the `queue` of bench/measure/split.py)."""
    from streamlit.runtime.app_session import AppSession
    from streamlit.runtime.runtime import Runtime
    from streamlit.runtime.scriptrunner.script_runner import ScriptRunner

    handle_backmsg = AppSession.handle_backmsg

    def traced_backmsg(self: AppSession, msg: Any) -> None:
        if msg.WhichOneof("type") == "rerun_script":
            trace.note("asked", self.id, msg.rerun_script.fragment_id)
        handle_backmsg(self, msg)

    run_script = ScriptRunner._run_script
    turns = threading.BoundedSemaphore(max_runs) if max_runs else contextlib.nullcontext()

    def traced_run(self: ScriptRunner, rerun_data: Any) -> None:
        session = self._session_id
        with turns:
            trace.note("started", session, rerun_data.fragment_id_queue[:1])
            cpu = time.thread_time()
            try:
                run_script(self, rerun_data)
            finally:
                trace.note("finished", session, round(time.thread_time() - cpu, 5))

    send_message = Runtime._send_message
    counts: dict[str, list[float]] = {}  # session -> [messages this run, first sent at]

    def traced_send(self: Runtime, session_info: Any, msg: Any) -> None:
        send_message(self, session_info, msg)
        session = session_info.session.id
        count = counts.setdefault(session, [0, time.monotonic()])
        count[0] += 1
        if msg.WhichOneof("type") == "script_finished":
            trace.note("sent", session, count)
            counts.pop(session)

    AppSession.handle_backmsg = traced_backmsg
    ScriptRunner._run_script = traced_run
    Runtime._send_message = traced_send
    _watch_the_loop(trace)


def _watch_the_loop(trace: Trace) -> None:
    """Once Streamlit's event loop runs, a heartbeat on it notes each late wake-up."""
    from streamlit.runtime.runtime import Runtime

    start = Runtime.start

    async def traced_start(self: Runtime) -> None:
        async def heartbeat() -> None:
            while True:
                before = time.monotonic()
                await asyncio.sleep(LAG_PERIOD_S)
                late = time.monotonic() - before - LAG_PERIOD_S
                if late > LAG_WORTH_NOTING_S:
                    trace.note("lag", "", round(late, 4))

        self._cc_heartbeat = asyncio.get_running_loop().create_task(heartbeat())
        await start(self)

    Runtime.start = traced_start


def main() -> None:
    path = os.environ.get(TRACE_ENV)
    if path:
        max_runs = os.environ.get(MAX_RUNS_ENV)
        install(Trace(path), int(max_runs) if max_runs else None)
    switch = os.environ.get(SWITCH_ENV)
    if switch:  # a lever to measure: how long a thread keeps the GIL while others wait
        sys.setswitchinterval(float(switch))
    from streamlit.web.cli import main as streamlit_main

    sys.argv = ["streamlit", *sys.argv[1:]]
    streamlit_main()


if __name__ == "__main__":
    main()
