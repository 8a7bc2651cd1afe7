"""Classroom.game: the game a class's tables play (issue 21, "classes for every game"): a
class may now be a class of Canvas Critters too. Classes already there seated Crossed Canvas
only, so they become "crossed_canvas".

Revision ID: 8e4f2a6c1b37
Revises: 5b1e0c7a9d42
Create Date: 2026-12-02 12:55:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "8e4f2a6c1b37"
down_revision = "5b1e0c7a9d42"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("classroom") as batch_op:
        batch_op.add_column(
            sa.Column("game", sa.String(length=32), nullable=False, server_default="crossed_canvas")
        )
    # The models give the value (as create_all made it): no default left in the database.
    with op.batch_alter_table("classroom") as batch_op:
        batch_op.alter_column("game", server_default=None)


def downgrade() -> None:
    with op.batch_alter_table("classroom") as batch_op:
        batch_op.drop_column("game")
