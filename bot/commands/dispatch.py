"""The chat-wide commands handed to the chat's game: each reads the chat's games once, in its
unit of work, and gives the turn to the game of their stored kind (``bot.table``): parse,
play and render are the game's, in that unit of work; its reply is sent once committed.

``/nuova`` and ``/torneo`` go to the game their first word names (none: the default game);
every other to the chat's game, running or last played (none: the default game, which says
there is nothing to act on). A game that takes no turn at a command says so.
"""

from __future__ import annotations

from telegram import Update

from bot import games
from bot.context import Context
from bot.handling import (
    Handler,
    admins_only,
    changes,
    changing,
    may_undo_and_fix,
    message_of,
    reading,
    replies_to_mistakes,
)
from bot.refusals import UserError, answer_in
from bot.table import Action, Game, Reply, RollBack, Turn, offers_nothing
from bot.texts import mistakes
from play.errors import Refused
from scoring.errors import RuleBroken
from storage import Front, UnitOfWork

#: The chat-wide commands that change the chat (their message claimed once, the chat locked).
CHANGING = frozenset(
    [
        "nuova",
        "torneo",
        "mano",
        "correggi",
        "annulla",
        "fine",
        "riapri",
        "rivincita",
        "entra",
        "esci",
        "tresei",
    ]
)
#: Those kept to a group's admins where it says so (``/impostazioni admin=sì``).
ADMINS = frozenset({"correggi", "annulla", "fine", "riapri", "tresei"})
#: Those whose first word names the game they start.
NAMING = frozenset({"nuova", "torneo"})
#: The key of an edited ``/mano`` among a game's actions.
EDITED_DEAL = "mano modificata"


def game_of(front: Front) -> Game:
    """The game the chat's games in front are of (none: the default game)."""
    return games.of(front[-1].kind) if front else games.DEFAULT


def chat_wide(command: str) -> Handler:
    """The handler of the chat-wide ``command`` (its Italian name): the chat's game's turn."""

    async def handler(update: Update, context: Context) -> None:
        text = context.text_args
        try:
            if command in CHANGING:
                async with changes(update, context) as work:
                    reply = await _turn(update, context, work, command, text)
            else:
                async with reading(context) as work:
                    reply = await _turn(update, context, work, command, text)
        except RollBack as asked:
            reply = asked.reply
        await reply()

    handler.__name__ = handler.__qualname__ = f"chat_wide_{command}"
    wrapped = admins_only(handler) if command in ADMINS else handler
    return replies_to_mistakes(wrapped)


async def _turn(
    update: Update, context: Context, work: UnitOfWork, command: str, text: str
) -> Reply:
    front = await work.games.front(message_of(update).chat_id)
    game = game_of(front)
    if command in NAMING:
        named, rest = games.named(text)
        if named is None:  # a word the chat gave a game of its own, kept in the text
            named = await _named_in_chat(work, message_of(update).chat_id, text)
        else:
            text = rest
        started = named or games.DEFAULT
        running = [stored for stored in front if stored.running]
        if running and started is not game:  # another game's running: it says its name
            seats = [seat.name for seat in running[0].played.seats]
            tournament = running[0].tournament_id is not None
            raise UserError(mistakes.other_game_running(game.title(), seats, tournament=tournament))
        game = started
    action = game.actions.get(command)
    if action is None:
        raise UserError(offers_nothing(game, command))
    turn = Turn(update, context, work, front, command, text, taken=games.taken())
    return await played(game, action, turn)


async def _named_in_chat(work: UnitOfWork, chat_id: int, text: str) -> Game | None:
    """The game whose chat names (``Game.chat_names``) hold ``text``'s first word."""
    first = text.strip().partition(" ")[0].casefold()
    if not first:
        return None
    for game in games.GAMES.values():
        if game.chat_names is not None and first in await game.chat_names(work, chat_id):
            return game
    return None


async def played(game: Game, action: Action, turn: Turn) -> Reply:
    """``game``'s ``action`` at ``turn``; a rule broken or an action refused is said in the
    game's words (``bot.refusals.answer_in``), the unit of work rolled back."""
    try:
        return await action(turn)
    except (RuleBroken, Refused) as error:
        raise answer_in(game.rule_texts, error) from error


@replies_to_mistakes
async def edited_deal(update: Update, context: Context) -> None:
    """A ``/mano`` edited by its author: the chat's game says what it changes."""
    message = message_of(update)
    may_fix = await may_undo_and_fix(update, context)  # asked before any lock is held
    try:
        async with changing(context, message.chat_id) as work:
            front = await work.games.front(message.chat_id)
            game = game_of(front)
            action = game.actions.get(EDITED_DEAL)
            if action is None:
                raise UserError(offers_nothing(game, "mano"))
            turn = Turn(update, context, work, front, "mano", context.text_args, may_fix)
            reply = await played(game, action, turn)
    except RollBack as asked:
        reply = asked.reply
    await reply()
