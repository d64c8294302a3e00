"""Tagò's entry in the table of games (``bot.games``): its name after ``/nuova``, its turns
at the chat-wide commands a night takes, its own commands and buttons, its refusals' texts
and its share of the chat-wide figures. A night is chips, not points: its play is
``play.tago``'s."""

from __future__ import annotations

from bot.games.tago import (
    commands,
    figures,
    help,
    night,
    panels,
    seating_commands,
)
from bot.games.tago.actions import RULE_TEXTS
from bot.games.tago.tonight import tonight
from bot.handling import Command
from bot.i18n import N_, _
from bot.table import Game, later
from play.tago import night as play_night
from storage.tago import TAGO


def title() -> str:
    return _("Tagò")


GAME = Game(
    kind=TAGO,
    names=("tago", "tagò"),  # casefolded: TAGO, Tagò
    title=title,
    actions={
        "nuova": night.new_night,
        "mano": night.record_hand,
        "mano modificata": night.edit_hand,
        "correggi": night.fix_hand,
        "annulla": night.undo,
        "classifica": night.standings,
        "fine": night.end,
        "riapri": night.reopen,
        "rivincita": night.rematch,
        "mazziere": night.dealer,
        "entra": seating_commands.join,
        "esci": seating_commands.leave,
        "grafico": figures.chart,
    },
    help=help.help_text,
    commands=(
        Command(
            "giudica",
            "judge",
            commands.judge,
            N_("Tagò, chi vince: /giudica punto=4,½,0 Anna 4,4,2 Bruno 3,1,½"),
        ),
        Command(
            "quote",
            "odds",
            commands.show_odds,
            N_("Tagò, le probabilità di ognuno: /quote punto=4,½ Anna 4,4 Bruno 3,1"),
        ),
        Command("ricarica", "rebuy", night.rebuy, N_("Tagò, una ricarica: /ricarica Anna 300")),
        Command(
            "curioso",
            "curious",
            night.curious,
            N_("Tagò, vedere la carta coperta per un'ante: /curioso Dario"),
        ),
        Command("jackpot", "jackpot", night.jackpot, N_("Tagò, il jackpot del gruppo")),
        Command(
            "saldo", "settle", night.settle, N_("Tagò, chiude la serata: risultati e pagamenti")
        ),
    ),
    # A hand's pair question (tg:c:m:) before the judge's buttons, which take every other tg:.
    buttons=((night.HAND_CHOICE, night.press_choice), (commands.PATTERN, commands.press)),
    rule_texts=RULE_TEXTS,
    closing=night.closing,
    moved=play_night.closed_by_move,
    export=figures.export,
    player_stats=panels.player_panel,
    chat_stats=panels.chat_panel,
    ladder=panels.ladder_panel,
    tonight=tonight,
    board=later("bot.games.tago.board", "panel"),
    form=later("bot.games.tago.form", "form"),
)
