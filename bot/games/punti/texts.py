"""What a points game says, in Italian (the message ids; English in the catalogue)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.i18n import _, ngettext
from bot.texts.common import command_name, names, some_names
from bot.texts.forecast_lines import forecast_line
from scoring.punti import Match, Rules, Side


def title(name: str | None) -> str:
    """The game's name: the one the chat gave its rules, or «Punti»."""
    return name if name is not None else _("Punti")


def describe(rules: Rules) -> str:
    """``a 11 punti, vince chi ne fa di più``."""
    if rules.target is not None and rules.rounds is not None:
        end = _("a {target} punti o in {rounds} smazzate").format(
            target=rules.target, rounds=rules.rounds
        )
    elif rules.target is not None:
        end = _("a {target} punti").format(target=rules.target)
    else:
        end = ngettext("in {rounds} smazzata", "in {rounds} smazzate", rules.rounds or 0).format(
            rounds=rules.rounds
        )
    who = _("vince chi ne fa di meno") if rules.lowest else _("vince chi ne fa di più")
    tie = _(", pari: vittoria condivisa") if rules.shared else ""
    return f"{end}, {who}{tie}"


def side_names(sides: Sequence[Side]) -> str:
    return names([side.name for side in sides])


def started(match: Match, name: str | None) -> str:
    versus = _(" contro ").join(side.name for side in match.sides)
    return _("🎲 {game}: {sides}, {rules}.\nI punti di ogni smazzata: /{hand} {example}").format(
        game=title(name),
        sides=versus,
        rules=describe(match.rules),
        hand=command_name("mano"),
        example=example(match.sides),
    )


def example(sides: Sequence[Side]) -> str:
    """``Anna 4 Bruno 7``, for these sides."""
    return " ".join(
        f"{side.members[0]} {points}" for side, points in zip(sides, (4, 7, 2, 5), strict=False)
    )


def standings(match: Match, name: str | None) -> str:
    """The standings, best first, each side's total (those who left said so)."""
    number = len(match.rounds)
    head = ngettext("🏆 {game} · {count} smazzata", "🏆 {game} · {count} smazzate", number).format(
        game=title(name), count=number
    )
    lines = [head]
    for standing in match.side_standings():
        gone = _(" (uscito)") if standing.side.left_after is not None else ""
        lines.append(f"{standing.rank}. {standing.side.name} {standing.total}{gone}")
    return "\n".join(lines)


def ending(match: Match) -> str:
    """What the round said of the end: who won, or a tie played on, or nothing."""
    if match.is_over():
        return "\n" + won(match)
    if match.tied_at_the_end():
        return "\n" + _("⚖️ Pari in testa tra {sides}: si gioca un'altra smazzata.").format(
            sides=side_names(match.leaders())
        )
    return ""


def won(match: Match) -> str:
    """Who won (a game over, or closed: those leading)."""
    leaders = match.leaders()
    players = [member for side in leaders for member in side.members]
    if len(leaders) > 1:
        return _("🏁 Vittoria condivisa: {players}!").format(players=names(players))
    return ngettext("🏁 Vince {players}!", "🏁 Vincono {players}!", len(players)).format(
        players=names(players)
    )


def round_recorded(match: Match, name: str | None) -> str:
    return f"{standings(match, name)}{ending(match)}"


def round_fixed(number: int, match: Match, name: str | None) -> str:
    fixed = _("✏️ Smazzata {number} corretta.").format(number=number)
    return f"{fixed}\n{standings(match, name)}{ending(match)}"


def round_undone(number: int, match: Match, name: str | None) -> str:
    undone = _("↩️ Smazzata {number} annullata.").format(number=number)
    return f"{undone}\n{standings(match, name)}{ending(match)}"


def end_question(name: str | None) -> str:
    return _("Chiudere adesso la partita di {game}? Vince chi è in testa.").format(game=title(name))


def goes_on() -> str:
    return _("Si continua.")


def closed(match: Match, name: str | None) -> str:
    head = _("🏁 Partita di {game} chiusa.").format(game=title(name))
    if not match.rounds:
        return head
    return f"{head}\n{standings(match, name)}\n{won(match)}"


def reopened(match: Match, name: str | None) -> str:
    head = _("🔓 Partita di {game} riaperta.").format(game=title(name))
    return f"{head}\n{standings(match, name)}"


def after_another() -> str:
    return _("Dopo questa partita ne è cominciata un'altra: non si riapre più.")


