"""Tamalo in the bot: its entry in the table of games (``GAME``), with its turns at the
chat-wide commands, its own commands and buttons, its refusals' texts and its share of the
chat-wide figures; and its modules: ``parsing`` (its options at /nuova, its hands' totals and
markers ``t=``, ``ct=``, ``f=``, which hand /correggi fixes, who joins and leaves), ``texts``
(everything it says), ``refusals`` (what its rules' and its actions' refusals are answered
with), ``keypad`` (the hand entered with buttons: caller, counter-caller, totals), ``charts``
(its chart's marks and drawings), ``figures`` (its panels of /stats, /classifica generale,
/esporta and /serata) and ``commands`` (its turns, and its own commands: /previsione,
/tresei, the lore)."""

from __future__ import annotations

from bot.games.tamalo import figures, help
from bot.games.tamalo.commands import buttons, confirm, forecast, keypad, play, target, vote
from bot.games.tamalo.commands import charts as chart_commands
from bot.games.tamalo.commands import lore as lore_commands
from bot.games.tamalo.commands import tournament as tournament_commands
from bot.games.tamalo.refusals import RULE_TEXTS
from bot.games.tamalo.texts import entry
from bot.handling import Command
from bot.i18n import N_, _
from bot.table import Game, later
from play.tamalo import results
from storage.tamalo import TAMALO


def title() -> str:
    return _("Tamalo")


GAME = Game(
    kind=TAMALO,
    names=("tamalo",),
    title=title,
    actions={
        "nuova": play.new_game,
        "torneo": tournament_commands.start_tournament,
        "mano": play.record_hand,
        "mano modificata": play.edit_hand,
        "correggi": play.fix_hand,
        "annulla": play.undo,
        "classifica": play.show_standings,
        "fine": play.end_game,
        "riapri": play.reopen,
        "rivincita": play.rematch,
        "mazziere": play.next_dealer,
        "entra": play.join,
        "esci": play.leave,
        "grafico": chart_commands.show_chart,
        "regole": lore_commands.show_rules,
        "tresei": vote.open_vote,
    },
    help=help.help_text,
    commands=(
        Command(
            "previsione",
            "forecast",
            forecast.show_forecast,
            N_("Chi vince? Il grafico delle probabilità, mano per mano"),
        ),
        Command("mosse", "moves", lore_commands.show_moves, N_("Le mosse con un nome")),
        Command(
            "mossa",
            "move",
            lore_commands.record_move,
            N_("Segna una mossa celebre: /mossa coppiona Anna"),
        ),
        Command(
            "dicono", "rumours", lore_commands.rumour, N_("Dicono che… una curiosità sul Tamalo")
        ),
    ),
    buttons=(
        (keypad.PATTERN, keypad.press),
        (buttons.PATTERN, confirm.press),
        (target.PATTERN, target.lower_target),
    ),
    rule_texts=RULE_TEXTS,
    poll=vote.POLL,
    closing=play.closing,
    moved=results.closed_by_move,
    upkeep=results.complete_results,
    reopening=confirm.reopening,
    entry_expired=entry.entry_expired,
    player_stats=figures.player_panel,
    chat_stats=figures.chat_panel,
    export=figures.export,
    tonight=figures.tonight,
    board=later("bot.games.tamalo.board", "panel"),
    form=later("bot.games.tamalo.form", "form"),
    board_chart=later("bot.games.tamalo.board", "chart"),
)
