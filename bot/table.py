"""The table of games' protocol: what every game offers the chat-wide commands (``Game``), and
the turn a chat-wide command gives the chat's game (``Turn``).

A chat-wide command (``/mano``, ``/fine``, ``/classifica``…) reads the chat's games once, in
its unit of work (``Front``: the running ones, else the last), and hands the turn to the
game of their stored kind (``bot.commands.dispatch``); the game plays it in that unit of
work and says what to answer once it is committed (a ``Reply``). A game that takes no turn
at a command says so (``offers_nothing``), never another game's answer.

Here, below every game (``bot.games.<game>``), so that each game's module builds its own
entry; the table itself is ``bot.games``.
"""

from __future__ import annotations

import importlib
from collections.abc import (
    Awaitable,
    Callable,
    Collection,
    Coroutine,
    Iterable,
    Mapping,
    Sequence,
)
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from telegram import InlineKeyboardMarkup, Message, Update

from bot.context import Context
from bot.forms import Form
from bot.handling import Command, UndoAndFix, message_of, sender_id
from bot.i18n import _
from bot.periods import Period
from bot.refusals import Mistake, Render
from bot.texts import vote as vote_texts
from bot.texts.common import command_name
from play.vote import Voting
from storage import Front, StoredGame, UnitOfWork

#: What a turn says once its unit of work is committed (its replies, charts, buttons).
Reply = Callable[[], Awaitable[None]]
#: A game's turn at a chat-wide command: played in the command's unit of work.
Action = Callable[["Turn"], Awaitable[Reply]]
#: A handler of a game's own button (``pattern`` → handler).
ButtonHandler = Callable[[Update, Context], Coroutine[Any, Any, None]]


def later(module: str, name: str) -> Any:
    """A game's function ``module.name``, imported at its first call rather than at the bot's
    start: what only the table's screen asks of a game (its board, its chart there, its
    form), whose modules would lengthen every start (issue 35's cold start). Each game's
    ``later`` is checked to name a function by ``tests/reliability/test_startup.py``."""

    def called(*args: Any, **kwargs: Any) -> Any:
        return getattr(importlib.import_module(module), name)(*args, **kwargs)

    called.__module__, called.__qualname__ = module, name
    return called


async def silence() -> None:
    """A reply that says nothing more (everything was said already)."""


class RollBack(Exception):
    """A turn that changes nothing and answers ``reply`` (a question with buttons): its unit
    of work rolls back, its message unclaimed, and ``reply`` is sent."""

    def __init__(self, reply: Reply) -> None:
        super().__init__()
        self.reply = reply


@dataclass(frozen=True)
class Turn:
    """A chat-wide command given to the chat's game: what was typed, the unit of work it
    runs in, and the chat's games as found (``front``: the running ones in order, else the
    last one played; empty if the chat never played)."""

    update: Update
    context: Context
    work: UnitOfWork
    front: Front
    command: str  # its Italian name (``mano``)
    text: str  # what was typed after it
    #: In an edited ``/mano``, whether its author may fix a hand (asked before the lock).
    may_fix: UndoAndFix | None = None
    #: Every word that names a game of the table (``/nuova tago``): a game that lets a chat
    #: name games of its own (``Game.chat_names``) refuses these.
    taken: frozenset[str] = frozenset()

    @property
    def message(self) -> Message:
        return message_of(self.update)

    @property
    def chat_id(self) -> int:
        return self.message.chat_id

    @property
    def sender(self) -> int | None:
        return sender_id(self.update)

    @property
    def latest(self) -> StoredGame | None:
        """The chat's latest game as found (the running one, or the last)."""
        return self.front[-1] if self.front else None

    def say(self, text: str, markup: InlineKeyboardMarkup | None = None) -> Reply:
        """The reply ``text`` (with ``markup``'s buttons), sent once committed."""
        message = self.message

        async def reply() -> None:
            await message.reply_text(text, reply_markup=markup)

        return reply


@dataclass(frozen=True)
class Export:
    """A game's share of ``/esporta``: one CSV document of the chat's history of that game."""

    name: str  # the file name's first word (``macchiavelli`` → ``macchiavelli-2026-11-28.csv``)
    header: Sequence[str]  # plain English column names, a data format scripts rely on
    rows: Sequence[Sequence[object]]
    #: What the document's message says of it: its rows counted, in the game's words.
    caption: Callable[[int], str]


