"""The rules of Tagò's chips the engine refuses to break (RULES-tago.md, "Chips"), one error
each, carrying who and how much (cents)."""

from __future__ import annotations

from collections.abc import Sequence

from scoring.errors import RuleBroken
from scoring.tago.errors import PlayerCount


class UnknownAmount(RuleBroken):
    """An amount that is not a number of chips with at most two decimals: ``5``, ``2.5``."""

    def __init__(self, token: str) -> None:
        super().__init__(f"{token!r} is not an amount")
        self.token = token


class BadTable(RuleBroken):
    """A table whose minimum bet is not positive or above its stack (``5/300``)."""

    def __init__(self, min_bet: int, stack: int) -> None:
        super().__init__(f"a {min_bet}/{stack} table cannot be played")
        self.min_bet = min_bet
        self.stack = stack


class BadAnte(RuleBroken):
    """The ante is the minimum bet or half of it."""

    def __init__(self, ante: int, min_bet: int) -> None:
        super().__init__(f"the ante is {min_bet} or its half, not {ante}")
        self.ante = ante
        self.min_bet = min_bet


class BadJackpotShare(RuleBroken):
    """The jackpot's share of each ante is 0% to 50%."""

    def __init__(self, percent: int) -> None:
        super().__init__(f"the jackpot's share is 0–50%, not {percent}%")
        self.percent = percent


class StackTooSmall(RuleBroken):
    """Sitting down takes at least the table's stack."""

    def __init__(self, player: str, amount: int, minimum: int) -> None:
        super().__init__(f"{player} buys in {amount}, the table needs {minimum}")
        self.player = player
        self.amount = amount
        self.minimum = minimum


class NotSeated(RuleBroken):
    """Only a player seated tonight plays a hand, re-buys or pays to see."""

    def __init__(self, player: str, players: Sequence[str]) -> None:
        super().__init__(f"{player!r} is not at the table")
        self.player = player
        self.players = tuple(players)


class AlreadyAtTable(RuleBroken):
    """A player sits down once a night (more chips are a re-buy); a hand names them once."""

    def __init__(self, player: str) -> None:
        super().__init__(f"{player!r} is already at the table")
        self.player = player


class BelowAnte(RuleBroken):
    """Every player in a hand pays at least the ante."""

    def __init__(self, player: str, paid: int, ante: int) -> None:
        super().__init__(f"{player} put in {paid}, less than the ante {ante}")
        self.player = player
        self.paid = paid
        self.ante = ante


class OverChips(RuleBroken):
    """Nobody puts in more than the chips in front of them (with a re-buy in the hand)."""

    def __init__(self, player: str, paid: int, chips: int) -> None:
        super().__init__(f"{player} put in {paid} with {chips} chips")
        self.player = player
        self.paid = paid
        self.chips = chips


class OverTableMaximum(RuleBroken):
    """Light: no bet above the maximum, so no contribution above ``maximum`` (the ante and
    the maximum bet in each betting round the player was in)."""

    def __init__(self, player: str, amount: int, maximum: int) -> None:
        super().__init__(f"{player} put in {amount}, the table allows {maximum}")
        self.player = player
        self.amount = amount
        self.maximum = maximum


class RebuyTooLarge(RuleBroken):
    """A re-buy during a hand covers the bet facing the player and no more: ``needed``."""

    def __init__(self, player: str, amount: int, needed: int) -> None:
        super().__init__(f"{player} re-buys {amount} in the hand, needing {needed}")
        self.player = player
        self.amount = amount
        self.needed = needed


class NotPositive(RuleBroken):
    """A re-buy (or a bet) is a positive amount."""

    def __init__(self, amount: int) -> None:
        super().__init__(f"{amount} is not a positive amount")
        self.amount = amount


class NobodyIn(RuleBroken):
    """A hand ends with one player still in at least; two or more show their cards."""

    def __init__(self) -> None:
        super().__init__("everyone folded")


class CardsNeeded(RuleBroken):
    """At a showdown every player still in shows three cards, and the PUNTO is known."""

    def __init__(self, player: str) -> None:
        super().__init__(f"{player} is at the showdown without cards")
        self.player = player


class NoTieToPlayOff(RuleBroken):
    """A play-off is played by players tied for a pot (RULES-tago.md, "Reading — ties")."""

    def __init__(self, players: Sequence[str]) -> None:
        super().__init__(f"{', '.join(players)} are tied for no pot")
        self.players = tuple(players)


class NotCurious(RuleBroken):
    """Only who folded in the last hand may pay to see their card, once."""

    def __init__(self, player: str) -> None:
        super().__init__(f"{player} did not fold in the last hand, or has seen already")
        self.player = player


class NightClosed(RuleBroken):
    """A settled night takes no more hands, re-buys or players."""

    def __init__(self) -> None:
        super().__init__("the night is settled")


class NoSuchDeal(RuleBroken):
    """Only a hand already played can be reported again or undone."""

    def __init__(self, number: int, played: int) -> None:
        super().__init__(f"no hand {number} ({played} played)")
        self.number = number
        self.played = played


class HasLeft(RuleBroken):
    """A player who left the night (``Leave``) plays, re-buys and sits down no more: their
    chips are cashed out, their result kept for the settle-up."""

    def __init__(self, player: str, stack: int) -> None:
        super().__init__(f"{player!r} has left the night with {stack}")
        self.player = player
        self.stack = stack


class TooFewLeft(RuleBroken):
    """At least two stay seated: the last ones close the night instead (the settle-up)."""

    def __init__(self, player: str, seated: Sequence[str]) -> None:
        super().__init__(f"{player!r} cannot leave: only {', '.join(seated)} are seated")
        self.player = player
        self.seated = tuple(seated)


class TableFull(PlayerCount):
    """Eight are seated: a ninth sits down once someone leaves."""

    def __init__(self, player: str, seated: Sequence[str]) -> None:
        super().__init__(len(seated) + 1)
        self.player = player
        self.seated = tuple(seated)
