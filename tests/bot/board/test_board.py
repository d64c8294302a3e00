"""``/tavolo`` in a chat, and the live scoreboard it links to: the links and their token, the
refusals, the page (escaped names, its security headers, the chat's language) and its events
showing a hand recorded through the real Application."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta

import anyio
import httpx
import pytest
from sqlalchemy import text
from starlette.applications import Starlette

from bot.board import page
from bot.board.initdata import sign
from bot.board.panels import Shown
from bot.board.web import board_events, board_routes
from bot.commands.board import TOKEN_BYTES
from bot.table import Panel
from storage import Front, GameStore, UnitOfWork
from storage.boards import BOARD_LIFETIME, BoardStore
from tests.bot.conftest import Table

BASE = "https://tamalo.example.com"
LINK = re.compile(re.escape(BASE) + r"/tavolo/([A-Za-z0-9_-]+)")


def buttons(table: Table) -> list[dict[str, str]]:
    """The URL buttons of the bot's last message."""
    for name, parameters in reversed(table.request.calls):
        if name == "sendMessage":
            markup = parameters.get("reply_markup")
            keyboard = json.loads(markup) if isinstance(markup, str) else markup or {}
            return [b for row in keyboard.get("inline_keyboard", []) for b in row]
    return []


@pytest.fixture
def served(table: Table) -> Table:
    """The bot with a public address and a Mini App, as in production."""
    table.app.bot_data.board_url = BASE
    table.app.bot_data.mini_app = "tavolo"
    return table


async def token_of(table: Table, command: str = "/tavolo") -> str:
    reply = await table.reply(command)
    found = LINK.search(reply)
    assert found is not None, reply
    return found[1]


def web(table: Table) -> httpx.AsyncClient:
    """A browser on the bot's web server (its scoreboard's routes)."""
    routes = board_routes(table.app.bot_data.db, table.app.bot.token)
    transport = httpx.ASGITransport(app=Starlette(routes=routes))
    return httpx.AsyncClient(transport=transport, base_url=BASE)


# --- /tavolo in the chat ---


async def test_tavolo_keeps_a_token_with_the_chat_and_the_game_and_replies_with_both_links(
    served: Table,
) -> None:
    await served.send("/nuova Anna Bruno Carlo")
    before = datetime.now(UTC)
    token = await token_of(served)

    assert len(token) >= TOKEN_BYTES  # 22 characters of A-Za-z0-9_-
    [app, browser] = buttons(served)
    assert app["url"] == f"https://t.me/TamaloBot/tavolo?startapp={token}"
    assert browser["url"] == f"{BASE}/tavolo/{token}"
    async with served.app.bot_data.db.reading() as session:
        board = await UnitOfWork(session).store(BoardStore).find(token, datetime.now(UTC))
        game = (await UnitOfWork(session).games.front(served.chat_id))[-1]
    assert board is not None
    assert (board.chat_id, board.game_id) == (served.chat_id, game.id)
    assert before + BOARD_LIFETIME <= board.expires_at <= datetime.now(UTC) + BOARD_LIFETIME
    # Each /tavolo a new token: an old link can be left behind.
    assert await token_of(served) != token


async def test_without_a_mini_app_only_the_browsers_link(served: Table) -> None:
    served.app.bot_data.mini_app = None
    await served.send("/nuova Anna Bruno")
    token = await token_of(served)
    assert [b["url"] for b in buttons(served)] == [f"{BASE}/tavolo/{token}"]


async def test_the_link_expires_after_its_lifetime(served: Table) -> None:
    await served.send("/nuova Anna Bruno")
    token = await token_of(served)
    async with served.app.bot_data.db.reading() as session:
        store = UnitOfWork(session).store(BoardStore)
        board = await store.find(token, datetime.now(UTC))
        assert board is not None
        assert await store.find(token, board.expires_at - timedelta(seconds=1)) is not None
        assert await store.find(token, board.expires_at) is None


async def test_tavolo_refuses_an_argument_and_a_chat_with_no_game_changing_nothing(
    served: Table,
) -> None:
    assert (
        await served.refusals(
            [
                ("/tavolo", "Nessuna partita in corso"),
                ("/tavolo tv", "/tavolo si scrive da solo"),
            ]
        )
        == []
    )
    await served.send("/nuova Anna Bruno")
    await served.close()
    assert await served.refusals([("/tavolo", "Nessuna partita in corso")]) == []
    async with served.app.bot_data.db.reading() as session:
        kept = await session.scalar(text("SELECT count(*) FROM board_tokens"))
    assert kept == 0


async def test_without_a_public_address_tavolo_says_how_to_get_one(table: Table) -> None:
    await table.send("/nuova Anna Bruno")
    reply = await table.reply("/tavolo")
    assert "PUBLIC_URL" in reply
    assert "docs/deploy.md" in reply
    assert "/classifica" in reply  # the chat's commands go on working
    assert buttons(table) == []


