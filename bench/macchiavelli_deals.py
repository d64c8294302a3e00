"""A Macchiavelli deal recorded, beside Tamalo's ``/mano`` (issue 25, "Speed": ≤ 1.2×): home
games of 3 to 6 friends in many chats, each deal typed with ``/mano`` as a table types it
(each player's cards left in hand, or their totals; the closer at 0), through the real
Application on the same database as Tamalo's night, in the same run (``bench.beside_tamalo``).

Games end by their deals (``smazzate=``) or their target (``soglia=``), as the engine says; a
new one starts when one ends. The forecast's line is off, as in the Tamalo figure.
"""

from __future__ import annotations

import random

from bench.beside_tamalo import beside_tamalo
from bench.common import Figure, median
from scoring.macchiavelli import Deal, HomeRules, Match

NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Franco", "Giulia", "Luca")
#: Two French decks, by what a card is typed as and what it counts.
RANKS = {**{str(n): n for n in range(2, 11)}, "J": 10, "Q": 10, "K": 10, "A": 11}
DECK = [rank for rank in RANKS for _ in range(8)]
#: How the reply to a recorded deal starts.
REPLY = "Smazzata "
#: The chats, each game's: above ``bench.beside_tamalo.TAMALO_CHATS``.
FIRST_CHAT = -50_000


def deal_typed(rng: random.Random, players: tuple[str, ...]) -> tuple[str, Deal]:
    """One deal: a closer at 0 (now and then nobody closes), the others' cards left in hand,
    typed as card lists or as totals; the text after ``/mano``, and the deal the engine
    reads."""
    deck = DECK.copy()
    rng.shuffle(deck)
    closer = rng.choice([None, *players, *players, *players])
    words: list[str] = []
    points: dict[str, int] = {}
    for player in players:
        if player == closer:
            words.append(f"{player} 0")
            points[player] = 0
            continue
        cards = [deck.pop() for _ in range(rng.randint(1, 7))]
        points[player] = sum(RANKS[card] for card in cards)
        typed = ",".join(cards) if rng.random() < 0.5 else str(points[player])
        words.append(f"{player} {typed}")
    return " ".join(words), Deal.of(points)


def chat_script(rng: random.Random, deals: int) -> list[str]:
    """One chat's evening of ``deals`` deals: a game of 3 to 6, another when it ends."""
    texts: list[str] = []
    match: Match | None = None
    players: tuple[str, ...] = ()
    for _ in range(deals):
        if match is None or match.is_over():
            players = tuple(rng.sample(NAMES, rng.randint(3, 6)))
            rules, option = rng.choice(
                [(HomeRules(deals=4), "smazzate=4"), (HomeRules(target=150), "soglia=150")]
            )
            match = Match(players, rules)
            texts.append(f"/nuova macchiavelli {' '.join(players)} {option}")
        typed, deal = deal_typed(rng, players)
        match = match.with_deal(deal)
        texts.append(f"/mano {typed}")
    return texts


def deal_night(chats: int, deals: int, seed: int = 25) -> list[tuple[int, str]]:
    """(chat, text) in the order they arrive: the chats take turns."""
    rng = random.Random(seed)
    scripts = [(FIRST_CHAT - n, chat_script(rng, deals)) for n in range(chats)]
    night: list[tuple[int, str]] = []
    for turn in range(max(len(texts) for _, texts in scripts)):
        night += [(chat, texts[turn]) for chat, texts in scripts if turn < len(texts)]
    return night


async def deal_figure(quick: bool = False) -> Figure:
    chats, deals = (4, 6) if quick else (20, 20)
    measured = await beside_tamalo(
        deal_night(chats, deals),
        expected=REPLY,
        kind="macchiavelli",
        tamalo_chats=chats,
        tamalo_hands=deals,
    )
    per_deal, per_hand = median(measured.other) * 1000, median(measured.tamalo) * 1000
    return Figure(
        "a deal recorded (/mano), through the Application",
        per_deal,
        "ms",
        "Tamalo's /mano",
        per_hand,
        1.2,
        note=f"median of {len(measured.other)} deals in {chats} chats (games of 3–6, by cards "
        f"or totals), beside the median of {len(measured.tamalo)} Tamalo hands in as many "
        "chats, in one Application on one SQLite file (WAL, synchronous=FULL), taking turns "
        "update by update; forecast line off; every reply checked, every hand read back",
        details={
            "deals": len(measured.other),
            "tamalo_hands": len(measured.tamalo),
            "mean_ms": round(sum(measured.other) / len(measured.other) * 1000, 4),
            "tamalo_mean_ms": round(sum(measured.tamalo) / len(measured.tamalo) * 1000, 4),
        },
    )
