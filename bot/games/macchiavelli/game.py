"""Macchiavelli's home game in the chat: its turns at the chat-wide commands (``bot.table``):
``/nuova macchiavelli``, ``/mano`` (``/smazzata``), ``/annulla``, ``/correggi``,
``/classifica``, ``/fine``, ``/riapri``, ``/rivincita``, ``/mazziere``. Each parses, plays in
the command's unit of work (``play.macchiavelli``) and says what to reply once committed; a
deal's reply (and /annulla's, /correggi's) ends with "Chi vince?" while a game with an end
runs (``forecast``)."""

from __future__ import annotations

import functools
from collections.abc import Mapping

from bot.confirmations import ask_to_end, reopen_button
from bot.games.macchiavelli import texts
from bot.games.macchiavelli.errors import InputError
from bot.games.macchiavelli.forecast import forecast_line, forecast_of
from bot.games.macchiavelli.parsing import parse_deal, parse_new_game, resolve
from bot.games.macchiavelli.refusals import TEXTS, refused
from bot.i18n import _
from bot.parsing.words import parse_nothing
from bot.refusals import Mistake, Render, UserError, says
from bot.table import Action, Press, Pressed, Reply, Turn
from bot.texts.common import command_name
from play import macchiavelli as play
from play.errors import NoRunningGame, ReopenReachedTarget
from play.macchiavelli import MatchRecord
from scoring.errors import RuleBroken
from scoring.macchiavelli import Match
from storage import StoredGame


def no_running_game() -> str:
    return _(
        "Nessuna partita di Macchiavelli in corso. Iniziane una con /{command} macchiavelli "
        "Anna Bruno Carlo."
    ).format(command=command_name("nuova"))


#: The shared refusals in Macchiavelli's words (``bot.table.Game.rule_texts``).
RULE_TEXTS: Mapping[type[Mistake], Render] = dict(
    [says(NoRunningGame, lambda _e: no_running_game())]
)


def own_mistakes(action: Action) -> Action:
    """Macchiavelli's refusals (its parser's and its engine's) answered in its own words;
    the shared ones (``replies_to_mistakes``) in the shared words."""

    @functools.wraps(action)
    async def wrapper(turn: Turn) -> Reply:
        try:
            return await action(turn)
        except InputError as error:
            raise refused(error) from error
        except ReopenReachedTarget as error:  # by its deals, or its target
            raise UserError(texts.reopen_ended_by_rules()) from error
        except RuleBroken as error:
            if type(error) in TEXTS:  # the engine's own rules
                raise refused(error) from error
            raise

    return wrapper


@own_mistakes
async def new_game(turn: Turn) -> Reply:
    """``/nuova macchiavelli Anna Bruno Carlo smazzate=3``: the seats clockwise and the
    options."""
    new = parse_new_game(turn.text)
    record = await play.start(
        turn.work,
        turn.chat_id,
        new.players,
        new.rules,
        first_dealer=new.first_dealer,
        started_by=turn.sender,
    )
    return turn.say(texts.match_started(record.match))


async def _outlook_reply(turn: Turn, record: MatchRecord, match: Match, text: str) -> Reply:
    """The reply with its forecast line: what it is worked out from read in the turn's own
    unit of work, the line worked out once committed."""
    context, message = turn.context, turn.message
    outlook = await forecast_of(context, turn.work, record, match)

    async def reply() -> None:
        line = await forecast_line(context, record, outlook)
        await message.reply_text(text + line)

    return reply


@own_mistakes
async def record_deal(turn: Turn) -> Reply:
    """``/mano Anna 0 Bruno K,A,7 Carlo 12`` or ``/mano 0 28 12``: the next deal."""
    record = play.running_in(turn.front)
    if record is None:
        raise NoRunningGame
    deal = resolve(parse_deal(turn.text), record.match.players, record.match.rules)
    outcome = await play.record_deal(
        turn.work, record, deal, message_id=turn.message.message_id, user_id=turn.sender
    )
    return await _outlook_reply(turn, record, outcome.match, texts.deal_recorded(outcome.match))


@own_mistakes
async def undo(turn: Turn) -> Reply:
    """``/annulla``: the last deal taken back."""
    parse_nothing(turn.text, "annulla")
    undone = await play.undo(turn.work, play.correctable_in(turn.front))
    text = texts.deal_undone(undone.match, undone.number, reopened=undone.reopened)
    return await _outlook_reply(turn, undone.record, undone.match, text)


