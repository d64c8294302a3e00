"""A night's table and events as storage keeps them: plain JSON (``games.options`` and
``hands.detail``), read back into the engine's values."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from scoring.tago import (
    Curioso,
    Entry,
    Event,
    Hand,
    Join,
    Leave,
    Playoff,
    Rebuy,
    Stakes,
    Table,
)

#: What ``games.options`` keeps of a night besides its table.
BUY_INS, JACKPOT_IN, JACKPOT_OUT = "buy_ins", "jackpot_in", "jackpot_out"


def table_options(table: Table, buy_ins: Sequence[int], jackpot_in: int) -> dict[str, object]:
    """The night's table, each seat's first buy-in (in seat order) and the jackpot it found."""
    return {
        "stakes": table.stakes.value,
        "min_bet": table.min_bet,
        "stack": table.stack,
        "ante": table.ante,
        "jackpot_percent": table.jackpot_percent,
        BUY_INS: list(buy_ins),
        JACKPOT_IN: jackpot_in,
    }


def table_of(options: Mapping[str, Any]) -> Table:
    return Table(
        Stakes(options["stakes"]),
        int(options["min_bet"]),
        int(options["stack"]),
        int(options["ante"]),
        int(options["jackpot_percent"]),
    )


def event_detail(event: Event) -> str:
    """An event as ``hands.detail`` keeps it."""
    if isinstance(event, Hand):
        return json.dumps(
            {
                "type": "hand",
                "entries": [
                    {
                        "player": e.player,
                        "paid": e.paid,
                        "cards": None if e.cards is None else list(e.cards),
                        "folded": e.folded,
                        "rebuy": e.rebuy,
                    }
                    for e in event.entries
                ],
                "punto": None if event.punto is None else list(event.punto),
                "choice": event.choice,
                "playoffs": [
                    {"players": list(p.players), "cards": {k: list(v) for k, v in p.cards.items()}}
                    for p in event.playoffs
                ],
                "dealer": event.dealer,
            }
        )
    if isinstance(event, Rebuy):
        return json.dumps({"type": "rebuy", "player": event.player, "amount": event.amount})
    if isinstance(event, Join):
        return json.dumps({"type": "join", "player": event.player, "buy_in": event.buy_in})
    if isinstance(event, Leave):
        return json.dumps({"type": "leave", "player": event.player})
    return json.dumps({"type": "curioso", "player": event.player})


def event_of(detail: str) -> Event:
    """An event as ``hands.detail`` keeps it, read back."""
    data = json.loads(detail)
    kind = data["type"]
    if kind == "rebuy":
        return Rebuy(data["player"], int(data["amount"]))
    if kind == "join":
        return Join(data["player"], int(data["buy_in"]))
    if kind == "leave":
        return Leave(data["player"])
    if kind == "curioso":
        return Curioso(data["player"])
    entries = tuple(
        Entry(
            e["player"],
            int(e["paid"]),
            None if e["cards"] is None else tuple(e["cards"]),
            bool(e["folded"]),
            int(e["rebuy"]),
        )
        for e in data["entries"]
    )
    playoffs = tuple(
        Playoff(tuple(p["players"]), {k: tuple(v) for k, v in p["cards"].items()})
        for p in data["playoffs"]
    )
    punto = None if data["punto"] is None else tuple(data["punto"])
    return Hand(entries, punto, data["choice"], playoffs, data["dealer"])
