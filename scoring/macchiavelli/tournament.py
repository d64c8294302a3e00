"""A Macchiavelli tournament ("MACHIAVELLI 2.xx"): rounds of deals at tables of 4 and 3,
Victory Points per round, the movement between rounds, an optional Danese last round, and
withdrawals. RULES-macchiavelli.md, "Tournament"."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from scoring.macchiavelli.deal import Deal
from scoring.macchiavelli.errors import (
    AlreadyWithdrawn,
    DealNotSeated,
    NoRoundLeft,
    NoSuchDeal,
    NoSuchTable,
    NotInTournament,
    RoundClosed,
    TableDone,
    TableLeftAlone,
    TournamentOver,
)
from scoring.macchiavelli.movement import danese
from scoring.macchiavelli.plan import TournamentRules, plan_rounds
from scoring.macchiavelli.seating import Seating, draw_seating
from scoring.macchiavelli.standings import Ranking, rank_players
from scoring.macchiavelli.victory import TableScore, score_table

#: Fewer at a table and it cannot play (a table of 2 plays heads-up).
MIN_AT_TABLE = 2

TableDeals = tuple[Deal, ...]


@dataclass(frozen=True)
class Tournament:
    """The rules, the movement's ``plan`` (one seating per round but a Danese), the deals of
    every round opened (``played[round − 1][table − 1]``), and who withdrew, each with the
    first round they do not play. Never changed: each change returns a new tournament."""

    rules: TournamentRules
    plan: tuple[Seating, ...]
    played: tuple[tuple[TableDeals, ...], ...] = ()
    withdrawn: Mapping[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if len(self.plan) != self.rules.moved_rounds:
            raise ValueError(f"{self.rules.moved_rounds} rounds to seat, {len(self.plan)} seated")
        if any(sorted(s.players) != sorted(self.players) for s in self.plan):
            raise ValueError("every round seats the same players")

    @classmethod
    def start(
        cls, players: Sequence[str], rules: TournamentRules, rng: random.Random
    ) -> Tournament:
        """Round 1 drawn from ``rng``, the later rounds planned (the mixed movement from the
        same ``rng``): a tournament can be rebuilt from its plan, deals and withdrawals."""
        return cls(rules, plan_rounds(draw_seating(players, rng), rules, rng))

    @property
    def players(self) -> tuple[str, ...]:
        """Everyone, as seated in round 1."""
        return self.plan[0].players

    @property
    def table_count(self) -> int:
        """Tables 1…t, the same in every round."""
        return len(self.plan[0].tables)

    # --- rounds ---

    def seating(self, round_: int) -> Seating:
        """Who sits where in ``round_`` (1-based), who withdrew turned into BYEs. A Danese
        is seated by the standings after the round before it, among who is still in, the
        tables keeping that round's sizes (RULES, "Danese"); it needs that round complete."""
        gone = self._gone_by(round_)
        if 1 <= round_ <= self.rules.moved_rounds:
            return self.plan[round_ - 1].without(gone)
        if round_ != self.rules.rounds or not self.is_complete(round_ - 1):
            raise ValueError(f"round {round_} has no seating yet")
        ranked = [r.player for r in self.standings(round_ - 1) if r.player not in gone]
        return danese(ranked, self.seating(round_ - 1).without(gone).sizes)

    def is_started(self, round_: int) -> bool:
        return round_ <= len(self.played) and any(self.played[round_ - 1])

    def is_done(self, round_: int, table: int) -> bool:
        """Whether ``table`` has played all its deals in ``round_``."""
        return round_ <= len(self.played) and len(self.played[round_ - 1][table - 1]) >= (
            self.rules.deals
        )

    def is_complete(self, round_: int) -> bool:
        return round_ <= len(self.played) and all(
            len(deals) >= self.rules.deals for deals in self.played[round_ - 1]
        )

    @property
    def current_round(self) -> int:
        """The first round not complete; past the last when the tournament is over."""
        return next(
            (r for r in range(1, self.rules.rounds + 1) if not self.is_complete(r)),
            self.rules.rounds + 1,
        )

    def is_over(self) -> bool:
        return self.current_round > self.rules.rounds

    def tables_playing(self) -> tuple[int, ...]:
        """The current round's tables that have deals still to play (``/tavoli``)."""
        if self.is_over():
            return ()
        return tuple(
            t for t in range(1, self.table_count + 1) if not self.is_done(self.current_round, t)
        )

    # --- deals ---

    def deals_at(self, round_: int, table: int) -> TableDeals:
        return self.played[round_ - 1][table - 1] if round_ <= len(self.played) else ()

    def with_deal(self, table: int, deal: Deal) -> Tournament:
        """One more deal at ``table`` in the current round; the table must not be done."""
        if self.is_over():
            raise TournamentOver()
        round_ = self.current_round
        self._check_deal(round_, table, deal)
        if self.is_done(round_, table):
            raise TableDone(table, self.rules.deals)
        return self._with_table(round_, table, (*self.deals_at(round_, table), deal))

    def with_deal_replaced(self, round_: int, table: int, number: int, deal: Deal) -> Tournament:
        """Deal ``number`` of ``table`` in ``round_`` counted again: until the next round
        starts."""
        self._check_open(round_)
        self._check_table(table)
        deals = self.deals_at(round_, table)
        if not 1 <= number <= len(deals):
            raise NoSuchDeal(number, len(deals))
        self._check_deal(round_, table, deal)
        return self._with_table(round_, table, (*deals[: number - 1], deal, *deals[number:]))

    def without_last_deal(self, round_: int, table: int) -> Tournament:
        """The last deal of ``table`` in ``round_`` taken back: until the next round starts."""
        self._check_open(round_)
        self._check_table(table)
        if not (deals := self.deals_at(round_, table)):
            raise NoSuchDeal(0, 0)
        return self._with_table(round_, table, deals[:-1])

    # --- withdrawals ---

    def with_withdrawal(self, player: str) -> Tournament:
        """``player`` leaves: their seat is a BYE from the next round to start (they finish
        a round under way), and they keep their VP. Refused if a coming table would be left
        with fewer than two players."""
        if player in self.withdrawn:
            raise AlreadyWithdrawn(player)
        if player not in self.players:
            raise NotInTournament(player)
        rounds = range(1, self.rules.rounds + 1)
        first = next((r for r in rounds if not self.is_started(r)), None)
        if first is None:
            raise NoRoundLeft(player)
        after = replace(self, withdrawn={**self.withdrawn, player: first})
        for round_ in range(first, self.rules.rounds + 1):
            for table, size in enumerate(after._sizes(round_), start=1):
                if size < MIN_AT_TABLE:
                    raise TableLeftAlone(player, round_, table)
        return after

    # --- scores ---

    def match_points(self, round_: int, table: int) -> dict[str, int]:
        """Each player's MP at ``table`` in ``round_``: their deal points there, so far."""
        mp = dict.fromkeys(self.seating(round_).players_at(table), 0)
        for deal in self.deals_at(round_, table):
            for player, points in deal.points.items():
                mp[player] += points
        return mp

    def table_scores(self, round_: int, table: int) -> tuple[TableScore, ...]:
        """A table's round once it has played all its deals: MP, placement and difference."""
        if not self.is_done(round_, table):
            raise ValueError(f"table {table} of round {round_} has deals to play")
        return score_table(self.match_points(round_, table), self.rules.deals)

    def round_scores(self, round_: int) -> tuple[tuple[TableScore, ...], ...]:
        """Every table's round, table 1 first, once the round is complete."""
        return tuple(self.table_scores(round_, t) for t in range(1, self.table_count + 1))

    def standings(self, after: int | None = None) -> tuple[Ranking, ...]:
        """The standings after round ``after`` (default: the last complete round)."""
        last = self.current_round - 1 if after is None else after
        return rank_players(
            self.players, (self.round_scores(r) for r in range(1, last + 1)), self.withdrawn
        )

    # --- inside ---

    def _gone_by(self, round_: int) -> set[str]:
        return {p for p, first in self.withdrawn.items() if first <= round_}

    def _sizes(self, round_: int) -> tuple[int, ...]:
        """How many play at each table of ``round_``, known before the round is seated."""
        if round_ <= self.rules.moved_rounds:
            return self.seating(round_).sizes
        sizes = self.seating(round_ - 1).without(self._gone_by(round_)).sizes
        return tuple(sorted(sizes, reverse=True))

    def _check_table(self, table: int) -> None:
        if not 1 <= table <= self.table_count:
            raise NoSuchTable(table, self.table_count)

    def _check_deal(self, round_: int, table: int, deal: Deal) -> None:
        self._check_table(table)
        seated = self.seating(round_).players_at(table)
        if sorted(deal.players) != sorted(seated):
            raise DealNotSeated(deal.players, seated)
        deal.check(jokers=self.rules.jokers)

    def _check_open(self, round_: int) -> None:
        """A round's deals change from when it opens until the next round starts."""
        opened = 1 <= round_ <= min(self.current_round, self.rules.rounds)
        if not opened or self.is_started(round_ + 1):
            raise RoundClosed(round_, self.current_round)

    def _with_table(self, round_: int, table: int, deals: TableDeals) -> Tournament:
        played = list(self.played)
        if len(played) < round_:
            played.append(((),) * self.table_count)
        tables = list(played[round_ - 1])
        tables[table - 1] = deals
        played[round_ - 1] = tuple(tables)
        return replace(self, played=tuple(played))
