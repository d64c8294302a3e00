"""Who may undo and fix: everyone by default; only the group's admins when the chat says so."""

from tests.bot.conftest import Table

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
    assert (await table.close(user=MEMBER))[0].startswith("Partita chiusa.")


async def test_an_unclear_admin_setting_is_explained(table: Table) -> None:
    assert await table.reply("/impostazioni admin=forse") == (
        "«admin=forse»: scrivi admin=sì oppure admin=no."
    )
