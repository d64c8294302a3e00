"""Every game has a kind: Tamalo, Macchiavelli or Tagò, each with its own ladder

Revision ID: 0017
Revises: 0016
Create Date: 2026-11-26

``games.kind`` says which game a game is (``tamalo`` for every game stored before, the only
game there was); ``games.options`` keeps a game's own options and ``hands.detail`` a deal's
own detail, as JSON, for the games whose options and deals the Tamalo columns do not hold
(both empty for Tamalo's games). The ratings are a ladder per kind: ``ratings`` is keyed by
player and kind, each existing line Tamalo's (issue 24).
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0017"
down_revision: str | None = "0016"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Plain ALTER TABLEs, never batch operations, on the games and hands: on SQLite a batch
    # would copy the table into a new one and drop the old, and with foreign keys on,
    # dropping it deletes every seat and hand (see 0015). Old rows are not rewritten: the
    # default is theirs.
    op.add_column("games", _kind())
    op.add_column("games", sa.Column("options", sa.Text(), nullable=True))
    op.add_column("hands", sa.Column("detail", sa.Text(), nullable=True))
    # The ratings are worked out from ``game_results`` and nothing refers to them: a batch
    # may copy their table (SQLite) to key it by player and kind, each line Tamalo's.
    op.add_column("ratings", _kind())
    with op.batch_alter_table("ratings") as batch:
        batch.drop_constraint("pk_ratings", type_="primary")
        batch.create_primary_key("pk_ratings", ["player_id", "kind"])


def downgrade() -> None:
    op.execute("DELETE FROM ratings WHERE kind <> 'tamalo'")
    with op.batch_alter_table("ratings") as batch:
        batch.drop_constraint("pk_ratings", type_="primary")
        batch.create_primary_key("pk_ratings", ["player_id"])
        batch.drop_column("kind")
    # SQLite ≥ 3.35 drops a column in place (as 0015's downgrade).
    op.drop_column("hands", "detail")
    op.drop_column("games", "options")
    op.drop_column("games", "kind")


def _kind() -> sa.Column[str]:
    return sa.Column("kind", sa.String(length=16), server_default="tamalo", nullable=False)
