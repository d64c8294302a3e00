"""A chat's games of one kind found by an index

Revision ID: 0020
Revises: 0019
Create Date: 2026-12-02

Every game's own figures read the chat's games of its kind (``kind = 'tago'`` for a night's
ladder, ``'tamalo'`` for the forecast's history and /stats, ``'macchiavelli'`` for its deals):
with only ``(chat_id, id)`` indexed, each such read walked every game of the chat, so that
``/classifica generale`` of a chat with 10⁵ Tamalo hands spent most of its time finding that
the chat had no Tagò night (issue 35). ``(chat_id, kind, id)`` finds them, in order.
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0020"
down_revision: str | None = "0019"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_index("ix_games_chat_id_kind_id", "games", ["chat_id", "kind", "id"])


def downgrade() -> None:
    op.drop_index("ix_games_chat_id_kind_id", table_name="games")
