"""The one table of commands: each command once, with its Italian name, its English alias, its
line in Telegram's "/" menu and its handler.

``bot.app`` registers the handlers from it, and the menus (``texts.common.command_menu``, in each
language) and the English names the texts write (``texts.common.command_name``) derive from
it: the texts cannot import the handlers (that would be an import cycle), so the table hands
them its names and descriptions once, when it is imported. The chat-wide commands are the
chat's game's (``bot.commands.dispatch``); a game's own commands (``bot.table.Game.commands``)
follow them, game by game, in the order of the table of games.
"""

from __future__ import annotations

from bot import games, texts
from bot.commands import board, help, people, settings, stats
from bot.commands.dispatch import chat_wide
from bot.handling import Command
from bot.i18n import N_

# In the order the menu shows them: the chat-wide commands first, each the chat's game's.
CHAT_WIDE: tuple[Command, ...] = (
    Command(
        "nuova",
        "new",
        chat_wide("nuova"),
        N_("Nuova partita: /nuova Anna Bruno Carlo (o /nuova macchiavelli, /nuova tago …)"),
    ),
    Command(
        "mano",
        "hand",
        chat_wide("mano"),
        N_("Registra una mano: /mano Anna 3 Bruno 12 Carlo 7 t=Anna"),
        also=("smazzata", "deal"),  # Macchiavelli's words for a deal
    ),
    Command("classifica", "standings", stats.standings, N_("Classifica della partita")),
    Command(
        "correggi",
        "fix",
        chat_wide("correggi"),
        N_("Corregge una mano: /correggi 2 Anna 3 Bruno 12 Carlo 7"),
    ),
    Command("annulla", "undo", chat_wide("annulla"), N_("Annulla l'ultima mano")),
    Command("mazziere", "dealer", chat_wide("mazziere"), N_("Chi distribuisce la prossima mano")),
    Command(
        "entra",
        "join",
        chat_wide("entra"),
        N_("Un giocatore entra a partita iniziata: /entra Dario"),
    ),
    Command("esci", "leave", chat_wide("esci"), N_("Un giocatore lascia la partita: /esci Dario")),
    Command("fine", "end", chat_wide("fine"), N_("Chiude la partita così com'è")),
    Command("riapri", "reopen", chat_wide("riapri"), N_("Riapre la partita chiusa con /fine")),
    Command(
        "rivincita",
        "rematch",
        chat_wide("rivincita"),
        N_("Nuova partita con gli stessi giocatori e le stesse regole"),
    ),
    Command(
        "tresei",
        "tressex",
        chat_wide("tresei"),
        N_("Si vota per annullare la partita (tres sex non expedit) o scartare il torneo"),
        also=("voto", "vote"),
    ),
    Command(
        "torneo",
        "tournament",
        chat_wide("torneo"),
        N_("Un torneo: /torneo e i nomi (/torneo macchiavelli e almeno 9 nomi)"),
    ),
    Command("grafico", "chart", chat_wide("grafico"), N_("Grafico dei punti della partita")),
    Command(
        "tavolo",
        "table",
        board.table_links,
        N_("Il tabellone dal vivo della partita, per il telefono o la TV"),
    ),
    Command("serata", "tonight", stats.tonight, N_("Riepilogo della serata, con i grafici")),
    Command("stats", "stats", stats.show_stats, N_("Statistiche: /stats Anna, o del gruppo")),
    # The English for "/classifica generale": not in the menu; /classifica shows it, and the
    # help names it.
    Command("leaderboard", "leaderboard", stats.show_leaderboard),
    Command("esporta", "export", stats.export, N_("Tutta la storia del gruppo in file CSV")),
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
        "regole", "rules", chat_wide("regole"), N_("Le regole in breve e la modalità della partita")
    ),
    Command(
        "sonoio",
        "iam",
        people.i_am,
        N_("Collega te al tuo nome nelle partite: /sonoio Anna"),
    ),
    Command("aiuto", "help", help.show_help, N_("Come si usa il bot"), also=("start",)),
)

#: Every command, the chat-wide ones then each game's own.
COMMANDS: tuple[Command, ...] = CHAT_WIDE + tuple(games.own_commands().values())

texts.common.use_commands(
    [(c.name, c.alias, c.description) for c in COMMANDS if c.description is not None]
)
