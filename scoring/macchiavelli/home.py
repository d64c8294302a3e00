"""The home game: "a punti" (deals' points add up, lowest total wins) or "partita singola"
(one deal, the closer wins). RULES-macchiavelli.md, "Home game"."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property

from scoring.macchiavelli.deal import Deal
from scoring.macchiavelli.errors import (
    DealNotSeated,
    MatchOver,
    NoSuchDeal,
    OptionOutOfRange,
    PlayerCount,
    SingleHasOneDeal,
)

MIN_PLAYERS = 2
MAX_PLAYERS = 8
MAX_DEALS = 50
CARDS_DEALT = (10, 13)


@dataclass(frozen=True)
class HomeRules:
    """How a home game is played and when it ends.

    ``deals`` (smazzate, 1–50) and ``target`` (soglia) end a game "a punti", whichever comes
    first; with neither it runs until closed by hand. ``single`` is the one-deal game.
    ``cards_dealt`` (10–13) is noted, and changes no score.
    """

    single: bool = False
    deals: int | None = None
    target: int | None = None
    jokers: bool = False
    cards_dealt: int | None = None

    def __post_init__(self) -> None:
        if self.single and (self.deals is not None or self.target is not None):
            raise SingleHasOneDeal()
        if self.deals is not None and not 1 <= self.deals <= MAX_DEALS:
            raise OptionOutOfRange("deals", self.deals, 1, MAX_DEALS)
        if self.target is not None and self.target < 1:
            raise OptionOutOfRange("target", self.target, 1, None)
        low, high = CARDS_DEALT
        if self.cards_dealt is not None and not low <= self.cards_dealt <= high:
            raise OptionOutOfRange("cards", self.cards_dealt, low, high)

    @property
    def deals_in_game(self) -> int | None:
        """How many deals the game has at most: 1 when single, else ``deals`` (if set)."""
        return 1 if self.single else self.deals


@dataclass(frozen=True)
class Standing:
    """A player's place: equal totals share a rank (1, 1, 3)."""

    rank: int
    player: str
    total: int


@dataclass(frozen=True)
class Match:
    """A home game: seats in clockwise order, the rules, the seat of the first dealer, and the
    deals played. Never changed: each change returns a new match."""

    players: tuple[str, ...]
    rules: HomeRules = field(default_factory=HomeRules)
    deals: tuple[Deal, ...] = ()
    first_dealer: int = 0

    def __post_init__(self) -> None:
        if not MIN_PLAYERS <= len(self.players) <= MAX_PLAYERS:
            raise PlayerCount(len(self.players), MIN_PLAYERS, MAX_PLAYERS)
        if len(set(self.players)) != len(self.players):
            raise ValueError(f"a player is seated twice: {self.players}")
        if not 0 <= self.first_dealer < len(self.players):
            raise ValueError(f"no seat {self.first_dealer} to deal from")

    @classmethod
    def rebuilt(
        cls,
        players: Iterable[str],
        rules: HomeRules,
        deals: Iterable[Deal],
        first_dealer: int = 0,
    ) -> Match:
        """A match from its stored deals, each checked as when it was played."""
        match = cls(tuple(players), rules, first_dealer=first_dealer)
        for deal in deals:
            match = match.with_deal(deal)
        return match

    # --- what happens ---

    def with_deal(self, deal: Deal) -> Match:
        """The match after one more deal; every player must be counted."""
        if self.is_over():
            raise MatchOver(len(self.deals))
        if sorted(deal.players) != sorted(self.players):
            raise DealNotSeated(deal.players, self.players)
        deal.check(jokers=self.rules.jokers)
        return replace(self, deals=(*self.deals, deal))

    def with_deal_replaced(self, number: int, deal: Deal) -> Match:
        """The match with deal ``number`` (1-based) counted again; refused if the game would
        then have ended before a later deal."""
        if not 1 <= number <= len(self.deals):
            raise NoSuchDeal(number, len(self.deals))
        deals = (*self.deals[: number - 1], deal, *self.deals[number:])
        return Match.rebuilt(self.players, self.rules, deals, self.first_dealer)

    def without_last_deal(self) -> Match:
        if not self.deals:
            raise NoSuchDeal(0, 0)
        return replace(self, deals=self.deals[:-1])

    # --- the deal passes clockwise ---

    def dealer_of(self, number: int) -> str:
        """Who deals deal ``number`` (1-based): the first dealer, then the next seat clockwise."""
        return self.players[(self.first_dealer + number - 1) % len(self.players)]

    @property
    def next_dealer(self) -> str:
        return self.dealer_of(len(self.deals) + 1)

    # --- totals and the end ---

    def running_totals(self) -> tuple[Mapping[str, int], ...]:
        """Every player's total after each deal."""
        return self._running_totals

    @cached_property
    def _running_totals(self) -> tuple[Mapping[str, int], ...]:
        totals = dict.fromkeys(self.players, 0)
        history: list[Mapping[str, int]] = []
        for deal in self.deals:
            for player, points in deal.points.items():
                totals[player] += points
            history.append(dict(totals))
        return tuple(history)

    def totals(self) -> dict[str, int]:
        return dict(self._running_totals[-1]) if self.deals else dict.fromkeys(self.players, 0)

    def is_over(self) -> bool:
        """Ended by its rules: the single game after its deal; "a punti" after ``deals`` deals
        or when someone reaches ``target``, whichever first. With neither, never by itself."""
        if (limit := self.rules.deals_in_game) is not None and len(self.deals) >= limit:
            return True
        target = self.rules.target
        return target is not None and any(t >= target for t in self.totals().values())

    def standings(self) -> tuple[Standing, ...]:
        """Lowest total first, ties in seat order sharing a rank. In a single game the closer
        scores 0, the only 0 there is, so ranking by points is "the closer wins" (no closer:
        the lowest points win)."""
        totals = self.totals()
        ordered = sorted(self.players, key=totals.__getitem__)  # stable: seat order on ties
        standings: list[Standing] = []
        for position, player in enumerate(ordered, start=1):
            tied = standings and standings[-1].total == totals[player]
            standings.append(
                Standing(standings[-1].rank if tied else position, player, totals[player])
            )
        return tuple(standings)

    def winners(self) -> tuple[str, ...]:
        """The lowest total, together when level; no deals, no winner."""
        if not self.deals:
            return ()
        return tuple(s.player for s in self.standings() if s.rank == 1)