async def test_tavolo_speaks_the_chats_language(served: Table) -> None:
    await served.send("/lingua en")
    assert "No game in progress" in await served.reply("/table")
    await served.send("/new Anna Bruno")
    reply = await served.reply("/table")
    assert "live scoreboard" in reply
    assert f"{BASE}/tavolo/" in reply
    assert [b["text"] for b in buttons(served)] == ["📱 Open in Telegram", "📺 Scoreboard"]


# --- the page ---


async def test_the_page_shows_the_standings_and_hands_with_its_security_headers(
    served: Table,
) -> None:
    await served.send("/nuova Anna Bruno Carlo")
    await served.record("/mano Anna 3 Bruno 12 Carlo 7")
    token = await token_of(served)
    async with web(served) as browser:
        shown = await browser.get(f"/tavolo/{token}")
        script = await browser.get("/tavolo/static/board.js")
        unknown = await browser.get("/tavolo/nothing-here")
    assert shown.status_code == 200
    csp = shown.headers["content-security-policy"]
    assert "default-src 'none'" in csp
    assert "script-src 'self'" in csp
    assert "unsafe-inline" not in csp
    html = shown.text
    assert "Classifica" in html
    assert "Ultime mani" in html
    assert "Mano 1" in html
    assert "Anna" in html
    assert "Bruno 12" in html
    assert f'data-events="/tavolo/{token}/events"' in html
    assert '<script src="/tavolo/static/board.js"' in html
    assert "<script>" not in html
    assert "123456:TEST" not in html  # the bot token is never in a page
    assert script.status_code == 200
    assert "EventSource" in script.text
    assert unknown.status_code == 404
    assert "non vale più" in unknown.text


async def test_a_hostile_name_is_shown_as_text(served: Table) -> None:
    await served.send("/nuova Anna Bruno")
    await served.record("/mano Anna 3 Bruno 12")
    token = await token_of(served)
    hostile = '<script>alert("x")</script>'
    async with served.app.bot_data.db.transaction() as session:  # a name older rules allowed
        await session.execute(
            text("UPDATE players SET name = :name WHERE name = 'Anna'"), {"name": hostile}
        )
        await session.execute(text("UPDATE games SET snapshot = NULL"))
    async with web(served) as browser:
        html = (await browser.get(f"/tavolo/{token}")).text
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in html
    assert hostile not in html


def test_every_row_of_a_panel_is_escaped() -> None:
    hostile = "<img src=x onerror=alert(1)>"
    panel = Panel((f"1. {hostile} 3",), (("Mano 1", (f"{hostile} 3",)),))
    html = page.board_fragment(Shown(f"{hostile}", panel, running=True))
    assert "<img" not in html
    assert html.count("&lt;img src=x onerror=alert(1)&gt;") == 3


async def test_the_page_speaks_the_chats_language(served: Table) -> None:
    await served.send("/lingua en")
    await served.send("/new Anna Bruno")
    token = await token_of(served, "/table")
    async with web(served) as browser:
        html = (await browser.get(f"/tavolo/{token}")).text
        app = (await browser.get(f"/tavolo/app?tgWebAppStartParam={token}")).text
    assert '<html lang="en">' in html
    assert "Standings" in html
    assert "No hands yet." in html
    assert "Opening the scoreboard" in app  # the Mini App's first page too
    await served.record("/hand Anna 3 Bruno 12")
    events = board_events(served.app.bot_data.db, token)
    try:
        live = await next_board(events)
    finally:
        await events.aclose()  # type: ignore[attr-defined]
    async with web(served) as browser:
        html = (await browser.get(f"/tavolo/{token}")).text
    for shown in (html, live):  # the game's own words too, in the page and in its events
        assert "Standings after 1 hand" in shown
        assert "Hand 1" in shown
        assert "Classifica" not in shown


async def test_a_closed_game_shows_its_final_standings(served: Table) -> None:
    await served.send("/nuova Anna Bruno")
    await served.record("/mano Anna 3 Bruno 12")
    token = await token_of(served)
    await served.close()
    async with web(served) as browser:
        html = (await browser.get(f"/tavolo/{token}")).text
    assert "Partita finita." in html


# --- the live events ---


async def next_board(events: AsyncIterator[str], most: float = 10.0) -> str:
    """The next board the events carry (comments skipped), as HTML."""
    while True:
        event = await asyncio.wait_for(anext(events), most)
        if event.startswith("event: board"):
            return str(json.loads(event.split("data: ", 1)[1])["html"])


