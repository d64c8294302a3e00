"""Telegram's limits: a group's standings asked again soon edit the last standings message
(while nothing else came after it: tests/bot/test_replies.py); at the bot's overall pace a
hand is answered before the other groups' read-only answers waiting."""

import asyncio
import json
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar, cast

import pytest
from sqlalchemy import update
from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Update
from telegram.error import BadRequest

from bot.app import HANDLERS, build_application
from bot.config import Secret, Settings
from bot.delivery import AnswerFirst
from bot.limits import fits_a_photo
from bot.pacing import ChangesFirst
from bot.render import Renderer
from play.tamalo import views as tamalo_views
from storage import models
from tests.bot.conftest import StartBot, Table
from tests.bot.fakes import RecordingRequest


async def test_standings_asked_again_within_a_minute_edit_the_last_ones(table: Table) -> None:
    await table.send("/nuova Anna Bruno")
    await table.send("/mano Anna 3 Bruno 12")
    await table.send("/mano Anna 20 Bruno 5")
    await table.send("/classifica")
    shown = table.request.answers[-1]
    assert isinstance(shown, dict)

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
            update(models.StandingsMessage).values(
                shown_at=datetime.now(UTC) - timedelta(minutes=2)
            )
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
    assert isinstance(app.bot.rate_limiter.inner, ChangesFirst)  # answers to a change first


#: Groups asking for the rules at once: three seconds of Telegram's 30 messages a second.
ASKING = 180


async def test_a_hand_is_answered_before_the_read_only_answers_other_groups_wait_for(
    start_bot: StartBot,
) -> None:
    # Main sent the bot's 30 messages a second first come, first served: twenty groups
    # asking /quote held back another group's hand for seconds.
    async with start_bot(paced=True) as table:
        sent = table.request.calls
        await table.send("/nuova soglia=1000 Anna Bruno")  # before: only the hand races them
        started = len(sent)
        others = [table.in_chat(table.chat_id - 1 - n) for n in range(ASKING)]
        asking = [asyncio.create_task(o.deliver(o.update("/aiuto"))) for o in others]
        for _ in range(3000):  # until a second's worth went out: the others wait
            if sum(name == "sendMessage" for name, _ in sent[started:]) >= 30:
                break
            await asyncio.sleep(0.01)

        await table.send("/mano Anna 1 Bruno 21")
        await asyncio.gather(*asking)

    order = [int(p["chat_id"]) for name, p in sent if name == "sendMessage"]
    assert sorted(order) == sorted([table.chat_id] * 2 + [o.chat_id for o in others])
    hand = order.index(table.chat_id, order.index(table.chat_id) + 1)
    # Most of the others still waiting when it was recorded are answered after it.
    assert len(order) - 1 - hand >= ASKING // 3, f"{hand} answers went before the hand"


async def test_an_unexpected_error_is_logged_with_its_chat_and_the_chat_is_told(
    table: Table, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    async def broken(*args: object) -> None:
        raise RuntimeError("the disk is on fire")

    monkeypatch.setattr(tamalo_views, "shown_games", broken)
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


# --- The largest chat the limits allow: every reply within Telegram's limits ----------------

#: Telegram's limits: a message's text, a photo's or a document's caption (in UTF-16 units),
#: a button's callback data (in bytes).
MESSAGE, CAPTION, BUTTON_DATA = 4096, 1024, 64
#: A person whose Telegram name is as long as Telegram allows, in a group with a long title.
LONG_USER, LONG_TITLE = "Ž" * 64, "Tavolo " + "ž" * 121
USER = 42
GAMES = 19  # Anna and 11 others each: 209 opponents


def seat(n: int) -> str:
    """The n-th opponent: a name as long as the bot allows (32), each one different."""
    return f"Giocatore{n:03d}" + "ò" * 20


def within_limits(calls: list[tuple[str, dict[str, Any]]]) -> list[str]:
    """What in ``calls`` goes beyond a Telegram limit (nothing, if all is well)."""

    def length(text: str) -> int:
        return len(text.encode("utf-16-le")) // 2

    beyond = []
    for name, parameters in calls:
        if length(parameters.get("text") or "") > MESSAGE:
            beyond.append(f"{name}: a text of {length(parameters['text'])}")
        if length(parameters.get("caption") or "") > CAPTION:
            beyond.append(f"{name}: a caption of {length(parameters['caption'])}")
        markup = parameters.get("reply_markup")
        keyboard = json.loads(markup) if isinstance(markup, str) else markup or {}
        for row in keyboard.get("inline_keyboard", []):
            beyond += [
                f"{name}: button data {b['callback_data']!r}"
                for b in row
                if len(b["callback_data"].encode()) > BUTTON_DATA
            ]
    return beyond


T = TypeVar("T")
#: The smallest PNG there is (1×1, white).
TINY_PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de"
    "0000000c4944415408d763f8ffff3f0005fe02fea7d6a4d80000000049454e44ae426082"
)


