"""game.faces, classroom.faces: a teacher may turn faces beside names off (issue 42). Games
and classes already there keep them on.

Revision ID: a6c3e9d2f714
Revises: 8b1f0c3d5e27
Create Date: 2026-12-07 15:40:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "a6c3e9d2f714"
down_revision = "8b1f0c3d5e27"
branch_labels = None
depends_on = None

TABLES = ("game", "classroom")


def upgrade() -> None:
    for table in TABLES:
        with op.batch_alter_table(table) as batch_op:
            batch_op.add_column(
                sa.Column("faces", sa.Boolean(), nullable=False, server_default=sa.true())
            )
        with op.batch_alter_table(table) as batch_op:  # the models give no server default
            batch_op.alter_column("faces", server_default=None)


def downgrade() -> None:
    for table in TABLES:
        with op.batch_alter_table(table) as batch_op:
            batch_op.drop_column("faces")
