"""Whether a chat's hand replies carry the forecast

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-23

``chats.forecast``: each hand's reply says who is likely to win ("Chi vince? …", issue 18)
unless the chat turned it off with ``/impostazioni previsione=no``. On for every chat.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0015"
down_revision: str | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # A plain ALTER TABLE, never a batch operation: on SQLite a batch would copy the chats
    # into a new table and drop the old one, and with foreign keys on, dropping it deletes
    # every game of every chat.
    op.add_column(
        "chats", sa.Column("forecast", sa.Boolean(), server_default=sa.true(), nullable=False)
    )


def downgrade() -> None:
    # A plain ALTER TABLE (SQLite ≥ 3.35 has DROP COLUMN), as in 0014: a batch operation
    # would copy the table and drop the old one, and with foreign keys on, dropping the
    # chats would take every game of every chat with them.
    op.drop_column("chats", "forecast")
