"""Alembic's environment: migrations run on the connection the caller put in the
configuration (engine/migrations/__init__.py), inside the transaction it is in."""

from __future__ import annotations

from typing import Literal

from alembic import context
from alembic.autogenerate.api import AutogenContext
from sqlmodel import SQLModel
from sqlmodel.sql.sqltypes import AutoString

# The shared tables; every game's tables are registered too, by its own models module: any
# import of an engine module first runs engine/__init__.py, whose Engine imports the registry.
from engine import models  # noqa: F401


def render_item(kind: str, item: object, _context: AutogenContext) -> str | Literal[False]:
    """SQLModel's string type written as SQLAlchemy's, so revisions need no sqlmodel import."""
    if kind == "type" and isinstance(item, AutoString):
        return f"sa.String(length={item.length})" if item.length else "sa.String()"
    return False


if context.is_offline_mode():
    raise RuntimeError("Crossed Canvas migrates a live database only (no --sql)")
context.configure(
    connection=context.config.attributes["connection"],
    target_metadata=SQLModel.metadata,
    # SQLite alters most things only by copying a table: batch operations do that there, and
    # are plain ALTER TABLE statements elsewhere.
    render_as_batch=True,
    compare_type=True,
    render_item=render_item,
)
with context.begin_transaction():
    context.run_migrations()
