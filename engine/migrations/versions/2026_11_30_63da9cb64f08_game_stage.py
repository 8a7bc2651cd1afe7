"""Game.stage: the version of the last change every page must show (push, commit 4bf9b11).

A game already running starts with its stage at its version: its last change counts as one
every page shows, so each page redraws whole once, as before push.

Revision ID: 63da9cb64f08
Revises: d2d7c76fe4e8
Create Date: 2026-11-30 20:30:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "63da9cb64f08"
down_revision = "d2d7c76fe4e8"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game") as batch_op:
        batch_op.add_column(sa.Column("stage", sa.Integer(), nullable=False, server_default="0"))
    op.execute("UPDATE game SET stage = version")
    # The models give the value (as create_all made it): no default left in the database.
    with op.batch_alter_table("game") as batch_op:
        batch_op.alter_column("stage", server_default=None)


def downgrade() -> None:
    with op.batch_alter_table("game") as batch_op:
        batch_op.drop_column("stage")
