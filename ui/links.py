"""Addresses the students' devices can reach, and their QR codes.

The join address is where the app is really served for everyone, in this order:
- `PUBLIC_URL`, when the person who deployed the app said so (a proxy, a domain);
- `JUPYTERHUB_PUBLIC_URL`, when the app runs as a JupyterHub service whose hub knows its public
  address;
- the address in the teacher's browser, page name dropped and base path kept, which is what a
  proxy in front of the app (a hub, nginx) shows the class too;
- when that browser talks to this Streamlit server directly on "localhost" (the teacher's
  laptop), the machine's network address instead (what Streamlit prints as its Network URL),
  if the server listens on the network at all.
An address still on loopback then reaches nobody else: the facilitator page says so.
"""

from __future__ import annotations

import io
import ipaddress
import os
from collections.abc import Mapping
from urllib.parse import urlencode, urlsplit, urlunsplit

import segno
import streamlit as st
from streamlit import net_util

from ui.text import Translator, literal, url_html

PAGES = ("facilitator", "classroom", "play", "screen", "oauth_callback")
LOCAL_HOSTS = {"localhost", "0.0.0.0", "::"}
#: Request headers a proxy adds: with any of them, the browser is not talking to us directly.
PROXY_HEADERS = ("X-Forwarded-For", "X-Forwarded-Host", "X-Forwarded-Proto", "Forwarded")


def app_root(*, for_other_devices: bool = True) -> str:
    """The app's root address, without a trailing slash: where other devices (students'
    phones) should go, or with `for_other_devices=False` where this browser itself is."""
    browser_url = st.context.url or ""
    if not for_other_devices:
        return root_from_browser_url(browser_url, None)
    declared = os.environ.get("PUBLIC_URL", "").strip()
    if not declared and os.environ.get("JUPYTERHUB_SERVICE_NAME"):
        declared = os.environ.get("JUPYTERHUB_PUBLIC_URL", "").strip()
    if declared:
        return declared.rstrip("/")
    direct = served_directly(browser_url, st.context.headers, st.get_option("server.port"))
    listens_on_network = st.get_option("server.address") in (None, "", "0.0.0.0", "::")
    network_ip = net_util.get_internal_ip() if direct and listens_on_network else None
    return root_from_browser_url(browser_url, network_ip)


def served_directly(browser_url: str, headers: Mapping[str, str], server_port: int) -> bool:
    """Whether the browser reached this Streamlit server itself, not a proxy in front of it:
    only then is the machine's network address, on Streamlit's port, another way in."""
    port = urlsplit(browser_url or "http://localhost:8501/").port
    if any(headers.get(name) for name in PROXY_HEADERS):
        return False
    return port == server_port


def root_from_browser_url(url: str, network_ip: str | None) -> str:
    """The root of `url` (page name dropped, base path kept), its loopback host replaced by
    `network_ip` when one is given."""
    parts = urlsplit(url or "http://localhost:8501/")
    segments = [s for s in parts.path.split("/") if s]
    if segments and segments[-1] in PAGES:
        segments.pop()
    path = "/" + "/".join(segments) if segments else ""
    netloc = parts.netloc
    if network_ip and is_loopback(f"//{netloc}"):
        netloc = f"{network_ip}:{parts.port}" if parts.port else network_ip
    return urlunsplit((parts.scheme or "http", netloc, path, "", ""))


def is_loopback(url: str) -> bool:
    """Whether `url` names this machine only (localhost, 127.x, ::1): no student can open it."""
    host = urlsplit(url).hostname or "localhost"
    if host in LOCAL_HOSTS or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def app_path() -> str:
    """The app's path in this browser's address bar, base path kept, ending in "/" (where a
    cookie must apply to reach every page and the app's websocket)."""
    return urlsplit(app_root(for_other_devices=False)).path + "/"


def page_url(page: str, *, for_other_devices: bool = True, **params: str) -> str:
    """The full address of one page of this app, with its query parameters."""
    return f"{app_root(for_other_devices=for_other_devices)}/{page}?{urlencode(params)}"


def shown_url(url: str) -> str:
    """`url` as people read and type it: without "http://" or "https://" (browsers add it)."""
    parts = urlsplit(url)
    return url[len(parts.scheme) + 3 :] if parts.scheme in ("http", "https") else url


def qr_png(url: str) -> bytes:
    """A QR code of `url` as PNG bytes, made here (no outside service): st.html drops SVG."""
    buffer = io.BytesIO()
    segno.make(url, error="m").save(buffer, kind="png", scale=10, border=2)
    return buffer.getvalue()


def join_details(code: str, code_label: str, t: Translator) -> str:
    """The code (under `code_label`) and the address students join it at, with a warning when
    that address reaches no other device; returns the address (for its QR code)."""
    join_url = page_url("play", code=code)
    st.html(
        f"<div>{literal(t(code_label))}</div>"
        f'<div class="cc-code">{literal(code)}</div>'
        f"<div>{literal(t('ui.fac.join_address'))} "
        f'<b class="cc-url">{url_html(shown_url(join_url))}</b></div>'
    )
    if is_loopback(join_url):
        st.warning(t("ui.fac.loopback_address"), icon=":material/wifi_off:")
    return join_url
