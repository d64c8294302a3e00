"""A game as a sequence of scored hands: totals, standings, dealers, the end and the winners.

RULES.md, "End of the game", "Late joiners" and "4 Quadri".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cached_property

from scoring.tamalo.classic import call_won, score_classic
from scoring.tamalo.contro import counter_won, score_contro, tamalo_won
from scoring.tamalo.errors import (
    AlreadySeated,
    HandNotSeated,
    LastTwoStay,
    LeftForGood,
    NoHandsLeft,
    NoJoinersInQuadri,
    NoJoinersInSixCards,
    NoLeavingQuadri,
    NoSuchHand,
    NotPlaying,
    QuadriNeedsFour,
)
from scoring.tamalo.model import HANDS_PER_QUADRO, QUADRI_PLAYERS, Hand, Mode, Rules


@dataclass(frozen=True)
class ScoredHand:
    """A reported hand with the points each player scored in it and how the calls went."""

    hand: Hand
    points: Mapping[str, int]
    call_won: bool | None = None
    counter_won: bool | None = None


@dataclass(frozen=True)
class Standing:
    """A player's place: equal keys share a rank (1, 1, 3). ``quadri`` only in 4 Quadri."""

    rank: int
    player: str
    total: int
    quadri: int | None = None


def score_hand(hand: Hand, rules: Rules) -> ScoredHand:
    """Score one hand under the game's mode."""
    match rules.mode:
        case Mode.CLASSIC:
            return ScoredHand(hand, score_classic(hand, rules), call_won(hand, rules))
        case Mode.CONTRO:
            return ScoredHand(
                hand, score_contro(hand, rules), tamalo_won(hand, rules), counter_won(hand)
            )


def entry_total(totals: Iterable[int]) -> int:
    """A late joiner starts level with the last in the standings: the highest total, or 0."""
    return max(totals, default=0)


def quadro_of(number: int) -> tuple[int, int]:
    """Hand ``number`` (1-based) of a 4 Quadri game → (quadro, hand within it), both 1-based."""
    return (number - 1) // HANDS_PER_QUADRO + 1, (number - 1) % HANDS_PER_QUADRO + 1


