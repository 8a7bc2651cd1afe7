"""The school's one command (ui/school.py) without starting anything: it refuses a database its
processes could not share, its nginx config shares new browsers among N processes, and a dead
process is started again after a back-off that grows until it keeps dying
(tests/browser/test_school.py runs it, behind nginx, and kills a process)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ui.school import COOKIE, DEATHS_WINDOW, AppProcess, KeepsDying, main, nginx_config


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


def test_a_dead_process_waits_longer_after_each_death_until_it_keeps_dying(capsys):
    app = AppProcess("app2", 9002, [], "http://127.0.0.1:9002/_stcore/health")
    # One death long ago is forgotten: the pauses start over.
    assert app.died(0.0, "exited with -9") == 1
    later = DEATHS_WINDOW + 1
    assert [app.died(later + n, "exited with 1") for n in range(4)] == [1, 2, 4, 8]
    assert "app2 exited with 1: starting it again in 8 s" in capsys.readouterr().err
    with pytest.raises(KeepsDying, match="app2 exited with 1, its death number 5 in 300 s"):
        app.died(later + 4, "exited with 1")