class Drawn(Renderer):
    """Charts drawn already, as a 1-pixel PNG: the largest chat's 20 games' charts and its
    210 players' night chart take seconds of CPU to draw, and what is judged here is each
    message's text, caption and buttons (the charts' sizes are tests/bot/test_charts.py's)."""

    async def draw(self, draw: Callable[..., T], *args: object) -> T:
        return cast(T, TINY_PNG)


async def test_every_command_in_the_largest_chat_stays_within_telegrams_limits(
    table: Table,
) -> None:
    table.app.bot_data.renderer.close()
    table.app.bot_data.renderer = Drawn(0)
    group = LongNames(table)
    for game in range(GAMES):
        others = [seat(11 * game + n) for n in range(11)]
        await group.send(f"/nuova soglia=5 Anna {' '.join(others)}")
        await group.send("/mano " + " ".join(["3"] + ["9"] * 11))  # ends at the target
    twelve = " ".join(seat(n) for n in range(11))
    commands = [
        "/start", "/regole", "/mosse", "/dicono", "/impostazioni", "/lingua",
        f"/nuova Anna {twelve}", "/mano " + " ".join(["30"] * 12) + " t=Anna",
        f"/correggi 1 {' '.join(['30'] * 12)} t=Anna", "/classifica", "/mazziere",
        f"/entra {seat(300)}", f"/esci {seat(300)}", "/grafico", "/previsione", "/serata",
        "/tavolo",
        "/stats", "/stats Anna", f"/stats {seat(5)}", "/leaderboard", "/esporta",
        "/sonoio Nessuno", "/mossa coppiona Nessuno", "/mossa coppiona Anna", "/sonoio Anna",
        "/sonoio", "/annulla", "/tresei", "/fine", "/riapri", "/rivincita",
        f"/torneo Anna {twelve}", "/tavoli", "/cartellini",
        "/fine " + seat(0), "/mano " + "x" * 3000,
        "/giudica punto=4,½,0 " + " ".join(f"{seat(n)} {cards}" for n, cards in enumerate(
            ("1,1,1", "2,2,2", "3,3,3", "5,5,5", "6,6,6", "7,7,7", "8,8,8", "0,0,½"))),
        "/quote punto=6,6 " + " ".join(f"{seat(n)} {cards}" for n, cards in enumerate(
            ("1,1", "2,2", "3,3", "5,5", "½,½", "7,7", "8,8", "0,0"))),
        "/ricarica Anna 300", "/curioso Anna", "/jackpot", "/saldo",  # Tagò's, with no night
            "/giochi",  # the points games', with no name yet
    ]  # fmt: skip
    typed = {command.split()[0].removeprefix("/") for command in commands}
    assert [names for names, _ in HANDLERS if not typed & set(names)] == []  # every command
    beyond, replies = {}, {}
    for command in commands:
        before = len(table.request.calls)
        await group.send(command)
        beyond[command[:20]] = within_limits(table.request.calls[before:])
        replies[command] = "\n".join(p.get("text", "") for p in sent(table, before))
    await group.send("/stats", private=True)
    await group.send(f"/nuova Anna {twelve}")
    await group.send("/mano")  # the hand entered with buttons: a name on each
    for _ in range(2):
        await table.press(table.last_buttons()[0], user=USER)

    assert {c: b for c, b in beyond.items() if b} == {}
    # Nothing is lost on the way: Anna's head-to-heads with all 209 opponents came, in pieces.
    assert all(seat(n) in replies["/stats Anna"] for n in range(11 * GAMES))
    assert within_limits(table.request.calls) == []
    assert "Qualcosa è andato storto" not in " ".join(table.request.sent_texts())


class LongNames:
    """Messages in the table's group, titled as long as Telegram allows, by a person whose
    name is as long as Telegram allows (or in a private chat with them)."""

    def __init__(self, table: Table) -> None:
        self.table = table

    async def send(self, text: str, *, private: bool = False) -> None:
        chat: dict[str, object] = {"id": self.table.chat_id, "type": "group", "title": LONG_TITLE}
        if private:
            chat = {"id": USER, "type": "private", "first_name": LONG_USER}
        data = self.table.update(text, user=USER).to_dict()
        data["message"] |= {"chat": chat, "from": {"id": USER, "is_bot": False,
                                                   "first_name": LONG_USER}}  # fmt: skip
        await self.table.deliver(Update.de_json(data, self.table.app.bot))


# --- The mechanism, at the limits ----------------------------------------------------------


def sent(table: Table, before: int) -> list[dict[str, Any]]:
    """The parameters of every call since the ``before``-th."""
    return [parameters for _, parameters in table.request.calls[before:]]


