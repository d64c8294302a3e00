"""The typed context every handler receives: the database is reached through it."""

from __future__ import annotations

import asyncio
from typing import Any

from telegram.ext import Application, CallbackContext, ContextTypes, ExtBot

from bot.render import Renderer
from play.forecast import Drawn, Histories
from storage import Database


class BotData:
    """Application-wide resources, opened at start-up."""

    db: Database
    renderer: Renderer
    #: The chats' histories the forecast reads, kept while no game of theirs ends.
    histories: Histories
    #: The games' futures their latest draw point drew, for the hands until the next.
    drawn: Drawn
    #: Futures being drawn in the background (``bot.games.tamalo.commands.forecast``).
    drawing: set[asyncio.Task[None]]
    #: Seconds a hand's reply waits for its forecast line before going without it.
    forecast_timeout: float = 2.0
    #: Off: no chat's hand replies carry the forecast line, whatever its setting (the tests
    #: of the replies' other lines; ``tests/bot/test_forecast_in_chat.py`` has it on).
    forecast_lines: bool = True
    #: Closes hand entries left alone and tidies the journal, while the bot runs (``keep_tidy``).
    sweeper: asyncio.Task[None] | None = None
    #: Publishes again the menus of the chats that chose a language, at start-up.
    menus: asyncio.Task[None] | None = None


class Context(CallbackContext[ExtBot[Any], dict[object, object], dict[object, object], BotData]):
    @property
    def db(self) -> Database:
        return self.bot_data.db

    @property
    def renderer(self) -> Renderer:
        return self.bot_data.renderer

    @property
    def histories(self) -> Histories:
        return self.bot_data.histories

    @property
    def text_args(self) -> str:
        """The command's arguments as one string (the parsers re-split it)."""
        return " ".join(self.args or ())


CONTEXT_TYPES = ContextTypes(context=Context, bot_data=BotData)

TamaloApp = Application[
    ExtBot[Any], Context, dict[object, object], dict[object, object], BotData, None
]
