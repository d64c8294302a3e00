"""The one table of commands: each command once, with its Italian name, its English alias, its
line in Telegram's "/" menu and its handler.

``bot.app`` registers the handlers from it, and the menus (``texts.common.command_menu``, in each
language), the help's order (``texts.help.help_text``) and the English names the texts write
(``texts.common.command_name``) derive from it: the texts cannot import the handlers (that would
be an import cycle), so the table hands them its names and descriptions once, when it is
imported.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot import texts
from bot.commands import (
    charts,
    confirm,
    entry,
    forecast,
    game,
    help,
    lore,
    people,
    settings,
    standings,
    stats,
    tago,
    tournament,
    vote,
)
from bot.commands.common import Handler
from bot.i18n import N_


@dataclass(frozen=True)
class Command:
    """A command the bot answers. Without a description it is left out of the menu."""

    name: str
    alias: str
    handler: Handler
    description: str | None = None  # a catalogue message id, translated where it is shown
    also: tuple[str, ...] = ()  # more names, not shown (``/start``, sent by Telegram itself)
    #: How many of its lines in the help (``texts.help``) ``/aiuto`` alone shows: the
    #: commands a table needs to play a game; ``/aiuto tutto`` shows every line.
    first: int = 0

    @property
    def names(self) -> tuple[str, ...]:
        """Every name the handler answers to, each once."""
        return tuple(dict.fromkeys((*self.also, self.name, self.alias)))


# In the order the menu and the help show them.
COMMANDS: tuple[Command, ...] = (
    Command(
        "nuova",
        "new",
        tago.new_game_or_night(game.new_game),
        N_("Nuova partita: /nuova Anna Bruno Carlo (anche contro, quadri)"),
        first=1,
    ),
    Command(
        "mano",
        "hand",
        tago.or_night(entry.hand, tago.record_hand),
        N_("Registra una mano: /mano Anna 3 Bruno 12 Carlo 7 t=Anna"),
        first=3,  # by name, by seat, with the buttons
    ),
    Command(
        "classifica",
        "standings",
        tago.or_night(standings.show_standings, tago.standings),
        N_("Classifica della partita"),
        first=1,
    ),
    Command(
        "correggi",
        "fix",
        tago.or_night(game.fix_hand, tago.fix_hand),
        N_("Corregge una mano: /correggi 2 Anna 3 Bruno 12 Carlo 7"),
    ),
    Command(
        "annulla",
        "undo",
        tago.or_night(game.undo, tago.undo),
        N_("Annulla l'ultima mano"),
        first=1,
    ),
    Command("mazziere", "dealer", game.next_dealer, N_("Chi distribuisce la prossima mano")),
    Command("entra", "join", game.join, N_("Un giocatore entra a partita iniziata: /entra Dario")),
    Command("esci", "leave", game.leave, N_("Un giocatore lascia la partita: /esci Dario")),
    Command(
        "fine",
        "end",
        tago.or_night(game.end_game, tago.settle),
        N_("Chiude la partita così com'è"),
        first=1,
    ),
    Command("riapri", "reopen", confirm.reopen, N_("Riapre la partita chiusa con /fine")),
    Command(
        "rivincita",
        "rematch",
        confirm.rematch,
        N_("Nuova partita con gli stessi giocatori e le stesse regole"),
    ),
    Command(
        "torneo",
        "tournament",
        tournament.start_tournament,
        N_("Torneo a due tavoli e finale: /torneo e almeno 6 nomi"),
    ),
    Command(
        "tresei",
        "tressex",
        vote.open_vote,
        N_("Tres sex non expedit: si vota per annullare la partita"),
    ),
    Command("grafico", "chart", charts.show_chart, N_("Grafico dei punti della partita")),
    Command(
        "previsione",
        "forecast",
        forecast.show_forecast,
        N_("Chi vince? Il grafico delle probabilità, mano per mano"),
    ),
    Command("serata", "tonight", charts.show_night, N_("Riepilogo della serata, con i grafici")),
    Command("stats", "stats", stats.show_stats, N_("Statistiche: /stats Anna, o del gruppo")),
    # The English for "/classifica generale": not in the menu; /classifica shows it, and its
    # lines in the help name it.
    Command("leaderboard", "leaderboard", stats.show_leaderboard),
    Command("esporta", "export", stats.export, N_("Tutta la storia del gruppo in un file CSV")),
    Command(
        "impostazioni",
        "settings",
        settings.settings,
        N_("Impostazioni del gruppo: fuso orario"),
    ),
    Command(
        "lingua",
        "language",
        settings.choose_language,
        N_("La lingua del bot in questa chat: /lingua en o /lingua it"),
    ),
    Command(
        "regole", "rules", lore.show_rules, N_("Le regole in breve e la modalità della partita")
    ),
    Command("mosse", "moves", lore.show_moves, N_("Le mosse con un nome")),
    Command("mossa", "move", lore.record_move, N_("Segna una mossa celebre: /mossa coppiona Anna")),
    Command("dicono", "rumours", lore.rumour, N_("Dicono che… una curiosità sul Tamalo")),
    Command(
        "sonoio",
        "iam",
        people.i_am,
        N_("Collega te al tuo nome nelle partite: /sonoio Anna"),
    ),
    Command("aiuto", "help", help.show_help, N_("Come si usa il bot"), also=("start",)),
    # Tagò's night: its own commands (the shared ones above hand a night to bot.commands.tago).
    Command("ricarica", "rebuy", tago.rebuy, N_("Tagò, una ricarica: /ricarica Anna 300")),
    Command(
        "curioso",
        "curious",
        tago.curious,
        N_("Tagò, vedere la carta coperta per un'ante: /curioso Dario"),
    ),
    Command("jackpot", "jackpot", tago.jackpot, N_("Tagò, il jackpot del gruppo")),
    Command("saldo", "settle", tago.settle, N_("Tagò, chiude la serata: risultati e pagamenti")),
)

texts.common.use_commands(
    [(c.name, c.alias, c.description) for c in COMMANDS if c.description is not None]
)
texts.help.use_help([(c.name, c.first) for c in COMMANDS])