#: A game's panel of ``/stats Nome``: (the read, the chat, the name as typed) → the panel's
#: text, or ``None`` if the player never played that game in the chat.
PlayerPanel = Callable[[UnitOfWork, int, str], Awaitable[str | None]]

#: A game's panel of ``/stats`` (the chat's figures): (the read, the chat, its time zone) →
#: the panel, or ``None`` if the chat never played that game.
ChatPanel = Callable[[UnitOfWork, int, str], Awaitable[str | None]]


@dataclass(frozen=True)
class Ladder:
    """A game's panel of ``/classifica generale``: a rating ladder's rows (``rated``: shown
    with the other games' rating ladders under one heading, each under its game's name when
    there are several, the ``notes`` that explain them said once after them all), or a
    panel of its own (its heading in it: Tagò's chips won)."""

    text: str
    notes: tuple[str, ...] = ()
    rated: bool = True


#: A game's panel of ``/classifica generale``: (the read, the chat, the period) → its ladder
#: over that period, or ``None`` if it has none (no game finished; no ladder by period).
LadderPanel = Callable[[UnitOfWork, int, Period], Awaitable[Ladder | None]]

#: A game's share of ``/esporta``: (the read, the chat, its time zone) → its documents (none
#: if the chat never played that game).
Exporter = Callable[[UnitOfWork, int, str], Awaitable[Sequence[Export]]]


@dataclass(frozen=True)
class NightPanel:
    """A game's share of ``/serata``: its panel (one line per game of the night, under the
    game's name), how many games it counts, each finished game's winners (for the king of
    the night), and the night's chart if it has one (drawn when sent)."""

    text: str
    games: int
    winners: tuple[str, ...] = ()
    chart: Callable[[Context], Awaitable[bytes]] | None = None


#: A game's panel of ``/serata``: (the read, the chat, the night's start and end, the chat's
#: time zone) → the panel, or ``None`` if the game was not played that night.
TonightPanel = Callable[[UnitOfWork, int, datetime, datetime, str], Awaitable[NightPanel | None]]


@dataclass(frozen=True)
class Panel:
    """A game's panel on the live scoreboard (``/tavolo``'s page): its standings, one row
    each in large type, and its last hands, newest first, each a heading and its rows;
    ``caption``: what the standings are (after how many hands, to what target), in small
    type. ``hands`` ``None``: the game shows no hands on its board (Tagò's stacks say it
    all). ``forecast``: the line under the standings (none: the game has none, or the chat
    turned it off). Plain text: the page escapes every row."""

    standings: tuple[str, ...]
    hands: tuple[tuple[str, tuple[str, ...]], ...] | None = None
    caption: str = ""
    #: "Chi vince?": each player's chance, as the line under a hand's reply says it.
    forecast: str = ""


#: A game's panel on the live scoreboard: (the read, the chat's games in front, running or
#: the last) → its panel, or ``None`` to be shown by the shared one (``bot.board.panels``).
BoardPanel = Callable[[UnitOfWork, Front], Awaitable[Panel | None]]

#: A chart to draw in a worker (``bot.render``): a module-level function and its arguments,
#: plain values; it returns the PNG's bytes.
Drawing = tuple[Callable[..., bytes], tuple[object, ...]]

#: A game's chart on the live scoreboard: (the read, the chat's games in front) → what to
#: draw, or ``None`` (nothing to draw yet).
BoardChart = Callable[[UnitOfWork, Front], Awaitable[Drawing | None]]

#: A game's form for its next hand on the table's screen (``bot.forms``): (the read, the
#: chat's games in front) → the form; a ``UserError`` says why there is none now (no game
#: running, a tournament whose hands are typed).
FormMaker = Callable[[UnitOfWork, Front], Awaitable[Form]]

#: What a chat's move to a new id does to one of its games the move closed (keeps its
#: places, as a game closed by ``/fine``).
Moved = Callable[[UnitOfWork, StoredGame], Awaitable[None]]

#: The shared confirmation of ``/fine`` pressed (``bot.commands.confirm``): the game asked
#: about, found running under the chat's lock, closed (``yes``) or left running; the text
#: the question becomes, its buttons, and what else to send.
Closing = Callable[["Press", StoredGame, bool], Awaitable["Pressed"]]


@dataclass(frozen=True)
class Press:
    """A button of the chat's message pressed: its unit of work, under the chat's lock."""

    update: Update
    context: Context
    work: UnitOfWork
    chat_id: int


@dataclass(frozen=True)
class Pressed:
    """What a press did: the question's new text and buttons, and what to send after."""

    text: str
    buttons: InlineKeyboardMarkup | None = None
    then: Callable[[Message], Awaitable[None]] | None = None


