"""A points game's turns at the chat-wide commands: parse, play (``play.punti``), render."""

from __future__ import annotations

from bot.confirmations import ask_to_end, reopen_button
from bot.games.punti import texts
from bot.games.punti.forecast import with_forecast
from bot.games.punti.parsing import parse_fix, parse_joining, parse_leaving, parse_new, parse_round
from bot.parsing.words import parse_nothing
from bot.refusals import UserError
from bot.table import Press, Pressed, Reply, Turn
from play.errors import NoRunningGame
from play.punti import actions
from play.punti.game import Record, latest, record_of
from play.punti.named import check_name, named_games, rules_of
from scoring.punti import GameOver
from storage import StoredGame


async def new_game(turn: Turn) -> Reply:
    """``/nuova punti [regole] [nome=Scopa] Anna Bruno``, or a chat's named game again:
    ``/nuova scopa Anna Bruno``."""
    named = await named_games(turn.work, turn.chat_id)
    name: str | None
    first, _, rest = turn.text.strip().partition(" ")
    remembered = named.get(first.casefold())
    if remembered is not None:
        parsed = parse_new(rest)
        if parsed.typed_rules or parsed.name is not None:
            raise UserError(texts.named_with_rules())
        rules, name = rules_of(remembered), remembered.name
    else:  # a name given again keeps its first spelling
        parsed = parse_new(turn.text)
        rules, name = parsed.rules, parsed.name
        if name is not None:
            await check_name(turn.work, turn.chat_id, name, rules, turn.taken)
            if (given := named.get(name.casefold())) is not None:
                name = given.name
    if not parsed.sides:
        raise UserError(texts.who_plays())
    record = await actions.start(
        turn.work, turn.chat_id, parsed.sides, rules, name, started_by=turn.sender
    )
    return turn.say(texts.started(record.match, name))


async def record_round(turn: Turn) -> Reply:
    """``/mano Anna 4 Bruno 7`` (``/mano 4 7``): the next round."""
    record = _running(turn)
    points = parse_round(turn.text, record.match, len(record.match.rounds) + 1)
    after = await actions.record_round(
        turn.work, record, points, turn.message.message_id, turn.sender
    )
    return await with_forecast(turn, after, texts.round_recorded(after.match, after.name))


async def edited_round(turn: Turn) -> Reply:
    """A ``/mano`` edited: nothing changes, ``/correggi`` fixes a round."""
    return turn.say(texts.edit_changes_nothing())


async def fix_round(turn: Turn) -> Reply:
    """``/correggi 2 Anna 4 Bruno 7``: round 2 again (the game's last, even if it ended)."""
    record = _latest(turn)
    number, points = parse_fix(turn.text, record.match)
    after = await actions.fix_round(turn.work, record, number, points)
    return await with_forecast(turn, after, texts.round_fixed(number, after.match, after.name))


async def undo(turn: Turn) -> Reply:
    """``/annulla``: the last round taken back (a game it ended runs again)."""
    parse_nothing(turn.text, "annulla")
    record = _latest(turn)
    number = len(record.match.rounds)
    after = await actions.undo(turn.work, record)
    return await with_forecast(turn, after, texts.round_undone(number, after.match, after.name))


async def standings(turn: Turn) -> Reply:
    """``/classifica``: the game's totals, running or the last played."""
    parse_nothing(turn.text, "classifica")
    record = _latest(turn)
    return turn.say(texts.standings(record.match, record.name))


async def end(turn: Turn) -> Reply:
    """``/fine``: asked first once a round was played; closed at once before."""
    parse_nothing(turn.text, "fine")
    record = _running(turn)
    if record.match.rounds:
        return turn.say(texts.end_question(record.name), ask_to_end(record.stored.id))
    closed = await actions.close(turn.work, record)
    return turn.say(texts.closed(closed.match, closed.name))


async def closing(press: Press, stored: StoredGame, yes: bool) -> Pressed:
    """The question of ``/fine`` answered: closed (those leading win), or going on."""
    if not yes:
        return Pressed(texts.goes_on())
    closed = await actions.close(press.work, record_of(stored))
    return Pressed(texts.closed(closed.match, closed.name), reopen_button(closed.stored.id))


async def reopen(turn: Turn) -> Reply:
    """``/riapri``: the last game, closed with ``/fine``, runs again."""
    parse_nothing(turn.text, "riapri")
    after = await actions.reopen(turn.work, _latest(turn))
    return turn.say(texts.reopened(after.match, after.name))


async def reopening(press: Press, stored: StoredGame) -> str:
    """The reopen button under a game just closed: it runs again, if still the chat's last."""
    found = latest(await press.work.games.front(press.chat_id))
    if found is None or found.stored.id != stored.id:
        raise UserError(texts.after_another())
    after = await actions.reopen(press.work, found)
    return texts.reopened(after.match, after.name)


async def rematch(turn: Turn) -> Reply:
    """``/rivincita``: the same rules again, with the sides still in at the end."""
    parse_nothing(turn.text, "rivincita")
    record = _latest(turn)
    if record.running:
        raise UserError(texts.rematch_while_running())
    started = await actions.rematch(turn.work, record, started_by=turn.sender)
    return turn.say(texts.started(started.match, started.name))


async def join(turn: Turn) -> Reply:
    """``/entra Elena`` (``Elena+Franco``): a side sits down for the next round."""
    record = _running(turn)
    members = parse_joining(turn.text)
    after = await actions.join(turn.work, record, members)
    return turn.say(texts.joined(after.match.sides[-1], len(after.match.rounds) + 1))


async def leave(turn: Turn) -> Reply:
    """``/esci Anna``: her side plays no more rounds (its points stay)."""
    record = _running(turn)
    side = parse_leaving(turn.text, record.match)
    after = await actions.leave(turn.work, record, side)
    reply = texts.left(side, played=side.joined_after < len(record.match.rounds))
    if not after.running:  # the tie it left behind is broken: the game is over
        reply += "\n" + texts.round_recorded(after.match, after.name)
    return turn.say(reply)


def _latest(turn: Turn) -> Record:
    record = latest(turn.front)
    if record is None:
        raise NoRunningGame
    return record


def _running(turn: Turn) -> Record:
    """The running game; the last one over by its rules says so (``/rivincita`` for more)."""
    record = _latest(turn)
    if not record.running:
        raise GameOver if record.match.is_over() else NoRunningGame
    return record
