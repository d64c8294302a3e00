"""The points game's entry in the table of games (``bot.games``): every other game a group
plays (Scopa, Briscola, Burraco…), declared in one line and remembered by the name the chat
gives it. Its chat-wide figures (``/stats``, ``/serata``, ``/esporta``, ``/classifica
generale``) are the shared ones, read from what every game stores."""

from __future__ import annotations

from bot.games.punti import (
    figures,
    help,
    keypad_commands,
    keypad_texts,
    named,
    panels,
    tonight,
    turns,
)
from bot.games.punti.refusals import RULE_TEXTS
from bot.handling import Command
from bot.i18n import N_, _
from bot.table import Game, later
from play.punti.actions import closed_by_move
from storage.punti import KIND


def title() -> str:
    return _("Punti")


GAME = Game(
    kind=KIND,
    names=(KIND, "points"),  # the word after /nuova (/new points, in English too)
    title=title,
    actions={
        "nuova": turns.new_game,
        "mano": keypad_commands.or_typed(turns.record_round),
        "mano modificata": turns.edited_round,
        "correggi": turns.fix_round,
        "annulla": turns.undo,
        "classifica": turns.standings,
        "fine": turns.end,
        "riapri": turns.reopen,
        "rivincita": turns.rematch,
        "entra": turns.join,
        "esci": turns.leave,
        "grafico": figures.chart,
    },
    help=help.help_text,
    commands=(
        Command("giochi", "games", named.show_games, N_("Punti, i giochi con un nome e le regole")),
    ),
    buttons=((keypad_commands.PATTERN, keypad_commands.press),),
    rule_texts=RULE_TEXTS,
    closing=turns.closing,
    reopening=turns.reopening,
    moved=closed_by_move,
    entry_expired=keypad_texts.expired,
    chat_names=named.chat_names,
    chat_stats=panels.chat_panel,
    player_stats=panels.player_panel,
    ladder=panels.ladder_panel,
    tonight=tonight.tonight,
    form=later("bot.games.punti.form", "form"),
)
