"""The outbox: replies kept with the change they answer, sent at Telegram's pace

Revision ID: 0016
Revises: 0015
Create Date: 2026-11-25

A command's replies are kept in ``outbox`` in the transaction of its change, and sent from
there, each chat's in order, by the bot process holding the chat's lease (``outbox_leases``):
recording a hand never waits for Telegram's 20 messages a minute per group (issue 22).
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0016"
down_revision: str | None = "0015"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "outbox",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("chat_id", sa.BigInteger(), nullable=False),
        sa.Column("method", sa.String(length=32), nullable=False),
        sa.Column("payload", sa.Text(), nullable=False),
        sa.Column("queued_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_outbox")),
    )
    op.create_index("ix_outbox_chat_id_id", "outbox", ["chat_id", "id"], unique=False)
    op.create_table(
        "outbox_leases",
        sa.Column("chat_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("holder", sa.String(length=64), nullable=True),
        sa.Column("until", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("chat_id", name=op.f("pk_outbox_leases")),
    )


def downgrade() -> None:
    op.drop_table("outbox_leases")
    op.drop_index("ix_outbox_chat_id_id", table_name="outbox")
    op.drop_table("outbox")
