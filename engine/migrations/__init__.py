"""The database's schema, brought up to date by Alembic when an Engine starts.

`bring_up_to_date` runs on the caller's connection, inside its transaction (and lock), so app
servers starting together on one database queue rather than migrate it twice. A new database
gets the models' tables (`create_all`, the one source of the schema) stamped at the newest
revision; one the migrations know is upgraded; one made before they began is matched, by its
columns, to the revision it was left at and upgraded from there, or refused when it is older
than the first (the baseline: the schema of 30 November 2026 before push and classes).
"""

from __future__ import annotations

import functools
import threading
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from alembic.util import CommandError
from sqlalchemy import create_engine, inspect
from sqlalchemy.engine import Connection
from sqlmodel import SQLModel

# The shared tables; every game's tables are registered too, by its own models module: any
# import of an engine module first runs engine/__init__.py, whose Engine imports the registry.
from engine import models  # noqa: F401

HERE = Path(__file__).parent
# Alembic runs migrations through module-wide proxies (alembic.op, alembic.context): two
# threads migrating at once, even different databases, would mix them up.
_ALEMBIC = threading.Lock()

Schema = dict[str, frozenset[str]]


def alembic_config(connection: Connection | None = None) -> Config:
    """The project's Alembic configuration, in code (no alembic.ini): env.py migrates
    `connection`, inside the transaction it is in (none: for reading the revisions alone)."""
    config = Config()
    config.set_main_option("script_location", str(HERE))
    config.set_main_option("file_template", "%%(year)d_%%(month).2d_%%(day).2d_%%(rev)s_%%(slug)s")
    config.attributes["connection"] = connection
    return config


@functools.cache
def _scripts() -> ScriptDirectory:
    """The revisions, read from their files once a process: reading them (Alembic executes
    each file) was most of what starting an Engine cost, and tests start thousands."""
    return ScriptDirectory.from_config(alembic_config())


def bring_up_to_date(connection: Connection) -> None:
    """Give the database on `connection` the newest schema, keeping every row; a database the
    migrations cannot upgrade is refused with a RuntimeError that says why. A new database and
    one already at the newest revision (every start but the first after an upgrade) are
    handled from the revisions read once (`_scripts`); the rest runs Alembic's commands."""
    with _ALEMBIC:
        migrations = MigrationContext.configure(connection)
        current = migrations.get_current_revision()
        if current == _scripts().get_current_head():
            return
        config = alembic_config(connection)
        if current is None:
            if not set(SQLModel.metadata.tables) & set(inspect(connection).get_table_names()):
                SQLModel.metadata.create_all(connection)  # a new database
                migrations.stamp(_scripts(), "head")
                return
            command.stamp(config, _revision_matching(connection))
        else:
            _require_known(current)
        command.upgrade(config, "head")


def _require_known(revision: str) -> None:
    try:
        _scripts().get_revision(revision)
    except CommandError:
        raise RuntimeError(
            f"The database was made by a newer version of Crossed Canvas (its schema is at "
            f"revision {revision!r}, unknown to this one). Run that version or a later one."
        ) from None


def _revision_matching(connection: Connection) -> str:
    """The revision whose schema has exactly the database's tables and columns (a database
    made before the migrations began, by `create_all` alone); refused when none has."""
    schemas = _schemas_by_revision()
    found = _schema(connection, {name for _, schema in schemas for name in schema})
    for revision, schema in schemas:
        if schema == found:
            return revision
    _, baseline = schemas[0]
    raise RuntimeError(
        f"The database was made by an older version of Crossed Canvas ({_lack(found, baseline)})."
        f" Move it away (for SQLite, rename the .db file) and start again: its games cannot be "
        f"continued."
    )


def _lack(found: Schema, wanted: Schema) -> str:
    """What the found schema lacks of the wanted one, in words: a table's columns first."""
    for table, columns in wanted.items():
        if missing := sorted(columns - found.get(table, columns)):
            return f"table {table!r} lacks {', '.join(missing)}"
    if missing := sorted(set(wanted) - set(found)):
        return f"no table {', '.join(missing)}"
    extra = sorted(
        f"{t}.{c}" for t, columns in found.items() for c in columns - wanted.get(t, set())
    )
    return f"unknown columns {', '.join(extra)}"


def _schemas_by_revision() -> list[tuple[str, Schema]]:
    """Each revision's tables and columns from the baseline on, as its migrations leave an
    empty scratch database."""
    with create_engine("sqlite://").begin() as scratch:
        config = alembic_config(scratch)
        scripts = _scripts().walk_revisions()
        schemas = []
        for script in reversed(list(scripts)):
            command.upgrade(config, script.revision)
            schemas.append((script.revision, _schema(scratch)))
        return schemas


def _schema(connection: Connection, tables: set[str] | None = None) -> Schema:
    """The tables (those named, or all but Alembic's own) and their columns."""
    found = inspect(connection)
    return {
        name: frozenset(column["name"] for column in found.get_columns(name))
        for name in found.get_table_names()
        if (name in tables if tables is not None else name != "alembic_version")
    }
