"""The webhook: Telegram posts each update here, and is answered 200 only once the update is
in the inbox (``storage.journal``); if the database does not answer, 503, and Telegram sends
the update again later. Served with Starlette and uvicorn, as in python-telegram-bot's own
custom-webhook example.

The updates posted at the same time are kept together, by one writer (``Intake``): a burst
of groups costs one transaction, and one connection, per batch instead of one per request,
and the requests never queue one by one for SQLite's write lock.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import socket
from collections.abc import AsyncIterator, Iterator
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from bot.board.entries import Deliver, Entries
from bot.board.web import board_routes
from bot.config import Settings
from bot.context import TamaloApp
from bot.delivery import chat_of
from bot.inbox import Inbox, Stopped, run_polling, serving, stop_signal
from bot.outage import DATABASE, is_outage
from storage import UpdateJournal

log = logging.getLogger(__name__)

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
#: Says whether the database answers: 200 or 503, for a load balancer or a platform's probe.
HEALTH_PATH = "/health"
#: Seconds the web server waits for requests under way when stopping.
GRACE = 1
#: Seconds a request waits for its update to be kept before answering 503: the database is
#: away (SQLite's file locked by another process, PostgreSQL not answering), and Telegram
#: posts the update again later. The write itself goes on; an update kept meanwhile is known
#: when it comes again.
MOST_WAIT = 4.0


class Intake:
    """Keeps the updates posted, in batches: each request waits for the batch its update
    went in, written by one task while the requests after it gather the next batch."""

    def __init__(self, journal: UpdateJournal) -> None:
        self.journal = journal
        self._waiting: list[tuple[int, dict[str, Any], asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None

    async def keep(self, chat: int, update: dict[str, Any], most: float = MOST_WAIT) -> None:
        """Return once the update is kept; raise what kept it from being kept, or
        ``TimeoutError`` after ``most`` seconds (the batch's write goes on)."""
        kept: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        # Read, so that a batch that fails after its requests stopped waiting logs nothing.
        kept.add_done_callback(lambda done: done.cancelled() or done.exception())
        self._waiting.append((chat, update, kept))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write())
        await asyncio.wait_for(asyncio.shield(kept), most)

    async def _write(self) -> None:
        # Never cancelled with a request: a write abandoned half-way would keep SQLite's
        # write lock until the process ends.
        while self._waiting:
            batch, self._waiting = self._waiting, []
            try:
                await self.journal.keep([(chat, update) for chat, update, _ in batch])
            except Exception as error:
                for _, _, kept in batch:
                    if not kept.done():
                        kept.set_exception(error)
            else:
                for _, _, kept in batch:
                    if not kept.done():
                        kept.set_result(None)


def web_app(
    journal: UpdateJournal,
    inbox: Inbox,
    path: str,
    secret: str,
    closing: asyncio.Event | None = None,
) -> Starlette:
    """The routes: the update path Telegram posts to, the health check and the live
    scoreboard (``bot.board``; ``closing``: set when the server stops)."""
    expected = secret.encode()
    intake = Intake(journal)

    async def receive(request: Request) -> Response:
        """An update from Telegram: kept, then acknowledged."""
        given = request.headers.get(SECRET_HEADER, "").encode()
        if not hmac.compare_digest(given, expected):
            return Response(status_code=403)
        try:
            update = await request.json()
            chat = chat_of(update)
            if not isinstance(update.get("update_id"), int):
                raise ValueError("no update_id")
        except Exception:  # not an update: sending it again will not help
            return Response(status_code=400)
        try:
            await intake.keep(chat, update)
        except Exception as error:  # Telegram sends it again
            if is_outage(error):
                DATABASE.failed("keep an update", error)
            else:
                log.warning("Update %s not kept (%r)", update["update_id"], error)
            return Response(status_code=503)
        DATABASE.answered()
        inbox.arrived(chat)
        return Response()

    return Starlette(
        routes=[
            Route("/" + path.lstrip("/"), receive, methods=["POST"]),
            *served_routes(inbox.app, journal, closing, inbox),
        ]
    )


