"""Telegram's limits: a group's standings asked again soon edit the last standings message."""

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import update
from telegram.error import BadRequest
from telegram.ext import AIORateLimiter

from bot.app import build_application
from bot.commands import standings
from bot.journal import AnswerFirst
from bot.settings import Secret, Settings
from storage import models
from tests.bot.conftest import Table
from tests.bot.fakes import RecordingRequest


async def test_standings_asked_again_within_a_minute_edit_the_last_ones(table: Table) -> None:
    await table.send("/nuova Anna Bruno")
    await table.send("/mano Anna 3 Bruno 12")
    await table.send("/classifica")
    shown = table.request.answers[-1]
    assert isinstance(shown, dict)
    await table.send("/mano Anna 20 Bruno 5")

    again = await table.calls("/classifica")

    assert [name for name, _ in again] == ["editMessageText"]
    edit = again[0][1]
    assert edit["message_id"] == shown["message_id"]
    assert edit["text"].startswith("Classifica dopo 2 mani (si chiude a 100):\n1. Bruno 17\n")
    assert "\n\n🔄 Aggiornata alle " in edit["text"]


async def test_later_standings_or_a_lost_message_get_a_new_message(table: Table) -> None:
    await table.send("/nuova Anna Bruno")
    await table.send("/classifica")
    async with table.app.bot_data.db.transaction() as session:
        await session.execute(
            update(models.Chat).values(standings_at=datetime.now(UTC) - timedelta(minutes=2))
        )
    assert [n for n, _ in await table.calls("/classifica")] == ["sendMessage"]

    table.request.refusing["editMessageText"] = "Bad Request: message to edit not found"
    calls = await table.calls("/classifica")
    assert [n for n, _ in calls] == ["editMessageText", "sendMessage"]
    assert calls[1][1]["text"].startswith("Classifica dopo 0 mani")


def test_the_bot_paces_its_messages_to_telegrams_limits() -> None:
    settings = Settings(token=Secret("123456:TEST"), chart_workers=0)
    app = build_application(settings, request=RecordingRequest())
    assert isinstance(app.bot.rate_limiter, AnswerFirst)  # which commits a change first
    assert isinstance(app.bot.rate_limiter.inner, AIORateLimiter)


async def test_an_unexpected_error_is_logged_with_its_chat_and_the_chat_is_told(
    table: Table, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    async def broken(*args: object) -> None:
        raise RuntimeError("the disk is on fire")

    monkeypatch.setattr(standings, "shown_games", broken)
    with pytest.raises(RuntimeError):
        await table.send("/classifica")

    assert table.request.sent_texts()[-1] == (
        "Qualcosa è andato storto e non ho registrato nulla. Riprova tra poco."
    )
    (record,) = [r for r in caplog.records if r.name == "bot.app"]
    assert record.getMessage() == (
        f"Error while handling update {table.last_update_id} "
        f"(chat {table.chat_id}, user 42, '/classifica')"
    )
    assert "123456:TEST" not in caplog.text


async def test_a_message_telegram_refuses_is_still_answered(table: Table) -> None:
    await table.send("/nuova Anna Bruno")
    await table.send("/mano Anna 3 Bruno 12")
    table.request.refusing["sendPhoto"] = "Bad Request: PHOTO_INVALID_DIMENSIONS"

    with pytest.raises(BadRequest):
        await table.send("/grafico")

    assert table.request.sent_texts()[-1] == (
        "Qualcosa è andato storto e non ho registrato nulla. Riprova tra poco."
    )
