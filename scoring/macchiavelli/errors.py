"""The Macchiavelli rules a change may not break, one error each, carrying what was wrong.

Each is a ``scoring.errors.RuleBroken`` (so a ``ValueError``): the bot can answer each kind in
words of its own, from one table, as it does Tamalo's (``bot.refusals``).
"""

from __future__ import annotations

from collections.abc import Sequence

from scoring.errors import RuleBroken


class UnknownCard(RuleBroken):
    """A card list names something that is no card (``token`` empty for ``K,,7``)."""

    def __init__(self, token: str) -> None:
        super().__init__(f"{token!r} is not a card")
        self.token = token


class NoJokers(RuleBroken):
    """A jolly named in a game played without jokers: an error, not a guess."""

    def __init__(self, token: str) -> None:
        super().__init__(f"{token!r}: this game is played without jokers")
        self.token = token


class TooManyCopies(RuleBroken):
    """More copies of a card value than two decks hold, across the table in one deal."""

    def __init__(self, card: str, count: int, limit: int) -> None:
        super().__init__(f"{count} × {card}: two decks hold {limit}")
        self.card = card
        self.count = count
        self.limit = limit


class NegativePoints(RuleBroken):
    """Points left in hand are never negative."""

    def __init__(self, points: int, player: str | None = None) -> None:
        super().__init__(f"{points} points: a count is never negative")
        self.points = points
        self.player = player


class TooManyPoints(RuleBroken):
    """More points than every card of the two decks (jokers too, if used) add up to."""

    def __init__(self, points: int, limit: int, player: str | None = None) -> None:
        super().__init__(f"{points} points: two decks hold {limit}")
        self.points = points
        self.limit = limit
        self.player = player


class DealOverDecks(RuleBroken):
    """A deal whose counts add up to more than every card of the two decks: each count may
    fit, the cards left in all the hands cannot."""

    def __init__(self, points: int, limit: int) -> None:
        super().__init__(f"{points} points in all: two decks hold {limit}")
        self.points = points
        self.limit = limit


class TwoClosers(RuleBroken):
    """Only one player closes a deal: two players at 0 is a mistake."""

    def __init__(self, players: Sequence[str]) -> None:
        super().__init__(f"two players at 0: {', '.join(players)}")
        self.players = tuple(players)


class OptionOutOfRange(RuleBroken):
    """A game's or tournament's option outside what the rules allow.

    ``option`` is one of ``"deals"`` (smazzate), ``"target"`` (soglia), ``"cards"`` (carte),
    ``"rounds"`` (turni) and ``"round_deals"`` (a tournament round's smazzate).
    """

    def __init__(self, option: str, value: int, low: int, high: int | None) -> None:
        top = "" if high is None else f"–{high}"
        super().__init__(f"{option}={value}: allowed {low}{top}")
        self.option = option
        self.value = value
        self.low = low
        self.high = high


class SingleHasOneDeal(RuleBroken):
    """A "partita singola" is one deal: it takes neither smazzate nor soglia."""

    def __init__(self) -> None:
        super().__init__("a single game is one deal: no number of deals, no target")


class PlayerCount(RuleBroken):
    """A home game seats 2 to 8 players."""

    def __init__(self, count: int, low: int, high: int) -> None:
        super().__init__(f"{count} players: a game seats {low} to {high}")
        self.count = count
        self.low = low
        self.high = high


class DealNotSeated(RuleBroken):
    """A deal reports exactly who plays it: nobody missing, nobody else."""

    def __init__(self, reported: Sequence[str], seated: Sequence[str]) -> None:
        super().__init__(f"deal reports {tuple(reported)}, seated {tuple(seated)}")
        self.reported = tuple(reported)
        self.seated = tuple(seated)

    @property
    def missing(self) -> tuple[str, ...]:
        return tuple(p for p in self.seated if p not in self.reported)

    @property
    def strangers(self) -> tuple[str, ...]:
        return tuple(p for p in self.reported if p not in self.seated)


class MatchOver(RuleBroken):
    """The game has ended (its deals played, or the target reached): no more deals."""

    def __init__(self, played: int) -> None:
        super().__init__(f"the game ended after {played} deals")
        self.played = played


class NoSuchDeal(RuleBroken):
    """Only a deal already played can be reported again or taken back."""

    def __init__(self, number: int, played: int) -> None:
        super().__init__(f"no deal {number}: {played} played")
        self.number = number
        self.played = played


class TooFewPlayers(RuleBroken):
    """A tournament needs at least nine players (three tables of three)."""

    def __init__(self, count: int, minimum: int) -> None:
        super().__init__(f"{count} players: a tournament needs at least {minimum}")
        self.count = count
        self.minimum = minimum


class NoSuchTable(RuleBroken):
    """A round has tables 1…t only."""

    def __init__(self, table: int, tables: int) -> None:
        super().__init__(f"no table {table}: there are {tables}")
        self.table = table
        self.tables = tables


class TableDone(RuleBroken):
    """A table has played its round's deals; it waits for the others."""

    def __init__(self, table: int, deals: int) -> None:
        super().__init__(f"table {table} has played its {deals} deals")
        self.table = table
        self.deals = deals


class RoundClosed(RuleBroken):
    """A round's deals change only until the next round starts (and not before it opens)."""

    def __init__(self, round_: int, current: int) -> None:
        super().__init__(f"round {round_} cannot change now: the round is {current}")
        self.round = round_
        self.current = current


class TournamentOver(RuleBroken):
    """Every round has been played."""

    def __init__(self) -> None:
        super().__init__("the tournament is over")


class NotInTournament(RuleBroken):
    """Only a player of the tournament who is still in can withdraw."""

    def __init__(self, player: str) -> None:
        super().__init__(f"{player!r} is not playing this tournament")
        self.player = player


class AlreadyWithdrawn(RuleBroken):
    """A player withdraws once."""

    def __init__(self, player: str) -> None:
        super().__init__(f"{player!r} has already withdrawn")
        self.player = player


class NoRoundLeft(RuleBroken):
    """A withdrawal takes effect from the next round to start: there is none."""

    def __init__(self, player: str) -> None:
        super().__init__(f"{player!r} cannot withdraw: every round has started")
        self.player = player


class TableLeftAlone(RuleBroken):
    """A withdrawal would leave a coming table with fewer than two players."""

    def __init__(self, player: str, round_: int, table: int) -> None:
        super().__init__(f"without {player!r}, table {table} of round {round_} has one player")
        self.player = player
        self.round = round_
        self.table = table
