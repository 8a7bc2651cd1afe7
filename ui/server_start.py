"""What an app server does once, when its socket is bound and before it serves anyone:
st.App's lifespan (app.py, and the benchmarks' floor app, which needs the same Streamlit)."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any

from streamlit import config

from ui.listener import nodelay_on_listeners
from ui.theme_message import build_theme_once

log = logging.getLogger(__name__)


@contextlib.asynccontextmanager
async def server_lifespan(_app: Any) -> AsyncIterator[None]:
    """No Nagle on the listener (ui/listener.py), and the runs' theme built once
    (ui/theme_message.py)."""
    port = config.get_option("server.port")
    if not nodelay_on_listeners(port):
        log.warning("no listening socket on port %s: Nagle stays on (40 ms per request)", port)
    build_theme_once()
    yield
