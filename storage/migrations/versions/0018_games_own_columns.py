"""No game writes another game's columns

Revision ID: 0018
Revises: 0017
Create Date: 2026-12-02

Tamalo's rules leave the columns of ``games`` for its ``options`` (JSON, as every other
game's), and a game's own grouping of its history (Tamalo's scoring mode) is ``games.variant``,
which any game may set. A player's line of a hand (``hand_results``) keeps what every game's
line has: the figure reported (``value``, was ``reported_total``), its points, and the game's
own ``flags`` (Tamalo's: caller 1, counter-caller 2, out 4, call won 8; Macchiavelli's: closed
4), instead of Tamalo's four columns that every other game filled with values meaning nothing
(issue 33). Every stored game keeps what it had; the downgrade puts it back.
"""

import json
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0018"
down_revision: str | None = "0017"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

#: Tamalo's rules, as the columns of ``games`` kept them.
RULES = ("mode", "target", "tie_beats_caller", "jokers", "quadri", "six_cards", "dealer_tiebreak")
#: Tamalo's flags of a line.
CALLER, COUNTER, OUT, WON = 1, 2, 4, 8
BATCH = 500


def upgrade() -> None:
    connection = op.get_bind()
    # Plain ALTER TABLEs (SQLite ≥ 3.35 drops and renames a column in place), never batch
    # operations: on SQLite a batch copies the table into a new one and drops the old, and
    # with foreign keys on, dropping the games would take every seat and hand with them.
    op.add_column("games", sa.Column("variant", sa.String(length=32), nullable=True))
    games = sa.table(
        "games",
        sa.column("id", sa.Integer),
        sa.column("kind", sa.String),
        sa.column("options", sa.Text),
        sa.column("variant", sa.String),
        *(sa.column(name) for name in RULES),
    )
    rows = connection.execute(
        sa.select(games.c.id, *(games.c[name] for name in RULES)).where(games.c.kind == "tamalo")
    ).all()
    update = (
        sa.update(games)
        .where(games.c.id == sa.bindparam("game"))
        .values(options=sa.bindparam("own"), variant=sa.bindparam("scoring"))
    )
    values = [
        {
            "game": row[0],
            "own": json.dumps(
                {name: _plain(name, value) for name, value in zip(RULES, row[1:], strict=True)}
            ),
            "scoring": row[1],
        }
        for row in rows
    ]
    for start in range(0, len(values), BATCH):
        connection.execute(update, values[start : start + BATCH])
    for name in RULES:
        op.drop_column("games", name)

    op.add_column(
        "hand_results",
        sa.Column("flags", sa.Integer(), server_default=sa.text("0"), nullable=False),
    )
    op.execute(
        "UPDATE hand_results SET flags = "
        f"(CASE WHEN is_caller THEN {CALLER} ELSE 0 END)"
        f" + (CASE WHEN is_counter_caller THEN {COUNTER} ELSE 0 END)"
        f" + (CASE WHEN is_out THEN {OUT} ELSE 0 END)"
        f" + (CASE WHEN call_won THEN {WON} ELSE 0 END)"
    )
    for name in ("is_caller", "is_counter_caller", "is_out", "call_won"):
        op.drop_column("hand_results", name)
    op.execute("ALTER TABLE hand_results RENAME COLUMN reported_total TO value")
    _snapshot_flags(connection)


def downgrade() -> None:
    connection = op.get_bind()
    op.execute("ALTER TABLE hand_results RENAME COLUMN value TO reported_total")
    false = sa.false()
    for name in ("is_caller", "is_counter_caller", "is_out"):
        op.add_column(
            "hand_results", sa.Column(name, sa.Boolean(), server_default=false, nullable=False)
        )
    op.add_column("hand_results", sa.Column("call_won", sa.Boolean(), nullable=True))
    op.execute(
        "UPDATE hand_results SET "
        f"is_caller = (flags & {CALLER}) <> 0, "
        f"is_counter_caller = (flags & {COUNTER}) <> 0, "
        f"is_out = (flags & {OUT}) <> 0, "
        f"call_won = CASE WHEN (flags & {CALLER | COUNTER}) <> 0 "
        f"THEN (flags & {WON}) <> 0 ELSE NULL END"
    )
    # Another game's lines filled Tamalo's columns with values meaning nothing, as before.
    op.drop_column("hand_results", "flags")

    op.add_column(
        "games", sa.Column("mode", sa.String(16), server_default="classica", nullable=False)
    )
    op.add_column("games", sa.Column("target", sa.Integer(), server_default="0", nullable=False))
    for name in ("tie_beats_caller", "jokers"):
        op.add_column("games", sa.Column(name, sa.Boolean(), server_default=false, nullable=False))
    for name in ("quadri", "six_cards", "dealer_tiebreak"):
        op.add_column("games", sa.Column(name, sa.Boolean(), server_default=false, nullable=False))
    games = sa.table(
        "games",
        sa.column("id", sa.Integer),
        sa.column("kind", sa.String),
        sa.column("options", sa.Text),
        *(sa.column(name) for name in RULES),
    )
    rows = connection.execute(sa.select(games.c.id, games.c.kind, games.c.options)).all()
    back = sa.update(games).where(games.c.id == sa.bindparam("game"))
    for game_id, kind, options in rows:
        if kind == "tamalo":
            own = json.loads(options or "{}")
            connection.execute(
                back.values(options=None, **{name: own[name] for name in RULES}), {"game": game_id}
            )
        else:  # the columns Tamalo needs, filled in and meaning nothing, as before
            connection.execute(back.values(mode=kind, target=0), {"game": game_id})
    op.drop_column("games", "variant")


def _snapshot_flags(connection: sa.Connection) -> None:
    """Each snapshot's lines with their flags as the lines keep them now (a call won is a
    flag too), as ``storage.games`` writes them."""
    lines = connection.execute(
        sa.text(
            "SELECT hands.game_id, hands.number, hand_results.flags FROM hands "
            "JOIN hand_results ON hand_results.hand_id = hands.id "
            "ORDER BY hands.game_id, hands.number, hand_results.position"
        )
    )
    flags: dict[int, list[list[int]]] = {}
    numbers: dict[int, int] = {}
    for game_id, number, line in lines:
        if numbers.get(game_id) != number:
            flags.setdefault(game_id, []).append([])
            numbers[game_id] = number
        flags[game_id][-1].append(line)
    snapshots = connection.execute(
        sa.text("SELECT id, snapshot FROM games WHERE snapshot IS NOT NULL")
    ).all()
    written = []
    for game_id, text in snapshots:
        snapshot = json.loads(text)
        if snapshot.get("v") != 1 or game_id not in flags:
            continue
        for hand, kept in zip(snapshot["hands"], flags[game_id], strict=False):
            for position, line in enumerate(kept):
                hand[3 * position + 2] = line
        written.append(
            {
                "id": game_id,
                "snapshot": json.dumps(snapshot, ensure_ascii=False, separators=(",", ":")),
            }
        )
    update = sa.text("UPDATE games SET snapshot = :snapshot WHERE id = :id")
    for start in range(0, len(written), BATCH):
        connection.execute(update, written[start : start + BATCH])


def _plain(name: str, value: object) -> object:
    """A rule as JSON keeps it: the mode a string, the target a number, the others booleans
    (SQLite returns its booleans as 0 and 1)."""
    if name == "mode":
        return str(value)
    if name == "target":
        return int(value)  # type: ignore[call-overload]
    return bool(value)