def served_routes(
    app: TamaloApp,
    journal: UpdateJournal,
    closing: asyncio.Event | None = None,
    inbox: Inbox | None = None,
) -> list[Route]:
    """What the bot's web server serves in either mode: the health check and the live
    scoreboard (its pages' events end when ``closing`` is set), whose Mini App's forms
    send their hands to ``inbox`` as messages of the chat."""

    async def health(request: Request) -> Response:
        """Whether the database answers."""
        if await journal.answers():
            return JSONResponse({"database": "ok"})
        return JSONResponse({"database": "unreachable"}, status_code=503)

    return [
        Route(HEALTH_PATH, health, methods=["GET"]),
        *board_routes(
            app.bot_data.db,
            app.bot.token,
            closing,
            None if inbox is None else Entries(app.bot_data.db, app.bot, into_inbox(inbox)),
            app.bot_data.renderer,
        ),
    ]


def into_inbox(inbox: Inbox) -> Deliver:
    """A hand from the table's screen kept in the inbox, as Telegram's updates are, and
    handled by whichever process holds its chat (kept again: known, and left alone)."""

    async def deliver(chat_id: int, update: dict[str, Any], again: bool) -> None:
        await inbox.journal.keep([(chat_id, update)])
        inbox.arrived(chat_id)

    return deliver


class Server(uvicorn.Server):
    """uvicorn, with signals left to the bot: it stops the server, then finishes the
    updates under way (uvicorn's own handling raises the signal again when done)."""

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        yield


async def run_webhook(
    app: TamaloApp, settings: Settings, url: str, path: str, secret: str, **options: Any
) -> None:
    """Serve the webhook until stopped; Telegram is told the address once it listens."""
    stop = stop_signal()
    with contextlib.suppress(Stopped):
        await _serve_webhook(app, settings, url, path, secret, stop, **options)


async def _serve_webhook(
    app: TamaloApp,
    settings: Settings,
    url: str,
    path: str,
    secret: str,
    stop: asyncio.Event,
    **options: Any,
) -> None:
    async with serving(app, stop) as inbox:
        closing = asyncio.Event()
        web = web_app(inbox.journal, inbox, path, secret, closing)
        async with listening(
            web, settings.webhook_listen, settings.port, closing=closing
        ) as server:
            if server is None:
                return
            await app.bot.set_webhook(url=url, secret_token=secret, **options)
            await stop.wait()


@contextlib.asynccontextmanager
async def listening(
    web: Starlette,
    host: str,
    port: int,
    sock: socket.socket | None = None,
    closing: asyncio.Event | None = None,
) -> AsyncIterator[Server | None]:
    """``web`` served on ``host:port`` (or on ``sock``, bound already) until the block
    ends (``None``: it could not listen, and stopped at once; its error is raised).
    ``closing`` is set as it stops: the scoreboard's streams end at once instead of holding
    the stop for uvicorn's grace."""
    config = uvicorn.Config(
        web,
        host=host,
        port=port,
        log_config=None,  # the bot's logging, which never prints the secret
        access_log=False,
        timeout_graceful_shutdown=GRACE,
    )
    server = Server(config)
    served = asyncio.create_task(server.serve(sockets=None if sock is None else [sock]))
    while not server.started:
        if served.done():
            await served  # it could not listen: its error
            yield None
            return
        await asyncio.sleep(0.05)
    try:
        yield server
    finally:
        if closing is not None:
            closing.set()
        server.should_exit = True
        await served


async def run_polling_served(
    app: TamaloApp, settings: Settings, allowed_updates: list[str]
) -> None:
    """Long polling, with the health check and the live scoreboard served on
    ``WEBHOOK_LISTEN:PORT`` (``WEB_SERVER=yes``)."""

    def beside(inbox: Inbox) -> contextlib.AbstractAsyncContextManager[object]:
        closing = asyncio.Event()
        web = Starlette(routes=served_routes(app, inbox.journal, closing, inbox))
        return listening(web, settings.webhook_listen, settings.port, closing=closing)

    await run_polling(app, allowed_updates, beside)
