"""player.avatar: a student's face (issue 42). Players already seated keep none: their
seat's face is shown (engine/avatars.py).

Revision ID: 4d9e2b7a1c58
Revises: f3b8e1a4c702
Create Date: 2026-12-07 00:30:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "4d9e2b7a1c58"
down_revision = "f3b8e1a4c702"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("player") as batch_op:
        batch_op.add_column(sa.Column("avatar", sa.String(length=32), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("player") as batch_op:
        batch_op.drop_column("avatar")
