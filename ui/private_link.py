"""The facilitator's key, kept out of sight: a projected facilitator page must not show it.

The same holds for a whole class's page (/classroom, its class key) and for the tables that
page links to: each table's own facilitator page opens on ?game=CODE, its key already in a
cookie of this browser (`remember_in_browser`), never in the link.

The key arrives once, in the private link (/facilitator?key=...). Once the page has checked
it, the address shows ?game=CODE instead, and the key is remembered twice: in this tab's
session state (every rerun of the tab), and in a cookie of this browser (a reload, a restarted
server), one per game, SameSite=Strict, on the app's own path (base path kept), for a day.
Another browser needs the private link, which "Copy my private link" puts on the clipboard
without showing it: the key travels as the button's data, never as text or an attribute of
the page.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import streamlit as st

from engine import RuleError
from ui.links import app_path, page_url
from ui.runtime import checked, query_param
from ui.text import Translator, dead_end

COOKIE_SECONDS = 24 * 60 * 60  # a school day and more; after that, the kept private link
_TAB_KEYS = "facilitator_keys"  # session state: {game code: key}

# Looks like the Streamlit buttons beside it (measured in Chromium: 14 px text, 40 px high).
_CSS = """
button {
  font-family: var(--st-font); font-size: .875rem; line-height: 1.6;
  color: var(--st-text-color); background: var(--st-background-color);
  border: 1px solid var(--st-border-color); border-radius: var(--st-button-radius);
  padding: .25rem .75rem; min-height: 2.5rem; cursor: pointer;
}
button:hover { background: var(--st-secondary-background-color); }
button:focus-visible { outline: 2px solid var(--st-primary-color); }
"""
# Sets one cookie of this browser for the key of one game or class (see `_cookie`).
_SET_COOKIE_JS = """
function setCookie(cookie) {
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${cookie.name}=${cookie.value}; Path=${cookie.path}; ` +
    `Max-Age=${cookie.seconds}; SameSite=Strict${secure}`;
}
"""
_COPY_JS = """
async function copyText(text) {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Plain http on a classroom network is no secure context: the older way still copies.
  const area = document.createElement("textarea");
  area.value = text;
  area.style.cssText = "position: fixed; opacity: 0";
  document.body.append(area);
  area.select();
  const copied = document.execCommand("copy");
  area.remove();
  if (!copied) throw new Error("copy refused");
}

export default function ({ data, parentElement }) {
  const { link, cookie, labels } = data;
  setCookie(cookie);
  const button = parentElement.querySelector("button");
  button.textContent = labels.copy;
  let timer;
  button.onclick = async () => {
    clearTimeout(timer);
    try {
      await copyText(link);
      button.textContent = labels.copied;
    } catch {
      button.textContent = labels.failed;
    }
    timer = setTimeout(() => { button.textContent = labels.copy; }, 4000);
  };
}
"""
_private_link = st.components.v2.component(
    "cc_private_link",
    html='<button type="button"></button>',
    css=_CSS,
    js=_SET_COOKIE_JS + _COPY_JS,
)
_remember = st.components.v2.component(
    "cc_remember_keys",
    js=_SET_COOKIE_JS + "export default function ({ data }) { data.cookies.forEach(setCookie); }",
)


def cookie_name(code: str) -> str:
    """The cookie in which this browser keeps the facilitator key of game `code`."""
    return f"cc_facilitator_{code}"


def key_from_address(code_param: str, language: str, open_link_message: str) -> str:
    """The key a page runs on: the private link's (?key=...), or on ?<code_param>=CODE the one
    this tab or this browser remembers; without either, the page says `open_link_message`
    and stops."""
    key = query_param("key", "error.bad_facilitator_token")
    if key is not None:
        return key
    code = query_param(code_param, "error.bad_code")
    if code is None:
        raise RuleError("error.bad_facilitator_token")
    key = remembered_key(code)
    if key is None:
        dead_end(language, message_key=open_link_message)
    return key


def show_code_only(code_param: str, code: str, key: str) -> None:
    """Once the key is checked: remember it, and let the address show only the code."""
    remember_key(code, key)
    if st.query_params.to_dict() != {code_param: code}:
        st.query_params.from_dict({code_param: code})


def remember_key(code: str, key: str) -> None:
    """Keep the checked key of game `code` for the rest of this tab's life."""
    st.session_state.setdefault(_TAB_KEYS, {})[code] = key


def remembered_key(code: str) -> str | None:
    """The key this tab, or else this browser's cookie, keeps for game `code`, if any."""
    key = st.session_state.get(_TAB_KEYS, {}).get(code) or st.context.cookies.get(cookie_name(code))
    # (Under AppTest, a stand-in browser answers any cookie with a mock: only text is a key.)
    return checked(key, "error.bad_facilitator_token") if isinstance(key, str) and key else None


def _cookie(code: str, key: str) -> dict[str, Any]:
    return {"name": cookie_name(code), "value": key, "path": app_path(), "seconds": COOKIE_SECONDS}


def remember_in_browser(keys: Mapping[str, str]) -> None:
    """Keep these keys ({code: key}) in this browser's cookies, as a private link's button
    does: a link to /facilitator?game=CODE then opens that game's page here, and the key
    never appears in the page (a class's page links to each table's own page so)."""
    cookies = [_cookie(code, key) for code, key in sorted(keys.items())]
    _remember(key="remember_keys", data={"cookies": cookies}, width="content")


def private_link_button(code: str, key: str, t: Translator, page: str = "facilitator") -> None:
    """The "Copy my private link" button (a link to `page` with the key); showing it also sets
    this browser's cookie."""
    _private_link(
        key="private_link",
        width="content",
        data={
            # The address this teacher uses (a laptop's own "localhost" still works tomorrow,
            # when its network address may have changed).
            "link": page_url(page, for_other_devices=False, key=key),
            "cookie": _cookie(code, key),
            "labels": {
                "copy": t("ui.fac.copy_link"),
                "copied": t("ui.fac.link_copied"),
                "failed": t("ui.fac.copy_failed"),
            },
        },
    )
