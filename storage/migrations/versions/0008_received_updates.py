"""Updates received and not yet handled

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-23

Polling confirms a batch of updates to Telegram with its next poll, before they are handled;
each update is kept here until handled, so that one interrupted by a crash is handled after
the restart.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "received_updates",
        sa.Column("update_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("payload", sa.Text(), nullable=False),
        sa.Column("received_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("handled_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("update_id", name=op.f("pk_received_updates")),
    )


def downgrade() -> None:
    op.drop_table("received_updates")
