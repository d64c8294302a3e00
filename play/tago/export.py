"""A chat's nights of Tagò as ``/esporta`` lists them: one row per player per hand, and one
per buy-in, re-buy and curioso, so that each player's stack follows from the rows before it
(``stack`` = the previous ``stack`` + ``bought_in`` − ``contribution`` + ``winnings`` +
``jackpot``). Amounts in cents; the bot writes them out."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from play.tago.night import NightRecord, record_of
from scoring.tago import Curioso, Deal, Hand, Join, Leave, Night, Rebuy, format_cards
from storage import UnitOfWork
from storage.tago import NightStore


class Kind(enum.StrEnum):
    """What a row records (the CSV's ``event`` column)."""

    BUY_IN = "buy-in"  # a seat taken, at the start or later
    HAND = "hand"
    REBUY = "rebuy"  # between hands (one during a hand is in its hand's row)
    CURIOSO = "curioso"  # one ante to the jackpot to see the hidden card
    LEAVE = "leave"  # gone home: the stack cashed out as it stands, no more rows


#: The ``category`` of a player who folded.
FOLD = "fold"


@dataclass(frozen=True)
class Row:
    """One player's line: what they brought to the table, put in, won, and the stack after."""

    kind: Kind
    player: str
    stack: int
    hand: int | None = None
    dealer: str = ""
    punto: str = ""
    contribution: int = 0
    cards: str = ""
    category: str = ""
    winnings: int = 0
    jackpot: int = 0
    bought_in: int = 0


async def chat_nights(work: UnitOfWork, chat_id: int) -> list[NightRecord]:
    """Every night of Tagò the chat played or plays (annulled ones left out), in order."""
    nights = []
    for night_id in await work.store(NightStore).night_ids(chat_id):
        stored = await work.games.get(night_id)
        if stored is not None:
            nights.append(await record_of(work, stored))
    return nights


def rows_of(night: Night) -> list[Row]:
    """The night's rows in the order things happened: the buy-ins, then each event."""
    stacks = dict(night.opening)
    rows = [Row(Kind.BUY_IN, p, amount, bought_in=amount) for p, amount in stacks.items()]
    deals = iter(night.deals)
    for event in night.events:
        if isinstance(event, Hand):
            rows += _hand_rows(next(deals), stacks)
        elif isinstance(event, Rebuy):
            stacks[event.player] += event.amount
            rows.append(Row(Kind.REBUY, event.player, stacks[event.player], bought_in=event.amount))
        elif isinstance(event, Join):
            stacks[event.player] = event.buy_in
            rows.append(Row(Kind.BUY_IN, event.player, event.buy_in, bought_in=event.buy_in))
        elif isinstance(event, Leave):
            rows.append(Row(Kind.LEAVE, event.player, stacks[event.player]))
        elif isinstance(event, Curioso):
            stacks[event.player] -= night.table.ante
            rows.append(
                Row(
                    Kind.CURIOSO,
                    event.player,
                    stacks[event.player],
                    contribution=night.table.ante,
                )
            )
    return rows


def _hand_rows(deal: Deal, stacks: dict[str, int]) -> list[Row]:
    """A hand's rows, one per player in it, in seat order; ``stacks`` moved on past it."""
    result, hand = deal.result, deal.hand
    punto = "" if hand.punto is None else format_cards(hand.punto)
    rows = []
    for entry in hand.entries:
        player = entry.player
        jackpot = deal.jackpot_won if player == result.jackpot_winner else 0
        winnings = result.winnings.get(player, 0)
        stacks[player] += entry.rebuy - entry.paid + winnings + jackpot
        if entry.folded:
            category = FOLD
        elif result.showdown is not None:
            category = result.showdown.line(player).category.name
        else:
            category = ""  # the last one in: nobody to judge against
        rows.append(
            Row(
                Kind.HAND,
                player,
                stacks[player],
                hand=deal.number,
                dealer=deal.dealer,
                punto=punto,
                contribution=entry.paid,
                cards="" if entry.cards is None else format_cards(entry.cards),
                category=category,
                winnings=winnings,
                jackpot=jackpot,
                bought_in=entry.rebuy,
            )
        )
    return rows
