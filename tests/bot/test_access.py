"""Who may undo and fix: everyone by default; only the group's admins when the chat says so."""

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest
from sqlalchemy.ext.asyncio import AsyncSession

from tests.bot.conftest import StartBot, Table

ADMIN, MEMBER = 1, 2
ADMINS_ONLY = (
    "In questo gruppo annullare, correggere, chiudere una partita e il tres sex spettano agli "
    "amministratori: chiedi a uno di loro. Non ho cambiato nulla."
)


async def test_by_default_anyone_undoes_and_fixes(table: Table) -> None:
    await table.send("/nuova Anna Bruno", user=MEMBER)
    await table.send("/mano Anna 3 Bruno 12", user=MEMBER)
    assert (await table.send("/correggi 1 Anna 3 Bruno 20", user=MEMBER))[0].startswith("Mano 1")
    assert (await table.send("/annulla", user=MEMBER))[0].startswith("Ho annullato la mano 1")
    assert "Annullare, correggere, chiudere, tres sex: tutti (predefinito).\n" in (
        await table.reply("/impostazioni")
    )
    # Nobody asked Telegram who the admins are.
    assert not [name for name, _ in table.request.calls if name == "getChatMember"]


async def test_an_admins_only_chat_refuses_members_and_changes_nothing(table: Table) -> None:
    table.request.admins.add(ADMIN)
    assert await table.send("/impostazioni admin=sì", user=MEMBER) == [
        "Solo un amministratore del gruppo può decidere chi annulla e corregge. "
        "Non ho cambiato nulla."
    ]
    (changed,) = await table.send("/impostazioni admin=si", user=ADMIN)
    assert "Annullare, correggere, chiudere, tres sex: solo gli amministratori del gruppo.\n" in (
        changed
    )
    await table.send("/nuova Anna Bruno", user=MEMBER)
    hand = table.update("/mano Anna 3 Bruno 12", user=MEMBER)
    await table.deliver(hand)  # recording hands stays open to everyone
    before = await table.dump()

    for command in ("/annulla", "/correggi 1 Anna 3 Bruno 20", "/fine", "/tresei"):
        assert await table.send(command, user=MEMBER) == [ADMINS_ONLY], command
    assert await table.deliver(table.edit(hand, "/mano Anna 3 Bruno 40")) == [ADMINS_ONLY]
    assert await table.send("/impostazioni admin=no", user=MEMBER) == [
        "Solo un amministratore del gruppo può decidere chi annulla e corregge. "
        "Non ho cambiato nulla."
    ]
    assert await table.dump() == before

    assert (await table.send("/annulla", user=ADMIN))[0].startswith("Ho annullato la mano 1")
    assert (await table.send("/impostazioni admin=no", user=ADMIN))[0].startswith("Fatto.")
    assert (await table.send("/fine", user=MEMBER))[0].startswith("Partita chiusa.")


async def test_an_unclear_admin_setting_is_explained(table: Table) -> None:
    assert await table.reply("/impostazioni admin=forse") == (
        "«admin=forse»: scrivi admin=sì oppure admin=no."
    )


# --- Two instances at once: the setting that counts is the one under the chat lock -----------

ADMIN_SETTING_FOR_ADMINS = (
    "Solo un amministratore del gruppo può decidere chi annulla e corregge. Non ho cambiato nulla."
)
ONLY_ADMINS = "Annullare, correggere, chiudere, tres sex: solo gli amministratori del gruppo.\n"


class Pause:
    """An instance stopped after its first read outside a transaction (where it looks at the
    chat's settings before taking the lock) until ``go_on`` is set: what another instance does
    meanwhile is the race of two messages a few milliseconds apart."""

    def __init__(self, table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
        self.reached, self.go_on = asyncio.Event(), asyncio.Event()
        db = table.app.bot_data.db
        reading = db.reading

        @asynccontextmanager
        async def paused() -> AsyncIterator[AsyncSession]:
            async with reading() as session:
                yield session
            monkeypatch.setattr(db, "reading", reading)  # once
            self.reached.set()
            await self.go_on.wait()

        monkeypatch.setattr(db, "reading", paused)

    async def meanwhile(self, slow: asyncio.Task[list[str]], table: Table, command: str) -> None:
        """``table``'s instance handles the admin's ``command`` while ``slow`` is paused."""
        await self.reached.wait()
        assert not slow.done()
        await table.send(command, user=ADMIN)
        self.go_on.set()


async def test_admin_only_turned_on_a_moment_before_wins_over_a_members_admin_no(
    start_bot: StartBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with start_bot() as one, start_bot() as other:
        one.request.admins.add(ADMIN)
        other.request.admins.add(ADMIN)
        pause = Pause(other, monkeypatch)
        members_no = asyncio.create_task(other.send("/impostazioni admin=no", user=MEMBER))
        await pause.meanwhile(members_no, one, "/impostazioni admin=sì")

        assert await members_no == [ADMIN_SETTING_FOR_ADMINS]
        assert ONLY_ADMINS in await one.reply("/impostazioni")


async def test_a_members_undo_racing_admin_only_being_turned_on_is_refused(
    start_bot: StartBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with start_bot() as one, start_bot() as other:
        one.request.admins.add(ADMIN)
        await one.send("/nuova Anna Bruno", user=MEMBER)
        await one.send("/mano Anna 3 Bruno 12", user=MEMBER)
        pause = Pause(other, monkeypatch)
        undo = asyncio.create_task(other.send("/annulla", user=MEMBER))
        await pause.meanwhile(undo, one, "/impostazioni admin=sì")

        assert await undo == [ADMINS_ONLY]
        assert await one.totals() == {"Anna": 0, "Bruno": 12}
        # Asked of Telegram under the lock: the setting had been "everyone" a moment before.
        assert [p["user_id"] for n, p in other.request.calls if n == "getChatMember"] == [MEMBER]
