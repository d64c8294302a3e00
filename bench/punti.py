"""A points game's round recorded, beside Tamalo's ``/mano`` (issue 37: ≤ 1.2×): named games
of two to five sides (players, or pairs) in many chats, each round typed with ``/mano`` as a
table types it (by name, or in seat order), through the real Application on the same
database as Tamalo's night, in the same run (``bench.beside_tamalo``). Games end at their
target, as the engine says; a new one starts when one ends. The forecast's line is off, as in
the Tamalo figure. ``python -m bench.punti`` runs it alone.
"""

from __future__ import annotations

import asyncio
import random

from bench.beside_tamalo import beside_tamalo
from bench.common import Figure, median
from scoring.punti import Match, Rules

NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Franco", "Giulia", "Luca", "Marta", "Nico")
#: How the reply to a recorded round starts.
REPLY = "🏆 "
#: The chats, each game's: above ``bench.beside_tamalo.TAMALO_CHATS``.
FIRST_CHAT = -60_000


def chat_script(rng: random.Random, rounds: int) -> list[str]:
    """One chat's evening of ``rounds`` rounds: a Scopa in pairs or a game to 100 of three to
    five, another when it ends."""
    texts: list[str] = []
    match: Match | None = None
    for _ in range(rounds):
        if match is None or match.is_over():
            players = rng.sample(NAMES, rng.choice([4, 3, 5]))
            if len(players) == 4 and rng.random() < 0.5:
                sides = [players[:2], players[2:]]
                typed = " ".join("+".join(side) for side in sides)
                match = Match.start(sides, Rules(target=11))
                texts.append(f"/nuova punti nome=Scopa soglia=11 {typed}")
            else:
                match = Match.start([[p] for p in players], Rules(target=100))
                texts.append(f"/nuova punti nome=Cento {' '.join(players)}")
        top = 6 if match.rules.target == 11 else 30
        points = {side.name: rng.randint(0, top) for side in match.sides}
        if rng.random() < 0.5:
            words = " ".join(f"{name.split('+')[0]} {p}" for name, p in points.items())
        else:
            words = " ".join(str(p) for p in points.values())
        match = match.with_round(points)
        texts.append(f"/mano {words}")
    return texts


def round_night(chats: int, rounds: int, seed: int = 37) -> list[tuple[int, str]]:
    """(chat, text) in the order they arrive: the chats take turns."""
    rng = random.Random(seed)
    scripts = [(FIRST_CHAT - n, chat_script(rng, rounds)) for n in range(chats)]
    night: list[tuple[int, str]] = []
    for turn in range(max(len(texts) for _, texts in scripts)):
        night += [(chat, texts[turn]) for chat, texts in scripts if turn < len(texts)]
    return night


async def measure(quick: bool = False) -> list[Figure]:
    chats, rounds = (4, 6) if quick else (20, 20)
    measured = await beside_tamalo(
        round_night(chats, rounds),
        expected=REPLY,
        kind="punti",
        tamalo_chats=chats,
        tamalo_hands=rounds,
    )
    per_round, per_hand = median(measured.other) * 1000, median(measured.tamalo) * 1000
    return [
        Figure(
            "a points round recorded (/mano), through the Application",
            per_round,
            "ms",
            "Tamalo's /mano",
            per_hand,
            1.2,
            note=f"median of {len(measured.other)} rounds in {chats} chats (named games of "
            f"2–5 sides, by name or in seat order), beside the median of "
            f"{len(measured.tamalo)} Tamalo hands in as many chats, in one Application on one "
            "SQLite file, taking turns update by update; forecast line off; every reply "
            "checked, every round read back",
            details={
                "rounds": len(measured.other),
                "tamalo_hands": len(measured.tamalo),
                "mean_ms": round(sum(measured.other) / len(measured.other) * 1000, 4),
                "tamalo_mean_ms": round(sum(measured.tamalo) / len(measured.tamalo) * 1000, 4),
            },
        )
    ]


if __name__ == "__main__":
    for figure in asyncio.run(measure()):
        print(
            f"{figure.name}: {figure.value:.4g} {figure.unit} ({figure.reference_name} "
            f"{figure.reference:.4g} {figure.unit}), target {figure.target}: {figure.verdict}"
        )
