"""/mano throughput over a long game night in many chats, against a bare echo handler.

Both Applications get the same updates (built beforehand, the same way) and talk to the
same kind of instant Bot API. /mano runs the real Application on an SQLite file in WAL mode
in a temporary directory; the echo Application has one CommandHandler that replies with the
message's text. The night is fed in blocks, echo and /mano taking turns, so that a noisy
moment of the machine weighs on both.

A game's last hand also sends the game's chart: here the chart is a fixed tiny PNG, since
drawing it is measured on its own (``/grafico``) and would otherwise be most of the night.
"""

from __future__ import annotations

import random
import sqlite3
import tempfile
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from telegram import Update
from telegram.ext import Application

import scoring
from bench.common import (
    Figure,
    InstantRequest,
    Typist,
    bot_running,
    echo_application,
    sqlite_url,
    to_update,
)
from bot.render import Renderer

NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Franco", "Giulia", "Luca", "Marta",
         "Nino", "Olga", "Piero")  # fmt: skip
#: The smallest PNG there is (1×1, white): what the stand-in renderer "draws".
TINY_PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de"
    "0000000c4944415408d763f8ffff3f0005fe02fea7d6a4d80000000049454e44ae426082"
)


class NoCharts(Renderer):
    """Charts already drawn: the final chart of each game costs nothing here."""

    async def game(
        self, game: scoring.Game, title: str, colours: Mapping[str, int], *, finished: bool
    ) -> bytes:
        return TINY_PNG

    async def night(
        self, figures: scoring.NightFigures, title: str, colours: Mapping[str, int]
    ) -> bytes:
        return TINY_PNG


def random_hand(rng: random.Random, players: Sequence[str]) -> tuple[dict[str, int], str | None]:
    totals = {p: rng.choice([0, 1, 2, 3, 4, 5, 7, 9, 11, 14, 18, 23]) for p in players}
    caller = rng.choice([None, None, *players])
    if caller is not None:
        totals[caller] = rng.choice([0, 1, 2, 3, 4, 6])
    return totals, caller


def chat_script(rng: random.Random, hands: int) -> list[str]:
    """One chat's evening: a game of 4 to 6 friends, another when it ends, ``hands`` hands
    in all. The rules engine says when a game ends."""
    texts: list[str] = []
    players = rng.sample(NAMES, rng.randint(4, 6))
    game: scoring.Game | None = None
    for _ in range(hands):
        if game is None or game.is_over():
            game = scoring.Game(tuple(players))
            texts.append("/nuova " + " ".join(players))
        totals, caller = random_hand(rng, players)
        hand = scoring.Hand(tuple(scoring.Report(p, t) for p, t in totals.items()), caller)
        game = game.with_hand(hand)
        called = f" t={caller}" if caller else ""
        texts.append("/mano " + " ".join(f"{p} {t}" for p, t in totals.items()) + called)
    return texts


def game_night(chats: int, hands: int, seed: int = 6) -> list[tuple[int, str]]:
    """(chat, text) in the order they arrive: the chats take turns, as at a busy night."""
    rng = random.Random(seed)
    scripts = [(-100_000 - n, chat_script(rng, hands)) for n in range(chats)]
    night: list[tuple[int, str]] = []
    for turn in range(max(len(texts) for _, texts in scripts)):
        night += [(chat, texts[turn]) for chat, texts in scripts if turn < len(texts)]
    return night


@dataclass
class Feed:
    """Updates of one Application and the time its /mano updates took."""

    app: Application[Any, Any, Any, Any, Any, Any]
    updates: list[Update]
    seconds: float = 0.0
    hands: int = 0

    async def run(self, block: slice) -> None:
        for update in self.updates[block]:
            start = time.perf_counter()
            await self.app.process_update(update)
            if update.message is not None and (update.message.text or "").startswith("/mano"):
                self.seconds += time.perf_counter() - start
                self.hands += 1


async def measure(quick: bool = False) -> list[Figure]:
    chats, hands, blocks = (6, 10, 2) if quick else (20, 20, 6)
    night = game_night(chats, hands)
    typist = Typist()
    messages = [typist.message(chat, text) for chat, text in night]
    with tempfile.TemporaryDirectory(prefix="tamalo-bench-") as directory:
        database = Path(directory) / "tamalo.db"
        request, echo_request = InstantRequest(), InstantRequest()
        bare = echo_application(echo_request, ("mano", "nuova"))
        async with bot_running(sqlite_url(Path(directory)), request) as app, bare:
            app.bot_data.renderer = NoCharts(0)
            synchronous = await _pragma(app.bot_data.db.engine, "synchronous")
            tamalo = Feed(app, [to_update(app.bot, m) for m in messages])
            reference = Feed(bare, [to_update(bare.bot, m) for m in messages])
            # A warm-up night in chats of their own: first-use costs (compiled queries,
            # the first connection) are not part of a long night.
            warm = [typist.message(-1 - n % 3, t) for n, (_, t) in enumerate(night[:60])]
            await Feed(app, [to_update(app.bot, m) for m in warm]).run(slice(None))
            await Feed(bare, [to_update(bare.bot, m) for m in warm]).run(slice(None))
            step = -(-len(messages) // blocks)
            for start in range(0, len(messages), step):
                block = slice(start, start + step)
                await reference.run(block)
                await tamalo.run(block)
        replies = request.calls["sendMessage"] - echo_request.calls["sendMessage"]
        stored = _stored_hands(database, [chat for chat, _ in night])
    assert replies == 0, f"/mano sent {replies} replies more than the echo: a mistake?"
    assert stored == tamalo.hands, f"{tamalo.hands} hands sent, {stored} stored"
    per_hand = tamalo.seconds / tamalo.hands * 1000
    per_echo = reference.seconds / reference.hands * 1000
    note = (
        f"{tamalo.hands} hands in {chats} chats, {tamalo.hands / tamalo.seconds:.0f}/s "
        f"vs echo {reference.hands / reference.seconds:.0f}/s; all {stored} hands read back "
        f"after shutdown; WAL, synchronous={synchronous}"
    )
    return [Figure("/mano per hand", per_hand, "ms", "echo handler", per_echo, 10.0, note=note)]


async def _pragma(engine: Any, name: str) -> str:
    async with engine.connect() as connection:
        value = (await connection.exec_driver_sql(f"PRAGMA {name}")).scalar()
    return str(value)


def _stored_hands(database: Path, chats: Sequence[int]) -> int:
    """Hands stored in the night's chats, read back by a new connection after shutdown."""
    connection = sqlite3.connect(database)
    try:
        mode = connection.execute("PRAGMA journal_mode").fetchone()[0]
        assert mode == "wal", mode
        marks = ",".join("?" * len(set(chats)))
        query = (
            "SELECT count(*) FROM hands JOIN games ON games.id = hands.game_id "
            f"WHERE games.chat_id IN ({marks})"
        )
        count: int = connection.execute(query, sorted(set(chats))).fetchone()[0]
        return count
    finally:
        connection.close()
