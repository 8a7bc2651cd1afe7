"""Classroom.table_count: how many tables the teacher chose for the class (issue 24, "a class
of 12 can be two tables of 6"); Player.role_seen: the round in which the player last opened
their role card during the roles phase (the teacher's readiness count in that phase).

Classes already there keep the fewest tables that fit (None), as before; no player has opened
a card yet (0).

Revision ID: 5b1e0c7a9d42
Revises: 1983a8c66d1a
Create Date: 2026-12-02 01:10:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "5b1e0c7a9d42"
down_revision = "1983a8c66d1a"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("classroom") as batch_op:
        batch_op.add_column(sa.Column("table_count", sa.Integer(), nullable=True))
    with op.batch_alter_table("player") as batch_op:
        batch_op.add_column(
            sa.Column("role_seen", sa.Integer(), nullable=False, server_default="0")
        )
    # The models give the value (as create_all made it): no default left in the database.
    with op.batch_alter_table("player") as batch_op:
        batch_op.alter_column("role_seen", server_default=None)


def downgrade() -> None:
    with op.batch_alter_table("player") as batch_op:
        batch_op.drop_column("role_seen")
    with op.batch_alter_table("classroom") as batch_op:
        batch_op.drop_column("table_count")
