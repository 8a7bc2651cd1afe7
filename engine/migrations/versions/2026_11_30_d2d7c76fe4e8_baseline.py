"""Baseline: the schema as released on 30 November 2026 (commit 28a1419, teachers' own decks),
before push (Game.stage) and whole classes.

A database made before this (without the stored decks, say) cannot be upgraded: it is refused.

Revision ID: d2d7c76fe4e8
Revises:
Create Date: 2026-11-30 20:30:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "d2d7c76fe4e8"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "game",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("code", sa.String(length=12), nullable=False),
        sa.Column("facilitator_hash", sa.String(length=64), nullable=False),
        sa.Column("language", sa.String(length=5), nullable=False),
        sa.Column("deck", sa.String(), nullable=False),
        sa.Column("durations", sa.JSON(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("phase", sa.String(length=16), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("rounds", sa.Integer(), nullable=False),
        sa.Column("phase_started_at", sa.Float(), nullable=True),
        sa.Column("deadline", sa.Float(), nullable=True),
        sa.Column("paused", sa.Boolean(), nullable=False),
        sa.Column("paused_left", sa.Float(), nullable=True),
        sa.Column("curator_order", sa.JSON(), nullable=False),
        sa.Column("distorter_order", sa.JSON(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("touched_at", sa.Float(), nullable=False),
        sa.Column("kept_at", sa.Float(), nullable=True),
        sa.Column("interrupted", sa.Boolean(), nullable=False),
        sa.Column("locked", sa.Boolean(), nullable=False),
        sa.Column("next_code", sa.String(length=12), nullable=True),
        sa.Column("banned", sa.JSON(), nullable=False),
        sa.Column("name_filter", sa.Boolean(), nullable=False),
        sa.Column("allowed_names", sa.JSON(), nullable=False),
        sa.Column("shown_round", sa.Integer(), nullable=True),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index(op.f("ix_game_code"), "game", ["code"], unique=True)
    op.create_index(op.f("ix_game_facilitator_hash"), "game", ["facilitator_hash"], unique=True)
    op.create_index(op.f("ix_game_touched_at"), "game", ["touched_at"], unique=False)

    op.create_table(
        "storeddeck",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("ref", sa.String(length=40), nullable=False),
        sa.Column("owner", sa.String(length=64), nullable=False),
        sa.Column("title", sa.String(length=80), nullable=False),
        sa.Column("content", sa.JSON(), nullable=False),
        sa.Column("objects", sa.Integer(), nullable=False),
        sa.Column("pictures", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("used_at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index(op.f("ix_storeddeck_owner"), "storeddeck", ["owner"], unique=False)
    op.create_index(op.f("ix_storeddeck_ref"), "storeddeck", ["ref"], unique=True)
    op.create_index(op.f("ix_storeddeck_used_at"), "storeddeck", ["used_at"], unique=False)

    op.create_table(
        "deckpicture",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("deck_id", sa.Integer(), nullable=False),
        sa.Column("object_id", sa.String(length=40), nullable=False),
        sa.Column("mime", sa.String(length=32), nullable=False),
        sa.Column("data", sa.LargeBinary(), nullable=False),
        sa.ForeignKeyConstraint(
            ["deck_id"],
            ["storeddeck.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("deck_id", "object_id"),
    )
    op.create_index(op.f("ix_deckpicture_deck_id"), "deckpicture", ["deck_id"], unique=False)

    op.create_table(
        "player",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.Column("name_key", sa.String(length=64), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("browser", sa.String(length=64), nullable=True),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["game.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "browser"),
        sa.UniqueConstraint("game_id", "name_key"),
    )
    op.create_index(op.f("ix_player_game_id"), "player", ["game_id"], unique=False)
    op.create_index(op.f("ix_player_token_hash"), "player", ["token_hash"], unique=True)

    op.create_table(
        "round",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("pair_key", sa.String(), nullable=False),
        sa.Column("category", sa.String(), nullable=False),
        sa.Column("closeness", sa.Integer(), nullable=False),
        sa.Column("true_id", sa.String(), nullable=False),
        sa.Column("false_id", sa.String(), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("signatures", sa.JSON(), nullable=False),
        sa.Column("curator_id", sa.Integer(), nullable=False),
        sa.Column("distorter_id", sa.Integer(), nullable=False),
        sa.Column("scored", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["game.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "number"),
    )
    op.create_index(op.f("ix_round_game_id"), "round", ["game_id"], unique=False)

    op.create_table(
        "award",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("round_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("points", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["player.id"],
        ),
        sa.ForeignKeyConstraint(
            ["round_id"],
            ["round.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("round_id", "player_id"),
    )
    op.create_index(op.f("ix_award_round_id"), "award", ["round_id"], unique=False)

    op.create_table(
        "choice",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("round_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("option_id", sa.String(), nullable=False),
        sa.Column("request_id", sa.String(length=100), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["player.id"],
        ),
        sa.ForeignKeyConstraint(
            ["round_id"],
            ["round.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("player_id", "request_id"),
        sa.UniqueConstraint("round_id"),
    )
    op.create_table(
        "draft",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("round_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("pulse", sa.Integer(), nullable=False),
        sa.Column("strokes", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["player.id"],
        ),
        sa.ForeignKeyConstraint(
            ["round_id"],
            ["round.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("round_id", "player_id", "pulse"),
    )
    op.create_index(op.f("ix_draft_round_id"), "draft", ["round_id"], unique=False)

    op.create_table(
        "fragment",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("round_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("pulse", sa.Integer(), nullable=False),
        sa.Column("signature", sa.String(), nullable=False),
        sa.Column("strokes", sa.JSON(), nullable=False),
        sa.Column("request_id", sa.String(length=100), nullable=False),
        sa.Column("auto", sa.Boolean(), nullable=False),
        sa.Column("hidden", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["player.id"],
        ),
        sa.ForeignKeyConstraint(
            ["round_id"],
            ["round.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("player_id", "request_id"),
        sa.UniqueConstraint("round_id", "player_id", "pulse"),
    )
    op.create_index(op.f("ix_fragment_round_id"), "fragment", ["round_id"], unique=False)

    op.create_table(
        "vote",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("round_id", sa.Integer(), nullable=False),
        sa.Column("voter_id", sa.Integer(), nullable=False),
        sa.Column("signature", sa.String(), nullable=False),
        sa.Column("request_id", sa.String(length=100), nullable=False),
        sa.ForeignKeyConstraint(
            ["round_id"],
            ["round.id"],
        ),
        sa.ForeignKeyConstraint(
            ["voter_id"],
            ["player.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("round_id", "voter_id"),
        sa.UniqueConstraint("voter_id", "request_id"),
    )
    op.create_index(op.f("ix_vote_round_id"), "vote", ["round_id"], unique=False)


def downgrade() -> None:
    for table in (
        "vote",
        "fragment",
        "draft",
        "choice",
        "award",
        "round",
        "player",
        "deckpicture",
        "storeddeck",
        "game",
    ):
        op.drop_table(table)
