"""/impostazioni and /lingua without Telegram: a chat's settings change, and in a group only
an admin decides who undoes and fixes."""

from __future__ import annotations

import pytest

from play import settings
from play.errors import AdminsDecide
from storage import ChatSettings, Database, chat_language, upgrade_schema
from tests.play.chat import CHAT, unit

LONDON = ChatSettings(timezone="Europe/London")


async def test_settings_change_and_stay(db: Database) -> None:
    await upgrade_schema(db)
    asked: list[bool] = []

    async def nobody() -> bool:
        asked.append(False)
        return False

    async with unit(db) as work:
        before = await settings.current(work, CHAT)
        assert before == ChatSettings()
        changed = await settings.change(work, CHAT, before, LONDON, in_group=True, is_admin=nobody)
        assert changed == settings.SettingsChanged(LONDON)
    assert asked == []  # the time zone is anyone's to change
    async with unit(db) as work:
        assert await settings.current(work, CHAT) == LONDON


async def test_in_a_group_only_an_admin_decides_who_undoes_and_fixes(db: Database) -> None:
    await upgrade_schema(db)
    admins_only = ChatSettings(admins_only=True)

    async def no() -> bool:
        return False

    async def yes() -> bool:
        return True

    with pytest.raises(AdminsDecide):
        async with unit(db) as work:
            await settings.change(
                work, CHAT, ChatSettings(), admins_only, in_group=True, is_admin=no
            )
    async with unit(db) as work:
        assert await settings.current(work, CHAT) == ChatSettings()
        await settings.change(work, CHAT, ChatSettings(), admins_only, in_group=True, is_admin=yes)
        assert await settings.current(work, CHAT) == admins_only
        await settings.change(work, 1, ChatSettings(), admins_only, in_group=False, is_admin=no)
        assert await settings.current(work, 1) == admins_only  # a private chat is its own


async def test_the_chat_s_language(db: Database) -> None:
    await upgrade_schema(db)
    async with unit(db) as work:
        assert await settings.choose_language(work, CHAT, "en") == settings.LanguageChosen("en")
    assert await chat_language(db, CHAT) == "en"
    async with unit(db) as work:
        await settings.choose_language(work, CHAT, None)
    assert await chat_language(db, CHAT) is None
