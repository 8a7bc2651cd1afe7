"""Each run's NewSession message carries the project's theme when it is built once
(ui/theme_message.py): the same message as Streamlit's own, on the first run and every later
one, and the new theme after the config is parsed again."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from streamlit import config
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.runtime import app_session

from ui.theme_message import build_theme_once

#: The sections Streamlit 1.67 fills, each into its place of `new_session.custom_theme`.
SECTIONS = ("", "light", "dark", "sidebar", "light.sidebar", "dark.sidebar")


def new_session_theme() -> ForwardMsg:
    """A NewSession message's theme, filled as AppSession._create_new_session_message fills it."""
    msg = ForwardMsg()
    for section in SECTIONS:
        target = msg.new_session.custom_theme
        for part in filter(None, section.split(".")):
            target = getattr(target, part)
        app_session._populate_theme_msg(target, f"theme.{section}" if section else "theme")
    return msg


@pytest.fixture
def streamlit_own(monkeypatch: pytest.MonkeyPatch) -> Iterator[ForwardMsg]:
    """Streamlit's own message; its own function is put back afterwards, and so is the
    project's config (a test parses another)."""
    monkeypatch.setattr(app_session, "_populate_theme_msg", app_session._populate_theme_msg)
    yield new_session_theme()
    config.get_config_options(force_reparse=True)


def test_every_run_carries_the_same_theme_as_streamlit_builds_it(streamlit_own: ForwardMsg):
    # The project's primary colour (.streamlit/config.toml), the one a button shows.
    assert streamlit_own.new_session.custom_theme.primary_color == "#a8283a"
    assert build_theme_once() is True
    assert build_theme_once() is False  # the server's start runs it once; again changes nothing
    for _run in range(3):
        assert new_session_theme() == streamlit_own


def test_a_new_parse_of_the_config_builds_the_theme_again(streamlit_own: ForwardMsg):
    build_theme_once()
    assert new_session_theme() == streamlit_own
    config.get_config_options(
        force_reparse=True, options_from_flags={"theme.primaryColor": "#123456"}
    )
    assert new_session_theme().new_session.custom_theme.primary_color == "#123456"
