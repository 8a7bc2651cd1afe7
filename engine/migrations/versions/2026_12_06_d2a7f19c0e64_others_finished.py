"""game.others_finished: a latecomers' table whose sitting's other tables have all finished
(issue 40: the latecomers' phones say so). Tables already there are not marked: false.

Revision ID: d2a7f19c0e64
Revises: e7a2c5d19f30
Create Date: 2026-12-06 07:30:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "d2a7f19c0e64"
down_revision = "e7a2c5d19f30"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game") as batch_op:
        batch_op.add_column(
            sa.Column("others_finished", sa.Boolean(), nullable=False, server_default=sa.false())
        )
    with op.batch_alter_table("game") as batch_op:  # the models give no server default
        batch_op.alter_column("others_finished", server_default=None)


def downgrade() -> None:
    with op.batch_alter_table("game") as batch_op:
        batch_op.drop_column("others_finished")
