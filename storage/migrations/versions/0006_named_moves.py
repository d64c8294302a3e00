"""Named moves

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-23

``/mossa coppiona Anna`` records a named move a player made; ``/stats`` shows each player's
hall of fame and the chat's champions.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "named_moves",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("chat_id", sa.BigInteger(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("move", sa.String(length=32), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=True),
        sa.Column("made_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["chat_id"], ["chats.id"], name=op.f("fk_named_moves_chat_id_chats"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
            name=op.f("fk_named_moves_game_id_games"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["players.id"],
            name=op.f("fk_named_moves_player_id_players"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_named_moves")),
    )
    with op.batch_alter_table("named_moves", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_named_moves_chat_id"), ["chat_id"], unique=False)
        batch_op.create_index("ix_named_moves_player_id_move", ["player_id", "move"], unique=False)


def downgrade() -> None:
    op.drop_table("named_moves")
