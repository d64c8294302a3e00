"""modes tournaments votes

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

RUNNING = "state = 'running'"
RUNNING_OUTSIDE_TOURNAMENTS = "state = 'running' AND tournament_id IS NULL"


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("chat_id", sa.BigInteger(), nullable=False),
        sa.Column("state", sa.String(length=16), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["chat_id"], ["chats.id"], name=op.f("fk_tournaments_chat_id_chats"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tournaments")),
    )
    with op.batch_alter_table("tournaments", schema=None) as batch_op:
        batch_op.create_index(
            "uq_tournaments_running_per_chat",
            ["chat_id"],
            unique=True,
            sqlite_where=sa.text("state = 'running'"),
            postgresql_where=sa.text("state = 'running'"),
        )

    op.create_table(
        "votes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("opened_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("outcome", sa.String(length=16), nullable=True),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_votes_game_id_games"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_votes")),
    )
    with op.batch_alter_table("votes", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_votes_game_id"), ["game_id"], unique=False)

    op.create_table(
        "ballots",
        sa.Column("vote_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("yes", sa.Boolean(), nullable=False),
        sa.Column("voted_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["vote_id"], ["votes.id"], name=op.f("fk_ballots_vote_id_votes"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("vote_id", "user_id", name=op.f("pk_ballots")),
    )
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("quadri", sa.Boolean(), server_default=sa.false(), nullable=False)
        )
        batch_op.add_column(
            sa.Column("six_cards", sa.Boolean(), server_default=sa.false(), nullable=False)
        )
        batch_op.add_column(
            sa.Column("dealer_tiebreak", sa.Boolean(), server_default=sa.false(), nullable=False)
        )
        batch_op.add_column(
            sa.Column("first_dealer", sa.Integer(), server_default="0", nullable=False)
        )
        batch_op.add_column(sa.Column("tournament_id", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("stage", sa.String(length=8), nullable=True))
        batch_op.create_unique_constraint(
            batch_op.f("uq_games_tournament_id_stage"), ["tournament_id", "stage"]
        )
        batch_op.create_foreign_key(
            batch_op.f("fk_games_tournament_id_tournaments"),
            "tournaments",
            ["tournament_id"],
            ["id"],
            ondelete="CASCADE",
        )
        # Tournament tables run side by side: the one-running-game rule is for other games.
        batch_op.drop_index("uq_games_running_per_chat")
        batch_op.create_index(
            "uq_games_running_per_chat",
            ["chat_id"],
            unique=True,
            sqlite_where=sa.text(RUNNING_OUTSIDE_TOURNAMENTS),
            postgresql_where=sa.text(RUNNING_OUTSIDE_TOURNAMENTS),
        )

    with op.batch_alter_table("hand_results", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("is_counter_caller", sa.Boolean(), server_default=sa.false(), nullable=False)
        )
        batch_op.add_column(
            sa.Column("is_out", sa.Boolean(), server_default=sa.false(), nullable=False)
        )

    with op.batch_alter_table("hands", schema=None) as batch_op:
        batch_op.add_column(sa.Column("dealer_id", sa.Integer(), nullable=True))
        batch_op.create_foreign_key(
            batch_op.f("fk_hands_dealer_id_players"), "players", ["dealer_id"], ["id"]
        )

    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.add_column(sa.Column("left_after", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.drop_column("left_after")

    with op.batch_alter_table("hands", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("fk_hands_dealer_id_players"), type_="foreignkey")
        batch_op.drop_column("dealer_id")

    with op.batch_alter_table("hand_results", schema=None) as batch_op:
        batch_op.drop_column("is_out")
        batch_op.drop_column("is_counter_caller")

    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_index("uq_games_running_per_chat")
        batch_op.create_index(
            "uq_games_running_per_chat",
            ["chat_id"],
            unique=True,
            sqlite_where=sa.text(RUNNING),
            postgresql_where=sa.text(RUNNING),
        )
        batch_op.drop_constraint(
            batch_op.f("fk_games_tournament_id_tournaments"), type_="foreignkey"
        )
        batch_op.drop_constraint(batch_op.f("uq_games_tournament_id_stage"), type_="unique")
        batch_op.drop_column("stage")
        batch_op.drop_column("tournament_id")
        batch_op.drop_column("first_dealer")
        batch_op.drop_column("dealer_tiebreak")
        batch_op.drop_column("six_cards")
        batch_op.drop_column("quadri")

    op.drop_table("ballots")
    with op.batch_alter_table("votes", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_votes_game_id"))

    op.drop_table("votes")
    with op.batch_alter_table("tournaments", schema=None) as batch_op:
        batch_op.drop_index(
            "uq_tournaments_running_per_chat",
            sqlite_where=sa.text("state = 'running'"),
            postgresql_where=sa.text("state = 'running'"),
        )

    op.drop_table("tournaments")
