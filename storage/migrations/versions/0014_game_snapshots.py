"""A snapshot of each game's seats and hands on its row: a running game loads in one statement

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-23

``games.snapshot`` holds the game's seats (player, name, when they joined and left) and its
hands' lines as one JSON text, kept by ``storage.games`` in the same transaction as every
change to them. Every game stored before this revision gets its snapshot here, built from its
rows the way ``storage.games.snapshot_text`` builds it (format 1). A game whose snapshot is
empty or of another format is read from its rows, as before.
"""

import json
from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op

revision: str = "0014"
down_revision: str | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

#: Games whose snapshots are written in one statement.
BATCH = 500


def upgrade() -> None:
    op.add_column("games", sa.Column("snapshot", sa.Text(), nullable=True))
    connection = op.get_bind()
    ids = [row[0] for row in connection.execute(sa.text("SELECT id FROM games ORDER BY id"))]
    for start in range(0, len(ids), BATCH):
        batch = ids[start : start + BATCH]
        snapshots = _snapshots(connection, batch)
        connection.execute(
            sa.text("UPDATE games SET snapshot = :snapshot WHERE id = :id"),
            [{"id": game_id, "snapshot": snapshots[game_id]} for game_id in batch],
        )


def _snapshots(connection: Any, ids: list[int]) -> dict[int, str]:
    """Format 1: ``{"v": 1, "seats": [[player, name, joined_after, left_after,
    left_before_seat], …] in seat order, "hands": [[player, total, flags, …] per hand, in
    order, each line in position order; flags: 1 caller, 2 counter-caller, 4 out],
    "last": the last hand's id or null}``."""
    seats: dict[int, list[list[Any]]] = {game_id: [] for game_id in ids}
    hands: dict[int, list[list[int]]] = {game_id: [] for game_id in ids}
    last: dict[int, int | None] = dict.fromkeys(ids)
    in_batch = sa.bindparam("ids", expanding=True)
    rows = connection.execute(
        sa.text(
            "SELECT seats.game_id, seats.player_id, players.name, seats.joined_after, "
            "seats.left_after, seats.left_before_seat FROM seats "
            "JOIN players ON players.id = seats.player_id "
            "WHERE seats.game_id IN :ids ORDER BY seats.game_id, seats.position"
        ).bindparams(in_batch),
        {"ids": ids},
    )
    for game_id, player, name, joined, left, before in rows:
        seats[game_id].append([player, name, joined, left, before])
    lines = connection.execute(
        sa.text(
            "SELECT hands.game_id, hands.id, hands.number, hand_results.player_id, "
            "hand_results.reported_total, hand_results.is_caller, "
            "hand_results.is_counter_caller, hand_results.is_out FROM hands "
            "JOIN hand_results ON hand_results.hand_id = hands.id "
            "WHERE hands.game_id IN :ids "
            "ORDER BY hands.game_id, hands.number, hand_results.position"
        ).bindparams(sa.bindparam("ids", expanding=True)),
        {"ids": ids},
    )
    numbers: dict[int, int | None] = dict.fromkeys(ids)
    for game_id, hand_id, number, player, total, caller, counter, out in lines:
        if numbers[game_id] != number:
            hands[game_id].append([])
            numbers[game_id], last[game_id] = number, hand_id
        flags = (1 if caller else 0) | (2 if counter else 0) | (4 if out else 0)
        hands[game_id][-1] += [player, total, flags]
    return {
        game_id: json.dumps(
            {"v": 1, "seats": seats[game_id], "hands": hands[game_id], "last": last[game_id]},
            ensure_ascii=False,
            separators=(",", ":"),
        )
        for game_id in ids
    }


def downgrade() -> None:
    # A plain ALTER TABLE (SQLite ≥ 3.35 has DROP COLUMN): a batch operation would copy the
    # table and drop the old one, and with foreign keys on, dropping it deletes every seat
    # and hand of every game with it.
    op.drop_column("games", "snapshot")
