"""A game database to one file and back (`crossed-canvas backup FILE`, `restore FILE`), on any
database the engine runs on: a school moves from one server to another, or from SQLite to
PostgreSQL, with its games, classes and teachers' decks.

The file is JSON lines, readable and the same from every database: a header (this format's
name and version, and the schema's Alembic revision), one line per row of every table, in an
order that inserts each row after those it refers to, and an end line counting the rows with a
SHA-256 of their lines. A restore reads and checks the whole file before it writes anything,
refuses a database that already holds rows, and writes every row in one transaction: a
damaged, truncated or foreign file, or a backup of another schema, changes nothing.

Every table the engine knows is here: importing this module ran engine/__init__.py, whose
Engine imports every game's models (as engine/migrations does).
"""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Iterable, Iterator
from typing import Any, TextIO

from alembic.migration import MigrationContext
from sqlalchemy import Integer, LargeBinary, Table, func, insert, select, text
from sqlalchemy.engine import Connection
from sqlalchemy.exc import StatementError
from sqlmodel import SQLModel

from engine.db import Database
from engine.errors import RuleError

FORMAT = "crossed-canvas-backup"
#: The file's layout; a reader refuses a version it does not know.
VERSION = 1


class BackupRefused(RuleError):
    """A file that is not a whole backup this version can restore, or a database that is not
    empty: the message (error.backup.*, in English and Spanish) says which; nothing was
    written."""


def _tables() -> list[Table]:
    """Every table, each after the tables it refers to."""
    return list(SQLModel.metadata.sorted_tables)


def _revision(connection: Connection) -> str | None:
    return MigrationContext.configure(connection).get_current_revision()


def _encoded(table: Table, row: dict[str, Any]) -> dict[str, Any]:
    """A row as JSON holds it: bytes (uploaded pictures) in base64."""
    return {
        name: base64.b64encode(value).decode("ascii")
        if value is not None and isinstance(table.c[name].type, LargeBinary)
        else value
        for name, value in row.items()
    }


def _decoded(table: Table, row: dict[str, Any]) -> dict[str, Any]:
    unknown = set(row) - set(table.c.keys())
    if unknown:
        raise BackupRefused(
            "error.backup.unknown_column", table=table.name, columns=", ".join(sorted(unknown))
        )
    return {
        name: base64.b64decode(value, validate=True)
        if value is not None and isinstance(table.c[name].type, LargeBinary)
        else value
        for name, value in row.items()
    }


def back_up(database: Database, out: TextIO) -> int:
    """Write every row of `database` to `out`, from one consistent snapshot; how many rows."""
    digest = hashlib.sha256()
    rows = 0
    with database.read() as session:
        connection = session.connection()
        header = {"format": FORMAT, "version": VERSION, "revision": _revision(connection)}
        out.write(json.dumps(header) + "\n")
        for table in _tables():
            order = [column for column in table.primary_key.columns]
            for row in connection.execute(select(table).order_by(*order)).mappings():
                line = json.dumps({"table": table.name, "row": _encoded(table, dict(row))})
                digest.update(line.encode())
                out.write(line + "\n")
                rows += 1
    out.write(json.dumps({"end": {"rows": rows, "sha256": digest.hexdigest()}}) + "\n")
    return rows


def _read(lines: Iterable[str]) -> tuple[dict[str, Any], list[tuple[Table, dict[str, Any]]]]:
    """The header and the rows of a whole, undamaged backup; BackupRefused otherwise."""
    parsed = iter(lines)
    try:
        header = json.loads(next(parsed))
    except (StopIteration, ValueError):
        raise BackupRefused("error.backup.no_header") from None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise BackupRefused("error.backup.foreign")
    if header.get("version") != VERSION:
        raise BackupRefused(
            "error.backup.format_version", found=str(header.get("version")), known=VERSION
        )
    tables = {table.name: table for table in _tables()}
    digest = hashlib.sha256()
    rows: list[tuple[Table, dict[str, Any]]] = []
    for number, line in enumerate(parsed, start=2):
        try:
            entry = json.loads(line)
            if "end" in entry:
                end = entry["end"]
                if end != {"rows": len(rows), "sha256": digest.hexdigest()}:
                    raise BackupRefused("error.backup.checksum")
                return header, rows
            digest.update(line.rstrip("\n").encode())
            table = tables.get(entry["table"])
            if table is None:
                raise BackupRefused("error.backup.unknown_table", line=number, table=entry["table"])
            rows.append((table, _decoded(table, entry["row"])))
        except (ValueError, KeyError, TypeError, AttributeError):
            raise BackupRefused("error.backup.damaged_line", line=number) from None
    raise BackupRefused("error.backup.cut_short")


def _lines(source: TextIO) -> Iterator[str]:
    try:
        yield from source
    except UnicodeDecodeError:
        raise BackupRefused("error.backup.not_text") from None


def restore(database: Database, source: TextIO) -> int:
    """Put a backup's rows into `database`, which must be empty and at the backup's schema
    revision; how many rows. BackupRefused, with nothing written, for anything else."""
    header, rows = _read(_lines(source))
    with (
        database.engine.execution_options(crossed_write=True).connect() as connection,
        connection.begin(),
    ):
        revision = _revision(connection)
        if header.get("revision") != revision:
            raise BackupRefused(
                "error.backup.revision", backup=str(header.get("revision")), database=revision
            )
        for table in _tables():
            if connection.execute(select(func.count()).select_from(table)).scalar_one():
                raise BackupRefused("error.backup.not_empty", table=table.name)
        try:
            for table, row in rows:
                connection.execute(insert(table), row)
        except StatementError as error:
            raise BackupRefused("error.backup.rows_refused", reason=str(error.orig)) from None
        if database.backend == "postgresql":
            _continue_sequences(connection)
    return len(rows)


def _continue_sequences(connection: Connection) -> None:
    """PostgreSQL's id sequences moved past the restored ids (an insert with its own id leaves
    its sequence where it was, and the next new row would take an id already used)."""
    for table in _tables():
        for column in table.primary_key.columns:
            if isinstance(column.type, Integer) and column.autoincrement in (True, "auto"):
                connection.execute(
                    text(
                        "SELECT setval(pg_get_serial_sequence(:table, :column), "
                        f'coalesce(max("{column.name}"), 0) + 1, false) FROM "{table.name}"'
                    ),
                    {"table": table.name, "column": column.name},
                )
