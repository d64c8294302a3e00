"""The live scoreboard's routes, on the bot's web server (``bot.webhook``): the page of a link
(``/tavolo/<token>``), its events (``/tavolo/<token>/events``: the board written again
whenever the chat's games change, read off the database every ``EVERY`` seconds, so that any
bot process serves any page and none keeps anything for it), the Mini App's first page and
its check of Telegram's ``initData``, and the page's own script and style."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from bot import games, i18n
from bot.board import page
from bot.board.entries import Entries
from bot.board.initdata import InitDataRefused, verify_for
from bot.board.panels import Shown, shown
from bot.board.watch import Watch, whole
from bot.refusals import UserError
from bot.render import Renderer
from bot.table import Drawing
from bot.texts import board as texts
from play.errors import Refused
from scoring.errors import RuleBroken
from storage import Database, UnitOfWork
from storage.boards import Board, BoardStore

log = logging.getLogger(__name__)

#: Seconds between two reads of a board's games: a hand shows within about this long.
EVERY = 0.5
#: Seconds between two comments on a quiet stream, so that proxies keep it open.
KEEP_ALIVE = 15.0
STATIC = Path(__file__).parent / "static"
TYPES = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8"}


async def read_board(db: Database, token: str, now: datetime) -> tuple[Board, str] | None:
    """The link ``token`` if it works, and its chat's language."""
    async with db.reading() as session:
        boards = UnitOfWork(session).store(BoardStore)
        board = await boards.find(token, now)
        if board is None:
            return None
        return board, await boards.language(board.chat_id) or i18n.DEFAULT


async def read_shown(db: Database, board: Board) -> Shown | None:
    """The chat's games in front, as their game's panel shows them (``None``: another game
    started since the link was given, and it expired with its own)."""
    async with db.reading() as session:
        work = UnitOfWork(session)
        front = await work.games.front(board.chat_id)
        return await shown(work, front) if board.of(front) else None


async def read_chart(db: Database, board: Board) -> Drawing | None:
    """What the board's game draws as its chart, while the chat's games are its own."""
    async with db.reading() as session:
        work = UnitOfWork(session)
        front = await work.games.front(board.chat_id)
        game = games.GAMES.get(front[-1].kind) if front and board.of(front) else None
        if game is None or game.board_chart is None:
            return None
        try:
            return await game.board_chart(work, front)
        except (UserError, Refused, RuleBroken):  # nothing to draw
            return None


async def board_events(
    db: Database,
    token: str,
    every: float = EVERY,
    keep_alive: float = KEEP_ALIVE,
    closing: asyncio.Event | None = None,
    watch: Watch | None = None,
) -> AsyncIterator[str]:
    """The events of a board's page: the board written again each time its games change
    (``board``), a comment now and then, and ``expired`` once its link stops working; they
    end at once when the server is ``closing`` (the browser reconnects to another). What
    changed is read by ``watch`` for every board the process has open (one statement every
    ``every`` seconds); this board reads and writes its panel only then."""
    closing = closing or asyncio.Event()
    watch = watch or Watch(db, every)
    found = await whole(read_board(db, token, datetime.now(UTC)))
    language = i18n.DEFAULT if found is None else found[1]
    if found is not None:
        board, shown_html = found[0], ""
        quiet_until = asyncio.get_running_loop().time() + keep_alive
        async with watch.watching(board.chat_id) as changed:
            changed.set()  # the board as it is, first
            while datetime.now(UTC) < board.expires_at:
                if closing.is_set():
                    return
                if changed.is_set():
                    changed.clear()
                    read = await whole(_board_now(db, board))
                    if read is None:  # another game started: the link expired with its own
                        break
                    language, html = read
                    if html and html != shown_html:
                        shown_html = html
                        quiet_until = asyncio.get_running_loop().time() + keep_alive
                        yield _event("board", html)
                elif asyncio.get_running_loop().time() >= quiet_until:
                    yield ": still here\n\n"
                    quiet_until = asyncio.get_running_loop().time() + keep_alive
                # Asleep until the chat changes, the server stops, a comment is due or the
                # link expires: an idle board costs nothing between.
                left = (board.expires_at - datetime.now(UTC)).total_seconds()
                due = quiet_until - asyncio.get_running_loop().time()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(_either(changed, closing), max(0.0, min(left, due)))
    with i18n.speaking(language):  # never across a yield: the language is this task's
        expired = page.message_fragment(texts.link_expired())
    yield _event("expired", expired)


