"""Playing a night of Tagò: open it, record its events (a hand, a re-buy, a curioso, an
arrival, a departure), undo the last one, fix a hand, close it with its settle-up. The engine
runs once per event: the night each change leaves is kept for the next command (``_NIGHTS``),
and a night not kept is replayed from its stored events (after a restart, on another
process)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from play.errors import AlreadyRunning, GameRunning, Refused, TournamentInProgress
from play.kept import Kept
from play.tago.events import (
    BUY_INS,
    JACKPOT_IN,
    JACKPOT_OUT,
    event_detail,
    event_of,
    table_of,
    table_options,
)
from scoring.tago import Curioso, Event, Hand, Join, Leave, Night, NightClosed, Rebuy, Table
from storage import (
    Front,
    GameAlreadyRunning,
    GameState,
    StoredGame,
    TournamentRunning,
    UnitOfWork,
)
from storage.tago import TAGO, NightStore, StoredEvent


class NoNightRunning(Refused):
    """The chat has no night of Tagò running."""


class NothingToUndo(Refused):
    """The night has no event to take back."""


@dataclass(frozen=True)
class NightRecord:
    """A stored night with its events and the night they make."""

    stored: StoredGame
    events: tuple[StoredEvent, ...]
    night: Night

    @property
    def id(self) -> int:
        return self.stored.id

    @property
    def running(self) -> bool:
        return self.stored.state is GameState.RUNNING


#: A night by what it is rebuilt from: its row (id, chat, start, options, first dealer,
#: state), its seats and its events' stored texts (so never stale: another text is another
#: night).
Key = tuple[object, ...]
_NIGHTS: Kept[Key, Night] = Kept(most=256)


def _key(stored: StoredGame, events: Sequence[StoredEvent]) -> Key:
    seats = tuple(seat.name for seat in stored.played.seats)
    row = (stored.id, stored.chat_id, stored.started_at, repr(stored.options), stored.first_dealer)
    return (*row, stored.state.value, seats, tuple(e.detail for e in events))


def _remember(key: Key, night: Night) -> None:
    _NIGHTS.keep(key, night)


def _options(stored: StoredGame) -> dict[str, Any]:
    return dict(stored.options)


def _opening(stored: StoredGame) -> dict[str, int]:
    names = [seat.name for seat in stored.played.seats]
    return dict(zip(names, (int(b) for b in _options(stored)[BUY_INS]), strict=True))


def replayed(stored: StoredGame, events: Sequence[Event]) -> Night:
    """The night its stored table and ``events`` make, every event checked again."""
    options = _options(stored)
    return Night.replay(
        table_of(options),
        _opening(stored),
        events,
        jackpot=int(options[JACKPOT_IN]),
        first_dealer=stored.first_dealer,
        closed=stored.state is GameState.FINISHED,
    )


async def record_of(work: UnitOfWork, stored: StoredGame) -> NightRecord:
    """The stored night with its events and the night they make (kept, or replayed)."""
    events = await work.store(NightStore).events(stored.id)
    key = _key(stored, events)
    night = _NIGHTS.found(key)
    if night is None:
        night = replayed(stored, [event_of(e.detail) for e in events])
        _remember(key, night)
    return NightRecord(stored, events, night)


def _front_night(front: Front) -> StoredGame | None:
    """The chat's latest game if it is a night of Tagò (not annulled)."""
    latest = front[-1] if front else None
    if latest is None or latest.kind != TAGO or latest.state is GameState.ANNULLED:
        return None
    return latest


async def running_night(work: UnitOfWork, front: Front) -> NightRecord:
    """The chat's night running, from its games in front (``storage.Front``); none,
    ``NoNightRunning``."""
    stored = _front_night(front)
    if stored is None or not stored.running:
        raise NoNightRunning
    return await record_of(work, stored)


async def latest_night(work: UnitOfWork, front: Front) -> NightRecord:
    """The chat's last game, a night of Tagò (running or closed); none, ``NoNightRunning``."""
    stored = _front_night(front)
    if stored is None:
        raise NoNightRunning
    return await record_of(work, stored)


