"""The standings message to edit, while it is the bot's last answer in the chat

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-23

The chat's standings message moves from ``chats`` (a chat's settings) to a table of its own,
``standings_messages``, with the update it answered: every other update the bot answers
afterwards removes it, so that the next /classifica is a new message under that answer
instead of an edit of one scrolled away above.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "standings_messages",
        sa.Column("chat_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("message_id", sa.BigInteger(), nullable=False),
        sa.Column("shown_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("update_id", sa.BigInteger(), nullable=True),
        sa.ForeignKeyConstraint(
            ["chat_id"],
            ["chats.id"],
            name=op.f("fk_standings_messages_chat_id_chats"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("chat_id", name=op.f("pk_standings_messages")),
    )
    op.execute(
        "INSERT INTO standings_messages (chat_id, message_id, shown_at) "
        "SELECT id, standings_message_id, standings_at FROM chats "
        "WHERE standings_message_id IS NOT NULL AND standings_at IS NOT NULL"
    )
    with op.batch_alter_table("chats", schema=None) as batch_op:
        batch_op.drop_column("standings_at")
        batch_op.drop_column("standings_message_id")


def downgrade() -> None:
    with op.batch_alter_table("chats", schema=None) as batch_op:
        batch_op.add_column(sa.Column("standings_message_id", sa.BigInteger(), nullable=True))
        batch_op.add_column(sa.Column("standings_at", sa.DateTime(timezone=True), nullable=True))
    op.drop_table("standings_messages")
