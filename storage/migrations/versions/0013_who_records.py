"""Who records a game: the Telegram user who started it and who sent each hand; when a late
joiner sat down

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-23

The tres-sex vote is opened and driven by the phone at the table: whoever started the game
or sent one of its hands (besides a player linked with /sonoio, or a group admin). Games and
hands recorded before this revision name nobody.

``seats.joined_at``: when a late joiner sat down (empty for the seats a game started with), so
that /annulla can take back a join no hand has followed.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(sa.Column("started_by", sa.BigInteger(), nullable=True))
    with op.batch_alter_table("hands", schema=None) as batch_op:
        batch_op.add_column(sa.Column("user_id", sa.BigInteger(), nullable=True))
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.add_column(sa.Column("joined_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.drop_column("joined_at")
    with op.batch_alter_table("hands", schema=None) as batch_op:
        batch_op.drop_column("user_id")
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_column("started_by")
