"""Addresses the students' devices can reach, and their QR codes.

A teacher often opens the app as http://localhost:8501; a phone cannot reach "localhost", so
the join address uses the machine's network address instead (what Streamlit prints as its
Network URL), unless PUBLIC_URL says where the app is really served (a proxy, a domain).
"""

from __future__ import annotations

import io
import os
from urllib.parse import urlencode, urlsplit, urlunsplit

import segno
import streamlit as st
from streamlit import net_util

PAGES = ("facilitator", "play", "screen")
LOCAL_HOSTS = {"localhost", "127.0.0.1", "::1", "0.0.0.0"}


def app_root(*, for_other_devices: bool = True) -> str:
    """The app's root address, without a trailing slash: PUBLIC_URL when set, else the one this
    browser uses, its local host replaced for other devices (students' phones)."""
    public = os.environ.get("PUBLIC_URL", "").strip()
    if public:
        return public.rstrip("/")
    network_ip = net_util.get_internal_ip() if for_other_devices else None
    return root_from_browser_url(st.context.url or "", network_ip)


def root_from_browser_url(url: str, network_ip: str | None) -> str:
    """The root of `url` (page name dropped, base path kept), with a local host replaced."""
    parts = urlsplit(url or "http://localhost:8501/")
    segments = [s for s in parts.path.split("/") if s]
    if segments and segments[-1] in PAGES:
        segments.pop()
    path = "/" + "/".join(segments) if segments else ""
    netloc = parts.netloc
    if (parts.hostname or "localhost") in LOCAL_HOSTS and network_ip:
        netloc = f"{network_ip}:{parts.port}" if parts.port else network_ip
    return urlunsplit((parts.scheme or "http", netloc, path, "", ""))


def app_path() -> str:
    """The app's path in this browser's address bar, base path kept, ending in "/" (where a
    cookie must apply to reach every page and the app's websocket)."""
    root = root_from_browser_url(st.context.url or "", None)
    return urlsplit(root).path + "/"


def page_url(page: str, *, for_other_devices: bool = True, **params: str) -> str:
    """The full address of one page of this app, with its query parameters."""
    return f"{app_root(for_other_devices=for_other_devices)}/{page}?{urlencode(params)}"


def qr_png(url: str) -> bytes:
    """A QR code of `url` as PNG bytes, made here (no outside service): st.html drops SVG."""
    buffer = io.BytesIO()
    segno.make(url, error="m").save(buffer, kind="png", scale=10, border=2)
    return buffer.getvalue()
