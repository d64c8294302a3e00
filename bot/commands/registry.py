"""The one table of commands: each command once, with its Italian name, its English alias, its
line in Telegram's "/" menu and its handler.

``bot.app`` registers the handlers from it, and the menus (``texts.common.command_menu``, in each
language), the help's order (``texts.help.help_text``) and the English names the texts write
(``texts.common.command_name``) derive from it: the texts cannot import the handlers (that would
be an import cycle), so the table hands them its names and descriptions once, when it is
imported. A game's own commands (``bot.games``: Tamalo's /torneo and /previsione) are
declared by the game and placed here, so that the menu's order stays one list.
"""

from __future__ import annotations

from dataclasses import replace

from bot import games, texts
from bot.commands import (
    charts,
    confirm,
    entry,
    game,
    help,
    lore,
    people,
    settings,
    standings,
    stats,
    vote,
)
from bot.games.macchiavelli import tournament_commands as macchiavelli
from bot.games.macchiavelli.tournament_commands import hooked, not_here
from bot.games.tago import commands as tago
from bot.handling import Command, Handler
from bot.i18n import N_

#: Each game's own commands (``bot.games``), by name: placed below among the shared ones.
GAME_COMMANDS = games.own_commands()


def hook(command: Command, mine: Handler, *, bare: bool = False) -> Command:
    """TEMPORARY HOOK (``bot.games.macchiavelli.tournament_commands.hooked``): ``command``
    answered by ``mine`` in a chat whose latest game is a Macchiavelli tournament's, until
    the table of games knows a tournament of another game than Tamalo."""
    return replace(command, handler=hooked(command.handler, mine, bare=bare))


# In the order the menu and the help show them.
COMMANDS: tuple[Command, ...] = (
    Command(
        "nuova",
        "new",
        game.new_game,
        N_("Nuova partita: /nuova Anna Bruno Carlo (anche contro, quadri)"),
        first=1,
    ),
    hook(
        Command(
            "mano",
            "hand",
            entry.hand,
            N_("Registra una mano: /mano Anna 3 Bruno 12 Carlo 7 t=Anna"),
            also=("smazzata", "deal"),  # Macchiavelli's words for a deal
            first=3,  # by name, by seat, with the buttons
        ),
        macchiavelli.deal,
    ),
    hook(
        Command(
            "classifica",
            "standings",
            standings.show_standings,
            N_("Classifica della partita"),
            first=1,
        ),
        macchiavelli.standings,
        bare=True,
    ),
    hook(
        Command(
            "correggi",
            "fix",
            game.fix_hand,
            N_("Corregge una mano: /correggi 2 Anna 3 Bruno 12 Carlo 7"),
        ),
        macchiavelli.fix,
    ),
    hook(
        Command("annulla", "undo", game.undo, N_("Annulla l'ultima mano"), first=1),
        macchiavelli.undo,
    ),
    hook(
        Command("mazziere", "dealer", game.next_dealer, N_("Chi distribuisce la prossima mano")),
        not_here("mazziere"),
    ),
    hook(
        Command(
            "entra", "join", game.join, N_("Un giocatore entra a partita iniziata: /entra Dario")
        ),
        macchiavelli.arrive,
    ),
    hook(
        Command("esci", "leave", game.leave, N_("Un giocatore lascia la partita: /esci Dario")),
        macchiavelli.withdraw,
    ),
    hook(
        Command("fine", "end", game.end_game, N_("Chiude la partita così com'è"), first=1),
        not_here("fine"),
    ),
    hook(
        Command("riapri", "reopen", confirm.reopen, N_("Riapre la partita chiusa con /fine")),
        not_here("riapri"),
    ),
    hook(
        Command(
            "rivincita",
            "rematch",
            confirm.rematch,
            N_("Nuova partita con gli stessi giocatori e le stesse regole"),
        ),
        not_here("rivincita"),
    ),
    # Tamalo's, and /torneo macchiavelli (``named_tournament``)
    replace(
        GAME_COMMANDS["torneo"],
        handler=macchiavelli.named_tournament(GAME_COMMANDS["torneo"].handler),
    ),
    hook(
        Command(
            "tresei",
            "tressex",
            vote.open_vote,
            N_("Tres sex non expedit: si vota per annullare la partita"),
        ),
        not_here("tresei"),
    ),
    hook(
        Command("grafico", "chart", charts.show_chart, N_("Grafico dei punti della partita")),
        not_here("grafico"),
    ),
    hook(GAME_COMMANDS["previsione"], not_here("previsione")),  # Tamalo's
    # Every game's night (``GameEntry.tonight``), a tournament's too.
    Command("serata", "tonight", charts.show_night, N_("Riepilogo della serata, con i grafici")),
    Command("stats", "stats", stats.show_stats, N_("Statistiche: /stats Anna, o del gruppo")),
    # The English for "/classifica generale": not in the menu; /classifica shows it, and its
    # lines in the help name it.
    Command("leaderboard", "leaderboard", stats.show_leaderboard),
    hook(
        Command("esporta", "export", stats.export, N_("Tutta la storia del gruppo in un file CSV")),
        macchiavelli.export,
    ),
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
    hook(
        Command(
            "regole", "rules", lore.show_rules, N_("Le regole in breve e la modalità della partita")
        ),
        not_here("regole"),
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
    # Tagò: the judge and the odds, in any chat (they record nothing).
    Command(
        "giudica",
        "judge",
        tago.judge,
        N_("Tagò, chi vince: /giudica punto=4,½,0 Anna 4,4,2 Bruno 3,1,½"),
    ),
    Command(
        "quote",
        "odds",
        tago.show_odds,
        N_("Tagò, le probabilità di ognuno: /quote punto=4,½ Anna 4,4 Bruno 3,1"),
    ),
    # A Macchiavelli tournament's own commands (``/torneo macchiavelli``).
    Command(
        "tavoli",
        "tables",
        macchiavelli.tables,
        N_("Torneo di Macchiavelli: il turno in corso e i tavoli che giocano"),
    ),
    Command(
        "cartellini",
        "cards",
        macchiavelli.sheets,
        N_("Torneo di Macchiavelli: cartellini e segnapunti da stampare (PDF)"),
    ),
    # Tagò's night: its own commands (its shared ones, /nuova tago, /mano…, are above).
    GAME_COMMANDS["ricarica"],
    GAME_COMMANDS["curioso"],
    GAME_COMMANDS["jackpot"],
    GAME_COMMANDS["saldo"],
)

texts.common.use_commands(
    [(c.name, c.alias, c.description) for c in COMMANDS if c.description is not None]
)
texts.help.use_help([(c.name, c.first) for c in COMMANDS])