async def _either(*events: asyncio.Event) -> None:
    """Until one of ``events`` is set."""
    waiting = [asyncio.ensure_future(event.wait()) for event in events]
    try:
        await asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for wait in waiting:
            wait.cancel()


async def _board_now(db: Database, board: Board) -> tuple[str, str] | None:
    """The chat's language and the board written in it (``None`` once the chat's games are
    no longer the link's)."""
    async with db.reading() as session:
        work = UnitOfWork(session)
        front = await work.games.front(board.chat_id)
        if not board.of(front):
            return None
        language = await work.store(BoardStore).language(board.chat_id) or i18n.DEFAULT
        with i18n.speaking(language):  # the game's panel says its words in it too
            now_shown = await shown(work, front)
            html = "" if now_shown is None else page.board_fragment(now_shown, board.token)
    return language, html


def _event(name: str, html: str) -> str:
    return f"event: {name}\ndata: {json.dumps({'html': html}, ensure_ascii=False)}\n\n"


def board_routes(
    db: Database,
    bot_token: str,
    closing: asyncio.Event | None = None,
    entries: Entries | None = None,
    renderer: Renderer | None = None,
) -> list[Route]:
    """The scoreboard's routes, reading ``db``; ``bot_token`` checks the Mini App's
    ``initData`` and is never written anywhere; ``closing``, set, ends the pages' events
    (the server is stopping); ``entries``: the forms that record hands from the Mini App
    (``None``: the board only shows); ``renderer``: where its charts are drawn (``None``:
    none)."""

    watch = Watch(db, EVERY)  # every board this process has open, read together

    async def board_page(request: Request) -> Response:
        """A link's page, as the board is now."""
        token = request.path_params["token"]
        found = await read_board(db, token, datetime.now(UTC))
        if found is None:
            with i18n.speaking(i18n.DEFAULT):
                return _html(page.message_page(texts.link_expired()), 404)
        board, language = found
        with i18n.speaking(language):  # the game's panel says its words in it too
            now_shown = await read_shown(db, board)
            if now_shown is None:
                return _html(page.message_page(texts.link_expired()), 404)
            return _html(page.board_page(now_shown, token, writable=entries is not None))

    async def events(request: Request) -> Response:
        """A link's events, until the page is closed or the link expires."""
        token = request.path_params["token"]
        if await read_board(db, token, datetime.now(UTC)) is None:
            return Response(status_code=404, headers=page.HEADERS)
        headers = page.HEADERS | {"X-Accel-Buffering": "no"}  # nginx: pass each event on
        return StreamingResponse(
            board_events(db, token, closing=closing, watch=watch),
            media_type="text/event-stream",
            headers=headers,
        )

    async def app_page(request: Request) -> Response:
        """The Mini App's first page (the URL given to BotFather), in the language of the
        chat its link is of (Telegram adds the link's token to the address)."""
        token = request.query_params.get("tgWebAppStartParam", "")
        found = await read_board(db, token, datetime.now(UTC)) if token else None
        with i18n.speaking(i18n.DEFAULT if found is None else found[1]):
            return _html(page.app_page())

    async def open_app(request: Request) -> Response:
        """The Mini App's ``initData`` checked for the link it was opened for: the board's
        address, or 403 (logged once, without the data)."""
        try:
            asked = await request.json()
            token, init_data = str(asked["token"]), str(asked["init_data"])
        except (ValueError, KeyError, TypeError):
            return JSONResponse({"error": "bad request"}, status_code=400, headers=page.HEADERS)
        now = datetime.now(UTC)
        try:
            checked = verify_for(init_data, bot_token, token, now)
        except InitDataRefused as refused:
            log.info("Mini App refused: %s", refused.reason)
            return JSONResponse({"error": "refused"}, status_code=403, headers=page.HEADERS)
        if await read_board(db, token, now) is None:
            log.info("Mini App refused: link unknown or expired (user %s)", checked.user_id)
            return JSONResponse({"error": "expired"}, status_code=403, headers=page.HEADERS)
        return JSONResponse({"board": f"/tavolo/{token}"}, headers=page.HEADERS)

    async def form(request: Request) -> Response:
        """The form of the chat's next hand, in the chat's language (a message saying why
        there is none: the game is over, its hands are typed)."""
        token = request.path_params["token"]
        found = await read_board(db, token, datetime.now(UTC))
        if found is None or entries is None:
            with i18n.speaking(i18n.DEFAULT if found is None else found[1]):
                return _html(page.message_fragment(texts.link_expired()), 404)
        board, language = found
        with i18n.speaking(language):
            try:
                return _html(await entries.form(board))
            except UserError as error:
                return _html(page.message_fragment(error.message), 409)

    async def preview(request: Request) -> Response:
        """What a hand tapped on the form would do (Tagò's pots), recording nothing."""
        token = request.path_params["token"]
        found = await read_board(db, token, datetime.now(UTC))
        if found is None or entries is None:
            return JSONResponse({"error": "expired"}, status_code=404, headers=page.HEADERS)
        board, language = found
        try:
            asked = await request.json()
            stamp, tapped = str(asked["stamp"]), asked["values"]
            if not isinstance(tapped, dict):
                raise TypeError("values")
        except (ValueError, KeyError, TypeError):
            return JSONResponse({"error": "bad request"}, status_code=400, headers=page.HEADERS)
        with i18n.speaking(language):
            sent = await entries.preview(board, stamp, tapped)
        return JSONResponse(
            {"status": sent.status, "said": sent.said}, status_code=sent.http, headers=page.HEADERS
        )

    async def send(request: Request) -> Response:
        """A hand tapped on the form, sent from the Mini App: its ``initData`` checked for
        this link, then recorded as its sender's message in the chat (``bot.board.entries``)."""
        token = request.path_params["token"]
        now = datetime.now(UTC)
        found = await read_board(db, token, now)
        if found is None or entries is None:
            return JSONResponse({"error": "expired"}, status_code=404, headers=page.HEADERS)
        board, language = found
        try:
            asked = await request.json()
            init_data, nonce = str(asked["init_data"]), str(asked["nonce"])
            stamp, tapped = str(asked["stamp"]), asked["values"]
            if not isinstance(tapped, dict) or not 16 <= len(nonce) <= 64:
                raise TypeError("values")
        except (ValueError, KeyError, TypeError):
            return JSONResponse({"error": "bad request"}, status_code=400, headers=page.HEADERS)
        try:
            sender = verify_for(init_data, bot_token, token, now)
        except InitDataRefused as refused:
            log.info("Mini App refused a hand: %s", refused.reason)
            return JSONResponse({"error": "refused"}, status_code=403, headers=page.HEADERS)
        with i18n.speaking(language):
            sent = await entries.send(board, sender, nonce, stamp, tapped)
        return JSONResponse(
            {"status": sent.status, "said": sent.said}, status_code=sent.http, headers=page.HEADERS
        )

    async def chart(request: Request) -> Response:
        """The game's chart, drawn in a worker (its address changes with each hand, so a
        browser keeps each one)."""
        token = request.path_params["token"]
        found = await read_board(db, token, datetime.now(UTC))
        if found is None or renderer is None:
            return Response(status_code=404, headers=page.HEADERS)
        board, language = found
        with i18n.speaking(language):
            drawing = await read_chart(db, board)
        if drawing is None:
            return Response(status_code=404, headers=page.HEADERS)
        draw, arguments = drawing
        png = await renderer.draw(draw, *arguments)
        headers = page.HEADERS | {"Cache-Control": "private, max-age=86400"}
        return Response(png, media_type="image/png", headers=headers)

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        path = STATIC / name
        if path.suffix not in TYPES or path.parent != STATIC or not path.is_file():
            return Response(status_code=404)
        headers = page.HEADERS | {"Cache-Control": "public, max-age=300"}
        return Response(path.read_bytes(), media_type=TYPES[path.suffix], headers=headers)

    return [
        Route("/tavolo/app", app_page, methods=["GET"]),
        Route("/tavolo/app/open", open_app, methods=["POST"]),
        Route("/tavolo/static/{name}", static, methods=["GET"]),
        Route("/tavolo/{token}", board_page, methods=["GET"]),
        Route("/tavolo/{token}/events", events, methods=["GET"]),
        Route("/tavolo/{token}/form", form, methods=["GET"]),
        Route("/tavolo/{token}/form", send, methods=["POST"]),
        Route("/tavolo/{token}/preview", preview, methods=["POST"]),
        Route("/tavolo/{token}/chart.png", chart, methods=["GET"]),
    ]


def _html(text: str, status: int = 200) -> HTMLResponse:
    return HTMLResponse(text, status_code=status, headers=page.HEADERS)
