"""player.drawing, drawing_key, drawing_hidden: a face a student drew (issue 42). Players
already seated drew none: their animal is shown (engine/avatars.py).

Revision ID: 8b1f0c3d5e27
Revises: 4d9e2b7a1c58
Create Date: 2026-12-07 06:40:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "8b1f0c3d5e27"
down_revision = "4d9e2b7a1c58"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("player") as batch_op:
        batch_op.add_column(sa.Column("drawing", sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column("drawing_key", sa.String(length=16), nullable=True))
        batch_op.add_column(
            sa.Column("drawing_hidden", sa.Boolean(), nullable=False, server_default=sa.false())
        )
        batch_op.create_index("ix_player_drawing_key", ["drawing_key"])
    with op.batch_alter_table("player") as batch_op:  # the models give no server default
        batch_op.alter_column("drawing_hidden", server_default=None)


def downgrade() -> None:
    with op.batch_alter_table("player") as batch_op:
        batch_op.drop_index("ix_player_drawing_key")
        batch_op.drop_column("drawing_hidden")
        batch_op.drop_column("drawing_key")
        batch_op.drop_column("drawing")