async def test_the_events_show_a_hand_recorded_within_a_second(served: Table) -> None:
    await served.send("/nuova Anna Bruno Carlo")
    token = await token_of(served)
    events = board_events(served.app.bot_data.db, token, every=0.1)
    try:
        first = await next_board(events)
        assert "Mano 1" not in first
        await served.record("/mano Anna 3 Bruno 12 Carlo 7")
        started = asyncio.get_running_loop().time()
        second = await next_board(events)
        assert asyncio.get_running_loop().time() - started < 1.0
        assert "Mano 1" in second
        assert "Bruno 12" in second
        await served.record("/mano Anna 1 Bruno 2 Carlo 30")
        assert "Mano 2" in await next_board(events)
    finally:
        await events.aclose()  # type: ignore[attr-defined]


async def test_the_events_end_when_the_link_expires(served: Table) -> None:
    await served.send("/lingua en")
    await served.send("/new Anna Bruno")
    token = await token_of(served, "/table")
    soon = datetime.now(UTC) + timedelta(seconds=1)
    async with served.app.bot_data.db.transaction() as session:
        await session.execute(text("UPDATE board_tokens SET expires_at = :soon"), {"soon": soon})
    events = board_events(served.app.bot_data.db, token, every=0.05)
    await next_board(events)
    last = await asyncio.wait_for(anext(events), 5)
    assert datetime.now(UTC) >= soon
    assert last.startswith("event: expired")
    assert "This link no longer works" in last  # in the chat's language
    with pytest.raises(StopAsyncIteration):
        await anext(events)
    gone = board_events(served.app.bot_data.db, token)  # opened after it expired
    assert (await anext(gone)).startswith("event: expired")


async def test_the_link_expires_with_its_game_once_another_starts(served: Table) -> None:
    await served.send("/nuova Anna Bruno")
    await served.record("/mano Anna 3 Bruno 12")
    token = await token_of(served)
    events = board_events(served.app.bot_data.db, token, every=0.05)
    assert "Bruno 12" in await next_board(events)
    await served.close()
    assert "Partita finita." in await next_board(events)  # the last game: still its own
    await served.send("/nuova Carlo Dario")

    last = await asyncio.wait_for(anext(events), 5)
    assert last.startswith("event: expired")
    assert "Questo link non vale più" in last
    async with web(served) as browser:
        page = await browser.get(f"/tavolo/{token}")
    assert page.status_code == 404
    assert "Carlo" not in page.text  # never the new game's players


async def test_the_events_of_an_unknown_link_are_refused(served: Table) -> None:
    async with web(served) as browser:
        response = await browser.get("/tavolo/nothing-here/events")
    assert response.status_code == 404


# --- the Mini App ---


def signed(token: str, bot_token: str, *, at: datetime | None = None) -> str:
    from urllib.parse import urlencode

    fields = {
        "user": json.dumps({"id": 42, "first_name": "Anna"}),
        "auth_date": str(int((at or datetime.now(UTC)).timestamp())),
        "start_param": token,
        "chat_instance": "1",
    }
    return urlencode(fields | {"hash": sign(fields, bot_token)})


async def test_the_mini_app_opens_its_board_and_refuses_forged_expired_and_cross_chat(
    served: Table,
) -> None:
    await served.send("/nuova Anna Bruno")
    ours = await token_of(served)
    other = served.in_chat(-100_999)
    await other.send("/nuova Carlo Dario")
    theirs = await token_of(other)
    bot_token = served.app.bot.token
    day_ago = datetime.now(UTC) - timedelta(days=1, minutes=1)

    async with web(served) as browser:

        async def opens(token: str, init_data: str) -> int:
            asked = {"token": token, "init_data": init_data}
            response = await browser.post("/tavolo/app/open", json=asked)
            if response.status_code == 200:
                assert response.json() == {"board": f"/tavolo/{token}"}
            return response.status_code

        first = await browser.get("/tavolo/app")
        assert first.status_code == 200
        assert 'data-app="/tavolo/app/open"' in first.text
        assert await opens(ours, signed(ours, bot_token)) == 200
        assert await opens(ours, signed(ours, "654321:FORGED")) == 403
        assert await opens(ours, signed(ours, bot_token, at=day_ago)) == 403
        assert await opens(ours, signed(theirs, bot_token)) == 403  # another chat's board
        assert await opens("unknown", signed("unknown", bot_token)) == 403
        bad = await browser.post("/tavolo/app/open", content=b"not json")
        assert bad.status_code == 400