@own_mistakes
async def fix_deal(turn: Turn) -> Reply:
    """``/correggi 2 Anna 27 Bruno 40 Carlo 0``: deal 2 counted again."""
    number, _space, rest = turn.text.strip().partition(" ")
    record = play.correctable_in(turn.front)
    if record is None:
        raise NoRunningGame
    if not number.isdecimal() or not rest.strip():
        raise UserError(texts.fix_needs_number(record.match))
    deal = resolve(parse_deal(rest), record.match.players, record.match.rules)
    fixed = await play.fix_deal(turn.work, record, int(number), deal)
    text = texts.deal_fixed(fixed.match, fixed.number, reopened=fixed.reopened)
    return await _outlook_reply(turn, record, fixed.match, text)


@own_mistakes
async def standings(turn: Turn) -> Reply:
    """``/classifica``: the running game's standings, or the last game's."""
    parse_nothing(turn.text, "classifica")
    record = play.home_in(turn.front)
    if record is None:
        raise NoRunningGame
    return turn.say(texts.standings(record.match, running=record.running))


@own_mistakes
async def end(turn: Turn) -> Reply:
    """``/fine``: a game with deals is asked about first (the press closes it, ranked as it
    stands); one without any closes at once."""
    parse_nothing(turn.text, "fine")
    record = play.running_in(turn.front)
    if record is None:
        raise NoRunningGame
    if record.match.deals:
        return turn.say(_end_question(), ask_to_end(record.id))
    await play.end(turn.work, record)
    return turn.say(texts.match_closed(record.match))


def _end_question() -> str:
    return _(
        "Chiudere adesso la partita di Macchiavelli, con la classifica com'è? (/{reopen} la "
        "riapre finché non se ne inizia un'altra)"
    ).format(reopen=command_name("riapri"))


async def closing(press: Press, stored: StoredGame, yes: bool) -> Pressed:
    """The question of ``/fine`` answered: the game closed as it stands, or going on."""
    if not yes:
        return Pressed(_("Va bene, la partita continua."))
    record = play.record_of(stored)
    await play.end(press.work, record)
    return Pressed(texts.match_closed(record.match), reopen_button(record.id))


@own_mistakes
async def reopen(turn: Turn) -> Reply:
    """``/riapri``: the last game, closed with ``/fine``, runs again."""
    parse_nothing(turn.text, "riapri")
    record = await play.reopen(turn.work, play.home_in(turn.front))
    return turn.say(texts.match_reopened(record.match))


@own_mistakes
async def rematch(turn: Turn) -> Reply:
    """``/rivincita``: the same players and rules again; the next seat deals first."""
    parse_nothing(turn.text, "rivincita")
    last = play.home_in(turn.front)
    if last is not None and last.running:
        raise UserError(_rematch_while_running())
    record = await play.rematch(turn.work, last, started_by=turn.sender)
    return turn.say(texts.match_started(record.match))


def _rematch_while_running() -> str:
    return _("La partita è ancora in corso: chiudetela con /{end} prima della rivincita.").format(
        end=command_name("fine")
    )


@own_mistakes
async def dealer(turn: Turn) -> Reply:
    """``/mazziere``: who deals the next deal."""
    parse_nothing(turn.text, "mazziere")
    record = play.running_in(turn.front)
    if record is None:
        raise NoRunningGame
    match = record.match
    who = match.dealer_of(len(match.deals) + 1)
    return turn.say(
        _("🃏 Smazzata {number}: distribuisce {dealer}.").format(
            number=len(match.deals) + 1, dealer=who
        )
    )


async def edited_deal(turn: Turn) -> Reply:
    """A ``/mano`` edited: nothing changes, ``/correggi`` fixes a deal."""
    return turn.say(texts.edit_changes_nothing())


async def reopening(press: Press, stored: StoredGame) -> str:
    """The reopen button under a game just closed: it goes on, if still the chat's last."""
    record = play.home_in(await press.work.games.front(press.chat_id))
    if record is None or record.id != stored.id:
        raise UserError(_("Dopo questa partita ne è cominciata un'altra: non si riapre più."))
    record = await play.reopen(press.work, record)
    return texts.match_reopened(record.match)
