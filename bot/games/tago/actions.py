"""What a night of Tagò does with each command, inside the command's unit of work, down to
the reply's text: read its words, play its change (``play.tago``), say what happened. The
handlers (``bot.games.tago.night``) open the unit of work and reply. Each raises
``UserError``, a rule of Tagò broken or an action refused, answered from ``RULE_TEXTS``."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from datetime import datetime

from bot.games.tago import mistakes, seating
from bot.games.tago.amounts import chips
from bot.games.tago.choice import HAND_CHOICE, pending_choice
from bot.games.tago.night_texts import (
    curious_reply,
    hand_reply,
    jackpot_reply,
    night_end,
    night_opened,
    rebuy_reply,
    stacks_reply,
)
from bot.games.tago.parsing import (
    parse_curious,
    parse_hand,
    parse_new_night,
    parse_rebuy,
)
from bot.games.tago.refusals import kinds, refusal
from bot.games.tago.texts import choice_buttons, choice_question
from bot.i18n import _
from bot.refusals import Mistake, Render, UserError, mistake
from bot.texts.common import command_name
from play.errors import FixClosedGame, Refused, UndoClosedGame
from play.tago import night as play
from play.tago.night import NightRecord, NoNightRunning, NothingToUndo
from scoring.errors import RuleBroken
from scoring.tago import Cards, Completed, Curioso, Event, Hand, Join, Leave, Night, Rebuy
from storage import Front, UnitOfWork

# --- the shared commands ---


async def new_night(work: UnitOfWork, chat_id: int, text: str, *, started_by: int | None) -> str:
    """``/nuova tago light 5/300 ante=2.5 jackpot=10% Anna Bruno=500 Carlo``."""
    new = parse_new_night(text)
    record = await play.open_night(
        work, chat_id, new.table, new.buy_ins, first_dealer=new.first_dealer, started_by=started_by
    )
    return night_opened(record.night)


class ChoiceAsked(Exception):
    """The hand's PUNTO has a pair and no ``scelta=``: the first player is asked, with a
    button for each value (the unit of work rolls back: the hand is recorded at the press)."""

    def __init__(self, punto: Cards, options: tuple[int, int]) -> None:
        super().__init__(punto, options)
        self.question = choice_question(punto, options)
        self.buttons = tuple(choice_buttons(HAND_CHOICE, options))


def completed_hand(night: Night, text: str) -> Completed:
    """The hand ``text`` types (``/mano``'s words), with every seated player of ``night`` in
    it; a PUNTO with a pair and no ``scelta=`` asks first (``ChoiceAsked``)."""
    hand = parse_hand(text, night.players, night.ledger.left)
    options = pending_choice(hand.punto, hand.choice) if len(hand.live) > 1 else None
    if options is not None and hand.punto is not None:
        raise ChoiceAsked(hand.punto, options)
    return night.completed(hand)


async def record_hand(
    work: UnitOfWork, front: Front, text: str, *, message_id: int, user_id: int | None
) -> str:
    """``/mano punto=4,½,0 Anna 200 4,4,2 … Dario 40 lascia``: the pots, the stacks after."""
    record = await play.running_night(work, front)
    completed = completed_hand(record.night, text)
    after = await play.record_event(
        work, record, [completed.hand], message_id=message_id, user_id=user_id
    )
    return hand_reply(after.night, after.night.deals[-1], completed)


async def edited_hand(
    work: UnitOfWork,
    front: Front,
    chat_id: int,
    text: str,
    *,
    message_id: int,
    update_id: int,
    user_id: int | None,
    may_fix: Callable[[UnitOfWork], Awaitable[None]],
) -> str:
    """A /mano edited by its author: the hand it recorded reported again (by who may fix a
    hand), or, if it recorded nothing, its hand recorded now."""
    record, number = await play.edited_hand(work, front, chat_id, message_id, update_id)
    if number is None:
        return await record_hand(work, front, text, message_id=message_id, user_id=user_id)
    await may_fix(work)
    hand = parse_hand(text, record.night.players, record.night.ledger.left)
    completed = record.night.completed(hand, number)
    after = await play.fix_hand(work, record, number, completed.hand)
    deal = after.night.deals[number - 1]
    return "\n".join([hand_fixed(number), hand_reply(after.night, deal, completed)])


async def fix_hand(work: UnitOfWork, front: Front, text: str) -> str:
    """``/correggi 3 punto=… Anna 200 …``: hand 3 reported again, every later event checked;
    a night closed is reopened first (``/riapri``)."""
    record = await play.latest_night(work, front)
    if not record.running:
        raise FixClosedGame
    number_text, _space, rest = text.strip().partition(" ")
    if not number_text.isdecimal() or len(number_text) > 6 or not rest.strip():
        raise UserError(fix_usage())
    hand = parse_hand(rest, record.night.players, record.night.ledger.left)
    completed = record.night.completed(hand, int(number_text))
    after = await play.fix_hand(work, record, int(number_text), completed.hand)
    deal = after.night.deals[int(number_text) - 1]
    return "\n".join(
        [
            hand_fixed(deal.number),
            hand_reply(after.night, deal, completed),
            stacks_reply(after.night),
        ]
    )


async def undo(work: UnitOfWork, front: Front) -> str:
    """``/annulla``: the night's last event (a hand, a re-buy, a curioso, an arrival, a
    departure) taken back; a night closed is reopened first (``/riapri``)."""
    record = await play.latest_night(work, front)
    if not record.running:
        raise UndoClosedGame(tournament=False)
    after, event = await play.undo_last(work, record)
    return undone(record, event) + "\n" + stacks_reply(after.night)


async def standings(work: UnitOfWork, front: Front) -> str:
    """``/classifica``: the stacks of the night running, or the last night's results."""
    record = await play.latest_night(work, front)
    return stacks_reply(record.night) if record.running else night_end(record.night)


