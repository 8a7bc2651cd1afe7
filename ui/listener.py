"""The app server's listening socket: TCP_NODELAY, so that no small write waits 40 ms.

`streamlit run` binds its socket itself (streamlit/web/server/starlette/starlette_server.py
`_bind_socket`) as `socket.socket(family=...)`, whose protocol number is 0. asyncio turns
Nagle's algorithm off only on sockets whose protocol number is IPPROTO_TCP
(asyncio/base_events.py `_set_nodelay`), so on every connection uvicorn accepts from it Nagle
stays on. A run sends many small websocket frames in a row (new_session, session status,
each delta); Nagle holds each one after the first until the client acknowledges it, and a
client in an exchange of requests and answers delays its acknowledgements by up to 40 ms
(Linux's delayed ACK, browsers and Python clients alike). So every request took at least
~40 ms (docs/performance.md). Linux copies TCP_NODELAY from a listening socket to each
connection it accepts, so setting it once on the listener, before uvicorn serves, covers the
websocket, the push streams and every other request.
"""

from __future__ import annotations

import os
import socket
import stat
from pathlib import Path

#: This process's open file descriptors (Linux). Elsewhere nothing is changed.
OWN_FDS = Path("/proc/self/fd")


def nodelay_on_listeners(port: int) -> int:
    """Set TCP_NODELAY on this process's TCP sockets that listen on `port`; how many.

    The socket is reached through its descriptor (`streamlit run` hands it to uvicorn and
    keeps no public handle): a duplicate of the descriptor is the same socket, so an option
    set through it holds for the original."""
    done = 0
    if not OWN_FDS.is_dir():
        return done
    for name in os.listdir(OWN_FDS):
        try:
            fd = int(name)
            if not stat.S_ISSOCK(os.fstat(fd).st_mode):
                continue
            probe = socket.socket(fileno=os.dup(fd))
        except (ValueError, OSError):
            continue  # the listing's own descriptor, closed since, or not a socket
        with probe:
            if (
                probe.family in (socket.AF_INET, socket.AF_INET6)
                and probe.type == socket.SOCK_STREAM
                and probe.getsockopt(socket.SOL_SOCKET, socket.SO_ACCEPTCONN)
                and probe.getsockname()[1] == port
            ):
                probe.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                done += 1
    return done
