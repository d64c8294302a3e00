"""The Mini App's entries

Revision ID: 0022
Revises: 0021
Create Date: 2026-12-02

``board_entries``: a hand posted by the table's screen (issue 36) is kept once by the form's
random key, with its chat, who posted it and the command it stands for, and handled as that
person's message in the chat.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0022"
down_revision: str | None = "0021"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "board_entries",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("nonce", sa.String(length=64), nullable=False),
        sa.Column("chat_id", sa.BigInteger(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("answer", sa.Text(), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_board_entries")),
        sa.UniqueConstraint("nonce", name=op.f("uq_board_entries_nonce")),
    )
    op.create_index("ix_board_entries_created_at", "board_entries", ["created_at"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_board_entries_created_at", table_name="board_entries")
    op.drop_table("board_entries")
