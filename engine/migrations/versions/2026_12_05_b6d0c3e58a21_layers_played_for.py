"""layers_game.played_for: what the engine did for a painter whose turn ended without their
move (issue 34: a turn that runs out tells its student which card they got, or which
painting was completed). Games already there have played nobody's turn worth telling: NULL.

Revision ID: b6d0c3e58a21
Revises: 7c3a91d0e4b2
Create Date: 2026-12-05 01:30:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "b6d0c3e58a21"
down_revision = "7c3a91d0e4b2"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("layers_game") as batch_op:
        batch_op.add_column(sa.Column("played_for", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("layers_game") as batch_op:
        batch_op.drop_column("played_for")
