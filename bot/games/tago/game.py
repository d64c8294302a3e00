"""Tagò's entry in the table of games (``bot.games``' ``OTHER_GAMES``): its name after
``/nuova``, its own handlers of the shared commands a night takes, its own commands and its
refusals' texts. A night is chips, not points: its play is ``play.tago``'s, so it takes each
shared command whole (coarse hooks), as Macchiavelli's game does."""

from __future__ import annotations

from bot.games.tago import figures, night, panels, seating_commands
from bot.games.tago.actions import RULE_TEXTS, refuses
from bot.games.tago.tonight import tonight
from bot.handling import EDITED_DEAL, Command, GameEntry
from bot.i18n import N_
from storage.tago import TAGO

GAME = GameEntry(
    kind=TAGO,
    names=frozenset({"tago", "tagò"}),  # casefolded: TAGO, Tagò
    new_game=night.new_night,
    tournament=night.no_tournament,
    refuses=refuses,
    handlers={
        "mano": night.record_hand,
        EDITED_DEAL: night.edit_hand,
        "correggi": night.fix_hand,
        "annulla": night.undo,
        "classifica": night.standings,
        "fine": night.end,
        "entra": seating_commands.join,
        "esci": seating_commands.leave,
        "grafico": figures.chart,
    },
    commands=(
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
    rule_texts=RULE_TEXTS,
    export=figures.export,
    player_stats=panels.player_panel,
    ladder=panels.ladder_panel,
    tonight=tonight,
)
