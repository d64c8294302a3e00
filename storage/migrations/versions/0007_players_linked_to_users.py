"""Players linked to Telegram users

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-23

``/sonoio Anna`` links the person typing to the player Anna of that group
(``players.user_id``, one player per person per group); their private ``/stats`` gathers
their players across groups, named by the group's title (``chats.title``).
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("chats", schema=None) as batch_op:
        batch_op.add_column(sa.Column("title", sa.String(length=128), nullable=True))

    with op.batch_alter_table("players", schema=None) as batch_op:
        batch_op.add_column(sa.Column("user_id", sa.BigInteger(), nullable=True))
        batch_op.create_index("ix_players_user_id", ["user_id"], unique=False)
        batch_op.create_unique_constraint(
            batch_op.f("uq_players_chat_id_user_id"), ["chat_id", "user_id"]
        )


def downgrade() -> None:
    with op.batch_alter_table("players", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("uq_players_chat_id_user_id"), type_="unique")
        batch_op.drop_index("ix_players_user_id")
        batch_op.drop_column("user_id")

    with op.batch_alter_table("chats", schema=None) as batch_op:
        batch_op.drop_column("title")
