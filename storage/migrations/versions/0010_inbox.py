"""The inbox: updates by chat, chat leases, answers kept with their claim

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-23

Every update is kept before Telegram is told it arrived and handled from ``received_updates``,
each chat's in ``update_id`` order by the bot process holding the chat's lease
(``inbox_leases``). ``handled_messages.reply`` keeps what a command answered, so that the same
message delivered again gets the same answer.
"""

import json
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

#: Where an update's chat is, for the kinds the bot receives.
CHAT_PATHS = (("message",), ("edited_message",), ("callback_query", "message"))


def chat_of(payload: str) -> int:
    update = json.loads(payload)
    for path in CHAT_PATHS:
        found = update
        for key in path:
            found = found.get(key) if isinstance(found, dict) else None
        if isinstance(found, dict) and isinstance(found.get("chat"), dict):
            return int(found["chat"]["id"])
    return 0


def upgrade() -> None:
    with op.batch_alter_table("received_updates", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("chat_id", sa.BigInteger(), server_default=sa.text("0"), nullable=False)
        )
        batch_op.create_index(
            "ix_received_updates_chat_id_update_id", ["chat_id", "update_id"], unique=False
        )
    with op.batch_alter_table("handled_messages", schema=None) as batch_op:
        batch_op.add_column(sa.Column("reply", sa.Text(), nullable=True))
    op.create_table(
        "inbox_leases",
        sa.Column("chat_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("holder", sa.String(length=64), nullable=True),
        sa.Column("until", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("chat_id", name=op.f("pk_inbox_leases")),
    )
    # Updates a crash left unhandled under the version before: their chats, to be handled.
    connection = op.get_bind()
    pending = connection.execute(
        sa.text("SELECT update_id, payload FROM received_updates WHERE handled_at IS NULL")
    ).all()
    chats = set()
    for update_id, payload in pending:
        chat = chat_of(payload)
        chats.add(chat)
        connection.execute(
            sa.text("UPDATE received_updates SET chat_id = :chat WHERE update_id = :id"),
            {"chat": chat, "id": update_id},
        )
    for chat in chats:
        connection.execute(
            sa.text("INSERT INTO inbox_leases (chat_id) VALUES (:chat)"), {"chat": chat}
        )


def downgrade() -> None:
    op.drop_table("inbox_leases")
    with op.batch_alter_table("handled_messages", schema=None) as batch_op:
        batch_op.drop_column("reply")
    with op.batch_alter_table("received_updates", schema=None) as batch_op:
        batch_op.drop_index("ix_received_updates_chat_id_update_id")
        batch_op.drop_column("chat_id")
