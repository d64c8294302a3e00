"""Macchiavelli in the bot: its entry in the table of games (``GAME``), with its turns at the
chat-wide commands (a home game's, ``game``; a tournament's while it is the chat's latest
game, ``tournament``), its own commands and buttons, its refusals' texts and its share of
the chat-wide figures. What is typed is read into values by ``parsing``, said by ``texts``;
the printable cards and score sheets of a tournament are ``sheets``, drawn by ``printing``."""

from __future__ import annotations

from bot.games.macchiavelli import (
    figures,
    game,
    help,
    pad_commands,
    pad_texts,
    tournament,
)
from bot.games.macchiavelli.parsing import GAME_WORDS
from bot.games.macchiavelli.tonight import tonight
from bot.handling import Command
from bot.i18n import N_, _
from bot.refusals import UserError
from bot.table import Action, Game, Reply, Turn, later, offers_nothing
from play import macchiavelli as play_macchiavelli
from storage.macchiavelli import MACCHIAVELLI


def title() -> str:
    return _("Macchiavelli")


#: Each chat-wide command's turn: a home game's, and a tournament's (``None``: it takes none).
TURNS: dict[str, tuple[Action | None, Action | None]] = {
    "mano": (pad_commands.or_typed(game.record_deal), tournament.deal),
    "mano modificata": (game.edited_deal, tournament.edited_deal),
    "correggi": (game.fix_deal, tournament.fix),
    "annulla": (game.undo, tournament.undo),
    "classifica": (game.standings, tournament.standings),
    "fine": (game.end, tournament.end),
    "riapri": (game.reopen, tournament.reopen),
    "rivincita": (game.rematch, None),
    "mazziere": (game.dealer, None),
    "grafico": (figures.show_chart, None),
    "entra": (None, tournament.arrive),
    "esci": (None, tournament.withdraw),
    "tresei": (None, tournament.vote),
}


def home_or_tournament(command: str) -> Action:
    """A command's turn: the tournament's while the chat's latest game is a tournament's,
    else the home game's; one that takes no such turn says so, naming those that do."""

    async def turn_at(turn: Turn) -> Reply:
        latest = turn.latest
        at = 1 if latest is not None and latest.tournament_id else 0
        action = TURNS[command][at]
        if action is None:
            taken = [name for name, turns in TURNS.items() if turns[at] is not None]
            raise UserError(offers_nothing(GAME, turn.command, taken))
        return await action(turn)

    return turn_at


GAME = Game(
    kind=MACCHIAVELLI,
    names=tuple(sorted(GAME_WORDS)),
    title=title,
    actions={
        "nuova": game.new_game,
        "torneo": tournament.start,
        **{command: home_or_tournament(command) for command in TURNS},
    },
    help=help.help_text,
    commands=(
        Command(
            "tavoli",
            "tables",
            tournament.tables,
            N_("Torneo di Macchiavelli: il turno in corso e i tavoli che giocano"),
        ),
        Command(
            "cartellini",
            "cards",
            tournament.sheets,
            N_("Torneo di Macchiavelli: cartellini e segnapunti da stampare (PDF)"),
        ),
    ),
    buttons=(
        (pad_commands.PATTERN, pad_commands.press),
        (tournament.END_PATTERN, tournament.press_end),
    ),
    rule_texts={**tournament.RULE_TEXTS, **game.RULE_TEXTS},
    closing=game.closing,
    moved=play_macchiavelli.closed_by_move,
    reopening=game.reopening,
    entry_expired=pad_texts.expired,
    player_stats=figures.player_panel,
    chat_stats=figures.chat_panel,
    export=figures.export,
    tonight=tonight,
    board=later("bot.games.macchiavelli.board", "panel"),
    board_chart=later("bot.games.macchiavelli.board", "chart"),
    poll=tournament.POLL,
    form=later("bot.games.macchiavelli.form", "form"),
)