async def test_a_page_closed_in_the_middle_of_a_read_leaves_the_database_as_it_was(
    served: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A browser closing the page cancels its events wherever they are (Starlette cancels
    the stream's task group, and every await after it too), here in the middle of a read:
    the read ends by itself, its connection back in the pool as it was, and the next pages
    and hands go on."""
    await served.send("/nuova Anna Bruno")
    token = await token_of(served)
    db = served.app.bot_data.db
    front = GameStore.front
    reads: list[str] = []

    read_started = asyncio.Event()

    async def slow_front(self: GameStore, chat_id: int) -> Front:
        reads.append("started")
        read_started.set()
        await asyncio.sleep(0.3)  # the page is closed now, in the middle of this read
        found = await front(self, chat_id)
        reads.append("ended")
        return found

    async def watch() -> None:
        async for _event in board_events(db, token, every=0.001):
            pass

    monkeypatch.setattr(GameStore, "front", slow_front)
    for _ in range(8):  # more than the pool's connections
        read_started.clear()
        async with anyio.create_task_group() as group:
            group.start_soon(watch)
            await read_started.wait()  # its read under way
            group.cancel_scope.cancel()
    monkeypatch.setattr(GameStore, "front", front)
    for _ in range(500):  # each read ends by itself, in turn (a busy machine: a while)
        if reads.count("ended") == 8:
            break
        await asyncio.sleep(0.02)
    assert reads.count("ended") == reads.count("started") == 8
    async with web(served) as browser:
        for _ in range(20):
            assert (await browser.get(f"/tavolo/{token}")).status_code == 200
    await served.record("/mano Anna 3 Bruno 12")
    assert "Bruno 12" in await served.reply("/classifica")


async def test_the_events_end_at_once_when_the_server_stops(served: Table) -> None:
    """A stopping server ends its pages' streams at once (their browsers reconnect to
    another instance, or to this one started again), not after uvicorn's grace."""
    await served.send("/nuova Anna Bruno")
    token = await token_of(served)
    closing = asyncio.Event()
    events = board_events(served.app.bot_data.db, token, every=60, closing=closing)
    await next_board(events)

    async def next_event() -> str:
        return await anext(events)

    waiting = asyncio.create_task(next_event())
    await asyncio.sleep(0.05)
    started = asyncio.get_running_loop().time()
    closing.set()
    with pytest.raises(StopAsyncIteration):
        await asyncio.wait_for(waiting, 5)
    assert asyncio.get_running_loop().time() - started < 0.5


async def test_the_board_draws_the_games_chart_at_an_address_that_changes_with_each_hand(
    served: Table,
) -> None:
    app = served.app
    routes = board_routes(app.bot_data.db, app.bot.token, None, None, app.bot_data.renderer)
    transport = httpx.ASGITransport(app=Starlette(routes=routes))
    await served.send("/nuova Anna Bruno")
    token = await token_of(served)
    async with httpx.AsyncClient(transport=transport, base_url=BASE) as browser:
        assert "chart.png" not in (await browser.get(f"/tavolo/{token}")).text  # no hand yet
        await served.record("/mano Anna 3 Bruno 12")
        first = re.search(
            r'src="(/tavolo/[^"]+/chart\.png\?v=\w+)"', (await browser.get(f"/tavolo/{token}")).text
        )
        assert first is not None
        chart = await browser.get(first[1])
        assert chart.status_code == 200
        assert chart.headers["content-type"] == "image/png"
        assert chart.content.startswith(b"\x89PNG")
        await served.record("/mano Anna 1 Bruno 2")
        second = re.search(
            r'src="(/tavolo/[^"]+/chart\.png\?v=\w+)"', (await browser.get(f"/tavolo/{token}")).text
        )
        assert second is not None
        assert second[1] != first[1]
        assert (await browser.get(f"/tavolo/{token}/chart.png")).status_code == 200
        assert (await browser.get("/tavolo/unknown/chart.png")).status_code == 404


async def test_a_hundred_open_boards_read_the_database_once_a_tick_together(served: Table) -> None:
    """The boards a process has open wait on one read for them all: a hundred boards of
    ten chats, each tick one statement, and a hand in one chat wakes that chat's boards."""
    from bot.board.watch import Watch

    db = served.app.bot_data.db
    tokens = []
    for chat in range(10):
        table = served.in_chat(-100_500 - chat)
        await table.send("/nuova Anna Bruno")
        tokens.append(await token_of(table))
    watch = Watch(db, 0.05)
    reads = 0
    versions = watch._versions

    async def counted(chats: list[int]) -> dict[int, tuple[object, ...]]:
        nonlocal reads
        reads += 1
        return await versions(chats)

    watch._versions = counted  # type: ignore[method-assign]
    streams = [board_events(db, tokens[i % 10], every=0.05, watch=watch) for i in range(100)]
    try:
        for stream in streams:
            assert "Anna 0" in await next_board(stream)
        reads_before = reads
        await asyncio.sleep(0.5)
        assert reads - reads_before <= 12  # one a tick (ten ticks), not one a board
        await served.in_chat(-100_503).record("/mano Anna 3 Bruno 12")
        for stream in streams[3::10]:
            assert "Bruno 12" in await next_board(stream)
    finally:
        for stream in streams:
            await stream.aclose()  # type: ignore[attr-defined]
