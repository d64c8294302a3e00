"""The typed context every handler receives: the database is reached through it."""

from __future__ import annotations

import asyncio
from typing import Any, TypeVar

from telegram.ext import Application, CallbackContext, ContextTypes, ExtBot

from bot.render import Renderer
from storage import Database

K = TypeVar("K")


class BotData:
    """Application-wide resources, opened at start-up."""

    db: Database
    renderer: Renderer
    #: Work the bot does in the background after a reply (a forecast's futures drawn, in
    #: ``bot.games.tamalo.commands.forecast``): a stopping bot lets it end, briefly.
    drawing: set[asyncio.Task[None]]
    #: Messages are paced to Telegram's limits (``build_application``'s ``rate_limit``).
    paced: bool = True
    #: Seconds a hand's reply waits for its forecast line before going without it.
    forecast_timeout: float = 2.0
    #: Off: no chat's hand replies carry the forecast line, whatever its setting (the tests
    #: of the replies' other lines; ``tests/bot/test_forecast_in_chat.py`` has it on).
    forecast_lines: bool = True
    #: Closes hand entries left alone and tidies the journal, while the bot runs (``keep_tidy``).
    sweeper: asyncio.Task[None] | None = None
    #: Where the live scoreboard is reached (``Settings.board_url``; the console's own
    #: address): ``None``, and ``/tavolo`` says how to get one.
    board_url: str | None = None
    #: The Mini App's short name (``Settings.mini_app``): ``/tavolo`` adds its direct link.
    mini_app: str | None = None
    #: The console only: ``/tavolo`` adds the Mini App's page on this machine, opened as
    #: Telegram would open it for who typed it (``initData`` signed with the console's
    #: token), so that its forms are tried without Telegram.
    local_app: bool = False
    #: Publishes again the menus of the chats that chose a language, at start-up.
    menus: asyncio.Task[None] | None = None

    #: What a game keeps in this process to answer faster (caches, never state: a restart
    #: or another process works it out again), by its class (``kept``).

    def __init__(self) -> None:
        self._kept: dict[type[Any], Any] = {}

    def kept(self, kind: type[K]) -> K:
        """The process's one ``kind`` (made with no arguments the first time)."""
        found = self._kept.get(kind)
        if found is None:
            found = self._kept[kind] = kind()
        return found


class Context(CallbackContext[ExtBot[Any], dict[object, object], dict[object, object], BotData]):
    @property
    def db(self) -> Database:
        return self.bot_data.db

    @property
    def renderer(self) -> Renderer:
        return self.bot_data.renderer

    @property
    def text_args(self) -> str:
        """The command's arguments as one string (the parsers re-split it)."""
        return " ".join(self.args or ())


CONTEXT_TYPES = ContextTypes(context=Context, bot_data=BotData)

TamaloApp = Application[
    ExtBot[Any], Context, dict[object, object], dict[object, object], BotData, None
]
