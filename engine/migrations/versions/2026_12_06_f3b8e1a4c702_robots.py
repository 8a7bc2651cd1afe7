"""player.robot, robot_moves, robot_moved_at: robot seats (issue 43). Players already seated
are students: not robots, no moves made.

Revision ID: f3b8e1a4c702
Revises: a9c4d2e7b815
Create Date: 2026-12-06 21:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "f3b8e1a4c702"
down_revision = "a9c4d2e7b815"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("player") as batch_op:
        batch_op.add_column(
            sa.Column("robot", sa.Boolean(), nullable=False, server_default=sa.false())
        )
        batch_op.add_column(
            sa.Column("robot_moves", sa.Integer(), nullable=False, server_default="0")
        )
        batch_op.add_column(sa.Column("robot_moved_at", sa.Float(), nullable=True))
    with op.batch_alter_table("player") as batch_op:  # the models give no server default
        batch_op.alter_column("robot", server_default=None)
        batch_op.alter_column("robot_moves", server_default=None)


def downgrade() -> None:
    with op.batch_alter_table("player") as batch_op:
        batch_op.drop_column("robot_moved_at")
        batch_op.drop_column("robot_moves")
        batch_op.drop_column("robot")
