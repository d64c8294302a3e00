"""A deal ("smazzata") as counted at the table: each player's points left in hand, as a total
or as the cards themselves, and who closed (RULES-macchiavelli.md, "Card points")."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from scoring.macchiavelli.cards import (
    CardList,
    Rank,
    check_copies,
    check_points,
    deck_points,
    is_total,
    parse_cards,
)
from scoring.macchiavelli.errors import DealOverDecks, NegativePoints, NoJokers, TwoClosers


@dataclass(frozen=True)
class Report:
    """One player's count: ``points``, and the cards they came from when the cards were given."""

    player: str
    points: int
    cards: CardList | None = None

    def __post_init__(self) -> None:
        if self.points < 0:
            raise NegativePoints(self.points, self.player)
        if self.cards is not None and self.cards.total != self.points:
            raise ValueError(f"{self.player}: {self.points} points, the cards make {self.cards}")

    @classmethod
    def of(cls, player: str, count: int | CardList) -> Report:
        if isinstance(count, CardList):
            return cls(player, count.total, count)
        return cls(player, count)


def read_report(player: str, text: str, *, jokers: bool) -> Report:
    """A count as typed: a bare number is a total (``28``), anything else a card list
    (``K,A,7``); a single card (``K``) is a list of one."""
    if is_total(text):
        check_points(points := int(text), jokers=jokers, player=player)
        return Report(player, points)
    cards = parse_cards(text, jokers=jokers)
    return Report(player, cards.total, cards)


@dataclass(frozen=True)
class Deal:
    """Every player's count for one deal. The player at 0 closed (no cards left in hand);
    nobody at 0 is a deal that ended with nobody closing (the stock ran out: RULES, "Reading —
    no closer"). Two players at 0, or more copies of a card than two decks hold, is an error."""

    reports: tuple[Report, ...]

    def __post_init__(self) -> None:
        names = self.players
        if len(set(names)) != len(names):
            raise ValueError(f"a player is reported twice: {names}")
        if len(closers := [r.player for r in self.reports if r.points == 0]) > 1:
            raise TwoClosers(closers)
        check_copies(r.cards for r in self.reports if r.cards is not None)

    @classmethod
    def of(cls, counts: Mapping[str, int | CardList]) -> Deal:
        """``{"Anna": 0, "Bruno": parse_cards("K,A,7", jokers=True), "Carlo": 12}``."""
        return cls(tuple(Report.of(player, count) for player, count in counts.items()))

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(r.player for r in self.reports)

    @property
    def points(self) -> dict[str, int]:
        return {r.player: r.points for r in self.reports}

    @property
    def closer(self) -> str | None:
        """Who closed the deal, or ``None`` when nobody did."""
        return next((r.player for r in self.reports if r.points == 0), None)

    def check(self, *, jokers: bool) -> None:
        """Refuse what the game's deck cannot have held: a jolly in a game without jokers, or
        a total above every card of the two decks."""
        for report in self.reports:
            if not jokers and report.cards is not None:
                for card in report.cards.cards:
                    if card.rank is Rank.JOLLY:
                        raise NoJokers(card.token)
            check_points(report.points, jokers=jokers, player=report.player)

    def check_total(self, *, jokers: bool) -> None:
        """Refuse counts that add up to more than every card of the two decks: the cards left
        in all the hands are some of them. Checked on a deal typed (a deal stored before this
        check is still replayed as it was)."""
        if (total := sum(self.points.values())) > (limit := deck_points(jokers=jokers)):
            raise DealOverDecks(total, limit)
