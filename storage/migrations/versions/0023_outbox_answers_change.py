"""A reply to a change goes before the answers to commands that only read

Revision ID: 0023
Revises: 0022
Create Date: 2026-12-02

``outbox.answers_change``: the message answers a command that changed something (it claimed
its message: a hand recorded, a game begun). At Telegram's overall pace of 30 messages a
second the bot sends these first, so a flood of ``/quote`` in twenty groups does not hold
back another group's hand (issue 35). Messages queued before the column answer nothing in
particular: they keep their turn.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0023"
down_revision: str | None = "0022"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        "outbox",
        sa.Column("answers_change", sa.Boolean(), server_default=sa.false(), nullable=False),
    )


def downgrade() -> None:
    with op.batch_alter_table("outbox") as batch:
        batch.drop_column("answers_change")
