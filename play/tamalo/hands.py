"""What happens to a game's hands: record one (a repeat is asked about first), fix one
(also by editing the /mano that recorded it), undo the latest (or the latest join).

A hand arrives parsed (``scoring.Hand``): the bot reads it from the chat's words against the
game asked for first (``play.tamalo.game.running_games``, ``correctable``, ``edited_hand``); the
engine checks it against the rules, and the game ends, reopens or moves its tournament on as
its totals say (``play.tamalo.game.settle``).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from play.errors import FixClosedGame as FixClosedGame  # every game's, named here as ever
from play.errors import NoHandToUndo as NoHandToUndo
from play.errors import NoRunningGame, Refused
from play.errors import UndoClosedGame as UndoClosedGame
from play.tamalo import records as kept
from play.tamalo import results
from play.tamalo.game import settle
from play.tamalo.rebuild import key_of, lines_of, remember
from play.tamalo.records import GameRecord
from play.tamalo.tournament import Progress, changeable, drop_final_not_begun, elsewhere
from scoring.tamalo import Game, Hand, Rules
from storage import GameState, MessageAlreadyHandled, UnitOfWork

#: A typed hand equal to the previous one, this soon after it, is asked about first.
SAME_HAND_WINDOW = timedelta(minutes=2)
#: The number a join taken back is kept under among the chat's undos (hands count from 1).
JOIN_UNDONE = 0


class MessageHandled(Refused):
    """This message (or a later edit of it) has already been handled."""


class EditedHandGone(Refused):
    """An edited /mano whose hand is no longer there (undone)."""


class EditedHandClosed(Refused):
    """An edited /mano whose game can no longer be corrected."""


class JoinUndoneJustNow(Refused):
    """Someone else took the same join back a moment ago."""


class UndoneJustNow(Refused):
    """Someone else took hand ``number`` of ``record``'s game back a moment ago; it has
    ``hands`` left."""

    def __init__(self, number: int, hands: int, record: GameRecord | None) -> None:
        super().__init__(number, hands)
        self.number, self.hands, self.record = number, hands, record


@dataclass(frozen=True)
class HandRecorded:
    """A hand added: ``record`` is the game as it was, ``game`` as it is now; ``progress``
    what its end did to its tournament."""

    record: GameRecord
    game: Game
    progress: Progress | None = None

    @property
    def ended(self) -> bool:
        """The hand ended the game."""
        return self.record.running and self.game.is_over()


@dataclass(frozen=True)
class SameHandAsked:
    """A hand equal to the previous one, kept waiting (as ``pending_id``) for a button."""

    pending_id: int
    number: int
    previous: Hand


@dataclass(frozen=True)
class HandFixed:
    """Hand ``number`` replaced: ``record`` is the game as it was, ``game`` as it is now."""

    record: GameRecord
    game: Game
    number: int
    progress: Progress | None = None

    @property
    def reopened(self) -> bool:
        return not self.record.running and not self.game.is_over()

    @property
    def ended(self) -> bool:
        return self.record.running and self.game.is_over()


@dataclass(frozen=True)
class HandUndone:
    """Hand ``number`` (``removed``) taken back from ``record``'s game, now ``game``."""

    record: GameRecord
    number: int
    removed: Hand
    game: Game
    progress: Progress | None = None

    @property
    def reopened(self) -> bool:
        return not self.record.running and not self.game.is_over()


@dataclass(frozen=True)
class JoinUndone:
    """A late joiner unseated: ``record`` is the game without them."""

    record: GameRecord
    name: str
    number: int = JOIN_UNDONE


class SameHandAnswer(enum.Enum):
    """A button of a repeated hand that records nothing."""

    ANSWERED = "answered"  # pressed before
    DROPPED = "dropped"
    STALE = "stale"  # the game moved on meanwhile


@dataclass(frozen=True)
class SameHandConfirmed:
    """The repeated hand is to be recorded: its text, typed in ``message_id``, in ``record``."""

    record: GameRecord
    message_id: int
    text: str


@dataclass(frozen=True)
class HandFrame:
    """What a hand typed for a game is read against, as plain values (the bot parses against
    it, with no unit of work): who plays it, the rules, who of the game does not
    (``absent``), its number (``None``: the next hand), the players of a tournament's ended
    tables (each: whether they wait for the final), whether the game takes late joiners, and
    everyone seated."""

    players: tuple[str, ...]
    rules: Rules
    absent: tuple[str, ...]
    number: int | None
    elsewhere: Mapping[str, bool]
    joinable: bool
    seated: tuple[str, ...]


