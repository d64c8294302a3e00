"""Another game's ``/mano`` beside Tamalo's, measured the same way and in the same run: the
real Application on one SQLite file (WAL, ``synchronous=FULL``), the updates fed to
``process_update`` as ``bench.mano`` feeds them, every reply sent to the instant Bot API,
the forecast's line off (as the Tamalo ``/mano`` figure has it), game-end charts already
drawn (``bench.mano.NoCharts``).

Tamalo's chats play ``bench.mano``'s night (4–6 friends a game, a new game when one ends);
the other game's chats play the night the caller types. Both go to the same Application and
the same database, taking turns update by update (a Tamalo chat's, then one of the other
game's), so that a noisy moment of the machine weighs on both alike: on a machine as loaded
as this one, blocks of a sixth of the night each (as ``bench.mano`` takes turns) moved the
ratio between 0.8 and 1.7 from run to run. Each is judged by its median hand. Every reply to
a timed hand is checked (no refusal slips in as a cheap "hand"), and the hands are read back
from the file afterwards.
"""

from __future__ import annotations

import sqlite3
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from telegram import Update
from telegram.ext import Application
from telegram.request import RequestData

from bench.common import InstantRequest, Typist, bot_running, sqlite_url, to_update
from bench.mano import Feed, NoCharts, game_night

Night = Sequence[tuple[int, str]]
#: Tamalo's chats, and the warm-up's, far from any chat a caller uses.
TAMALO_CHATS = -100_000
WARM_CHATS = -1
#: How Tamalo's reply to a recorded hand starts.
TAMALO_REPLY = "Mano "


@dataclass(frozen=True)
class SideBySide:
    """Seconds each timed ``/mano`` took, in order: Tamalo's, and the other game's."""

    tamalo: list[float]
    other: list[float]


class Replies(InstantRequest):
    """The instant Bot API, keeping the last text message sent to each chat (a game's last
    hand is followed by its chart, a photo)."""

    def __init__(self) -> None:
        super().__init__()
        self.last: dict[int, str] = {}

    def answer(self, name: str, parameters: dict[str, Any], data: RequestData | None) -> object:
        if name == "sendMessage":
            self.last[int(str(parameters["chat_id"]))] = str(parameters.get("text", ""))
        return super().answer(name, parameters, data)


@dataclass
class CheckedFeed:
    """Updates of one game's chats fed to the Application, and the seconds each ``/mano``
    took, as ``bench.mano.Feed`` times them; the reply to each is checked afterwards (outside
    the time): it starts with ``expected``, the game's reply to a recorded hand."""

    app: Application[Any, Any, Any, Any, Any, Any]
    updates: list[Update]
    request: Replies
    expected: str
    times: list[float] = field(default_factory=list)

    @property
    def hands(self) -> int:
        return len(self.times)

    async def run(self, block: slice) -> None:
        for update in self.updates[block]:
            start = time.perf_counter()
            await self.app.process_update(update)
            took = time.perf_counter() - start
            message = update.message
            assert message is not None
            assert message.text is not None
            if message.text.startswith("/mano"):
                self.times.append(took)
                reply = self.request.last.pop(message.chat.id, "")
                assert reply.startswith(self.expected), (message.text, reply[:300])


async def beside_tamalo(
    night: Night,
    *,
    expected: str,
    kind: str,
    tamalo_chats: int,
    tamalo_hands: int,
    warm: int = 40,
) -> SideBySide:
    """``night`` ((chat, text) in order; chats above ``TAMALO_CHATS``) beside Tamalo's night
    of ``tamalo_chats`` × ``tamalo_hands`` hands, in one Application on one database. Every
    reply to one of ``night``'s ``/mano`` starts with ``expected``; the games of ``kind``
    hold that many hands afterwards, Tamalo's games theirs."""
    tamalo_night = game_night(tamalo_chats, tamalo_hands)
    assert all(chat <= TAMALO_CHATS for chat, _ in tamalo_night)
    assert all(TAMALO_CHATS < chat < WARM_CHATS - warm for chat, _ in night)
    typist = Typist()
    request = Replies()
    with tempfile.TemporaryDirectory(prefix="tamalo-bench-") as directory:
        async with bot_running(sqlite_url(Path(directory)), request) as app:
            app.bot_data.renderer = NoCharts(0)
            app.bot_data.forecast_lines = False  # as the Tamalo /mano figure
            updates = [
                [to_update(app.bot, typist.message(chat, text)) for chat, text in of]
                for of in (tamalo_night, night)
            ]
            tamalo = CheckedFeed(app, updates[0], request, TAMALO_REPLY)
            other = CheckedFeed(app, updates[1], request, expected)
            # A warm-up in chats of their own: first-use costs are not part of a long night.
            for first in (tamalo_night[:warm], night[:warm]):
                chats = {
                    chat: WARM_CHATS - n
                    for n, chat in enumerate(dict.fromkeys(c for c, _ in first))
                }
                warm_up = [to_update(app.bot, typist.message(chats[c], t)) for c, t in first]
                await Feed(app, warm_up).run(slice(None))
            for turn in range(max(len(tamalo.updates), len(other.updates))):
                await tamalo.run(slice(turn, turn + 1))
                await other.run(slice(turn, turn + 1))
        database = Path(directory) / "tamalo.db"
        stored_tamalo = stored_hands(database, "tamalo", [c for c, _ in tamalo_night])
        stored_other = stored_hands(database, kind, [c for c, _ in night])
    assert stored_tamalo == tamalo.hands, f"Tamalo: {tamalo.hands} hands sent, {stored_tamalo}"
    assert stored_other == other.hands, f"{kind}: {other.hands} hands sent, {stored_other}"
    return SideBySide(tamalo.times, other.times)


def stored_hands(database: Path, kind: str, chats: Sequence[int]) -> int:
    """Hands of ``kind``'s games in ``chats``, read back by a new connection after shutdown."""
    connection = sqlite3.connect(database)
    try:
        marks = ",".join("?" * len(set(chats)))
        query = (
            "SELECT count(*) FROM hands JOIN games ON games.id = hands.game_id "
            f"WHERE games.kind = ? AND games.chat_id IN ({marks})"
        )
        count: int = connection.execute(query, [kind, *sorted(set(chats))]).fetchone()[0]
        return count
    finally:
        connection.close()
