"""Edited hands, admins-only chats, the standings message to edit

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-23

An edited /mano corrects its hand: the hand is found by its message, and each edit is handled
once (``handled_messages.edit_update_id``). A chat can keep undoing and fixing to its admins
(``chats.admins_only``), and remembers its last standings message so that the next one, soon
after, edits it instead of adding to the chat.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("chats", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("admins_only", sa.Boolean(), server_default=sa.false(), nullable=False)
        )
        batch_op.add_column(sa.Column("standings_message_id", sa.BigInteger(), nullable=True))
        batch_op.add_column(sa.Column("standings_at", sa.DateTime(timezone=True), nullable=True))

    with op.batch_alter_table("handled_messages", schema=None) as batch_op:
        batch_op.add_column(sa.Column("edit_update_id", sa.BigInteger(), nullable=True))

    with op.batch_alter_table("hands", schema=None) as batch_op:
        batch_op.create_index("ix_hands_message_id", ["message_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("hands", schema=None) as batch_op:
        batch_op.drop_index("ix_hands_message_id")

    with op.batch_alter_table("handled_messages", schema=None) as batch_op:
        batch_op.drop_column("edit_update_id")

    with op.batch_alter_table("chats", schema=None) as batch_op:
        batch_op.drop_column("standings_at")
        batch_op.drop_column("standings_message_id")
        batch_op.drop_column("admins_only")
