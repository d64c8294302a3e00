"""The standings message to edit while it is the bot's last answer; votes by the players

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-23

The chat's standings message moves from ``chats`` (a chat's settings) to a table of its own,
``standings_messages``, with the update it answered: every other update the bot answers
afterwards removes it, so that the next /classifica is a new message under that answer
instead of an edit of one scrolled away above.

A tres-sex vote counts the game's players, not whoever pressed: ``votes.opened_by`` is who
opened it (the phone at the table, which marks who agrees) and ``agreements`` the players who
agree. Of the old ``ballots`` (one per Telegram user) a "yes" carries over only from a person
linked to a player of that chat (``/sonoio``): the others were not players' votes.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "standings_messages",
        sa.Column("chat_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("message_id", sa.BigInteger(), nullable=False),
        sa.Column("shown_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("update_id", sa.BigInteger(), nullable=True),
        sa.ForeignKeyConstraint(
            ["chat_id"],
            ["chats.id"],
            name=op.f("fk_standings_messages_chat_id_chats"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("chat_id", name=op.f("pk_standings_messages")),
    )
    op.execute(
        "INSERT INTO standings_messages (chat_id, message_id, shown_at) "
        "SELECT id, standings_message_id, standings_at FROM chats "
        "WHERE standings_message_id IS NOT NULL AND standings_at IS NOT NULL"
    )
    with op.batch_alter_table("chats", schema=None) as batch_op:
        batch_op.drop_column("standings_at")
        batch_op.drop_column("standings_message_id")

    with op.batch_alter_table("votes", schema=None) as batch_op:
        batch_op.add_column(sa.Column("opened_by", sa.BigInteger(), nullable=True))
    op.create_table(
        "agreements",
        sa.Column("vote_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("marked_by", sa.BigInteger(), nullable=False),
        sa.Column("marked_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["players.id"],
            name=op.f("fk_agreements_player_id_players"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["vote_id"], ["votes.id"], name=op.f("fk_agreements_vote_id_votes"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("vote_id", "player_id", name=op.f("pk_agreements")),
    )
    op.execute(
        "INSERT INTO agreements (vote_id, player_id, marked_by, marked_at) "
        "SELECT b.vote_id, p.id, b.user_id, b.voted_at FROM ballots b "
        "JOIN votes v ON v.id = b.vote_id JOIN games g ON g.id = v.game_id "
        "JOIN players p ON p.chat_id = g.chat_id AND p.user_id = b.user_id WHERE b.yes"
    )
    op.drop_table("ballots")


def downgrade() -> None:
    op.create_table(
        "ballots",
        sa.Column("vote_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("yes", sa.Boolean(), nullable=False),
        sa.Column("voted_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["vote_id"], ["votes.id"], name=op.f("fk_ballots_vote_id_votes"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("vote_id", "user_id", name=op.f("pk_ballots")),
    )
    op.drop_table("agreements")
    with op.batch_alter_table("votes", schema=None) as batch_op:
        batch_op.drop_column("opened_by")
    with op.batch_alter_table("chats", schema=None) as batch_op:
        batch_op.add_column(sa.Column("standings_message_id", sa.BigInteger(), nullable=True))
        batch_op.add_column(sa.Column("standings_at", sa.DateTime(timezone=True), nullable=True))
    op.drop_table("standings_messages")
