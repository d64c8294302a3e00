"""Playing a Macchiavelli home game: start it, record a deal, undo the last deal, fix deal N,
close it. The engine counts each deal once; the match it makes is remembered for the game's
next load. A game that ends (by ``smazzate``, ``soglia`` or ``/fine``) has its places on the
Macchiavelli ladder (``play.ladders``), and loses them if a deal undone or fixed reopens it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from play import ladders
from play.errors import (
    AlreadyRunning,
    FixClosedGame,
    GameRunning,
    NoHandToUndo,
    NoRunningGame,
    ReopenReachedTarget,
    TournamentInProgress,
    UndoClosedGame,
)
from play.macchiavelli.forecast import forget
from play.macchiavelli.records import (
    MatchRecord,
    key_of,
    options_of,
    record_of,
    remember,
)
from scoring.macchiavelli import Deal, HomeRules, Match
from scoring.match import places
from storage import GameAlreadyRunning, GameState, StoredGame, TournamentRunning, UnitOfWork
from storage.macchiavelli import MACCHIAVELLI, DealLine, detail_text


@dataclass(frozen=True)
class DealRecorded:
    """Deal ``number`` recorded: ``match`` as it is now; ``ended``: that deal ended it."""

    record: MatchRecord
    match: Match
    number: int
    ended: bool


@dataclass(frozen=True)
class DealUndone:
    """Deal ``number`` taken back; ``reopened``: the game it had ended runs again."""

    record: MatchRecord
    match: Match
    number: int
    reopened: bool


@dataclass(frozen=True)
class DealFixed:
    """Deal ``number`` counted again; the game reopened or ended by it, if so."""

    record: MatchRecord
    match: Match
    number: int
    reopened: bool
    ended: bool


@dataclass(frozen=True)
class MatchClosed:
    """The game closed by hand, ranked as it stood."""

    record: MatchRecord


async def start(
    work: UnitOfWork,
    chat_id: int,
    players: Sequence[str],
    rules: HomeRules,
    *,
    first_dealer: int = 0,
    started_by: int | None = None,
) -> MatchRecord:
    """A new running home game with these seats (clockwise) and rules."""
    Match(tuple(players), rules, first_dealer=first_dealer)  # the engine's checks, first
    try:
        stored = await work.games.start(
            chat_id,
            players,
            options_of(rules),
            kind=MACCHIAVELLI,
            first_dealer=first_dealer,
            started_by=started_by,
        )
    except GameAlreadyRunning as error:
        running = None if error.game_id is None else await work.games.get(error.game_id)
        seated = () if running is None else tuple(s.name for s in running.played.seats)
        raise GameRunning(seated) from error
    except TournamentRunning as error:
        raise TournamentInProgress from error
    return record_of(stored)


def lines_of(deal: Deal) -> tuple[list[DealLine], str]:
    """A deal as storage keeps it: each player's line, and its detail (the card lists)."""
    lines = [DealLine(r.player, r.points, r.player == deal.closer) for r in deal.reports]
    cards = {r.player: r.cards.text for r in deal.reports if r.cards is not None}
    return lines, detail_text(deal.points, cards)


async def record_deal(
    work: UnitOfWork,
    record: MatchRecord,
    deal: Deal,
    *,
    message_id: int | None = None,
    user_id: int | None = None,
) -> DealRecorded:
    """The running game's next deal, counted by the engine and stored; the game ends if its
    rules say so."""
    match = record.match.with_deal(deal)
    number = len(match.deals)
    lines, detail = lines_of(deal)
    dealer = record.match.dealer_of(number)
    snapshot = await work.games.add_hand(
        record.stored, lines, dealer, message_id, user_id, detail=detail
    )
    remember(key_of(record.stored, snapshot), match)
    ended = match.is_over()
    if ended:
        await _finish(work, record, match)
    return DealRecorded(record, match, number, ended)


async def undo(work: UnitOfWork, record: MatchRecord | None) -> DealUndone:
    """Take back the last deal of the chat's game (running, or ended by that deal: it
    reopens): ``record``, its last home game if not annulled (``correctable_in``)."""
    if record is None or not record.match.deals:
        raise NoHandToUndo
    if not record.running and not record.match.is_over():
        raise UndoClosedGame(tournament=False)
    number = len(record.match.deals)
    await work.games.remove_last_hand(record.stored)
    match = record.match.without_last_deal()
    reopened = not record.running
    if reopened:
        await _reopen(work, record)
    return DealUndone(record, match, number, reopened)


async def fix_deal(work: UnitOfWork, record: MatchRecord, number: int, deal: Deal) -> DealFixed:
    """Deal ``number`` counted again: the totals, the end and the winners follow."""
    if not record.running and not record.match.is_over():
        raise FixClosedGame
    match = record.match.with_deal_replaced(number, deal)
    lines, detail = lines_of(deal)
    await work.games.replace_hand(record.stored, number, lines, detail)
    if not record.running:  # a finished game's deals: the chat's forecast history changes
        forget(record.chat_id)
    over = match.is_over()
    reopened = not record.running and not over
    if reopened:
        await _reopen(work, record)
    elif over:
        await _finish(work, record, match)
    return DealFixed(record, match, number, reopened, over and record.running)


async def end(work: UnitOfWork, record: MatchRecord) -> MatchClosed:
    """Close the running game now, ranked as it stands (no deal: no places)."""
    await _finish(work, record, record.match)
    return MatchClosed(record)


async def reopen(work: UnitOfWork, record: MatchRecord | None) -> MatchRecord:
    """Reopen the chat's last game (``record``) if ``/fine`` closed it: it runs again, its
    places go."""
    if record is None or record.state is GameState.ANNULLED:
        raise NoRunningGame
    if record.running:
        raise AlreadyRunning
    if record.match.is_over():
        raise ReopenReachedTarget
    await _reopen(work, record)
    return record


async def rematch(
    work: UnitOfWork, last: MatchRecord | None, *, started_by: int | None
) -> MatchRecord:
    """A new game with the last game's (``last``) players and rules; the next seat deals
    first."""
    if last is None:
        raise NoRunningGame
    players = last.match.players
    return await start(
        work,
        last.chat_id,
        players,
        last.match.rules,
        first_dealer=(last.match.first_dealer + 1) % len(players),
        started_by=started_by,
    )


async def _finish(work: UnitOfWork, record: MatchRecord, match: Match) -> None:
    if record.running:
        await work.games.set_state(record.stored, GameState.FINISHED, datetime.now(UTC))
    await ladders.keep_places(work, record.stored, places(match) if match.deals else None)


async def _reopen(work: UnitOfWork, record: MatchRecord) -> None:
    await work.games.set_state(record.stored, GameState.RUNNING, datetime.now(UTC))
    await ladders.keep_places(work, record.stored, None)


async def closed_by_move(work: UnitOfWork, stored: StoredGame) -> None:
    """A home game the chat's move closed: its places kept, as after ``/fine``."""
    match = record_of(stored).match
    await ladders.keep_places(work, stored, places(match) if match.deals else None)
