"""The standings message stays the one to edit while it is the bot's last answer

Revision ID: 0012
Revises: 0009
Create Date: 2026-11-23

``chats.standings_update_id`` is the update the chat's standings message answered: every
other update the bot answers afterwards empties ``standings_message_id``, so that the next
/classifica is a new message under it instead of an edit of one scrolled away above.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("chats", schema=None) as batch_op:
        batch_op.add_column(sa.Column("standings_update_id", sa.BigInteger(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("chats", schema=None) as batch_op:
        batch_op.drop_column("standings_update_id")
