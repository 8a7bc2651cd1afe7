"""Canvas Layers' tables (issue 22): layers_game, one row per game holding the rules' state
as JSON, and layers_move, one row per accepted move and what it answered (a retry answers
the same). No game of it exists yet: nothing to fill.

Revision ID: 7c3a91d0e4b2
Revises: 8e4f2a6c1b37
Create Date: 2026-12-02 13:10:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "7c3a91d0e4b2"
down_revision = "8e4f2a6c1b37"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "layers_game",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("state", sa.JSON(), nullable=False),
        sa.Column("moved_turn", sa.Integer(), nullable=False),
        sa.Column("last_painter", sa.Integer(), nullable=True),
        sa.Column("picked", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("layers_game", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_layers_game_game_id"), ["game_id"], unique=True)

    op.create_table(
        "layers_move",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("turn", sa.Integer(), nullable=False),
        sa.Column("request_id", sa.String(length=100), nullable=False),
        sa.Column("result", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"]),
        sa.ForeignKeyConstraint(["player_id"], ["player.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("player_id", "request_id"),
    )
    with op.batch_alter_table("layers_move", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_layers_move_game_id"), ["game_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("layers_move", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_layers_move_game_id"))
    op.drop_table("layers_move")
    with op.batch_alter_table("layers_game", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_layers_game_game_id"))
    op.drop_table("layers_game")
