"""A message Telegram took is marked sent at once, and its time kept to pace the next

Revision ID: 0019
Revises: 0018
Create Date: 2026-11-28

``outbox.sent_at``: when Telegram took the message, written in a unit of work of its own as
soon as it did (a kill sends again only the message in flight), and kept a minute or two: the
next process to send the chat's messages paces them by the chat's last sends (20 a minute in
a group), however often the bot restarts (issue 35). A message not yet sent has none.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0019"
down_revision: str | None = "0018"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("outbox", sa.Column("sent_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    # Messages marked sent were taken by Telegram: they go with the column, not sent again.
    op.execute("DELETE FROM outbox WHERE sent_at IS NOT NULL")
    with op.batch_alter_table("outbox") as batch:
        batch.drop_column("sent_at")
