"""Games whose outcome is known, for the forecast's backtest.

``card_games``: a known process of players of different skill, played card by card: each
deals four cards from a 52-card deck (rulebook table 1.1: black Kings 13, red Kings 0), draws
a card a turn and keeps it in place of a worse one when they remember their cards (skill),
throws a pair away now and then (down to no cards: finished), and calls Tamalo once they
believe their total is low enough (boldness; the worse the memory the worse the belief).
After a call everyone else plays one more turn; in ControTamalo, the first of them who
believes they hold well under their boldness answers with a ControTamalo. The rules engine
scores the hands and ends the games.

``group_life``: a group of six friends from its first game to its last, its players either
really different or all alike (the same memory and boldness).

``replayed_games``: the games the /classifica bench stores as a chat's history
(``bench.history.templates``), replayed hand by hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from bench.history import templates
from scoring import tamalo

DECK = [*range(1, 11), 11, 12] * 4 + [13, 13, 0, 0]
ROUNDS = 12


@dataclass(frozen=True)
class Player:
    """How a generated player plays: memory of their cards (0–1) and calling boldness."""

    name: str
    skill: float
    boldness: int


def roster(rng: random.Random, size: int) -> tuple[Player, ...]:
    names = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Franco", "Giulia", "Luca")
    return tuple(
        Player(names[n], skill=rng.uniform(0.4, 0.95), boldness=rng.randint(2, 6))
        for n in range(size)
    )


def deal_hand(
    rng: random.Random, players: Sequence[Player], *, counters: bool = False
) -> tamalo.Hand:
    """One hand played card by card; the reported totals, the caller, the counter-caller
    (with ``counters``) and who finished."""
    deck = DECK.copy()
    rng.shuffle(deck)
    cards = {p.name: [deck.pop() for _ in range(4)] for p in players}
    caller: str | None = None
    counter: str | None = None
    last_turns: set[str] = set()
    for round_ in range(ROUNDS):
        for player in players:
            if caller is not None and (player.name == caller or player.name in last_turns):
                continue
            own = cards[player.name]
            card = deck.pop() if deck else rng.choice(DECK)
            if own and rng.random() < player.skill:
                worst = max(range(len(own)), key=own.__getitem__)
                if card < own[worst]:
                    own[worst] = card
            elif own and rng.random() < 0.5:
                own[rng.randrange(len(own))] = card
            if own and rng.random() < 0.2 * player.skill:
                own.remove(min(own))  # a pair thrown away
            if caller is not None:
                if (
                    counters
                    and counter is None
                    and believed(rng, player, own) <= player.boldness - 3
                ):
                    counter = player.name
                last_turns.add(player.name)
                continue
            belief = believed(rng, player, own)
            if round_ >= 1 and belief <= player.boldness:
                caller = player.name
        if caller is not None and len(last_turns) >= len(players) - 1:
            break
    reports = tuple(tamalo.Report(p.name, sum(cards[p.name])) for p in players)
    out = frozenset(p.name for p in players if not cards[p.name] and p.name != counter)
    return tamalo.Hand(reports, caller, counter, out)


def believed(rng: random.Random, player: Player, cards: Sequence[int]) -> float:
    """What ``player`` believes their cards are worth: the worse the memory, the worse."""
    return sum(cards) + rng.gauss(0, 3 * (1 - player.skill))


def play(
    rng: random.Random, players: Sequence[Player], rules: tamalo.Rules | None = None
) -> tamalo.Game:
    rules = rules or tamalo.Rules()
    game = tamalo.Game(
        tuple(p.name for p in players), rules, first_dealer=rng.randrange(len(players))
    )
    counters = rules.mode is tamalo.Mode.CONTRO
    while not game.is_over():
        game = game.with_hand(deal_hand(rng, players, counters=counters))
    return game


def card_games(chats: int, games: int, seed: int = 18) -> list[list[tamalo.Game]]:
    """Per chat, ``games`` classic games of 4 to 6 of its 8 regulars, in order."""
    rng = random.Random(seed)
    made: list[list[tamalo.Game]] = []
    for _ in range(chats):
        regulars = roster(rng, 8)
        made.append([play(rng, rng.sample(regulars, rng.randint(4, 6))) for _ in range(games)])
    return made


@dataclass(frozen=True)
class Group:
    """A generated group: its six players, whether they really differ, the rules it plays."""

    players: tuple[Player, ...]
    differ: bool
    rules: tamalo.Rules

    @property
    def kind(self) -> str:
        mode = "classic" if self.rules.mode is tamalo.Mode.CLASSIC else "ControTamalo"
        return f"{mode} to {self.rules.target}, {'different' if self.differ else 'alike'}"


#: The groups of the group's-life backtest, per rules: how many (half of them with players
#: who differ, half with players alike). Classic games are short; ControTamalo to 30 (the
#: target the bot proposes) some twenty hands; to 100 (the rulebook's) some sixty, the
#: longest games, where a small difference between players compounds the most.
MIX = (
    (tamalo.Rules(), 12),
    (tamalo.Rules(mode=tamalo.Mode.CONTRO, target=30), 4),
    (tamalo.Rules(mode=tamalo.Mode.CONTRO, target=100), 2),
)


def groups(mix: Sequence[tuple[tamalo.Rules, int]] = MIX, seed: int = 23) -> list[Group]:
    """The groups of ``mix``, each of six players: who differ (their memory and boldness
    drawn apart) and, in turn, who are all alike."""
    rng = random.Random(seed)
    made: list[Group] = []
    for rules, count in mix:
        for n in range(count):
            differ = n % 2 == 0
            players = roster(rng, 6)
            if not differ:
                alike = players[0]
                players = tuple(Player(p.name, alike.skill, alike.boldness) for p in players)
            made.append(Group(players, differ, rules))
    return made


def group_life(group: Group, games: int, seed: int) -> list[tamalo.Game]:
    """The group's first ``games`` games, in order, each of four to six of its players."""
    rng = random.Random(seed)
    return [
        play(rng, rng.sample(group.players, rng.randint(4, 6)), group.rules) for _ in range(games)
    ]


def replayed_games(count: int) -> list[tamalo.Game]:
    """The /classifica bench's stored games, rebuilt hand by hand through the engine."""
    games: list[tamalo.Game] = []
    for template in templates(count):
        names = tuple(f"S{i}" for i in range(template.seats))
        game = tamalo.Game(names)
        for _, lines in template.hands:
            reports = tuple(tamalo.Report(names[seat], total) for seat, total, *_ in lines)
            caller = next((names[seat] for seat, _, called, *_ in lines if called), None)
            game = game.with_hand(tamalo.Hand(reports, caller))
        assert game.is_over()
        games.append(game)
    return games