@dataclass(frozen=True)
class Game:
    """Seats in clockwise order (late joiners appended), who joined or left when, the first
    dealer's seat, and the hands played."""

    players: tuple[str, ...]
    rules: Rules = field(default_factory=Rules)
    hands: tuple[ScoredHand, ...] = ()
    #: Hands already played when a late joiner sat down; absent means from the start.
    joined_after: Mapping[str, int] = field(default_factory=dict)
    #: Hands already played when a player left (``/esci``): they play none after.
    left_after: Mapping[str, int] = field(default_factory=dict)
    #: Seats there were when a player left: a late joiner in that seat or a later one sat
    #: down after the leave (absent for games stored before the order was kept).
    left_before_seat: Mapping[str, int] = field(default_factory=dict)
    #: Seat index of who deals the first hand.
    first_dealer: int = 0

    def __post_init__(self) -> None:
        if self.rules.quadri and len(self.players) != QUADRI_PLAYERS:
            raise QuadriNeedsFour(len(self.players))
        if not 0 <= self.first_dealer < len(self.players):
            raise ValueError(f"no seat {self.first_dealer} to deal from")

    @property
    def deals(self) -> tuple[ScoredHand, ...]:
        """The hands played, as every game calls its deals (``scoring.match.Match``)."""
        return self.hands

    # --- who plays ---

    def seated_for(self, number: int) -> tuple[str, ...]:
        """Who plays hand ``number`` (1-based): who joined before it and had not left."""
        if not self.joined_after and not self.left_after:
            return self.players  # everyone, every hand: most games
        return tuple(
            p
            for p in self.players
            if self.joined_after.get(p, 0) < number <= self.left_after.get(p, number)
        )

    @property
    def next_players(self) -> tuple[str, ...]:
        """Who must be reported in the next hand."""
        return self.seated_for(len(self.hands) + 1)

    @property
    def ranked(self) -> tuple[str, ...]:
        """Who is ranked for the win: everyone but the players who left and have played all
        their hands (one whose last hand was undone plays it again first, still ranked)."""
        played = len(self.hands)
        return tuple(p for p in self.players if self.left_after.get(p, played + 1) > played)

    def waiting(self) -> tuple[str, ...]:
        """Late joiners whose first hand is not the next one (a hand before it was undone)."""
        return tuple(p for p in self.players if self.joined_after.get(p, 0) > len(self.hands))

    def leaving(self) -> tuple[str, ...]:
        """Players who left after a hand that was since undone: they play it again first."""
        return tuple(p for p in self.players if self.left_after.get(p, 0) > len(self.hands))

    # --- what happens ---

    def with_hand(self, hand: Hand) -> Game:
        """The game after one more hand; every player seated for it must be reported."""
        if (limit := self.rules.hands_in_game) is not None and len(self.hands) >= limit:
            raise NoHandsLeft(limit)
        self._check_seats(hand, len(self.hands) + 1)
        return replace(self, hands=(*self.hands, score_hand(hand, self.rules)))

    def with_hand_replaced(self, number: int, hand: Hand) -> Game:
        """The game with hand ``number`` (1-based) reported again."""
        if not 1 <= number <= len(self.hands):
            raise NoSuchHand(number, len(self.hands))
        self._check_seats(hand, number)
        hands = list(self.hands)
        hands[number - 1] = score_hand(hand, self.rules)
        return replace(self, hands=tuple(hands))

    def without_last_hand(self) -> Game:
        return replace(self, hands=self.hands[:-1])

    def with_player(self, name: str) -> Game:
        """A late joiner, who plays from the next hand on; who left does not come back."""
        self.check_joinable()
        if name in self.left_after:
            raise LeftForGood(name)
        if name in self.players:
            raise AlreadySeated(name)
        joined = {**self.joined_after, name: len(self.hands)} if self.hands else self.joined_after
        return replace(self, players=(*self.players, name), joined_after=joined)

    def check_joinable(self) -> None:
        """Raise the rule that keeps late joiners out of this game, if one does: asked
        before anyone is named."""
        if self.rules.quadri:
            raise NoJoinersInQuadri()
        if self.rules.six_cards:
            raise NoJoinersInSixCards()

    def without_player(self, name: str) -> Game:
        """A player leaves: they play no more hands and keep their history, unranked."""
        if self.rules.quadri:
            raise NoLeavingQuadri()
        if name not in self.ranked:
            raise NotPlaying(name, self.ranked)
        if len(self.ranked) <= 2:
            raise LastTwoStay()
        return replace(
            self,
            left_after={**self.left_after, name: len(self.hands)},
            left_before_seat={**self.left_before_seat, name: len(self.players)},
        )

    def _check_seats(self, hand: Hand, number: int) -> None:
        seated = self.seated_for(number)
        if sorted(hand.players) != sorted(seated):
            raise HandNotSeated(number, hand.players, seated)

    # --- the deal ---

    def dealer_of(self, number: int) -> str:
        """Who deals hand ``number``: the first dealer, then clockwise among who plays it."""
        seat = self.first_dealer
        for current in range(1, number + 1):
            seated = self.seated_for(current)
            step = 0 if current == 1 else 1
            for _ in range(len(self.players)):
                candidate = (seat + step) % len(self.players)
                if self.players[candidate] in seated:
                    seat = candidate
                    break
                step += 1
        return self.players[seat]

    @property
    def next_dealer(self) -> str:
        return self.dealer_of(len(self.hands) + 1)

    def distance_from_dealer(self, number: int, player: str) -> int:
        """Seats clockwise from hand ``number``'s dealer to ``player``; the dealer counts as
        the farthest (he plays last)."""
        seated = self.seated_for(number)
        count = len(seated)
        distance = (seated.index(player) - seated.index(self.dealer_of(number))) % count
        return distance or count

    # --- totals and the end ---

    def running_totals(self) -> tuple[Mapping[str, int], ...]:
        """Every player's total after each hand.

        The first seats start at 0; a late joiner enters, before their first hand, at the
        highest total among who was still in the game when they sat down (RULES.md, "Late
        joiners").
        """
        return self._running_totals

    @cached_property
    def _running_totals(self) -> tuple[Mapping[str, int], ...]:
        # Worked out once per game value (a game never changes: a new hand is a new game),
        # however many times the standings, the end and the texts ask for totals.
        totals: dict[str, int] = {}
        history: list[Mapping[str, int]] = []
        for number, scored in enumerate(self.hands, start=1):
            totals.update(self.entries(totals, number - 1))
            for player, points in scored.points.items():
                totals[player] = totals.get(player, 0) + points
            history.append(dict(totals))
        return tuple(history)

    def totals(self) -> dict[str, int]:
        """Each seated player's total now; a late joiner who has not played yet stands at
        their entry total."""
        played = dict(self.running_totals()[-1]) if self.hands else {}
        played.update(self.entries(played, len(self.hands)))
        # A joiner still waiting for a hand that was undone: level with the last for now.
        waiting = entry_total(played[p] for p in self.next_players if p in played)
        return {player: played.get(player, waiting) for player in self.players}

    def entries(self, totals: Mapping[str, int], played: int) -> dict[str, int]:
        """The entry totals of who sat down after hand ``played`` (``totals`` are everyone's
        after it), in the order they sat down: each the highest total among who was in the
        game at that moment, earlier joiners included and who had left not. Before the
        first hand, nobody needs one: everyone starts at 0."""
        entries: dict[str, int] = {}
        if played == 0:
            return entries
        for seat, joiner in enumerate(self.players):
            if self.joined_after.get(joiner, 0) != played:
                continue
            present = {**totals, **entries}
            entries[joiner] = entry_total(
                present[p]
                for p in self.players[:seat]
                if p in present and self._in_when_seated(p, played, seat)
            )
        return entries

    def late_entries(self) -> dict[str, tuple[int, int]]:
        """Each late joiner who has sat down: the hands played before, and their entry total."""
        history = self.running_totals()
        entries: dict[str, tuple[int, int]] = {}
        for played in sorted(set(self.joined_after.values())):
            if 0 < played <= len(self.hands):
                for player, start in self.entries(history[played - 1], played).items():
                    entries[player] = played, start
        return entries

    def _in_when_seated(self, player: str, played: int, seat: int) -> bool:
        """Whether ``player`` was still in the game when ``seat`` was taken after hand
        ``played``. A leave whose order is unknown (stored before it was kept) counts as
        after, as these games were scored."""
        left = self.left_after.get(player)
        if left is None or left > played:
            return True
        if left < played:
            return False
        return seat < self.left_before_seat.get(player, len(self.players))

    def is_over(self) -> bool:
        """After a hand, someone at or above the target ends the game; 4 Quadri ends after
        its 16th hand."""
        if (limit := self.rules.hands_in_game) is not None:
            return len(self.hands) >= limit
        return bool(self.hands) and any(t >= self.rules.target for t in self.totals().values())

    def standings(self) -> tuple[Standing, ...]:
        """Ranked players, best first; ties keep seat order and share a rank.

        Classic and ControTamalo: lowest total first. 4 Quadri: most quadri won, then lowest
        total, then (as an option) the lowest dealer-weighted mean.
        """
        totals = self.totals()
        won = self.quadri_won() if self.rules.quadri else {}
        if self.rules.quadri:
            weighted = self.dealer_weighted_means() if self.rules.dealer_tiebreak else {}

            def key(p: str) -> tuple[int | Fraction, ...]:
                return (-won[p], totals[p], weighted.get(p, Fraction(0)))
        else:

            def key(p: str) -> tuple[int | Fraction, ...]:
                return (totals[p],)

        ordered = sorted(self.ranked, key=key)  # stable: seat order on ties
        standings: list[Standing] = []
        for position, player in enumerate(ordered, start=1):
            tied = standings and key(standings[-1].player) == key(player)
            rank = standings[-1].rank if tied else position
            standings.append(Standing(rank, player, totals[player], won.get(player)))
        return tuple(standings)

    def winners(self) -> tuple[str, ...]:
        """The best ranked win, together when level; no hands, no winner."""
        if not self.hands:
            return ()
        return tuple(s.player for s in self.standings() if s.rank == 1)

    # --- 4 Quadri ---

    def quadro_totals(self, quadro: int) -> dict[str, int]:
        """Each player's points over the hands of ``quadro`` played so far."""
        first = (quadro - 1) * HANDS_PER_QUADRO
        totals = dict.fromkeys(self.players, 0)
        for scored in self.hands[first : first + HANDS_PER_QUADRO]:
            for player, points in scored.points.items():
                totals[player] += points
        return totals

    def closed_quadri(self) -> int:
        return len(self.hands) // HANDS_PER_QUADRO if self.rules.quadri else 0

    def quadro_winners(self, quadro: int) -> tuple[str, ...]:
        """The lowest total over a closed quadro's four hands; equal lowest each win it."""
        if quadro > self.closed_quadri():
            return ()
        totals = self.quadro_totals(quadro)
        best = min(totals.values())
        return tuple(p for p in self.players if totals[p] == best)

    def quadri_won(self) -> dict[str, int]:
        won = dict.fromkeys(self.players, 0)
        for quadro in range(1, self.closed_quadri() + 1):
            for player in self.quadro_winners(quadro):
                won[player] += 1
        return won

    def dealer_weighted_means(self) -> dict[str, Fraction]:
        """The rulebook's alternative 4 Quadri tie-break. Reading: a player's hand points
        averaged with, as weights, their distance clockwise from each hand's dealer (the
        dealer himself farthest); the farthest seat is the most favoured, so its points
        weigh most. Lower is better."""
        means: dict[str, Fraction] = {}
        for player in self.players:
            weighted = weights = 0
            for number, scored in enumerate(self.hands, start=1):
                if player in scored.points:
                    weight = self.distance_from_dealer(number, player)
                    weighted += weight * scored.points[player]
                    weights += weight
            means[player] = Fraction(weighted, weights) if weights else Fraction(0)
        return means
