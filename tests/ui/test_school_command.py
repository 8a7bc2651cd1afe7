"""The school's one command (ui/school.py) without starting anything: it refuses a database its
processes could not share, and its nginx config shares new browsers among N processes
(tests/browser/test_school.py runs it, behind nginx)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ui.school import COOKIE, main, nginx_config


@pytest.mark.parametrize("url", ["sqlite:///crossed_canvas.db", ""])
def test_it_refuses_sqlite_and_no_database(url, monkeypatch, capsys):
    monkeypatch.setenv("DATABASE_URL", url)
    with pytest.raises(SystemExit) as exited:
        main(["--processes", "2"])
    assert exited.value.code == 2
    assert "must name a PostgreSQL database" in capsys.readouterr().err


def test_new_browsers_share_among_every_process_and_keep_theirs_by_the_cookie():
    servers = {f"app{n}": f"127.0.0.1:{9000 + n}" for n in (1, 2, 3)}
    config = nginx_config(Path("/tmp/x"), servers, "::", 8501, "stderr")
    assert 'split_clients "$request_id" $cc_new { 33.33% app1; 33.33% app2; * app3; }' in config
    assert f"map $cookie_{COOKIE} $cc_server {{ app1 app1; app2 app2; app3 app3; " in config
    assert "listen [::]:8501;" in config
    for name, server in servers.items():
        assert f"upstream {name} {{ server {server}; }}" in config