async def end(work: UnitOfWork, record: NightRecord, now: datetime) -> str:
    """``/saldo`` (``/fine``, once confirmed): the night closed with its results and the
    fewest payments."""
    closed = await play.close_night(work, record, now)
    return night_end(closed.night)


# --- its own commands ---


async def rebuy(
    work: UnitOfWork, front: Front, text: str, *, message_id: int, user_id: int | None
) -> str:
    """``/ricarica Anna 300``."""
    record = await play.running_night(work, front)
    player, amount = parse_rebuy(text, record.night.players, record.night.ledger.left)
    after = await play.record_event(
        work, record, [Rebuy(player, amount)], message_id=message_id, user_id=user_id
    )
    return rebuy_reply(after.night, player, amount)


async def curious(
    work: UnitOfWork, front: Front, text: str, *, message_id: int, user_id: int | None
) -> str:
    """``/curioso Dario``: one ante each to the jackpot."""
    record = await play.running_night(work, front)
    players = parse_curious(text, record.night.players)
    after = await play.record_event(
        work, record, [Curioso(p) for p in players], message_id=message_id, user_id=user_id
    )
    return curious_reply(after.night, players)


async def jackpot(work: UnitOfWork, chat_id: int) -> str:
    """``/jackpot``: the chat's jackpot, with what it grew by tonight if a night runs."""
    amount, night = await play.chat_jackpot(work, chat_id)
    return jackpot_reply(amount, None if night is None else night.jackpot_grown)


# --- its words ---


def fix_usage() -> str:
    return _(
        "Scrivi il numero della mano e la mano di nuovo, per esempio: "
        "/{command} 2 punto=4,½,0 Anna 200 4,4,2 Bruno 150 3,1,½"
    ).format(command=command_name("correggi"))


def refuses(command: str) -> str:
    """A shared command the chat's night has no use for: another game's ``/nuova`` while it
    runs, or a command of Tamalo's alone (/mazziere, /grafico, /rivincita…)."""
    if command in {"nuova", "torneo"}:
        return _(
            "C'è una serata di Tagò in corso: chiudila con /{settle} prima di iniziare "
            "un'altra partita."
        ).format(settle=command_name("saldo"))
    return not_for_a_night()


def not_for_a_night() -> str:
    return _(
        "Questo comando è del Tamalo, e la partita della chat è una serata di Tagò: lì "
        "servono /{hand}, /{standings}, /{undo}, /{fix}, /{join}, /{leave}, /{rebuy}, "
        "/{curious}, /{jackpot} e /{settle}."
    ).format(
        hand=command_name("mano"),
        join=command_name("entra"),
        leave=command_name("esci"),
        standings=command_name("classifica"),
        undo=command_name("annulla"),
        fix=command_name("correggi"),
        rebuy=command_name("ricarica"),
        curious=command_name("curioso"),
        jackpot=command_name("jackpot"),
        settle=command_name("saldo"),
    )


def hand_already_recorded() -> str:
    return _("Questa mano è già registrata.")


def hand_fixed(number: int) -> str:
    return _("✏️ Mano {number} corretta.").format(number=number)


def undone(record: NightRecord, event: Event) -> str:
    if isinstance(event, Hand):
        return _("↩️ Annullata la mano {number}.").format(number=len(record.night.deals))
    if isinstance(event, Rebuy):
        return _("↩️ Annullata la ricarica di {player} ({amount}).").format(
            player=event.player, amount=chips(event.amount)
        )
    if isinstance(event, Join):
        return seating.undone_join(event)
    if isinstance(event, Leave):
        return seating.undone_leave(event)
    return _("↩️ Annullato il curioso di {player}.").format(player=event.player)


def _engine_text(error: Mistake) -> str:
    assert isinstance(error, RuleBroken)
    return refusal(error)


#: What the chat is told when a rule of Tagò or an action of the night refuses a change
#: (added to ``bot.refusals.RULE_TEXTS``).
RULE_TEXTS: Mapping[type[Mistake], Render] = {
    **dict.fromkeys(kinds(), _engine_text),
    NoNightRunning: lambda _e: _("Nessuna serata di Tagò in corso. {usage}").format(
        usage=mistakes.night_usage()
    ),
    NothingToUndo: lambda _e: _("Nella serata non c'è ancora niente da annullare."),
}


def answer(error: UserError | RuleBroken | Refused) -> str:
    """What the chat is told when a command of the night changes nothing."""
    return error.message if isinstance(error, UserError) else mistake(error).message
