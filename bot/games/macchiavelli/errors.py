"""What the bot refuses in a Macchiavelli command before the rules engine is asked: each error
carries what was typed, and ``texts.refusal`` says what to type instead.

The rules the engine checks keep the engine's errors (``scoring.macchiavelli.errors``: a jolly
without jokers, too many copies, two players at 0, a negative count, an option out of range).
"""

from __future__ import annotations

from collections.abc import Sequence


class InputError(ValueError):
    """Something typed that cannot be read as a Macchiavelli command's arguments."""


class UnknownToken(InputError):
    """A word that is neither a name, a number nor a card list (``/mano Anna 0 Bruno ??``)."""

    def __init__(self, token: str) -> None:
        super().__init__(f"{token!r} is neither a name, a number nor a card list")
        self.token = token


class EmptyDeal(InputError):
    """``/mano`` with nothing after it, where the counts were expected."""

    def __init__(self) -> None:
        super().__init__("no counts given")


class NameWithoutCount(InputError):
    """A name with no count after it (``/mano Anna Bruno 28``)."""

    def __init__(self, player: str) -> None:
        super().__init__(f"{player!r} has no count")
        self.player = player


class CountWithoutName(InputError):
    """In a deal typed by names, a count with no name before it (``/mano Anna 0 12``), or
    two totals after one name (``Anna 3 5``)."""

    def __init__(self, count: str, after: str | None) -> None:
        super().__init__(f"{count!r} has no name (after {after!r})")
        self.count = count
        self.after = after


class PlayerTwice(InputError):
    """A player named twice in one command."""

    def __init__(self, player: str) -> None:
        super().__init__(f"{player!r} is named twice")
        self.player = player


class UnknownPlayer(InputError):
    """A name that is not one of the game's (or the table's) players."""

    def __init__(self, name: str, players: Sequence[str]) -> None:
        super().__init__(f"{name!r} is not playing: {', '.join(players)}")
        self.name = name
        self.players = tuple(players)


class MissingPlayers(InputError):
    """A deal typed by names that leaves players out: everyone at the table is counted."""

    def __init__(self, missing: Sequence[str]) -> None:
        super().__init__(f"no count for {', '.join(missing)}")
        self.missing = tuple(missing)


class WrongCount(InputError):
    """Totals in seat order, but not one per player."""

    def __init__(self, given: int, players: Sequence[str]) -> None:
        super().__init__(f"{given} counts for {len(players)} players")
        self.given = given
        self.players = tuple(players)


class NamesNeeded(InputError):
    """A tournament's deal in seat order: the names tell the bot which table it is."""

    def __init__(self) -> None:
        super().__init__("a tournament's deal needs the players' names")


class TablesMixed(InputError):
    """A tournament's deal naming players of different tables."""

    def __init__(self, first: str, first_table: int, other: str, other_table: int) -> None:
        super().__init__(f"{first} plays at table {first_table}, {other} at {other_table}")
        self.first = first
        self.first_table = first_table
        self.other = other
        self.other_table = other_table


class BadName(InputError):
    """A player's name that could not be told from a card, a number or an option (``K``,
    ``12``, ``smazzate``), or that is too long or holds something invisible."""

    def __init__(self, name: str) -> None:
        super().__init__(f"{name!r} cannot be a player's name")
        self.name = name


class UnknownOption(InputError):
    """An option of ``/nuova`` or ``/torneo`` that Macchiavelli does not have."""

    def __init__(self, option: str, tournament: bool = False) -> None:
        super().__init__(f"{option!r} is not an option")
        self.option = option
        self.tournament = tournament


class NotANumber(InputError):
    """An option that takes a number given something else (``smazzate=tre``)."""

    def __init__(self, option: str, value: str) -> None:
        super().__init__(f"{option}={value}: a number is needed")
        self.option = option
        self.value = value


class NoPlayers(InputError):
    """``/nuova macchiavelli`` or ``/torneo macchiavelli`` with no names."""

    def __init__(self, tournament: bool = False) -> None:
        super().__init__("no players named")
        self.tournament = tournament


class DealerNotPlaying(InputError):
    """``mazziere=`` naming someone who is not among the players."""

    def __init__(self, dealer: str, players: Sequence[str]) -> None:
        super().__init__(f"{dealer!r} deals but is not playing")
        self.dealer = dealer
        self.players = tuple(players)
