"""What ``/cartellini`` prints for a tournament, as plain values: one card per player (their
table and seat in every round; the Danese "by standings" until it is seated) and one score
sheet per table per round with the names filled in, as the seed's "MACHIAVELLI 2.xx" printed
them ("Cartellini giocatori con la posizione del giocatore nei vari turni ... SCORES già
intestati con il nome dei giocatori al tavolo").

No matplotlib here: ``printing`` draws them, in a worker (``render.draw_sheets``).
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.macchiavelli import SEATS, Seating, Tournament

#: A player's card, a line per round: the table and the seat letter, or ``None`` when not
#: known (a Danese not yet seated) or not playing (withdrawn).
Place = tuple[int, int] | None


@dataclass(frozen=True)
class RoundPlan:
    """A round as printed: its seating, or ``None`` for a Danese still to be seated (then
    ``sizes`` tells how many play at each table: the tables keep their sizes)."""

    number: int
    seating: Seating | None
    danese: bool = False
    sizes: tuple[int, ...] = ()

    @property
    def table_sizes(self) -> tuple[int, ...]:
        return self.sizes if self.seating is None else self.seating.sizes


@dataclass(frozen=True)
class Programme:
    """Everything the sheets show: the tournament's title, everyone, the rounds, the deals a
    round has, and when each withdrawn player's first round missed is."""

    title: str
    players: tuple[str, ...]
    rounds: tuple[RoundPlan, ...]
    deals: int
    withdrawn: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class SheetWords:
    """The sheets' words, already in the chat's language (the worker has no chat)."""

    card: str  # "Cartellino"
    sheet: str  # "Score"
    round: str  # "Turno"
    table: str  # "Tavolo"
    seat: str  # "Posto"
    danese: str  # "Danese"
    by_standings: str  # "per classifica"
    withdrawn: str  # "ritirato"
    deal: str  # "Smazzata"
    mp: str  # "MP"
    vp: str  # "VP"
    total_mp: str  # "Totale MP"
    placement_vp: str  # "VP classifica"
    difference: str  # "Differenza"
    difference_vp: str  # "VP differenza"
    total_vp: str  # "VP totali"
    seats: tuple[str, str, str, str]  # N S E O (English: W)
    bye: str  # "BYE"
    page: str  # "pagina {n} di {pages}"


@dataclass(frozen=True)
class CardLine:
    """A line of a player's card: the round, and where they sit (``None``: see ``note``)."""

    round: int
    table: int | None
    seat: int | None  # index into SEATS
    note: str = ""  # "danese" (by standings), "withdrawn"


@dataclass(frozen=True)
class PlayerCard:
    player: str
    lines: tuple[CardLine, ...]


@dataclass(frozen=True)
class ScoreSheet:
    """One table's sheet for one round: the four seats' names (``None``: a BYE, or a Danese
    not yet seated when ``seated`` is false)."""

    round: int
    table: int
    names: tuple[str | None, ...]
    seated: bool
    danese: bool
    #: Players at the table: its seats past this are BYEs (West at a table of 3).
    size: int = 4


#: How many of each go on an A4 page.
CARDS_PER_PAGE = 8
SHEETS_PER_PAGE = 2


def programme_of(tournament: Tournament, title: str) -> Programme:
    """The sheets of ``tournament`` as it stands: a Danese is filled in once seated."""
    rules = tournament.rules
    rounds = []
    for number in range(1, rules.rounds + 1):
        danese = number > rules.moved_rounds
        if not danese or tournament.is_complete(number - 1):
            rounds.append(RoundPlan(number, tournament.seating(number), danese))
            continue
        gone = [p for p, first in tournament.withdrawn.items() if first <= number]
        sizes = tournament.seating(number - 1).without(gone).sizes
        rounds.append(RoundPlan(number, None, danese, tuple(sorted(sizes, reverse=True))))
    players = tuple(sorted(tournament.players, key=str.casefold))
    withdrawn = tuple(sorted(tournament.withdrawn.items()))
    return Programme(title, players, tuple(rounds), rules.deals, withdrawn)


def player_cards(programme: Programme) -> tuple[PlayerCard, ...]:
    """One card per player, in alphabetical order, a line per round."""
    gone = dict(programme.withdrawn)
    cards = []
    for player in programme.players:
        lines = []
        for plan in programme.rounds:
            if player in gone and gone[player] <= plan.number:
                lines.append(CardLine(plan.number, None, None, "withdrawn"))
            elif plan.seating is None:
                lines.append(CardLine(plan.number, None, None, "danese"))
            else:
                table, seat = plan.seating.where(player)
                lines.append(CardLine(plan.number, table, SEATS.index(seat)))
        cards.append(PlayerCard(player, tuple(lines)))
    return tuple(cards)


def score_sheets(programme: Programme) -> tuple[ScoreSheet, ...]:
    """One sheet per table per round, round by round, table 1 first."""
    sheets = []
    for plan in programme.rounds:
        for table, size in enumerate(plan.table_sizes, start=1):
            if plan.seating is None:
                names: tuple[str | None, ...] = (None,) * len(SEATS)
            else:
                names = plan.seating.tables[table - 1]
            seated = plan.seating is not None
            sheets.append(ScoreSheet(plan.number, table, names, seated, plan.danese, size))
    return tuple(sheets)


def page_count(programme: Programme) -> int:
    """Pages of cards, then pages of score sheets."""
    return -(-len(programme.players) // CARDS_PER_PAGE) + -(
        -len(score_sheets(programme)) // SHEETS_PER_PAGE
    )
