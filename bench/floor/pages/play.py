"""Streamlit's floor for a phone's page (issue 23): the same elements and components as one run
of a phone's whole page, and nothing of ours behind them.

`bench/run_cost.py` records the messages one run of a real phone's page sent (after the
browser's cache resolved its references) and starts `streamlit run bench/floor/home.py` with
FLOOR_MESSAGES naming that file. Each run of this page sends the same messages again, as the
page's script would: Streamlit hashes them, keeps them in its cache and sends a reference when
the browser already has one. No engine, no database, none of our code drawing them, so what
the real page costs above this one is ours to remove. The widgets' registration is not in
this floor (the recorded messages are sent as they are), so the ratio errs against us.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.runtime.scriptrunner_utils.script_run_context import enqueue_message


@cache
def recorded() -> tuple[bytes, ...]:
    """The recorded messages, each as a 4-byte length and its bytes (run_cost.py writes them)."""
    data = Path(os.environ["FLOOR_MESSAGES"]).read_bytes()
    messages, at = [], 0
    while at < len(data):
        size = int.from_bytes(data[at : at + 4], "big")
        messages.append(data[at + 4 : at + 4 + size])
        at += 4 + size
    return tuple(messages)


# This file is the page at /play, beside its home (bench/floor/home.py), as the app serves
# pages/play.py beside app.py.
for raw in recorded():
    message = ForwardMsg()
    message.ParseFromString(raw)
    enqueue_message(message)
