"""Whole classes on one code (commit ce6a473): the classroom table, a game's class, sitting and
table, a player pinned to a table by the teacher.

Games already there are games of their own (no class); their players are not pinned.

Revision ID: 61971c89e897
Revises: 63da9cb64f08
Create Date: 2026-11-30 20:30:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "61971c89e897"
down_revision = "63da9cb64f08"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "classroom",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("code", sa.String(length=12), nullable=False),
        sa.Column("facilitator_hash", sa.String(length=64), nullable=False),
        sa.Column("language", sa.String(length=5), nullable=False),
        sa.Column("deck", sa.String(), nullable=False),
        sa.Column("durations", sa.JSON(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("stage", sa.Integer(), nullable=False),
        sa.Column("sitting", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("touched_at", sa.Float(), nullable=False),
        sa.Column("name_filter", sa.Boolean(), nullable=False),
        sa.Column("allowed_names", sa.JSON(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index(op.f("ix_classroom_code"), "classroom", ["code"], unique=True)
    op.create_index(
        op.f("ix_classroom_facilitator_hash"), "classroom", ["facilitator_hash"], unique=True
    )
    op.create_index(op.f("ix_classroom_touched_at"), "classroom", ["touched_at"], unique=False)

    with op.batch_alter_table("game") as batch_op:
        # Its reference unnamed, as create_all makes it (PostgreSQL names it
        # game_classroom_id_fkey), inline so that SQLite adds it with the column.
        batch_op.add_column(
            sa.Column("classroom_id", sa.Integer(), sa.ForeignKey("classroom.id"), nullable=True),
            inline_references=True,
        )
        batch_op.add_column(sa.Column("sitting", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("table", sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f("ix_game_classroom_id"), ["classroom_id"], unique=False)

    with op.batch_alter_table("player") as batch_op:
        batch_op.add_column(
            sa.Column("pinned", sa.Boolean(), nullable=False, server_default=sa.false())
        )
    # The models give the value (as create_all made it): no default left in the database.
    with op.batch_alter_table("player") as batch_op:
        batch_op.alter_column("pinned", server_default=None)


def downgrade() -> None:
    with op.batch_alter_table("player") as batch_op:
        batch_op.drop_column("pinned")
    with op.batch_alter_table("game") as batch_op:
        batch_op.drop_index(batch_op.f("ix_game_classroom_id"))
        batch_op.drop_column("table")
        batch_op.drop_column("sitting")
        batch_op.drop_column("classroom_id")  # and its foreign key
    op.drop_table("classroom")
