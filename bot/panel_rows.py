"""The rows of a scoreboard's panel, from what every game stores: the shared panel, and the
pieces a game's own panel may take (its standings text as rows, its last hands).

Here, below every game and outside ``bot.board`` (which reads the table of games), so that
each game's panel uses it."""

from __future__ import annotations

from bot.table import Panel
from bot.texts import board as texts
from storage import Front, StoredGame

#: The last hands a panel shows.
LAST_HANDS = 5


def shared_panel(front: Front) -> Panel:
    """The panel of a game that gives none: each player's total of what was recorded, in
    their seats' order, and the last hands as stored."""
    latest = front[-1]
    totals = dict.fromkeys((seat.player_id for seat in latest.played.seats), 0)
    for hand in latest.played.hands:
        for line in hand:
            totals[line.player_id] = totals.get(line.player_id, 0) + line.total
    names = latest.played.names()
    rows = tuple(f"{names.get(player, '?')} {total}" for player, total in totals.items())
    return Panel(rows, last_hands(latest))


def last_hands(
    stored: StoredGame, most: int = LAST_HANDS
) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The game's last ``most`` hands as stored, newest first: each its number and one row
    per player (the value recorded)."""
    names = stored.played.names()
    hands = list(enumerate(stored.played.hands, start=1))[-most:]
    return tuple(
        (
            texts.hand_number(number),
            tuple(f"{names.get(line.player_id, '?')} {line.total}" for line in hand),
        )
        for number, hand in reversed(hands)
        if hand
    )


def panel_of(text: str, hands: tuple[tuple[str, tuple[str, ...]], ...] | None = None) -> Panel:
    """A game's standings text (its ``/classifica``) as a panel: a line that ends with
    ":" says what follows (its caption, in small type), every other line is a row."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    caption = " ".join(line.rstrip(":") for line in lines if line.endswith(":"))
    rows = tuple(line for line in lines if not line.endswith(":"))
    return Panel(rows, hands, caption)
