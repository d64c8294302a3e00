"""The bot's CPU work (``bot.render``): a chat's jobs take turns while other chats' run side by
side, and ``/quote``'s odds come out of a worker process as out of the bot's own."""

from __future__ import annotations

import asyncio
import threading

from bot import render
from bot.games.tago.answers import odds_of
from bot.games.tago.parsing import parse_odds
from bot.render import Renderer

#: Seconds a job waits for another to be running beside it.
BESIDE = 1.0


class Jobs:
    """Jobs that say whether another was running beside them."""

    def __init__(self) -> None:
        self.running = 0
        self.lock = threading.Lock()
        self.someone_else = threading.Event()

    def job(self) -> bool:
        """Run a while; whether another job was running meanwhile."""
        with self.lock:
            self.running += 1
            if self.running > 1:
                self.someone_else.set()
        beside = self.someone_else.wait(BESIDE)
        with self.lock:
            self.running -= 1
        return beside


async def in_chat(chat: int, renderer: Renderer, jobs: Jobs) -> bool:
    render.CHAT.set(chat)  # as for an update of that chat (``bot.answers.begin_answer``)
    return await renderer.run(jobs.job)


async def test_a_chats_jobs_take_turns_while_other_chats_run_beside_them() -> None:
    renderer, jobs = Renderer(workers=0), Jobs()
    same = await asyncio.gather(in_chat(-1, renderer, jobs), in_chat(-1, renderer, jobs))
    assert list(same) == [False, False]
    assert not renderer._chats  # nothing kept for a chat with no job

    jobs = Jobs()
    others = await asyncio.gather(in_chat(-1, renderer, jobs), in_chat(-2, renderer, jobs))
    assert list(others) == [True, True]


async def test_the_odds_from_a_worker_process_are_the_odds() -> None:
    request = parse_odds("punto=4,½ Anna 4,4 Bruno 3,1 Carlo 5,6")
    renderer = Renderer(workers=1)
    try:
        assert await renderer.run(odds_of, request) == odds_of(request)
    finally:
        renderer.close()