def joined(side: Side, number: int) -> str:
    return _("➕ {side} entra: gioca dalla smazzata {number}, da 0 punti.").format(
        side=side.name, number=number
    )


def left(side: Side, played: bool) -> str:
    if played:
        return _("👋 {side} esce: i suoi punti restano in classifica.").format(side=side.name)
    return _("👋 {side} esce prima di giocare.").format(side=side.name)


def rematch_while_running() -> str:
    return _("La partita è ancora in corso: chiudetela con /{end} prima della rivincita.").format(
        end=command_name("fine")
    )


def edit_changes_nothing() -> str:
    return _(
        "Un messaggio modificato non cambia i punti: /{fix} 2 Anna 4 Bruno 7 riscrive la "
        "smazzata 2."
    ).format(fix=command_name("correggi"))


# --- the chat's named games (/giochi) ---


#: Named games ``/giochi`` lists at most (the first named).
GAMES_LISTED = 30


def named_games(games: Sequence[tuple[str, Rules, int]]) -> str:
    if not games:
        return _(
            "Nessun gioco con un nome in questa chat: /{new} punti nome=Scopa soglia=11 Anna "
            "Bruno lo ricorda, e poi basta /{new} scopa Anna Bruno."
        ).format(new=command_name("nuova"))
    lines = [_("🎲 I giochi di questa chat:")]
    for name, rules, played in games[:GAMES_LISTED]:
        count = ngettext("{count} partita", "{count} partite", played).format(count=played)
        lines.append(f"{name} — {describe(rules)} ({count})")
    if (more := len(games) - GAMES_LISTED) > 0:  # a message holds 4096 characters
        lines.append(ngettext("… e un altro", "… e altri {count}", more).format(count=more))
    first = games[0][0].casefold()
    lines.append(
        _("Si comincia con /{new} {game} Anna Bruno.").format(new=command_name("nuova"), game=first)
    )
    return "\n".join(lines)


# --- mistakes ---


def unknown_option(word: str) -> str:
    return _(
        "«{word}» non è un'opzione: soglia=100, smazzate=5, basso, pari=condivisa, nome=Scopa."
    ).format(word=word)


def bad_tie(word: str) -> str:
    return _(
        "«{word}»: un pari in testa si gioca (pari=spareggio, come di solito) o si divide "
        "(pari=condivisa)."
    ).format(word=word)


def not_a_positive_number(word: str) -> str:
    return _("«{word}»: ci vuole un numero intero positivo, come soglia=100 o smazzate=5.").format(
        word=word
    )


def how_to_write_a_round(playing: Sequence[Side]) -> str:
    return _("Scrivi i punti di ognuno: /{hand} {example}, o in ordine /{hand} {numbers}.").format(
        hand=command_name("mano"),
        example=example(playing),
        numbers=" ".join(str(points) for points in (4, 7, 2, 5)[: len(playing)]),
    )


def points_in_order(typed: int, playing: Sequence[Side]) -> str:
    return ngettext(
        "Hai scritto {typed} punteggio, ma giocano in {count}: {sides}.",
        "Hai scritto {typed} punteggi, ma giocano in {count}: {sides}.",
        typed,
    ).format(typed=typed, count=len(playing), sides=side_names(playing))


def not_points(name: str, value: str) -> str:
    return _("«{name} {value}»: dopo il nome vanno i punti, come {name} 7 o {name} -150.").format(
        name=name, value=value
    )


def side_twice(side: Side) -> str:
    if len(side.members) > 1:
        return _(
            "{players} giocano in coppia: i punti della squadra vanno scritti una volta."
        ).format(players=names(side.members))
    return _("{player} è scritto due volte: i suoi punti vanno scritti una volta.").format(
        player=side.name
    )


def not_playing(name: str, players: Sequence[str]) -> str:
    return _("«{name}» non gioca in questa partita: giocano {players}.").format(
        name=name, players=some_names(players)
    )


def how_to_fix(played: int) -> str:
    if not played:
        return _("Non c'è ancora nessuna smazzata da correggere.")
    return _(
        "Scrivi il numero della smazzata (da 1 a {played}) e i punti: /{fix} {played} Anna 4 "
        "Bruno 7."
    ).format(played=played, fix=command_name("correggi"))


def how_to_join() -> str:
    return _("Scrivi chi entra: /{join} Elena, o una squadra: /{join} Elena+Franco.").format(
        join=command_name("entra")
    )


