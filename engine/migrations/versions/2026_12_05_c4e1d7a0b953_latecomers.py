"""game.latecomers: a class's table waiting in its lobby while others of its sitting play
(issue 34: a student who joins after "Start every table" is told why they wait). Tables
already there are not marked: false.

Revision ID: c4e1d7a0b953
Revises: b6d0c3e58a21
Create Date: 2026-12-05 04:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "c4e1d7a0b953"
down_revision = "b6d0c3e58a21"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game") as batch_op:
        batch_op.add_column(
            sa.Column("latecomers", sa.Boolean(), nullable=False, server_default=sa.false())
        )
    with op.batch_alter_table("game") as batch_op:  # the models give no server default
        batch_op.alter_column("latecomers", server_default=None)


def downgrade() -> None:
    with op.batch_alter_table("game") as batch_op:
        batch_op.drop_column("latecomers")