async def reopen_night(work: UnitOfWork, front: Front, now: datetime) -> NightRecord:
    """The last night, closed with ``/fine`` or ``/saldo``, runs again with its stacks as
    they were, as long as no other game started since (its jackpot is the chat's again)."""
    record = await latest_night(work, front)
    if record.running:
        raise AlreadyRunning
    options = {k: v for k, v in _options(record.stored).items() if k != JACKPOT_OUT}
    await work.store(NightStore).set_options(record.id, options)
    await work.games.set_state(record.stored, GameState.RUNNING, now)
    stored = await work.games.get(record.id)
    assert stored is not None
    return await record_of(work, stored)


async def carried_jackpot(work: UnitOfWork, chat_id: int) -> int:
    """The jackpot the chat's last closed night left (0 before the first)."""
    options = await work.store(NightStore).last_closed_options(chat_id)
    return 0 if options is None else int(str(options.get(JACKPOT_OUT, 0)))


async def chat_jackpot(work: UnitOfWork, chat_id: int) -> tuple[int, Night | None]:
    """The chat's jackpot now, with the night running if there is one."""
    stored = await work.games.running(chat_id)
    if stored is not None and stored.kind == TAGO:
        record = await record_of(work, stored)
        return record.night.jackpot, record.night
    return await carried_jackpot(work, chat_id), None


async def open_night(
    work: UnitOfWork,
    chat_id: int,
    table: Table,
    buy_ins: Mapping[str, int | None],
    *,
    first_dealer: int = 0,
    started_by: int | None = None,
) -> NightRecord:
    """A new night at ``table`` with these seats and buy-ins, the chat's jackpot carried in."""
    jackpot = await carried_jackpot(work, chat_id)
    night = Night.open(table, buy_ins, jackpot=jackpot, first_dealer=first_dealer)
    options = table_options(table, list(night.opening.values()), jackpot)
    try:
        stored = await work.games.start(
            chat_id,
            list(buy_ins),
            options,
            kind=TAGO,
            first_dealer=night.first_dealer,
            started_by=started_by,
        )
    except GameAlreadyRunning as error:
        raise GameRunning(await _players_of(work, error.game_id)) from error
    except TournamentRunning as error:
        raise TournamentInProgress from error
    return await record_of(work, stored)


async def rematch(work: UnitOfWork, record: NightRecord, *, started_by: int | None) -> NightRecord:
    """A new night at the same table as ``record``'s (closed), with who was still seated at
    its end, each buying in the table's stack; the seat after its first dealer deals first."""
    night = record.night
    seated = [p for p in night.players if p not in night.ledger.left]
    following = (night.players[(night.first_dealer + step) % len(night.players)] for step in
                 range(1, len(night.players) + 1))  # fmt: skip
    dealer = next(p for p in following if p in seated)
    return await open_night(
        work,
        record.stored.chat_id,
        night.table,
        dict.fromkeys(seated),
        first_dealer=seated.index(dealer),
        started_by=started_by,
    )


async def _players_of(work: UnitOfWork, game_id: int | None) -> tuple[str, ...]:
    stored = None if game_id is None else await work.games.get(game_id)
    return () if stored is None else tuple(seat.name for seat in stored.played.seats)


def _played(night: Night, event: Event) -> Night:
    if isinstance(event, Hand):
        return night.with_hand(event)
    if isinstance(event, Rebuy):
        return night.with_rebuy(event.player, event.amount)
    if isinstance(event, Curioso):
        return night.with_curioso(event.player)
    if isinstance(event, Leave):
        return night.with_leaving(event.player)
    return night.with_player(event.player, event.buy_in)


async def record_event(
    work: UnitOfWork,
    record: NightRecord,
    events: Sequence[Event],
    *,
    message_id: int | None,
    user_id: int | None,
) -> NightRecord:
    """``events`` played in order (all or none: the first refused raises), then stored."""
    night = record.night
    for event in events:
        night = _played(night, event)
    if arrivals := [event.player for event in events if isinstance(event, Join)]:
        await work.store(NightStore).know_players(record.stored.chat_id, arrivals)
    stored_events = list(record.events)
    deals = iter(night.deals[len(record.night.deals) :])
    for event in events:
        dealer = None
        if isinstance(event, Hand):
            dealer = record.stored.player_ids.get(next(deals).dealer)
        stored_events.append(
            await work.store(NightStore).add_event(
                record.id,
                event_detail(event),
                message_id=message_id,
                user_id=user_id,
                dealer_id=dealer,
                last=stored_events[-1].number if stored_events else 0,
            )
        )
    _remember(_key(record.stored, stored_events), night)
    return NightRecord(record.stored, tuple(stored_events), night)


