"""The installed command's choices made without starting anything (ui/command.py): where a
teacher's laptop keeps its games, and the operator's language for its messages. The commands
themselves run in tests/browser/test_installed.py, installed; backup and restore in
tests/engine/test_engine_backup.py."""

from __future__ import annotations

import stat

import pytest

from ui.command import database_url, language, main


def test_games_are_kept_in_the_users_data_folder_unless_a_database_is_named(tmp_path, monkeypatch):
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    folder = tmp_path / "data" / "crossed-canvas"
    assert database_url() == f"sqlite:///{folder / 'crossed_canvas.db'}"
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700  # students' names: its owner's alone
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert database_url().endswith("/home/.local/share/crossed-canvas/crossed_canvas.db")
    monkeypatch.setenv("DATABASE_URL", "postgresql+psycopg://school/canvas")
    assert database_url() == "postgresql+psycopg://school/canvas"


@pytest.mark.parametrize(
    ("settings", "expected"),
    [
        ({"LANG": "es_ES.UTF-8"}, "es"),
        ({"LANG": "es_MX.UTF-8", "LC_ALL": "en_GB.UTF-8"}, "en"),
        ({"LC_MESSAGES": "es_AR.UTF-8", "LANG": "en_US.UTF-8"}, "es"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_operators_locale_picks_the_language(monkeypatch, settings, expected):
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in settings.items():
        monkeypatch.setenv(name, value)
    assert language() == expected


def test_school_is_the_school_command_under_its_own_name(monkeypatch, capsys):
    monkeypatch.setenv("DATABASE_URL", "sqlite:///x.db")
    with pytest.raises(SystemExit):
        main(["school", "--processes", "2"])
    assert "crossed-canvas school: error: DATABASE_URL must name a PostgreSQL" in (
        capsys.readouterr().err
    )
