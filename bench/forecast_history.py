"""What the forecast's history costs to read (``storage.tamalo.history``) as a chat's hands grow:
the same stored histories as the /classifica bench (``bench.history``), 10³ and 10⁵ hands in
the chat among other chats; medians of reads through ``storage.Database``."""

from __future__ import annotations

import random
import shutil
import tempfile
import time
from pathlib import Path

from bench.common import Figure, median, sqlite_url
from bench.history import CHAT, REGULARS, History, _migrated, templates
from scoring.tamalo.model import Mode
from storage import Database
from storage.tamalo.history import HistoryStore


async def _read_times(database: Path, rounds: int) -> list[float]:
    db = Database(sqlite_url(database.parent, database.name))
    times: list[float] = []
    try:
        for _ in range(rounds + 2):
            begun = time.perf_counter()
            async with db.reading() as session:
                history = await HistoryStore(session).chat_history(CHAT, Mode.CLASSIC)
            times.append(time.perf_counter() - begun)
            assert history.hands > 0
    finally:
        await db.close()
    return times[2:]


async def measure(quick: bool = False) -> Figure:
    small, large = (10**2, 10**3) if quick else (10**3, 10**5)
    others, rounds = (10, 5) if quick else (100, 15)
    rng = random.Random(18)
    games = templates(60)
    medians: dict[int, float] = {}
    with tempfile.TemporaryDirectory(prefix="tamalo-bench-") as name:
        directory = Path(name)
        base = await _migrated(directory)
        background = History.after(base)
        for n in range(others):
            background.add_chat(-500_000 - n, rng.sample(REGULARS, 6), 120, games, rng)
        background.write(base)
        for hands in (small, large):
            database = directory / f"forecast-{hands}.db"
            shutil.copyfile(base, database)
            history = History.after(database)
            history.add_chat(CHAT, REGULARS, hands, games, rng, always="Anna")
            history.write(database)
            medians[hands] = median(await _read_times(database, rounds)) * 1000
    return Figure(
        f"forecast history read, {large:_} hands".replace("_", " "),
        medians[large],
        "ms",
        f"at {small:_} hands".replace("_", " "),
        medians[small],
        note="a chat's hands counted by the database for the forecast (storage.history), "
        f"median of {rounds} reads among {others} other chats: read once a game and kept "
        "(leave the running game out), not once a hand",
    )
