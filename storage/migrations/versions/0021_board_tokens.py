"""The live scoreboard's links

Revision ID: 0021
Revises: 0020
Create Date: 2026-12-02

``board_tokens``: ``/tavolo`` keeps a random token with the chat and the game it was asked
for, and when it expires; the scoreboard's page (``/tavolo/<token>``) and the Mini App's
``start_param`` name it (issue 36). A game deleted takes its links with it.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0021"
down_revision: str | None = "0020"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "board_tokens",
        sa.Column("token", sa.String(length=64), nullable=False),
        sa.Column("chat_id", sa.BigInteger(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
            name=op.f("fk_board_tokens_game_id_games"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("token", name=op.f("pk_board_tokens")),
    )
    op.create_index("ix_board_tokens_expires_at", "board_tokens", ["expires_at"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_board_tokens_expires_at", table_name="board_tokens")
    op.drop_table("board_tokens")
