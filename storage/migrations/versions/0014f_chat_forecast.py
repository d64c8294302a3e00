"""Whether a chat's hand replies carry the forecast

Revision ID: 0014f
Revises: 0013
Create Date: 2026-11-23

``chats.forecast``: each hand's reply says who is likely to win ("Chi vince? …", issue 18)
unless the chat turned it off with ``/impostazioni previsione=no``. On for every chat.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0014f"
down_revision: str | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("chats", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("forecast", sa.Boolean(), server_default=sa.true(), nullable=False)
        )


def downgrade() -> None:
    with op.batch_alter_table("chats", schema=None) as batch_op:
        batch_op.drop_column("forecast")
