"""What each action does to a chat's points game, in the caller's unit of work: the engine
runs once on the game as stored, storage keeps the result, and the game as it now stands is
returned (``Record``). A game ends by itself once its rules say so, its places kept."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime

from play import ladders
from play.errors import (
    AlreadyRunning,
    FixClosedGame,
    GameRunning,
    NoHandToUndo,
    ReopenReachedTarget,
    TournamentInProgress,
    UndoClosedGame,
)
from play.punti.game import Record, lines_of, record_of, sizes_of
from scoring.punti import Match, Rules, Side
from storage import GameAlreadyRunning, GameState, StoredGame, TournamentRunning, UnitOfWork
from storage.punti import KIND


async def start(
    work: UnitOfWork,
    chat_id: int,
    sides: Sequence[Sequence[str]],
    rules: Rules,
    name: str | None = None,
    *,
    started_by: int | None = None,
) -> Record:
    """A new game of these sides (players, or teams) by ``rules``, under the chat's ``name``
    for them if any (checked by ``play.punti.named``)."""
    Match.start(sides, rules)  # a player twice, a single side: refused before anything
    options: dict[str, object] = {**rules.as_options(), "sides": [len(side) for side in sides]}
    if name is not None:
        options["name"] = name
    try:
        stored = await work.games.start(
            chat_id,
            [member for side in sides for member in side],
            options,
            kind=KIND,
            variant=None if name is None else name.casefold(),
            started_by=started_by,
        )
    except GameAlreadyRunning as error:
        found = None if error.game_id is None else await work.games.get(error.game_id)
        raise GameRunning(() if found is None else tuple(found.player_ids)) from error
    except TournamentRunning as error:
        raise TournamentInProgress from error
    return record_of(stored)


async def rematch(work: UnitOfWork, record: Record, *, started_by: int | None) -> Record:
    """The same rules again, with the sides still in at the end of ``record``'s game."""
    sides = [side.members for side in record.match.still_in()]
    rules = record.match.rules
    return await start(
        work, record.stored.chat_id, sides, rules, record.name, started_by=started_by
    )


async def record_round(
    work: UnitOfWork,
    record: Record,
    points: Mapping[str, int],
    message_id: int | None,
    user_id: int | None,
) -> Record:
    """The next round, each side's ``points`` by its name; the game ends if its rules say."""
    after = record.match.with_round(points)
    dealer = next(iter(after.playing(len(after.rounds)))).members[0]
    lines = lines_of(after, dict(points))
    await work.games.add_hand(record.stored, lines, dealer, message_id, user_id)
    return await _settled(work, record.stored, after)


async def fix_round(
    work: UnitOfWork, record: Record, number: int, points: Mapping[str, int]
) -> Record:
    """Round ``number`` reported again: the game runs on, or ends, as its totals now say."""
    if record.closed_by_hand:
        raise FixClosedGame
    after = record.match.with_round_fixed(number, points)
    await work.games.replace_hand(record.stored, number, lines_of(after, dict(points)))
    return await _settled(work, record.stored, after)


async def undo(work: UnitOfWork, record: Record) -> Record:
    """The last round taken back; a game its rules had ended runs again."""
    if record.closed_by_hand:
        raise UndoClosedGame(tournament=False)
    if not record.match.rounds:
        raise NoHandToUndo
    await work.games.remove_last_hand(record.stored)
    return await _settled(work, record.stored, record.match.without_last_round())


async def close(work: UnitOfWork, record: Record) -> Record:
    """The game closed where it stands (``/fine``): those leading win it."""
    return await _set_state(work, record.stored, GameState.FINISHED)


async def closed_by_move(work: UnitOfWork, stored: StoredGame) -> None:
    """A game the chat's move to a supergroup closed: its places kept as it stood."""
    again = await work.games.get(stored.id)
    assert again is not None
    await _keep_places(work, record_of(again))


async def reopen(work: UnitOfWork, record: Record) -> Record:
    """A game closed with ``/fine`` runs again (one its rules ended does not)."""
    if record.running:
        raise AlreadyRunning
    if record.match.is_over():
        raise ReopenReachedTarget
    return await _set_state(work, record.stored, GameState.RUNNING)


async def join(work: UnitOfWork, record: Record, members: Sequence[str]) -> Record:
    """A side sits down (a player, or a team): it plays from the next round, from 0."""
    record.match.with_side(members)
    stored = record.stored
    for member in members:
        stored = await work.games.seat(stored, member)
    options = {**dict(stored.options), "sides": [*sizes_of(record.stored), len(members)]}
    return record_of(await work.games.set_options(stored, options))


async def leave(work: UnitOfWork, record: Record, side: Side) -> Record:
    """A side leaves: it plays no more rounds, its points stay in the standings; one that
    played no round leaves no trace."""
    after = record.match.without_side(side)
    stored = record.stored
    if side.joined_after == len(record.match.rounds):  # it played nothing: it goes
        index = record.match.sides.index(side)
        for member in side.members:
            stored = await work.games.unseat(stored, member)
        sizes = sizes_of(record.stored)
        options = {**dict(stored.options), "sides": sizes[:index] + sizes[index + 1 :]}
        stored = await work.games.set_options(stored, options)
        return record_of(stored)
    for member in side.members:
        await work.games.leave(stored, member)
    return await _settled(work, stored, after)


async def _settled(work: UnitOfWork, stored: StoredGame, match: Match) -> Record:
    """The game as stored now, finished if its rules end it and running if they no longer
    do (a round fixed or taken back), its places kept either way."""
    if match.is_over() and stored.running:
        return await _set_state(work, stored, GameState.FINISHED)
    if not match.is_over() and not stored.running:
        return await _set_state(work, stored, GameState.RUNNING)
    again = await work.games.get(stored.id)
    assert again is not None
    record = record_of(again)
    if not again.running:
        await _keep_places(work, record)
    return record


async def _set_state(work: UnitOfWork, stored: StoredGame, state: GameState) -> Record:
    await work.games.set_state(stored, state, datetime.now(UTC))
    again = await work.games.get(stored.id)
    assert again is not None
    record = record_of(again)
    await _keep_places(work, record)
    return record


async def _keep_places(work: UnitOfWork, record: Record) -> None:
    """Its places on the ladder of points games, once it is finished with rounds played."""
    match, stored = record.match, record.stored
    finished = stored.state is GameState.FINISHED and bool(match.rounds)
    places = match.places(closed=not match.is_over()) if finished else None
    await ladders.keep_places(work, stored, places)
