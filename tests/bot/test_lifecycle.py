"""A chat's life: upgraded to a supergroup, or the bot removed, nothing of its history is lost;
and no chat, private ones included, ever sees another chat's games."""

from typing import Any

from telegram import Update

from tests.bot.conftest import Table
from tests.bot.fakes import BOT_USER

SUPERGROUP = -100_999_888


def service(table: Table, chat_id: int, **fields: Any) -> Update:
    """A service message Telegram sends in ``chat_id`` (no text, no command)."""
    number = next(table._ids)
    message = {
        "message_id": number,
        "date": 1_700_000_000,
        "chat": {
            "id": chat_id,
            "type": "supergroup" if chat_id == SUPERGROUP else "group",
            "title": "Tavolo",
        },
        "from": {"id": 42, "is_bot": False, "first_name": "Anna"},
        **fields,
    }
    return Update.de_json({"update_id": number, "message": message}, table.app.bot)


async def upgrade(table: Table) -> Table:
    """The group becomes a supergroup: Telegram tells the old chat and the new one."""
    await table.deliver(service(table, table.chat_id, migrate_to_chat_id=SUPERGROUP))
    await table.deliver(service(table, SUPERGROUP, migrate_from_chat_id=table.chat_id))
    return table.in_chat(SUPERGROUP)


async def test_a_group_upgraded_to_a_supergroup_keeps_its_games(table: Table) -> None:
    await table.send("/impostazioni fuso=Europe/London")
    await table.send("/nuova soglia=30 Anna Bruno")
    await table.send("/mano Anna 3 Bruno 40")  # Anna wins the first game
    await table.send("/nuova Anna Bruno Carlo")
    await table.send("/mano Anna 10 Bruno 20 Carlo 30")
    standings = await table.reply("/classifica")
    board = await table.reply("/classifica generale")
    anna = await table.reply("/stats Anna")

    supergroup = await upgrade(table)

    assert await supergroup.reply("/classifica") == standings
    assert await supergroup.reply("/classifica generale") == board
    assert await supergroup.reply("/stats Anna") == anna
    assert "Fuso orario: Europe/London." in await supergroup.reply("/impostazioni")
    assert (await supergroup.reply("/mano Anna 1 Bruno 2 Carlo 3")).startswith("Mano 2:")
    assert await table.reply("/classifica") == (
        "In questa chat non si è ancora giocato. Iniziate con /nuova Anna Bruno Carlo."
    )


async def test_a_supergroup_used_before_the_move_merges_the_histories(table: Table) -> None:
    supergroup = table.in_chat(SUPERGROUP)
    both = ["/nuova soglia=30 Anna Bruno", "/mano Anna 3 Bruno 40"]
    await supergroup.send(both[0])
    await supergroup.send(both[1])
    await table.send(both[0])
    await table.send(both[1])
    played_together = table.in_chat(-1)
    for command in both + both:
        await played_together.send(command)

    await upgrade(table)

    assert await supergroup.reply("/classifica generale") == (
        await played_together.reply("/classifica generale")
    )
    assert "Partite finite: 2 · vittorie: 2" in await supergroup.reply("/stats Anna")


async def test_a_removed_bot_keeps_the_groups_history(table: Table) -> None:
    await table.send("/nuova Anna Bruno")
    await table.send("/mano Anna 3 Bruno 40")
    before = await table.dump()
    assert await table.deliver(service(table, table.chat_id, left_chat_member=BOT_USER)) == []
    assert await table.dump() == before
    assert (await table.reply("/classifica")).startswith("Classifica dopo 1 mano")


async def test_a_private_chat_never_sees_a_groups_games(table: Table) -> None:
    await table.send("/nuova Anna Bruno")
    await table.send("/mano Anna 3 Bruno 40")
    await table.close()
    private = table.in_chat(42)  # Anna writes to the bot directly
    assert await private.reply("/classifica") == (
        "In questa chat non si è ancora giocato. Iniziate con /nuova Anna Bruno Carlo."
    )
    assert await private.reply("/stats Anna") == (
        "Nessun giocatore «Anna» in questa chat: qui non si è ancora giocato."
    )
    assert await private.reply("/classifica generale") == (
        "Nessuna partita finita in questa chat: la classifica generale comincia con la prima."
    )
    assert await private.reply("/mano Anna 1 Bruno 2") == (
        "Nessuna partita in corso. Iniziane una con /nuova Anna Bruno Carlo."
    )
