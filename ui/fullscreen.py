"""The projector's full-screen button: a classroom projector shows the page, not the browser.

Full screen needs a click in the page itself (browsers refuse it to scripts alone), so this is
a button in a component (st.components.v2: no iframe, the page's own document). Its label,
28 px like every text on the projector, says what a click does now: enter or leave full
screen (Esc leaves too).
"""

from __future__ import annotations

import streamlit as st

from ui.text import Translator

_CSS = """
button {
  font-family: var(--st-font); font-size: 1.75rem; line-height: 1.2; white-space: nowrap;
  color: var(--st-text-color); background: var(--st-background-color);
  border: 2px solid var(--st-border-color); border-radius: var(--st-button-radius);
  padding: .2rem .8rem; cursor: pointer;
}
button:hover { background: var(--st-secondary-background-color); }
button:focus-visible { outline: 2px solid var(--st-primary-color); }
"""
_JS = """
export default function ({ data, parentElement }) {
  const button = parentElement.querySelector("button");
  const label = () => {
    button.textContent = document.fullscreenElement ? data.leave : data.enter;
  };
  // A page framed without permission for full screen offers no button that cannot work.
  button.hidden = !document.fullscreenEnabled;
  button.onclick = () => document.fullscreenElement
    ? document.exitFullscreen()
    : document.documentElement.requestFullscreen();
  label();
  document.addEventListener("fullscreenchange", label);
  return () => document.removeEventListener("fullscreenchange", label);
}
"""
_full_screen = st.components.v2.component(
    "cc_full_screen", html='<button type="button"></button>', css=_CSS, js=_JS
)


def full_screen_button(t: Translator) -> None:
    """The button, labelled in the game's language."""
    _full_screen(
        key="full_screen",
        width="content",
        data={"enter": t("ui.screen.full_screen"), "leave": t("ui.screen.leave_full_screen")},
    )
