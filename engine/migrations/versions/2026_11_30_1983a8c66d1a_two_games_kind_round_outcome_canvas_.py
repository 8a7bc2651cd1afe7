"""Two games: Game.kind (existing games are Crossed Canvas), Canvas Critters' tables, and a
Crossed Canvas round's outcome stored at its reveal (Round.outcome replaces Round.scored; a
round already scored gets the outcome its rows decide, as engine/rules.py's round_outcome decided
it at this revision).

Revision ID: 1983a8c66d1a
Revises: 61971c89e897
Create Date: 2026-11-30 20:30:17.810452
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

import sqlalchemy as sa
from alembic import op

_round = sa.table(
    "round",
    sa.column("id", sa.Integer),
    sa.column("game_id", sa.Integer),
    sa.column("true_id", sa.String),
    sa.column("signatures", sa.JSON),
    sa.column("distorter_id", sa.Integer),
    sa.column("scored", sa.Boolean),
    sa.column("outcome", sa.JSON),
)
_player = sa.table("player", sa.column("id", sa.Integer), sa.column("game_id", sa.Integer))
_choice = sa.table("choice", sa.column("round_id", sa.Integer), sa.column("option_id", sa.String))
_vote = sa.table("vote", sa.column("round_id", sa.Integer), sa.column("signature", sa.String))

revision = "1983a8c66d1a"
down_revision = "61971c89e897"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "critter_game",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("duel", sa.Boolean(), nullable=False),
        sa.Column("first_active", sa.Integer(), nullable=False),
        sa.Column("deck", sa.JSON(), nullable=False),
        sa.Column("golden_given", sa.JSON(), nullable=False),
        sa.Column("tie_rule", sa.String(length=16), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["game.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("critter_game", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_critter_game_game_id"), ["game_id"], unique=True)

    op.create_table(
        "critter_round",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("active_id", sa.Integer(), nullable=True),
        sa.Column("choices", sa.JSON(), nullable=False),
        sa.Column("tied", sa.JSON(), nullable=False),
        sa.Column("face_up", sa.JSON(), nullable=False),
        sa.Column("scores", sa.JSON(), nullable=True),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["game.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "number"),
    )
    with op.batch_alter_table("critter_round", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_critter_round_game_id"), ["game_id"], unique=False)

    op.create_table(
        "duel_guess",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("round_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("ribbon", sa.Integer(), nullable=False),
        sa.Column("card", sa.String(length=32), nullable=False),
        sa.Column("theme", sa.String(length=64), nullable=True),
        sa.Column("request_id", sa.String(length=100), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["player.id"],
        ),
        sa.ForeignKeyConstraint(
            ["round_id"],
            ["critter_round.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("player_id", "request_id"),
        sa.UniqueConstraint("round_id", "player_id"),
    )
    with op.batch_alter_table("duel_guess", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_duel_guess_round_id"), ["round_id"], unique=False)

    op.create_table(
        "holding",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("round_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("piece", sa.String(length=16), nullable=False),
        sa.Column("x", sa.Float(), nullable=False),
        sa.Column("y", sa.Float(), nullable=False),
        sa.Column("rotation", sa.Integer(), nullable=False),
        sa.Column("mirrored", sa.Boolean(), nullable=False),
        sa.Column("layer", sa.Integer(), nullable=False),
        sa.Column("request_id", sa.String(length=100), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["player.id"],
        ),
        sa.ForeignKeyConstraint(
            ["round_id"],
            ["critter_round.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("player_id", "request_id"),
        sa.UniqueConstraint("round_id", "piece"),
    )
    with op.batch_alter_table("holding", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_holding_round_id"), ["round_id"], unique=False)

    op.create_table(
        "mosaic",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("round_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("side", sa.String(length=8), nullable=False),
        sa.Column("finished_at", sa.Float(), nullable=True),
        sa.Column("title", sa.String(length=160), nullable=True),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["player.id"],
        ),
        sa.ForeignKeyConstraint(
            ["round_id"],
            ["critter_round.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("round_id", "player_id"),
    )
    with op.batch_alter_table("mosaic", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_mosaic_round_id"), ["round_id"], unique=False)

    op.create_table(
        "ribbons",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("round_id", sa.Integer(), nullable=False),
        sa.Column("giver_id", sa.Integer(), nullable=False),
        sa.Column("ribbons", sa.JSON(), nullable=False),
        sa.Column("golden", sa.Integer(), nullable=True),
        sa.Column("request_id", sa.String(length=100), nullable=False),
        sa.ForeignKeyConstraint(
            ["giver_id"],
            ["player.id"],
        ),
        sa.ForeignKeyConstraint(
            ["round_id"],
            ["critter_round.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("giver_id", "request_id"),
        sa.UniqueConstraint("round_id", "giver_id"),
    )
    with op.batch_alter_table("ribbons", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_ribbons_round_id"), ["round_id"], unique=False)

    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("kind", sa.String(length=32), nullable=False, server_default="crossed_canvas")
        )
    # The models give the value (as create_all made it): no default left in the database.
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.alter_column("kind", server_default=None)

    with op.batch_alter_table("round", schema=None) as batch_op:
        batch_op.add_column(sa.Column("outcome", sa.JSON(), nullable=True))
    _decide_scored_rounds()
    with op.batch_alter_table("round", schema=None) as batch_op:
        batch_op.drop_column("scored")


def _decide_scored_rounds() -> None:
    """Every round already scored gets the outcome its choice and votes decided."""
    bind = op.get_bind()
    scored = bind.execute(sa.select(_round).where(_round.c.scored == sa.true())).all()
    for rnd in scored:
        players = bind.execute(
            sa.select(_player.c.id).where(_player.c.game_id == rnd.game_id).order_by(_player.c.id)
        ).scalars()
        chosen = bind.execute(
            sa.select(_choice.c.option_id).where(_choice.c.round_id == rnd.id)
        ).scalar()
        votes = bind.execute(sa.select(_vote.c.signature).where(_vote.c.round_id == rnd.id))
        outcome = round_outcome(
            list(players),
            rnd.distorter_id,
            chosen=chosen,
            true_id=rnd.true_id,
            votes=votes.scalars().all(),
            authors={sig_id: sig["player"] for sig_id, sig in rnd.signatures.items()},
        )
        bind.execute(_round.update().where(_round.c.id == rnd.id).values(outcome=outcome))


# A revision is history: it must store what a round's outcome was when it ran, whatever the live
# rules (engine/rules.py) decide later. So the rules of this revision are copied here, frozen,
# and no live code is imported.
POINTS_PER_POINT = 100  # R9, R10: "100 points" per player per outcome


def round_outcome(
    players: Sequence[int],
    distorter: int,
    *,
    chosen: str | None,
    true_id: str,
    votes: Iterable[str],
    authors: Mapping[str, int],
) -> dict[str, object]:
    """A round's outcome as engine/rules.py's round_outcome decided it at this revision:
    whether the Curator found the target, the signature accused (None: no majority), whether
    that caught the Distorter, and what each outcome paid each player (ids as text)."""
    accused = _accused_signature(votes)
    found = chosen is not None and chosen == true_id
    caught = accused is not None and authors[accused] == distorter
    return {
        "target_found": found,
        "accused": accused,
        "distorter_caught": caught,
        "points": {
            outcome: {str(p): pts for p, pts in _outcome_awards(players, distorter, won).items()}
            for outcome, won in (("target", found), ("accusation", caught))
        },
    }


def _accused_signature(votes: Iterable[str]) -> str | None:
    """The signature with strictly more votes than every other, else None (R7)."""
    ranked = Counter(votes).most_common(2)
    if not ranked:
        return None
    if len(ranked) == 2 and ranked[0][1] == ranked[1][1]:
        return None
    return ranked[0][0]


def _outcome_awards(players: Sequence[int], distorter: int, success: bool) -> dict[int, int]:
    """What one outcome paid (R8, R9): each other player 100 on success, else the Distorter
    100 for each of them."""
    others = [player for player in players if player != distorter]
    awards = dict.fromkeys(players, 0)
    if success:
        awards.update(dict.fromkeys(others, POINTS_PER_POINT))
    else:
        awards[distorter] = len(others) * POINTS_PER_POINT
    return awards


def downgrade() -> None:
    with op.batch_alter_table("round", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("scored", sa.Boolean(), nullable=False, server_default=sa.false())
        )
    op.execute("UPDATE round SET scored = (outcome IS NOT NULL)")
    with op.batch_alter_table("round", schema=None) as batch_op:
        batch_op.alter_column("scored", server_default=None)
        batch_op.drop_column("outcome")

    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.drop_column("kind")

    with op.batch_alter_table("ribbons", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_ribbons_round_id"))

    op.drop_table("ribbons")
    with op.batch_alter_table("mosaic", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_mosaic_round_id"))

    op.drop_table("mosaic")
    with op.batch_alter_table("holding", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_holding_round_id"))

    op.drop_table("holding")
    with op.batch_alter_table("duel_guess", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_duel_guess_round_id"))

    op.drop_table("duel_guess")
    with op.batch_alter_table("critter_round", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_critter_round_game_id"))

    op.drop_table("critter_round")
    with op.batch_alter_table("critter_game", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_critter_game_game_id"))

    op.drop_table("critter_game")
