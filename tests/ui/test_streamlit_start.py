"""`streamlit run app.py`, the README's start command, asks no other host for anything as it
starts: headless, Streamlit would ask checkip.amazonaws.com for this machine's public address
to print it, unless the project's .streamlit/config.toml names where to open the app."""

from __future__ import annotations

import pytest
from streamlit import config, net_util
from streamlit.web import bootstrap


def test_the_start_prints_where_to_open_the_app_without_asking_another_host(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    config.get_config_options(force_reparse=True)  # the project's .streamlit/config.toml
    asked: list[str] = []
    monkeypatch.setattr(net_util, "_external_ip", None)  # nothing asked before
    monkeypatch.setattr(net_util, "_make_blocking_http_get", lambda url, timeout: asked.append(url))
    bootstrap._print_url(is_running_hello=False)  # what Streamlit prints once it listens
    assert asked == []
    assert "http://localhost:8501" in capsys.readouterr().out