def _hands(events: Sequence[StoredEvent]) -> list[StoredEvent]:
    return [e for e in events if isinstance(event_of(e.detail), Hand)]


async def edited_hand(
    work: UnitOfWork, front: Front, chat_id: int, message_id: int, update_id: int
) -> tuple[NightRecord, int | None]:
    """A /mano of the night edited (by update ``update_id``): the night, and the number of
    the hand the message recorded (``None``: it recorded nothing, so it records it now). An
    older edit than one handled raises ``MessageAlreadyHandled``."""
    await work.claims.edit(chat_id, message_id, update_id)
    record = await running_night(work, front)
    hands = [e for e in record.events if isinstance(event_of(e.detail), Hand)]
    number = next(
        (n for n, e in enumerate(hands, 1) if e.message_id == message_id and message_id),
        None,
    )
    return record, number


async def undo_last(work: UnitOfWork, record: NightRecord) -> tuple[NightRecord, Event]:
    """The night without its last event (a hand, a re-buy, a curioso, an arrival or a
    departure), and that event. An arrival taken back leaves no player behind who did
    nothing else in the chat."""
    if not record.running:
        raise NightClosed()
    if not record.events:
        raise NothingToUndo
    last = record.events[-1]
    events = record.events[:-1]
    night = replayed(record.stored, [event_of(e.detail) for e in events])
    await work.store(NightStore).remove_event(record.id, last.number)
    undone = event_of(last.detail)
    if isinstance(undone, Join) and not await _arrived_elsewhere(work, record, undone.player):
        await work.store(NightStore).forget_player(record.stored.chat_id, undone.player)
    _remember(_key(record.stored, events), night)
    return NightRecord(record.stored, events, night), undone


async def _arrived_elsewhere(work: UnitOfWork, record: NightRecord, player: str) -> bool:
    """``player`` arrived late (``/entra``) at another of the chat's nights: an event there,
    not a seat, so not among what storage sees of her."""
    folded = player.casefold()
    for night_id in await work.store(NightStore).night_ids(record.stored.chat_id):
        if night_id == record.id:
            continue
        for stored in await work.store(NightStore).events(night_id):
            event = event_of(stored.detail)
            if isinstance(event, Join) and event.player.casefold() == folded:
                return True
    return False


async def fix_hand(work: UnitOfWork, record: NightRecord, number: int, hand: Hand) -> NightRecord:
    """Hand ``number`` reported again; every event after it checked again."""
    night = record.night.with_hand_replaced(number, hand)
    stored = _hands(record.events)[number - 1]
    await work.store(NightStore).replace_event(record.id, stored.number, event_detail(hand))
    events = tuple(
        StoredEvent(e.number, event_detail(hand), e.message_id) if e is stored else e
        for e in record.events
    )
    _remember(_key(record.stored, events), night)
    return NightRecord(record.stored, events, night)


async def close_night(work: UnitOfWork, record: NightRecord, now: datetime) -> NightRecord:
    """The night closed: its jackpot kept for the chat's next night."""
    night = record.night.settled()
    options = {**_options(record.stored), JACKPOT_OUT: night.jackpot}
    await work.store(NightStore).set_options(record.id, options)
    await work.games.set_state(record.stored, GameState.FINISHED, now)
    stored = await work.games.get(record.id)
    assert stored is not None
    _remember(_key(stored, record.events), night)
    return NightRecord(stored, record.events, night)


async def closed_by_move(work: UnitOfWork, stored: StoredGame) -> None:
    """A night the chat's move closed: settled, its jackpot kept for the next night."""
    record = await record_of(work, stored)
    options = {**_options(stored), JACKPOT_OUT: record.night.settled().jackpot}
    await work.store(NightStore).set_options(stored.id, options)
