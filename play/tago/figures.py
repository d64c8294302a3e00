"""Tagò's figures across a chat's nights: a player's (``/stats Nome``) and the ladder of net
results (``/classifica generale``), of all time or from a moment on. A night counts once it is
closed (``/saldo``): its results are final then. The night running is given apart, as it
stands; a night closed without a hand counts for nobody."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from play.tago.night import NightRecord, record_of
from scoring.tago import Category, Deal, Night, PotResult
from scoring.tago.judge import best
from storage import UnitOfWork
from storage.tago.nights import NightList


@dataclass(frozen=True)
class PlayerFigures:
    """A player's Tagò in the chat: closed nights she sat at, her net result over them
    (cents), and the running night's result so far if she sits at it; hands won by
    category (``None``: the others all folded, no showdown), ZEROs shown, jackpots won."""

    player: str
    nights: int = 0
    net: int = 0
    running: int | None = None
    hands: int = 0
    won: Mapping[Category | None, int] = field(default_factory=dict)
    zeros: int = 0
    jackpots: int = 0
    jackpot_chips: int = 0


@dataclass(frozen=True)
class NetLine:
    """A player's line on the ladder: place (equal nets share one), closed nights, net."""

    rank: int
    player: str
    nights: int
    net: int


@dataclass(frozen=True)
class NetLadder:
    """The ladder of net results over the closed nights asked for; ``played``: the chat ever
    played a night of Tagò; ``running``: a night is running (not counted yet)."""

    lines: tuple[NetLine, ...]
    played: bool
    running: bool


async def _records(work: UnitOfWork, chat_id: int, since: datetime | None) -> list[NightRecord]:
    records = []
    for night_id in await NightList(work.session).ids(chat_id, since):
        stored = await work.games.get(night_id)
        if stored is not None:
            records.append(await record_of(work, stored))
    return records


def _seated(night: Night, name: str) -> str | None:
    """The player ``name`` (in any case) as seated at ``night``, if she sat there."""
    folded = name.casefold()
    return next((p for p in night.players if p.casefold() == folded), None)


async def player_figures(work: UnitOfWork, chat_id: int, name: str) -> PlayerFigures | None:
    """``name``'s figures (in any case), or ``None`` if she never sat at a night here."""
    figures: PlayerFigures | None = None
    for record in await _records(work, chat_id, None):
        night = record.night
        player = _seated(night, name)
        if player is None or not night.deals:
            continue
        figures = _with_night(figures or PlayerFigures(player), night, record.running)
    return figures


def _with_night(figures: PlayerFigures, night: Night, running: bool) -> PlayerFigures:
    """``figures`` with one more night she sat at (running: its result kept apart)."""
    player = _seated(night, figures.player)
    assert player is not None
    result = night.results()[player]
    won = dict(figures.won)
    hands = zeros = jackpots = jackpot_chips = 0
    for deal in night.deals:
        if player not in deal.hand.players:
            continue
        hands += 1
        if deal.result.jackpot_winner == player:
            zeros += 1
            if deal.jackpot_won > 0:
                jackpots += 1
                jackpot_chips += deal.jackpot_won
        pot = _first_won(deal, player)
        if pot is not None:  # the first pot she took: the main one, or a side pot
            category = _won_with(deal, pot, player)
            won[category] = won.get(category, 0) + 1
    return PlayerFigures(
        figures.player,
        figures.nights + (not running),
        figures.net + (0 if running else result),
        result if running else figures.running,
        figures.hands + hands,
        won,
        figures.zeros + zeros,
        figures.jackpots + jackpots,
        figures.jackpot_chips + jackpot_chips,
    )


def _first_won(deal: Deal, player: str) -> PotResult | None:
    """The first pot of ``deal`` that ``player`` took with someone else's chips in it: a
    side pot of her own chips alone (what she bet over an all-in, handed back) is no win."""
    paid = next(entry.paid for entry in deal.hand.entries if entry.player == player)
    below = 0
    for result in deal.result.pots:
        own = max(0, min(paid, result.pot.level) - below)
        below = result.pot.level
        if player in result.winners and (
            len(result.pot.contestants) > 1 or result.pot.amount > own
        ):
            return result
    return None


def _won_with(deal: Deal, pot: PotResult, player: str) -> Category | None:
    """What ``player`` won ``pot`` of ``deal`` with (alone or split): her hand's category,
    ``None`` without a showdown (the others all folded)."""
    result = deal.result
    if result.jackpot_winner == player:
        return Category.ZERO
    if result.showdown is None:
        return None
    return _category(deal, pot, player)


def _category(deal: Deal, pot: PotResult, player: str) -> Category:
    """Her hand's category in ``pot``: at the showdown, or in the play-off that decided a tie
    for it (the last one she showed in)."""
    showdown = deal.result.showdown
    assert showdown is not None
    tied = best(showdown.line(p) for p in pot.pot.contestants)
    if set(tied) != set(pot.winners):
        for playoff in reversed(deal.result.playoffs):
            if player in playoff.lines:
                return playoff.lines[player].category
    return showdown.line(player).category


async def net_ladder(work: UnitOfWork, chat_id: int, since: datetime | None) -> NetLadder:
    """Each player's net result over the closed nights started at ``since`` or later (all
    of them for ``None``), best first; equal nets share a place, in the order of names."""
    records = await _records(work, chat_id, since)
    played = bool(records) or (
        since is not None and bool(await NightList(work.session).ids(chat_id))
    )
    nets: dict[str, int] = {}
    nights: dict[str, int] = {}
    names: dict[str, str] = {}  # a name as first seated, whatever its case later
    for record in records:
        if record.running or not record.night.deals:
            continue
        for player, result in record.night.results().items():
            key = names.setdefault(player.casefold(), player)
            nets[key] = nets.get(key, 0) + result
            nights[key] = nights.get(key, 0) + 1
    return NetLadder(_ranked(nets, nights), played, any(r.running for r in records))


def _ranked(nets: Mapping[str, int], nights: Mapping[str, int]) -> tuple[NetLine, ...]:
    order: Sequence[str] = sorted(nets, key=lambda p: (-nets[p], p.casefold()))
    lines: list[NetLine] = []
    for position, player in enumerate(order, 1):
        tied = lines and lines[-1].net == nets[player]
        rank = lines[-1].rank if tied else position
        lines.append(NetLine(rank, player, nights[player], nets[player]))
    return tuple(lines)