async def frame(work: UnitOfWork, record: GameRecord, number: int | None = None) -> HandFrame:
    """What hand ``number`` (or the next) of ``record``'s game is read against."""
    game = record.game
    players = game.next_players if number is None else game.seated_for(number)
    return HandFrame(
        players,
        game.rules,
        tuple(p for p in game.players if p not in players),
        number,
        await elsewhere(work, record),
        record.tournament_id is None,
        game.players,
    )


async def record_hand(
    work: UnitOfWork, record: GameRecord, hand: Hand, *, message_id: int, user_id: int | None
) -> HandRecorded:
    """Add ``hand`` to ``record``'s game (typed in ``message_id`` by ``user_id``)."""
    game = record.game.with_hand(hand)  # the one time the engine scores this hand
    number = len(game.hands)
    written = await work.games.add_hand(
        record.stored, lines_of(game.hands[-1]), record.game.dealer_of(number), message_id, user_id
    )
    remember(key_of(record.stored, written), game)  # the game's next load finds it scored
    return HandRecorded(record, game, await settle(work, record, game))


async def record_typed_hand(
    work: UnitOfWork,
    record: GameRecord,
    hand: Hand,
    text: str,
    *,
    message_id: int,
    user_id: int | None,
) -> HandRecorded | SameHandAsked:
    """Add ``hand`` (typed as ``text``), unless it is equal to the one recorded less than
    ``SAME_HAND_WINDOW`` before: that one is kept waiting for a button, not recorded twice."""
    asked = await _same_as_last(work, record, hand, text, message_id)
    if asked is not None:
        return asked
    return await record_hand(work, record, hand, message_id=message_id, user_id=user_id)


async def _same_as_last(
    work: UnitOfWork, record: GameRecord, hand: Hand, text: str, message_id: int
) -> SameHandAsked | None:
    game = record.game
    if not game.hands or record.last_hand_id is None or hand != game.hands[-1].hand:
        return None
    recorded_at = await work.games.hand_recorded_at(record.last_hand_id)
    if recorded_at is None or datetime.now(UTC) - recorded_at > SAME_HAND_WINDOW:
        return None
    number = len(game.hands) + 1
    pending_id = await work.pending_hands.ask(record.id, record.chat_id, message_id, number, text)
    return SameHandAsked(pending_id, number, game.hands[-1].hand)


async def answer_same_hand(
    work: UnitOfWork, chat_id: int, pending_id: int, *, yes: bool
) -> SameHandAnswer | SameHandConfirmed:
    """A button under a repeated hand: dropped, or to be recorded in the game it was typed
    for if that game has not moved on."""
    pending = await work.pending_hands.take(pending_id, chat_id)
    if pending is None:
        return SameHandAnswer.ANSWERED
    if not yes:
        return SameHandAnswer.DROPPED
    record = await kept.get(work, pending.game_id)
    if record is None or not record.running or len(record.game.hands) + 1 != pending.number:
        return SameHandAnswer.STALE
    return SameHandConfirmed(record, pending.message_id, pending.text)


async def edited_hand(
    work: UnitOfWork, chat_id: int, message_id: int, update_id: int
) -> tuple[GameRecord, int] | None:
    """A /mano edited (by update ``update_id``): the game and number of the hand it recorded,
    to correct; ``None`` if it recorded nothing (it had a mistake), so it records it now."""
    try:
        handled = await work.claims.edit(chat_id, message_id, update_id)
    except MessageAlreadyHandled as error:
        raise MessageHandled from error
    found = await work.games.hand_of_message(chat_id, message_id)
    if found is None and handled:
        raise EditedHandGone
    if found is None:
        return None
    game_id, number = found
    fixable = next((r for r in await _correctable(work, chat_id) if r.id == game_id), None)
    if fixable is None:
        raise EditedHandClosed
    return fixable, number


async def correctable(work: UnitOfWork, chat_id: int) -> list[GameRecord]:
    """The games whose hands can be fixed: the running ones, the tables of a tournament while
    its final has not begun, or the last game if its last hand ended it (a fix may reopen
    it)."""
    records = await _correctable(work, chat_id)
    if records:
        return records
    latest = await kept.latest(work, chat_id)
    if latest is None or latest.state is GameState.ANNULLED:
        raise NoRunningGame
    raise FixClosedGame


