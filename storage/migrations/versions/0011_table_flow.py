"""The order of leaves and joins, the last undo, hands waiting for a confirmation

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-23

``seats.left_before_seat``: how many seats a game had when a player left, so a late joiner
who sat down after the leave does not enter at the leaver's total (NULL for leaves stored
before: they count, as those games were scored). ``last_undos``: each chat's latest /annulla,
so a second one sent at the same moment by someone else removes nothing. ``pending_hands``: a
typed hand equal to the previous one, until a button says whether it is a new hand.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.add_column(sa.Column("left_before_seat", sa.Integer(), nullable=True))
    op.create_table(
        "last_undos",
        sa.Column("chat_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=True),
        sa.Column("undone_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("reply_id", sa.BigInteger(), nullable=True),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_last_undos_game_id_games"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("chat_id", name=op.f("pk_last_undos")),
    )
    op.create_table(
        "pending_hands",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("chat_id", sa.BigInteger(), nullable=False),
        sa.Column("message_id", sa.BigInteger(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("asked_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
            name=op.f("fk_pending_hands_game_id_games"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_pending_hands")),
    )


def downgrade() -> None:
    op.drop_table("pending_hands")
    op.drop_table("last_undos")
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.drop_column("left_before_seat")
