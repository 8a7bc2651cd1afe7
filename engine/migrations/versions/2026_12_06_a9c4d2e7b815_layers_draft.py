"""layers_draft: a Canvas Layers painter arranges a painting from their hand while others
play, kept for them alone (issue 41).

Revision ID: a9c4d2e7b815
Revises: f3b8e1a4c297
Create Date: 2026-12-06 21:10:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "a9c4d2e7b815"
down_revision = "f3b8e1a4c297"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "layers_draft",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("cards", sa.JSON(), nullable=False),
        sa.Column("background", sa.String(length=64), nullable=True),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"]),
        sa.ForeignKeyConstraint(["player_id"], ["player.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "player_id"),
    )
    with op.batch_alter_table("layers_draft", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_layers_draft_game_id"), ["game_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("layers_draft", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_layers_draft_game_id"))
    op.drop_table("layers_draft")
