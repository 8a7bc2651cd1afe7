"""`crossed-canvas`, the installed app's one command (pyproject.toml's [project.scripts]):

    crossed-canvas serve [--port 8501] [streamlit's options]   a teacher's laptop
    crossed-canvas school [--processes N] [--port 8501] ...    a whole school (ui/school.py)
    crossed-canvas purge                                       delete games past retention, now
    crossed-canvas backup FILE / restore FILE                  a game database to one file and back
    crossed-canvas --version

Every command but `school` works on DATABASE_URL when it is set, else on a SQLite file in the
user's data folder ($XDG_DATA_HOME/crossed-canvas, by default ~/.local/share/crossed-canvas):
an installed app has no working folder of its own to keep a database in, and `serve`, `purge`
and `backup` must find the same one wherever they are typed.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from importlib import metadata
from pathlib import Path

from streamlit import net_util

from engine.door import RETENTION_DAYS
from engine.i18n import LANGUAGES, translate
from engine.paths import PROJECT

DISTRIBUTION = "crossed-canvas"
DATABASE_FILE = "crossed_canvas.db"


def data_folder() -> Path:
    """The user's data folder for this app (the XDG base directory rule: $XDG_DATA_HOME, else
    ~/.local/share), made for its owner alone: the database holds students' names."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    folder = Path(base) / DISTRIBUTION
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    return folder


def database_url() -> str:
    """DATABASE_URL when set, else the SQLite file in the user's data folder."""
    return os.environ.get("DATABASE_URL") or f"sqlite:///{data_folder() / DATABASE_FILE}"


def retention_days() -> float:
    """RETENTION_DAYS when set (as the app reads it, ui/runtime.py), else the default."""
    return float(os.environ.get("RETENTION_DAYS") or RETENTION_DAYS)


def serve(port: int, streamlit_options: Sequence[str]) -> int:
    """The app in this one process (exec: a service manager's signals reach Streamlit itself),
    from the app's folder, whose .streamlit/config.toml Streamlit reads. Its addresses are
    printed here: Streamlit's own welcome would first ask checkip.amazonaws.com for this
    machine's public address, and the app asks no other host for anything (docs/privacy.md)."""
    url = database_url()
    print(f"Games are kept in {url}", flush=True)
    addresses = ["localhost", net_util.get_internal_ip()]  # the second: phones on this network
    for address in filter(None, addresses):
        print(f"Crossed Canvas on http://{address}:{port}/", flush=True)
    os.chdir(PROJECT)
    os.execve(
        sys.executable,
        [sys.executable, "-m", "streamlit", "run", str(PROJECT / "app.py"), *streamlit_options]
        + ["--server.port", str(port), "--logger.hideWelcomeMessage", "true"],
        dict(os.environ, DATABASE_URL=url),
    )


def language() -> str:
    """The operator's language, as the system's locale settings name it (es_ES.UTF-8 is
    Spanish); English otherwise."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if os.environ.get(name):
            return next((code for code in LANGUAGES if os.environ[name].startswith(code)), "en")
    return "en"


def purge() -> int:
    from engine import Engine

    engine = Engine(database_url(), retention_days=retention_days())
    deleted = engine.purge()
    print(translate(language(), "cli.purged", count=deleted, days=f"{retention_days():g}"))
    return 0


def backup(file: Path) -> int:
    from engine.backup import back_up
    from engine.db import Database

    try:
        with file.open("x", encoding="utf-8") as out:
            rows = back_up(Database(database_url()), out)
    except FileExistsError:
        print(translate(language(), "cli.backup_exists", file=file), file=sys.stderr)
        return 1
    print(translate(language(), "cli.backed_up", count=rows, file=file))
    return 0


def restore(file: Path) -> int:
    from engine.backup import BackupRefused, restore
    from engine.db import Database

    said = language()
    try:
        with file.open(encoding="utf-8") as source:
            rows = restore(Database(database_url()), source)
    except BackupRefused as refusal:
        reason = refusal.message(said)
        print(translate(said, "cli.restore_refused", reason=reason), file=sys.stderr)
        return 1
    print(translate(said, "cli.restored", count=rows, file=file))
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="crossed-canvas",
        description="Crossed Canvas, a classroom party game. Games are kept in DATABASE_URL, "
        "else in a SQLite file in the user's data folder.",
    )
    parser.add_argument(
        "--version", action="version", version=f"%(prog)s {metadata.version(DISTRIBUTION)}"
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    serving = commands.add_parser(
        "serve",
        help="the app on this machine (a teacher's laptop); other options go to Streamlit",
    )
    serving.add_argument("--port", type=int, default=8501, help="its port (8501)")
    commands.add_parser(
        "school",
        add_help=False,
        help="a whole school: one process per core on PostgreSQL behind nginx "
        "(school --help says more)",
    )
    commands.add_parser("purge", help="delete games unchanged for RETENTION_DAYS (30), now")
    for name, text in (
        ("backup", "write every game, class and deck to a new FILE"),
        ("restore", "put a backup FILE into an empty database"),
    ):
        command = commands.add_parser(name, help=text)
        command.add_argument("file", type=Path, metavar="FILE")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    arguments = list(sys.argv[1:] if argv is None else argv)
    if arguments[:1] == ["school"]:
        from ui import school

        return school.main(arguments[1:], prog="crossed-canvas school")
    parser = _parser()
    options, rest = parser.parse_known_args(arguments)
    if rest and options.command != "serve":
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    try:
        if options.command == "serve":
            return serve(options.port, rest)
        if options.command == "purge":
            return purge()
        if options.command == "backup":
            return backup(options.file)
        return restore(options.file)
    except (RuntimeError, OSError) as error:  # a database refused at start, a file unread
        print(f"{error}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