@dataclass(frozen=True)
class VoteWords:
    """What a game's vote says (``bot.vote``): its question (``whole``: about a whole
    tournament), what an annulment and a vote closed with nothing changed come to."""

    question: Callable[[bool], str]
    annulled: Callable[[bool], str]
    rejected: Callable[[], str] = vote_texts.vote_rejected


@dataclass(frozen=True)
class Poll:
    """A game's games put to a vote of their players (``/tresei``, ``/voto``): who votes and
    what annulling does (``play.vote.Voting``), in the game's words."""

    voting: Voting
    words: VoteWords


@dataclass(frozen=True)
class Game:
    """A game of the table (``bot.games.GAMES``): what every chat-wide command asks of it.

    ``actions``: its turn at each chat-wide command it takes, by the command's Italian name
    (``nuova``, ``mano``, ``fine``…; ``mano modificata``: a ``/mano`` edited); any other is
    answered ``offers_nothing``. ``commands``: its own commands, placed in the menu by
    ``bot.commands.registry``; ``buttons``: its own buttons' handlers by callback pattern.
    The panels: its share of ``/stats``, ``/stats Nome``, ``/classifica generale``,
    ``/esporta`` and ``/serata`` (``None``: it has none, and says nothing there)."""

    kind: str
    #: The words that name it after ``/nuova`` and ``/torneo`` (casefolded), its name first.
    names: tuple[str, ...]
    #: Its name in the chat's language (``Tagò``).
    title: Callable[[], str]
    actions: Mapping[str, Action]
    #: Its ``/aiuto``: the few commands a table needs (``everything``: every one).
    help: Callable[[bool], str]
    commands: tuple[Command, ...] = ()
    buttons: tuple[tuple[str, ButtonHandler], ...] = ()
    rule_texts: Mapping[type[Mistake], Render] = field(default_factory=dict)
    closing: Closing | None = None
    #: The reopen button under a game just closed pressed: the game reopened (``/riapri``),
    #: and what the chat is told.
    reopening: Callable[[Press, StoredGame], Awaitable[str]] | None = None
    #: What its entry's message says once left alone too long (``/mano`` alone's buttons).
    entry_expired: Callable[[], str] | None = None
    moved: Moved | None = None
    #: What it works out from its games already stored, after a schema upgrade (places of
    #: games finished before they were kept).
    upkeep: Callable[[UnitOfWork], Awaitable[object]] | None = None
    player_stats: PlayerPanel | None = None
    chat_stats: ChatPanel | None = None
    ladder: LadderPanel | None = None
    export: Exporter | None = None
    tonight: TonightPanel | None = None
    #: The words a chat gave games of this kind (a points game remembered as ``scopa``):
    #: ``/nuova scopa …`` in that chat goes to this game, the word left in what is typed.
    chat_names: Callable[[UnitOfWork, int], Awaitable[Collection[str]]] | None = None
    #: Its games put to a vote of their players (``/tresei``: its action opens it, the
    #: shared buttons count it); ``None``: nothing of it is voted on.
    poll: Poll | None = None
    #: Its panel on the live scoreboard (``/tavolo``); ``None``: the shared one, each
    #: player's total of what was recorded and the last hands as stored.
    board: BoardPanel | None = None
    #: Its form for a hand on the table's screen; ``None``: its hands are typed.
    form: FormMaker | None = None
    #: Its chart on the live scoreboard (its ``/grafico``); ``None``: none there.
    board_chart: BoardChart | None = None


#: The chat-wide commands a game's refusal lists, in the menu's order (not the ones that start
#: a game).
_LISTED = (
    "mano", "correggi", "annulla", "classifica", "mazziere", "entra", "esci", "fine", "riapri",
    "rivincita", "tresei", "grafico",
)  # fmt: skip


def offers_nothing(game: Game, command: str, taken: Iterable[str] | None = None) -> str:
    """A chat-wide command the chat's game takes no turn at: said so, with the commands it
    takes (``taken``: those it takes as it is played now, a tournament's or a home game's)."""
    takes = set(game.actions if taken is None else taken)
    listed = ", ".join(f"/{command_name(c)}" for c in _LISTED if c in takes)
    return _(
        "/{command} non serve in una partita di {game}: lì servono {commands} (/{help} per tutto)."
    ).format(
        command=command_name(command),
        game=game.title(),
        commands=listed,
        help=command_name("aiuto"),
    )
