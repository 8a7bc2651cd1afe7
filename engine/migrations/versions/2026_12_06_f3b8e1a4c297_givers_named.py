"""critter_game.givers_named: a teacher may keep Canvas Critters' ribbon givers unnamed
(issue 41). Games already there keep the rulebook's way: true.

Revision ID: f3b8e1a4c297
Revises: d2a7f19c0e64
Create Date: 2026-12-06 21:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "f3b8e1a4c297"
down_revision = "d2a7f19c0e64"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("critter_game") as batch_op:
        batch_op.add_column(
            sa.Column("givers_named", sa.Boolean(), nullable=False, server_default=sa.true())
        )
    with op.batch_alter_table("critter_game") as batch_op:  # the models give no server default
        batch_op.alter_column("givers_named", server_default=None)


def downgrade() -> None:
    with op.batch_alter_table("critter_game") as batch_op:
        batch_op.drop_column("givers_named")
