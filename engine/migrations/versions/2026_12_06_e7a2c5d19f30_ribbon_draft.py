"""ribbon_draft: a Canvas Critters giver's ribbons picked on their phone and not yet given,
given for them when judging ends if complete (issue 41, the ruling "What a student chose on
their phone is theirs"). A new table: nothing to fill.

Revision ID: e7a2c5d19f30
Revises: c4e1d7a0b953
Create Date: 2026-12-06 07:40:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "e7a2c5d19f30"
down_revision = "c4e1d7a0b953"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ribbon_draft",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("round_id", sa.Integer(), nullable=False),
        sa.Column("giver_id", sa.Integer(), nullable=False),
        sa.Column("ribbons", sa.JSON(), nullable=False),
        sa.Column("golden", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["giver_id"], ["player.id"]),
        sa.ForeignKeyConstraint(["round_id"], ["critter_round.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("round_id", "giver_id"),
    )
    with op.batch_alter_table("ribbon_draft", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_ribbon_draft_round_id"), ["round_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("ribbon_draft", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_ribbon_draft_round_id"))
    op.drop_table("ribbon_draft")
