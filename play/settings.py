"""A chat's settings (/impostazioni) and the language the bot speaks in it (/lingua)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from play.errors import AdminsDecide
from storage import ChatSettings, UnitOfWork


@dataclass(frozen=True)
class SettingsChanged:
    """The chat's settings from now on."""

    settings: ChatSettings


@dataclass(frozen=True)
class LanguageChosen:
    """The language the bot speaks in the chat from now on (``None``: the default)."""

    language: str | None


async def current(work: UnitOfWork, chat_id: int) -> ChatSettings:
    """The chat's settings as they are."""
    return await work.chats.settings(chat_id)


async def change(
    work: UnitOfWork,
    chat_id: int,
    current: ChatSettings,
    wanted: ChatSettings,
    *,
    in_group: bool,
    is_admin: Callable[[], Awaitable[bool]],
) -> SettingsChanged:
    """The chat's settings become ``wanted`` (read as changes to ``current``, the settings
    under this unit of work's lock). In a group, who may undo and fix is itself for the
    admins to decide: ``is_admin`` says whether the sender is one, asked only then."""
    if in_group and wanted.admins_only != current.admins_only and not await is_admin():
        raise AdminsDecide
    return SettingsChanged(await work.chats.change(chat_id, wanted))


async def choose_language(work: UnitOfWork, chat_id: int, language: str | None) -> LanguageChosen:
    """The bot speaks ``language`` in the chat from now on."""
    await work.chats.choose_language(chat_id, language)
    return LanguageChosen(language)