def how_to_leave() -> str:
    return _("Scrivi chi esce: /{leave} Anna (in una squadra esce tutta la squadra).").format(
        leave=command_name("esci")
    )


def named_with_rules() -> str:
    return _(
        "Un gioco con un nome ha già le sue regole: /{new} punti nome=… soglia=… per un "
        "gioco nuovo."
    ).format(new=command_name("nuova"))


def player_twice(player: str) -> str:
    return _("{player} è scritto due volte: ognuno gioca in una squadra sola.").format(
        player=player
    )


def too_few_sides() -> str:
    return _(
        "Una partita a punti si gioca almeno in due (due giocatori o due squadre): /{new} "
        "punti Anna Bruno, o /{new} punti Anna+Carla Bruno+Dario."
    ).format(new=command_name("nuova"))


def missing_sides(sides: Sequence[str]) -> str:
    return _("Mancano i punti di {sides}: ogni smazzata li dà a tutti quelli che giocano.").format(
        sides=names(sides)
    )


def side_not_playing(side: str) -> str:
    return _("{side} non gioca questa smazzata (è uscito, o entra dopo).").format(side=side)


def game_over() -> str:
    return _("La partita è finita: /{rematch} per un'altra.").format(
        rematch=command_name("rivincita")
    )


def no_such_round(number: int, played: int) -> str:
    return _("Non c'è la smazzata {number}: se ne sono giocate {played}.").format(
        number=number, played=played
    )


def name_of_a_game(name: str) -> str:
    return _("«{name}» è già il nome di un gioco: scegline un altro.").format(name=name)


def name_taken(name: str, rules: Rules) -> str:
    return _(
        "«{name}» è già un gioco di questa chat ({rules}): si comincia con /{new} {key} Anna "
        "Bruno; per altre regole, scegli un altro nome."
    ).format(name=name, rules=describe(rules), new=command_name("nuova"), key=name.casefold())


def no_running_game() -> str:
    return _(
        "Nessuna partita a punti in corso: /{new} punti Anna Bruno per cominciarne una."
    ).format(new=command_name("nuova"))


def who_plays() -> str:
    return _(
        "Scrivi chi gioca: /{new} punti Anna Bruno, o a coppie Anna+Carla Bruno+Dario."
    ).format(new=command_name("nuova"))


def chart_title(name: str | None, day: str) -> str:
    """ "Scopa del 28/11/2026"."""
    return _("{game} del {day}").format(game=title(name), day=day)


def named_record(name: str | None, games: int, wins: int) -> str:
    """ "Scopa: 3 partite, 2 vinte"."""
    played = ngettext("{count} partita", "{count} partite", games).format(count=games)
    won = ngettext("{count} vinta", "{count} vinte", wins).format(count=wins)
    return f"{title(name)}: {played}, {won}"


def who_wins(chances: Mapping[str, float]) -> str:
    """The forecast under a round: "Chi vince? Anna+Carla 61% · Bruno+Dario 39%"."""
    return forecast_line(_("Chi vince?"), chances)


#: Players a name's line under the ladder shows at most.
LADDER_PLAYERS = 5


def name_ladder(name: str | None, players: Sequence[tuple[str, int, int]]) -> str:
    """ "Scopa: Anna 3/4 · Bruno 2/4 · Carla 0/1" (wins out of games, best first)."""
    shown = " · ".join(f"{p} {wins}/{games}" for p, wins, games in players[:LADDER_PLAYERS])
    more = len(players) - LADDER_PLAYERS
    if more > 0:
        shown += " · " + ngettext("un altro", "altri {count}", more).format(count=more)
    return _("{game}, vinte su giocate: {players}").format(game=title(name), players=shown)


def night_line(started: str, name: str | None, rounds: int, running: bool) -> str:
    """A game of the evening under ``/serata``: ``21:00 · Scopa, 3 smazzate: finita``."""
    played = ngettext("{count} smazzata", "{count} smazzate", rounds).format(count=rounds)
    state = _("in corso") if running else _("finita")
    return f"{started} · {title(name)}, {played}: {state}"


def chat_counts(finished: int, rounds: int, running: bool) -> str:
    """``/stats``: ``3 partite finite, 41 smazzate · una in corso.``"""
    games = ngettext("{count} partita finita", "{count} partite finite", finished)
    played = ngettext("{count} smazzata", "{count} smazzate", rounds).format(count=rounds)
    line = f"{games.format(count=finished)}, {played}"
    return line + (" · " + _("una in corso") if running else "") + "."