async def _correctable(work: UnitOfWork, chat_id: int) -> list[GameRecord]:
    records = [r for r in await changeable(work, chat_id) if r.running or r.game.is_over()]
    if records:
        return records
    latest = await kept.latest(work, chat_id)
    if latest is None or latest.state is GameState.ANNULLED or not latest.game.is_over():
        return []
    return [latest]


async def fix_hand(work: UnitOfWork, record: GameRecord, number: int, hand: Hand) -> HandFixed:
    """Replace hand ``number`` of ``record``'s game: totals, quadri, the end and the winner
    are worked out again."""
    game = record.game.with_hand_replaced(number, hand)
    if record.tournament_id is not None and not record.running:
        await drop_final_not_begun(work, record)
    await work.games.replace_hand(record.stored, number, lines_of(game.hands[number - 1]))
    if not record.running:
        await results.keep(work, record, record.state, game)
    return HandFixed(record, game, number, await settle(work, record, game))


async def undo(
    work: UnitOfWork, chat_id: int, *, message_id: int, sent_at: datetime, user_id: int | None
) -> JoinUndone | HandUndone:
    """Take back the latest change: a late joiner no hand has followed is unseated, else the
    chat's last recorded hand is removed (a game that hand had ended reopens). Someone
    else's undo sent (``message_id`` at ``sent_at``) before the reply to this one was seen
    removes nothing."""
    await _not_undone_just_now(work, chat_id, message_id, sent_at, user_id)
    if (joined := await _last_join(work, chat_id)) is not None:
        record, name = joined
        await work.undos.keep(chat_id, record.id, JOIN_UNDONE, user_id)
        return JoinUndone(await kept.unseat(work, record, name), name)
    undone = await _undo_hand(work, chat_id)
    await work.undos.keep(chat_id, undone.record.id, undone.number, user_id)
    return undone


async def undo_answered(
    work: UnitOfWork, chat_id: int, undone: JoinUndone | HandUndone, reply_id: int
) -> None:
    """The undo's reply is message ``reply_id``: an undo sent after it means one more."""
    await work.undos.replied(chat_id, undone.record.id, undone.number, reply_id)


async def _last_join(work: UnitOfWork, chat_id: int) -> tuple[GameRecord, str] | None:
    """The running game's late joiner, if their join is its latest change."""
    record = await kept.running(work, chat_id)
    if record is None:
        return None
    name = await work.games.last_join(record.stored)
    return None if name is None else (record, name)


async def _undo_hand(work: UnitOfWork, chat_id: int) -> HandUndone:
    record = await _last_played(work, chat_id)
    if not record.running and not record.game.is_over():
        raise UndoClosedGame(tournament=record.tournament_id is not None)
    if record.tournament_id is not None and not record.running:
        await drop_final_not_begun(work, record)
    await work.games.remove_last_hand(record.stored)
    number, removed = len(record.game.hands), record.game.hands[-1].hand
    game = record.game.without_last_hand()
    if not record.running:
        await results.keep(work, record, record.state, game)
    return HandUndone(record, number, removed, game, await settle(work, record, game))


async def _last_played(work: UnitOfWork, chat_id: int) -> GameRecord:
    """The game of the chat's most recent hand: among the running games (and the tables of a
    tournament whose final has not begun), or else the last game played."""
    records = await changeable(work, chat_id)
    if not records:
        latest = await kept.latest(work, chat_id)
        records = [latest] if latest and latest.state is not GameState.ANNULLED else []
    records = [r for r in records if r.last_hand_id is not None]
    if not records:
        raise NoHandToUndo
    return max(records, key=lambda r: r.last_hand_id or 0)


async def _not_undone_just_now(
    work: UnitOfWork, chat_id: int, message_id: int, sent_at: datetime, user_id: int | None
) -> None:
    """Two people sending an undo at the same moment mean the same hand: the later one is
    told it is gone."""
    last = await work.undos.get(chat_id)
    if last is None or not last.unseen_by(user_id, message_id, sent_at):
        return
    if last.number == JOIN_UNDONE:
        raise JoinUndoneJustNow
    record = await kept.get(work, last.game_id)
    hands = len(record.game.hands) if record is not None else 0
    raise UndoneJustNow(last.number, hands, record)
