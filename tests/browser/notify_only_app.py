"""app.py as tests/browser/test_two_servers.py serves it: the same pages and push stream, but
the push hub's own re-read of its games' versions (ui/push.py's safety net, every 2 s on
PostgreSQL) waits an hour. A page then learns of a change made through the other server only
from PostgreSQL NOTIFY, so a broken NOTIFY fails the test instead of costing two seconds.

`streamlit run` finds `app` here (as in app.py) and runs app.py and its pages as usual.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import streamlit as st  # noqa: E402
from streamlit import config  # noqa: E402

from ui import push  # noqa: E402
from ui.routes import app_routes  # noqa: E402

push.WATCH_SECONDS["postgresql"] = 3600.0

app = st.App(str(ROOT / "app.py"), routes=app_routes(config.get_option("server.baseUrlPath")))