def filled(line: str, limit: int) -> str:
    """Lines of ``line`` and a last line of "z", exactly ``limit`` UTF-16 units in all."""
    text = "\n".join([line] * (limit // (len(line.encode("utf-16-le")) // 2 + 1) - 1))
    return text + "\n" + "z" * (limit - len(text.encode("utf-16-le")) // 2 - 1)


BUTTONS = InlineKeyboardMarkup([[InlineKeyboardButton("Ok", callback_data="ok")]])


@pytest.mark.parametrize("line", ["x" * 40, "😀" * 20])  # an emoji is two units
async def test_a_message_at_the_limit_goes_whole_and_one_character_more_in_two_pieces(
    table: Table, line: str
) -> None:
    bot, before = table.app.bot, len(table.request.calls)
    exactly = filled(line, MESSAGE)

    await bot.send_message(table.chat_id, exactly, reply_to_message_id=7, reply_markup=BUTTONS)
    [whole] = sent(table, before)
    assert (whole["text"], "reply_parameters" in whole, "reply_markup" in whole) == (
        exactly,
        True,
        True,
    )

    before = len(table.request.calls)
    await bot.send_message(table.chat_id, exactly + "\nw")
    assert [p["text"] for p in sent(table, before)] == [exactly, "w"]  # a full first piece

    before = len(table.request.calls)
    await bot.send_message(
        table.chat_id, exactly + "z", reply_to_message_id=7, reply_markup=BUTTONS
    )
    first, second = sent(table, before)
    lines, last = exactly.rsplit("\n", 1)
    assert (first["text"], second["text"]) == (lines, last + "z")  # split at the last line end
    # The first piece answers the message, the buttons come under the last.
    assert ("reply_parameters" in first, "reply_markup" in first) == (True, False)
    assert ("reply_parameters" in second, "reply_markup" in second) == (False, True)


async def test_a_line_longer_than_a_message_is_split_at_spaces(table: Table) -> None:
    words = " ".join(f"parola{n}" for n in range(1000))
    before = len(table.request.calls)

    await table.app.bot.send_message(table.chat_id, words)

    texts = [p["text"] for p in sent(table, before)]
    assert len(texts) == 3
    assert " ".join(texts) == words
    assert all(len(t) <= MESSAGE for t in texts)

    before = len(table.request.calls)
    line = " ".join(["x" * 1024] * 3 + ["x" * 1021])  # exactly the limit: one piece
    await table.app.bot.send_message(table.chat_id, f"{line}\nw")
    await table.app.bot.send_message(table.chat_id, "y" * (MESSAGE + 1))  # no space: anywhere
    assert [p["text"] for p in sent(table, before)] == [line, "w", "y" * MESSAGE, "y"]


async def test_an_edit_or_a_caption_too_long_is_cut_at_a_line_end(table: Table) -> None:
    bot, before = table.app.bot, len(table.request.calls)
    text, caption = filled("x" * 40, MESSAGE), filled("y" * 40, CAPTION)

    await bot.edit_message_text(text, chat_id=table.chat_id, message_id=1)
    await bot.edit_message_text(text + "z", chat_id=table.chat_id, message_id=1)
    await bot.send_photo(table.chat_id, b"\x89PNG", caption=caption)
    await bot.send_document(table.chat_id, b"a,b", filename="t.csv", caption=caption + "z")

    edit, cut, photo, document = sent(table, before)
    assert (edit["text"], photo["caption"]) == (text, caption)  # at the limit: whole
    assert cut["text"] == text.rsplit("\n", 1)[0] + "\n…"  # the last line gives way to "…"
    assert document["caption"] == caption.rsplit("\n", 1)[0] + "\n…"


def png_of(width: int, height: int) -> bytes:
    """A PNG's signature and header chunk: all Telegram's limits read."""
    header = width.to_bytes(4, "big") + height.to_bytes(4, "big") + bytes([8, 2, 0, 0, 0])
    return b"\x89PNG\r\n\x1a\n" + len(header).to_bytes(4, "big") + b"IHDR" + header + b"\0" * 4


def test_a_photo_fits_telegrams_limits_up_to_10000_pixels_and_a_ratio_of_20() -> None:
    assert fits_a_photo(png_of(1280, 8720))  # width and height together: exactly 10,000
    assert not fits_a_photo(png_of(1280, 8721))
    assert fits_a_photo(png_of(400, 8000))  # exactly 20 times as tall as wide
    assert not fits_a_photo(png_of(399, 8000))
    assert fits_a_photo(png_of(8000, 400))
    assert not fits_a_photo(png_of(8000, 399))
    assert not fits_a_photo(png_of(100, 100) + b"\0" * (10 * 1024 * 1024))  # over 10 MB


async def test_a_chart_too_tall_for_a_photo_is_sent_as_a_file(table: Table) -> None:
    """The night chart of 210 players is 1280 × 16,391: Telegram refuses it as a photo (and
    the chat would read that something went wrong); as a document it opens whole."""
    bot, before = table.app.bot, len(table.request.calls)

    await bot.send_photo(table.chat_id, png_of(1280, 16_391), caption="Serata")
    await bot.send_photo(table.chat_id, png_of(1280, 900), caption="Partita")

    calls = table.request.calls[before:]
    assert [name for name, _ in calls] == ["sendDocument", "sendPhoto"]
    assert [parameters["caption"] for _, parameters in calls] == ["Serata", "Partita"]
