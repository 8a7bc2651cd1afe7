"""TCP_NODELAY on the listener reaches the connections it accepts (ui/listener.py): the fix
for the 40 ms that Nagle and delayed ACKs added to every request."""

from __future__ import annotations

import socket
import sys

import pytest

from ui.listener import nodelay_on_listeners

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="reads /proc/self/fd")


def accepted_nodelay(listener: socket.socket) -> int:
    with socket.create_connection(listener.getsockname()):
        accepted, _ = listener.accept()
        with accepted:
            return accepted.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)


def test_a_listener_bound_as_streamlit_binds_it_gets_nodelay():
    # As streamlit's _bind_socket: protocol number 0, so asyncio leaves Nagle on.
    with socket.socket(family=socket.AF_INET) as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        assert listener.proto == 0
        assert accepted_nodelay(listener) == 0
        assert nodelay_on_listeners(listener.getsockname()[1]) == 1
        assert accepted_nodelay(listener) == 1


def test_other_ports_and_accepted_connections_are_left_alone():
    with socket.socket(family=socket.AF_INET) as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        port = listener.getsockname()[1]
        with socket.create_connection(("127.0.0.1", port)):
            accepted, _ = listener.accept()
            with accepted:  # on the same port as the listener, but not listening
                assert nodelay_on_listeners(port - 1) == 0
                assert nodelay_on_listeners(port) == 1
                assert accepted.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) == 0
